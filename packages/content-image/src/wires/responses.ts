import { buildDataUrl } from '@crosswire/core';
import { requireBase64 } from './require.js';
import type { ImageView, InlineOptions, ResponsesImagePart } from './types.js';

/**
 * Open-Responses (OpenAI /v1/responses): `{ type: 'input_image', image_url, detail? }`, where
 * `image_url` is a plain string: the remote URL, else or with `inline` a data: URL.
 */
export function imagePart(image: ImageView, options: InlineOptions = {}): ResponsesImagePart {
  const imageUrl =
    image.url !== undefined && options.inline !== true
      ? image.url
      : buildDataUrl(image.mediaType, requireBase64(image, 'toResponses()'));
  return image.detail === undefined
    ? { type: 'input_image', image_url: imageUrl }
    : { type: 'input_image', image_url: imageUrl, detail: image.detail };
}
