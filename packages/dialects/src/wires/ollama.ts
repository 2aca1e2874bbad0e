// Ollama native chat (`POST /api/chat`).
import type { Image } from '@crosswire/content-image/image';
import {
  emitWarning,
  extractToolCall,
  formatToolCall,
  formatTools,
  locateToolCalls,
  stripSchemaDialect,
  type ToolCall,
} from '@crosswire/core';
import type { ToolResult } from '@crosswire/tool-result';
import { toolMessageImages, toolResultImageMessage } from '../dialect-images.js';
import type { ChatRequest, Dialect, DialectOptions } from '../dialect-types.js';
import type { ChatMessage, UserMessage, WireMessage } from '../messages.js';
import { userParts, userPartText } from '../messages.js';
import {
  imageFromBase64,
  NeutralMessages,
  type ReadContext,
  sniffedImageContent,
  textContent,
  unreadable,
} from '../provider-reading.js';
import type { ChatResponse } from '../response.js';
import { UsageReader } from '../response.js';
import { textStructuredReply } from '../structured/reply.js';
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
import { checkResultsAnswerCalls, dropCallItems, resultOptions } from '../support/turns.js';
import { unwrapWireMessage, wrap } from '../support/wire-messages.js';

export const wire = 'ollama' as const;

export function path(_model: string): string {
  return '/api/chat';
}

/** Text parts joined by a newline; images in the message's `images` array as raw base64. */
function userMessage(message: UserMessage): JsonObject {
  const texts: string[] = [];
  const images: string[] = [];
  for (const part of userParts(message)) {
    const text = userPartText(part);
    if (text !== undefined) texts.push(text);
    else images.push((part as Image).toOllama());
  }
  const out: JsonObject = { role: 'user', content: texts.join('\n') };
  if (images.length > 0) out.images = images;
  return out;
}

function assistantMessage(message: Extract<ChatMessage, { role: 'assistant' }>): JsonObject {
  const out: JsonObject = { role: 'assistant', content: message.content };
  const calls = message.toolCalls ?? [];
  if (calls.length > 0) out.tool_calls = calls.map((call) => formatToolCall('ollama', call));
  return out;
}

function resultMessages(results: readonly ToolResult[], options: DialectOptions): JsonObject[] {
  const messages: JsonObject[] = results.map((result) => {
    const message = result.to('ollama', resultOptions(options)) as unknown as JsonObject;
    const images = toolMessageImages(result, options);
    return images === undefined ? message : { ...message, images };
  });
  const images = toolResultImageMessage('ollama', results, options);
  if (images !== undefined) messages.push(images);
  return messages;
}

export function buildRequest(
  request: ChatRequest,
  options: DialectOptions,
): Record<string, unknown> {
  const messages: unknown[] = [];
  for (const message of request.messages) {
    switch (message.role) {
      case 'system':
        messages.push({ role: 'system', content: message.content });
        break;
      case 'user':
        messages.push(userMessage(message));
        break;
      case 'assistant':
        messages.push(assistantMessage(message));
        break;
      case 'tool':
        messages.push(...resultMessages(message.results, options));
        break;
      case 'wire':
        messages.push(unwrapWireMessage(wire, message));
        break;
      default: {
        const exhaustive: never = message;
        throw new Error(`unknown message ${JSON.stringify(exhaustive)}`);
      }
    }
  }
  // Ollama streams unless told not to.
  const body: JsonObject = { model: request.model, messages, stream: false };
  const tools = request.tools ?? [];
  // Ollama has no tool_choice: `none` is honoured by sending no tools, a forced choice is not.
  if (tools.length > 0 && request.toolChoice !== 'none') {
    body.tools = formatTools(
      'ollama',
      tools,
      options.onWarning ? { onWarning: options.onWarning } : {},
    );
    if (request.toolChoice !== undefined && request.toolChoice !== 'auto') {
      emitWarning(options.onWarning, {
        code: 'tool_choice_unsupported',
        message: `ollama has no tool_choice; ${JSON.stringify(request.toolChoice)} is not enforced`,
        details: { wire, toolChoice: request.toolChoice },
      });
    }
  }
  const modelOptions: JsonObject = {};
  if (request.maxTokens !== undefined) modelOptions.num_predict = request.maxTokens;
  if (request.temperature !== undefined) modelOptions.temperature = request.temperature;
  if (Object.keys(modelOptions).length > 0) body.options = modelOptions;
  // Ollama structured outputs: `format` takes a JSON Schema (api/types.go `Format`).
  if (request.output !== undefined) body.format = stripSchemaDialect(request.output.schema);
  return mergeExtra(wire, body, request.extra, options.onWarning);
}

function readContent(
  body: unknown,
  options: DialectOptions,
): { content: string; thinking: string[] } {
  const message = asRecord(asRecord(body).message);
  const text = asString(message.content) ?? '';
  const thinking =
    typeof message.thinking === 'string' && message.thinking !== '' ? [message.thinking] : [];
  if (!options.thinkTagFilter) return { content: text, thinking };
  const split = splitThinkTags(text);
  return { content: split.content, thinking: [...thinking, ...split.thinking] };
}

export function readToolCalls(body: unknown): ToolCall[] {
  return locateToolCalls('ollama', body).flatMap((raw) => {
    const call = extractToolCall('ollama', raw);
    return call === undefined ? [] : [call];
  });
}

export function parseResponse(body: unknown, options: DialectOptions): ChatResponse {
  throwIfErrorBody(wire, body);
  const record = requireObject(wire, body);
  const { content, thinking } = readContent(body, options);
  const reader = new UsageReader(wire, options.onWarning, options.contextWindow);
  const inputTokens = reader.count(record.prompt_eval_count, 'prompt_eval_count');
  const outputTokens = reader.count(record.eval_count, 'eval_count');
  return {
    content,
    toolCalls: readToolCalls(body),
    finishReason: asString(record.done_reason),
    usage: reader.usage({
      inputTokens,
      outputTokens,
      totalTokens:
        inputTokens !== undefined && outputTokens !== undefined
          ? inputTokens + outputTokens
          : undefined,
    }),
    reasoning: joinReasoning(thinking),
    refusal: undefined,
    raw: body,
  };
}

export function readText(body: unknown, options: DialectOptions): string {
  return readContent(body, options).content;
}

/** The assistant message: content, the calls, and `thinking` carried back when the turn had it. */
export function assistantEcho(body: unknown): JsonObject {
  const message = asRecord(asRecord(body).message);
  const echo: JsonObject = { role: 'assistant', content: asString(message.content) ?? '' };
  if (typeof message.thinking === 'string' && message.thinking !== '')
    echo.thinking = message.thinking;
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
  const callIds = asArray(echo.tool_calls).map((call) => asString(asRecord(call).id) ?? '');
  checkResultsAnswerCalls(wire, callIds, results, options.onWarning);
  return wrap(wire, [echo, ...resultMessages(results, options)]);
}

export function withoutToolCalls(body: unknown, calls: readonly ToolCall[]): unknown {
  if (!isRecord(body)) return body;
  const copy = cloneJson(body);
  const message = asRecord(copy.message);
  dropCallItems(message, 'tool_calls', calls);
  return copy;
}

/** The base64 strings of a message's `images` (Ollama sends no media type; it is sniffed). */
function imagesOf(message: JsonObject): string[] {
  return asArray(message.images).filter((image): image is string => typeof image === 'string');
}

/**
 * Ollama messages as neutral messages: system text, user text and `images`, assistant text
 * and calls, tool messages as results named by `tool_name` (with the `images` a tool message
 * may carry). `thinking` is left out (counted).
 */
export function readMessages(messages: readonly unknown[], context: ReadContext): ChatMessage[] {
  const out = new NeutralMessages(wire, context);
  for (const message of messages) {
    if (!isRecord(message)) throw unreadable(wire, message, 'not an object');
    const text = asString(message.content) ?? '';
    const images = imagesOf(message);
    switch (message.role) {
      case 'system':
        out.system(text);
        break;
      case 'user':
        out.user([
          ...(text === '' ? [] : [text]),
          ...images.map((image, index) => imageFromBase64(message, image, undefined, index)),
        ]);
        break;
      case 'assistant': {
        const { content, thinking } = splitThinkTags(text);
        if (
          thinking.length > 0 ||
          (typeof message.thinking === 'string' && message.thinking !== '')
        )
          out.reasoning();
        out.assistant(thinking.length > 0 ? content : text, readToolCalls({ message }));
        break;
      }
      case 'tool':
        out.result({
          id: asString(message.tool_call_id) ?? '',
          name: asString(message.tool_name) ?? asString(message.name),
          content: [...textContent(text), ...images.map(sniffedImageContent)],
        });
        break;
      default:
        throw unreadable(wire, message, `unknown role ${JSON.stringify(message.role)}`);
    }
  }
  return out.done();
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
  structuredMechanism: () => 'format',
  readStructured: textStructuredReply,
};
