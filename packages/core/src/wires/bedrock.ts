import { toClosedJsonSchema } from '../json-schema.js';
import type { DestructurableToolCall, ToolCall } from '../tool-call.js';
import type { ToolDefinition } from '../tool-definition.js';
import type { BedrockTool, BedrockToolUseBlock, FormatToolsOptions } from '../tool-wire.js';
import {
  argumentsObject,
  buildToolCall,
  describe,
  isRecord,
  records,
  schemaOf,
} from '../tool-wire-helpers.js';

/*
 * Amazon Bedrock Converse: tools are `{toolSpec: {name, description, inputSchema: {json}}}`
 * entries of `toolConfig.tools`; calls are the content blocks of `output.message.content[]`
 * whose member is `toolUse` (`{toolUseId, name, input}`, an object input). Content blocks are
 * unions keyed by their one member, not by a `type` field.
 * https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html
 */

export function formatTools(
  tools: readonly ToolDefinition[],
  options: FormatToolsOptions,
): BedrockTool[] {
  return tools.map((tool) => {
    const schema = options.strict ? toClosedJsonSchema(schemaOf(tool)) : schemaOf(tool);
    return {
      toolSpec: {
        name: tool.name,
        ...describe(tool),
        inputSchema: { json: { ...schema, type: 'object' } },
        ...(options.strict ? { strict: true } : {}),
      },
    };
  });
}

/** The content of a reply body, or of the message itself when given one. */
function contentOf(body: Record<string, unknown>): unknown {
  if (Array.isArray(body.content)) return body.content;
  const output = isRecord(body.output) ? body.output : undefined;
  const message = output !== undefined && isRecord(output.message) ? output.message : undefined;
  return message?.content;
}

export function locateToolCalls(body: unknown): unknown[] {
  if (!isRecord(body)) return [];
  return records(contentOf(body)).filter((block) => isRecord(block.toolUse));
}

/** Takes a content block `{toolUse: {...}}` or a bare `{toolUseId, name, input}`. */
export function toolCallFrom(raw: unknown): DestructurableToolCall | undefined {
  if (!isRecord(raw)) return undefined;
  const use = 'toolUse' in raw ? raw.toolUse : raw;
  if (!isRecord(use)) return undefined;
  return buildToolCall('bedrock', raw, {
    id: use.toolUseId,
    name: use.name,
    rawArguments: use.input,
  });
}

export function formatToolCall(call: ToolCall): BedrockToolUseBlock {
  return { toolUse: { toolUseId: call.id, name: call.name, input: argumentsObject(call) } };
}
