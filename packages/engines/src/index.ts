/**
 * Wire dialects, engines built from registry data, HTTP transport and the tool-calling loop over
 * MCP servers.
 *
 * @module @crosswire/engines
 */

// Dialects: messages, replies, request builders, tool turns.

// Engines, HTTP transport, MCP servers and the tool loop.
export type {
  ChatExchange,
  ChatInput,
  ChatOptions,
  ChatStreamOptions,
  ChatWithToolsOptions,
  ToolLoopEngine,
} from './chat-options.js';
export {
  type ByteSource,
  ChatStream,
  EventStream,
  type ReadEventStreamOptions,
  readEventStream,
  type StreamFacts,
} from './chat-stream.js';
export type {
  ChatRequestInput,
  ToolLoopCalls,
  ToolLoopCallsOptions,
  ToolResultInput,
} from './dialect.js';
export {
  buildRequest,
  formatToolResults,
  imagesNeedingBytes,
  neutralMessages,
  parseResponse,
  responseTextContent,
  responseToolCalls,
  toolLoopCalls,
  toolLoopResponse,
  toToolResults,
} from './dialect.js';
export { type ToolImage, toolResultImages } from './dialect-images.js';
export type {
  ChatRequest,
  Dialect,
  DialectOptions,
  HermesOptions,
  ToolChoice,
} from './dialect-types.js';
export {
  type BlobStore,
  blobKey,
  FileBlobStore,
  MemoryBlobStore,
} from './durable/blob-store.js';
export {
  CONVERSATION_FORMAT,
  CONVERSATION_VERSION,
  type ConversationDocument,
  type MediaReference,
  parseConversation,
  type StoredMessage,
  serializeConversation,
} from './durable/conversation.js';
export {
  ConversationError,
  type ConversationErrorCode,
  StoredDocumentError,
} from './durable/errors.js';
export {
  DEFAULT_MIN_BLOB_BYTES,
  type LoadConversationOptions,
  loadConversation,
  MIN_BLOB_BYTES_FLOOR,
  type SaveConversationOptions,
  saveConversation,
} from './durable/media.js';
export {
  loadToolLoopState,
  parseToolLoopState,
  saveToolLoopState,
  serializeToolLoopState,
  TOOL_LOOP_STATE_FORMAT,
  TOOL_LOOP_STATE_VERSION,
  type ToolLoopStateDocument,
  ToolLoopStateError,
  type ToolLoopStateErrorCode,
} from './durable/tool-loop-state.js';
export { createEngine, Engine, type EngineOptions } from './engine.js';
export { providerErrorFromResponse, readProviderErrorBody } from './http/provider-error.js';
export { parseRateLimit, type RateLimit, type RateLimitBucket } from './http/rate-limit.js';
export {
  DEFAULT_RETRY_POLICY,
  parseRetryAfter,
  type RetryPolicy,
  retryDelay,
} from './http/retry.js';
export {
  type HttpExchange,
  type HttpStream,
  HttpTransport,
  type HttpTransportOptions,
  type PostOptions,
  type RetryEvent,
  type StreamBody,
} from './http/transport.js';
export { type InlineImagesOptions, inlineImages } from './inline-images.js';
export {
  type CallToolsOptions,
  callTools,
  LOOSE_CALL_TOOL_RESULT_SCHEMA,
  type ToolFailure,
  type ToolOutput,
  unknownToolMessage,
} from './mcp/call.js';
export {
  DEFAULT_LIST_TOOLS_TIMEOUT_MS,
  type GatherToolsOptions,
  gatherTools,
  type RoutedTool,
  type ToolRoster,
} from './mcp/gather.js';
export {
  type McpCallToolParams,
  type McpListToolsResult,
  type McpRequestOptions,
  type McpTool,
  type McpToolServer,
  serverLabel,
} from './mcp/server.js';
export type {
  AssistantMessage,
  ChatMessage,
  ConversationMessage,
  McpImagePart,
  ProviderMessage,
  SystemMessage,
  ToolMessage,
  UserContentPart,
  UserMessage,
  WireMessage,
} from './messages.js';
export {
  isProviderMessage,
  isWireMessage,
  PROVIDER_MESSAGE_WIRE,
  providerMessage,
  wireMessage,
} from './messages.js';
export {
  type ObserveOptions,
  type RequestEvent,
  type ResponseEvent,
  summarizePayloads,
} from './observe.js';
export type { ProviderMessageReader, ReadContext } from './provider-reading.js';
export type { ChatResponse, Usage } from './response.js';
export { hitTokenLimit, TOKEN_LIMIT_FINISH_REASONS } from './response.js';
export {
  createStreamDecoder,
  DEFAULT_MAX_FRAME_SIZE,
  decodeStream,
  type StreamDecoder,
  type StreamDecoderOptions,
} from './stream-decoder.js';
export type {
  ErrorEvent,
  FinishEvent,
  ReasoningDeltaEvent,
  StreamEmitter,
  StreamEvent,
  StreamFrame,
  TextDeltaEvent,
  ToolCallDeltaEvent,
  ToolCallEndEvent,
  ToolCallStartEvent,
  UsageEvent,
  WireStream,
  WireStreamState,
} from './stream-types.js';
export type {
  ToolCallRecord,
  ToolLoopProgress,
  ToolLoopResult,
  ToolLoopTurn,
} from './tool-loop.js';
export {
  IDEMPOTENCY_KEY_META,
  type ModelStepOptions,
  modelStepKey,
  nextToolLoopStep,
  type PendingToolCall,
  recordToolResult,
  runModelStep,
  runnableToolLoopSteps,
  runToolStep,
  type StartToolLoopOptions,
  startToolLoop,
  type ToolLoopReply,
  type ToolLoopState,
  type ToolLoopStep,
  ToolLoopStepError,
  type ToolLoopStepErrorCode,
  type ToolLoopUsage,
  type ToolStepOptions,
  toolStepKey,
} from './tool-loop-steps.js';
export {
  type StreamingToolLoopEngine,
  streamToolLoop,
  ToolLoopStream,
  type ToolLoopStreamEvent,
  type TurnStreamEvent,
} from './tool-loop-stream.js';
export { anthropicToolUseId, DEFAULT_ANTHROPIC_MAX_TOKENS } from './wires/anthropic.js';
export { DIALECTS, STREAMS } from './wires/index.js';
export { responsesCallId } from './wires/responses.js';
