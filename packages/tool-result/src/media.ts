import {
  type AnthropicImageBlock,
  type BlobResourceContents,
  type ContentBlock,
  type ImageBlock,
  mediaTypeFromBase64,
  NATIVE_IMAGE_MEDIA_TYPES,
  normalizeMediaType,
  type TextResourceContents,
  type WireFormat,
} from '@crosswire/core';
import type { ResponsesImageDetail } from './wire-blocks.js';

/**
 * The image types each wire's tool-result block carries natively: Anthropic, Responses and
 * Bedrock Converse take JPEG, PNG, GIF and WebP; Gemini's function response parts JPEG, PNG and WebP.
 * Wires without a native form list none. Whether a wire carries images at all is core's
 * `carriesNative`; this is the per-type detail on top of it.
 */
export const TOOL_RESULT_IMAGE_MEDIA_TYPES: Readonly<Record<WireFormat, readonly string[]>> = {
  anthropic: NATIVE_IMAGE_MEDIA_TYPES,
  responses: NATIVE_IMAGE_MEDIA_TYPES,
  gemini: ['image/jpeg', 'image/png', 'image/webp'],
  openai: [],
  ollama: [],
  hermes: [],
  bedrock: NATIVE_IMAGE_MEDIA_TYPES,
};

export const PDF_MEDIA_TYPE = 'application/pdf';

/** True when `wire` takes an image of `mediaType` natively in a tool result. */
export function wireTakesImage(wire: WireFormat, mediaType: string): boolean {
  return TOOL_RESULT_IMAGE_MEDIA_TYPES[wire].includes(mediaType);
}

/** Image bytes a tool returned, whatever block carried them. */
export interface InlineImage {
  readonly mediaType: string;
  /** Base64 without whitespace (the constructor compacts every payload). */
  readonly data: string;
  readonly detail: ResponsesImageDetail | undefined;
}

/** PDF bytes a tool returned. */
export interface InlinePdf {
  readonly data: string;
  /** The resource URI, when the PDF came as an embedded resource. */
  readonly uri: string | undefined;
}

const DETAILS: readonly string[] = ['low', 'high', 'auto', 'original'];

/** The `detail` a typed image item asked for, when it is one OpenAI knows. */
export function imageDetail(block: object): ResponsesImageDetail | undefined {
  const detail = (block as { detail?: unknown }).detail;
  return typeof detail === 'string' && DETAILS.includes(detail)
    ? (detail as ResponsesImageDetail)
    : undefined;
}

/**
 * The media type of an embedded resource blob: its declared MIME type, else what its leading
 * bytes prove (a server that omits the MIME type of a PNG still sent a PNG).
 */
export function blobMediaType(resource: { mimeType?: string; blob: string }): string | undefined {
  if (resource.mimeType) return normalizeMediaType(resource.mimeType);
  return mediaTypeFromBase64(resource.blob);
}

/** An Anthropic-native image (a `source`), as opposed to an MCP image (bytes). */
export function isNativeImage(
  block: ImageBlock | AnthropicImageBlock,
): block is AnthropicImageBlock {
  return 'source' in block && typeof block.source === 'object' && block.source !== null;
}

/** A text resource; one that has a `text` is text even if it also (loosely) carries a `blob`. */
export function isTextResource(
  resource: TextResourceContents | BlobResourceContents,
): resource is TextResourceContents {
  return typeof resource.text === 'string';
}

/**
 * The blob of an embedded resource block, or undefined. A resource that has a `text` is a text
 * resource even if it also (loosely) carries a `blob`.
 */
export function blobResourceOf(block: ContentBlock): BlobResourceContents | undefined {
  if (block.type !== 'resource' || isTextResource(block.resource)) return undefined;
  return block.resource;
}

/**
 * The image bytes in `block`: an MCP image, an embedded resource whose blob is an image, or an
 * Anthropic-native image with a base64 source. Undefined for anything else.
 */
export function inlineImageOf(block: ContentBlock): InlineImage | undefined {
  if (block.type === 'image') {
    if (isNativeImage(block)) {
      const source = block.source;
      if (source.type !== 'base64') return undefined;
      return {
        mediaType: normalizeMediaType(source.media_type),
        data: source.data,
        detail: imageDetail(block),
      };
    }
    return {
      mediaType: normalizeMediaType(block.mimeType),
      data: block.data,
      detail: imageDetail(block),
    };
  }
  const resource = blobResourceOf(block);
  if (resource) {
    const mediaType = blobMediaType(resource);
    if (mediaType?.startsWith('image/')) {
      return { mediaType, data: resource.blob, detail: undefined };
    }
  }
  return undefined;
}

/** The URL of an Anthropic-native image with a URL source (a typed `imageUrl` item). */
export function urlImageOf(
  block: ContentBlock,
): { readonly url: string; readonly detail: ResponsesImageDetail | undefined } | undefined {
  if (block.type === 'image' && isNativeImage(block) && block.source.type === 'url') {
    return { url: block.source.url, detail: imageDetail(block) };
  }
  return undefined;
}

/**
 * The PDF bytes in `block`: an embedded resource whose blob is `application/pdf`, or an
 * Anthropic-native document with a base64 PDF source.
 */
export function inlinePdfOf(block: ContentBlock): InlinePdf | undefined {
  const resource = blobResourceOf(block);
  if (resource) {
    return blobMediaType(resource) === PDF_MEDIA_TYPE
      ? { data: resource.blob, uri: resource.uri }
      : undefined;
  }
  if (block.type === 'document' && block.source.type === 'base64') {
    if (normalizeMediaType(block.source.media_type) === PDF_MEDIA_TYPE) {
      return { data: block.source.data, uri: undefined };
    }
  }
  return undefined;
}

/**
 * Decoded size of a compact base64 payload, computed from its length (no scan): the
 * constructor has removed whitespace already.
 */
export function decodedByteLength(base64: string): number {
  let padding = 0;
  if (base64.endsWith('==')) padding = 2;
  else if (base64.endsWith('=')) padding = 1;
  return Math.floor(((base64.length - padding) * 3) / 4);
}

/** The part of Node's Buffer used here (the package runs on Node; a regex stands in elsewhere). */
const NodeBuffer = (
  globalThis as { Buffer?: { byteLength(text: string, encoding: 'utf8'): number } }
).Buffer;

/**
 * True when `text` holds a character outside ASCII. Node counts UTF-8 bytes natively (about
 * 0.1 ms per MiB), far faster than a regex scan.
 */
function hasNonAscii(text: string): boolean {
  return NodeBuffer === undefined
    ? /[\u0080-\uffff]/.test(text)
    : NodeBuffer.byteLength(text, 'utf8') !== text.length;
}

/**
 * True when a payload that passed core's base64 check may hold whitespace. That check accepts
 * any JavaScript whitespace (`\s`: the ASCII six and Unicode spaces such as U+00A0, U+2028 or
 * U+FEFF), and every Unicode one is outside ASCII. Substring searches first: they are cheap.
 */
function mayHoldWhitespace(base64: string): boolean {
  return (
    base64.includes('\n') ||
    base64.includes('\r') ||
    base64.includes(' ') ||
    base64.includes('\t') ||
    base64.includes('\f') ||
    base64.includes('\v') ||
    hasNonAscii(base64)
  );
}

/**
 * A payload core's schema accepted, in the one spelling every provider takes: no whitespace
 * (ASCII or Unicode) and standard `=` padding to a multiple of 4 symbols (core, like `atob`,
 * accepts missing or partial padding; strict decoders on the provider side do not). Returns the
 * string itself when it already is so, which is the common case and costs no copy.
 */
export function compactBase64(base64: string): string {
  const compact = mayHoldWhitespace(base64) ? base64.replace(/\s+/g, '') : base64;
  if (compact.length % 4 === 0 && !compact.endsWith('===')) return compact;
  let end = compact.length;
  while (end > 0 && compact.charCodeAt(end - 1) === 0x3d) end--;
  const bare = end === compact.length ? compact : compact.slice(0, end);
  const rest = bare.length % 4;
  // 1 left over is no base64 at all (core refuses it); leave such a string as it is.
  if (rest === 0 || rest === 1) return rest === 0 ? bare : compact;
  return bare + '='.repeat(4 - rest);
}
