import { asArray, type DeliveredToolResult, isObject, namedResults } from './delivered.js';

/** Tool results in a Bedrock Converse body: `toolResult` blocks, named by `toolUse`. */
export function deliveredToolResults(body: unknown): DeliveredToolResult[] {
  const messages = asArray(isObject(body) ? body.messages : undefined).filter(isObject);
  const blocks = messages.flatMap((message) => asArray(message.content).filter(isObject));
  return namedResults(
    blocks
      .map((block) => block.toolUse)
      .filter(isObject)
      .map((use) => ({ id: use.toolUseId, name: use.name })),
    blocks.filter((block) => isObject(block.toolResult)),
    (block) => (block.toolResult as Record<string, unknown>).toolUseId,
  );
}
