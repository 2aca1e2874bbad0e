import { stringForm } from '../string-form.js';
import type { HermesToolResultBlock, ToolResultData, ToolResultToOptions } from '../wire-blocks.js';

/** The tag Hermes models are trained on (NousResearch Hermes-Function-Calling). */
export const DEFAULT_RESPONSE_TAG = 'tool_response';

/**
 * The Hermes tool message of `result`: `<tool_response>\n{"name":...,"content":...}\n</tool_response>`,
 * the content being the string form. Hermes has no call id, so none is sent.
 */
export function renderToolResult(
  result: ToolResultData,
  options: ToolResultToOptions,
): HermesToolResultBlock {
  const tag = options.responseTag ?? DEFAULT_RESPONSE_TAG;
  const body = JSON.stringify({
    name: result.name,
    content: stringForm(result.content, result.structuredContent),
  });
  return { role: 'tool', content: `<${tag}>\n${body}\n</${tag}>` };
}
