import { type ContentBlock, emitWarning, type WireFormat } from '@crosswire/core';
import {
  type InlineImage,
  type InlinePdf,
  inlineImageOf,
  inlinePdfOf,
  wireTakesImage,
} from './media.js';
import type { ToolResultToOptions } from './wire-blocks.js';

/*
 * The decision shared by the three wires with native media: does this block go natively here,
 * under these options? Kept in one place so anthropic, responses and gemini cannot drift.
 */

/**
 * The image in `block` when `wire` sends it natively under `options` (`imageInput` on and a
 * media type the wire takes), else undefined. Warns when an image was asked for natively but
 * its type cannot go (the model would have seen it, had it been a PNG).
 */
export function nativeImageOf(
  wire: WireFormat,
  block: ContentBlock,
  options: ToolResultToOptions,
): InlineImage | undefined {
  if (options.imageInput !== true) return undefined;
  const image = inlineImageOf(block);
  if (!image) return undefined;
  if (wireTakesImage(wire, image.mediaType)) return image;
  emitWarning(options.onWarning, {
    code: 'image_not_native',
    message: `${image.mediaType} cannot go natively in the ${wire} tool result; it is sent as a placeholder`,
    details: { wire, mediaType: image.mediaType },
  });
  return undefined;
}

/** The PDF in `block` when `nativePdf` is on (the caller resolves the wire's default). */
export function nativePdfOf(block: ContentBlock, nativePdf: boolean): InlinePdf | undefined {
  return nativePdf ? inlinePdfOf(block) : undefined;
}
