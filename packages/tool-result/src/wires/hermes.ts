import { stringForm } from '../string-form.js';
import type { HermesToolResultBlock, ToolResultData, ToolResultToOptions } from '../wire-blocks.js';

/** The tag Hermes models are trained on (NousResearch Hermes-Function-Calling). */
export const DEFAULT_RESPONSE_TAG = 'tool_response';

/**
 * The Hermes result block of `result`, a bare string:
 * `<tool_response>\n{"name":...,"content":...}\n</tool_response>`, the content being the string
 * form. The message around it is the engine's (Langertha's `to('hermes')` returns the string
 * and `Role::Tools` wraps it). Hermes has no call id, so none is sent.
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
  return `<${tag}>\n${body}\n</${tag}>`;
}
