import { type ContentBlock, normalizeMediaType } from '@crosswire/core';
import {
  bedrockDocumentFormat,
  bedrockDocumentName,
  sanitizeBedrockDocumentName,
  uniqueBedrockDocumentName,
} from '../bedrock-document.js';
import { blobResourceOf, PDF_MEDIA_TYPE } from '../media.js';
import { nativeImageOf } from '../native-media.js';
import { blockText, isTextMediaType } from '../string-form.js';
import type {
  BedrockImageFormat,
  BedrockToolResultBlock,
  BedrockToolResultContentBlock,
  ToolResultData,
  ToolResultToOptions,
} from '../wire-blocks.js';
import { EMPTY_ERROR_TEXT } from './anthropic.js';

/*
 * Bedrock Converse's `toolResult` content block. Each item becomes one member of `content`:
 * text as `text`; a json item whose value is an object as `json` (a structured result, read by
 * every model that takes tools); an image as `image` with `imageInput` (the registry's
 * `tool_result_images`, true only for the models AWS and live reports show accepting one) and
 * a PDF or Office document as `document` with `nativePdf`; everything else, and all of those
 * when not allowed, as the same text the string wires send. A failed tool says so in
 * `status: 'error'`. Document names are the ones Converse accepts, unique within the result
 * (the dialect makes them unique across the request).
 * https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolResultContentBlock.html
 */

const IMAGE_FORMATS: Readonly<Record<string, BedrockImageFormat>> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** The content of a successful result that has none: Converse refuses an empty list. */
export const EMPTY_RESULT_TEXT = 'the tool returned no content';

function text(value: string): BedrockToolResultContentBlock {
  return { text: value };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The image of `block` as a Converse `image` member when it may go natively, else undefined.
 * A native image goes the way an MCP image does (only a base64 source: Converse fetches nothing
 * but its own S3 objects), so one of a type Converse does not take is reported to `onWarning`
 * like any other.
 */
function imageMember(
  block: ContentBlock,
  options: ToolResultToOptions,
): BedrockToolResultContentBlock | undefined {
  const image = nativeImageOf('bedrock', block, options);
  const format = image === undefined ? undefined : IMAGE_FORMATS[image.mediaType];
  if (image === undefined || format === undefined) return undefined;
  return { image: { format, source: { bytes: image.data } } };
}

/** What one result's members share: the options, and the document names given so far. */
interface Settings {
  readonly options: ToolResultToOptions;
  readonly nativePdf: boolean;
  readonly names: Set<string>;
}

/** A PDF or Office document as a Converse `document` member when `nativePdf` is on. */
function documentMember(
  block: ContentBlock,
  settings: Settings,
): BedrockToolResultContentBlock | undefined {
  if (!settings.nativePdf) return undefined;
  if (block.type === 'document' && block.source.type === 'base64') {
    if (normalizeMediaType(block.source.media_type) !== PDF_MEDIA_TYPE) return undefined;
    return {
      document: {
        format: 'pdf',
        name: uniqueBedrockDocumentName(
          sanitizeBedrockDocumentName(block.title ?? ''),
          settings.names,
        ),
        source: { bytes: block.source.data },
      },
    };
  }
  const resource = blobResourceOf(block);
  if (resource === undefined || isTextMediaType(resource.mimeType)) return undefined;
  const format = bedrockDocumentFormat(resource);
  if (format === undefined || resource.blob === '') return undefined;
  return {
    document: {
      format,
      name: uniqueBedrockDocumentName(bedrockDocumentName(resource.uri), settings.names),
      source: { bytes: resource.blob },
    },
  };
}

function member(block: ContentBlock, settings: Settings): BedrockToolResultContentBlock {
  if (block.type === 'text') return text(block.text);
  if (block.type === 'json' && isObject(block.value)) {
    return { json: structuredClone(block.value) as Record<string, unknown> };
  }
  return (
    imageMember(block, settings.options) ??
    documentMember(block, settings) ??
    text(blockText(block))
  );
}

/** The Converse `toolResult` block of `result`. */
export function renderToolResult(
  result: ToolResultData,
  options: ToolResultToOptions,
): BedrockToolResultBlock {
  const settings: Settings = { options, nativePdf: options.nativePdf === true, names: new Set() };
  // Converse refuses a blank text block ("The text field in the ContentBlock object ... is
  // blank"): such a block carries nothing, so it is left out.
  const content = result.content
    .map((block) => member(block, settings))
    .filter((block) => !('text' in block && block.text.trim() === ''));
  if (content.length === 0) {
    if (result.structuredContent !== undefined) {
      content.push({ json: structuredClone(result.structuredContent) as Record<string, unknown> });
    } else {
      // An empty list is refused, and an error result must say something ("The content field
      // at messages.N.content.0.toolResult cannot be empty when status value is error").
      content.push(text(result.isError ? EMPTY_ERROR_TEXT : EMPTY_RESULT_TEXT));
    }
  }
  const block: BedrockToolResultBlock = { toolResult: { toolUseId: result.id, content } };
  if (result.isError) block.toolResult.status = 'error';
  return block;
}
