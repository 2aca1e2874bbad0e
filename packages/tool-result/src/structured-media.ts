import {
  type ContentBlock,
  emitWarning,
  mediaTypeFromBase64,
  normalizeMediaType,
  type WireFormat,
} from '@crosswire/core';
import { blobResourceOf, isNativeImage } from './media.js';
import { mediaPlaceholder, placeholder } from './string-form.js';
import type { ToolResultData, ToolResultToOptions } from './wire-blocks.js';

/*
 * No base64 payload as text, in structured content either. A tool's structured content and
 * json items go to the model as JSON (Gemini sends the structured object as the response, the
 * string wires its JSON text when the content is empty, a json item is its JSON everywhere),
 * and MCP servers put their media there too: the reference filesystem server's
 * `read_media_file` returns the image both as an image block and as
 * `structuredContent.content[0].data`. Such a string becomes the same placeholder a media block
 * gets, and the result warns once (`structured_content_media_replaced`).
 *
 * A string carries a media payload when:
 * - it is the data of one of the result's own media items (image, audio, blob resource, base64
 *   document), or
 * - it is a `data:` URL with a base64 payload, or
 * - it is base64 (whitespace aside) whose leading bytes are a known image, PDF or audio
 *   signature.
 * Strings shorter than {@link MIN_PAYLOAD_LENGTH} are never payloads (a short string is text
 * however it decodes, and costs no tokens to speak of). The walk visits each value once, and
 * each string costs at most one scan of its characters: linear in the size of the object.
 */

/** The shortest string checked: a 1x1 PNG is 67 bytes, 92 base64 characters. */
export const MIN_PAYLOAD_LENGTH = 64;

/** Audio signatures core's `mediaTypeFromBytes` does not know, on the first 12 bytes. */
function audioTypeFromBytes(bytes: Uint8Array): string | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'audio/wav';
  if (ascii(0, 3) === 'ID3') return 'audio/mpeg';
  if (bytes[0] === 0xff && (bytes[1] === 0xfb || bytes[1] === 0xf3 || bytes[1] === 0xf2)) {
    return 'audio/mpeg';
  }
  if (ascii(0, 4) === 'OggS') return 'audio/ogg';
  if (ascii(0, 4) === 'fLaC') return 'audio/flac';
  return undefined;
}

const BASE64_HEAD = /^[A-Za-z0-9+/]{16}/;

function isBase64Symbol(code: number): boolean {
  return (
    (code >= 0x41 && code <= 0x5a) || // A-Z
    (code >= 0x61 && code <= 0x7a) || // a-z
    (code >= 0x30 && code <= 0x39) || // 0-9
    code === 0x2b || // +
    code === 0x2f // /
  );
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** Base64 symbols and ASCII whitespace, then at most two `=` and whitespace: one scan. */
function isBase64Text(text: string): boolean {
  let index = 0;
  const length = text.length;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (!isBase64Symbol(code) && !isSpace(code)) break;
    index++;
  }
  let padding = 0;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (code === 0x3d && padding < 2) padding++;
    else if (!isSpace(code)) return false;
    index++;
  }
  return true;
}
const DATA_URL = /^data:([^,;]*)((?:;[^,;]*)*);base64,/i;

function decodeHead(base64: string): Uint8Array | undefined {
  try {
    const text = atob(base64.slice(0, 16));
    const bytes = new Uint8Array(text.length);
    for (let index = 0; index < text.length; index++) bytes[index] = text.charCodeAt(index);
    return bytes;
  } catch {
    return undefined;
  }
}

/** The media type a base64 string's bytes prove (image, PDF, audio), or undefined. */
function base64MediaType(text: string): string | undefined {
  if (!BASE64_HEAD.test(text)) return undefined;
  const proven = mediaTypeFromBase64(text.slice(0, 64));
  const mediaType = proven ?? audioHead(text);
  if (mediaType === undefined || !isBase64Text(text)) return undefined;
  return mediaType;
}

function audioHead(text: string): string | undefined {
  const head = decodeHead(text);
  return head === undefined ? undefined : audioTypeFromBytes(head);
}

function typeOf(mediaType: string): string {
  if (mediaType.startsWith('image/')) return 'image';
  if (mediaType.startsWith('audio/')) return 'audio';
  if (mediaType === 'application/pdf') return 'document';
  return 'media';
}

function base64Size(text: string): number {
  let symbols = 0;
  for (let index = 0; index < text.length; index++) {
    if (isBase64Symbol(text.charCodeAt(index))) symbols++;
  }
  return Math.floor((symbols * 3) / 4);
}

/** The data of each media item of `content`, mapped to its placeholder. */
function mediaItems(content: readonly ContentBlock[]): Map<string, string> {
  const items = new Map<string, string>();
  for (const block of content) {
    let data: string | undefined;
    if (block.type === 'image') {
      data = isNativeImage(block)
        ? block.source.type === 'base64'
          ? block.source.data
          : undefined
        : block.data;
    } else if (block.type === 'audio') data = block.data;
    else if (block.type === 'document' && block.source.type === 'base64') data = block.source.data;
    else data = blobResourceOf(block)?.blob;
    const text = data === undefined ? undefined : mediaPlaceholder(block);
    if (data !== undefined && text !== undefined && data.length >= MIN_PAYLOAD_LENGTH) {
      items.set(data, text);
    }
  }
  return items;
}

/** What replaced strings a walk found. */
interface Walk {
  readonly items: Map<string, string>;
  replaced: number;
  readonly mediaTypes: Set<string>;
}

/** The placeholder for `text` when it carries a media payload, else undefined. */
function payloadPlaceholder(text: string, walk: Walk): string | undefined {
  if (text.length < MIN_PAYLOAD_LENGTH) return undefined;
  const item = walk.items.get(text);
  if (item !== undefined) return item;
  const dataUrl = DATA_URL.exec(text);
  if (dataUrl) {
    const mediaType = normalizeMediaType(dataUrl[1] ?? '') || 'application/octet-stream';
    walk.mediaTypes.add(mediaType);
    return placeholder({
      type: typeOf(mediaType),
      mediaType,
      uri: text,
      size: base64Size(text.slice(dataUrl[0].length)),
    });
  }
  const mediaType = base64MediaType(text);
  if (mediaType === undefined) return undefined;
  walk.mediaTypes.add(mediaType);
  return placeholder({ type: typeOf(mediaType), mediaType, size: base64Size(text) });
}

/** `value` with payload strings replaced; the same reference when nothing was replaced. */
function replaceIn(value: unknown, walk: Walk): unknown {
  if (typeof value === 'string') {
    const text = payloadPlaceholder(value, walk);
    if (text === undefined) return value;
    walk.replaced++;
    return text;
  }
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item = value[index];
      const next = replaceIn(item, walk);
      if (next !== item) {
        copy ??= value.slice();
        copy[index] = next;
      }
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const item = record[key];
    const next = replaceIn(item, walk);
    if (next !== item) {
      copy ??= { ...record };
      copy[key] = next;
    }
  }
  return copy ?? value;
}

/**
 * `result` with every media payload string in its structured content and json items replaced
 * by its placeholder, and one `structured_content_media_replaced` warning when any was; the
 * result itself (no copy) when there was none.
 */
export function withoutStructuredMedia(
  result: ToolResultData,
  wire: WireFormat | undefined,
  options: Pick<ToolResultToOptions, 'onWarning'>,
): ToolResultData {
  const hasJson = result.content.some((block) => block.type === 'json');
  if (result.structuredContent === undefined && !hasJson) return result;
  const walk: Walk = { items: mediaItems(result.content), replaced: 0, mediaTypes: new Set() };
  const structuredContent = replaceIn(result.structuredContent, walk) as
    | Readonly<Record<string, unknown>>
    | undefined;
  const content = hasJson
    ? result.content.map((block) => {
        if (block.type !== 'json') return block;
        const value = replaceIn(block.value, walk);
        return value === block.value ? block : { ...block, value };
      })
    : result.content;
  if (walk.replaced === 0) return result;
  const kinds = walk.mediaTypes.size > 0 ? ` (${[...walk.mediaTypes].join(', ')})` : '';
  emitWarning(options.onWarning, {
    code: 'structured_content_media_replaced',
    message: `tool result ${JSON.stringify(result.name)}: ${walk.replaced} ${
      walk.replaced === 1 ? 'string' : 'strings'
    } in its structured content carried a media payload${kinds}; each is sent as a placeholder, never as base64 text`,
    details: {
      ...(wire === undefined ? {} : { wire }),
      name: result.name,
      id: result.id,
      replaced: walk.replaced,
    },
  });
  return {
    name: result.name,
    id: result.id,
    isError: result.isError,
    content,
    structuredContent,
  };
}

/**
 * The structured content of `result` as every wire's rendering sends it: each string that
 * carries a media payload (see above) replaced by its placeholder, with one
 * `structured_content_media_replaced` warning when any was; undefined when there is none.
 * For an integration that forwards the structured content itself (the AI SDK's `json` output).
 * A copy: `result` is not changed.
 */
export function structuredContentWithoutMedia(
  result: ToolResultData,
  options: Pick<ToolResultToOptions, 'onWarning'> = {},
): Readonly<Record<string, unknown>> | undefined {
  if (result.structuredContent === undefined) return undefined;
  return withoutStructuredMedia(result, undefined, options).structuredContent;
}
