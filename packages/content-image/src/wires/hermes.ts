import { imagePart as openAIImagePart } from './openai.js';
import type { ImageView, InlineOptions, OpenAIImagePart } from './types.js';

/**
 * Hermes prompt tool calling rides on an OpenAI-style chat body, so a user image there is the
 * OpenAI chat image part.
 */
export function imagePart(image: ImageView, options: InlineOptions = {}): OpenAIImagePart {
  return openAIImagePart(image, options);
}
