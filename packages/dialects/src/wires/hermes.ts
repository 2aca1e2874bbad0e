// Hermes prompt tool calling over an OpenAI-style chat endpoint (`POST /chat/completions`):
// the tools go into the system prompt, the calls come back as `<tool_call>` tags in the text.
import {
  decodeHermesCall,
  emitWarning,
  extractToolCall,
  formatToolCall,
  HERMES_DEFAULTS,
  hermesToolsPrompt,
  locateToolCalls,
  stripToolCallTags,
  type ToolCall,
  unreadableHermesBlocks,
} from '@crosswire/core';
import type { ToolResult } from '@crosswire/tool-result';
import { toolResultImageMessage } from '../dialect-images.js';
import type { ChatRequest, Dialect, DialectOptions } from '../dialect-types.js';
import type { ChatMessage, WireMessage } from '../messages.js';
import { NeutralMessages, type ReadContext, textContent, unreadable } from '../provider-reading.js';
import type { ChatResponse } from '../response.js';
import { UsageReader } from '../response.js';
import { textStructuredReply } from '../structured/reply.js';
import { schemaPrompt } from '../structured/schema-prompt.js';
import { requireObject, throwIfErrorBody } from '../support/error-body.js';
import { mergeExtra } from '../support/extra.js';
import {
  asArray,
  asRecord,
  asString,
  cloneJson,
  isRecord,
  type JsonObject,
} from '../support/json.js';
import { joinReasoning, splitThinkTags } from '../support/reasoning.js';
import {
  checkResultsAnswerCalls,
  dropCallItems,
  lastMatches,
  resultOptions,
} from '../support/turns.js';
import { wrap } from '../support/wire-messages.js';
import {
  chatContentText,
  chatMessages,
  chatUsage,
  choiceMessage,
  finishReasonOf,
  messageReasoning,
  messageText,
  readChatUserParts,
  samplingFields,
} from './chat-completions.js';

export const wire = 'hermes' as const;

export function path(_model: string): string {
  return '/chat/completions';
}

function callTag(options: DialectOptions): string {
  return options.hermes?.callTag ?? HERMES_DEFAULTS.callTag;
}

/** An assistant turn with calls: its text, then one `<tool_call>` block per call. */
function assistantMessage(
  message: Extract<ChatMessage, { role: 'assistant' }>,
  options: DialectOptions,
): JsonObject {
  const blocks = (message.toolCalls ?? []).map((call) =>
    formatToolCall('hermes', call, { callTag: callTag(options) }),
  );
  const content = [message.content, ...blocks].filter((part) => part !== '').join('\n');
  return { role: 'assistant', content };
}

/**
 * One message per result. `nativeIds`: the echo carries the server's own `tool_calls` (vLLM,
 * llama.cpp parse the `<tool_call>` text themselves and give each call an id), so each tool
 * message names its call by `tool_call_id`, as Chat Completions requires.
 */
function resultMessages(
  results: readonly ToolResult[],
  options: DialectOptions,
  nativeIds = false,
): JsonObject[] {
  const role = options.hermes?.resultRole ?? 'tool';
  // `to('hermes')` is the bare `<tool_response>` text; the message around it is ours.
  const messages: JsonObject[] = results.map((result) => {
    const message: JsonObject = { role };
    if (nativeIds && role === 'tool' && result.id !== '') message.tool_call_id = result.id;
    message.content = result.to('hermes', resultOptions(options));
    return message;
  });
  const images = toolResultImageMessage('hermes', results, options);
  if (images !== undefined) messages.push(images);
  return messages;
}

/**
 * The tools prompt and the conversation's own system text go in ONE system message at the
 * start: many chat templates (Qwen, Llama) refuse a second system message or one that is
 * not first.
 */
export function buildRequest(
  request: ChatRequest,
  options: DialectOptions,
): Record<string, unknown> {
  const converted = chatMessages(
    request.messages.filter((message) => message.role !== 'system'),
    options,
    'hermes',
    (message) => assistantMessage(message, options),
    (results) => resultMessages(results, options),
  );
  const systemParts: string[] = [];
  const tools = request.tools ?? [];
  if (tools.length > 0 && request.toolChoice !== 'none') {
    const hermes = options.hermes ?? {};
    systemParts.push(
      hermesToolsPrompt(tools, {
        ...(hermes.callTag === undefined ? {} : { callTag: hermes.callTag }),
        ...(hermes.toolsTag === undefined ? {} : { toolsTag: hermes.toolsTag }),
        ...(hermes.systemPrompt === undefined ? {} : { instructions: hermes.systemPrompt }),
        ...(options.onWarning === undefined ? {} : { onWarning: options.onWarning }),
      }),
    );
    if (request.toolChoice !== undefined && request.toolChoice !== 'auto') {
      emitWarning(options.onWarning, {
        code: 'tool_choice_unsupported',
        message: `hermes prompt tool calling cannot force a tool choice; ${JSON.stringify(request.toolChoice)} is not enforced`,
        details: { wire, toolChoice: request.toolChoice },
      });
    }
  }
  for (const message of request.messages) {
    if (message.role === 'system' && message.content !== '') systemParts.push(message.content);
  }
  if (request.output !== undefined) systemParts.push(schemaPrompt(request.output));
  const messages =
    systemParts.length > 0
      ? [{ role: 'system', content: systemParts.join('\n\n') }, ...converted]
      : converted;
  const body: JsonObject = { model: request.model, messages, ...samplingFields(request, options) };
  return mergeExtra(wire, body, request.extra, options.onWarning);
}

function locateOptions(options: DialectOptions) {
  return { callTag: callTag(options), thinkFilter: options.thinkTagFilter === true };
}

export function readToolCalls(body: unknown, options: DialectOptions): ToolCall[] {
  return locateToolCalls('hermes', body, locateOptions(options)).flatMap((raw) => {
    const call = extractToolCall('hermes', raw);
    return call === undefined ? [] : [call];
  });
}

export function readText(body: unknown, options: DialectOptions): string {
  const { content } = messageText(choiceMessage(body), options);
  return stripToolCallTags(content, { callTag: callTag(options) });
}

/** Tells `onWarning` about each `<tool_call>` block that holds no call (it stays in the text). */
function warnUnreadable(content: string, options: DialectOptions): void {
  for (const block of unreadableHermesBlocks(content, locateOptions(options))) {
    emitWarning(options.onWarning, {
      code: 'hermes_call_unreadable',
      message: `hermes: a <${callTag(options)}> block could not be read as a call (neither JSON nor a Python literal, and no name in it); it is left in the reply text`,
      details: { wire, block: block.length > 200 ? `${block.slice(0, 200)}...` : block },
    });
  }
}

export function parseResponse(body: unknown, options: DialectOptions): ChatResponse {
  throwIfErrorBody(wire, body);
  requireObject(wire, body);
  const message = choiceMessage(body);
  const { content, thinking } = messageText(message, options);
  warnUnreadable(content, options);
  return {
    // The `<tool_call>` blocks are lifted into toolCalls and stripped from the text.
    content: stripToolCallTags(content, { callTag: callTag(options) }),
    toolCalls: readToolCalls(body, options),
    finishReason: finishReasonOf(body),
    usage: chatUsage(body, new UsageReader(wire, options.onWarning, options.contextWindow)),
    reasoning: joinReasoning([messageReasoning(message), ...thinking]),
    refusal: undefined,
    raw: body,
  };
}

/** The assistant echo: the reply text as the model wrote it, tags included (it is the call record). */
export function assistantEcho(body: unknown): JsonObject {
  const message = choiceMessage(body);
  const content = message.content;
  const text = typeof content === 'string' ? content : messageText(message, {}).content;
  const echo: JsonObject = { role: 'assistant', content: text };
  const calls = asArray(message.tool_calls);
  if (calls.length > 0) echo.tool_calls = cloneJson(calls);
  return echo;
}

export function formatToolResults(
  body: unknown,
  results: readonly ToolResult[],
  options: DialectOptions,
): WireMessage[] {
  const echo = assistantEcho(body);
  const callIds = readToolCalls(body, options).map((call) => call.id);
  checkResultsAnswerCalls(wire, callIds, results, options.onWarning);
  return wrap(wire, [echo, ...resultMessages(results, options, echo.tool_calls !== undefined)]);
}

/** A copy of the body without the given calls' `<tool_call>` blocks (or native calls). */
export function withoutToolCalls(
  body: unknown,
  calls: readonly ToolCall[],
  options: DialectOptions,
): unknown {
  if (!isRecord(body)) return body;
  const copy = cloneJson(body);
  const message = choiceMessage(copy);
  // Native calls are located as `{ id, name, arguments }`.
  dropCallItems(message, 'tool_calls', calls, (item) => {
    const fn = asRecord(asRecord(item).function);
    return { id: asRecord(item).id ?? '', name: fn.name, arguments: fn.arguments };
  });
  if (typeof message.content === 'string') {
    const content = message.content;
    const tag = callTag(options);
    const blocks = [...content.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)(?:</${tag}>|$)`, 'g'))];
    // A block that is not JSON is located as `{name, arguments: <the block text>}`; a JSON or
    // Python-literal block as its decoded value.
    const drop = lastMatches(
      calls.map((call) => [
        `value ${JSON.stringify(call.raw)}`,
        ...(typeof call.rawArguments === 'string' ? [`text ${call.rawArguments.trim()}`] : []),
      ]),
      blocks.map((block) => {
        const text = (block[1] ?? '').trim();
        const decoded = decodeHermesCall(text);
        return [
          `text ${text}`,
          ...(decoded === undefined ? [] : [`value ${JSON.stringify(decoded.value)}`]),
        ];
      }),
    );
    let kept = '';
    let position = 0;
    blocks.forEach((block, index) => {
      if (!drop.has(index)) return;
      kept += content.slice(position, block.index);
      position = block.index + block[0].length;
    });
    message.content = (kept + content.slice(position)).trim();
  }
  return copy;
}

/** `<tool_response>\n{"name": ..., "content": ...}\n</tool_response>` (any tag name), read back. */
const RESULT_BLOCK = /^\s*<([A-Za-z_][\w.-]*)>\s*(\{[\s\S]*\})\s*<\/\1>\s*$/;

function resultBlock(content: unknown): { name: string; content: string } | undefined {
  if (typeof content !== 'string') return undefined;
  const match = RESULT_BLOCK.exec(content);
  if (!match) return undefined;
  try {
    const value = asRecord(JSON.parse(match[2] ?? ''));
    const name = asString(value.name);
    if (name === undefined) return undefined;
    const inner = value.content;
    return { name, content: typeof inner === 'string' ? inner : JSON.stringify(inner ?? '') };
  } catch {
    return undefined;
  }
}

/**
 * Hermes messages as neutral messages: the assistant's `<tool_call>` blocks (or the native
 * `tool_calls` a vLLM or llama.cpp server added) as calls and the rest of its text as text,
 * each `<tool_response>` message (tool or user role) as a result, other user messages as
 * text and images. Reasoning fields are left out (counted).
 */
export function readMessages(messages: readonly unknown[], context: ReadContext): ChatMessage[] {
  const out = new NeutralMessages(wire, context);
  messages.forEach((message, index) => {
    if (!isRecord(message)) throw unreadable(wire, message, 'not an object');
    const result =
      message.role === 'tool' || message.role === 'user' ? resultBlock(message.content) : undefined;
    if (result !== undefined) {
      out.result({
        id: asString(message.tool_call_id) ?? '',
        name: result.name,
        content: textContent(result.content),
      });
      return;
    }
    switch (message.role) {
      case 'system':
        out.system(chatContentText(message.content));
        break;
      case 'user':
        out.user(readChatUserParts(message.content, (what) => out.lost(what)));
        break;
      case 'assistant':
        readAssistant(message, answers(messages, index + 1), out);
        break;
      default:
        throw unreadable(wire, message, `unknown role ${JSON.stringify(message.role)}`);
    }
  });
  return out.done();
}

/** How many result messages follow `start` in `messages`. */
function answers(messages: readonly unknown[], start: number): number {
  let count = 0;
  for (const message of messages.slice(start)) {
    const record = asRecord(message);
    if ((record.role !== 'tool' && record.role !== 'user') || !resultBlock(record.content)) break;
    count += 1;
  }
  return count;
}

/**
 * An assistant message: its calls, its text without the call blocks and without `<think>`
 * reasoning (counted). A `<tool_call>` written inside `<think>` is a call only when the
 * turn's results answer it (the engine that ran the turn located calls with or without the
 * think filter; the number of results says which).
 */
function readAssistant(message: JsonObject, results: number, out: NeutralMessages): void {
  const body = { choices: [{ message }] };
  const filtered = readToolCalls(body, { thinkTagFilter: true });
  const calls = filtered.length === results ? filtered : readToolCalls(body, {});
  const text = stripToolCallTags(chatContentText(message.content), {
    callTag: HERMES_DEFAULTS.callTag,
  });
  const split = splitThinkTags(text);
  if (split.thinking.length > 0 || message.reasoning_content != null || message.reasoning != null)
    out.reasoning();
  out.assistant(split.thinking.length > 0 ? split.content : text, calls);
}

export const dialect: Dialect = {
  wire,
  path,
  buildRequest,
  parseResponse,
  formatToolResults,
  readText,
  withoutToolCalls,
  readMessages,
  structuredMechanism: () => 'prompt',
  readStructured: (response) => textStructuredReply(response),
};
