import type { WireFormat } from '@crosswire/core';
import * as anthropic from './anthropic.js';
import * as bedrock from './bedrock.js';
import * as gemini from './gemini.js';
import * as hermes from './hermes.js';
import * as ollama from './ollama.js';
import * as openai from './openai.js';
import * as responses from './responses.js';
import type {
  AnthropicImagePart,
  BedrockImagePart,
  GeminiImagePart,
  ImageView,
  InlineOptions,
  OpenAIImagePart,
  ResponsesImagePart,
} from './types.js';

/** The image part each chat wire takes, by wire format. */
export interface ImagePartByWire {
  openai: OpenAIImagePart;
  anthropic: AnthropicImagePart;
  gemini: GeminiImagePart;
  ollama: string;
  responses: ResponsesImagePart;
  hermes: OpenAIImagePart;
  bedrock: BedrockImagePart;
}

type ImagePartRenderer<Part> = (image: ImageView, options: InlineOptions) => Part;

/**
 * One renderer per wire; the compiler checks that every wire format has one. `inline` is
 * ignored by the wires that are always inline (gemini, ollama, bedrock).
 */
export const IMAGE_PART_BY_WIRE: {
  readonly [W in WireFormat]: ImagePartRenderer<ImagePartByWire[W]>;
} = {
  openai: (image, options) => openai.imagePart(image, options),
  anthropic: (image, options) => anthropic.imagePart(image, options),
  gemini: (image) => gemini.imagePart(image),
  ollama: (image) => ollama.imagePart(image),
  responses: (image, options) => responses.imagePart(image, options),
  hermes: (image, options) => hermes.imagePart(image, options),
  bedrock: (image) => bedrock.imagePart(image),
};
