// OpenAI Chat Completions streaming: `stream: true` and `chat.completion.chunk` server-sent
// events ending in `data: [DONE]`.

import type { WireStream } from '../stream-types.js';
import { chatStreamRequest, chatStreamState } from './chat-completions-stream.js';

export const stream: WireStream = {
  framing: 'sse',
  doneData: '[DONE]',
  callTags: false,
  path: (chatPath) => chatPath,
  request: chatStreamRequest,
  start: () => chatStreamState('openai'),
};
