// The Chat Completions stream (`chat.completion.chunk` server-sent events, `data: [DONE]` at the
// end), shared by the openai and hermes wires as their non-streaming body is.
import type { WireFormat } from '@crosswire/core';
import { TextBuilder } from '../stream-text.js';
import type { StreamEmitter, WireStreamState } from '../stream-types.js';
import { throwIfErrorBody } from '../support/error-body.js';
import { asArray, asRecord, asString, isRecord, type JsonObject } from '../support/json.js';
import { contentChunksText } from '../support/reasoning.js';

/** `stream: true`, and the usage chunk OpenAI sends only when asked. */
export function chatStreamRequest(body: Record<string, unknown>): Record<string, unknown> {
  const streamOptions = asRecord(body.stream_options);
  return { ...body, stream: true, stream_options: { include_usage: true, ...streamOptions } };
}

/** The fields of a completion that a chunk carries as they are (the last value wins). */
const META_FIELDS = ['id', 'created', 'model', 'system_fingerprint', 'service_tier'] as const;

/** Reasoning details with the same `index` (and type) are pieces of one detail. */
function mergeDetail(details: JsonObject[], incoming: JsonObject): void {
  const index = incoming.index;
  const existing =
    index === undefined
      ? undefined
      : details.find((detail) => detail.index === index && detail.type === incoming.type);
  if (existing === undefined) {
    details.push({ ...incoming });
    return;
  }
  for (const [key, value] of Object.entries(incoming)) {
    if ((key === 'text' || key === 'summary') && typeof value === 'string')
      existing[key] = `${asString(existing[key]) ?? ''}${value}`;
    else if (value !== undefined && value !== null) existing[key] = value;
  }
}

/** A call as the stream builds it, in the unstreamed reply's shape. */
interface StreamedCall {
  id: string;
  type: string;
  function: { name: string; arguments: string };
}

export function chatStreamState(wire: WireFormat): WireStreamState {
  const meta: JsonObject = {};
  const message: JsonObject = { role: 'assistant', content: null };
  const calls: StreamedCall[] = [];
  /** Each call by its chunk index, with its event index. */
  const callIndex = new Map<number, { call: StreamedCall; index: number }>();
  const details: JsonObject[] = [];
  let finishReason: unknown;
  let usage: unknown;
  let done = false;
  /** `data: [DONE]` arrived (the usage chunk comes after the finish reason, before it). */
  let doneMarker = false;

  // Text fields grow piece by piece; built apart and put into the message at the end.
  const texts = new Map<string, TextBuilder>();
  /** Mistral's thinking chunks, joined (the unstreamed reply has them as one thinking chunk). */
  let thinking: TextBuilder | undefined;
  const append = (field: string, text: string) => {
    let builder = texts.get(field);
    if (builder === undefined) {
      builder = new TextBuilder();
      texts.set(field, builder);
    }
    builder.append(text);
  };

  const readDelta = (delta: JsonObject, emit: StreamEmitter) => {
    const content = delta.content;
    // An explicit '' (not null) is kept: the unstreamed reply would carry '' too.
    if (content === '' && !texts.has('content')) texts.set('content', new TextBuilder());
    if (typeof content === 'string' && content !== '') {
      append('content', content);
      emit.text(content);
    } else if (Array.isArray(content)) {
      // Mistral streams content as chunks: text pieces and thinking pieces. A chunk counts as
      // text as it does in the unstreamed reply (a string, or `text` of a text-typed chunk).
      for (const chunk of content) {
        const read = contentChunksText([chunk]);
        if (asRecord(chunk).type === 'thinking') {
          const thought = read.thinking.join('');
          thinking ??= new TextBuilder();
          thinking.append(thought);
          emit.reasoning(thought);
          continue;
        }
        if (read.text !== '') {
          append('content', read.text);
          emit.text(read.text);
        }
      }
    }
    const direct = asString(delta.reasoning_content) ?? asString(delta.reasoning);
    for (const field of ['reasoning_content', 'reasoning'] as const) {
      const text = asString(delta[field]);
      if (text !== undefined) append(field, text);
    }
    if (direct !== undefined) emit.reasoning(direct);
    for (const detail of asArray(delta.reasoning_details)) {
      if (!isRecord(detail)) continue;
      mergeDetail(details, detail);
      const text = asString(detail.text) ?? asString(detail.summary);
      if (direct === undefined && text !== undefined) emit.reasoning(text);
    }
    const refusal = asString(delta.refusal);
    if (refusal !== undefined) append('refusal', refusal);
    for (const item of asArray(delta.tool_calls)) {
      const record = asRecord(item);
      const position = typeof record.index === 'number' ? record.index : calls.length;
      const fn = asRecord(record.function);
      let entry = callIndex.get(position);
      if (entry === undefined) {
        const call: StreamedCall = {
          id: asString(record.id) ?? '',
          type: asString(record.type) ?? 'function',
          function: { name: asString(fn.name) ?? '', arguments: '' },
        };
        calls.push(call);
        entry = { call, index: emit.toolStart(call.id, call.function.name) };
        callIndex.set(position, entry);
      } else {
        const { call } = entry;
        if (typeof record.id === 'string' && record.id !== '') call.id = record.id;
        if (typeof fn.name === 'string' && call.function.name === '') {
          call.function.name = fn.name;
          // A call named only now starts now, with the arguments it had so far.
          entry.index = emit.toolStart(call.id, fn.name);
          emit.toolDelta(entry.index, call.function.arguments);
        }
      }
      const args = asString(fn.arguments);
      if (args !== undefined && args !== '') {
        entry.call.function.arguments += args;
        emit.toolDelta(entry.index, args);
      }
    }
  };

  return {
    frame(event, data, emit) {
      if (data === undefined) {
        done = true; // data: [DONE]
        doneMarker = true;
        return;
      }
      throwIfErrorBody(
        wire,
        event === 'error' && !isRecord(asRecord(data).error) ? { error: data } : data,
      );
      const chunk = asRecord(data);
      for (const field of META_FIELDS) if (chunk[field] !== undefined) meta[field] = chunk[field];
      if (chunk.usage !== undefined && chunk.usage !== null) usage = chunk.usage;
      for (const choice of asArray(chunk.choices)) {
        const record = asRecord(choice);
        if (record.index !== undefined && record.index !== 0) continue;
        readDelta(asRecord(record.delta), emit);
        if (record.finish_reason !== undefined && record.finish_reason !== null) {
          finishReason = record.finish_reason;
          done = true;
        }
      }
    },
    complete: () => done,
    ended: () => doneMarker,
    body() {
      const reply: JsonObject = { ...message };
      for (const [field, builder] of texts) reply[field] = builder.toString();
      if (thinking !== undefined) {
        reply.content = [
          { type: 'thinking', thinking: [{ type: 'text', text: thinking.toString() }] },
          { type: 'text', text: asString(reply.content) ?? '' },
        ];
      }
      if (calls.length > 0) reply.tool_calls = calls;
      if (details.length > 0) reply.reasoning_details = details;
      return {
        ...meta,
        object: 'chat.completion',
        choices: [{ index: 0, message: reply, finish_reason: finishReason ?? null }],
        ...(usage === undefined ? {} : { usage }),
      };
    },
  };
}
