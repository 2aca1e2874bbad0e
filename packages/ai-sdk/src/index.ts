/**
 * Crosswire's exact tool results and capability checks inside the Vercel AI SDK:
 * `crosswireMiddleware()` for `wrapLanguageModel`, `mcpToModelOutput` for `tool({ toModelOutput })`,
 * and `supportsInToolResults` answering from Crosswire's registry.
 *
 * @module @crosswire/ai-sdk
 */

export {
  type InToolResultsAnswer,
  type InToolResultsOptions,
  type ModelIdentity,
  type ModelLookupOptions,
  supportsInToolResults,
} from './capabilities.js';
export { isCallToolResult } from './convert.js';
export { type McpToModelOutputOptions, mcpToModelOutput } from './mcp-to-model-output.js';
export { type CrosswireMiddlewareOptions, crosswireMiddleware } from './middleware.js';
export { type ProviderRoute, routeOf } from './wires.js';
