import { toClosedJsonSchema } from '../json-schema.js';
import type { DestructurableToolCall, ToolCall } from '../tool-call.js';
import type { ToolDefinition } from '../tool-definition.js';
import type { AnthropicTool, AnthropicToolUseBlock, FormatToolsOptions } from '../tool-wire.js';
import {
  argumentsObject,
  buildToolCall,
  describe,
  isRecord,
  records,
  schemaOf,
} from '../tool-wire-helpers.js';

/*
 * Anthropic Messages: tools are `{name, description, input_schema}`; calls are the
 * `tool_use` blocks of `content[]`, with an object `input` (some /anthropic shims send a
 * JSON string, which is decoded too).
 */

export function formatTools(
  tools: readonly ToolDefinition[],
  options: FormatToolsOptions,
): AnthropicTool[] {
  return tools.map((tool) => {
    const schema = options.strict ? toClosedJsonSchema(schemaOf(tool)) : schemaOf(tool);
    return {
      name: tool.name,
      ...describe(tool),
      input_schema: { ...schema, type: 'object' },
      ...(options.strict ? { strict: true } : {}),
    };
  });
}

export function locateToolCalls(body: unknown): unknown[] {
  if (!isRecord(body)) return [];
  return records(body.content).filter((block) => block.type === 'tool_use');
}

export function toolCallFrom(raw: unknown): DestructurableToolCall | undefined {
  if (!isRecord(raw) || raw.type !== 'tool_use') return undefined;
  return buildToolCall('anthropic', raw, { id: raw.id, name: raw.name, rawArguments: raw.input });
}

export function formatToolCall(call: ToolCall): AnthropicToolUseBlock {
  return { type: 'tool_use', id: call.id, name: call.name, input: argumentsObject(call) };
}
