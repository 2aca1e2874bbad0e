import { buildDataUrl } from '@crosswire/core';
import { requireBase64 } from './require.js';
import type { ImageView, LMStudioImagePart } from './types.js';

/** LM Studio native /api/v1/chat: `{ type: 'image', data_url }`; it takes only data: URLs. */
export function imagePart(image: ImageView): LMStudioImagePart {
  return {
    type: 'image',
    data_url: buildDataUrl(image.mediaType, requireBase64(image, 'toLMStudio()')),
  };
}
