// Chat Completions (`ChatOpenAI`, and its subclasses such as `ChatDeepSeek`): a tool message is
// text only (an image part draws `400 Invalid value: 'image'`), so the tool message gets
// Crosswire's string form and the images follow in a human message, which @langchain/openai
// sends as `image_url` parts of a user message.
import { imageUrlPart, type LangChainWire } from './wire.js';

export const openai: LangChainWire = {
  carries: { image: false, pdf: false },
  follow: { images: true, pdfs: false, part: imageUrlPart },
  content: (result, options) => result.to('openai', options).content,
};
