// Anthropic Messages streaming: `stream: true` and the typed server-sent events
// `message_start`, `content_block_start|delta|stop`, `message_delta`, `message_stop`, `ping`,
// `error`.

import type { WireStream, WireStreamState } from '../stream-types.js';
import { throwIfErrorBody } from '../support/error-body.js';
import { asArray, asRecord, asString, cloneJson, type JsonObject } from '../support/json.js';
import { streamPosition } from '../support/stream-position.js';

function state(): WireStreamState {
  let message: JsonObject = { type: 'message', role: 'assistant', content: [] };
  const blocks: JsonObject[] = [];
  /** The streamed JSON text of each tool_use block's input, by block index. */
  const inputs = new Map<number, string>();
  const callIndex = new Map<number, number>();
  let done = false;

  const settleInput = (position: number) => {
    const text = inputs.get(position);
    const block = blocks[position];
    if (text === undefined || block === undefined) return;
    inputs.delete(position);
    if (text.trim() === '') return; // no delta: the start block's input ({}) stands
    try {
      block.input = JSON.parse(text);
    } catch {
      // Cut off (max_tokens): the text as sent, which reads as undecodable like a truncated reply.
      block.input = text;
    }
  };

  return {
    frame(event, data, emit) {
      const record = asRecord(data);
      const type = asString(record.type) ?? event;
      if (type === 'error' || record.error !== undefined) {
        throwIfErrorBody('anthropic', record.error === undefined ? { error: record } : record);
        return;
      }
      const position =
        typeof record.index === 'number'
          ? streamPosition('anthropic', 'index', record.index, blocks.length)
          : blocks.length;
      switch (type) {
        case 'message_start':
          message = { ...cloneJson(asRecord(record.message)), content: [] };
          return;
        case 'content_block_start': {
          const block = cloneJson(asRecord(record.content_block));
          blocks[position] = block;
          if (block.type === 'tool_use') {
            inputs.set(position, '');
            callIndex.set(
              position,
              emit.toolStart(asString(block.id) ?? '', asString(block.name) ?? ''),
            );
          } else if (block.type === 'text') emit.text(asString(block.text) ?? '');
          else if (block.type === 'thinking') emit.reasoning(asString(block.thinking) ?? '');
          return;
        }
        case 'content_block_delta': {
          const delta = asRecord(record.delta);
          const block = blocks[position] ?? {};
          blocks[position] = block;
          const text = (field: string) => asString(delta[field]) ?? '';
          if (delta.type === 'text_delta') {
            block.text = `${asString(block.text) ?? ''}${text('text')}`;
            emit.text(text('text'));
          } else if (delta.type === 'thinking_delta') {
            block.thinking = `${asString(block.thinking) ?? ''}${text('thinking')}`;
            emit.reasoning(text('thinking'));
          } else if (delta.type === 'signature_delta') {
            // The signature comes whole: a later one replaces it (as the SDK's accumulator does).
            block.signature = text('signature');
          } else if (delta.type === 'input_json_delta') {
            inputs.set(position, `${inputs.get(position) ?? ''}${text('partial_json')}`);
            const index = callIndex.get(position);
            if (index !== undefined) emit.toolDelta(index, text('partial_json'));
          } else if (delta.type === 'citations_delta') {
            block.citations = [...asArray(block.citations), delta.citation];
          }
          return;
        }
        case 'content_block_stop':
          settleInput(position);
          return;
        case 'message_delta': {
          Object.assign(message, asRecord(record.delta));
          const usage = asRecord(record.usage);
          const merged = { ...asRecord(message.usage) };
          for (const [key, value] of Object.entries(usage)) {
            if (value !== null && value !== undefined) merged[key] = value;
          }
          // New write counts without their split by lifetime: message_start's split is stale.
          if (
            usage.cache_creation_input_tokens !== undefined &&
            usage.cache_creation === undefined
          ) {
            delete merged.cache_creation;
          }
          message.usage = merged;
          return;
        }
        case 'message_stop':
          done = true;
          return;
        default:
          return; // ping, and event types added later
      }
    },
    complete: () => done,
    ended: () => done,
    body() {
      for (const position of [...inputs.keys()]) settleInput(position);
      return { ...message, content: blocks.filter((block) => block !== undefined) };
    },
  };
}

export const stream: WireStream = {
  framing: 'sse',
  callTags: false,
  path: (chatPath) => chatPath,
  request: (body) => ({ ...body, stream: true }),
  start: state,
};
