// OpenAI's strict structured-output schema rules (Chat Completions `response_format` and
// Responses `text.format` with `strict: true`), as documented at
// https://platform.openai.com/docs/guides/structured-outputs#supported-schemas: the root is an
// object (not `anyOf`); every object has `additionalProperties: false` and lists every property
// in `required` (an optional one becomes nullable); composition keywords beyond `anyOf` are not
// supported; the size limits hold across the whole schema (see `strictObstacles`).
// The preflight rules (`preflight/structured-rules.ts`) check the same facts on the body.
import { resolveSchemaReference, toStrictJsonSchema } from '@crosswire/core';
import { isRecord, type JsonObject, setOwn } from '../support/json.js';
import { forEachSchemaNode } from './schema-nodes.js';

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
/** Enum values across the whole schema. */
export const STRICT_MAX_ENUM_VALUES = 1000;
/** An enum of more string values than this has {@link STRICT_MAX_LARGE_ENUM_CHARS} characters at most. */
export const STRICT_LARGE_ENUM_VALUES = 250;
export const STRICT_MAX_LARGE_ENUM_CHARS = 15_000;
/** Characters of every property name, definition name, enum value and const value together. */
export const STRICT_MAX_SCHEMA_CHARS = 120_000;

/** The keys that let a node go without `type` in strict mode. */
const TYPE_STANDINS = ['type', 'anyOf', 'oneOf', '$ref', 'enum', 'const', 'allOf', 'not'];

function keyChars(map: unknown): number {
  if (!isRecord(map)) return 0;
  let chars = 0;
  for (const name of Object.keys(map)) chars += name.length;
  return chars;
}

/**
 * Why a schema cannot be made strict (empty when it can). OpenAI's limits hold across the whole
 * schema, not per node (https://platform.openai.com/docs/guides/structured-outputs#supported-schemas,
 * "Objects have limitations on nesting depth and size"): 5,000 properties, 10 levels, 1,000
 * enum values in all; 15,000 characters for the values of one enum of more than 250 string
 * values; 120,000 characters of property names, definition names, enum and const values. A
 * node without a type (`items: {}`) is refused too ("schema must have a 'type' key",
 * can1357/oh-my-pi#211), as is an array without `items` ("array schema missing items").
 */
export function strictObstacles(schema: JsonObject): string[] {
  const reasons: string[] = [];
  if (schema.type !== 'object' || schema.anyOf !== undefined) {
    reasons.push('the root schema must be an object (type "object", not anyOf)');
  }
  let properties = 0;
  let enumValues = 0;
  let chars = 0;
  let tooDeep: string | undefined;
  forEachSchemaNode(schema, (node, path, depth) => {
    if (depth > STRICT_MAX_DEPTH) {
      tooDeep ??= path;
      return;
    }
    for (const keyword of STRICT_UNSUPPORTED_KEYWORDS) {
      if (node[keyword] !== undefined) reasons.push(`${path}: '${keyword}' is not supported`);
    }
    const extra = node.additionalProperties;
    if (extra !== undefined && extra !== false) {
      reasons.push(`${path}: additionalProperties other than false (a map) cannot be strict`);
    }
    if (!TYPE_STANDINS.some((key) => node[key] !== undefined)) {
      reasons.push(`${path}: schema must have a 'type' key`);
    }
    const type = node.type;
    if (
      (type === 'array' || (Array.isArray(type) && type.includes('array'))) &&
      node.items === undefined
    ) {
      reasons.push(`${path}: array schema missing items`);
    }
    if (isRecord(node.properties)) {
      properties += Object.keys(node.properties).length;
      chars += keyChars(node.properties);
    }
    chars += keyChars(node.$defs) + keyChars(node.definitions);
    if (typeof node.const === 'string') chars += node.const.length;
    if (Array.isArray(node.enum)) {
      enumValues += node.enum.length;
      let enumChars = 0;
      let allStrings = true;
      for (const value of node.enum) {
        if (typeof value === 'string') enumChars += value.length;
        else allStrings = false;
      }
      chars += enumChars;
      if (
        allStrings &&
        node.enum.length > STRICT_LARGE_ENUM_VALUES &&
        enumChars > STRICT_MAX_LARGE_ENUM_CHARS
      ) {
        reasons.push(
          `${path}: an enum of more than ${STRICT_LARGE_ENUM_VALUES} values has ${enumChars} characters (at most ${STRICT_MAX_LARGE_ENUM_CHARS})`,
        );
      }
    }
  });
  if (tooDeep !== undefined)
    reasons.push(`${tooDeep}: nested deeper than ${STRICT_MAX_DEPTH} levels`);
  if (properties > STRICT_MAX_PROPERTIES) {
    reasons.push(`more than ${STRICT_MAX_PROPERTIES} properties in all`);
  }
  if (enumValues > STRICT_MAX_ENUM_VALUES) {
    reasons.push(`${enumValues} enum values in all (at most ${STRICT_MAX_ENUM_VALUES})`);
  }
  if (chars > STRICT_MAX_SCHEMA_CHARS) {
    reasons.push(
      `${chars} characters of property names, definition names, enum and const values in all (at most ${STRICT_MAX_SCHEMA_CHARS})`,
    );
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
 * and formats dropped), or the reasons it cannot be. A copy: `schema` itself is not changed.
 */
export function strictOutputSchema(schema: JsonObject): StrictSchemaResult {
  const reasons = strictObstacles(schema);
  if (reasons.length > 0) return { strict: false, reasons };
  return { strict: true, schema: toStrictJsonSchema(dropKeywords(schema) as JsonObject) };
}

/** The most `$ref`s followed in a row: a longer chain (or a cycle) stops where it is. */
const MAX_REFERENCE_HOPS = 32;

/**
 * The schema `schema` stands for inside `root`: the target of its `$ref` (and of that target's,
 * and so on), or `schema` itself. A reference that does not resolve stops the chain there.
 */
function followed(schema: unknown, root: unknown): unknown {
  let node = schema;
  for (let hops = 0; hops < MAX_REFERENCE_HOPS; hops++) {
    if (!isRecord(node) || typeof node.$ref !== 'string') return node;
    const resolved = resolveSchemaReference(root, node.$ref);
    if (!resolved.found) return node;
    node = resolved.target;
  }
  return node;
}

/**
 * Whether `given` takes `null`. `seen` holds the schemas on the way (a union that names itself
 * through a `$ref`, `{ anyOf: [{ $ref: '#/$defs/a' }] }` as `a`, ends instead of recursing).
 */
function allowsNull(given: unknown, root: unknown, seen = new Set<object>()): boolean {
  const schema = followed(given, root);
  if (!isRecord(schema)) return true;
  if (seen.has(schema)) return false;
  seen.add(schema);
  if (schema.type === 'null') return true;
  if (Array.isArray(schema.type)) return schema.type.includes('null');
  if (Array.isArray(schema.enum)) return schema.enum.includes(null);
  if ('const' in schema) return schema.const === null;
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(schema[key])) {
      return schema[key].some((branch) => allowsNull(branch, root, seen));
    }
  }
  return schema.type === undefined && schema.$ref === undefined;
}

/**
 * `value` with the `null`s strict mode sends for an optional property left out again: a
 * property that `schema` does not require and whose own schema does not allow `null`, where
 * the value is `null`, is removed (in nested objects and array items too). Other values are
 * kept as they are. A `$ref` inside the schema (`#/$defs/address`) is followed to what it names.
 * Bounded by the value's size. A copy: `value` itself is not changed.
 */
export function withoutStrictNulls(value: unknown, schema: unknown): unknown {
  return withoutNulls(value, schema, schema);
}

function withoutNulls(value: unknown, given: unknown, root: unknown): unknown {
  const schema = followed(given, root);
  if (!isRecord(schema)) return value;
  if (Array.isArray(value)) {
    return schema.items === undefined
      ? value
      : value.map((item) => withoutNulls(item, schema.items, root));
  }
  if (!isRecord(value) || !isRecord(schema.properties)) return value;
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const result: JsonObject = {};
  for (const [name, inner] of Object.entries(value)) {
    const property = Object.hasOwn(schema.properties, name) ? schema.properties[name] : undefined;
    if (
      inner === null &&
      property !== undefined &&
      !required.has(name) &&
      !allowsNull(property, root)
    )
      continue;
    setOwn(result, name, property === undefined ? inner : withoutNulls(inner, property, root));
  }
  return result;
}
