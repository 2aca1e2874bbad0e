// OpenAI's strict structured-output schema rules (Chat Completions `response_format` and
// Responses `text.format` with `strict: true`), as documented at
// https://platform.openai.com/docs/guides/structured-outputs#supported-schemas: the root is an
// object (not `anyOf`); every object has `additionalProperties: false` and lists every property
// in `required` (an optional one becomes nullable); composition keywords beyond `anyOf` are not
// supported; at most 5000 properties and 10 levels of nesting; at most 1000 enum values.
// The preflight rules (`preflight/structured-rules.ts`) check the same facts on the body.
import { toStrictJsonSchema } from '@crosswire/core';
import { isRecord, type JsonObject } from '../support/json.js';

/** Keywords strict mode cannot express: a schema with one falls back to `strict: false`. */
export const STRICT_UNSUPPORTED_KEYWORDS: readonly string[] = Object.freeze([
  'allOf',
  'not',
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'patternProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'propertyNames',
  'contains',
]);

/**
 * Constraint keywords strict mode does not take; they are dropped from the sent schema (the
 * reply is still validated against the caller's schema, which keeps them).
 */
export const STRICT_DROPPED_KEYWORDS: readonly string[] = Object.freeze([
  'minLength',
  'maxLength',
  'minProperties',
  'maxProperties',
  'minContains',
  'maxContains',
  'uniqueItems',
  'default',
]);

/** The string formats strict mode documents; any other `format` is dropped. */
export const STRICT_FORMATS: readonly string[] = Object.freeze([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);

export const STRICT_MAX_PROPERTIES = 5000;
export const STRICT_MAX_DEPTH = 10;
export const STRICT_MAX_ENUM_VALUES = 1000;

/** Why a schema cannot be made strict (empty when it can). */
export function strictObstacles(schema: JsonObject): string[] {
  const reasons: string[] = [];
  if (schema.type !== 'object' || schema.anyOf !== undefined) {
    reasons.push('the root schema must be an object (type "object", not anyOf)');
  }
  let properties = 0;
  const visit = (node: unknown, path: string, depth: number) => {
    if (Array.isArray(node)) {
      node.forEach((inner, index) => {
        visit(inner, `${path}[${index}]`, depth);
      });
      return;
    }
    if (!isRecord(node)) return;
    if (depth > STRICT_MAX_DEPTH) {
      reasons.push(`${path}: nested deeper than ${STRICT_MAX_DEPTH} levels`);
      return;
    }
    for (const keyword of STRICT_UNSUPPORTED_KEYWORDS) {
      if (node[keyword] !== undefined) reasons.push(`${path}: '${keyword}' is not supported`);
    }
    const extra = node.additionalProperties;
    if (extra !== undefined && extra !== false) {
      reasons.push(`${path}: additionalProperties other than false (a map) cannot be strict`);
    }
    if (Array.isArray(node.enum) && node.enum.length > STRICT_MAX_ENUM_VALUES) {
      reasons.push(`${path}: more than ${STRICT_MAX_ENUM_VALUES} enum values`);
    }
    if (isRecord(node.properties)) {
      properties += Object.keys(node.properties).length;
      for (const [name, inner] of Object.entries(node.properties))
        visit(inner, `${path}.properties.${name}`, depth + 1);
    }
    if (node.items !== undefined) visit(node.items, `${path}.items`, depth + 1);
    for (const key of ['anyOf', 'prefixItems'] as const)
      if (Array.isArray(node[key])) visit(node[key], `${path}.${key}`, depth);
    for (const key of ['$defs', 'definitions'] as const) {
      const defs = node[key];
      if (isRecord(defs))
        for (const [name, inner] of Object.entries(defs)) visit(inner, `${path}.${key}.${name}`, 1);
    }
  };
  visit(schema, '$', 1);
  if (properties > STRICT_MAX_PROPERTIES) {
    reasons.push(`more than ${STRICT_MAX_PROPERTIES} properties in all`);
  }
  return reasons;
}

function dropKeywords(node: unknown): unknown {
  return withoutKeywords(
    node,
    (key, value) =>
      STRICT_DROPPED_KEYWORDS.includes(key) ||
      (key === 'format' && typeof value === 'string' && !STRICT_FORMATS.includes(value)),
  );
}

/**
 * Constraint keywords Anthropic's `output_config.format` does not take (numeric and string
 * constraints, array bounds other than `minItems` 0 or 1); dropped from the sent schema, the
 * reply still validated against the caller's schema. Source:
 * https://platform.claude.com/docs/en/build-with-claude/structured-outputs (JSON Schema limitations).
 */
export const ANTHROPIC_DROPPED_KEYWORDS: readonly string[] = Object.freeze([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'maxItems',
  'uniqueItems',
]);

/** `schema` without the keywords Anthropic's structured outputs refuse. */
export function anthropicOutputSchema(schema: JsonObject): JsonObject {
  return withoutKeywords(
    schema,
    (key, value) =>
      ANTHROPIC_DROPPED_KEYWORDS.includes(key) ||
      (key === 'minItems' && typeof value === 'number' && value > 1),
  ) as JsonObject;
}

/** `node` with the keywords `drop` names removed from every schema position. */
function withoutKeywords(node: unknown, drop: (key: string, value: unknown) => boolean): unknown {
  if (Array.isArray(node)) return node.map((inner) => withoutKeywords(inner, drop));
  if (!isRecord(node)) return node;
  const again = (inner: unknown) => withoutKeywords(inner, drop);
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (drop(key, value)) continue;
    if ((key === 'properties' || key === '$defs' || key === 'definitions') && isRecord(value)) {
      const inner: JsonObject = {};
      for (const [name, child] of Object.entries(value)) setOwn(inner, name, again(child));
      result[key] = inner;
    } else if (key === 'oneOf') {
      // Strict mode documents `anyOf` only; a `oneOf` of distinct shapes reads the same.
      setOwn(result, node.anyOf === undefined ? 'anyOf' : key, again(value));
    } else if (key === 'items' || key === 'anyOf' || key === 'allOf' || key === 'prefixItems') {
      result[key] = again(value);
    } else {
      setOwn(result, key, value);
    }
  }
  return result;
}

/** What {@link strictOutputSchema} gives: the strict schema, or why there is none. */
export type StrictSchemaResult =
  | { readonly strict: true; readonly schema: JsonObject }
  | { readonly strict: false; readonly reasons: readonly string[] };

/**
 * `schema` made acceptable to OpenAI strict mode (every object closed, every property
 * required, optional ones nullable, `oneOf` read as `anyOf`, unsupported constraint keywords
 * and formats dropped), or the reasons it cannot be.
 */
export function strictOutputSchema(schema: JsonObject): StrictSchemaResult {
  const reasons = strictObstacles(schema);
  if (reasons.length > 0) return { strict: false, reasons };
  return { strict: true, schema: toStrictJsonSchema(dropKeywords(schema) as JsonObject) };
}

/** Sets an own key; unlike assignment, `__proto__` stays a plain key. */
function setOwn(target: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function allowsNull(schema: unknown): boolean {
  if (!isRecord(schema)) return true;
  if (schema.type === 'null') return true;
  if (Array.isArray(schema.type)) return schema.type.includes('null');
  if (Array.isArray(schema.enum)) return schema.enum.includes(null);
  if ('const' in schema) return schema.const === null;
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[key])) return schema[key].some(allowsNull);
  }
  return schema.type === undefined && schema.$ref === undefined;
}

/**
 * `value` with the `null`s strict mode sends for an optional property left out again: a
 * property that `schema` does not require and whose own schema does not allow `null`, where
 * the value is `null`, is removed (in nested objects and array items too). Other values are
 * kept as they are. Bounded by the value's size.
 */
export function withoutStrictNulls(value: unknown, schema: unknown): unknown {
  if (!isRecord(schema)) return value;
  if (Array.isArray(value)) {
    return schema.items === undefined
      ? value
      : value.map((item) => withoutStrictNulls(item, schema.items));
  }
  if (!isRecord(value) || !isRecord(schema.properties)) return value;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const result: JsonObject = {};
  for (const [name, inner] of Object.entries(value)) {
    const property = Object.hasOwn(schema.properties, name) ? schema.properties[name] : undefined;
    if (inner === null && property !== undefined && !required.has(name) && !allowsNull(property))
      continue;
    setOwn(result, name, property === undefined ? inner : withoutStrictNulls(inner, property));
  }
  return result;
}
