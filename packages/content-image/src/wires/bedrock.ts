import { ValidationError } from '@crosswire/core';
import { requireBase64, requireMediaType } from './require.js';
import type { BedrockImageFormat, BedrockImagePart, ImageView } from './types.js';

/**
 * The `format` Converse names each image type by: the only four it takes
 * (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ImageBlock.html).
 */
const FORMATS: Readonly<Record<string, BedrockImageFormat>> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** The Converse format of a media type, or undefined for one Converse does not take. */
export function bedrockImageFormat(mediaType: string): BedrockImageFormat | undefined {
  return FORMATS[mediaType];
}

/**
 * Bedrock Converse: an `image` content block whose source is the payload (`bytes`, base64 in
 * the JSON body). Converse fetches no URL (only `s3Location`, which an http URL is not), so
 * the payload always goes inline; the wire has no detail field.
 */
export function imagePart(image: ImageView): BedrockImagePart {
  const data = requireBase64(image, 'toBedrock()');
  const mediaType = requireMediaType(image, data, 'toBedrock()');
  const format = bedrockImageFormat(mediaType);
  if (format === undefined) {
    throw new ValidationError(
      `toBedrock() cannot send an ${mediaType} image: Converse takes only png, jpeg, gif and webp`,
      { path: 'mediaType', code: 'image_format_unsupported' },
    );
  }
  return { image: { format, source: { bytes: data } } };
}
