// Ollama streaming: `stream: true` on `/api/chat`, one JSON object per line (NDJSON); the last
// line has `done: true`, the reason and the counts.

import { TextBuilder } from '../stream-text.js';
import type { WireStream, WireStreamState } from '../stream-types.js';
import { throwIfErrorBody } from '../support/error-body.js';
import { asArray, asRecord, asString, cloneJson, type JsonObject } from '../support/json.js';

function state(): WireStreamState {
  const top: JsonObject = {};
  const content = new TextBuilder();
  const thinking = new TextBuilder();
  const calls: unknown[] = [];
  let role: unknown = 'assistant';
  let done = false;

  return {
    frame(_event, data, emit) {
      throwIfErrorBody('ollama', data);
      const line = asRecord(data);
      for (const [key, value] of Object.entries(line)) if (key !== 'message') top[key] = value;
      const message = asRecord(line.message);
      if (message.role !== undefined) role = message.role;
      const text = asString(message.content) ?? '';
      content.append(text);
      emit.text(text);
      const thought = asString(message.thinking) ?? '';
      thinking.append(thought);
      emit.reasoning(thought);
      for (const call of asArray(message.tool_calls)) {
        calls.push(cloneJson(call));
        const fn = asRecord(asRecord(call).function);
        const index = emit.toolStart(asString(asRecord(call).id) ?? '', asString(fn.name) ?? '');
        emit.toolDelta(index, fn.arguments === undefined ? '' : JSON.stringify(fn.arguments));
      }
      if (line.done === true) done = true;
    },
    complete: () => done,
    ended: () => done,
    body() {
      const message: JsonObject = { role, content: content.toString() };
      if (thinking.length > 0) message.thinking = thinking.toString();
      if (calls.length > 0) message.tool_calls = calls;
      return { ...top, message };
    },
  };
}

export const stream: WireStream = {
  framing: 'ndjson',
  callTags: false,
  path: (chatPath) => chatPath,
  request: (body) => ({ ...body, stream: true }),
  start: state,
};
