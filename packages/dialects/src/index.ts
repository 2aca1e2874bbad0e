/**
 * Pure wire dialects for six LLM provider APIs: chat and provider messages, exact request
 * bodies, reply reading, tool turns, cross-wire reading and stream decoding. No HTTP client, no
 * I/O: bring your own transport (or an official SDK) and build and read its bodies here.
 *
 * Adding a wire: see the checklist at the top of `src/wires/index.ts`.
 *
 * @module @crosswire/dialects
 */

export { answerableCalls } from './answerable-calls.js';
export {
  BODY_IMAGES,
  type BodyImage,
  imageIsWhatItSays,
  withProvenImages,
} from './body-images.js';
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
  readStructured,
  responseTextContent,
  responseToolCalls,
  structuredMechanism,
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
  canonicalMessages,
  isProviderMessage,
  isWireMessage,
  PROVIDER_MESSAGE_WIRE,
  providerMessage,
  providerMessages,
  wireMessage,
} from './messages.js';
export { BEDROCK_MEDIA_LIMITS } from './preflight/bedrock-rules.js';
export {
  IMAGE_LIMITS,
  type ImageLimits,
  type ImageReplacement,
  type OverLimitImage,
  overLimitImages,
  replaceImages,
} from './preflight/image-limits.js';
export {
  type PreflightOptions,
  PreflightRefusedError,
  type PreflightResult,
  type PreflightViolation,
  preflight,
} from './preflight/preflight.js';
export { ANTHROPIC_MEDIA_LIMITS, TOOL_COUNT_LIMITS } from './preflight/request-rules.js';
export { PROVIDER_RULES } from './preflight/rules.js';
export { STRUCTURED_WITH_TOOLS_REFUSED } from './preflight/structured-rules.js';
export {
  isWireToolName,
  mcpNamedCall,
  mcpNamedEvent,
  mcpNamedResponse,
  TOOL_NAME_RULES,
  ToolNameMap,
  type ToolNameRule,
  toolNameMap,
  wireNamedRequest,
  wireNamedResults,
  wireToolName,
} from './preflight/tool-names.js';
export type {
  ModelFacts,
  ModelRequestFeatures,
  ProviderRule,
  RuleBreak,
  RuleCheck,
  RuleContext,
} from './preflight/types.js';
export {
  ANTHROPIC_MAX_BREAKPOINTS,
  ANTHROPIC_MIN_CACHEABLE_TOKENS,
  type AnthropicMarkers,
  anthropicBreakpoints,
  anthropicMarkers,
  anthropicMinCacheableTokens,
  applyPromptCache,
  BEDROCK_CACHE_MODELS,
  BEDROCK_MAX_CACHE_POINTS,
  bedrockCachePoints,
  type CacheBreakpoint,
  estimateTokens,
  misorderedTtls,
  PROMPT_CACHE_KEY_MAX_LENGTH,
  type PromptCache,
  type PromptCacheEndpoint,
  type PromptCacheOptions,
  type PromptCacheRequest,
  promptCacheKey,
} from './prompt-cache.js';
export type { ProviderMessageReader, ReadContext } from './provider-reading.js';
export {
  type ChatResponse,
  hitTokenLimit,
  TOKEN_LIMIT_FINISH_REASONS,
  type Usage,
  type UsageCounts,
  UsageReader,
} from './response.js';
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
  StreamFraming,
  TextDeltaEvent,
  ToolCallDeltaEvent,
  ToolCallEndEvent,
  ToolCallStartEvent,
  UsageEvent,
  WireStream,
  WireStreamState,
} from './stream-types.js';
export {
  ANTHROPIC_MAX_OPTIONAL_PROPERTIES,
  ANTHROPIC_MAX_UNION_PROPERTIES,
  ANTHROPIC_STRING_FORMATS,
  type AnthropicFormatObstacle,
  anthropicFormatObstacles,
  outputToolName,
  WRAPPED_ROOT_PROPERTY,
  wrapsRoot,
} from './structured/anthropic-output.js';
export { unfencedJson } from './structured/json-text.js';
export {
  STRICT_DROPPED_KEYWORDS,
  STRICT_FORMATS,
  STRICT_LARGE_ENUM_VALUES,
  STRICT_MAX_DEPTH,
  STRICT_MAX_ENUM_VALUES,
  STRICT_MAX_LARGE_ENUM_CHARS,
  STRICT_MAX_PROPERTIES,
  STRICT_MAX_SCHEMA_CHARS,
  STRICT_UNSUPPORTED_KEYWORDS,
  type StrictSchemaResult,
  strictObstacles,
  strictOutputSchema,
  withoutStrictNulls,
} from './structured/strict.js';
export type {
  StructuredMechanism,
  StructuredOutputMode,
  StructuredOutputRequest,
  StructuredReply,
} from './structured/types.js';
export { capText, MAX_PROVIDER_TEXT } from './support/error-body.js';
export {
  crc32,
  createEventStreamReader,
  decodeEventStreamMessage,
  type EventStreamHeaderValue,
  type EventStreamMessage,
  type EventStreamReader,
  encodeEventStreamMessage,
  eventStreamError,
} from './support/eventstream.js';
export { isRecord, type JsonObject } from './support/json.js';
export { partialJsonObject } from './support/partial-json.js';
export { anthropicToolUseId, DEFAULT_ANTHROPIC_MAX_TOKENS } from './wires/anthropic.js';
export { bedrockToolUseId } from './wires/bedrock.js';
export { DIALECTS, STREAMS } from './wires/index.js';
export { responsesCallId } from './wires/responses.js';
