// Google Gemini `generateContent` (`POST /models/{model}:generateContent`, v1beta).
import type { Image } from '@crosswire/content-image/image';
import {
  extractToolCall,
  formatToolCall,
  formatTools,
  locateToolCalls,
  PromptBlockedError,
  stripSchemaDialect,
  type ToolCall,
  toGeminiSchema,
} from '@crosswire/core';
import type { ToolResult } from '@crosswire/tool-result';
import { geminiMediaFallbackParts } from '../dialect-images.js';
import type { ChatRequest, Dialect, DialectOptions, ToolChoice } from '../dialect-types.js';
import type { ChatMessage, UserContentPart, UserMessage, WireMessage } from '../messages.js';
import { userParts, userPartText } from '../messages.js';
import {
  imageFromBase64,
  imageFromUrl,
  mediaContent,
  NeutralMessages,
  type ReadContext,
  unreadable,
} from '../provider-reading.js';
import type { ChatResponse } from '../response.js';
import { UsageReader } from '../response.js';
import { textStructuredReply, warnRepaired } from '../structured/reply.js';
import { mapSchemaNodes, withArrayItems } from '../structured/schema-nodes.js';
import type { StructuredMechanism, StructuredOutputRequest } from '../structured/types.js';
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
  resultOptions,
  systemText,
} from '../support/turns.js';
import { unwrapWireMessage, wrap } from '../support/wire-messages.js';

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
  if (request.output !== undefined) addOutput(generationConfig, request.output, options);
  if (Object.keys(generationConfig).length > 0) body.generationConfig = generationConfig;
  return mergeExtra(wire, body, request.extra, options.onWarning);
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
    usage: readUsage(usage, new UsageReader(wire, options.onWarning, options.contextWindow)),
    reasoning: joinReasoning(thinking),
    refusal: undefined,
    raw: body,
  };
}

/**
 * `usageMetadata` (@google/genai `UsageMetadata`): `totalTokenCount` is the prompt, the
 * candidates, the thoughts and `toolUsePromptTokenCount` together.
 */
function readUsage(usage: JsonObject, reader: UsageReader) {
  return reader.usage({
    inputTokens: reader.count(usage.promptTokenCount, 'usageMetadata.promptTokenCount'),
    outputTokens: reader.count(usage.candidatesTokenCount, 'usageMetadata.candidatesTokenCount'),
    totalTokens: reader.count(usage.totalTokenCount, 'usageMetadata.totalTokenCount'),
    reasoningTokens: reader.count(usage.thoughtsTokenCount, 'usageMetadata.thoughtsTokenCount'),
    // Part of `promptTokenCount` (UsageMetadata.cachedContentTokenCount).
    cacheReadTokens: reader.count(
      usage.cachedContentTokenCount,
      'usageMetadata.cachedContentTokenCount',
    ),
    otherTokens: reader.count(
      usage.toolUsePromptTokenCount,
      'usageMetadata.toolUsePromptTokenCount',
    ),
  });
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

/** A response value as content: a string as text (none when empty), anything else a json item. */
function valueContent(value: unknown): unknown[] {
  if (typeof value !== 'string') return [{ type: 'json', value }];
  return value === '' ? [] : [{ type: 'text', text: value }];
}

/**
 * A functionResponse `response` as result content. Google documents `output` for the output
 * and `error` for error details (https://ai.google.dev/api/caching#FunctionResponse);
 * Crosswire sends `{ result }`, or the structured content object itself when a result has one.
 * Any other response is the result's structured content (and its json item).
 */
function responseContent(response: JsonObject): {
  content: unknown[];
  isError: boolean;
  structuredContent?: JsonObject;
} {
  const keys = Object.keys(response).sort().join(',');
  if (keys === 'result' || keys === 'output' || keys === 'error') {
    return { content: valueContent(response[keys]), isError: keys === 'error' };
  }
  if (keys === '') return { content: [], isError: false };
  return {
    content: [{ type: 'json', value: response }],
    isError: false,
    structuredContent: response,
  };
}

/** `inlineData` and `fileData` parts of a user turn as user parts; others are reported. */
function userPart(part: JsonObject, out: NeutralMessages): UserContentPart | undefined {
  if (typeof part.text === 'string') return part.text === '' ? undefined : part.text;
  const inline = asRecord(part.inlineData ?? part.inline_data);
  const mimeType = asString(inline.mimeType ?? inline.mime_type) ?? '';
  if (typeof inline.data === 'string' && mimeType.startsWith('image/')) {
    return imageFromBase64(part, inline.data, mimeType);
  }
  const file = asRecord(part.fileData ?? part.file_data);
  const uri = asString(file.fileUri ?? file.file_uri);
  if (uri !== undefined && /^https?:/i.test(uri)) return imageFromUrl(part, uri);
  out.lost(`a user part with ${Object.keys(part).join(', ') || 'nothing'}`);
  return undefined;
}

/**
 * Gemini contents as neutral messages: model text and functionCall parts as calls (each
 * call keeps its part, and so its `thoughtSignature`, as its raw structure), functionResponse
 * parts as results with their `inlineData` images and PDFs, other user parts as text and
 * images. Thought parts are left out (counted); other parts are reported and left out.
 */
export function readMessages(messages: readonly unknown[], context: ReadContext): ChatMessage[] {
  const out = new NeutralMessages(wire, context);
  for (const message of messages) {
    if (!isRecord(message)) throw unreadable(wire, message, 'not an object');
    const parts = asArray(message.parts).map(asRecord);
    if (message.role === 'model') {
      const texts: string[] = [];
      for (const part of parts) {
        if (part.thought === true) out.reasoning();
        else if (typeof part.text === 'string') texts.push(part.text);
        else if (!isRecord(part.functionCall))
          out.lost(`a model part with ${Object.keys(part).join(', ') || 'nothing'}`);
      }
      out.assistant(texts.join(''), readToolCalls({ candidates: [{ content: { parts } }] }));
    } else if (message.role === 'user' || message.role === undefined) {
      const others: UserContentPart[] = [];
      for (const part of parts) {
        const response = asRecord(part.functionResponse);
        if (!isRecord(part.functionResponse)) {
          const read = userPart(part, out);
          if (read !== undefined) others.push(read);
          continue;
        }
        const read = responseContent(asRecord(response.response));
        const media = asArray(response.parts).flatMap((inner) => {
          const inline = asRecord(asRecord(inner).inlineData);
          const mimeType = asString(inline.mimeType);
          const data = asString(inline.data);
          return mimeType === undefined || data === undefined ? [] : [mediaContent(mimeType, data)];
        });
        out.result({
          id: asString(response.id) ?? '',
          name: asString(response.name),
          content: [...read.content, ...media],
          isError: read.isError,
          structuredContent: read.structuredContent,
        });
      }
      out.user(others);
    } else throw unreadable(wire, message, `unknown role ${JSON.stringify(message.role)}`);
  }
  return out.done();
}

function structuredMechanism(options: DialectOptions): StructuredMechanism {
  return options.structuredOutput === 'subset' ? 'responseSchema' : 'responseJsonSchema';
}

/** `schema` with each `const` as a one-value `enum`, and where. */
function constAsEnum(schema: JsonObject): { schema: JsonObject; repaired: string[] } {
  const repaired: string[] = [];
  const out = mapSchemaNodes(schema, (node, path) => {
    if (!Object.hasOwn(node, 'const')) return node;
    repaired.push(path);
    const { const: value, ...rest } = node;
    return { ...rest, enum: [value] };
  }) as JsonObject;
  return { schema: out, repaired };
}

/**
 * Gemini structured output: `generationConfig.responseMimeType: 'application/json'` with the
 * schema as `responseJsonSchema` (JSON Schema proper; `const`, which Gemini's keyword list
 * lacks, sent as a one-value `enum`, as the AI SDK does), or with `subset` as `responseSchema`
 * (the OpenAPI 3.0 subset, converted by core's `toGeminiSchema` as tool parameters are, arrays
 * without `items` given `items: {}`). Each repair is warned, naming its rule.
 */
function addOutput(
  generationConfig: JsonObject,
  output: StructuredOutputRequest,
  options: DialectOptions,
): void {
  generationConfig.responseMimeType = 'application/json';
  if (structuredMechanism(options) === 'responseJsonSchema') {
    const { schema, repaired } = constAsEnum(stripSchemaDialect(output.schema));
    if (repaired.length > 0) {
      warnRepaired(
        options.onWarning,
        wire,
        output,
        'gemini-response-json-schema-const',
        'has const, which Gemini does not list; sent as a one-value enum',
        repaired,
      );
    }
    generationConfig.responseJsonSchema = schema;
    return;
  }
  const { schema, repaired } = withArrayItems(output.schema);
  if (repaired.length > 0) {
    warnRepaired(
      options.onWarning,
      wire,
      output,
      'gemini-response-schema-array-items',
      'has arrays without items; they get items: {}',
      repaired,
    );
  }
  const subset = toGeminiSchema(schema, {
    ...(options.onWarning ? { onWarning: options.onWarning } : {}),
  });
  if (subset !== undefined) generationConfig.responseSchema = subset;
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
  structuredMechanism,
  readStructured: textStructuredReply,
};
