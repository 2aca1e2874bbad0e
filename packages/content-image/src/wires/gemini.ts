import { requireBase64, requireMediaType } from './require.js';
import type { GeminiCamelImagePart, GeminiImagePart, GeminiOptions, ImageView } from './types.js';

/**
 * Gemini has no URL-fetching image part, so the payload always goes inline. The seed's form
 * is snake_case `inline_data`; `camelCase` gives the `inlineData` form of `@google/genai`.
 * The Gemini REST API accepts both spellings.
 */
export function imagePart(
  image: ImageView,
  options: GeminiOptions & { readonly camelCase: true },
): GeminiCamelImagePart;
export function imagePart(image: ImageView, options?: GeminiOptions): GeminiImagePart;
export function imagePart(
  image: ImageView,
  options: GeminiOptions = {},
): GeminiImagePart | GeminiCamelImagePart {
  const data = requireBase64(image, 'toGemini()');
  const mediaType = requireMediaType(image, data, 'toGemini()');
  if (options.camelCase === true) return { inlineData: { mimeType: mediaType, data } };
  return { inline_data: { mime_type: mediaType, data } };
}
