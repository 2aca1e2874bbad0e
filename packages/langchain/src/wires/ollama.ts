// Ollama (`ChatOllama`): @langchain/ollama 1.3 throws "Non string tool message content is not
// supported" for anything but a string, so the tool message gets Crosswire's string form; the
// images follow in a human message, whose `image_url` data URLs it sends as bare base64 `images`.
import { imageUrlPart, type LangChainWire } from './wire.js';

export const ollama: LangChainWire = {
  carries: { image: false, pdf: false },
  follow: { images: true, pdfs: false, part: imageUrlPart },
  content: (result, options) => result.to('ollama', options).content,
};
