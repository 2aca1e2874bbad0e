import {
  type AnthropicDocumentBlock,
  type AnthropicImageBlock,
  base64ToBytes,
  type ContentBlock,
  normalizeMediaType,
  type SearchResultBlock,
  type UnknownBlock,
} from '@crosswire/core';
import { blobMediaType, decodedByteLength, isNativeImage, isTextResource } from './media.js';

/*
 * The one string that string wires (openai, responses, ollama, hermes, and gemini's `result`)
 * send for a tool result, and the placeholders that stand in for what a wire cannot carry.
 * A placeholder names the item, never holds its payload: base64 as text costs thousands of
 * tokens and the model cannot see it anyway.
 */

/**
 * A URI as a placeholder shows it: a `data:` URI is cut to its media type (`data:image/png;base64,...`),
 * because its payload is exactly what a placeholder must not carry.
 */
export function displayUri(uri: string): string {
  if (!/^data:/i.test(uri)) return uri;
  const comma = uri.indexOf(',');
  return `${comma < 0 ? uri.slice(0, 64) : uri.slice(0, Math.min(comma, 64))},...`;
}

/** What a placeholder names. Every field is optional; absent ones are left out. */
export interface PlaceholderParts {
  /** The block's type: `image`, `audio`, `resource`, `document`, ... */
  readonly type: string;
  readonly mediaType?: string | undefined;
  readonly uri?: string | undefined;
  /** An Anthropic Files API id (a `file` source). */
  readonly fileId?: string | undefined;
  /** Decoded size in bytes. */
  readonly size?: number | undefined;
}

/**
 * `[type] media/type <uri> (N bytes)`, each part only when known, e.g.
 * `[image] image/png (12345 bytes)`, `[resource] application/zip <file:///a.zip> (2048 bytes)`,
 * `[image] <https://example.com/cat.png>`, `[document] file_id file_abc`.
 */
export function placeholder(parts: PlaceholderParts): string {
  let text = `[${parts.type}]`;
  if (parts.mediaType) text += ` ${parts.mediaType}`;
  if (parts.uri !== undefined && parts.uri !== '') text += ` <${displayUri(parts.uri)}>`;
  if (parts.fileId !== undefined) text += ` file_id ${parts.fileId}`;
  if (parts.size !== undefined) text += ` (${parts.size} ${parts.size === 1 ? 'byte' : 'bytes'})`;
  return text;
}

/** `[resource_link] name <uri>`: a pointer, the same on every wire. */
export function resourceLinkText(block: { name: string; uri: string }): string {
  let text = '[resource_link]';
  if (block.name !== '') text += ` ${block.name}`;
  if (block.uri !== '') text += ` <${displayUri(block.uri)}>`;
  return text;
}

/** Compact JSON of a json item's value (`null` for a value JSON cannot express). */
export function jsonText(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

/** What a tool result with no content sends: the JSON of its structured content, or ''. */
export function emptyContentText(
  structuredContent: Readonly<Record<string, unknown>> | undefined,
): string {
  return structuredContent === undefined ? '' : jsonText(structuredContent);
}

const utf8 = new TextDecoder('utf-8');

/** A `text/*` blob decoded as UTF-8 (malformed sequences become U+FFFD, never an error). */
export function decodeTextBlob(base64: string): string {
  return utf8.decode(base64ToBytes(base64));
}

/**
 * {@link decodeTextBlob}, or undefined for a payload that is base64 by alphabet but not by
 * length (one stray symbol), which the schema lets through and no decoder accepts.
 */
export function textBlobText(base64: string): string | undefined {
  try {
    return decodeTextBlob(base64);
  } catch {
    return undefined;
  }
}

/** True for a `text/*` media type. */
export function isTextMediaType(mediaType: string | undefined): boolean {
  return mediaType !== undefined && normalizeMediaType(mediaType).startsWith('text/');
}

function imageSourcePlaceholder(type: string, block: AnthropicImageBlock): string {
  const source = block.source;
  switch (source.type) {
    case 'base64':
      return placeholder({
        type,
        mediaType: normalizeMediaType(source.media_type),
        size: decodedByteLength(source.data),
      });
    case 'url': {
      // A typed imageUrl item may name its media type.
      const mimeType = (block as { mimeType?: unknown }).mimeType;
      return placeholder({
        type,
        mediaType: typeof mimeType === 'string' ? mimeType : undefined,
        uri: source.url,
      });
    }
    case 'file':
      return placeholder({ type, fileId: source.file_id });
    default:
      return placeholder({ type });
  }
}

function documentText(block: AnthropicDocumentBlock): string {
  const source = block.source;
  switch (source.type) {
    case 'text':
      return source.data;
    case 'content':
      if (typeof source.content === 'string') return source.content;
      return source.content
        .map((part) => (part.type === 'text' ? part.text : imageSourcePlaceholder('image', part)))
        .join('\n');
    case 'base64':
      return placeholder({
        type: 'document',
        mediaType: normalizeMediaType(source.media_type),
        size: decodedByteLength(source.data),
      });
    case 'url':
      return placeholder({ type: 'document', uri: source.url });
    case 'file':
      return placeholder({ type: 'document', fileId: source.file_id });
    default:
      return placeholder({ type: 'document' });
  }
}

/** `[search_result] title <source>`, then its text parts, one per line. */
export function searchResultText(block: SearchResultBlock): string {
  const header = `[search_result] ${block.title} <${displayUri(block.source)}>`;
  return [header, ...block.content.map((part) => part.text)].join('\n');
}

function stringField(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const field = (value as Record<string, unknown>)[key];
  return typeof field === 'string' ? field : undefined;
}

/**
 * Decoded size of a payload in a block that did not parse, when it is base64 at all (whitespace
 * aside); undefined for anything else, whose size would mean nothing.
 */
function looseBase64Size(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const compact = value.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) return undefined;
  const bare = compact.replace(/=+$/, '');
  return bare.length % 4 === 1 ? undefined : decodedByteLength(bare);
}

/**
 * An unknown or malformed block: its claimed type (or `unsupported`) with the MIME type, URI
 * and decoded size it states (seed 000: "naming type, MIME type, URI and size"), never its data.
 */
export function unknownPlaceholder(block: UnknownBlock): string {
  const raw = block.raw;
  const resource = (raw as { resource?: unknown } | null)?.resource;
  return placeholder({
    type: block.originalType || 'unsupported',
    mediaType: stringField(raw, 'mimeType') ?? stringField(resource, 'mimeType'),
    uri: stringField(raw, 'uri') ?? stringField(resource, 'uri'),
    size: looseBase64Size(stringField(raw, 'data') ?? stringField(resource, 'blob')),
  });
}

/** The placeholder of a block that carries bytes (image, audio, blob resource). */
export function mediaPlaceholder(block: ContentBlock): string | undefined {
  switch (block.type) {
    case 'image':
      if (isNativeImage(block)) return imageSourcePlaceholder('image', block);
      return placeholder({
        type: 'image',
        mediaType: normalizeMediaType(block.mimeType),
        size: decodedByteLength(block.data),
      });
    case 'audio':
      return placeholder({
        type: 'audio',
        mediaType: normalizeMediaType(block.mimeType),
        size: decodedByteLength(block.data),
      });
    case 'resource': {
      const resource = block.resource;
      if (isTextResource(resource)) return undefined;
      return placeholder({
        type: 'resource',
        mediaType: blobMediaType(resource),
        uri: resource.uri,
        size: decodedByteLength(resource.blob),
      });
    }
    case 'document':
      if (block.source.type === 'text' || block.source.type === 'content') return undefined;
      return documentText(block);
    default:
      return undefined;
  }
}

/** The string form of one block (what it contributes, before joining with `\n`). */
export function blockText(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'resource': {
      const resource = block.resource;
      if (isTextResource(resource)) return resource.text;
      if (isTextMediaType(resource.mimeType)) {
        return textBlobText(resource.blob) ?? (mediaPlaceholder(block) as string);
      }
      return mediaPlaceholder(block) as string;
    }
    case 'resource_link':
      return resourceLinkText(block);
    case 'image':
    case 'audio':
      return mediaPlaceholder(block) as string;
    case 'document':
      return documentText(block);
    case 'search_result':
      return searchResultText(block);
    case 'json':
      return jsonText(block.value);
    case 'unknown':
      return unknownPlaceholder(block);
    default:
      return assertNever(block);
  }
}

/**
 * The string form of a tool result: each block's text joined with `\n`; empty content is the
 * JSON-encoded structured content, or ''.
 */
export function stringForm(
  content: readonly ContentBlock[],
  structuredContent?: Readonly<Record<string, unknown>>,
): string {
  if (content.length === 0) return emptyContentText(structuredContent);
  return content.map(blockText).join('\n');
}

export function assertNever(value: never): never {
  throw new TypeError(`unhandled content block ${JSON.stringify(value)}`);
}
