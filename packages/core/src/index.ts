/**
 * The Crosswire vocabulary: wire formats and their facts, content blocks, tool definitions, tool
 * calls and typed errors.
 *
 * @module @crosswire/core
 */

export * from './content.js';
export * from './deep-freeze.js';
export * from './errors.js';
export {
  checkTagName,
  decodeHermesCall,
  HERMES_DEFAULTS,
  HERMES_PROMPT_TEMPLATE,
  type HermesPromptOptions,
  type HermesTextOptions,
  hermesCallBlocks,
  hermesReplyText,
  hermesToolsPrompt,
  parseHermesToolCalls,
  stripThinking,
  stripToolCallTags,
  type ThinkOptions,
  unreadableHermesBlocks,
} from './hermes.js';
export * from './image-signatures.js';
export * from './json-schema.js';
export * from './media.js';
export {
  PYTHON_LITERAL_MAX_DEPTH,
  type PythonLiteralResult,
  parsePythonLiteral,
} from './python-literal.js';
export * from './schema-references.js';
export * from './tool-call.js';
export * from './tool-definition.js';
export * from './tool-wire.js';
export * from './tools.js';
export * from './warnings.js';
export * from './wire-format.js';
export { GEMINI_SKIP_SIGNATURE } from './wires/gemini.js';
