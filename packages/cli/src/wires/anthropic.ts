import { asArray, asString, type DeliveredToolResult, isObject } from './delivered.js';

/** Tool results in an Anthropic Messages body: `tool_result` blocks, named by `tool_use`. */
export function deliveredToolResults(body: unknown): DeliveredToolResult[] {
  const messages = asArray(isObject(body) ? body.messages : undefined).filter(isObject);
  const blocks = messages.flatMap((message) => asArray(message.content).filter(isObject));
  const names = new Map<string, string>();
  for (const block of blocks) {
    const id = asString(block.id);
    const name = asString(block.name);
    if (block.type === 'tool_use' && id !== undefined && name !== undefined) names.set(id, name);
  }
  return blocks
    .filter((block) => block.type === 'tool_result')
    .map((block) => {
      const callId = asString(block.tool_use_id);
      return { callId, name: callId === undefined ? undefined : names.get(callId), block };
    });
}
