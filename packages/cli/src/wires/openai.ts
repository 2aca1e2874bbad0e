import { asArray, asString, type DeliveredToolResult, isObject } from './delivered.js';

/** Tool results in an OpenAI chat body: `role: 'tool'` messages, named by the assistant's calls. */
export function deliveredToolResults(body: unknown): DeliveredToolResult[] {
  const messages = asArray(isObject(body) ? body.messages : undefined).filter(isObject);
  const names = new Map<string, string>();
  for (const message of messages) {
    for (const call of asArray(message.tool_calls).filter(isObject)) {
      const id = asString(call.id);
      const name = isObject(call.function) ? asString(call.function.name) : undefined;
      if (id !== undefined && name !== undefined) names.set(id, name);
    }
  }
  return messages
    .filter((message) => message.role === 'tool')
    .map((message) => {
      const callId = asString(message.tool_call_id);
      return { callId, name: callId === undefined ? undefined : names.get(callId), block: message };
    });
}
