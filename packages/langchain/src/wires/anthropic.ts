// Anthropic (`ChatAnthropic`): @langchain/anthropic puts a tool message's content inside the
// `tool_result` block, passing Anthropic's own `text`, `image`, `document` and `search_result`
// blocks through, but never writes `is_error`. An error result therefore goes as a human message
// holding Crosswire's whole `tool_result` block, which it passes through unchanged and merges
// with the other results of the turn.
import { HumanMessage } from '@langchain/core/messages';
import type { LangChainWire } from './wire.js';

export const anthropic: LangChainWire = {
  carries: { image: true, pdf: true },
  content: (result, options) => {
    const { content } = result.to('anthropic', options);
    return typeof content === 'string' ? content : content.map((block) => ({ ...block }));
  },
  message: (result, options, kept) =>
    result.isError
      ? new HumanMessage({
          ...(kept.id === undefined ? {} : { id: kept.id }),
          content: [{ ...result.to('anthropic', options) }],
        })
      : undefined,
};
