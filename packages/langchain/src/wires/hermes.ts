// Hermes has no LangChain integration of its own; a model named on this wire (the `wire`
// option) gets what a text-only tool message carries: Crosswire's string form, the images in a
// human message after it (the Hermes tags are the serving framework's to add).
import { imageUrlPart, type LangChainWire } from './wire.js';

export const hermes: LangChainWire = {
  carries: { image: false, pdf: false },
  follow: { images: true, pdfs: false, part: imageUrlPart },
  content: (result, options) => result.to('openai', options).content,
};
