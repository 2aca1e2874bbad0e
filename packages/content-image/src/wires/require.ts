import { ImageNotFetchedError, mediaTypeFromBase64, ValidationError } from '@crosswire/core';
import type { ImageView } from './types.js';

/**
 * The payload a serializer needs. Serializers are synchronous, so they never fetch: a
 * URL-only image has to be fetched first, and the error names the call that does it.
 */
export function requireBase64(image: ImageView, serializer: string): string {
  if (image.base64 !== undefined) return image.base64;
  throw new ImageNotFetchedError(
    `${serializer} needs the bytes of image ${image.url ?? '(no URL)'}, which have not been fetched: call await image.ensureBase64() first`,
    { url: image.url, serializer },
  );
}

/**
 * The media type an inline payload goes out with. Anthropic and Gemini refuse a payload
 * without one, so an unknown type is sniffed from the bytes and refused when that fails.
 */
export function requireMediaType(image: ImageView, base64: string, serializer: string): string {
  const mediaType = image.mediaType ?? mediaTypeFromBase64(base64);
  if (mediaType !== undefined) return mediaType;
  throw new ValidationError(
    `${serializer} needs the image's media type, which is unknown and not provable from its bytes: pass { mediaType } when building the image`,
    { path: 'mediaType', code: 'image_media_type_unknown' },
  );
}
