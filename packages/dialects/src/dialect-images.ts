// The opt-in `imageFallback: 'user-message'` of the wires whose tool results carry no image
// (openai, ollama, hermes; gemini 2.x, which also takes PDFs there): the tools' images follow
// the results in one user message, so a model that sees images still sees them. The result
// blocks keep their placeholders.
import {
  buildDataUrl,
  type ContentBlock,
  emitWarning,
  imageBase64Matches,
  NATIVE_IMAGE_MEDIA_TYPES,
  normalizeMediaType,
  type WarningHandler,
} from '@crosswire/core';
import type { ToolResult } from '@crosswire/tool-result';
import type { DialectOptions } from './dialect-types.js';
import type { JsonObject } from './support/json.js';

/** One image a tool returned, with the call it came from. */
export interface ToolImage {
  readonly toolName: string;
  readonly callId: string;
  readonly mediaType: string;
  readonly base64: string;
}

function imageOf(block: ContentBlock): { mediaType: string; base64: string } | undefined {
  const record = block as unknown as Record<string, unknown>;
  if (block.type === 'image') {
    const source = record.source as Record<string, unknown> | undefined;
    if (source === undefined) return pair(record.mimeType, record.data);
    if (source.type === 'base64') return pair(source.media_type, source.data);
    return undefined;
  }
  if (block.type === 'resource') {
    const resource = record.resource as Record<string, unknown>;
    return pair(resource.mimeType, resource.blob);
  }
  return undefined;
}

function pair(
  mediaType: unknown,
  base64: unknown,
): { mediaType: string; base64: string } | undefined {
  return typeof mediaType === 'string' && typeof base64 === 'string'
    ? { mediaType, base64 }
    : undefined;
}

/**
 * The images (JPEG, PNG, GIF, WebP, as bytes) in the results' content, in order. Bytes that
 * are not the type they claim (an HTML page labelled `image/png`, an empty payload) are left
 * out, and `onWarning` is told: the model must not be shown them as an image.
 */
export function toolResultImages(
  results: readonly ToolResult[],
  options: { readonly onWarning?: WarningHandler | undefined } = {},
): ToolImage[] {
  const native = NATIVE_IMAGE_MEDIA_TYPES as readonly string[];
  return results.flatMap((result) =>
    result.content.flatMap((block: ContentBlock) => {
      const image = imageOf(block);
      if (image === undefined) return [];
      const mediaType = normalizeMediaType(image.mediaType);
      if (!native.includes(mediaType)) return [];
      if (imageBase64Matches(image.base64, mediaType) !== true) {
        emitWarning(options.onWarning, {
          code: 'image_bytes_mismatch',
          message: `the bytes of an image labelled ${mediaType} from tool ${result.name} are not ${mediaType}; it is not attached`,
          details: { toolName: result.name, callId: result.id ?? '', mediaType },
        });
        return [];
      }
      return [{ toolName: result.name, callId: result.id ?? '', mediaType, base64: image.base64 }];
    }),
  );
}

const PDF_MEDIA_TYPE = 'application/pdf';

function label(media: readonly ToolImage[], what = 'image(s)'): string {
  const names = media.map((item) =>
    item.callId ? `${item.toolName} (${item.callId})` : item.toolName,
  );
  return `The tool results above returned ${media.length} ${what}, attached here in order: ${names.join(', ')}.`;
}

/** The PDFs (embedded resource blobs, Anthropic-native base64 documents) in the results, in order. */
function toolResultPdfs(results: readonly ToolResult[]): ToolImage[] {
  return results.flatMap((result) =>
    result.content.flatMap((block: ContentBlock) => {
      const record = block as unknown as Record<string, unknown>;
      const source = record.source as Record<string, unknown> | undefined;
      const pdf =
        block.type === 'document' && source?.type === 'base64'
          ? pair(source.media_type, source.data)
          : imageOf(block);
      // An empty payload is no document (Gemini refuses empty inlineData): its placeholder stays.
      if (pdf === undefined || pdf.base64 === '') return [];
      if (normalizeMediaType(pdf.mediaType) !== PDF_MEDIA_TYPE) return [];
      const { name: toolName, id: callId = '' } = result;
      return [{ toolName, callId, mediaType: PDF_MEDIA_TYPE, base64: pdf.base64 }];
    }),
  );
}

/** True when `imageFallback` is `form` and the model sees images at all. */
function fallbackOn(options: DialectOptions, form: 'user-message' | 'tool-message'): boolean {
  return (
    options.imageFallback === form && (options.imageFallbackInput ?? options.imageInput) === true
  );
}

const inlineData = (item: ToolImage) => ({
  inlineData: { mimeType: item.mediaType, data: item.base64 },
});

/**
 * Gemini's form of the `user-message` fallback, for models whose functionResponse takes no
 * image or PDF (Gemini 2.x: `imageInput` and `nativePdf` false there), as the AI SDK sends them
 * (`appendLegacyToolResultParts`, @ai-sdk/google 3.0.141): after the functionResponse parts of
 * the same user turn, one text part saying what follows, then the tools' images as `inlineData`
 * when the model sees images (`imageFallbackInput`); likewise their PDFs when it reads PDFs
 * (`pdfFallbackInput`). `[]` when the fallback is off or there is nothing to attach.
 */
export function geminiMediaFallbackParts(
  results: readonly ToolResult[],
  options: DialectOptions,
): JsonObject[] {
  const images =
    fallbackOn(options, 'user-message') && options.imageInput !== true
      ? toolResultImages(results, options)
      : [];
  const pdfs =
    options.imageFallback === 'user-message' &&
    options.pdfFallbackInput === true &&
    options.nativePdf !== true
      ? toolResultPdfs(results)
      : [];
  return [
    ...(images.length === 0 ? [] : [{ text: label(images) }]),
    ...images.map(inlineData),
    ...(pdfs.length === 0 ? [] : [{ text: label(pdfs, 'PDF document(s)') }]),
    ...pdfs.map(inlineData),
  ];
}

/**
 * Ollama's `tool-message` fallback: the base64 images of one result, for the `images` field
 * of its own tool message (the Ollama server takes `images` on any role; its prompt builder
 * walks every message). Undefined when the fallback is off or the result has none.
 */
export function toolMessageImages(
  result: ToolResult,
  options: DialectOptions,
): string[] | undefined {
  if (!fallbackOn(options, 'tool-message')) return undefined;
  const images = toolResultImages([result], options);
  return images.length === 0 ? undefined : images.map((image) => image.base64);
}

/**
 * The user message carrying the tools' images after the results, or undefined when the
 * fallback is off, the model sees no images (`imageInput`), or no result has an image.
 */
export function toolResultImageMessage(
  wire: 'openai' | 'ollama' | 'hermes',
  results: readonly ToolResult[],
  options: DialectOptions,
): JsonObject | undefined {
  if (!fallbackOn(options, 'user-message')) return undefined;
  const images = toolResultImages(results, options);
  if (images.length === 0) return undefined;
  if (wire === 'ollama') {
    return { role: 'user', content: label(images), images: images.map((image) => image.base64) };
  }
  return {
    role: 'user',
    content: [
      { type: 'text', text: label(images) },
      ...images.map((image) => ({
        type: 'image_url',
        image_url: { url: buildDataUrl(image.mediaType, image.base64) },
      })),
    ],
  };
}

/**
 * The tools' images for a wire whose tool result keeps their placeholders here (the model's
 * `imageInput` is off) while the model sees images (`imageFallback: 'user-message'` and
 * `imageFallbackInput`), with the sentence that introduces them; undefined when there is
 * nothing to attach. Bedrock puts them after the `toolResult` blocks of the same user turn.
 */
export function fallbackToolImages(
  results: readonly ToolResult[],
  options: DialectOptions,
): { readonly label: string; readonly images: readonly ToolImage[] } | undefined {
  if (!fallbackOn(options, 'user-message') || options.imageInput === true) return undefined;
  const images = toolResultImages(results, options);
  return images.length === 0 ? undefined : { label: label(images), images };
}
