/**
 * One MCP tool result rendered exactly for each provider wire: OpenAI, Anthropic, Gemini, Ollama,
 * Responses and Hermes.
 *
 * @module @crosswire/tool-result
 */

export { carriesNative, nativeNeedsVision } from '@crosswire/core';
export {
  BEDROCK_BINARY_DOCUMENT_FORMATS,
  bedrockDocumentName,
  DEFAULT_BEDROCK_DOCUMENT_NAME,
  MAX_BEDROCK_DOCUMENT_NAME,
  sanitizeBedrockDocumentName,
  uniqueBedrockDocumentName,
} from './bedrock-document.js';
export {
  asJson,
  asText,
  deserializeJson,
  type ImageItem,
  type ImageItemOptions,
  type ImageUrlItem,
  type JsonItem,
  type SafeParseSchema,
  type TextItem,
  ToolResultContent,
  type ToolResultItem,
  type ToolResultItemMethods,
} from './items.js';
export { TOOL_RESULT_IMAGE_MEDIA_TYPES } from './media.js';
export { DEFAULT_PDF_FILENAME, pdfFilename } from './pdf-filename.js';
export { blockText, type PlaceholderParts, placeholder, stringForm } from './string-form.js';
export { structuredContentWithoutMedia } from './structured-media.js';
export {
  MAX_CONTENT_DEPTH,
  ToolResult,
  type ToolResultCall,
  type ToolResultInit,
  type ToolResultOptions,
} from './tool-result.js';
export type {
  AnthropicCacheControl,
  AnthropicCitationsConfig,
  AnthropicDocumentBlockParam,
  AnthropicDocumentSource,
  AnthropicImageBlockParam,
  AnthropicImageMediaType,
  AnthropicImageSource,
  AnthropicSearchResultBlockParam,
  AnthropicTextBlockParam,
  AnthropicToolResultBlock,
  AnthropicToolResultContentBlock,
  BedrockDocumentFormat,
  BedrockImageFormat,
  BedrockToolResultBlock,
  BedrockToolResultContentBlock,
  GeminiInlineDataPart,
  GeminiToolResultBlock,
  HermesToolResultBlock,
  OllamaToolResultBlock,
  OpenAIToolResultBlock,
  ResponsesImageDetail,
  ResponsesInputFilePart,
  ResponsesInputImagePart,
  ResponsesInputTextPart,
  ResponsesOutputPart,
  ResponsesToolResultBlock,
  ToolResultBlock,
  ToolResultBlockByWire,
  ToolResultData,
  ToolResultToOptionAliases,
  ToolResultToOptions,
} from './wire-blocks.js';
export { EMPTY_RESULT_TEXT } from './wires/bedrock.js';
export { DEFAULT_RESPONSE_TAG } from './wires/hermes.js';
