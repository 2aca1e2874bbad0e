// OpenAI Responses (`ChatOpenAI` with `useResponsesApi`): @langchain/openai sends a tool
// message's content as the `function_call_output.output` array unchanged when every part is
// `input_text`, `input_image` or `input_file` (and JSON-encodes any other array into a string),
// so the content is Crosswire's output as it is.
import type { LangChainWire } from './wire.js';

export const responses: LangChainWire = {
  carries: { image: true, pdf: true },
  content: (result, options) => {
    const { output } = result.to('responses', options);
    return typeof output === 'string' ? output : output.map((part) => ({ ...part }));
  },
};
