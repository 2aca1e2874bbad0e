// Tool output as LangChain carries it, read into the MCP and Anthropic-native blocks a Crosswire
// ToolResult reads. Tools hand LangChain their output in several forms, and one message may mix
// them: MCP blocks, @langchain/mcp-adapters' `image_url` data URLs (its default) and standard
// blocks (`source_type`, `mime_type`), LangChain's v1 blocks (`data` / `url` / `fileId`,
// `mimeType`), provider-native blocks, and the JSON text of a CallToolResult (what a tool that
// returns the MCP result object becomes). Every block is read on its own; one that fits no form
// is kept as it is and becomes the result's placeholder for it.
import {
  bytesToBase64,
  emitWarning,
  mediaTypeFromBase64,
  parseDataUrl,
  type WarningHandler,
} from '@crosswire/core';
import { ToolResult } from '@crosswire/tool-result';
import type { ToolMessage } from '@langchain/core/messages';

type Block = Record<string, unknown>;

function isRecord(value: unknown): value is Block {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const stringOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** Block types {@link mcpBlockOf} reads: MCP's, LangChain's standard and v1 ones, the providers'. */
const KNOWN_BLOCK_TYPES = new Set([
  'text',
  'image',
  'audio',
  'resource',
  'resource_link',
  'text-plain',
  'image_url',
  'file',
  'media',
  'input_text',
  'input_image',
  'input_file',
  'document',
  'search_result',
]);

/**
 * True when `value` is a tool result object: a `content` array of blocks of known types (an MCP
 * `CallToolResult`, or one whose blocks are in a LangChain form). JSON of anything else is the
 * tool's own text.
 */
function isResultObject(value: unknown): value is Block {
  if (!isRecord(value) || !Array.isArray(value.content)) return false;
  return value.content.every(
    (block) =>
      isRecord(block) && typeof block.type === 'string' && KNOWN_BLOCK_TYPES.has(block.type),
  );
}

/**
 * The longest tool message text read as the JSON of a CallToolResult (32 MiB): a longer one stays
 * text, with a `langchain_result_not_read` warning. JSON.parse is linear, but a copy of that size
 * per model call is not worth making for a result no provider would take.
 */
export const MAX_RESULT_JSON_CHARS = 32 * 1024 * 1024;

/** The CallToolResult a tool message's text is the JSON of, or undefined. */
function callToolResultOfText(
  text: string,
  where: { readonly name: string; readonly id: string },
  onWarning: WarningHandler | undefined,
): Block | undefined {
  // Cheap tests first: most tool messages are prose.
  if (!text.startsWith('{') || !text.includes('"content"')) return undefined;
  if (text.length > MAX_RESULT_JSON_CHARS) {
    emitWarning(onWarning, {
      code: 'langchain_result_not_read',
      message: `the tool message of ${where.name} (${where.id}) is ${text.length} characters, over ${MAX_RESULT_JSON_CHARS}; it was not read as an MCP result and goes as it is`,
      details: { toolName: where.name, callId: where.id, length: text.length },
    });
    return undefined;
  }
  try {
    const value: unknown = JSON.parse(text);
    return isResultObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Base64 of a block's `data`: a string as it is, bytes encoded. */
function base64Of(data: unknown): string | undefined {
  if (typeof data === 'string') return data;
  return data instanceof Uint8Array ? bytesToBase64(data) : undefined;
}

/** A block's media type in either spelling, else what its bytes prove. */
function mediaTypeOf(block: Block, base64: string | undefined): string | undefined {
  return (
    stringOf(block.mimeType) ??
    stringOf(block.mime_type) ??
    stringOf(block.mediaType) ??
    (base64 === undefined ? undefined : mediaTypeFromBase64(base64))
  );
}

/** `{ mediaType, base64 }` of a base64 `data:` URL, else undefined. */
function fromDataUrl(url: string): { mediaType: string; base64: string } | undefined {
  if (!url.startsWith('data:')) return undefined;
  try {
    const parsed = parseDataUrl(url);
    return parsed.isBase64 ? { mediaType: parsed.mediaType, base64: parsed.data } : undefined;
  } catch {
    return undefined;
  }
}

/** The file name a block carries (`metadata.filename`, `filename`, `name`, `title`). */
function filenameOf(block: Block): string | undefined {
  const metadata = isRecord(block.metadata) ? block.metadata : {};
  return (
    stringOf(metadata.filename) ??
    stringOf(block.filename) ??
    stringOf(metadata.name) ??
    stringOf(block.name) ??
    stringOf(block.title)
  );
}

/** The resource URI of a file block: its `metadata.uri`, else a `file:///` URI of its name, else none. */
function uriOf(block: Block): string {
  const metadata = isRecord(block.metadata) ? block.metadata : {};
  const uri = stringOf(metadata.uri) ?? stringOf(block.uri);
  if (uri !== undefined) return uri;
  const filename = filenameOf(block);
  return filename === undefined ? '' : `file:///${encodeURIComponent(filename)}`;
}

/**
 * Bytes as the MCP block ToolResult reads: an image or audio block for an `image` / `audio`
 * block (and a `media` block of that top-level type), else an embedded resource blob.
 */
function mediaBlock(
  kind: string,
  mediaType: string | undefined,
  base64: string,
  block: Block,
): Block {
  const as = kind === 'media' ? mediaType?.split('/')[0] : kind;
  if (as === 'image' || as === 'audio') {
    return { type: as, data: base64, mimeType: mediaType ?? 'application/octet-stream' };
  }
  return {
    type: 'resource',
    resource: {
      uri: uriOf(block),
      ...(mediaType === undefined ? {} : { mimeType: mediaType }),
      blob: base64,
    },
  };
}

/** A URL (not `data:`) of a given kind: an Anthropic URL image, else an MCP resource link. */
function urlBlock(kind: string, url: string, mediaType: string | undefined): Block {
  if (kind === 'image') return { type: 'image', source: { type: 'url', url } };
  const name = url.split(/[?#]/)[0]?.split('/').filter(Boolean).pop() ?? url;
  return {
    type: 'resource_link',
    uri: url,
    name,
    ...(mediaType === undefined ? {} : { mimeType: mediaType }),
  };
}

/** A provider file id: an Anthropic file image or document (placeholders elsewhere). */
function fileIdBlock(kind: string, fileId: string): Block {
  return {
    type: kind === 'image' ? 'image' : 'document',
    source: { type: 'file', file_id: fileId },
  };
}

/** An image, audio or file block in LangChain's standard (v0 `source_type`) or v1 form. */
function multimodalBlock(kind: string, block: Block): unknown {
  const sourceType = stringOf(block.source_type);
  if (sourceType === 'text' || (kind === 'file' && typeof block.text === 'string')) {
    return {
      type: 'resource',
      resource: {
        uri: uriOf(block),
        mimeType: mediaTypeOf(block, undefined) ?? 'text/plain',
        text: block.text,
      },
    };
  }
  const url = stringOf(block.url);
  if (url !== undefined && (sourceType === undefined || sourceType === 'url')) {
    const inline = fromDataUrl(url);
    return inline === undefined
      ? urlBlock(kind, url, mediaTypeOf(block, undefined))
      : mediaBlock(kind, inline.mediaType, inline.base64, block);
  }
  const fileId = stringOf(block.fileId) ?? (sourceType === 'id' ? stringOf(block.id) : undefined);
  if (fileId !== undefined) return fileIdBlock(kind, fileId);
  const base64 = base64Of(block.data);
  if (base64 === undefined) return block;
  return mediaBlock(kind, mediaTypeOf(block, base64), base64, block);
}

/** An `image_url` part (OpenAI's form, @langchain/mcp-adapters' default for MCP images). */
function imageUrlBlock(block: Block): unknown {
  const imageUrl = block.image_url;
  const url = stringOf(imageUrl) ?? (isRecord(imageUrl) ? stringOf(imageUrl.url) : undefined);
  if (url === undefined) return block;
  const inline = fromDataUrl(url);
  return inline === undefined
    ? urlBlock('image', url, undefined)
    : mediaBlock('image', inline.mediaType, inline.base64, block);
}

/** Responses-native parts, as Crosswire renders them (a message made for that wire, read back). */
function responsesBlock(block: Block): unknown {
  if (block.type === 'input_text') return { type: 'text', text: block.text };
  if (block.type === 'input_image') return imageUrlBlock(block);
  const fileData = stringOf(block.file_data);
  const inline = fileData === undefined ? undefined : fromDataUrl(fileData);
  if (inline === undefined) return block;
  return mediaBlock('file', inline.mediaType, inline.base64, block);
}

/** One content block of a LangChain message as the block a ToolResult reads. */
export function mcpBlockOf(block: unknown): unknown {
  if (typeof block === 'string') return { type: 'text', text: block };
  if (!isRecord(block)) return block;
  switch (block.type) {
    case 'text':
    case 'text-plain':
      // A cache breakpoint a caller put on the text is kept (Anthropic sends it).
      return typeof block.text === 'string'
        ? {
            type: 'text',
            text: block.text,
            ...(isRecord(block.cache_control) ? { cache_control: block.cache_control } : {}),
          }
        : block;
    case 'image_url':
      return imageUrlBlock(block);
    case 'image':
    case 'audio':
    case 'file':
      // An Anthropic-native block (a `source` object) is read by ToolResult as it is.
      return isRecord(block.source) ? block : multimodalBlock(block.type, block);
    case 'media': {
      const base64 = base64Of(block.data);
      return base64 === undefined
        ? block
        : mediaBlock('media', mediaTypeOf(block, base64), base64, block);
    }
    case 'input_text':
    case 'input_image':
    case 'input_file':
      return responsesBlock(block);
    default:
      // MCP `resource` / `resource_link`, Anthropic `document` / `search_result`, typed `json`
      // items, and anything unknown (which the result turns into its placeholder).
      return block;
  }
}

/** What the middleware and `mcpToolMessage` read a tool's output with. */
export interface ReadOptions {
  readonly onWarning?: WarningHandler | undefined;
  /** The call failed (a tool message's `status: 'error'`), whatever the output says. */
  readonly isError?: boolean;
}

/** `result`, marked failed when `isError` says so. */
function failedWhen(
  isError: boolean | undefined,
  result: ToolResult,
  options: ReadOptions,
): ToolResult {
  if (isError !== true || result.isError) return result;
  const { name, id, content, structuredContent } = result;
  return new ToolResult(
    { name, id, content, structuredContent, isError: true },
    options.onWarning ? { onWarning: options.onWarning } : {},
  );
}

/**
 * A tool's output (an MCP CallToolResult, a Crosswire ToolResult, a content array in any of the
 * forms above, or text, the JSON text of a CallToolResult included) as a ToolResult answering
 * `call`.
 */
export function toolResultOf(
  output: unknown,
  call: { readonly name: string; readonly id: string },
  options: ReadOptions = {},
): ToolResult {
  if (output instanceof ToolResult) return failedWhen(options.isError, output, options);
  const resultOptions = options.onWarning ? { onWarning: options.onWarning } : {};
  const source =
    typeof output === 'string'
      ? (callToolResultOfText(output, call, options.onWarning) ?? output)
      : output;
  if (isRecord(source) && Array.isArray(source.content)) {
    const content = source.content.map(mcpBlockOf);
    const result = ToolResult.fromCallToolResult(call, { ...source, content }, resultOptions);
    return failedWhen(options.isError, result, options);
  }
  const content = Array.isArray(source)
    ? source.map(mcpBlockOf)
    : typeof source === 'string' && source !== ''
      ? [{ type: 'text', text: source }]
      : [];
  return new ToolResult({ ...call, content, isError: options.isError === true }, resultOptions);
}

/** Marks a ToolMessage whose `artifact` is the MCP result it was rendered from (`mcpToolMessage`). */
export const RESULT_ARTIFACT = 'crosswire_call_tool_result';

/**
 * The result a tool message stands for, or undefined when there is nothing to rewrite (the text
 * of a call that did not fail). Read from the MCP result in its artifact when `mcpToolMessage`
 * made the message, else from its content.
 */
export function toolResultOfMessage(
  message: ToolMessage,
  options: Pick<ReadOptions, 'onWarning'> = {},
): ToolResult | undefined {
  const call = { name: message.name ?? '', id: message.tool_call_id };
  const read = { ...options, isError: message.status === 'error' };
  const metadata = isRecord(message.metadata) ? message.metadata : {};
  if (
    metadata.crosswire === RESULT_ARTIFACT &&
    isRecord(message.artifact) &&
    Array.isArray(message.artifact.content)
  ) {
    return toolResultOf(message.artifact, call, read);
  }
  const { content } = message;
  if (typeof content !== 'string') return toolResultOf(content, call, read);
  const parsed = callToolResultOfText(content, call, options.onWarning);
  if (parsed !== undefined) return toolResultOf(parsed, call, read);
  return read.isError
    ? toolResultOf(content === '' ? [] : [{ type: 'text', text: content }], call, read)
    : undefined;
}
