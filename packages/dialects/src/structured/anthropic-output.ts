// Anthropic structured output: which schemas `output_config.format` refuses (so the request
// goes in the tool form instead), the string formats it keeps, and the tool form's own rules
// (a tool name of its own, an object root).
import { isDeeplyFrozen, toClosedJsonSchema } from '@crosswire/core';
import { isRecord, type JsonObject } from '../support/json.js';
import { forEachSchemaNode, mapSchemaNodes, SUBSCHEMA_KEYS } from './schema-nodes.js';
import { anthropicOutputSchema } from './strict.js';

/** Optional properties `output_config.format` takes across the whole schema. */
export const ANTHROPIC_MAX_OPTIONAL_PROPERTIES = 24;
/** Properties with a union type (`anyOf`, a type array) across the whole schema. */
export const ANTHROPIC_MAX_UNION_PROPERTIES = 16;

/**
 * The string formats `output_config.format` keeps: the list `@anthropic-ai/sdk`'s
 * `transformJSONSchema` keeps (lib/transform-json-schema.js `SUPPORTED_STRING_FORMATS`); any
 * other `format` is dropped from the sent schema (the reply is still validated against it).
 */
export const ANTHROPIC_STRING_FORMATS: readonly string[] = Object.freeze([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'uri',
  'ipv4',
  'ipv6',
  'uuid',
]);

/** Why `output_config.format` would refuse a schema: the rule and what in the schema breaks it. */
export interface AnthropicFormatObstacle {
  readonly rule: string;
  readonly reason: string;
}

/** The names of the definitions a `$ref` points into (`#/$defs/a`, `#/definitions/a`), or `#`. */
function refTarget(ref: unknown): string | undefined {
  if (typeof ref !== 'string') return undefined;
  if (ref === '#') return '#';
  const match = /^#\/(?:\$defs|definitions)\/([^/]+)$/.exec(ref);
  return match?.[1]?.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** The `$ref` targets under `node`, without entering nested definitions (they are nodes of their own). */
function refsUnder(node: unknown, out: Set<string>): void {
  if (!isRecord(node)) return;
  const target = refTarget(node.$ref);
  if (target !== undefined) out.add(target);
  for (const key of Object.keys(node)) {
    if (key === '$defs' || key === 'definitions') continue;
    const kind = SUBSCHEMA_KEYS.get(key);
    const inner = node[key];
    if (kind === 'one') refsUnder(inner, out);
    else if (kind === 'map' && isRecord(inner))
      for (const child of Object.values(inner)) refsUnder(child, out);
    else if (kind === 'list' && Array.isArray(inner))
      for (const child of inner) refsUnder(child, out);
  }
}

/** The first definition on a `$ref` cycle reachable from the root (`#` for the root itself). */
function referenceCycle(schema: JsonObject): string | undefined {
  const definitions: JsonObject = {
    ...(isRecord(schema.definitions) ? schema.definitions : {}),
    ...(isRecord(schema.$defs) ? schema.$defs : {}),
  };
  const edges = new Map<string, Set<string>>();
  const targetsOf = (name: string): Set<string> => {
    let found = edges.get(name);
    if (found === undefined) {
      found = new Set();
      refsUnder(name === '#' ? schema : definitions[name], found);
      edges.set(name, found);
    }
    return found;
  };
  // Depth-first with an explicit stack: a hostile chain of definitions cannot overflow it.
  const state = new Map<string, 'open' | 'done'>();
  const stack: { name: string; next: Iterator<string> }[] = [
    { name: '#', next: targetsOf('#').values() },
  ];
  state.set('#', 'open');
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { name: string; next: Iterator<string> };
    const step = top.next.next();
    if (step.done) {
      state.set(top.name, 'done');
      stack.pop();
      continue;
    }
    const target = step.value;
    if (target !== '#' && !Object.hasOwn(definitions, target)) continue;
    const seen = state.get(target);
    if (seen === 'open') return target;
    if (seen === 'done') continue;
    state.set(target, 'open');
    stack.push({ name: target, next: targetsOf(target).values() });
  }
  return undefined;
}

function isUnion(schema: unknown): boolean {
  if (!isRecord(schema)) return false;
  return (
    Array.isArray(schema.anyOf) ||
    Array.isArray(schema.oneOf) ||
    (Array.isArray(schema.type) && schema.type.length > 1)
  );
}

const OBSTACLES = new WeakMap<object, readonly AnthropicFormatObstacle[]>();

/**
 * Why `output_config.format` would refuse `schema` (empty when it takes it), each with its rule
 * in the preflight catalogue: a recursive schema ("Circular reference detected in schema
 * definitions", egonSchiele/agency-lang#487), more than 24 optional properties in all ("Schemas
 * contains too many optional parameters", elie222/inbox-zero#2323), more than 16 properties with
 * a union type, an enum with an object or array value. Remembered per deeply frozen schema
 * object (the engine sends the same frozen schema on every turn); any other is read afresh.
 */
export function anthropicFormatObstacles(schema: JsonObject): readonly AnthropicFormatObstacle[] {
  const known = OBSTACLES.get(schema);
  if (known !== undefined) return known;
  const found: AnthropicFormatObstacle[] = [];
  const cycle = referenceCycle(schema);
  if (cycle !== undefined) {
    found.push({
      rule: 'anthropic-output-format-recursive',
      reason: `the schema is recursive (a $ref cycle through ${cycle === '#' ? 'the root' : `"${cycle}"`})`,
    });
  }
  let optional = 0;
  let unions = 0;
  const objectEnums: string[] = [];
  forEachSchemaNode(schema, (node, path) => {
    if (isRecord(node.properties)) {
      const required = new Set(Array.isArray(node.required) ? node.required : []);
      for (const [name, property] of Object.entries(node.properties)) {
        if (!required.has(name)) optional += 1;
        if (isUnion(property)) unions += 1;
      }
    }
    if (
      Array.isArray(node.enum) &&
      node.enum.some((value) => typeof value === 'object' && value !== null)
    ) {
      objectEnums.push(path);
    }
  });
  if (optional > ANTHROPIC_MAX_OPTIONAL_PROPERTIES) {
    found.push({
      rule: 'anthropic-output-format-optional',
      reason: `${optional} optional properties in all (at most ${ANTHROPIC_MAX_OPTIONAL_PROPERTIES})`,
    });
  }
  if (unions > ANTHROPIC_MAX_UNION_PROPERTIES) {
    found.push({
      rule: 'anthropic-output-format-unions',
      reason: `${unions} properties with a union type in all (at most ${ANTHROPIC_MAX_UNION_PROPERTIES})`,
    });
  }
  if (objectEnums.length > 0) {
    found.push({
      rule: 'anthropic-output-format-enum',
      reason: `an enum with an object or array value at ${objectEnums.join(', ')}`,
    });
  }
  const frozen = Object.freeze(found);
  if (isDeeplyFrozen(schema)) OBSTACLES.set(schema, frozen);
  return frozen;
}

/**
 * The synthetic tool's name: `name`, unless one of the request's tools already has it ("tools:
 * Tool names must be unique.", danny-avila/LibreChat#13162); then `name_output`, `name_output_2`...
 * the first one free. Anthropic takes names of up to 128 characters and `name` has at most 64.
 */
export function outputToolName(name: string, taken: readonly string[]): string {
  if (!taken.includes(name)) return name;
  for (let round = 1; ; round++) {
    const candidate = round === 1 ? `${name}_output` : `${name}_output_${round}`;
    if (!taken.includes(candidate)) return candidate;
  }
}

/** The property a non-object root rides in, in the tool form. */
export const WRAPPED_ROOT_PROPERTY = 'value';

/**
 * True when a tool `input_schema` cannot carry `schema` as it is: the root must be an object
 * (`input_schema.type: Input should be 'object'`) with no union at the top ("input_schema does
 * not support oneOf, allOf, or anyOf at the top level", anthropics/claude-code#5319).
 */
export function wrapsRoot(schema: JsonObject): boolean {
  const isObject =
    schema.type === 'object' || (schema.type === undefined && isRecord(schema.properties));
  return (
    !isObject ||
    schema.anyOf !== undefined ||
    schema.oneOf !== undefined ||
    schema.allOf !== undefined
  );
}

/**
 * `schema` as an object with one required property, {@link WRAPPED_ROOT_PROPERTY}, holding it;
 * its definitions move up to the new root, where their `#/$defs/...` references point.
 */
export function wrappedRootSchema(schema: JsonObject): JsonObject {
  const { $defs, definitions, $schema: _dialect, $id: _id, ...inner } = schema;
  return {
    type: 'object',
    properties: { [WRAPPED_ROOT_PROPERTY]: inner },
    required: [WRAPPED_ROOT_PROPERTY],
    additionalProperties: false,
    ...($defs === undefined ? {} : { $defs }),
    ...(definitions === undefined ? {} : { definitions }),
  };
}

/**
 * `schema` as `output_config.format` takes it: every object closed (`additionalProperties:
 * false`), the keywords its JSON Schema limitations list dropped (numeric and string bounds,
 * array bounds other than `minItems` 0 or 1) and any string `format` outside
 * {@link ANTHROPIC_STRING_FORMATS}; `droppedFormats` says where a format went.
 */
export function anthropicNativeSchema(schema: JsonObject): {
  readonly schema: JsonObject;
  readonly droppedFormats: readonly string[];
} {
  const known = NATIVE.get(schema);
  if (known !== undefined) return known;
  const droppedFormats: string[] = [];
  const kept = mapSchemaNodes(schema, (node, path) => {
    if (typeof node.format !== 'string' || ANTHROPIC_STRING_FORMATS.includes(node.format))
      return node;
    droppedFormats.push(`${path} (${node.format})`);
    const { format: _format, ...rest } = node;
    return rest;
  }) as JsonObject;
  const made = { schema: toClosedJsonSchema(anthropicOutputSchema(kept)), droppedFormats };
  if (isDeeplyFrozen(schema)) NATIVE.set(schema, made);
  return made;
}

// What each deeply frozen output schema object became (the engine sends the same frozen schema
// on every turn); a schema that is not frozen may have changed since, and is read afresh.
const NATIVE = new WeakMap<
  object,
  { readonly schema: JsonObject; readonly droppedFormats: readonly string[] }
>();
