// Hermes streaming: the Chat Completions stream of the endpoint underneath, with the
// `<tool_call>` blocks taken out of the text as it streams (never shown as text, even when a
// tag is split across chunks) and read as calls.

import type { WireStream } from '../stream-types.js';
import { chatStreamRequest, chatStreamState } from './chat-completions-stream.js';

export const stream: WireStream = {
  framing: 'sse',
  doneData: '[DONE]',
  callTags: true,
  path: (chatPath) => chatPath,
  request: chatStreamRequest,
  start: () => chatStreamState('hermes'),
};
