// The opt-in `imageFallback: 'user-message'` of the wires whose tool results carry no image
// (openai, ollama, hermes): the tools' images follow the results in one user message, so a
// model that sees images still sees them. The result blocks keep their placeholders.
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
import type { JsonObject } from './dialect-support.js';
import type { DialectOptions } from './dialect-types.js';

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

function label(images: readonly ToolImage[]): string {
  const names = images.map((image) =>
    image.callId ? `${image.toolName} (${image.callId})` : image.toolName,
  );
  return `The tool results above returned ${images.length} image(s), attached here in order: ${names.join(', ')}.`;
}

/** True when `imageFallback` is `form` and the model sees images at all. */
function fallbackOn(options: DialectOptions, form: 'user-message' | 'tool-message'): boolean {
  return (
    options.imageFallback === form && (options.imageFallbackInput ?? options.imageInput) === true
  );
}

/**
 * Gemini's form of the `user-message` fallback, for models whose functionResponse takes no
 * image (Gemini 2.x; `imageInput` false there): the tools' images as `inlineData` parts
 * after the functionResponse parts of the same user turn, after one text part saying what
 * they are (as the AI SDK sends them). `[]` when the fallback is off, the model sees no
 * images (`imageFallbackInput`), the results carry their images natively, or there is none.
 */
export function geminiImageFallbackParts(
  results: readonly ToolResult[],
  options: DialectOptions,
): JsonObject[] {
  if (!fallbackOn(options, 'user-message') || options.imageInput === true) return [];
  const images = toolResultImages(results, options);
  if (images.length === 0) return [];
  return [
    { text: label(images) },
    ...images.map((image) => ({ inlineData: { mimeType: image.mediaType, data: image.base64 } })),
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
