import {
  type AnthropicDocumentBlock,
  type AnthropicImageBlock,
  type ContentBlock,
  type EmbeddedResourceBlock,
  emitWarning,
  normalizeMediaType,
  type SearchResultBlock,
} from '@crosswire/core';
import {
  type InlineImage,
  isNativeImage,
  isTextResource,
  PDF_MEDIA_TYPE,
  wireTakesImage,
} from '../media.js';
import { nativeImageOf, nativePdfOf, provenImage } from '../native-media.js';
import {
  assertNever,
  blockText,
  emptyContentText,
  isTextMediaType,
  jsonText,
  mediaPlaceholder,
  resourceLinkText,
  searchResultText,
  textBlobText,
  unknownPlaceholder,
} from '../string-form.js';
import type {
  AnthropicCacheControl,
  AnthropicCitationsConfig,
  AnthropicDocumentBlockParam,
  AnthropicDocumentSource,
  AnthropicImageBlockParam,
  AnthropicImageMediaType,
  AnthropicSearchResultBlockParam,
  AnthropicTextBlockParam,
  AnthropicToolResultBlock,
  AnthropicToolResultContentBlock,
  ToolResultData,
  ToolResultToOptions,
} from '../wire-blocks.js';

/*
 * Anthropic takes structured blocks inside a tool_result, so each block is mapped onto one
 * (seed 000): text keeps only text and cache_control; MCP images only with `imageInput`; a
 * PDF blob as a base64 document unless `nativePdf: false`; text resources as text documents;
 * native blocks pass through whatever `imageInput` and `nativePdf` say (rebuilt with the
 * fields Anthropic knows, since it rejects unknown ones; `sourceBlocks: false` turns native
 * documents and search results into text); everything else a text placeholder.
 */

/** The content of an error result that has none: Anthropic refuses an empty one. */
export const EMPTY_ERROR_TEXT = 'the tool reported an error with no content';

interface Settings {
  readonly options: ToolResultToOptions;
  readonly sourceBlocks: boolean;
  readonly nativePdf: boolean;
}

function textBlock(text: string): AnthropicTextBlockParam {
  return { type: 'text', text };
}

function withOptional<T extends object>(target: T, source: object, keys: readonly string[]): T {
  for (const key of keys) {
    const value = (source as Record<string, unknown>)[key];
    if (value !== undefined) (target as Record<string, unknown>)[key] = value;
  }
  return target;
}

function base64Image(image: InlineImage): AnthropicImageBlockParam {
  return {
    type: 'image',
    source: {
      type: 'base64',
      media_type: image.mediaType as AnthropicImageMediaType,
      data: image.data,
    },
  };
}

/**
 * An Anthropic-native image passes through (seed 000: a caller built it for this wire), whatever
 * `imageInput` says: that option gates only the images converted from MCP bytes. It is rebuilt
 * with the fields Anthropic knows. A base64 source of a type Anthropic does not take (BMP, ...)
 * would fail the whole request, so it alone becomes the placeholder, and `onWarning` is told.
 */
function nativeImage(
  block: AnthropicImageBlock,
  settings: Settings,
): AnthropicImageBlockParam | AnthropicTextBlockParam {
  const source = block.source;
  if (source.type === 'base64') {
    const mediaType = normalizeMediaType(source.media_type);
    if (!wireTakesImage('anthropic', mediaType)) {
      emitWarning(settings.options.onWarning, {
        code: 'image_not_native',
        message: `${mediaType} cannot go natively in the anthropic tool result; it is sent as a placeholder`,
        details: { wire: 'anthropic', mediaType },
      });
      return textBlock(blockText(block));
    }
    const proven = provenImage(
      'anthropic',
      { mediaType, data: source.data, detail: undefined },
      settings.options,
    );
    if (proven === undefined) return textBlock(blockText(block));
    return withOptional(base64Image(proven), block, ['cache_control']);
  }
  const rebuilt: AnthropicImageBlockParam = {
    type: 'image',
    source:
      source.type === 'url'
        ? { type: 'url', url: source.url }
        : { type: 'file', file_id: (source as { file_id: string }).file_id },
  };
  return withOptional(rebuilt, block, ['cache_control']);
}

function textDocument(text: string, settings: Settings): AnthropicToolResultContentBlock {
  if (!settings.sourceBlocks) return textBlock(text);
  return { type: 'document', source: { type: 'text', media_type: 'text/plain', data: text } };
}

function resourceBlock(
  block: EmbeddedResourceBlock,
  settings: Settings,
): AnthropicToolResultContentBlock {
  const resource = block.resource;
  if (isTextResource(resource)) return textDocument(resource.text, settings);
  if (isTextMediaType(resource.mimeType)) {
    const text = textBlobText(resource.blob);
    if (text !== undefined) return textDocument(text, settings);
  }
  const image = nativeImageOf('anthropic', block, settings.options);
  if (image) return base64Image(image);
  const pdf = nativePdfOf(block, settings.nativePdf);
  if (pdf) {
    return {
      type: 'document',
      source: { type: 'base64', media_type: PDF_MEDIA_TYPE, data: pdf.data },
    };
  }
  return textBlock(mediaPlaceholder(block) as string);
}

/**
 * The source of a native document, rebuilt with the fields Anthropic knows. A native document
 * passes through whatever `nativePdf` says: that option is about the PDFs a tool returned as
 * MCP resource blobs (seed 000); only `sourceBlocks: false` degrades a native document.
 */
function documentSource(
  block: AnthropicDocumentBlock,
  settings: Settings,
): AnthropicDocumentSource | undefined {
  const source = block.source;
  switch (source.type) {
    case 'text':
      return { type: 'text', media_type: 'text/plain', data: source.data };
    case 'content': {
      if (typeof source.content === 'string') return { type: 'content', content: source.content };
      const content = source.content.map((part) => {
        if (part.type === 'text') return textBlock(part.text);
        return nativeImage(part, settings);
      });
      return { type: 'content', content };
    }
    case 'base64':
      // Anthropic's base64 document source is a PDF; anything else is the placeholder.
      if (normalizeMediaType(source.media_type) !== PDF_MEDIA_TYPE) return undefined;
      return { type: 'base64', media_type: PDF_MEDIA_TYPE, data: source.data };
    case 'url':
      return { type: 'url', url: source.url };
    case 'file':
      return { type: 'file', file_id: source.file_id };
    default:
      return undefined;
  }
}

function nativeDocument(
  block: AnthropicDocumentBlock,
  settings: Settings,
): AnthropicDocumentBlockParam | AnthropicTextBlockParam {
  if (!settings.sourceBlocks) return textBlock(blockText(block));
  const source = documentSource(block, settings);
  if (!source) return textBlock(blockText(block));
  const document: AnthropicDocumentBlockParam = { type: 'document', source };
  if (block.title !== undefined) document.title = block.title;
  if (block.context !== undefined) document.context = block.context;
  if (block.citations !== undefined) {
    document.citations = block.citations as AnthropicCitationsConfig | null;
  }
  return withOptional(document, block, ['cache_control']);
}

function searchResult(
  block: SearchResultBlock,
  settings: Settings,
): AnthropicSearchResultBlockParam | AnthropicTextBlockParam {
  if (!settings.sourceBlocks) return textBlock(searchResultText(block));
  const result: AnthropicSearchResultBlockParam = {
    type: 'search_result',
    source: block.source,
    title: block.title,
    content: block.content.map((part) => textBlock(part.text)),
  };
  return withOptional(result, block, ['citations', 'cache_control']);
}

function contentBlock(block: ContentBlock, settings: Settings): AnthropicToolResultContentBlock {
  switch (block.type) {
    case 'text': {
      const text = textBlock(block.text);
      if (block.cache_control !== undefined) {
        text.cache_control = block.cache_control as AnthropicCacheControl | null;
      }
      return text;
    }
    case 'image': {
      if (isNativeImage(block)) return nativeImage(block, settings);
      const image = nativeImageOf('anthropic', block, settings.options);
      return image ? base64Image(image) : textBlock(blockText(block));
    }
    case 'audio':
      return textBlock(blockText(block));
    case 'resource':
      return resourceBlock(block, settings);
    case 'resource_link':
      return textBlock(resourceLinkText(block));
    case 'document':
      return nativeDocument(block, settings);
    case 'search_result':
      return searchResult(block, settings);
    case 'json':
      return textBlock(jsonText(block.value));
    case 'unknown':
      return textBlock(unknownPlaceholder(block));
    default:
      return assertNever(block);
  }
}

/** The Anthropic `tool_result` block of `result`. */
export function renderToolResult(
  result: ToolResultData,
  options: ToolResultToOptions,
): AnthropicToolResultBlock {
  const sourceBlocks = options.sourceBlocks !== false;
  const settings: Settings = {
    options,
    sourceBlocks,
    // No document block at all without source blocks, so no PDF document either.
    nativePdf: options.nativePdf !== false && sourceBlocks,
  };
  // Anthropic refuses a text block that is empty or only whitespace ("text content blocks
  // must be non-empty"): such a block carries nothing, so it is left out.
  const blocks = result.content
    .map((item) => contentBlock(item, settings))
    .filter((item) => !(item.type === 'text' && item.text.trim() === ''));
  let content: AnthropicToolResultBlock['content'] =
    blocks.length > 0 ? blocks : emptyContentText(result.structuredContent);
  // ...and an error result with no content ("content cannot be empty if `is_error` is true").
  if (result.isError && content === '') content = EMPTY_ERROR_TEXT;
  const block: AnthropicToolResultBlock = {
    type: 'tool_result',
    tool_use_id: result.id,
    content,
  };
  if (result.isError) block.is_error = true;
  return block;
}
