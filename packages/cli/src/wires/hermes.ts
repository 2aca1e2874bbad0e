import { asArray, asString, type DeliveredToolResult, isObject } from './delivered.js';

const responsePattern = /<(tool_response)>\s*([\s\S]*?)\s*<\/\1>/g;

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  return asArray(content)
    .filter(isObject)
    .map((part) => asString(part.text) ?? '')
    .join('\n');
}

/**
 * Tool results in a Hermes body: `<tool_response>` elements in the message text (the wire has
 * no tool role of its own), each a JSON object naming the tool.
 */
export function deliveredToolResults(body: unknown): DeliveredToolResult[] {
  const messages = asArray(isObject(body) ? body.messages : undefined).filter(isObject);
  const results: DeliveredToolResult[] = [];
  for (const message of messages) {
    if (message.role === 'assistant' || message.role === 'system') continue;
    for (const match of textOf(message.content).matchAll(responsePattern)) {
      const inner = match[2] ?? '';
      let parsed: unknown = inner;
      try {
        parsed = JSON.parse(inner);
      } catch {
        // Not JSON: the element's text is the block as sent.
      }
      const name = isObject(parsed) ? asString(parsed.name) : undefined;
      const callId = isObject(parsed) ? asString(parsed.id ?? parsed.tool_call_id) : undefined;
      results.push({ callId, name, block: match[0] });
    }
  }
  return results;
}
