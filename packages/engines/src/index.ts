// Dialects: messages, replies, request builders, tool turns (issue 7).
export type {
  AssistantMessage,
  ChatMessage,
  SystemMessage,
  ToolMessage,
  UserContentPart,
  UserMessage,
  WireMessage,
} from './messages.js';
export { isWireMessage, wireMessage } from './messages.js';
export type { ChatResponse, Usage } from './response.js';
export { hitTokenLimit, TOKEN_LIMIT_FINISH_REASONS } from './response.js';
export type {
  ChatRequest,
  Dialect,
  DialectOptions,
  HermesOptions,
  ToolChoice,
  ToolLoopCallsOptions,
} from './dialect.js';
export {
  buildRequest,
  DIALECTS,
  formatToolResults,
  imagesNeedingBytes,
  parseResponse,
  responseTextContent,
  responseToolCalls,
  toolLoopCalls,
  toolLoopResponse,
} from './dialect.js';
export { DEFAULT_ANTHROPIC_MAX_TOKENS } from './wires/anthropic.js';
export { type ToolImage, toolResultImages } from './dialect-images.js';
