import * as z from 'zod/mini';
import { ValidationError } from './errors.js';
import { isRecord } from './is-record.js';
import { emitWarning, type WarningHandler } from './warnings.js';
import { englishIssues } from './zod-messages.js';

/*
 * Content blocks a tool may return: the MCP blocks, the Anthropic-native blocks a tool may
 * hand through, and rig's structured `json` item. Every block schema is loose: keys we do not
 * know are kept (nothing is lost), and each renderer picks only the fields its wire takes.
 */

const base64Pattern = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

/**
 * The definition of a base64 payload: the standard alphabet, any whitespace, at most two `=`
 * at the end, and not 1 mod 4 symbols long (atob refuses that too). Two full scans and a copy
 * (about 1.5 ms per MiB of base64), so {@link isBase64} asks {@link isCompactBase64} first.
 */
function isBase64BySpelling(value: string): boolean {
  return base64Pattern.test(value) && value.replace(/[\s=]+/g, '').length % 4 !== 1;
}

/** The part of Node's Buffer the fast check uses (core itself does not depend on Node). */
interface BufferApi {
  byteLength(value: string, encoding: 'utf8'): number;
  allocUnsafe(size: number): { write(value: string, offset: number, encoding: 'base64'): number };
}
const NodeBuffer = (globalThis as { Buffer?: BufferApi }).Buffer;

/** Symbols decoded per step (a multiple of 4), so the scratch buffer stays small (48 KiB). */
const CHUNK_SYMBOLS = 64 * 1024;
let scratch: ReturnType<BufferApi['allocUnsafe']> | undefined;

/**
 * True only when `value` is provably base64 without whitespace: Node's native decoder (SIMD)
 * writes exactly the bytes its length promises. That decoder is lenient: it skips characters
 * outside the alphabet and stops at a `=`, so any such character yields fewer bytes and shows.
 * What it would wrongly take is ruled out first: the URL-safe `-` and `_`, and non-ASCII
 * characters (it reads UTF-16 code units truncated to a byte, so `Ł` would pass as `A`).
 * False means "not proven", never "invalid": the caller falls back to the definition.
 */
function isCompactBase64(value: string): boolean {
  if (NodeBuffer === undefined) return false;
  const length = value.length;
  let end = length;
  if (end > 0 && value.charCodeAt(end - 1) === 0x3d) end--;
  if (end > 0 && value.charCodeAt(end - 1) === 0x3d) end--;
  if (end % 4 === 1) return false;
  scratch ??= NodeBuffer.allocUnsafe((CHUNK_SYMBOLS / 4) * 3 + 3);
  for (let start = 0; start < end; start += CHUNK_SYMBOLS) {
    const stop = Math.min(start + CHUNK_SYMBOLS, end);
    // The last chunk keeps its padding; slices of a flat string are not copies.
    const chunk =
      stop === end ? (start === 0 ? value : value.slice(start)) : value.slice(start, stop);
    if (chunk.includes('-') || chunk.includes('_')) return false;
    if (NodeBuffer.byteLength(chunk, 'utf8') !== chunk.length) return false;
    if (scratch.write(chunk, 0, 'base64') !== Math.floor(((stop - start) * 3) / 4)) return false;
  }
  return true;
}

/** Base64 by {@link isBase64BySpelling}; the fast native check first, for compact payloads. */
function isBase64(value: string): boolean {
  return isCompactBase64(value) || isBase64BySpelling(value);
}

/** A base64 payload (standard alphabet; whitespace and missing padding tolerated, as `atob`). */
export const Base64Schema = z
  .string()
  .check(z.refine(isBase64, { message: 'Invalid Base64 string' }));

export const AnnotationsSchema = z.looseObject({
  audience: z.optional(z.array(z.enum(['user', 'assistant']))),
  priority: z.optional(z.number().check(z.minimum(0), z.maximum(1))),
  lastModified: z.optional(z.string()),
});
export type Annotations = z.infer<typeof AnnotationsSchema>;

const MetaSchema = z.record(z.string(), z.unknown());

const blockCommon = {
  annotations: z.optional(AnnotationsSchema),
  _meta: z.optional(MetaSchema),
};

/** MCP text. `cache_control` is kept for Anthropic, which is the one wire that takes it. */
export const TextBlockSchema = z.looseObject({
  type: z.literal('text'),
  text: z.string(),
  cache_control: z.optional(z.unknown()),
  ...blockCommon,
});
export type TextBlock = z.infer<typeof TextBlockSchema>;

/** MCP image: base64 bytes and their MIME type. */
export const ImageBlockSchema = z.looseObject({
  type: z.literal('image'),
  data: Base64Schema,
  mimeType: z.string(),
  ...blockCommon,
});
export type ImageBlock = z.infer<typeof ImageBlockSchema>;

/** MCP audio: base64 bytes and their MIME type. */
export const AudioBlockSchema = z.looseObject({
  type: z.literal('audio'),
  data: Base64Schema,
  mimeType: z.string(),
  ...blockCommon,
});
export type AudioBlock = z.infer<typeof AudioBlockSchema>;

export const TextResourceContentsSchema = z.looseObject({
  uri: z.string(),
  mimeType: z.optional(z.string()),
  text: z.string(),
  _meta: z.optional(MetaSchema),
});
export type TextResourceContents = z.infer<typeof TextResourceContentsSchema>;

export const BlobResourceContentsSchema = z.looseObject({
  uri: z.string(),
  mimeType: z.optional(z.string()),
  blob: Base64Schema,
  _meta: z.optional(MetaSchema),
});
export type BlobResourceContents = z.infer<typeof BlobResourceContentsSchema>;

/** MCP embedded resource: text contents or a base64 blob. */
export const EmbeddedResourceBlockSchema = z.looseObject({
  type: z.literal('resource'),
  resource: z.union([TextResourceContentsSchema, BlobResourceContentsSchema]),
  ...blockCommon,
});
export type EmbeddedResourceBlock = z.infer<typeof EmbeddedResourceBlockSchema>;

/** MCP resource link: a pointer, never contents. */
export const ResourceLinkBlockSchema = z.looseObject({
  type: z.literal('resource_link'),
  uri: z.string(),
  name: z.string(),
  title: z.optional(z.string()),
  description: z.optional(z.string()),
  mimeType: z.optional(z.string()),
  size: z.optional(z.number()),
  ...blockCommon,
});
export type ResourceLinkBlock = z.infer<typeof ResourceLinkBlockSchema>;

const CacheControl = { cache_control: z.optional(z.unknown()) };

export const AnthropicBase64SourceSchema = z.looseObject({
  type: z.literal('base64'),
  media_type: z.string(),
  data: Base64Schema,
});
export const AnthropicUrlSourceSchema = z.looseObject({ type: z.literal('url'), url: z.string() });
export const AnthropicFileSourceSchema = z.looseObject({
  type: z.literal('file'),
  file_id: z.string(),
});
export const AnthropicTextSourceSchema = z.looseObject({
  type: z.literal('text'),
  media_type: z.optional(z.string()),
  data: z.string(),
});

/** Anthropic-native image (with a `source`), passed through on the anthropic wire. */
export const AnthropicImageBlockSchema = z.looseObject({
  type: z.literal('image'),
  source: z.discriminatedUnion('type', [
    AnthropicBase64SourceSchema,
    AnthropicUrlSourceSchema,
    AnthropicFileSourceSchema,
  ]),
  ...CacheControl,
});
export type AnthropicImageBlock = z.infer<typeof AnthropicImageBlockSchema>;

const DocumentContentPartSchema = z.union([
  z.looseObject({ type: z.literal('text'), text: z.string() }),
  AnthropicImageBlockSchema,
]);

export const AnthropicContentSourceSchema = z.looseObject({
  type: z.literal('content'),
  content: z.union([z.string(), z.array(DocumentContentPartSchema)]),
});

/** Anthropic-native document (PDF, plain text, content list, URL or file source). */
export const AnthropicDocumentBlockSchema = z.looseObject({
  type: z.literal('document'),
  source: z.discriminatedUnion('type', [
    AnthropicBase64SourceSchema,
    AnthropicTextSourceSchema,
    AnthropicContentSourceSchema,
    AnthropicUrlSourceSchema,
    AnthropicFileSourceSchema,
  ]),
  title: z.nullish(z.string()),
  context: z.nullish(z.string()),
  citations: z.optional(z.unknown()),
  ...CacheControl,
});
export type AnthropicDocumentBlock = z.infer<typeof AnthropicDocumentBlockSchema>;

/** Anthropic-native search result: a source, a title and text parts. */
export const SearchResultBlockSchema = z.looseObject({
  type: z.literal('search_result'),
  source: z.string(),
  title: z.string(),
  content: z.array(z.looseObject({ type: z.literal('text'), text: z.string() })),
  citations: z.optional(z.unknown()),
  ...CacheControl,
});
export type SearchResultBlock = z.infer<typeof SearchResultBlockSchema>;

/** Structured JSON supplied explicitly by the tool runtime (rig's `ToolResultContent::Json`). */
export const JsonBlockSchema = z.looseObject({ type: z.literal('json'), value: z.unknown() });
export type JsonBlock = z.infer<typeof JsonBlockSchema>;

/**
 * A block that is not one of the known kinds, or a known kind that is malformed. It is kept
 * (never dropped) and renderers send it as a placeholder.
 */
export interface UnknownBlock {
  readonly type: 'unknown';
  /** The `type` the original block claimed, when it had a string one. */
  readonly originalType: string | undefined;
  /** Why it is not a known block. */
  readonly reason: string;
  /** The block as it came. */
  readonly raw: unknown;
}

export type ContentBlock =
  | TextBlock
  | ImageBlock
  | AudioBlock
  | EmbeddedResourceBlock
  | ResourceLinkBlock
  | AnthropicImageBlock
  | AnthropicDocumentBlock
  | SearchResultBlock
  | JsonBlock
  | UnknownBlock;

/** The blocks a caller may pass in (MCP and Anthropic-native blocks, and json items). */
export type ContentBlockInput = Exclude<ContentBlock, UnknownBlock>;

/** Any MCP `CallToolResult`-like value: what an MCP client's `callTool` returns. */
export interface CallToolResultInput {
  readonly content?: readonly unknown[];
  readonly structuredContent?: Readonly<Record<string, unknown>>;
  readonly isError?: boolean;
  readonly _meta?: Readonly<Record<string, unknown>>;
  readonly [key: string]: unknown;
}

/** True for an MCP image block (bytes), false for an Anthropic-native one (a `source`). */
export function isMcpImage(block: ContentBlock): block is ImageBlock {
  return block.type === 'image' && !('source' in block);
}

/** True for a block that is Anthropic-native (image or document with a source, search_result). */
export function isAnthropicNative(
  block: ContentBlock,
): block is AnthropicImageBlock | AnthropicDocumentBlock | SearchResultBlock {
  return (
    (block.type === 'image' && 'source' in block) ||
    block.type === 'document' ||
    block.type === 'search_result'
  );
}

const schemasByType: Readonly<Record<string, readonly z.ZodMiniType[]>> = {
  text: [TextBlockSchema],
  image: [ImageBlockSchema, AnthropicImageBlockSchema],
  audio: [AudioBlockSchema],
  resource: [EmbeddedResourceBlockSchema],
  resource_link: [ResourceLinkBlockSchema],
  document: [AnthropicDocumentBlockSchema],
  search_result: [SearchResultBlockSchema],
  json: [JsonBlockSchema],
};

function describeIssues(error: z.core.$ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(block)'}: ${issue.message}`)
    .join('; ');
}

/**
 * Parses one block. Never throws: a block of an unknown type or a malformed known block
 * comes back as an {@link UnknownBlock} that says why.
 */
export function parseContentBlock(raw: unknown): ContentBlock {
  if (!isRecord(raw)) {
    return { type: 'unknown', originalType: undefined, reason: 'not an object', raw };
  }
  const claimed = typeof raw.type === 'string' ? raw.type : undefined;
  if (claimed === undefined) {
    return { type: 'unknown', originalType: undefined, reason: 'no string "type" field', raw };
  }
  // The commonest block, bare text, without the schema (which would give the same copy).
  if (
    claimed === 'text' &&
    typeof raw.text === 'string' &&
    Object.hasOwn(raw, 'type') &&
    Object.hasOwn(raw, 'text') &&
    Object.keys(raw).length === 2
  ) {
    return { type: 'text', text: raw.text };
  }
  const candidates = Object.hasOwn(schemasByType, claimed) ? schemasByType[claimed] : undefined;
  if (!candidates) {
    return {
      type: 'unknown',
      originalType: claimed,
      reason: `unknown block type '${claimed}'`,
      raw,
    };
  }
  // An image with a `source` is Anthropic-native; one without is MCP.
  const schema =
    claimed === 'image' ? candidates['source' in raw ? 1 : 0] : (candidates[0] as z.ZodMiniType);
  const parsed = (schema as z.ZodMiniType).safeParse(raw, englishIssues);
  if (parsed.success) return parsed.data as ContentBlock;
  return {
    type: 'unknown',
    originalType: claimed,
    reason: `malformed '${claimed}' block: ${describeIssues(parsed.error)}`,
    raw,
  };
}

export interface ParseContentOptions {
  /** Told once per unknown or malformed block. */
  readonly onWarning?: WarningHandler;
}

/**
 * Parses an MCP-style content array block by block: one unknown or malformed block never
 * rejects the rest; it is kept as an {@link UnknownBlock} and the caller is warned.
 * Throws {@link ValidationError} only when `input` is not an array.
 */
export function parseContent(input: unknown, options: ParseContentOptions = {}): ContentBlock[] {
  if (!Array.isArray(input)) {
    throw new ValidationError(
      `content must be an array of content blocks, got ${describeValue(input)}`,
      { path: 'content' },
    );
  }
  return input.map((raw, index) => {
    const block = parseContentBlock(raw);
    if (block.type === 'unknown') {
      emitWarning(options.onWarning, {
        code: 'unknown_content_block',
        message: `content[${index}]: ${block.reason}; it is sent as a placeholder`,
        details: { index, originalType: block.originalType },
      });
    }
    return block;
  });
}

export type SafeParseResult<T> =
  | { readonly success: true; readonly data: T }
  | { readonly success: false; readonly error: ValidationError };

/** {@link parseContent} that returns a typed error instead of throwing. Never throws. */
export function safeParseContent(
  input: unknown,
  options: ParseContentOptions = {},
): SafeParseResult<ContentBlock[]> {
  try {
    return { success: true, data: parseContent(input, options) };
  } catch (error) {
    if (error instanceof ValidationError) return { success: false, error };
    throw error;
  }
}

/** A parsed `CallToolResult`: content blocks, structured content and the error flag. */
export interface ParsedToolOutput {
  readonly content: readonly ContentBlock[];
  readonly structuredContent: Readonly<Record<string, unknown>> | undefined;
  readonly isError: boolean;
}

/**
 * Parses what an MCP client's `callTool` returned: missing `content` is `[]`, missing
 * `isError` is false, `structuredContent` must be an object. A legacy (2024-10-07)
 * `{ toolResult }` becomes one text block of its JSON. Throws {@link ValidationError} when
 * `input` is not an object or a field has the wrong type.
 */
export function parseCallToolResult(
  input: unknown,
  options: ParseContentOptions = {},
): ParsedToolOutput {
  if (!isRecord(input)) {
    throw new ValidationError(`a tool result must be an object, got ${describeValue(input)}`, {
      path: '',
    });
  }
  if (!('content' in input) && 'toolResult' in input) {
    const text = JSON.stringify(input.toolResult) ?? '';
    return { content: [{ type: 'text', text }], structuredContent: undefined, isError: false };
  }
  const content = input.content === undefined ? [] : parseContent(input.content, options);
  const structured = input.structuredContent;
  if (structured !== undefined && !isRecord(structured)) {
    throw new ValidationError(
      `structuredContent must be an object, got ${describeValue(structured)}`,
      { path: 'structuredContent' },
    );
  }
  if (input.isError !== undefined && typeof input.isError !== 'boolean') {
    throw new ValidationError(`isError must be a boolean, got ${describeValue(input.isError)}`, {
      path: 'isError',
    });
  }
  return { content, structuredContent: structured, isError: input.isError === true };
}

/** A short description of a value's kind for error messages (never its contents). */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
