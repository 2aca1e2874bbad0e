import { stringForm } from '../string-form.js';
import type { OpenAIToolResultBlock, ToolResultData, ToolResultToOptions } from '../wire-blocks.js';

/** The Chat Completions tool message of `result`: the string form, no native media. */
export function renderToolResult(
  result: ToolResultData,
  _options: ToolResultToOptions,
): OpenAIToolResultBlock {
  return {
    role: 'tool',
    tool_call_id: result.id,
    content: stringForm(result.content, result.structuredContent),
  };
}
