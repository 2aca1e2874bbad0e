/**
 * The Crosswire runtime: engines built from registry data, HTTP transport, the tool-calling loop
 * and the step API over MCP servers. The wire dialects (requests, replies, stream decoding) are
 * `@crosswire/dialects`; durable conversations and loop states are `@crosswire/engines/durable`.
 *
 * @module @crosswire/engines
 */

export type {
  AwsCredentials,
  AwsCredentialsProvider,
  CloudOptions,
} from './cloud/types.js';
export { type Cost, costOf, type EngineResponse } from './cost/cost.js';
export type {
  ChatExchange,
  ChatInput,
  ChatOptions,
  ChatStreamOptions,
  ChatWithToolsOptions,
  ToolLoopEngine,
} from './engine/chat-options.js';
export {
  type ByteSource,
  ChatStream,
  EventStream,
  type ReadEventStreamOptions,
  readEventStream,
  type StreamFacts,
} from './engine/chat-stream.js';
export { createEngine, Engine, type EngineOptions } from './engine/engine.js';
export {
  DEFAULT_RESIZE_MAX_PIXELS,
  DEFAULT_RESIZE_TIMEOUT_MS,
  type ImageLibrary,
  type ImageLibraryLoader,
  type ImageLibraryOptions,
  type ImageLimitsMode,
  type ImagePipeline,
  ImageResizeError,
  type ImageResizeOptions,
  resizeConcurrency,
} from './engine/image-limits.js';
export { type InlineImagesOptions, inlineImages } from './engine/inline-images.js';
export { MAX_STRUCTURED_DEPTH } from './engine/json-schema-check.js';
export {
  MiddlewareError,
  type MiddlewareRequest,
  type MiddlewareRequestChange,
  type MiddlewareResponse,
  type RequestMiddleware,
} from './engine/middleware.js';
export { modelRequestFeatures } from './engine/model-settings.js';
export {
  type LoopEndEvent,
  type LoopObserveOptions,
  type LoopStartEvent,
  type LoopStep,
  type ObserveOptions,
  type RequestEvent,
  type RequestFacts,
  type ResponseEvent,
  summarizePayloads,
  type ToolCallEndEvent,
  type ToolCallStartEvent,
} from './engine/observe.js';
export {
  type JsonSchemaObject,
  type OutputOption,
  StructuredOutputError,
  type StructuredOutputErrorCode,
  type StructuredOutputIssue,
} from './engine/structured.js';
export {
  FINAL_OBJECT_PROMPT,
  type StructuredChatResponse,
} from './engine/structured-exchange.js';
export type { ChatStreamEvent, ObjectDeltaEvent } from './engine/structured-stream.js';
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
  type ResponseHeaders,
  type RetryEvent,
  type StreamBody,
} from './http/transport.js';
export {
  APPROVAL_POLICIES,
  APPROVAL_TIMED_OUT,
  type ApprovalContext,
  type ApprovalDecision,
  type ApprovalHandler,
  type ApprovalPolicy,
  type ApprovalRequest,
  DENIED_MESSAGE,
  denialText,
  MAX_APPROVAL_ARGUMENTS_LENGTH,
  MAX_APPROVAL_REASON_LENGTH,
  type PendingApproval,
  type ToolCallApproval,
} from './loop/approval.js';
export type {
  ToolCallRecord,
  ToolLoopProgress,
  ToolLoopResult,
  ToolLoopTurn,
} from './loop/tool-loop.js';
export {
  approvalStepKey,
  IDEMPOTENCY_KEY_META,
  type ModelStepOptions,
  modelStepKey,
  nextToolLoopStep,
  type PendingToolCall,
  recordApproval,
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
} from './loop/tool-loop-steps.js';
export {
  type StreamingToolLoopEngine,
  streamToolLoop,
  ToolLoopStream,
  type ToolLoopStreamEvent,
  type TurnStreamEvent,
} from './loop/tool-loop-stream.js';
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
  DEFAULT_MAX_TOOLS_PER_SERVER,
  type GatherToolsOptions,
  gatherTools,
  type RoutedTool,
  type ToolRoster,
} from './mcp/gather.js';
export { DEFAULT_MAX_TOOL_RESULT_BYTES } from './mcp/result-size.js';
export {
  type McpCallToolParams,
  type McpListToolsResult,
  type McpRequestOptions,
  type McpTaskMessage,
  type McpTool,
  type McpToolServer,
  serverLabel,
} from './mcp/server.js';
