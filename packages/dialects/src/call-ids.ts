// Call ids for the wires that pair a result with its call by id (openai, anthropic, responses):
// calls that arrived without one (Gemini 2.x, older Ollama, Hermes) get a derived id here, and
// the results answering them get the same one.
import type { ToolCall } from '@crosswire/core';
import { ToolResult } from '@crosswire/tool-result';
import type { ChatMessage } from './messages.js';

/**
 * The id a call without one gets: its assistant message's index in the conversation and its
 * place among that message's calls. The same conversation always gives the same ids, so a
 * request built again (the next turn of a loop) names the calls as the last one did.
 */
export function derivedCallId(messageIndex: number, callIndex: number): string {
  return `call_cw_${messageIndex}_${callIndex}`;
}

/** A pending derived id: the call's name and the id it was given. */
interface Pending {
  readonly name: string;
  readonly id: string;
}

function withId(result: ToolResult, id: string): ToolResult {
  return new ToolResult({
    name: result.name,
    id,
    content: result.content,
    isError: result.isError,
    ...(result.structuredContent === undefined
      ? {}
      : { structuredContent: result.structuredContent }),
  });
}

/** The first pending id for a result named `name` (same name first, else in order); removed. */
function takePending(pending: Pending[], name: string): string | undefined {
  const index = pending.findIndex((entry) => entry.name === name);
  const [taken] = pending.splice(Math.max(index, 0), 1);
  return taken?.id;
}

/**
 * The conversation with an id on every call and on every result that answers one: a call
 * with id '' gets {@link derivedCallId}, and each result with id '' in the tool messages
 * after it takes the derived id of the call it answers (the unanswered call of the same name,
 * else the next unanswered call). Messages that need nothing are returned as they are.
 */
export function withCallIds(messages: readonly ChatMessage[]): ChatMessage[] {
  let pending: Pending[] = [];
  return messages.map((message, messageIndex): ChatMessage => {
    if (message.role === 'assistant') {
      pending = [];
      const calls = message.toolCalls ?? [];
      if (calls.every((call) => call.id !== '')) return message;
      const toolCalls = calls.map((call, callIndex): ToolCall => {
        if (call.id !== '') return call;
        const id = derivedCallId(messageIndex, callIndex);
        pending.push({ name: call.name, id });
        return { ...call, id };
      });
      return { ...message, toolCalls };
    }
    if (message.role === 'tool' && pending.length > 0) {
      if (message.results.every((result) => result.id !== '')) return message;
      const results = message.results.map((result) => {
        if (result.id !== '') return result;
        const id = takePending(pending, result.name);
        return id === undefined ? result : withId(result, id);
      });
      return { ...message, results };
    }
    return message;
  });
}

/** FNV-1a (32 bits) of `text`, as 8 hex digits: a short, stable name for a reply's calls. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/**
 * Ids for the calls of one reply and the results answering them, for a reply whose calls came
 * without ids (Gemini's OpenAI-compatible endpoint sends `id: ''`): a call with id '' gets
 * `call_cw_<hash of the reply's calls>_<its index>`, the same for the same reply, and each
 * result with id '' takes the id of the call it answers (same name first, else in order).
 */
export function replyCallIds(
  calls: readonly { readonly name: string; readonly id: string }[],
  results: readonly ToolResult[],
): { callIds: string[]; results: ToolResult[] } {
  if (calls.every((call) => call.id !== '')) {
    return { callIds: calls.map((call) => call.id), results: [...results] };
  }
  const stem = fnv1a(JSON.stringify(calls.map((call) => call.name)));
  const pending: Pending[] = [];
  const callIds = calls.map((call, index) => {
    if (call.id !== '') return call.id;
    const id = `call_cw_${stem}_${index}`;
    pending.push({ name: call.name, id });
    return id;
  });
  const paired = results.map((result) => {
    if (result.id !== '') return result;
    const id = takePending(pending, result.name);
    return id === undefined ? result : withId(result, id);
  });
  return { callIds, results: paired };
}

/**
 * The conversation with every call id and every result id passed through `map` (a wire's
 * rule for the ids it accepts). `map` is a pure function of the id, so a call and its result
 * get the same id, in every request of the conversation. Messages whose ids `map` keeps are
 * returned as they are.
 */
export function withMappedCallIds(
  messages: readonly ChatMessage[],
  map: (id: string) => string,
): ChatMessage[] {
  return messages.map((message): ChatMessage => {
    if (message.role === 'assistant') {
      const calls = message.toolCalls ?? [];
      if (calls.every((call) => map(call.id) === call.id)) return message;
      return {
        ...message,
        toolCalls: calls.map((call) =>
          map(call.id) === call.id ? call : { ...call, id: map(call.id) },
        ),
      };
    }
    if (message.role === 'tool') {
      if (message.results.every((result) => map(result.id) === result.id)) return message;
      return {
        ...message,
        results: message.results.map((result) =>
          map(result.id) === result.id ? result : withId(result, map(result.id)),
        ),
      };
    }
    return message;
  });
}
