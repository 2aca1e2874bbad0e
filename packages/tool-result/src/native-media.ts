import {
  type ContentBlock,
  emitWarning,
  imageBase64Matches,
  type WireFormat,
} from '@crosswire/core';
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
  if (!wireTakesImage(wire, image.mediaType)) {
    emitWarning(options.onWarning, {
      code: 'image_not_native',
      message: `${image.mediaType} cannot go natively in the ${wire} tool result; it is sent as a placeholder`,
      details: { wire, mediaType: image.mediaType },
    });
    return undefined;
  }
  return provenImage(wire, image, options);
}

/**
 * `image` when its bytes are the type it claims, else undefined after a warning: a provider
 * refuses the whole request over an HTML page labelled `image/png` or an empty payload, and a
 * model must never be shown bytes under a false name.
 */
export function provenImage<T extends { readonly mediaType: string; readonly data: string }>(
  wire: WireFormat,
  image: T,
  options: Pick<ToolResultToOptions, 'onWarning'>,
): T | undefined {
  if (imageBase64Matches(image.data, image.mediaType) === true) return image;
  const empty = image.data.trim() === '';
  emitWarning(options.onWarning, {
    code: 'image_bytes_mismatch',
    message: empty
      ? `an ${image.mediaType} image with no data cannot go natively in the ${wire} tool result; it is sent as a placeholder`
      : `the bytes of an image labelled ${image.mediaType} are not ${image.mediaType}; it is sent to ${wire} as a placeholder`,
    details: { wire, mediaType: image.mediaType, empty },
  });
  return undefined;
}

/** The PDF in `block` when `nativePdf` is on (the caller resolves the wire's default). */
export function nativePdfOf(block: ContentBlock, nativePdf: boolean): InlinePdf | undefined {
  return nativePdf ? inlinePdfOf(block) : undefined;
}
