// Bedrock Converse (`ChatBedrockConverse` of @langchain/aws): an integration this package has not
// checked against (it is no dependency here, and the middleware does not recognise its class),
// so a `wire: 'bedrock'` override gets the one content every integration sends as it is:
// Crosswire's text form of the result, which Converse takes as a `text` member of the
// `toolResult`. Images and PDFs go as their placeholder lines, each with the
// `tool_result_image_placeholder` warning, never left out unannounced.
import type { LangChainWire } from './wire.js';

export const bedrock: LangChainWire = {
  carries: { image: false, pdf: false },
  content: (result, options) => result.to('openai', options).content,
};
