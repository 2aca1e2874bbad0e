import * as z from 'zod/mini';
import { deepFreeze } from './deep-freeze.js';
import { ValidationError } from './errors.js';
import { isRecord } from './is-record.js';
import { schemaReferenceProblem } from './schema-references.js';
import type { WarningHandler } from './warnings.js';
import { englishIssues } from './zod-messages.js';

/** A JSON Schema object as tools carry it (`inputSchema`, `parameters`, `input_schema`). */
export type JsonSchema = { [key: string]: unknown };

/** The JSON Schema of a tool's arguments: an object schema, as MCP requires. */
export interface ToolInputSchema {
  readonly type: 'object';
  readonly properties?: Readonly<Record<string, unknown>>;
  readonly required?: readonly string[];
  readonly [key: string]: unknown;
}

/** MCP tool annotations (hints for clients; no wire sends them to a model). */
export interface ToolAnnotations {
  readonly title?: string;
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
  readonly idempotentHint?: boolean;
  readonly openWorldHint?: boolean;
  readonly [key: string]: unknown;
}

/**
 * A tool definition as an MCP server lists it (`tools/list`), validated and frozen.
 * `title`, `annotations`, `outputSchema` and `_meta` are kept for callers; the wires send
 * only name, description and the input schema.
 */
export interface ToolDefinition {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema: ToolInputSchema;
  readonly outputSchema?: ToolInputSchema;
  readonly annotations?: ToolAnnotations;
  readonly _meta?: Readonly<Record<string, unknown>>;
  readonly [key: string]: unknown;
}

/**
 * What {@link parseToolDefinition} and `formatTools` accept: an MCP `Tool` (the SDK's type
 * is assignable), with `inputSchema` optional (missing means "no arguments") and its
 * `type` optional (missing means `object`).
 */
export interface ToolDefinitionInput {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  // `type` is a plain string here so a schema read from JSON needs no cast; anything but
  // 'object' is refused at run time with the path of the field.
  readonly inputSchema?: { readonly type?: string; readonly [key: string]: unknown } | null;
  readonly outputSchema?: { readonly type?: string; readonly [key: string]: unknown };
  readonly annotations?: { readonly [key: string]: unknown };
  readonly _meta?: { readonly [key: string]: unknown };
  readonly [key: string]: unknown;
}

const ObjectSchemaSchema = z.looseObject({
  type: z.literal('object', { error: "must be 'object' (a tool takes an object of arguments)" }),
  properties: z.optional(z.record(z.string(), z.unknown())),
  required: z.optional(z.array(z.string())),
});

/** The zod schema of a tool definition after defaults (`inputSchema` present, type `object`). */
export const ToolDefinitionSchema = z.looseObject({
  name: z.string().check(z.minLength(1, { error: 'must be a non-empty string' })),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  inputSchema: ObjectSchemaSchema,
  outputSchema: z.optional(ObjectSchemaSchema),
  annotations: z.optional(z.looseObject({})),
  _meta: z.optional(z.record(z.string(), z.unknown())),
});

/** A deep copy of a JSON-like value (keeps the caller's object out of our frozen values). */
function cloneJson<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => cloneJson(item)) as T;
  if (isRecord(value)) {
    const copy: Record<string, unknown> = {};
    // defineProperty, not assignment: a "__proto__" key from JSON stays a plain key.
    for (const [key, inner] of Object.entries(value)) {
      Object.defineProperty(copy, key, {
        value: cloneJson(inner),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return copy as T;
  }
  return value;
}

/** The deepest tool schema accepted (objects and arrays nested in each other). */
export const MAX_SCHEMA_DEPTH = 100;

/** True when `value` nests objects or arrays more than `limit` deep; iterative, stops early. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [node, depth] = next;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

/** A value as JSON for a message, cut at 100 characters. */
function shortJson(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 100 ? `${text.slice(0, 100)}...` : text;
}

/** The definitions {@link parseToolDefinition} returned (frozen, so they stay valid). */
const PARSED = new WeakSet<object>();

export interface ParseToolOptions {
  /** Path prefix for error messages, e.g. `tools[2]`. */
  readonly path?: string;
  /**
   * @deprecated Nothing is told any more: a tool name a wire refuses no longer warns
   * (`tool_name_not_portable` is gone). The engine sends each name in the wire's legal form
   * (`ToolNameMap` of @crosswire/dialects), and `preflight` refuses a body built with one.
   */
  readonly onWarning?: WarningHandler;
}

/**
 * Validates one MCP tool definition and returns a deep-frozen copy with defaults applied:
 * a missing `inputSchema` becomes `{ type: 'object', properties: {} }`, a missing schema
 * `type` becomes `object` (in the copy: `input` is neither changed nor frozen). Throws {@link ValidationError} naming the bad field
 * (`tools[1].inputSchema.type`).
 */
export function parseToolDefinition(
  input: unknown,
  options: ParseToolOptions = {},
): ToolDefinition {
  // A definition this function returned is deep-frozen and valid: no need to check it again
  // (the tool loop formats the same tools on every request).
  if (typeof input === 'object' && input !== null && PARSED.has(input)) {
    return input as ToolDefinition;
  }
  const prefix = options.path ?? 'tool';
  if (!isRecord(input)) {
    throw new ValidationError(`${prefix}: a tool definition must be an object`, { path: prefix });
  }
  const schema = input.inputSchema;
  let inputSchema: unknown = schema;
  if (schema === undefined || schema === null) inputSchema = { type: 'object', properties: {} };
  else if (isRecord(schema) && schema.type === undefined)
    inputSchema = { type: 'object', ...schema };
  if (nestsDeeperThan(inputSchema, MAX_SCHEMA_DEPTH)) {
    // Checked without recursion before anything recursive (zod, the copy) walks the schema:
    // a schema from an MCP server is untrusted input.
    throw new ValidationError(
      `${prefix}.inputSchema: nests deeper than ${MAX_SCHEMA_DEPTH} levels, more than any tool's parameters need`,
      { path: `${prefix}.inputSchema`, code: 'tool_schema_too_deep' },
    );
  }
  const problem = schemaReferenceProblem(inputSchema);
  if (problem !== undefined) {
    // Refused here, once, so no wire's converter meets it: each would fail its own way (a
    // URIError, an endless inlining) or send a schema the provider refuses.
    const at = `${prefix}.inputSchema${problem.path.slice(1)}`;
    throw new ValidationError(`${at}: ${shortJson(problem.reference)} ${problem.reason}`, {
      path: at,
      code: 'invalid_tool_definition',
    });
  }
  const parsed = ToolDefinitionSchema.safeParse({ ...input, inputSchema }, englishIssues);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = [prefix, ...(issue?.path ?? [])]
      .map((part, index) =>
        typeof part === 'number' ? `[${part}]` : index ? `.${String(part)}` : String(part),
      )
      .join('');
    throw new ValidationError(`${at}: ${issue?.message ?? 'invalid tool definition'}`, {
      path: at,
      code: 'invalid_tool_definition',
    });
  }
  // Built from the input, not zod's output, so the schema keeps its key order.
  const tool = cloneJson({ ...input, inputSchema }) as ToolDefinition;
  const frozen = deepFreeze(tool);
  PARSED.add(frozen);
  return frozen;
}

/**
 * Validates a list of tool definitions ({@link parseToolDefinition} each) and refuses a
 * name given twice, which every provider rejects.
 */
export function parseToolDefinitions(
  input: readonly unknown[],
  options: Omit<ParseToolOptions, 'path'> = {},
): readonly ToolDefinition[] {
  if (!Array.isArray(input)) {
    throw new ValidationError('tools must be an array of tool definitions', { path: 'tools' });
  }
  const seen = new Set<string>();
  const tools = input.map((item, index) => {
    const tool = parseToolDefinition(item, { ...options, path: `tools[${index}]` });
    if (seen.has(tool.name)) {
      throw new ValidationError(`tools[${index}].name: duplicate tool name '${tool.name}'`, {
        path: `tools[${index}].name`,
        code: 'duplicate_tool_name',
      });
    }
    seen.add(tool.name);
    return tool;
  });
  return Object.freeze(tools);
}
