import type { DestructurableToolCall, ToolCall } from '../tool-call.js';
import type { ToolDefinition } from '../tool-definition.js';
import type { FormatToolsOptions, OllamaTool, OllamaToolCallItem } from '../tool-wire.js';
import {
  argumentsObject,
  buildToolCall,
  describe,
  isRecord,
  records,
  schemaOf,
} from '../tool-wire-helpers.js';

/*
 * Ollama `/api/chat`: tools in the OpenAI function form (no `strict`); calls are
 * `message.tool_calls[]` with object arguments (an OpenAI-style JSON string is decoded
 * too) and an `id` on recent servers.
 */

export function formatTools(
  tools: readonly ToolDefinition[],
  _options: FormatToolsOptions,
): OllamaTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, ...describe(tool), parameters: schemaOf(tool) },
  }));
}

export function locateToolCalls(body: unknown): unknown[] {
  if (!isRecord(body) || !isRecord(body.message)) return [];
  return records(body.message.tool_calls);
}

export function toolCallFrom(raw: unknown): DestructurableToolCall | undefined {
  if (!isRecord(raw) || !isRecord(raw.function)) return undefined;
  return buildToolCall('ollama', raw, {
    id: raw.id,
    name: raw.function.name,
    rawArguments: raw.function.arguments,
  });
}

export function formatToolCall(call: ToolCall): OllamaToolCallItem {
  return {
    function: { name: call.name, arguments: argumentsObject(call) },
    ...(call.id === '' ? {} : { id: call.id }),
  };
}
