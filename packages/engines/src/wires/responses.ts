// OpenAI Responses (`POST /responses`), also Perplexity's `/v1/agent`.
import type { Image } from '@crosswire/content-image';
import {
  extractToolCall,
  formatToolCall,
  formatTools,
  locateToolCalls,
  ProviderError,
  type ToolCall,
} from '@crosswire/core';
import type { ToolResult } from '@crosswire/tool-result';
import { withCallIds } from '../call-ids.js';
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

export const wire = 'responses' as const;

export function path(_model: string): string {
  return '/responses';
}

export function toolChoice(choice: ToolChoice): unknown {
  return typeof choice === 'string' ? choice : { type: 'function', name: choice.name };
}

function userItem(message: UserMessage, options: DialectOptions): JsonObject {
  if (typeof message.content === 'string') return { role: 'user', content: message.content };
  const content = userParts(message).map((part) => {
    const text = userPartText(part);
    if (text !== undefined) return { type: 'input_text', text };
    const image = (part as Image).toResponses({ inline: options.inlineImages === true });
    // `detail` is required on a message's input_image (OpenAPI ResponseInputImage); 'auto' is
    // what the API assumes when it is left out.
    return { ...image, detail: image.detail ?? 'auto' } as JsonObject;
  });
  return { role: 'user', content };
}

function assistantItems(message: Extract<ChatMessage, { role: 'assistant' }>): unknown[] {
  const items: unknown[] =
    message.content === '' ? [] : [{ role: 'assistant', content: message.content }];
  items.push(...(message.toolCalls ?? []).map((call) => formatToolCall('responses', call)));
  return items;
}

function resultItems(results: readonly ToolResult[], options: DialectOptions): unknown[] {
  return results.map((result) => result.to('responses', resultOptions(options)));
}

export function buildRequest(
  request: ChatRequest,
  options: DialectOptions,
): Record<string, unknown> {
  const input: unknown[] = [];
  for (const message of withCallIds(request.messages)) {
    switch (message.role) {
      case 'system':
        break; // goes in `instructions`
      case 'user':
        input.push(userItem(message, options));
        break;
      case 'assistant':
        input.push(...assistantItems(message));
        break;
      case 'tool':
        input.push(...resultItems(message.results, options));
        break;
      case 'wire':
        input.push(unwrapWireMessage(wire, message));
        break;
      default: {
        const exhaustive: never = message;
        throw new Error(`unknown message ${JSON.stringify(exhaustive)}`);
      }
    }
  }
  const body: JsonObject = { model: request.model };
  const instructions = systemText(request.messages);
  if (instructions !== undefined) body.instructions = instructions;
  body.input = input;
  const tools = request.tools ?? [];
  if (tools.length > 0) {
    body.tools = formatTools(
      'responses',
      tools,
      options.onWarning ? { onWarning: options.onWarning } : {},
    );
    if (request.toolChoice !== undefined) body.tool_choice = toolChoice(request.toolChoice);
  }
  if (request.maxTokens !== undefined) body.max_output_tokens = request.maxTokens;
  if (request.temperature !== undefined) body.temperature = request.temperature;
  return { ...body, ...request.extra };
}

function readContent(
  body: unknown,
  options: DialectOptions,
): { content: string; thinking: string[]; refusal: string | undefined } {
  const texts: string[] = [];
  const thinking: string[] = [];
  const refusals: string[] = [];
  for (const item of asArray(asRecord(body).output)) {
    const record = asRecord(item);
    if (record.type === 'message') {
      for (const part of asArray(record.content)) {
        const partRecord = asRecord(part);
        if (partRecord.type === 'output_text' && typeof partRecord.text === 'string')
          texts.push(partRecord.text);
        else if (partRecord.type === 'refusal' && typeof partRecord.refusal === 'string')
          refusals.push(partRecord.refusal);
      }
    } else if (record.type === 'reasoning') {
      // The readable reasoning: summaries, or the raw reasoning text some servers return.
      for (const part of [...asArray(record.summary), ...asArray(record.content)]) {
        const text = asString(asRecord(part).text);
        if (text !== undefined) thinking.push(text);
      }
    }
  }
  const refusal = refusals.length > 0 ? refusals.join('\n') : undefined;
  const text = texts.join('');
  if (!options.thinkTagFilter) return { content: text, thinking, refusal };
  const split = splitThinkTags(text);
  return { content: split.content, thinking: [...thinking, ...split.thinking], refusal };
}

export function readToolCalls(body: unknown): ToolCall[] {
  return locateToolCalls('responses', body).flatMap((raw) => {
    const call = extractToolCall('responses', raw);
    return call === undefined ? [] : [call];
  });
}

export function parseResponse(body: unknown, options: DialectOptions): ChatResponse {
  throwIfErrorBody(wire, body);
  const record = requireObject(wire, body);
  if (record.status === 'failed') {
    throw new ProviderError('responses provider error: the response failed with no error detail', {
      providerCode: 'failed',
    });
  }
  const { content, thinking, refusal } = readContent(body, options);
  const usage = asRecord(record.usage);
  return {
    content: content === '' && refusal !== undefined ? refusal : content,
    toolCalls: readToolCalls(body),
    // The Responses API has no finish reason; its status is the nearest thing (`incomplete`
    // when max_output_tokens cut the reply, see incomplete_details.reason).
    finishReason: asString(record.status),
    usage: usageOf({
      inputTokens: asNumber(usage.input_tokens),
      outputTokens: asNumber(usage.output_tokens),
      totalTokens: asNumber(usage.total_tokens),
      reasoningTokens: asNumber(asRecord(usage.output_tokens_details).reasoning_tokens),
    }),
    reasoning: joinReasoning(thinking),
    refusal,
    raw: body,
  };
}

export function readText(body: unknown, options: DialectOptions): string {
  return readContent(body, options).content;
}

/**
 * The output items of the reply as input items: reasoning items (with `encrypted_content`
 * where the request asked for it), the assistant message and the function calls, in order.
 */
export function echoItems(body: unknown): unknown[] {
  return asArray(asRecord(body).output)
    .filter((item) => {
      const type = asRecord(item).type;
      return type === 'reasoning' || type === 'function_call' || type === 'message';
    })
    .map((item) => cloneJson(item));
}

export function formatToolResults(
  body: unknown,
  results: readonly ToolResult[],
  options: DialectOptions,
): WireMessage[] {
  const echo = echoItems(body);
  const callIds = echo.flatMap((item) => {
    const record = asRecord(item);
    return record.type === 'function_call' ? [asString(record.call_id) ?? ''] : [];
  });
  checkResultsAnswerCalls(wire, callIds, results, options.onWarning);
  return wrap(wire, [...echo, ...resultItems(results, options)]);
}

export function withoutToolCalls(body: unknown, calls: readonly ToolCall[]): unknown {
  if (!isRecord(body)) return body;
  const copy = cloneJson(body);
  dropCallItems(copy, 'output', calls);
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
