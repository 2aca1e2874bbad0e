import { asArray, type DeliveredToolResult, isObject, namedResults } from './delivered.js';

/** Tool results in an OpenAI chat body: `role: 'tool'` messages, named by the assistant's calls. */
export function deliveredToolResults(body: unknown): DeliveredToolResult[] {
  const messages = asArray(isObject(body) ? body.messages : undefined).filter(isObject);
  return namedResults(
    messages
      .flatMap((message) => asArray(message.tool_calls).filter(isObject))
      .map((call) => ({
        id: call.id,
        name: isObject(call.function) ? call.function.name : undefined,
      })),
    messages.filter((message) => message.role === 'tool'),
    (message) => message.tool_call_id,
  );
}
