// Anthropic Messages (`POST /v1/messages`) and the `/anthropic` shims that speak it.
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
import { withCallIds, withMappedCallIds } from '../call-ids.js';
import type { ChatRequest, Dialect, DialectOptions, ToolChoice } from '../dialect-types.js';
import type { ChatMessage, UserContentPart, UserMessage, WireMessage } from '../messages.js';
import { userParts, userPartText } from '../messages.js';
import {
  imageFromBase64,
  imageFromUrl,
  NeutralMessages,
  type ReadContext,
  unreadable,
} from '../provider-reading.js';
import type { ChatResponse } from '../response.js';
import { UsageReader } from '../response.js';
import {
  anthropicFormatObstacles,
  anthropicNativeSchema,
  outputToolName,
  WRAPPED_ROOT_PROPERTY,
  wrappedRootSchema,
  wrapsRoot,
} from '../structured/anthropic-output.js';
import { textStructuredReply, warnRepaired } from '../structured/reply.js';
import type {
  StructuredMechanism,
  StructuredOutputRequest,
  StructuredReply,
} from '../structured/types.js';
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
import { partialJsonObject } from '../support/partial-json.js';
import { joinReasoning, splitThinkTags } from '../support/reasoning.js';
import {
  checkResultsAnswerCalls,
  dropCallItems,
  resultOptions,
  systemText,
} from '../support/turns.js';
import { unwrapWireMessage, wrap } from '../support/wire-messages.js';

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

/**
 * The tool_use ids Anthropic accepts; it answers any other with HTTP 400 ("tool_use.id: String
 * should match pattern '^[a-zA-Z0-9_-]+$'").
 */
const TOOL_USE_ID = /^[a-zA-Z0-9_-]+$/;

/** The prefix of a mapped id; an id that has it is mapped too, so no two ids meet. */
const MAPPED_ID_PREFIX = 'cw_';

/**
 * The id a call (and its result) goes to Anthropic with: an id Anthropic accepts is kept; any
 * other (Kimi's `functions.get_weather:0`, ids with dots, colons, slashes, spaces) is spelled
 * `cw_` + the id with `_` doubled and every other refused character as `_<hex code point>_`.
 * That spelling can be read back, so two different ids never get the same one, and it is a
 * function of the id alone, so every request of a conversation sends the same one. An id
 * that already begins with `cw_` is spelled out too, so it cannot meet a mapped one.
 */
export function anthropicToolUseId(id: string): string {
  if (id === '' || (TOOL_USE_ID.test(id) && !id.startsWith(MAPPED_ID_PREFIX))) return id;
  let mapped = MAPPED_ID_PREFIX;
  for (const character of id) {
    if (character === '_') mapped += '__';
    else if (/^[a-zA-Z0-9-]$/.test(character)) mapped += character;
    else mapped += `_${(character.codePointAt(0) as number).toString(16)}_`;
  }
  return mapped;
}

/** The conversation with every call and result id one Anthropic accepts. */
function withAnthropicIds(messages: readonly ChatMessage[]): ChatMessage[] {
  return withMappedCallIds(messages, anthropicToolUseId);
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
  const conversation = withAnthropicIds(withCallIds(request.messages));
  // An index loop: `entries()` made a pair per message, and this runs over every message of
  // every request.
  for (let index = 0; index < conversation.length; index++) {
    const message = conversation[index] as ChatMessage;
    switch (message.role) {
      case 'system':
        break; // goes in the top-level `system` field
      case 'user': {
        const content = userContent(message);
        if (content === undefined) warnBlankTurn('user', index, options);
        else if (conversation[index - 1]?.role === 'tool') {
          // Right after results (a tool's images beside them, read from another wire): the
          // same user turn, after its tool_result blocks, as the API itself joins two turns.
          const results = messages.pop() as { role: 'user'; content: JsonObject[] };
          const blocks = typeof content === 'string' ? [{ type: 'text', text: content }] : content;
          messages.push({ role: 'user', content: [...results.content, ...blocks] });
        } else messages.push({ role: 'user', content });
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
  if (request.output !== undefined) addOutput(body, request.output, options);
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
  const built = mergeExtra(wire, body, request.extra, options.onWarning);
  relaxForcedToolChoice(built, options);
  warnThinkingBlockMissing(built, options);
  return built;
}

/** A `tool_choice` that makes the model call a tool. */
function forcesTool(choice: unknown): boolean {
  const type = asRecord(choice).type;
  return type === 'any' || type === 'tool';
}

/**
 * A forced `tool_choice` where the API refuses one goes out as `auto` (the reply is read and
 * validated as usual, and a structured reply repaired), with a `tool_choice_relaxed` warning
 * naming the rule: with extended thinking on ("Thinking may not be enabled when tool_choice
 * forces tool use.", mastra-ai/mastra#7507), and on a model that refuses forced tool use
 * (`forcedToolChoice: false`; "tool_choice: type "tool" and "any" are not supported for this
 * model.", anthropics/claude-cookbooks#854). `body` is the dialect's own copy.
 */
function relaxForcedToolChoice(body: JsonObject, options: DialectOptions): void {
  if (!forcesTool(body.tool_choice)) return;
  const thinking = asRecord(body.thinking).type;
  const thinkingOn = thinking === 'enabled' || thinking === 'adaptive';
  if (!thinkingOn && options.forcedToolChoice !== false) return;
  const rule = thinkingOn
    ? 'anthropic-thinking-forced-tool-choice'
    : 'anthropic-forced-tool-choice-model';
  const { name: _name, type: forced, ...rest } = asRecord(body.tool_choice);
  body.tool_choice = { ...rest, type: 'auto' };
  emitWarning(options.onWarning, {
    code: 'tool_choice_relaxed',
    message: `anthropic: tool_choice ${JSON.stringify(forced)} is sent as "auto": ${thinkingOn ? 'extended thinking is on, and the API refuses a forced tool call with it' : 'the model refuses a forced tool call'} (rule ${rule})`,
    details: { wire, rule, toolChoice: forced },
  });
}

/**
 * With extended thinking on, Anthropic refuses a request whose open tool cycle (the last
 * assistant turn with tool_use, answered by the tool_results after it) does not start with a
 * thinking block (n8n-io/n8n#22550: "When thinking is enabled, a final assistant message must
 * start with a thinking block"). A cycle begun on another wire has none, and none can be made
 * (the signature is Anthropic's): `onWarning` is told before the request goes.
 */
function warnThinkingBlockMissing(body: JsonObject, options: DialectOptions): void {
  if (asRecord(body.thinking).type !== 'enabled') return;
  const messages = asArray(body.messages).map(asRecord);
  const last = messages.findLastIndex((message) => message.role === 'assistant');
  const turn = messages[last];
  if (turn === undefined || last !== messages.length - 2) return;
  const blocks = asArray(turn.content).map(asRecord);
  if (!blocks.some((block) => block.type === 'tool_use')) return;
  if (REASONING_BLOCKS.has(String(blocks[0]?.type))) return;
  emitWarning(options.onWarning, {
    code: 'anthropic_thinking_block_missing',
    message:
      'anthropic: thinking is enabled but the open tool cycle has no thinking block (it began on another wire or lost it); the API refuses that; finish the cycle without thinking',
    details: { wire, index: last },
  });
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

/**
 * Anthropic counts cache reads and writes beside `input_tokens` (the SDK's `Usage`: "Total
 * input tokens in a request is the summation of `input_tokens`, `cache_creation_input_tokens`,
 * and `cache_read_input_tokens`"); `inputTokens` adds them up. A shim that counts reads inside
 * `input_tokens` says so (`cacheReadsInInputTokens`), and they are not added twice.
 */
function anthropicUsage(usage: JsonObject, options: DialectOptions) {
  const reader = new UsageReader(wire, options.onWarning, options.contextWindow);
  const uncached = reader.count(usage.input_tokens, 'usage.input_tokens');
  const outputTokens = reader.count(usage.output_tokens, 'usage.output_tokens');
  const cacheReadTokens = reader.count(
    usage.cache_read_input_tokens,
    'usage.cache_read_input_tokens',
  );
  const cacheWriteTokens = reader.count(
    usage.cache_creation_input_tokens,
    'usage.cache_creation_input_tokens',
  );
  // The writes by lifetime (SDK `Usage.cache_creation`: `CacheCreation`), priced apart.
  const creation = asRecord(usage.cache_creation);
  const cacheWrite5mTokens = reader.count(
    creation.ephemeral_5m_input_tokens,
    'usage.cache_creation.ephemeral_5m_input_tokens',
  );
  const cacheWrite1hTokens = reader.count(
    creation.ephemeral_1h_input_tokens,
    'usage.cache_creation.ephemeral_1h_input_tokens',
  );
  const readsInside = options.cacheReadsInInputTokens === true;
  const inputTokens =
    uncached === undefined
      ? undefined
      : uncached + (cacheWriteTokens ?? 0) + (readsInside ? 0 : (cacheReadTokens ?? 0));
  return reader.usage({
    inputTokens,
    outputTokens,
    totalTokens:
      inputTokens !== undefined && outputTokens !== undefined
        ? inputTokens + outputTokens
        : undefined,
    cacheReadTokens,
    cacheWriteTokens,
    cacheWrite5mTokens,
    cacheWrite1hTokens,
  });
}

export function parseResponse(body: unknown, options: DialectOptions): ChatResponse {
  throwIfErrorBody(wire, body);
  const record = requireObject(wire, body);
  const { content, thinking } = readContent(body, options);
  const finishReason = asString(record.stop_reason);
  return {
    content,
    toolCalls: readToolCalls(body),
    finishReason,
    usage: anthropicUsage(asRecord(record.usage), options),
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
  // A call cut off inside its input (max_tokens) keeps the JSON text in the reply, and the call
  // reads as undecodable; the echo sends the object it was becoming, as Anthropic accepts only
  // an object `input` ("Input should be a valid dictionary").
  const echoed = cloneJson(content).map((block) => {
    const record = asRecord(block);
    return record.type === 'tool_use' && typeof record.input === 'string'
      ? { ...record, input: partialJsonObject(record.input) }
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

/** Assistant blocks that are reasoning: signed by Anthropic, verified only by Anthropic. */
const REASONING_BLOCKS = new Set(['thinking', 'redacted_thinking']);

/**
 * A tool_result's content as tool-result content: a string as text; blocks as they are (core
 * reads Anthropic-native text, image, document and search_result blocks), except a base64
 * image, which becomes an MCP image so every wire decides for itself how to carry it.
 */
function resultContent(content: unknown): unknown[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  return asArray(content).map((block) => {
    const record = asRecord(block);
    const source = asRecord(record.source);
    if (record.type === 'image' && source.type === 'base64' && typeof source.data === 'string') {
      return { type: 'image', data: source.data, mimeType: asString(source.media_type) ?? '' };
    }
    return block;
  });
}

/** A user turn's non-result blocks as user parts; what a user part cannot hold is reported. */
function userPartsOf(blocks: readonly unknown[], out: NeutralMessages): UserContentPart[] {
  const parts: UserContentPart[] = [];
  for (const block of blocks) {
    const record = asRecord(block);
    const source = asRecord(record.source);
    if (record.type === 'text' && typeof record.text === 'string') {
      if (!isBlank(record.text)) parts.push({ type: 'text', text: record.text });
    } else if (record.type === 'image' && source.type === 'base64') {
      const mediaType = asString(source.media_type);
      parts.push(imageFromBase64(record, asString(source.data) ?? '', mediaType));
    } else if (record.type === 'image' && source.type === 'url') {
      parts.push(imageFromUrl(record, asString(source.url) ?? ''));
    } else out.lost(`a user ${JSON.stringify(asString(record.type) ?? 'untyped')} block`);
  }
  return parts;
}

/**
 * Anthropic messages as neutral messages: user text and images, tool_result blocks as
 * results (content, images, PDFs, `is_error`) named by the tool_use they answer, assistant
 * text and tool_use calls. Thinking and redacted thinking are left out (counted); other
 * blocks (server tools) are reported and left out.
 */
export function readMessages(messages: readonly unknown[], context: ReadContext): ChatMessage[] {
  const out = new NeutralMessages(wire, context);
  for (const message of messages) {
    if (!isRecord(message)) throw unreadable(wire, message, 'not an object');
    const blocks =
      typeof message.content === 'string'
        ? [{ type: 'text', text: message.content }]
        : asArray(message.content);
    if (message.role === 'assistant') {
      const texts: string[] = [];
      for (const block of blocks) {
        const record = asRecord(block);
        if (record.type === 'text' && typeof record.text === 'string') texts.push(record.text);
        else if (REASONING_BLOCKS.has(String(record.type))) out.reasoning();
        else if (record.type !== 'tool_use')
          out.lost(`an assistant ${JSON.stringify(asString(record.type) ?? 'untyped')} block`);
      }
      out.assistant(texts.join(''), readToolCalls({ content: blocks }));
    } else if (message.role === 'user' && typeof message.content === 'string') {
      out.user(isBlank(message.content) ? [] : [message.content]);
    } else if (message.role === 'user') {
      const others: unknown[] = [];
      for (const block of blocks) {
        const record = asRecord(block);
        if (record.type !== 'tool_result') {
          others.push(block);
          continue;
        }
        out.result({
          id: asString(record.tool_use_id) ?? '',
          content: resultContent(record.content),
          isError: record.is_error === true,
        });
      }
      out.user(userPartsOf(others, out));
    } else throw unreadable(wire, message, `unknown role ${JSON.stringify(message.role)}`);
  }
  return out.done();
}

function structuredMechanism(options: DialectOptions): StructuredMechanism {
  return options.structuredOutput === 'native' ? 'output_config.format' : 'tool';
}

/**
 * The mechanism of one request: `output_config.format` where the model has it and it takes the
 * schema (see `anthropicFormatObstacles`), else the tool form.
 */
function mechanismFor(
  options: DialectOptions,
  output: StructuredOutputRequest,
): StructuredMechanism {
  if (structuredMechanism(options) === 'tool') return 'tool';
  return anthropicFormatObstacles(output.schema).length === 0 ? 'output_config.format' : 'tool';
}

/**
 * Anthropic structured outputs: `native` sends `output_config: { format: { type:
 * 'json_schema', schema } }` (SDK `OutputConfig` / `JSONOutputFormat`; objects closed with
 * `additionalProperties: false`, which the API requires; string formats it does not take
 * dropped, with a warning); a schema it refuses, and every request in `tool` mode (every
 * Messages endpoint, the `/anthropic` shims too), offers one more tool whose `input_schema` is
 * the schema (a non-object root wrapped in a `value` property) under a name no other tool has,
 * and forces it with `tool_choice` (`{type:'tool'}` alone, `{type:'any'}` beside other tools).
 */
function addOutput(body: JsonObject, output: StructuredOutputRequest, options: DialectOptions) {
  if (mechanismFor(options, output) === 'output_config.format') {
    const { schema, droppedFormats } = anthropicNativeSchema(output.schema);
    if (droppedFormats.length > 0) {
      warnRepaired(
        options.onWarning,
        wire,
        output,
        'anthropic-output-format-string-format',
        'has string formats output_config.format does not take; they are not sent',
        droppedFormats,
      );
    }
    body.output_config = {
      ...asRecord(body.output_config),
      format: { type: 'json_schema', schema },
    };
    return;
  }
  if (structuredMechanism(options) === 'output_config.format') {
    const obstacles = anthropicFormatObstacles(output.schema);
    emitWarning(options.onWarning, {
      code: 'structured_output_mechanism',
      message: `anthropic: output "${output.name}" goes in the tool form, because output_config.format refuses its schema: ${obstacles.map((obstacle) => `${obstacle.reason} (rule ${obstacle.rule})`).join('; ')}`,
      details: {
        wire,
        name: output.name,
        mechanism: 'tool',
        rule: obstacles[0]?.rule,
        rules: obstacles.map((obstacle) => obstacle.rule),
      },
    });
  }
  const others = asArray(body.tools);
  const taken = others.flatMap((tool) => {
    const name = asRecord(tool).name;
    return typeof name === 'string' ? [name] : [];
  });
  const toolName = output.toolName ?? outputToolName(output.name, taken);
  if (toolName !== output.name) {
    emitWarning(options.onWarning, {
      code: 'output_tool_renamed',
      message: `anthropic: a tool of the request is named "${output.name}", so output "${output.name}" goes as tool "${toolName}" (rule anthropic-tool-names-unique)`,
      details: { wire, name: output.name, toolName, rule: 'anthropic-tool-names-unique' },
    });
  }
  const schema = stripSchemaDialect(output.schema);
  body.tools = [
    ...others,
    {
      name: toolName,
      description:
        output.description ?? 'Give the answer: call this tool with it as the input, exactly once.',
      input_schema: wrapsRoot(schema) ? wrappedRootSchema(schema) : schema,
    },
  ];
  body.tool_choice = others.length === 0 ? { type: 'tool', name: toolName } : { type: 'any' };
}

/** `JSON.stringify(value)`, or '' for a value nested too deep for it (a hostile reply). */
function jsonOrEmpty(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

function readStructured(
  response: ChatResponse,
  output: StructuredOutputRequest,
  options: DialectOptions,
): StructuredReply {
  if (response.finishReason === 'refusal') return { text: '', refusal: response.refusal ?? '' };
  if (mechanismFor(options, output) === 'tool') {
    const name = output.toolName ?? output.name;
    const call = response.toolCalls.find((entry) => entry.name === name);
    if (call !== undefined) {
      // Arguments too deep to decode arrive as the wire's object (rawArguments): still the
      // value, which the caller's check refuses with its own depth bound.
      const raw = call.argumentsUndecodable ? call.rawArguments : call.arguments;
      if (typeof raw === 'string' || !isRecord(raw)) {
        return { text: String(raw ?? ''), toolCallId: call.id };
      }
      const value = wrapsRoot(output.schema) ? raw[WRAPPED_ROOT_PROPERTY] : raw;
      return { text: jsonOrEmpty(value), value, toolCallId: call.id };
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
