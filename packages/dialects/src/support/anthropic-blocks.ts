// One walk over the blocks of an Anthropic body's messages for the passes that look for media
// (the image-byte proof, the image limits, the preflight media rules). A place is kept in one
// shared stack of indexes and spelled out as a path only for a block a pass keeps, so a
// conversation of text blocks costs no allocation per block: the walk runs on every request
// of a tool loop, over the whole conversation. A message that is deeply frozen (the tool loop
// freezes the turns it adds) and holds no media is remembered, so a growing conversation is
// walked once per message, not once per request; any other message is walked every time.
import { isDeeplyFrozen } from '@crosswire/core';
import { asArray, isRecord, type JsonObject } from './json.js';

/** Deeply frozen messages found without media: they cannot gain any. */
const WITHOUT_MEDIA = new WeakSet<object>();

/**
 * Where a block is: its message's index, its index in that message's content, then its index
 * in each enclosing tool_result's content. One array the walk reuses: copy it to keep it.
 */
export type BlockPlace = readonly number[];

/**
 * Calls `visit` with every image and document block of `body.messages`, those inside a
 * tool_result's content too, in the order the API reads them.
 */
export function forEachAnthropicMedia(
  body: JsonObject,
  visit: (block: JsonObject, place: BlockPlace) => void,
): void {
  const place: number[] = [];
  const messages = asArray(body.messages);
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index];
    if (!isRecord(message) || WITHOUT_MEDIA.has(message)) continue;
    const content = message.content;
    if (!Array.isArray(content)) continue;
    place[0] = index;
    if (!visitBlocks(content, place, 1, visit) && isDeeplyFrozen(message)) {
      WITHOUT_MEDIA.add(message);
    }
  }
}

/** Visits the media of `blocks`; true when there was any. */
function visitBlocks(
  blocks: readonly unknown[],
  place: number[],
  depth: number,
  visit: (block: JsonObject, place: BlockPlace) => void,
): boolean {
  let found = false;
  for (let index = 0; index < blocks.length; index++) {
    const block = blocks[index];
    if (!isRecord(block)) continue;
    const type = block.type;
    if (type !== 'image' && type !== 'document' && type !== 'tool_result') continue;
    place[depth] = index;
    // Cut back only when a deeper place was left in it (setting length is not free).
    if (place.length !== depth + 1) place.length = depth + 1;
    if (type === 'tool_result') {
      const inner = block.content;
      if (Array.isArray(inner) && visitBlocks(inner, place, depth + 1, visit)) found = true;
    } else {
      visit(block, place);
      found = true;
    }
  }
  return found;
}

/** `messages[3].content[0]`, then `.content[1]` for each enclosing tool_result. */
export function anthropicBlockPath(place: BlockPlace): string {
  let path = `messages[${place[0]}]`;
  for (let depth = 1; depth < place.length; depth++) path += `.content[${place[depth]}]`;
  return path;
}

/** The keys from the body to the block: `['messages', 3, 'content', 0, 'content', 1]`. */
export function anthropicBlockKeys(place: BlockPlace): (string | number)[] {
  const keys: (string | number)[] = ['messages', place[0] as number];
  for (let depth = 1; depth < place.length; depth++) keys.push('content', place[depth] as number);
  return keys;
}
