import { ValidationError } from './errors.js';
import { isRecord } from './is-record.js';
import { resolveSchemaReference, schemaReferenceProblem } from './schema-references.js';
import type { JsonSchema } from './tool-definition.js';
import { emitWarning, type WarningHandler } from './warnings.js';

/*
 * JSON Schema clean-ups some wires need before a tool's input schema can go out.
 */

/** Sets an own key; unlike assignment, `__proto__` stays a plain key. */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/**
 * The keywords of Gemini's `Schema` object (the OpenAPI 3.0 subset `functionDeclarations[].
 * parameters` takes, ai.google.dev/api/caching#Schema). Everything else is dropped: the API
 * answers 400 "Invalid JSON payload received. Unknown name" for keywords it does not know,
 * `$schema` and `additionalProperties` (which MCP SDK servers emit) among them.
 */
export const GEMINI_SCHEMA_KEYWORDS = [
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
] as const;

const geminiKeywords = new Set<string>(GEMINI_SCHEMA_KEYWORDS);

/** The `format` values Gemini accepts, per type; other formats are dropped. */
const GEMINI_FORMATS: Readonly<Record<string, readonly string[]>> = {
  string: ['enum', 'date-time'],
  integer: ['int32', 'int64'],
  number: ['float', 'double'],
};

export interface SchemaCleanupOptions {
  /** Told once per clean-up that loses meaning (`schema_keyword_dropped`, `schema_ref_cycle`). */
  readonly onWarning?: WarningHandler;
}

interface GeminiContext {
  readonly root: Record<string, unknown>;
  readonly resolving: Set<string>;
  readonly dropped: Set<string>;
  /** The references cut as cycles (told in one warning per schema). */
  readonly cycles: Set<string>;
  readonly onWarning: WarningHandler | undefined;
  /** Schema nodes written so far, and the most the schema may become (inlined `$ref`s grow it). */
  nodes: number;
  readonly maxNodes: number;
}

/**
 * How many times its own node count a schema may grow to when Gemini's conversion inlines its
 * `$ref`s: chained `$defs` double at every link (24 links made 2.2 KB into 495 MB), and a tool
 * schema comes from an untrusted MCP server.
 */
export const GEMINI_SCHEMA_MAX_GROWTH = 100;

function countNodes(node: unknown): number {
  if (Array.isArray(node)) return node.reduce<number>((sum, item) => sum + countNodes(item), 0);
  if (!isRecord(node)) return 0;
  let count = 1;
  for (const value of Object.values(node)) count += countNodes(value);
  return count;
}

function mergeAllOf(members: readonly unknown[]): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  const properties: Record<string, unknown> = {};
  const required = new Set<string>();
  for (const member of members) {
    if (!isRecord(member)) continue;
    for (const [key, value] of Object.entries(member)) {
      if (key === 'properties' && isRecord(value)) Object.assign(properties, value);
      else if (key === 'required' && Array.isArray(value)) {
        for (const name of value) if (typeof name === 'string') required.add(name);
      } else if (!Object.hasOwn(merged, key)) setOwn(merged, key, value);
    }
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  return merged;
}

function geminiNode(node: unknown, context: GeminiContext): Record<string, unknown> {
  // `true` / `{}` mean "anything"; Gemini has no such schema, an untyped object is closest.
  if (!isRecord(node)) return {};
  context.nodes++;
  if (context.nodes > context.maxNodes) {
    throw new ValidationError(
      `tool schema refused for gemini: inlining its $refs makes it more than ${GEMINI_SCHEMA_MAX_GROWTH} times its size (${context.maxNodes} schema nodes); send it as parametersJsonSchema (geminiSchemaField), which keeps $defs, or flatten it`,
      { code: 'gemini_schema_too_large', path: 'inputSchema' },
    );
  }
  let schema = node;
  if (typeof schema.$ref === 'string') {
    const reference = schema.$ref;
    if (context.resolving.has(reference)) {
      context.cycles.add(reference);
      return { type: 'object' };
    }
    // Every reference was checked to resolve before the walk (see toGeminiSchema).
    const resolved = resolveSchemaReference(context.root, reference);
    const target = resolved.found ? resolved.target : undefined;
    const { $ref: _reference, ...siblings } = schema;
    context.resolving.add(reference);
    try {
      const resolved = geminiNode(target, context);
      return { ...resolved, ...geminiNode(siblings, context) };
    } finally {
      context.resolving.delete(reference);
    }
  }
  if (Array.isArray(schema.allOf)) {
    const { allOf, ...rest } = schema;
    schema = mergeAllOf([rest, ...allOf]);
  }
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    switch (key) {
      case 'type':
        if (Array.isArray(value)) {
          const types = value.filter((type) => type !== 'null');
          if (types.length < value.length) result.nullable = true;
          if (types.length === 1) result.type = types[0];
          else if (types.length > 1) result.anyOf = types.map((type) => ({ type }));
        } else if (value !== 'null') result.type = value;
        else result.nullable = true;
        break;
      case 'properties':
        if (isRecord(value)) {
          result.properties = Object.fromEntries(
            Object.entries(value).map(([name, inner]) => [name, geminiNode(inner, context)]),
          );
        }
        break;
      case 'items':
        // A tuple (`items: [...]`) has no Gemini form; its first member is the nearest.
        result.items = geminiNode(Array.isArray(value) ? value[0] : value, context);
        break;
      case 'anyOf':
      case 'oneOf':
        if (Array.isArray(value)) {
          const members = value.filter((member) => !(isRecord(member) && member.type === 'null'));
          if (members.length < value.length) result.nullable = true;
          if (members.length === 1) Object.assign(result, geminiNode(members[0], context));
          else if (members.length > 1) {
            result.anyOf = members.map((member) => geminiNode(member, context));
          }
        }
        break;
      case 'const':
        result.enum = [value];
        break;
      case 'enum':
        if (Array.isArray(value)) result.enum = value;
        break;
      default:
        if (geminiKeywords.has(key)) result[key] = value;
        else context.dropped.add(key);
    }
  }
  if (Array.isArray(result.enum)) {
    // Gemini enums are strings only; a numeric or mixed enum cannot be said there.
    if (result.enum.every((item) => typeof item === 'string')) {
      if (result.type === undefined) result.type = 'string';
    } else {
      delete result.enum;
      context.dropped.add('enum');
    }
  }
  if (typeof result.format === 'string') {
    const allowed = GEMINI_FORMATS[String(result.type)] ?? [];
    if (!allowed.includes(result.format)) {
      delete result.format;
      context.dropped.add('format');
    }
  }
  if (Array.isArray(result.required) && isRecord(result.properties)) {
    const names = result.properties;
    result.required = result.required.filter(
      (name) => typeof name === 'string' && Object.hasOwn(names, name),
    );
  } else if (Array.isArray(result.required)) {
    delete result.required;
  }
  return result;
}

/**
 * Turns a tool's JSON Schema into Gemini's `Schema` (the OpenAPI 3.0 subset that
 * `functionDeclarations[].parameters` accepts): local `$ref`s are inlined (a cycle is cut
 * and warned), `allOf` is merged, `oneOf` becomes `anyOf`, `type: [T, 'null']` and a
 * `null` member of `anyOf` become `nullable: true`, `const` becomes a one-value `enum`,
 * non-string enums and formats Gemini does not know are dropped, `required` keeps only
 * declared properties, and every keyword outside {@link GEMINI_SCHEMA_KEYWORDS} is
 * removed (one `schema_keyword_dropped` warning names them, except the always-safe
 * `$schema`, `$id`, `$comment`, `$defs`, `definitions`, `additionalProperties`).
 *
 * Returns `undefined` for an object schema with no properties: Gemini rejects an OBJECT
 * parameter schema whose `properties` is empty, and a function without parameters is
 * declared by leaving `parameters` out. `schema` itself is not changed.
 */
export function toGeminiSchema(
  schema: JsonSchema,
  options: SchemaCleanupOptions = {},
): JsonSchema | undefined {
  const problem = schemaReferenceProblem(schema);
  if (problem !== undefined) {
    throw new ValidationError(
      `tool schema refused for gemini: the $ref at ${problem.path} ${problem.reason}`,
      { code: 'invalid_tool_definition', path: `inputSchema${problem.path.slice(1)}` },
    );
  }
  const context: GeminiContext = {
    root: schema,
    resolving: new Set(),
    dropped: new Set(),
    cycles: new Set(),
    onWarning: options.onWarning,
    nodes: 0,
    maxNodes: Math.max(1000, GEMINI_SCHEMA_MAX_GROWTH * countNodes(schema)),
  };
  const result = geminiNode(schema, context);
  if (context.cycles.size > 0) {
    const references = [...context.cycles].sort();
    emitWarning(options.onWarning, {
      code: 'schema_ref_cycle',
      message: `recursive schema reference${references.length > 1 ? 's' : ''} ${references.map((reference) => `'${reference}'`).join(', ')} cut for gemini (sent as an untyped object)`,
      details:
        references.length > 1
          ? { reference: references[0], references }
          : { reference: references[0] },
    });
  }
  const silent = ['$schema', '$id', '$comment', '$defs', 'definitions', 'additionalProperties'];
  const lost = [...context.dropped].filter((key) => !silent.includes(key)).sort();
  if (lost.length > 0) {
    emitWarning(options.onWarning, {
      code: 'schema_keyword_dropped',
      message: `gemini takes no ${lost.map((key) => `'${key}'`).join(', ')} in a tool schema; dropped`,
      details: { keywords: lost },
    });
  }
  const properties = result.properties;
  if (
    (result.type === 'object' || result.type === undefined) &&
    (!isRecord(properties) || Object.keys(properties).length === 0) &&
    result.anyOf === undefined
  ) {
    return undefined;
  }
  return result;
}

/**
 * Removes the keywords that name the schema dialect (`$schema`, `$id`, `$comment`) from
 * the top of a schema; they cost tokens and no provider reads them. Returns a copy: `schema`
 * itself is not changed.
 */
export function stripSchemaDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, $comment: _comment, ...rest } = schema;
  return rest;
}

function strictNode(node: unknown, closeOnly: boolean): unknown {
  if (Array.isArray(node)) return node.map((item) => strictNode(item, closeOnly));
  if (!isRecord(node)) return node;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && isRecord(value)) {
      result.properties = Object.fromEntries(
        Object.entries(value).map(([name, inner]) => [name, strictNode(inner, closeOnly)]),
      );
    } else if (key === 'items') {
      result.items = strictNode(value, closeOnly);
    } else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(value)) {
      result[key] = value.map((inner) => strictNode(inner, closeOnly));
    } else if ((key === '$defs' || key === 'definitions') && isRecord(value)) {
      result[key] = Object.fromEntries(
        Object.entries(value).map(([name, inner]) => [name, strictNode(inner, closeOnly)]),
      );
    } else {
      setOwn(result, key, value);
    }
  }
  const isObject = result.type === 'object' || isRecord(result.properties);
  if (!isObject) return result;
  result.additionalProperties = false;
  if (closeOnly) return result;
  const properties = isRecord(result.properties) ? result.properties : {};
  result.properties = properties;
  const required = new Set(
    Array.isArray(result.required) ? result.required.filter((n) => typeof n === 'string') : [],
  );
  for (const [name, inner] of Object.entries(properties)) {
    // Strict mode wants every property required; an optional one may instead be null.
    if (!required.has(name)) properties[name] = nullable(inner);
  }
  result.required = Object.keys(properties);
  return result;
}

function nullable(input: unknown): unknown {
  if (!isRecord(input)) return input;
  // An enum lists every allowed value, so null must join it too.
  const schema =
    Array.isArray(input.enum) && !input.enum.includes(null)
      ? { ...input, enum: [...input.enum, null] }
      : input;
  if (typeof schema.type === 'string') {
    return schema.type === 'null' ? schema : { ...schema, type: [schema.type, 'null'] };
  }
  if (Array.isArray(schema.type)) {
    return schema.type.includes('null') ? schema : { ...schema, type: [...schema.type, 'null'] };
  }
  return { anyOf: [schema, { type: 'null' }] };
}

/**
 * The schema OpenAI strict function calling accepts (`strict: true`): every object gets
 * `additionalProperties: false` and lists all its properties in `required`, and a property
 * that was optional becomes nullable, so the model can still leave it out by sending
 * `null`. `$schema` and friends are removed from the top. Returns a copy: `schema` itself is
 * not changed.
 */
export function toStrictJsonSchema(schema: JsonSchema): JsonSchema {
  return strictNode(stripSchemaDialect(schema), false) as JsonSchema;
}

/**
 * The schema Anthropic strict tool use accepts: every object schema closed with
 * `additionalProperties: false`; optional properties stay optional. Returns a copy: `schema`
 * itself is not changed.
 */
export function toClosedJsonSchema(schema: JsonSchema): JsonSchema {
  return strictNode(stripSchemaDialect(schema), true) as JsonSchema;
}
