// A walk over the subschemas of a JSON Schema, shared by the output-schema repairs and checks:
// which keys hold one subschema, a map of them, or a list of them.
import { isRecord, type JsonObject, setOwn } from '../support/json.js';

const ONE = [
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
];
const MAPS = ['properties', '$defs', 'definitions', 'patternProperties', 'dependentSchemas'];
const LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];

/** How a key holds subschemas. */
export const SUBSCHEMA_KEYS: ReadonlyMap<string, 'one' | 'map' | 'list'> = new Map([
  ...ONE.map((key) => [key, 'one'] as const),
  ...MAPS.map((key) => [key, 'map'] as const),
  ...LISTS.map((key) => [key, 'list'] as const),
]);

/** A dotted path to a subschema: `$.properties.tags.items`. */
function childPath(path: string, key: string, name?: string | number): string {
  if (name === undefined) return `${path}.${key}`;
  return typeof name === 'number' ? `${path}.${key}[${name}]` : `${path}.${key}.${name}`;
}

/**
 * Calls `visit` on `schema` and every subschema under it, depth first, with its path (`$` the
 * root) and how deep it is in objects and arrays (`properties`, `items`: one level each; `$defs`
 * start again at 1).
 */
export function forEachSchemaNode(
  schema: unknown,
  visit: (node: JsonObject, path: string, depth: number, parentKey: string | undefined) => void,
  path = '$',
  depth = 1,
  parentKey: string | undefined = undefined,
): void {
  if (!isRecord(schema)) return;
  visit(schema, path, depth, parentKey);
  for (const key of Object.keys(schema)) {
    const kind = SUBSCHEMA_KEYS.get(key);
    const inner = schema[key];
    if (kind === 'one') {
      forEachSchemaNode(inner, visit, childPath(path, key), depth + 1, key);
    } else if (kind === 'map' && isRecord(inner)) {
      const next = key === '$defs' || key === 'definitions' ? 1 : depth + 1;
      for (const name of Object.keys(inner))
        forEachSchemaNode(inner[name], visit, childPath(path, key, name), next, key);
    } else if (kind === 'list' && Array.isArray(inner)) {
      inner.forEach((child, index) => {
        forEachSchemaNode(child, visit, childPath(path, key, index), depth, key);
      });
    }
  }
}

/**
 * `schema` with `change` applied to every node, bottom up, copying only along the paths where a
 * node changed (`change` returns the node itself when it has nothing to change).
 */
export function mapSchemaNodes(
  schema: unknown,
  change: (node: JsonObject, path: string) => JsonObject,
  path = '$',
): unknown {
  if (!isRecord(schema)) return schema;
  let copy: JsonObject | undefined;
  const replace = (key: string, value: unknown) => {
    copy ??= { ...schema };
    setOwn(copy, key, value);
  };
  for (const key of Object.keys(schema)) {
    const kind = SUBSCHEMA_KEYS.get(key);
    const inner = schema[key];
    if (kind === 'one') {
      const next = mapSchemaNodes(inner, change, childPath(path, key));
      if (next !== inner) replace(key, next);
    } else if (kind === 'map' && isRecord(inner)) {
      let map: JsonObject | undefined;
      for (const name of Object.keys(inner)) {
        const next = mapSchemaNodes(inner[name], change, childPath(path, key, name));
        if (next !== inner[name]) {
          map ??= { ...inner };
          setOwn(map, name, next);
        }
      }
      if (map) replace(key, map);
    } else if (kind === 'list' && Array.isArray(inner)) {
      const next = inner.map((child, index) =>
        mapSchemaNodes(child, change, childPath(path, key, index)),
      );
      if (next.some((child, index) => child !== inner[index])) replace(key, next);
    }
  }
  return change(copy ?? schema, path);
}

/** True when a schema's `type` says array (`'array'`, Gemini's `'ARRAY'`, or a list holding one). */
export function saysArray(type: unknown): boolean {
  if (typeof type === 'string') return type.toLowerCase() === 'array';
  return Array.isArray(type) && type.some(saysArray);
}

/**
 * Every array schema without `items` given the permissive `items: {}`: OpenAI, Responses and
 * Gemini's `responseSchema` refuse an array without `items` ("array schema missing items"), and
 * `{}` accepts what the array held before (the reply is validated against the caller's schema).
 */
export function withArrayItems(schema: JsonObject): { schema: JsonObject; repaired: string[] } {
  const repaired: string[] = [];
  const out = mapSchemaNodes(schema, (node, path) => {
    if (!saysArray(node.type) || node.items !== undefined) return node;
    repaired.push(path);
    return { ...node, items: {} };
  }) as JsonObject;
  return { schema: out, repaired };
}
