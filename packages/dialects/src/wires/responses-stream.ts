// OpenAI Responses streaming: `stream: true` and typed server-sent events
// (`response.output_text.delta`, `response.function_call_arguments.delta`,
// `response.output_item.done`...) ending in `response.completed` (or `response.incomplete`),
// which carries the whole response.
import { ProviderError } from '@crosswire/core';
import type { WireStream, WireStreamState } from '../stream-types.js';
import { throwIfErrorBody } from '../support/error-body.js';
import {
  asArray,
  asRecord,
  asString,
  cloneJson,
  isRecord,
  type JsonObject,
} from '../support/json.js';
import { streamPosition } from '../support/stream-position.js';

const REASONING_DELTAS = new Set([
  'response.reasoning_summary_text.delta',
  'response.reasoning_text.delta',
]);
const FINAL_EVENTS = new Set(['response.completed', 'response.incomplete']);

function state(): WireStreamState {
  let response: JsonObject = {};
  const items: unknown[] = [];
  const callIndex = new Map<number, number>();
  let done = false;
  /** The function_call item streamed at a position, if that is what it holds. */
  const callItem = (position: number): JsonObject | undefined => {
    const item = items[position];
    return isRecord(item) && item.type === 'function_call' ? item : undefined;
  };

  return {
    frame(event, data, emit) {
      const record = asRecord(data);
      const type = asString(record.type) ?? event ?? '';
      const position =
        typeof record.output_index === 'number'
          ? streamPosition('responses', 'output_index', record.output_index, items.length)
          : -1;
      if (type === 'error') {
        // `{type:'error', error:{code, message}}` (OpenAI) or the fields at the top (older servers).
        throwIfErrorBody('responses', { error: isRecord(record.error) ? record.error : record });
        return;
      }
      if (type === 'response.failed') {
        const failed = asRecord(record.response);
        throwIfErrorBody('responses', failed);
        throw new ProviderError(
          'responses provider error: the response failed with no error detail',
          {
            providerCode: 'failed',
          },
        );
      }
      if (type === 'response.created' || type === 'response.in_progress') {
        response = cloneJson(asRecord(record.response));
      } else if (type === 'response.output_item.added') {
        const item = asRecord(record.item);
        items[position] = cloneJson(item);
        if (item.type === 'function_call') {
          const id = asString(item.call_id) ?? asString(item.id) ?? '';
          const index = emit.toolStart(id, asString(item.name) ?? '');
          callIndex.set(position, index);
          emit.toolDelta(index, asString(item.arguments) ?? '');
        }
      } else if (type === 'response.output_item.done') {
        items[position] = cloneJson(record.item);
      } else if (type === 'response.output_text.delta') {
        emit.text(asString(record.delta) ?? '');
      } else if (REASONING_DELTAS.has(type)) {
        emit.reasoning(asString(record.delta) ?? '');
      } else if (type === 'response.function_call_arguments.delta') {
        const delta = asString(record.delta) ?? '';
        // The item holds the arguments so far, as the SDK's accumulator keeps them: a server
        // that sends no output_item.done still gives the call its arguments.
        const item = callItem(position);
        if (item !== undefined) item.arguments = `${asString(item.arguments) ?? ''}${delta}`;
        const index = callIndex.get(position);
        if (index !== undefined) emit.toolDelta(index, delta);
      } else if (type === 'response.function_call_arguments.done') {
        const item = callItem(position);
        if (item !== undefined && typeof record.arguments === 'string') {
          item.arguments = record.arguments;
        }
      } else if (FINAL_EVENTS.has(type)) {
        response = cloneJson(asRecord(record.response));
        done = true;
      }
    },
    complete: () => done,
    ended: () => done,
    body() {
      const output = asArray(response.output);
      const streamed = items.filter((item) => item !== undefined);
      return output.length === 0 && streamed.length > 0
        ? { ...response, output: streamed }
        : response;
    },
  };
}

export const stream: WireStream = {
  framing: 'sse',
  // Servers that reuse Chat Completions framing end with `data: [DONE]` after
  // `response.completed` (the openai SDK ends any stream there, its Responses fixture does):
  // the marker, not a bad chunk. Before the terminal event the stream is still cut short.
  doneData: '[DONE]',
  callTags: false,
  path: (chatPath) => chatPath,
  request: (body) => ({ ...body, stream: true }),
  start: state,
};
