// Anthropic Messages (`POST /v1/messages`) and the `/anthropic` shims that speak it.
import type { Image } from '@crosswire/content-image';
import {
  emitWarning,
  extractToolCall,
  formatToolCall,
  formatTools,
  locateToolCalls,
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

export const wire = 'anthropic' as const;

/**
 * The output cap sent when the request sets none: Anthropic requires `max_tokens`, and 4096
 * fits every current Claude model's output limit while leaving room for a tool call.
 */
export const DEFAULT_ANTHROPIC_MAX_TOKENS = 4096;

export function path(_model: string): string {
  return '/v1/messages';
}

export function toolChoice(choice: ToolChoice): JsonObject {
  if (choice === 'auto') return { type: 'auto' };
  if (choice === 'none') return { type: 'none' };
  if (choice === 'required') return { type: 'any' };
  return { type: 'tool', name: choice.name };
}

/**
 * Anthropic refuses a text block (or a string content) that is empty or only whitespace:
 * "text content blocks must be non-empty" (vercel/ai#5576, anthropics/claude-code#59812).
 */
function isBlank(text: string): boolean {
  return text.trim() === '';
}

/** The user turn's content without blank text; undefined when nothing is left to send. */
function userContent(message: UserMessage): string | JsonObject[] | undefined {
  if (typeof message.content === 'string') {
    return isBlank(message.content) ? undefined : message.content;
  }
  const content = userParts(message).flatMap((part): JsonObject[] => {
    const text = userPartText(part);
    if (text !== undefined) return isBlank(text) ? [] : [{ type: 'text', text }];
    return [(part as Image).toAnthropic() as unknown as JsonObject];
  });
  return content.length > 0 ? content : undefined;
}

/** The assistant turn without blank text; undefined when it has neither text nor calls. */
function assistantMessage(
  message: Extract<ChatMessage, { role: 'assistant' }>,
): JsonObject | undefined {
  const calls = message.toolCalls ?? [];
  const text = isBlank(message.content) ? [] : [{ type: 'text', text: message.content }];
  if (calls.length === 0) {
    return text.length === 0 ? undefined : { role: 'assistant', content: message.content };
  }
  const content: unknown[] = [...text, ...calls.map((call) => formatToolCall('anthropic', call))];
  return { role: 'assistant', content };
}

/** Tells `onWarning` that a turn with nothing Anthropic accepts in it was left out. */
function warnBlankTurn(role: 'user' | 'assistant', index: number, options: DialectOptions): void {
  emitWarning(options.onWarning, {
    code: 'empty_message_dropped',
    message: `anthropic: the ${role} message at index ${index} has no content but blank text, which the API refuses; it is left out`,
    details: { wire, role, index },
  });
}

/** All results of a turn in ONE user message, one `tool_result` block each (the wire's rule). */
function resultMessage(results: readonly ToolResult[], options: DialectOptions): JsonObject {
  return {
    role: 'user',
    content: results.map((result) => result.to('anthropic', resultOptions(options))),
  };
}

export function buildRequest(
  request: ChatRequest,
  options: DialectOptions,
): Record<string, unknown> {
  const messages: unknown[] = [];
  for (const [index, message] of withCallIds(request.messages).entries()) {
    switch (message.role) {
      case 'system':
        break; // goes in the top-level `system` field
      case 'user': {
        const content = userContent(message);
        if (content === undefined) warnBlankTurn('user', index, options);
        else messages.push({ role: 'user', content });
        break;
      }
      case 'assistant': {
        const converted = assistantMessage(message);
        if (converted === undefined) warnBlankTurn('assistant', index, options);
        else messages.push(converted);
        break;
      }
      case 'tool':
        messages.push(resultMessage(message.results, options));
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
  const body: JsonObject = {
    model: request.model,
    max_tokens: request.maxTokens ?? DEFAULT_ANTHROPIC_MAX_TOKENS,
  };
  const system = systemText(request.messages);
  if (system !== undefined) body.system = system;
  body.messages = messages;
  const tools = request.tools ?? [];
  if (tools.length > 0) {
    body.tools = formatTools(
      'anthropic',
      tools,
      options.onWarning ? { onWarning: options.onWarning } : {},
    );
    if (request.toolChoice !== undefined) body.tool_choice = toolChoice(request.toolChoice);
  }
  if (request.temperature !== undefined) {
    // The Messages API (SDK 1.14 MessageCreateParams) has no sampling parameters any more;
    // a shim that still takes one gets it through `extra`.
    emitWarning(options.onWarning, {
      code: 'temperature_unsupported',
      message:
        'anthropic: the Messages API takes no temperature; it is not sent (pass extra.temperature for a server that does)',
      details: { wire, temperature: request.temperature },
    });
  }
  return { ...body, ...request.extra };
}

function readContent(
  body: unknown,
  options: DialectOptions,
): { content: string; thinking: string[] } {
  const texts: string[] = [];
  const thinking: string[] = [];
  for (const block of asArray(asRecord(body).content)) {
    const record = asRecord(block);
    if (record.type === 'text' && typeof record.text === 'string') texts.push(record.text);
    // Thinking stays out of the text; redacted thinking has no readable text at all.
    else if (record.type === 'thinking' && typeof record.thinking === 'string')
      thinking.push(record.thinking);
  }
  const text = texts.join('');
  if (!options.thinkTagFilter) return { content: text, thinking };
  const split = splitThinkTags(text);
  return { content: split.content, thinking: [...thinking, ...split.thinking] };
}

export function readToolCalls(body: unknown): ToolCall[] {
  return locateToolCalls('anthropic', body).flatMap((raw) => {
    const call = extractToolCall('anthropic', raw);
    return call === undefined ? [] : [call];
  });
}

/**
 * A refusal's words: the model's text, or else the API's `stop_details.explanation` (a refusal
 * by the safety classifiers comes with empty content and says why only there).
 */
function refusalText(record: JsonObject, content: string): string {
  if (content !== '') return content;
  return asString(asRecord(record.stop_details).explanation) ?? '';
}

export function parseResponse(body: unknown, options: DialectOptions): ChatResponse {
  throwIfErrorBody(wire, body);
  const record = requireObject(wire, body);
  const { content, thinking } = readContent(body, options);
  const usage = asRecord(record.usage);
  const inputTokens = asNumber(usage.input_tokens);
  const outputTokens = asNumber(usage.output_tokens);
  const finishReason = asString(record.stop_reason);
  return {
    content,
    toolCalls: readToolCalls(body),
    finishReason,
    usage: usageOf({
      inputTokens,
      outputTokens,
      totalTokens:
        inputTokens !== undefined && outputTokens !== undefined
          ? inputTokens + outputTokens
          : undefined,
    }),
    reasoning: joinReasoning(thinking),
    refusal: finishReason === 'refusal' ? refusalText(record, content) : undefined,
    raw: body,
  };
}

export function readText(body: unknown, options: DialectOptions): string {
  return readContent(body, options).content;
}

/**
 * The assistant `content` array as the reply sent it, thinking blocks and their signatures
 * included (Anthropic requires them back in a tool loop with extended thinking). Empty and
 * whitespace-only text blocks are left out: the API rejects them on input.
 */
export function assistantEcho(body: unknown): JsonObject {
  const content = asArray(asRecord(body).content).filter((block) => {
    const record = asRecord(block);
    return !(record.type === 'text' && typeof record.text === 'string' && isBlank(record.text));
  });
  return { role: 'assistant', content: cloneJson(content) };
}

export function formatToolResults(
  body: unknown,
  results: readonly ToolResult[],
  options: DialectOptions,
): WireMessage[] {
  const echo = assistantEcho(body);
  const callIds = asArray(echo.content).flatMap((block) => {
    const record = asRecord(block);
    return record.type === 'tool_use' ? [asString(record.id) ?? ''] : [];
  });
  checkResultsAnswerCalls(wire, callIds, results, options.onWarning);
  return wrap(wire, [echo, resultMessage(results, options)]);
}

export function withoutToolCalls(body: unknown, calls: readonly ToolCall[]): unknown {
  if (!isRecord(body)) return body;
  const copy = cloneJson(body);
  dropCallItems(copy, 'content', calls);
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
