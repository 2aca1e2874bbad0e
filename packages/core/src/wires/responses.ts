import { UnsupportedToolCallError } from '../errors.js';
import { toStrictJsonSchema } from '../json-schema.js';
import type { DestructurableToolCall, ToolCall } from '../tool-call.js';
import type { ToolDefinition } from '../tool-definition.js';
import type {
  FormatToolsOptions,
  ResponsesFunctionCallItem,
  ResponsesFunctionTool,
} from '../tool-wire.js';
import {
  argumentsJson,
  buildToolCall,
  describe,
  isRecord,
  records,
  schemaOf,
} from '../tool-wire-helpers.js';

/*
 * OpenAI Responses: tools are flat `{type:'function', name, description, parameters,
 * strict}`; calls are the `function_call` items of `output[]` (also inside a `message`
 * item's content), answered by `call_id`. Server-side call items (web_search_call,
 * mcp_call, ...) were already run by the provider and are not located.
 */

/**
 * Output items the client must answer and a function-tool loop cannot. Skipping one would
 * end the turn as if the model were done, so locating a reply that has one throws.
 */
export const CLIENT_ACTION_ITEMS: Readonly<Record<string, string>> = {
  custom_tool_call: 'a custom tool call',
  computer_call: 'a computer-use action',
  local_shell_call: 'a local shell command',
  shell_call: 'a shell command',
  apply_patch_call: 'a patch to apply',
  mcp_approval_request: "an MCP approval request; send the mcp tool with require_approval 'never'",
};

export function formatTools(
  tools: readonly ToolDefinition[],
  options: FormatToolsOptions,
): ResponsesFunctionTool[] {
  // Sent as `strict: false` by default: the Responses API treats a missing `strict` as
  // true, which 400s on any schema with an optional property.
  const strict = options.strict === true;
  return tools.map((tool) => ({
    type: 'function',
    name: tool.name,
    ...describe(tool),
    parameters: strict ? toStrictJsonSchema(schemaOf(tool)) : schemaOf(tool),
    strict,
  }));
}

function refuseClientItem(item: Record<string, unknown>): void {
  const type = typeof item.type === 'string' ? item.type : '';
  const what = Object.hasOwn(CLIENT_ACTION_ITEMS, type) ? CLIENT_ACTION_ITEMS[type] : undefined;
  if (what === undefined) return;
  throw new UnsupportedToolCallError(
    `the reply contains a '${type}' output item (${what}) that the client must answer, and only function calls are supported; refusing to end the turn as if the model were done`,
    type,
  );
}

export function locateToolCalls(body: unknown): unknown[] {
  if (!isRecord(body)) return [];
  const calls: unknown[] = [];
  for (const item of records(body.output)) {
    refuseClientItem(item);
    if (item.type === 'function_call') calls.push(item);
    else if (item.type === 'message') {
      calls.push(...records(item.content).filter((part) => part.type === 'function_call'));
    }
  }
  return calls;
}

export function toolCallFrom(raw: unknown): DestructurableToolCall | undefined {
  // A located call may come without `type`; only a present, different type is refused.
  if (!isRecord(raw) || (raw.type !== undefined && raw.type !== 'function_call')) return undefined;
  return buildToolCall('responses', raw, {
    id: raw.call_id,
    name: raw.name,
    rawArguments: raw.arguments,
  });
}

export function formatToolCall(call: ToolCall): ResponsesFunctionCallItem {
  // The item id of a call located in a Responses reply (`fc_...`); a raw `id` of another wire
  // (an OpenAI `call_...`) is no Responses item id, and the API refuses it as one.
  const itemId =
    call.wire === 'responses' && isRecord(call.raw) && typeof call.raw.id === 'string'
      ? call.raw.id
      : undefined;
  return {
    type: 'function_call',
    call_id: call.id,
    name: call.name,
    arguments: argumentsJson(call),
    ...(itemId === undefined ? {} : { id: itemId }),
  };
}
