import { toStrictJsonSchema } from '../json-schema.js';
import type { DestructurableToolCall, ToolCall } from '../tool-call.js';
import type { ToolDefinition } from '../tool-definition.js';
import type { FormatToolsOptions, OpenAIFunctionTool, OpenAIToolCallItem } from '../tool-wire.js';
import {
  argumentsJson,
  buildToolCall,
  isRecord,
  openAIFunctionTool,
  records,
  schemaOf,
} from '../tool-wire-helpers.js';

/*
 * OpenAI Chat Completions: tools are `{type:'function', function:{name, description,
 * parameters}}`; calls are `choices[0].message.tool_calls[]` with JSON-string arguments.
 */

export function formatTools(
  tools: readonly ToolDefinition[],
  options: FormatToolsOptions,
): OpenAIFunctionTool[] {
  return tools.map((tool) =>
    options.strict
      ? openAIFunctionTool(tool, toStrictJsonSchema(schemaOf(tool)), true)
      : openAIFunctionTool(tool, schemaOf(tool)),
  );
}

/** The assistant message of `choices[0]`, or undefined. */
export function replyMessage(body: unknown): Record<string, unknown> | undefined {
  if (!isRecord(body) || !Array.isArray(body.choices)) return undefined;
  const choice = body.choices[0];
  return isRecord(choice) && isRecord(choice.message) ? choice.message : undefined;
}

export function locateToolCalls(body: unknown): unknown[] {
  return records(replyMessage(body)?.tool_calls);
}

export function toolCallFrom(raw: unknown): DestructurableToolCall | undefined {
  if (!isRecord(raw) || !isRecord(raw.function)) return undefined;
  return buildToolCall('openai', raw, {
    id: raw.id,
    name: raw.function.name,
    rawArguments: raw.function.arguments,
  });
}

export function formatToolCall(call: ToolCall): OpenAIToolCallItem {
  return {
    id: call.id,
    type: 'function',
    function: { name: call.name, arguments: argumentsJson(call) },
  };
}
