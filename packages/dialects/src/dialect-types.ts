// The types every wire's dialect shares: what a request holds, the per-engine options, and the
// dialect interface each `src/wires/<wire>.ts` implements.
import type { ToolCall, ToolDefinitionInput, WarningHandler, WireFormat } from '@crosswire/core';
import type { ToolResult } from '@crosswire/tool-result';
import type { ChatMessage, WireMessage } from './messages.js';
import type { ReadContext } from './provider-reading.js';
import type { ChatResponse } from './response.js';
import type {
  StructuredMechanism,
  StructuredOutputMode,
  StructuredOutputRequest,
  StructuredReply,
} from './structured/types.js';

/** How the model is told which tools it may (or must) call. */
export type ToolChoice = 'auto' | 'none' | 'required' | { readonly name: string };

/** One chat turn to send: the conversation, the tools on offer and the sampling options. */
export interface ChatRequest {
  readonly model: string;
  readonly messages: readonly ChatMessage[];
  /** MCP-style tool definitions (`name`, `description`, `inputSchema`); formatted per wire by core's `formatTools`. */
  readonly tools?: readonly ToolDefinitionInput[];
  /** Output token cap. Anthropic requires one: `DEFAULT_ANTHROPIC_MAX_TOKENS` when unset. */
  readonly maxTokens?: number;
  readonly temperature?: number;
  readonly toolChoice?: ToolChoice;
  /**
   * Ask for a reply that is one JSON value matching a schema, by the wire's own mechanism
   * (`response_format`, `text.format`, `output_config.format` or a synthetic tool,
   * `responseJsonSchema`, `format`, the system prompt on hermes). Unset: nothing changes.
   */
  readonly output?: StructuredOutputRequest;
  /** Merged into the body last (shallowly): provider-specific fields the dialect does not model. */
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** The Hermes prompt-tool-calling settings: tag names, prompt template, tool shape. */
export interface HermesOptions {
  /** The tag the tool list is wrapped in; default `tools`. */
  readonly toolsTag?: string;
  /** The tag the model wraps each call in; default `tool_call`. */
  readonly callTag?: string;
  /** The tag each result is wrapped in; default `tool_response`. */
  readonly responseTag?: string;
  /** The instructions that open the tools prompt (core's `hermesToolsPrompt` default when unset). */
  readonly systemPrompt?: string;
  /** The role of the message carrying each result: `tool` (default, as Hermes' ChatML template) or `user`. */
  readonly resultRole?: 'tool' | 'user';
}

/** Per-engine options, filled from registry data (capabilities and quirks). */
export interface DialectOptions {
  readonly hermes?: HermesOptions;
  /** Remove `<think>...</think>` from the content (kept in `reasoning`); Hermes calls inside it are ignored. */
  readonly thinkTagFilter?: boolean;
  /** The model sees images (`image_input`): passed to `ToolResult.to` and gates `imageFallback`. */
  readonly imageInput?: boolean;
  /** Passed to `ToolResult.to` (`tool_result_pdf`). */
  readonly nativePdf?: boolean;
  /** Passed to `ToolResult.to` on anthropic (false on `/anthropic` shims that reject document blocks). */
  readonly sourceBlocks?: boolean;
  /** openai, responses, hermes: send images as `data:` URLs (the endpoint takes no remote image URLs). */
  readonly inlineImages?: boolean;
  /**
   * How a tool's images reach a model that sees images when the tool result cannot carry them
   * (registry quirk `tool_result_image_fallback`). Default here `none` (the placeholder text
   * only); an engine defaults to `user-message`, which applies only when the model sees images.
   * `user-message`: on openai, ollama and hermes one user message with the images after the
   * results; on gemini (a functionResponse without images, Gemini 2.x) `inlineData` parts
   * after the functionResponse parts of the same turn. `tool-message` (ollama): `images` on
   * each tool message. Only when the model sees images (`imageFallbackInput`).
   */
  readonly imageFallback?: 'none' | 'user-message' | 'tool-message';
  /** The model sees images (`image_input`): gates `imageFallback`. Default: `imageInput`. */
  readonly imageFallbackInput?: boolean;
  /**
   * The model reads PDFs (`pdf_input`): on gemini, `imageFallback: 'user-message'` then also
   * sends the PDFs a functionResponse cannot carry (`nativePdf` off, Gemini 2.x) as `inlineData`
   * after the functionResponse parts. Default false.
   */
  readonly pdfFallbackInput?: boolean;
  /** openai, hermes: the field the output cap goes in. Default `max_completion_tokens`; `max_tokens` for servers that only know the old name. */
  readonly maxTokensField?: 'max_completion_tokens' | 'max_tokens';
  /**
   * anthropic: `native` sends `output_config.format`, `tool` (the default, which every
   * Messages endpoint takes) a synthetic tool the model is forced to call. gemini: `native`
   * (the default) `responseJsonSchema`, `subset` the OpenAPI-subset `responseSchema`. Other
   * wires have one mechanism. The engine sets it from the registry's `structured_output`.
   * anthropic `native` still goes in the tool form for a schema `output_config.format` refuses
   * (recursive, more than 24 optional or 16 union-typed properties, an enum of objects), with a
   * `structured_output_mechanism` warning naming the rule.
   */
  readonly structuredOutput?: StructuredOutputMode;
  /**
   * anthropic: false when the model refuses a `tool_choice` that forces a tool call (registry
   * request feature `forced_tool_choice`; Claude Fable 5.1): a forced choice goes out as `auto`,
   * with a `tool_choice_relaxed` warning. Default true.
   */
  readonly forcedToolChoice?: boolean;
  /**
   * anthropic: the endpoint counts cache reads inside `input_tokens` (registry quirk
   * `usage_cache_reads_in_input`, some `/anthropic` shims), so `Usage.inputTokens` does not add
   * `cache_read_input_tokens` again. Default false (Anthropic's own count, beside it).
   */
  readonly cacheReadsInInputTokens?: boolean;
  /**
   * The model's context window in tokens (the engine passes the registry's `limits.context`):
   * a reply's token count above it is not believed, and left out with `usage_invalid`.
   */
  readonly contextWindow?: number;
  readonly onWarning?: WarningHandler;
}

/** One wire's request builder, reply parser and tool-turn formatter. */
export interface Dialect {
  readonly wire: WireFormat;
  /** The path under the provider's base URL: `/chat/completions`, `/v1/messages`, `/models/{model}:generateContent`, `/api/chat`, `/responses`. */
  path(model: string): string;
  /**
   * Pure: the JSON body. Images must already hold their bytes where the wire needs inline data
   * (`imagesNeedingBytes`); the image serializer throws `ImageNotFetchedError` otherwise.
   */
  buildRequest(request: ChatRequest, options: DialectOptions): Record<string, unknown>;
  /** Parses a decoded 200 body; throws `ProviderError` for an error body, `PromptBlockedError` for a refused prompt. */
  parseResponse(body: unknown, options: DialectOptions): ChatResponse;
  /** The assistant echo of the prior turn plus one result block per call, always a list. */
  formatToolResults(
    body: unknown,
    results: readonly ToolResult[],
    options: DialectOptions,
  ): WireMessage[];
  /** The final text read straight off a body, without any error check; '' when there is none. Never throws. */
  readText(body: unknown, options: DialectOptions): string;
  /** A copy of `body` without the given calls (located in it by `ToolCall.raw`). */
  withoutToolCalls(body: unknown, calls: readonly ToolCall[], options: DialectOptions): unknown;
  /**
   * A run of this wire's provider messages (`formatToolResults` output, in order) as neutral
   * messages, for a request of another wire. Throws `wire_message_unreadable` for a message
   * it cannot read; warns for what cannot cross (`cross_wire_reasoning_dropped`,
   * `cross_wire_content_dropped`).
   */
  readMessages(messages: readonly unknown[], context: ReadContext): ChatMessage[];
  /** The mechanism a request with `output` uses under these options. */
  structuredMechanism(options: DialectOptions): StructuredMechanism;
  /** The JSON text (or refusal) of a reply to a request with `output`. Never throws. */
  readStructured(
    response: ChatResponse,
    output: StructuredOutputRequest,
    options: DialectOptions,
  ): StructuredReply;
}
