export * from './content.js';
export * from './errors.js';
export {
  checkTagName,
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
} from './hermes.js';
export * from './image-signatures.js';
export * from './json-schema.js';
export * from './media.js';
export * from './tool-call.js';
export * from './tool-definition.js';
export * from './tool-wire.js';
export * from './tools.js';
export * from './warnings.js';
export * from './wire-format.js';
export { GEMINI_SKIP_SIGNATURE } from './wires/gemini.js';
