// The options of one chat call and of a tool loop, and what one round trip reports: shared by
// the engine and the loop, so neither imports the other's module for them.
import type { ToolDefinitionInput, WarningHandler, WireFormat } from '@crosswire/core';
import type {
  ConversationMessage,
  DialectOptions,
  PromptCache,
  ToolChoice,
} from '@crosswire/dialects';
import type { Pricing } from '@crosswire/registry/lookup';
import type { EngineResponse } from '../cost/cost.js';
import type { ApprovalHandler, ApprovalPolicy } from '../loop/approval.js';
import type { McpToolServer } from '../mcp/server.js';
import type { LoopObserveOptions } from './observe.js';
import type { OutputOption } from './structured.js';

/** Per-call options of `chat`. */
export interface ChatOptions {
  /** Stops the call at once; it then rejects with `AbortedError` (the signal's reason as `cause`). */
  readonly signal?: AbortSignal;
  readonly maxTokens?: number;
  readonly temperature?: number;
  /** Tool definitions (MCP shape) to offer. */
  readonly tools?: readonly ToolDefinitionInput[];
  readonly toolChoice?: ToolChoice;
  /** Fields merged into the body last. */
  readonly extra?: Readonly<Record<string, unknown>>;
  /**
   * Ask for a structured reply: `{ schema, name?, description?, strict?, repair? }`, where
   * `schema` is a zod schema or a JSON Schema object. The reply then carries `object` (parsed
   * and validated; `content` keeps the text), or the call throws `StructuredOutputError`.
   */
  readonly output?: OutputOption;
  /** Deadline of one HTTP attempt for this call. */
  readonly timeoutMs?: number;
  /**
   * Prompt caching: `'auto'` (Anthropic breakpoints on the tools, the system prompt and the
   * ends of the last two turns; OpenAI and Responses `prompt_cache_key`, the loop id), `'off'`,
   * or explicit options. Default for `chat` and `stream`: the engine's `promptCache`, else
   * `'off'` (one request has no repeated prefix to earn back Anthropic's write premium). The
   * tool loops and the step API default to `'auto'`.
   */
  readonly promptCache?: PromptCache;
  /**
   * The tool loop this call is a turn of, as hook events and middleware see it (`loopId`). The
   * tool loops and the step API set it; set it on your own loop's calls to group them.
   */
  readonly loopId?: string;
}

/** Per-call options of `stream`. */
export interface ChatStreamOptions extends ChatOptions {
  /**
   * The longest wait for the next chunk of a streamed reply; longer fails the stream with
   * `ProviderError` `stream_idle_timeout` and closes the connection. Default: the engine's
   * `streamIdleTimeoutMs` (60 000 ms). (`timeoutMs` bounds the wait for the reply's headers.)
   */
  readonly idleTimeoutMs?: number;
  /** The largest single frame accepted (characters). Default 16 MiB. */
  readonly maxFrameSize?: number;
  /**
   * The most a whole streamed reply may be, in bytes; more fails the stream with
   * `ProviderError` `provider_response_too_large` and closes the connection, as a reply that
   * is not streamed does. Default 64 MiB.
   */
  readonly maxStreamBytes?: number;
}

/** Options of `chatWithTools` / `runToolLoop`. */
export interface ChatWithToolsOptions
  extends Omit<ChatOptions, 'tools' | 'loopId'>,
    LoopObserveOptions {
  /**
   * MCP servers: SDK `Client`s or any objects with `listTools` and `callTool`. Default: the
   * engine's `mcpServers`. At least one, from either.
   */
  readonly mcpServers?: readonly McpToolServer[];
  /**
   * Provider requests the loop may send (default: the engine's, else 10). The reply to the
   * last one must be the answer: when it still asks for tools, those calls are not run and
   * the loop throws `ToolLoopError` `tool_loop_max_iterations`. So `maxIterations: 2` with a
   * model that always calls a tool sends 2 requests and runs the tools once.
   */
  readonly maxIterations?: number;
  /** Per tool call. Default: the engine's `toolTimeoutMs` (60 000 ms). */
  readonly toolTimeoutMs?: number;
  /** The whole tool listing, every page of every server. Default: the engine's `listToolsTimeoutMs` (30 000 ms). */
  readonly listToolsTimeoutMs?: number;
  /**
   * Tools kept per MCP server: a server that lists more has the rest left out, with a
   * `tool_list_truncated` warning. Default: the engine's `maxToolsPerServer` (1 000).
   */
  readonly maxToolsPerServer?: number;
  /**
   * The most tools one request may offer: a larger tool set fails the loop with
   * `ToolLoopError` `too_many_tools` before any request is sent. Default: the wire's
   * documented limit (`TOOL_COUNT_LIMITS` of @crosswire/dialects: 128 on `openai`), no limit on
   * a wire that documents none.
   */
  readonly maxToolsPerRequest?: number;
  /**
   * The largest tool result forwarded to the model, in bytes: a larger one becomes an error
   * result that says so (failure `result_too_large`). Default: the engine's
   * `maxToolResultBytes` (16 MiB).
   */
  readonly maxToolResultBytes?: number;
  /** Default: the engine's `onWarning`. */
  readonly onWarning?: WarningHandler;
  /**
   * Which calls wait for a person's decision before they run: `'never'` (default: every call
   * runs), `'always'`, `'unless-read-only'` (all but tools annotated `readOnlyHint: true`), or
   * a function of the `ApprovalRequest` returning whether to ask. A policy that can ask needs
   * `onApproval` (else `ValidationError` `approval_handler_required` before anything is sent);
   * the step API takes it without one and decides through `recordApproval`.
   */
  readonly approval?: ApprovalPolicy;
  /**
   * Asks a person about one call: `(request, { signal }) => Promise<ApprovalDecision>`. The
   * calls of a turn that need approval are asked concurrently; a call runs only after
   * `{ approved: true, arguments? }` (with `arguments` instead of the model's when given); a
   * denied call (`{ approved: false, reason? }`) does not run, and its error result reads
   * `the user denied this call: REASON`.
   */
  readonly onApproval?: ApprovalHandler;
  /**
   * The longest wait for one decision: after it, the call is denied with the reason
   * `approval timed out`. Default: none (no other deadline of the loop counts a person's time;
   * the signal still stops the loop).
   */
  readonly approvalTimeoutMs?: number;
}

/** One provider round trip with its facts. */
export interface ChatExchange {
  /** The parsed reply, with its `cost` when the model is priced. */
  readonly response: EngineResponse;
  readonly url: string;
  readonly status: number;
  readonly attempts: number;
  /** Wall time of the HTTP call, retries included (image fetching and body building not included). */
  readonly durationMs: number;
  /** Time spent fetching URL images and building the body before the call. */
  readonly prepareMs: number;
}

/**
 * Conversation input: a prompt (one user message) or messages, where a string is a user
 * message and a provider message (`formatToolResults` output) goes out as it is.
 */
export type ChatInput = string | readonly (ConversationMessage | string)[];

/**
 * What the tool loop needs of an engine: its wire, its dialect settings and one round trip.
 * `Engine` is one; a test or a wrapper can be another.
 */
export interface ToolLoopEngine {
  readonly toolWireFormat: WireFormat;
  readonly dialectOptions: DialectOptions;
  /** The provider and model, as loop events name them (`Engine` has both). */
  readonly provider?: { readonly id: string };
  readonly model?: string;
  /** The model's prices (the registry's); a loop result's `cost` is absent without them. */
  readonly pricing?: Pricing | undefined;
  exchange(input: ChatInput, options?: ChatOptions, iteration?: number): Promise<ChatExchange>;
  /** The loop options with the engine's defaults filled in (servers, maxIterations, timeouts). */
  toolLoopOptions?(options: ChatWithToolsOptions): ChatWithToolsOptions;
  /** Settles what the engine learns before its first request (model discovery); then `dialectOptions` holds. */
  discover?(options?: { readonly signal?: AbortSignal }): Promise<unknown>;
}
