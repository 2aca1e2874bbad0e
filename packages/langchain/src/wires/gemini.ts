// Gemini (`ChatGoogleGenerativeAI`): @langchain/google-genai 2.3 writes a tool message as
// `functionResponse.response: { result: <content> }` (`{ error: { details } }` for an error
// status) and has no way to write `functionResponse.parts`, so media never ride inside it, even
// for Gemini 3, whose wire takes them there. The content is Crosswire's string form; the images
// (and, for a model that reads PDFs, the PDFs) follow in a human message, sent as `inlineData`
// parts of the next user content.
import type { LangChainWire } from './wire.js';

export const gemini: LangChainWire = {
  carries: { image: false, pdf: false },
  follow: {
    images: true,
    pdfs: true,
    part: (item) => ({ type: 'media', mimeType: item.mediaType, data: item.base64 }),
  },
  content: (result, options) => result.to('openai', options).content,
};
