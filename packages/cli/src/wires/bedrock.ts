import { asArray, asString, type DeliveredToolResult, isObject } from './delivered.js';

/** Tool results in a Bedrock Converse body: `toolResult` blocks, named by `toolUse`. */
export function deliveredToolResults(body: unknown): DeliveredToolResult[] {
  const messages = asArray(isObject(body) ? body.messages : undefined).filter(isObject);
  const blocks = messages.flatMap((message) => asArray(message.content).filter(isObject));
  const names = new Map<string, string>();
  for (const block of blocks) {
    const use = isObject(block.toolUse) ? block.toolUse : undefined;
    const id = asString(use?.toolUseId);
    const name = asString(use?.name);
    if (id !== undefined && name !== undefined) names.set(id, name);
  }
  return blocks
    .filter((block) => isObject(block.toolResult))
    .map((block) => {
      const callId = asString((block.toolResult as Record<string, unknown>).toolUseId);
      return { callId, name: callId === undefined ? undefined : names.get(callId), block };
    });
}
