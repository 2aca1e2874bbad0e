// Google Gemini `generateContent` (`POST /models/{model}:generateContent`, v1beta).
import type { Image } from '@crosswire/content-image';
import {
  extractToolCall,
  formatToolCall,
  formatTools,
  locateToolCalls,
  PromptBlockedError,
  type ToolCall,
} from '@crosswire/core';
import type { ToolResult } from '@crosswire/tool-result';
import { geminiMediaFallbackParts } from '../dialect-images.js';
import {
  asArray,
  asNumber,
  asRecord,
  asString,
  checkResultsAnswerCalls,
  cloneJson,
  dropCallItems,
  isRecord,
  type JsonObject,
  joinReasoning,
  requireObject,
  resultOptions,
  splitThinkTags,
  systemText,
  throwIfErrorBody,
  unwrapWireMessage,
  usageOf,
  wrap,
} from '../dialect-support.js';
import type { ChatRequest, Dialect, DialectOptions, ToolChoice } from '../dialect-types.js';
import type { ChatMessage, UserMessage, WireMessage } from '../messages.js';
import { userParts, userPartText } from '../messages.js';
import type { ChatResponse } from '../response.js';

export const wire = 'gemini' as const;

/** `models/gemini-2.5-flash` and `gemini-2.5-flash` name the same model. */
export function path(model: string): string {
  return `/models/${model.replace(/^models\//, '')}:generateContent`;
}

export function toolConfig(choice: ToolChoice): JsonObject {
  if (choice === 'auto') return { functionCallingConfig: { mode: 'AUTO' } };
  if (choice === 'none') return { functionCallingConfig: { mode: 'NONE' } };
  if (choice === 'required') return { functionCallingConfig: { mode: 'ANY' } };
  return { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: [choice.name] } };
}

function userContent(message: UserMessage): JsonObject {
  const parts = userParts(message).map((part) => {
    const text = userPartText(part);
    if (text !== undefined) return { text };
    // camelCase like the rest of the body (the REST API takes both, the OpenAPI schema only this).
    return (part as Image).toGemini({ camelCase: true }) as unknown as JsonObject;
  });
  return { role: 'user', parts };
}

function modelContent(message: Extract<ChatMessage, { role: 'assistant' }>): JsonObject {
  const parts: unknown[] = message.content === '' ? [] : [{ text: message.content }];
  parts.push(...(message.toolCalls ?? []).map((call) => formatToolCall('gemini', call)));
  return { role: 'model', parts };
}

/**
 * All results of a turn in one user content, one `functionResponse` part each, then the
 * images and PDFs the functionResponse could not carry when `imageFallback` is on.
 */
function resultContent(results: readonly ToolResult[], options: DialectOptions): JsonObject {
  return {
    role: 'user',
    parts: [
      ...results.map((result) => result.to('gemini', resultOptions(options))),
      ...geminiMediaFallbackParts(results, options),
    ],
  };
}

export function buildRequest(
  request: ChatRequest,
  options: DialectOptions,
): Record<string, unknown> {
  const contents: unknown[] = [];
  for (const message of request.messages) {
    switch (message.role) {
      case 'system':
        break; // goes in `systemInstruction`
      case 'user':
        contents.push(userContent(message));
        break;
      case 'assistant':
        contents.push(modelContent(message));
        break;
      case 'tool':
        contents.push(resultContent(message.results, options));
        break;
      case 'wire':
        contents.push(unwrapWireMessage(wire, message));
        break;
      default: {
        const exhaustive: never = message;
        throw new Error(`unknown message ${JSON.stringify(exhaustive)}`);
      }
    }
  }
  const body: JsonObject = { contents };
  const system = systemText(request.messages);
  if (system !== undefined) body.systemInstruction = { parts: [{ text: system }] };
  const tools = request.tools ?? [];
  if (tools.length > 0) {
    body.tools = formatTools(
      'gemini',
      tools,
      options.onWarning ? { onWarning: options.onWarning } : {},
    );
    if (request.toolChoice !== undefined) body.toolConfig = toolConfig(request.toolChoice);
  }
  const generationConfig: JsonObject = {};
  if (request.maxTokens !== undefined) generationConfig.maxOutputTokens = request.maxTokens;
  if (request.temperature !== undefined) generationConfig.temperature = request.temperature;
  if (Object.keys(generationConfig).length > 0) body.generationConfig = generationConfig;
  return { ...body, ...request.extra };
}

function candidate(body: unknown): JsonObject {
  return asRecord(asArray(asRecord(body).candidates)[0]);
}

function readContent(
  body: unknown,
  options: DialectOptions,
): { content: string; thinking: string[] } {
  const texts: string[] = [];
  const thinking: string[] = [];
  for (const part of asArray(asRecord(candidate(body).content).parts)) {
    const record = asRecord(part);
    if (typeof record.text !== 'string') continue;
    // Thought parts (thinking models) are the model's reasoning, not its answer.
    if (record.thought === true) thinking.push(record.text);
    else texts.push(record.text);
  }
  const text = texts.join('');
  if (!options.thinkTagFilter) return { content: text, thinking };
  const split = splitThinkTags(text);
  return { content: split.content, thinking: [...thinking, ...split.thinking] };
}

export function readToolCalls(body: unknown): ToolCall[] {
  return locateToolCalls('gemini', body).flatMap((raw) => {
    const call = extractToolCall('gemini', raw);
    return call === undefined ? [] : [call];
  });
}

export function parseResponse(body: unknown, options: DialectOptions): ChatResponse {
  throwIfErrorBody(wire, body);
  const record = requireObject(wire, body);
  const blockReason = asString(asRecord(record.promptFeedback).blockReason);
  if (blockReason !== undefined) {
    throw new PromptBlockedError(`prompt blocked: ${blockReason}`, blockReason);
  }
  const { content, thinking } = readContent(body, options);
  const usage = asRecord(record.usageMetadata);
  return {
    content,
    toolCalls: readToolCalls(body),
    finishReason: asString(candidate(body).finishReason),
    usage: usageOf({
      inputTokens: asNumber(usage.promptTokenCount),
      outputTokens: asNumber(usage.candidatesTokenCount),
      totalTokens: asNumber(usage.totalTokenCount),
      reasoningTokens: asNumber(usage.thoughtsTokenCount),
    }),
    reasoning: joinReasoning(thinking),
    refusal: undefined,
    raw: body,
  };
}

export function readText(body: unknown, options: DialectOptions): string {
  return readContent(body, options).content;
}

/**
 * The model content as the reply sent it, every part kept: thought parts and the
 * `thoughtSignature`s, which Gemini 3 requires back on the function calls of a tool loop.
 */
export function assistantEcho(body: unknown): JsonObject {
  const content = asRecord(candidate(body).content);
  return { ...cloneJson(content), role: 'model', parts: cloneJson(asArray(content.parts)) };
}

export function formatToolResults(
  body: unknown,
  results: readonly ToolResult[],
  options: DialectOptions,
): WireMessage[] {
  const echo = assistantEcho(body);
  const callIds = asArray(echo.parts).flatMap((part) => {
    const call = asRecord(part).functionCall;
    return isRecord(call) ? [asString(call.id) ?? ''] : [];
  });
  checkResultsAnswerCalls(wire, callIds, results, options.onWarning);
  return wrap(wire, [echo, resultContent(results, options)]);
}

export function withoutToolCalls(body: unknown, calls: readonly ToolCall[]): unknown {
  if (!isRecord(body)) return body;
  const copy = cloneJson(body);
  const content = asRecord(candidate(copy).content);
  dropCallItems(content, 'parts', calls);
  return copy;
}

export const dialect: Dialect = {
  wire,
  path,
  buildRequest,
  parseResponse,
  formatToolResults,
  readText,
  withoutToolCalls,
};
