import { asArray, asString, type DeliveredToolResult, isObject } from './delivered.js';

/** Tool results in an Ollama chat body: `role: 'tool'` messages carrying `tool_name`. */
export function deliveredToolResults(body: unknown): DeliveredToolResult[] {
  return asArray(isObject(body) ? body.messages : undefined)
    .filter(isObject)
    .filter((message) => message.role === 'tool')
    .map((message) => ({
      callId: asString(message.tool_call_id),
      name: asString(message.tool_name),
      block: message,
    }));
}
