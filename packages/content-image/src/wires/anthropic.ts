import { requireBase64, requireMediaType } from './require.js';
import type { AnthropicImagePart, ImageView, InlineOptions } from './types.js';

/**
 * Anthropic messages: a URL source when the image has a remote URL (Anthropic fetches it),
 * else an inline base64 source, which needs a media type. The wire has no detail field.
 */
export function imagePart(image: ImageView, options: InlineOptions = {}): AnthropicImagePart {
  if (image.url !== undefined && options.inline !== true) {
    return { type: 'image', source: { type: 'url', url: image.url } };
  }
  const data = requireBase64(image, 'toAnthropic()');
  return {
    type: 'image',
    source: { type: 'base64', media_type: requireMediaType(image, data, 'toAnthropic()'), data },
  };
}
