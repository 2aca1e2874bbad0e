// OpenAI Responses (`POST /responses`), also Perplexity's `/v1/agent`.
import type { Image } from '@crosswire/content-image/image';
import {
  extractToolCall,
  formatToolCall,
  formatTools,
  locateToolCalls,
  ProviderError,
  type ToolCall,
} from '@crosswire/core';
import type { ToolResult } from '@crosswire/tool-result';
import { withCallIds, withMappedCallIds } from '../call-ids.js';
import type { ChatRequest, Dialect, DialectOptions, ToolChoice } from '../dialect-types.js';
import type { ChatMessage, UserContentPart, UserMessage, WireMessage } from '../messages.js';
import { userParts, userPartText } from '../messages.js';
import {
  dataUrlMedia,
  imageFromUrl,
  mediaContent,
  NeutralMessages,
  type ReadContext,
  unreadable,
} from '../provider-reading.js';
import type { ChatResponse } from '../response.js';
import { UsageReader } from '../response.js';
import { openAiOutputSchema, textStructuredReply } from '../structured/reply.js';
import { withSchemaPrompt } from '../structured/schema-prompt.js';
import type { StructuredOutputRequest } from '../structured/types.js';
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
import { sha256Hex } from '../support/sha256.js';
import {
  checkResultsAnswerCalls,
  dropCallItems,
  resultOptions,
  systemText,
} from '../support/turns.js';
import { unwrapWireMessage, wrap } from '../support/wire-messages.js';

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

/** The longest `call_id` a function_call_output takes (OpenAPI FunctionCallOutputItemParam). */
const MAX_CALL_ID_LENGTH = 64;

/**
 * The `call_id` a call (and its output) goes to Responses with: an id of at most 64
 * characters is kept; a longer one (from another provider) becomes `call_cw_` + the first 40
 * hex digits of its SHA-256, the same for the call and its output in every request. Two
 * different long ids meet only if SHA-256 collides on 160 bits.
 */
export function responsesCallId(id: string): string {
  if (id.length <= MAX_CALL_ID_LENGTH) return id;
  return `call_cw_${sha256Hex(id).slice(0, 40)}`;
}

function resultItems(results: readonly ToolResult[], options: DialectOptions): unknown[] {
  return results.map((result) => result.to('responses', resultOptions(options)));
}

export function buildRequest(given: ChatRequest, options: DialectOptions): Record<string, unknown> {
  const request = withSchemaPrompt(given, options);
  const input: unknown[] = [];
  for (const message of withMappedCallIds(withCallIds(request.messages), responsesCallId)) {
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
  if (request.output !== undefined) body.text = { format: textFormat(request.output, options) };
  if (request.temperature !== undefined) body.temperature = request.temperature;
  return mergeExtra(wire, body, request.extra, options.onWarning);
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
    usage: readUsage(usage, new UsageReader(wire, options.onWarning, options.contextWindow)),
    reasoning: joinReasoning(thinking),
    refusal,
    raw: body,
  };
}

/** `usage` (openai `ResponseUsage`). */
function readUsage(usage: JsonObject, reader: UsageReader) {
  return reader.usage({
    inputTokens: reader.count(usage.input_tokens, 'usage.input_tokens'),
    outputTokens: reader.count(usage.output_tokens, 'usage.output_tokens'),
    totalTokens: reader.count(usage.total_tokens, 'usage.total_tokens'),
    reasoningTokens: reader.count(
      asRecord(usage.output_tokens_details).reasoning_tokens,
      'usage.output_tokens_details.reasoning_tokens',
    ),
    // Part of `input_tokens` (ResponseUsage.input_tokens_details.cached_tokens).
    cacheReadTokens: reader.count(
      asRecord(usage.input_tokens_details).cached_tokens,
      'usage.input_tokens_details.cached_tokens',
    ),
  });
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

/** The text of a message item's `content`: a string, or its text, output_text and refusal parts. */
function itemText(content: unknown): string {
  if (typeof content === 'string') return content;
  return asArray(content)
    .map((part) => {
      const record = asRecord(part);
      return asString(record.text) ?? asString(record.refusal) ?? '';
    })
    .join('');
}

/** A user message item's parts: input_text as text, input_image as images; others reported. */
function userItemParts(content: unknown, out: NeutralMessages): UserContentPart[] {
  if (typeof content === 'string') return content === '' ? [] : [content];
  const parts: UserContentPart[] = [];
  for (const part of asArray(content)) {
    const record = asRecord(part);
    const url = asString(record.image_url);
    if (typeof record.text === 'string') {
      if (record.text !== '') parts.push({ type: 'text', text: record.text });
    } else if (record.type === 'input_image' && url !== undefined) {
      parts.push(imageFromUrl(record, url));
    } else out.lost(`a user ${JSON.stringify(asString(record.type) ?? 'untyped')} part`);
  }
  return parts;
}

/** A function_call_output's `output` as result content: text, images and files by data: URL. */
function outputContent(output: unknown, out: NeutralMessages): unknown[] {
  if (typeof output === 'string') return output === '' ? [] : [{ type: 'text', text: output }];
  return asArray(output).flatMap((part): unknown[] => {
    const record = asRecord(part);
    if (record.type === 'input_text') return [{ type: 'text', text: asString(record.text) ?? '' }];
    const url = asString(record.image_url) ?? asString(record.file_data) ?? '';
    const media = dataUrlMedia(url);
    const filename = asString(record.filename);
    if (media !== undefined) return [mediaContent(media.mediaType, media.data, filename)];
    if (record.type === 'input_image' && /^https?:/i.test(url)) {
      return [{ type: 'image', source: { type: 'url', url } }];
    }
    out.lost(`a function_call_output ${JSON.stringify(asString(record.type) ?? 'untyped')} part`);
    return [];
  });
}

/**
 * Responses input items as neutral messages: message items by role (the assistant's text
 * joined with the function_call items after it into one turn), function_call_output items as
 * results with their text, images and PDFs, named by the call they answer. Reasoning items
 * are left out (counted); other items (built-in tools) are reported and left out.
 */
export function readMessages(messages: readonly unknown[], context: ReadContext): ChatMessage[] {
  const out = new NeutralMessages(wire, context);
  // A function_call right after the assistant's text, or after another call, is the same turn.
  let inTurn = false;
  for (const item of messages) {
    if (!isRecord(item)) throw unreadable(wire, item, 'not an object');
    const type = item.type ?? 'message';
    if (type === 'reasoning') {
      out.reasoning();
      continue;
    }
    if (type === 'function_call') {
      out.assistant('', readToolCalls({ output: [item] }), inTurn);
      inTurn = true;
      continue;
    }
    inTurn = false;
    if (type === 'function_call_output') {
      out.result({ id: asString(item.call_id) ?? '', content: outputContent(item.output, out) });
    } else if (type !== 'message') {
      out.lost(`a ${JSON.stringify(type)} item`);
    } else if (item.role === 'assistant') {
      out.assistant(itemText(item.content), []);
      inTurn = true;
    } else if (item.role === 'system' || item.role === 'developer') {
      out.system(itemText(item.content));
    } else if (item.role === 'user') {
      out.user(userItemParts(item.content, out));
    } else throw unreadable(wire, item, `unknown role ${JSON.stringify(item.role)}`);
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
  structuredMechanism: (options) =>
    options.structuredOutput === 'prompt' ? 'prompt' : 'text.format',
  readStructured: textStructuredReply,
};

/**
 * Responses structured outputs: `text.format: { type: 'json_schema', name, description?,
 * schema, strict }` (openai-node `ResponseFormatTextJSONSchemaConfig`).
 */
function textFormat(output: StructuredOutputRequest, options: DialectOptions): JsonObject {
  // A model without json_schema structured outputs: JSON mode, the schema in the instructions.
  if (options.structuredOutput === 'prompt') return { type: 'json_object' };
  const { schema, strict } = openAiOutputSchema(wire, output, options.onWarning);
  return {
    type: 'json_schema',
    name: output.name,
    ...(output.description === undefined ? {} : { description: output.description }),
    schema,
    strict,
  };
}
