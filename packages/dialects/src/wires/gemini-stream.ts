// Gemini streaming: `:streamGenerateContent?alt=sse`, each server-sent event a
// GenerateContentResponse carrying the new parts; the last one has the finish reason.
import { PromptBlockedError } from '@crosswire/core';
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

/** A text part that only continues the text before it (no signature, no other field). */
function isPlainText(part: JsonObject): boolean {
  return (
    typeof part.text === 'string' &&
    Object.keys(part).every(
      (key) => key === 'text' || key === 'thought' || key === 'thoughtSignature',
    )
  );
}

function state(): WireStreamState {
  const top: JsonObject = {};
  const candidate: JsonObject = {};
  const parts: JsonObject[] = [];
  let role: unknown = 'model';
  let done = false;

  const addPart = (part: JsonObject) => {
    // An empty closing text part carries nothing (a reply not streamed has none).
    if (part.text === '' && isPlainText(part) && part.thoughtSignature === undefined) return;
    const last = parts.at(-1);
    if (
      last !== undefined &&
      isPlainText(part) &&
      isPlainText(last) &&
      last.thoughtSignature === undefined &&
      (last.thought === true) === (part.thought === true)
    ) {
      last.text = `${asString(last.text) ?? ''}${asString(part.text) ?? ''}`;
      if (part.thoughtSignature !== undefined) last.thoughtSignature = part.thoughtSignature;
      return;
    }
    parts.push(cloneJson(part));
  };

  return {
    frame(_event, data, emit) {
      throwIfErrorBody('gemini', data);
      const chunk = asRecord(data);
      const blockReason = asString(asRecord(chunk.promptFeedback).blockReason);
      if (blockReason !== undefined) {
        throw new PromptBlockedError(`prompt blocked: ${blockReason}`, blockReason);
      }
      for (const [key, value] of Object.entries(chunk)) {
        if (key !== 'candidates') top[key] = value;
      }
      const first = asRecord(asArray(chunk.candidates)[0]);
      for (const [key, value] of Object.entries(first)) {
        if (key === 'content') continue;
        candidate[key] = value;
      }
      const content = asRecord(first.content);
      if (content.role !== undefined) role = content.role;
      for (const part of asArray(content.parts)) {
        if (!isRecord(part)) continue;
        if (typeof part.text === 'string') {
          if (part.thought === true) emit.reasoning(part.text);
          else emit.text(part.text);
        } else if (isRecord(part.functionCall) && asString(part.functionCall.name)) {
          // A piece without a name only continues a call (Vertex `partialArgs`), as unstreamed.
          const call = part.functionCall;
          const index = emit.toolStart(asString(call.id) ?? '', asString(call.name) ?? '');
          emit.toolDelta(index, call.args === undefined ? '' : JSON.stringify(call.args));
        }
        addPart(part);
      }
      if (first.finishReason !== undefined && first.finishReason !== null) done = true;
    },
    complete: () => done,
    body() {
      return { ...top, candidates: [{ ...candidate, content: { parts, role } }] };
    },
  };
}

export const stream: WireStream = {
  framing: 'sse',
  callTags: false,
  path: (chatPath) => {
    const streaming = chatPath.replace(/:generateContent\b/, ':streamGenerateContent');
    return `${streaming}${streaming.includes('?') ? '&' : '?'}alt=sse`;
  },
  request: (body) => body,
  start: state,
};
