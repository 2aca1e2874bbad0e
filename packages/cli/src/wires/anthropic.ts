import { asArray, type DeliveredToolResult, isObject, namedResults } from './delivered.js';

/** Tool results in an Anthropic Messages body: `tool_result` blocks, named by `tool_use`. */
export function deliveredToolResults(body: unknown): DeliveredToolResult[] {
  const messages = asArray(isObject(body) ? body.messages : undefined).filter(isObject);
  const blocks = messages.flatMap((message) => asArray(message.content).filter(isObject));
  return namedResults(
    blocks
      .filter((block) => block.type === 'tool_use')
      .map((block) => ({ id: block.id, name: block.name })),
    blocks.filter((block) => block.type === 'tool_result'),
    (block) => block.tool_use_id,
  );
}
