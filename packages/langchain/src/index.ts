/**
 * Crosswire's exact tool results and capability checks inside LangChain.js agents:
 * `crosswireMiddleware()` for `createAgent`'s `middleware`, `mcpToolMessage` and
 * `toolMessageContent` for MCP results in agents of your own, and `supportsInToolResults`
 * answering from Crosswire's registry for a LangChain chat model.
 *
 * @module @crosswire/langchain
 */

export {
  type Delivery,
  type FallbackOptions,
  type InToolResultsAnswer,
  type ModelLookupOptions,
  supportsInToolResults,
} from './capabilities.js';
export type { LangChainChatModel } from './chat-model.js';
export {
  type CrosswireAgentMiddleware,
  type CrosswireMiddlewareOptions,
  crosswireMiddleware,
} from './middleware.js';
export { MAX_RESULT_JSON_CHARS } from './read-content.js';
export {
  type McpToolMessageOptions,
  mcpToolMessage,
  type ToolMessageContentOptions,
  toolMessageContent,
} from './tool-message.js';
