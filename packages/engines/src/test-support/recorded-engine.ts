// Test helper: a tool-loop engine that answers from the recorded replies under
// fixtures/wire/replies/ and keeps the request body each turn would send. Not exported.
import type { WireFormat } from '@crosswire/core';
import type { ConversationMessage } from '@crosswire/dialects';
import { buildRequest, parseResponse } from '@crosswire/dialects';
import { MODELS, reply } from '../../../../test-support/dialect-conversation.js';
import type {
  ChatExchange,
  ChatInput,
  ChatOptions,
  ToolLoopEngine,
} from '../engine/chat-options.js';

export interface RecordedEngine extends ToolLoopEngine {
  /** The request body of every turn, as the text that would be sent, in order. */
  readonly sent: { readonly iteration: number; readonly body: string }[];
}

/**
 * Answers turn `iteration` with `replyFor(iteration)`: the name of a recorded reply of
 * `wire`, or a reply body.
 */
export function recordedEngine(
  wire: WireFormat,
  replyFor: (iteration: number) => string | object,
): RecordedEngine {
  const sent: { iteration: number; body: string }[] = [];
  return {
    sent,
    toolWireFormat: wire,
    dialectOptions: {},
    async exchange(
      input: ChatInput,
      options: ChatOptions = {},
      iteration = 0,
    ): Promise<ChatExchange> {
      const body = buildRequest(
        wire,
        {
          model: MODELS[wire],
          messages: input as ConversationMessage[],
          tools: options.tools ?? [],
        },
        { imageInput: true },
      );
      sent.push({ iteration, body: JSON.stringify(body) });
      const answer = replyFor(iteration);
      return {
        response: parseResponse(wire, typeof answer === 'string' ? reply(wire, answer) : answer),
        url: 'http://127.0.0.1/',
        status: 200,
        attempts: 1,
        durationMs: 1,
        prepareMs: 0,
      };
    },
  };
}
