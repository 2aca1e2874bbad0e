import { randomBytes } from 'node:crypto';
import { isDeeplyFrozen } from '@crosswire/core';

/** Strings at least this long are candidates for the copy path. */
const LARGE_STRING = 32 * 1024;
// Printable ASCII without `"` and `\`: JSON writes such a string between quotes unchanged, and
// its latin1 bytes are its UTF-8 bytes. Base64 payloads and data: URLs are always like this.
const VERBATIM = /^[\u0020\u0021\u0023-\u005b\u005d-\u007e]*$/;

/**
 * `Buffer.from(JSON.stringify(value))`, byte for byte, but cheaper for bodies that carry
 * large base64 payloads (a 1 MiB image is 1.4 MB of base64): each long string that JSON
 * would copy unchanged is left out of `JSON.stringify` and copied into the buffer as bytes,
 * so the serializer never scans it for characters to escape.
 */
export function serializeJson(value: unknown): Buffer {
  // A replacer runs for every value of the body (and, from V8 13, turns off JSON.stringify's
  // fast path): paid only when the body holds a string worth lifting out. A text-only
  // conversation costs a plain JSON.stringify and one walk that reads string lengths.
  if (!holdsLargeString(value)) return Buffer.from(JSON.stringify(value) ?? 'null');
  const large: string[] = [];
  const marker = `@@cw${randomBytes(6).toString('hex')}@@`;
  const skeleton = JSON.stringify(value, (_key, inner: unknown) => {
    if (typeof inner === 'string' && inner.length >= LARGE_STRING && VERBATIM.test(inner)) {
      large.push(inner);
      return `${marker}${large.length - 1}${marker}`;
    }
    return inner;
  });
  if (skeleton === undefined) return Buffer.from('null');
  if (large.length === 0) return Buffer.from(skeleton);
  // Pieces in order: skeleton text (UTF-8) and large strings (ASCII, written as latin1 bytes),
  // written straight into one buffer of the exact size: no intermediate copies.
  const pieces: { text: string; latin1: boolean }[] = [];
  const pattern = new RegExp(`${marker}(\\d+)${marker}`, 'g');
  let last = 0;
  for (const match of skeleton.matchAll(pattern)) {
    pieces.push({ text: skeleton.slice(last, match.index), latin1: false });
    pieces.push({ text: large[Number(match[1])] as string, latin1: true });
    last = (match.index as number) + match[0].length;
  }
  pieces.push({ text: skeleton.slice(last), latin1: false });
  let size = 0;
  for (const piece of pieces)
    size += piece.latin1 ? piece.text.length : Buffer.byteLength(piece.text);
  const buffer = Buffer.allocUnsafe(size);
  let offset = 0;
  for (const piece of pieces)
    offset += buffer.write(piece.text, offset, piece.latin1 ? 'latin1' : 'utf8');
  return buffer;
}

/**
 * Deeply frozen objects found to hold no large string and no `toJSON` (the tool loop's turns):
 * they cannot gain one, so a growing conversation is read once per message.
 */
const WITHOUT_LARGE_STRINGS = new WeakSet<object>();

/**
 * True when `value` holds a string of at least {@link LARGE_STRING} characters, or a value
 * with a `toJSON` (what JSON writes for it is not known without asking it). Iterative, so a
 * deeply nested body cannot overflow the stack here; it stops at the first such string.
 */
export function holdsLargeString(value: unknown): boolean {
  if (typeof value === 'string') return value.length >= LARGE_STRING;
  // Only objects go on the stack: a string is judged where it is met, and an object's values
  // are read with for-in (no array of them made per object: this runs on every request body).
  const stack: unknown[] = [value];
  // The frozen objects met, remembered once the whole value is found without one.
  const frozen: object[] = [];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || WITHOUT_LARGE_STRINGS.has(node)) continue;
    if (typeof (node as { toJSON?: unknown }).toJSON === 'function') return true;
    if (Object.isFrozen(node)) frozen.push(node);
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index++) {
        const item: unknown = node[index];
        if (typeof item === 'string') {
          if (item.length >= LARGE_STRING) return true;
        } else if (typeof item === 'object' && item !== null) stack.push(item);
      }
      continue;
    }
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue;
      const inner: unknown = (node as Record<string, unknown>)[key];
      if (typeof inner === 'string') {
        if (inner.length >= LARGE_STRING) return true;
      } else if (typeof inner === 'object' && inner !== null) stack.push(inner);
    }
  }
  for (const node of frozen) if (isDeeplyFrozen(node)) WITHOUT_LARGE_STRINGS.add(node);
  return false;
}
