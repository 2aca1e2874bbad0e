import { stringForm } from '../string-form.js';
import type { OllamaToolResultBlock, ToolResultData, ToolResultToOptions } from '../wire-blocks.js';

/**
 * The Ollama tool message of `result`. Ollama keys results by `tool_name`, and correlates
 * same-name parallel calls by `tool_call_id`, which is left out when there is no id.
 */
export function renderToolResult(
  result: ToolResultData,
  _options: ToolResultToOptions,
): OllamaToolResultBlock {
  const content = stringForm(result.content, result.structuredContent);
  if (result.id === '') return { role: 'tool', tool_name: result.name, content };
  return { role: 'tool', tool_name: result.name, tool_call_id: result.id, content };
}
