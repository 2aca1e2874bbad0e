// Amazon Bedrock's Converse API (`POST /model/{modelId}/converse`): one request shape for every
// model Bedrock serves. Content blocks are unions keyed by their one member (`{ text }`,
// `{ image }`, `{ toolUse }`, `{ toolResult }`...), not by a `type` field.
// https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html
import type { Image } from '@crosswire/content-image/image';
import {
  emitWarning,
  extractToolCall,
  formatToolCall,
  formatTools,
  locateToolCalls,
  ProviderError,
  stripSchemaDialect,
  type ToolCall,
  toClosedJsonSchema,
} from '@crosswire/core';
import { type ToolResult, uniqueBedrockDocumentName } from '@crosswire/tool-result';
import { withCallIds, withMappedCallIds } from '../call-ids.js';
import { fallbackToolImages } from '../dialect-images.js';
import type { ChatRequest, Dialect, DialectOptions, ToolChoice } from '../dialect-types.js';
import type { ChatMessage, UserContentPart, UserMessage, WireMessage } from '../messages.js';
import { userParts, userPartText } from '../messages.js';
import {
  imageFromBase64,
  mediaContent,
  NeutralMessages,
  type ReadContext,
  unreadable,
} from '../provider-reading.js';
import { type ChatResponse, UsageReader } from '../response.js';
import { textStructuredReply } from '../structured/reply.js';
import { anthropicOutputSchema } from '../structured/strict.js';
import type {
  StructuredMechanism,
  StructuredOutputRequest,
  StructuredReply,
} from '../structured/types.js';
import { capText, requireObject, throwIfErrorBody } from '../support/error-body.js';
import {
  asArray,
  asRecord,
  asString,
  cloneJson,
  isRecord,
  type JsonObject,
} from '../support/json.js';
import { partialJsonObject } from '../support/partial-json.js';
import { joinReasoning, splitThinkTags } from '../support/reasoning.js';
import { sha256Hex } from '../support/sha256.js';
import {
  checkResultsAnswerCalls,
  dropCallItems,
  resultOptions,
  systemText,
} from '../support/turns.js';
import { unwrapWireMessage, wrap } from '../support/wire-messages.js';

export const wire = 'bedrock' as const;

export function path(model: string): string {
  return `/model/${encodeURIComponent(model)}/converse`;
}

/**
 * Converse's `toolChoice` union: `auto`, `any` or one `tool`. It has no `none`
 * (API_runtime_ToolChoice): that is said by sending no tools at all.
 */
export function toolChoice(choice: Exclude<ToolChoice, 'none'>): JsonObject {
  if (choice === 'auto') return { auto: {} };
  if (choice === 'required') return { any: {} };
  return { tool: { name: choice.name } };
}

/** Converse refuses a blank text block ("The text field in the ContentBlock object ... is blank"). */
function isBlank(text: string): boolean {
  return text.trim() === '';
}

/**
 * The toolUseId Converse accepts: 1 to 64 of `[a-zA-Z0-9_.:-]` (API_runtime_ToolUseBlockStart;
 * older pages say `[a-zA-Z0-9_-]`, but Bedrock itself mints `functions.get_temperature:0` for
 * Kimi and takes it back, as pydantic-ai's recorded traffic shows); it answers any other with
 * HTTP 400.
 */
const TOOL_USE_ID = /^[a-zA-Z0-9_.:-]{1,64}$/;

/** The prefix of a mapped id; an id that has it is mapped too, so no two ids meet. */
const MAPPED_ID_PREFIX = 'cw_';

/**
 * The id a call (and its result) goes to Converse with: an id Converse accepts is kept; any
 * other (ids with spaces or slashes, ids longer than 64) becomes `cw_` and the first 40 hex
 * digits of its SHA-256. A function of the id
 * alone, so every request of a conversation sends the same one; an id that already begins
 * with `cw_` is mapped too, so it cannot meet a mapped one.
 */
export function bedrockToolUseId(id: string): string {
  if (id === '' || (TOOL_USE_ID.test(id) && !id.startsWith(MAPPED_ID_PREFIX))) return id;
  return `${MAPPED_ID_PREFIX}${sha256Hex(id).slice(0, 40)}`;
}

/** A user turn's parts as Converse blocks, blank text left out. */
function userBlocks(message: UserMessage): JsonObject[] {
  return userParts(message).flatMap((part): JsonObject[] => {
    const text = userPartText(part);
    if (text !== undefined) return isBlank(text) ? [] : [{ text }];
    return [(part as Image).toBedrock() as unknown as JsonObject];
  });
}

/** The assistant turn as Converse blocks: its text (unless blank), then its calls. */
function assistantBlocks(message: Extract<ChatMessage, { role: 'assistant' }>): JsonObject[] {
  return [
    ...(isBlank(message.content) ? [] : [{ text: message.content }]),
    ...(message.toolCalls ?? []).map(
      (call) => formatToolCall('bedrock', call) as unknown as JsonObject,
    ),
  ];
}

/**
 * All results of a turn as `toolResult` blocks of one user turn, then, where the model sees
 * images but its tool result takes none (registry `tool_result_images` false), the tools'
 * images as `image` blocks of the same turn after a sentence naming them: the placement the
 * public reports show every vision model on Bedrock accepting (anomalyco/opencode#49443).
 */
function resultBlocks(results: readonly ToolResult[], options: DialectOptions): JsonObject[] {
  const blocks = results.map(
    (result) => result.to('bedrock', resultOptions(options)) as unknown as JsonObject,
  );
  const fallback = fallbackToolImages(results, options);
  if (fallback === undefined) return blocks;
  return [
    ...blocks,
    { text: fallback.label },
    ...fallback.images.map((image) => ({
      image: {
        format: image.mediaType.slice('image/'.length),
        source: { bytes: image.base64 },
      },
    })),
  ];
}

/** The conversation with every call and result id one Converse accepts. */
function withBedrockIds(messages: readonly ChatMessage[]): ChatMessage[] {
  return withMappedCallIds(messages, bedrockToolUseId);
}

/**
 * Appends a turn, joining it to the last one when both have the same role: Converse refuses a
 * conversation whose roles do not alternate ("A conversation must alternate between user and
 * assistant roles"), and a joined turn says the same.
 */
function pushTurn(messages: JsonObject[], role: 'user' | 'assistant', content: JsonObject[]) {
  if (content.length === 0) return;
  const last = messages.at(-1);
  if (last?.role === role) {
    messages[messages.length - 1] = { role, content: [...asArray(last.content), ...content] };
  } else messages.push({ role, content });
}

/** Tells `onWarning` that a turn with nothing Converse accepts in it was left out. */
function warnBlankTurn(role: 'user' | 'assistant', index: number, options: DialectOptions): void {
  emitWarning(options.onWarning, {
    code: 'empty_message_dropped',
    message: `bedrock: the ${role} message at index ${index} has no content but blank text, which the API refuses; it is left out`,
    details: { wire, role, index },
  });
}

/**
 * Document names made unique across the whole request: Converse refuses two documents of the
 * same name anywhere in it ("Messages can't contain duplicate document names").
 */
function uniqueDocumentNames(messages: JsonObject[]): void {
  const taken = new Set<string>();
  const rename = (block: JsonObject): JsonObject => {
    if (!isRecord(block.document)) return block;
    const name = asString(block.document.name) ?? 'document';
    const unique = uniqueBedrockDocumentName(name, taken);
    return unique === name ? block : { document: { ...block.document, name: unique } };
  };
  for (const [index, message] of messages.entries()) {
    let changed = false;
    const content = asArray(message.content).map((block) => {
      const record = asRecord(block);
      if (isRecord(record.toolResult)) {
        const original = asArray(record.toolResult.content);
        const inner = original.map((item) => rename(asRecord(item)));
        if (inner.every((item, at) => item === original[at])) return block;
        changed = true;
        return { toolResult: { ...record.toolResult, content: inner } };
      }
      const renamed = rename(record);
      if (renamed !== record) changed = true;
      return renamed;
    });
    if (changed) messages[index] = { ...message, content };
  }
}

/** The description of a tool named only because the conversation used it (see `toolConfig`). */
const STUB = 'Not available in this turn: answer without calling a tool.';

/** The names of the tools the conversation's calls used, in first-use order. */
function usedToolNames(messages: readonly JsonObject[]): string[] {
  const names = new Set<string>();
  for (const message of messages) {
    for (const block of asArray(message.content)) {
      const use = asRecord(asRecord(block).toolUse);
      if (typeof use.name === 'string') names.add(use.name);
    }
  }
  return [...names];
}

function holdsToolBlocks(messages: readonly JsonObject[]): boolean {
  return messages.some((message) =>
    asArray(message.content).some((block) => {
      const record = asRecord(block);
      return record.toolUse !== undefined || record.toolResult !== undefined;
    }),
  );
}

/**
 * `toolConfig` for a request: the tools and the choice. Converse refuses toolUse and
 * toolResult blocks without a `toolConfig` ("The toolConfig field must be defined when using
 * toolUse and toolResult content blocks"), so a conversation that holds some but offers no
 * tools (a last turn without tools, `toolChoice: 'none'`) names the tools it used, each with
 * an empty schema and a description saying it cannot be called now.
 */
function toolConfig(
  request: ChatRequest,
  messages: readonly JsonObject[],
  options: DialectOptions,
): JsonObject | undefined {
  const tools = request.tools ?? [];
  const none = request.toolChoice === 'none';
  if (tools.length > 0 && !none) {
    return {
      tools: formatTools(
        'bedrock',
        tools,
        options.onWarning ? { onWarning: options.onWarning } : {},
      ),
      ...(request.toolChoice === undefined ? {} : { toolChoice: toolChoice(request.toolChoice) }),
    };
  }
  if (!holdsToolBlocks(messages)) return undefined;
  return {
    tools: usedToolNames(messages).map((name) => ({
      toolSpec: {
        name,
        description: STUB,
        inputSchema: { json: { type: 'object', properties: {} } },
      },
    })),
  };
}

export function buildRequest(
  request: ChatRequest,
  options: DialectOptions,
): Record<string, unknown> {
  const messages: JsonObject[] = [];
  const conversation = withBedrockIds(withCallIds(request.messages));
  // An index loop: `entries()` made a pair per message, and this runs over every message of
  // every request.
  for (let index = 0; index < conversation.length; index++) {
    const message = conversation[index] as ChatMessage;
    switch (message.role) {
      case 'system':
        break; // goes in the top-level `system` field
      case 'user': {
        const content = userBlocks(message);
        if (content.length === 0) warnBlankTurn('user', index, options);
        // Right after results: the same user turn, after its toolResult blocks.
        pushTurn(messages, 'user', content);
        break;
      }
      case 'assistant': {
        const content = assistantBlocks(message);
        if (content.length === 0) warnBlankTurn('assistant', index, options);
        pushTurn(messages, 'assistant', content);
        break;
      }
      case 'tool':
        pushTurn(messages, 'user', resultBlocks(message.results, options));
        break;
      case 'wire': {
        const unwrapped = asRecord(unwrapWireMessage(wire, message));
        const role = unwrapped.role === 'assistant' ? 'assistant' : 'user';
        pushTurn(messages, role, asArray(unwrapped.content).map(asRecord));
        break;
      }
      default: {
        const exhaustive: never = message;
        throw new Error(`unknown message ${JSON.stringify(exhaustive)}`);
      }
    }
  }
  uniqueDocumentNames(messages);
  const body: JsonObject = {};
  const system = systemText(request.messages);
  if (system !== undefined) body.system = [{ text: system }];
  body.messages = messages;
  const inference: JsonObject = {};
  if (request.maxTokens !== undefined) inference.maxTokens = request.maxTokens;
  if (request.temperature !== undefined) inference.temperature = request.temperature;
  if (Object.keys(inference).length > 0) body.inferenceConfig = inference;
  const config = toolConfig(request, messages, options);
  if (config !== undefined) body.toolConfig = config;
  if (request.toolChoice === 'none' && config !== undefined && (request.tools ?? []).length > 0) {
    emitWarning(options.onWarning, {
      code: 'tool_choice_unsupported',
      message:
        "bedrock: Converse has no toolChoice 'none'; the conversation holds tool calls, so the tools it used are named, each marked as unavailable in this turn",
      details: { wire, toolChoice: 'none' },
    });
  }
  if (request.output !== undefined) addOutput(body, request.output, options);
  return { ...body, ...request.extra };
}

function readContent(
  body: unknown,
  options: DialectOptions,
): { content: string; reasoning: string[] } {
  const texts: string[] = [];
  const reasoning: string[] = [];
  for (const block of contentOf(body)) {
    const record = asRecord(block);
    if (typeof record.text === 'string') texts.push(record.text);
    else if (isRecord(record.reasoningContent)) {
      const text = asString(asRecord(record.reasoningContent.reasoningText).text);
      if (text !== undefined) reasoning.push(text);
    }
  }
  const text = texts.join('');
  if (!options.thinkTagFilter) return { content: text, reasoning };
  const split = splitThinkTags(text);
  return { content: split.content, reasoning: [...reasoning, ...split.thinking] };
}

/** The reply's `output.message.content`. */
function contentOf(body: unknown): unknown[] {
  return asArray(asRecord(asRecord(asRecord(body).output).message).content);
}

export function readToolCalls(body: unknown): ToolCall[] {
  return locateToolCalls('bedrock', body).flatMap((raw) => {
    const call = extractToolCall('bedrock', raw);
    return call === undefined ? [] : [call];
  });
}

/**
 * Converse counts cache reads and writes beside `inputTokens` (the AI SDK's
 * convert-amazon-bedrock-usage adds them up the same way); `inputTokens` here is all of them.
 * The writes by lifetime come from `cacheDetails` (API_runtime_TokenUsage: `{ ttl: '5m' | '1h',
 * inputTokens }` per TTL), priced apart as on Anthropic.
 */
function bedrockUsage(usage: JsonObject, options: DialectOptions) {
  const reader = new UsageReader(wire, options.onWarning, options.contextWindow);
  const uncached = reader.count(usage.inputTokens, 'usage.inputTokens');
  const outputTokens = reader.count(usage.outputTokens, 'usage.outputTokens');
  const cacheReadTokens = reader.count(usage.cacheReadInputTokens, 'usage.cacheReadInputTokens');
  const cacheWriteTokens = reader.count(usage.cacheWriteInputTokens, 'usage.cacheWriteInputTokens');
  const byTtl = (ttl: '5m' | '1h') => {
    const index = asArray(usage.cacheDetails).findIndex(
      (detail) => isRecord(detail) && detail.ttl === ttl,
    );
    if (index < 0) return undefined;
    const detail = asRecord(asArray(usage.cacheDetails)[index]);
    return reader.count(detail.inputTokens, `usage.cacheDetails[${index}].inputTokens`);
  };
  const inputTokens =
    uncached === undefined
      ? undefined
      : uncached + (cacheReadTokens ?? 0) + (cacheWriteTokens ?? 0);
  return reader.usage({
    inputTokens,
    outputTokens,
    totalTokens:
      inputTokens !== undefined && outputTokens !== undefined
        ? inputTokens + outputTokens
        : undefined,
    cacheReadTokens,
    cacheWriteTokens,
    cacheWrite5mTokens: byTtl('5m'),
    cacheWrite1hTokens: byTtl('1h'),
  });
}

/** Stop reasons that mean the reply was withheld (a guardrail or the content filter). */
const REFUSAL_STOPS = new Set(['content_filtered', 'guardrail_intervened']);

/**
 * Throws the error an AWS error body stands for: `{ message }` (and `__type`, the exception,
 * in some AWS JSON replies) with no `output`, as Bedrock answers a refused request.
 */
function throwIfAwsError(record: JsonObject): void {
  if (record.output !== undefined || typeof record.message !== 'string') return;
  const type = asString(record.__type)?.replace(/^.*#/, '');
  const said = capText(record.message);
  throw new ProviderError(`bedrock provider error${type ? ` ${type}` : ''}: ${said}`, {
    providerMessage: said,
    ...(type === undefined ? {} : { providerCode: type }),
  });
}

export function parseResponse(body: unknown, options: DialectOptions): ChatResponse {
  throwIfErrorBody(wire, body);
  const record = requireObject(wire, body);
  throwIfAwsError(record);
  const { content, reasoning } = readContent(body, options);
  const finishReason = asString(record.stopReason);
  return {
    content,
    toolCalls: readToolCalls(body),
    finishReason,
    usage: bedrockUsage(asRecord(record.usage), options),
    reasoning: joinReasoning(reasoning),
    refusal: finishReason !== undefined && REFUSAL_STOPS.has(finishReason) ? content : undefined,
    raw: body,
  };
}

export function readText(body: unknown, options: DialectOptions): string {
  return readContent(body, options).content;
}

/**
 * The assistant turn as the reply sent it, reasoning blocks and their signatures included
 * (Claude on Bedrock requires them back in a tool loop with extended thinking). Blank text
 * blocks are left out: the API refuses them on input.
 */
export function assistantEcho(body: unknown): JsonObject {
  const content = contentOf(body).filter((block) => {
    const text = asRecord(block).text;
    return !(typeof text === 'string' && isBlank(text));
  });
  // A call cut off inside its input (max_tokens) keeps the JSON text, and the call reads as
  // undecodable; the echo sends the object it was becoming, as Converse takes only an object.
  const echoed = cloneJson(content).map((block) => {
    const use = asRecord(asRecord(block).toolUse);
    return typeof use.input === 'string'
      ? { toolUse: { ...use, input: partialJsonObject(use.input) } }
      : block;
  });
  return { role: 'assistant', content: echoed };
}

export function formatToolResults(
  body: unknown,
  results: readonly ToolResult[],
  options: DialectOptions,
): WireMessage[] {
  const echo = assistantEcho(body);
  const callIds = asArray(echo.content).flatMap((block) => {
    const use = asRecord(asRecord(block).toolUse);
    return isRecord(asRecord(block).toolUse) ? [asString(use.toolUseId) ?? ''] : [];
  });
  checkResultsAnswerCalls(wire, callIds, results, options.onWarning);
  return wrap(wire, [echo, { role: 'user', content: resultBlocks(results, options) }]);
}

export function withoutToolCalls(body: unknown, calls: readonly ToolCall[]): unknown {
  if (!isRecord(body)) return body;
  const copy = cloneJson(body);
  const message = asRecord(asRecord(copy.output).message);
  dropCallItems(message, 'content', calls);
  return copy;
}

/** The media type of a Converse document format, for reading one back. */
const DOCUMENT_MEDIA_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  html: 'text/html',
  txt: 'text/plain',
  md: 'text/markdown',
};

/** A toolResult's content as tool-result content: each member as the MCP-style item it was. */
function resultContent(content: unknown): unknown[] {
  return asArray(content).flatMap((block): unknown[] => {
    const record = asRecord(block);
    if (typeof record.text === 'string')
      return record.text === '' ? [] : [{ type: 'text', text: record.text }];
    if (record.json !== undefined) return [{ type: 'json', value: record.json }];
    const image = asRecord(record.image);
    const bytes = asString(asRecord(image.source).bytes);
    if (bytes !== undefined) {
      return [{ type: 'image', data: bytes, mimeType: `image/${asString(image.format) ?? 'png'}` }];
    }
    const document = asRecord(record.document);
    const data = asString(asRecord(document.source).bytes);
    if (data !== undefined) {
      const mediaType =
        DOCUMENT_MEDIA_TYPES[asString(document.format) ?? ''] ?? 'application/octet-stream';
      return [mediaContent(mediaType, data, asString(document.name))];
    }
    return [{ type: 'text', text: JSON.stringify(record) }];
  });
}

/** A user turn's blocks other than results as user parts; what a part cannot hold is reported. */
function userPartsOf(blocks: readonly unknown[], out: NeutralMessages): UserContentPart[] {
  const parts: UserContentPart[] = [];
  for (const block of blocks) {
    const record = asRecord(block);
    const image = asRecord(record.image);
    const bytes = asString(asRecord(image.source).bytes);
    if (typeof record.text === 'string') {
      if (!isBlank(record.text)) parts.push({ type: 'text', text: record.text });
    } else if (bytes !== undefined) {
      parts.push(imageFromBase64(record, bytes, `image/${asString(image.format) ?? 'png'}`));
    } else if (record.cachePoint === undefined) {
      out.lost(`a user ${JSON.stringify(Object.keys(record)[0] ?? 'empty')} block`);
    }
  }
  return parts;
}

/**
 * Converse messages as neutral messages: user text and images, toolResult blocks as results
 * (text, json, images, documents, `status: 'error'`) named by the toolUse they answer,
 * assistant text and toolUse calls. Reasoning is left out (counted), cache points dropped,
 * anything else reported and left out.
 */
export function readMessages(messages: readonly unknown[], context: ReadContext): ChatMessage[] {
  const out = new NeutralMessages(wire, context);
  for (const message of messages) {
    if (!isRecord(message)) throw unreadable(wire, message, 'not an object');
    const blocks = asArray(message.content);
    if (message.role === 'assistant') {
      const texts: string[] = [];
      for (const block of blocks) {
        const record = asRecord(block);
        if (typeof record.text === 'string') texts.push(record.text);
        else if (record.reasoningContent !== undefined) out.reasoning();
        else if (record.toolUse === undefined && record.cachePoint === undefined)
          out.lost(`an assistant ${JSON.stringify(Object.keys(record)[0] ?? 'empty')} block`);
      }
      out.assistant(texts.join(''), readToolCalls({ content: blocks }));
    } else if (message.role === 'user') {
      const others: unknown[] = [];
      for (const block of blocks) {
        const result = asRecord(asRecord(block).toolResult);
        if (!isRecord(asRecord(block).toolResult)) {
          others.push(block);
          continue;
        }
        out.result({
          id: asString(result.toolUseId) ?? '',
          content: resultContent(result.content),
          isError: result.status === 'error',
        });
      }
      out.user(userPartsOf(others, out));
    } else throw unreadable(wire, message, `unknown role ${JSON.stringify(message.role)}`);
  }
  return out.done();
}

function structuredMechanism(options: DialectOptions): StructuredMechanism {
  return options.structuredOutput === 'native' ? 'outputConfig.textFormat' : 'tool';
}

/**
 * Converse structured output: `native` sends `outputConfig.textFormat` (a JSON Schema given as
 * a string, objects closed: API_runtime_OutputFormat, for the models AWS lists); `tool` (every
 * model that takes a tool choice) offers one more tool whose schema is the output's and
 * forces it (`toolChoice.tool` alone, `any` beside other tools).
 */
function addOutput(body: JsonObject, output: StructuredOutputRequest, options: DialectOptions) {
  if (structuredMechanism(options) === 'outputConfig.textFormat') {
    body.outputConfig = {
      ...asRecord(body.outputConfig),
      textFormat: {
        type: 'json_schema',
        structure: {
          jsonSchema: {
            schema: JSON.stringify(toClosedJsonSchema(anthropicOutputSchema(output.schema))),
            name: output.name,
            ...(output.description === undefined ? {} : { description: output.description }),
          },
        },
      },
    };
    return;
  }
  const config = asRecord(body.toolConfig);
  const others = asArray(config.tools);
  const offered = others.filter((tool) => asRecord(asRecord(tool).toolSpec).description !== STUB);
  // The engine names the tool apart (toolName) when a tool of the request has the output's name.
  const toolName = output.toolName ?? output.name;
  body.toolConfig = {
    tools: [
      ...others,
      {
        toolSpec: {
          name: toolName,
          description:
            output.description ??
            'Give the answer: call this tool with it as the input, exactly once.',
          inputSchema: { json: stripSchemaDialect(output.schema) },
        },
      },
    ],
    toolChoice: offered.length === 0 ? { tool: { name: toolName } } : { any: {} },
  };
}

function readStructured(
  response: ChatResponse,
  output: StructuredOutputRequest,
  options: DialectOptions,
): StructuredReply {
  if (response.refusal !== undefined && response.refusal !== '') {
    return { text: '', refusal: response.refusal };
  }
  if (structuredMechanism(options) === 'tool') {
    const name = output.toolName ?? output.name;
    const call = response.toolCalls.find((entry) => entry.name === name);
    if (call !== undefined) {
      return {
        text: call.argumentsUndecodable
          ? String(call.rawArguments)
          : JSON.stringify(call.arguments),
        toolCallId: call.id,
      };
    }
  }
  return textStructuredReply(response);
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
  readStructured,
};
