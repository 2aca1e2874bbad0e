import { buildDataUrl } from '@crosswire/core';
import { requireBase64 } from './require.js';
import type { ImageView, InlineOptions, OpenAIImagePart } from './types.js';

/**
 * OpenAI chat completions: `{ type: 'image_url', image_url: { url, detail? } }`. The remote
 * URL when there is one (the provider fetches it), else or with `inline` a data: URL.
 */
export function imagePart(image: ImageView, options: InlineOptions = {}): OpenAIImagePart {
  const url =
    image.url !== undefined && options.inline !== true
      ? image.url
      : buildDataUrl(image.mediaType, requireBase64(image, 'toOpenAI()'));
  return {
    type: 'image_url',
    image_url: image.detail === undefined ? { url } : { url, detail: image.detail },
  };
}
