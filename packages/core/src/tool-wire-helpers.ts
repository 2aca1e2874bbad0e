import { isRecord } from './is-record.js';
import { stripSchemaDialect } from './json-schema.js';
import {
  type DestructurableToolCall,
  decodeToolArguments,
  sealToolCall,
  type ToolCall,
} from './tool-call.js';
import type { JsonSchema, ToolDefinition } from './tool-definition.js';
import type { OpenAIFunctionTool } from './tool-wire.js';
import type { WireFormat } from './wire-format.js';

export { isRecord };

/* Helpers the wire files share. Not part of the public API. */

/**
 * A copy of a tool's input schema as a plain mutable object, without the keywords that name
 * the schema dialect (`$schema`, `$id`, `$comment`, which MCP SDK servers emit): no provider
 * reads them, every wire pays for them in prompt tokens, and strict endpoints reject them.
 */
export function schemaOf(tool: ToolDefinition): JsonSchema {
  const schema = stripSchemaDialect(structuredClone(tool.inputSchema) as JsonSchema);
  addMissingItems(schema);
  return schema;
}

const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const SUBSCHEMA_MAPS = ['properties', '$defs', 'definitions', 'patternProperties'] as const;

function saysArray(type: unknown): boolean {
  return type === 'array' || (Array.isArray(type) && type.includes('array'));
}

/**
 * Gives every array schema without `items` the permissive `items: {}` (in place, on our copy).
 * OpenAI, Responses and Gemini refuse an array without `items` ("array schema missing items"),
 * which many MCP servers send; `{}` accepts what the array held before.
 */
function addMissingItems(schema: unknown): void {
  if (!isRecord(schema)) return;
  if (saysArray(schema.type) && schema.items === undefined) schema.items = {};
  if (isRecord(schema.items)) addMissingItems(schema.items);
  else if (Array.isArray(schema.items)) for (const inner of schema.items) addMissingItems(inner);
  if (isRecord(schema.additionalProperties)) addMissingItems(schema.additionalProperties);
  for (const key of SUBSCHEMA_MAPS) {
    const map = schema[key];
    if (isRecord(map)) for (const inner of Object.values(map)) addMissingItems(inner);
  }
  for (const key of SUBSCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list)) for (const inner of list) addMissingItems(inner);
  }
}

/** The description key only when the tool has one (no wire needs an empty one). */
export function describe(tool: ToolDefinition): { description?: string } {
  return tool.description === undefined ? {} : { description: tool.description };
}

/** The OpenAI Chat Completions function tool of a definition. */
export function openAIFunctionTool(
  tool: ToolDefinition,
  parameters: JsonSchema,
  strict?: boolean,
): OpenAIFunctionTool {
  return {
    type: 'function',
    function: {
      name: tool.name,
      ...describe(tool),
      parameters,
      ...(strict === undefined ? {} : { strict }),
    },
  };
}

/** A frozen ToolCall, or undefined when `name` is not a non-empty string (not a call). */
export function buildToolCall(
  wire: WireFormat,
  raw: unknown,
  fields: { id: unknown; name: unknown; rawArguments: unknown },
): DestructurableToolCall | undefined {
  if (typeof fields.name !== 'string' || fields.name === '') return undefined;
  const decoded = decodeToolArguments(fields.rawArguments);
  return sealToolCall({
    id: typeof fields.id === 'string' ? fields.id : '',
    name: fields.name,
    arguments: decoded.arguments,
    rawArguments: fields.rawArguments,
    argumentsUndecodable: decoded.undecodable,
    argumentsError: decoded.error,
    wire,
    raw,
  });
}

/**
 * The arguments of a call as a JSON string: the raw string when it did not decode (so
 * the echo shows the model what it sent), else the encoded object.
 */
export function argumentsJson(call: ToolCall): string {
  if (call.argumentsUndecodable && typeof call.rawArguments === 'string') return call.rawArguments;
  return JSON.stringify(call.arguments);
}

/** The arguments of a call as a plain mutable object copy. */
export function argumentsObject(call: ToolCall): Record<string, unknown> {
  return structuredClone(call.arguments) as Record<string, unknown>;
}

/** The objects of `list` that are records, in order. */
export function records(list: unknown): Record<string, unknown>[] {
  return Array.isArray(list) ? list.filter(isRecord) : [];
}
