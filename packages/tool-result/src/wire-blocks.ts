import type { ContentBlock, WarningHandler, WireFormat } from '@crosswire/core';

/*
 * The result block of each wire, typed precisely. The shapes are written here (not imported
 * from the provider SDKs, which stay devDependencies) and the type tests prove each one
 * assignable to the SDK's own parameter type. Output types are mutable because they are fresh
 * objects on every call and must be assignable to the SDKs' mutable arrays.
 */

/** What a wire renderer reads: the fields of a {@link ToolResult}. */
export interface ToolResultData {
  readonly name: string;
  readonly id: string;
  readonly content: readonly ContentBlock[];
  readonly isError: boolean;
  readonly structuredContent: Readonly<Record<string, unknown>> | undefined;
}

/** Options of `result.to(wire, options)`. A wire ignores the options it has no use for. */
export interface ToolResultToOptions {
  /**
   * Send images natively (anthropic, responses, gemini, bedrock) instead of the text placeholder. Pass
   * it only when the model sees images (the engine's `tool_result_images` capability).
   * Default false.
   */
  readonly imageInput?: boolean;
  /**
   * Send a PDF natively: default true on anthropic (a base64 document), false elsewhere;
   * responses (an `input_file`), gemini (`inlineData`) and bedrock (a `document` block, for
   * every binary format Converse reads: pdf, doc, docx, xls, xlsx) honour `true`.
   */
  readonly nativePdf?: boolean;
  /**
   * anthropic only. `false` sends no document or search_result block, for `/anthropic` shims
   * that reject them inside a tool_result. Default true.
   */
  readonly sourceBlocks?: boolean;
  /** hermes only: the tag around the result. Default `tool_response`. */
  readonly responseTag?: string;
  /** Told when a native form was asked for but the item cannot take it (e.g. a BMP image). */
  readonly onWarning?: WarningHandler;
}

/**
 * The snake_case spellings `to` also accepts (`image_input`, `native_pdf`, `source_blocks`,
 * `response_tag`), for options read straight from a snake_case config. The camelCase
 * option wins when both are given.
 */
export interface ToolResultToOptionAliases {
  readonly image_input?: boolean;
  readonly native_pdf?: boolean;
  readonly source_blocks?: boolean;
  readonly response_tag?: string;
}

// --- openai (Chat Completions) ---

/** A Chat Completions tool message: `ChatCompletionToolMessageParam`. */
export interface OpenAIToolResultBlock {
  role: 'tool';
  tool_call_id: string;
  content: string;
}

// --- anthropic ---

/** Anthropic's ephemeral cache breakpoint (passed through as the tool gave it). */
export interface AnthropicCacheControl {
  type: 'ephemeral';
  ttl?: '5m' | '1h';
}

/** The image types Anthropic accepts in a base64 image source. */
export type AnthropicImageMediaType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';

export interface AnthropicTextBlockParam {
  type: 'text';
  text: string;
  cache_control?: AnthropicCacheControl | null;
}

export type AnthropicImageSource =
  | { type: 'base64'; media_type: AnthropicImageMediaType; data: string }
  | { type: 'url'; url: string }
  | { type: 'file'; file_id: string };

export interface AnthropicImageBlockParam {
  type: 'image';
  source: AnthropicImageSource;
  cache_control?: AnthropicCacheControl | null;
}

export type AnthropicDocumentSource =
  | { type: 'base64'; media_type: 'application/pdf'; data: string }
  | { type: 'text'; media_type: 'text/plain'; data: string }
  | { type: 'content'; content: string | Array<AnthropicTextBlockParam | AnthropicImageBlockParam> }
  | { type: 'url'; url: string }
  | { type: 'file'; file_id: string };

/** Anthropic's citations switch on a document or search result. */
export interface AnthropicCitationsConfig {
  enabled?: boolean;
}

export interface AnthropicDocumentBlockParam {
  type: 'document';
  source: AnthropicDocumentSource;
  title?: string | null;
  context?: string | null;
  citations?: AnthropicCitationsConfig | null;
  cache_control?: AnthropicCacheControl | null;
}

export interface AnthropicSearchResultBlockParam {
  type: 'search_result';
  source: string;
  title: string;
  content: AnthropicTextBlockParam[];
  citations?: AnthropicCitationsConfig;
  cache_control?: AnthropicCacheControl | null;
}

/** One block inside an Anthropic tool_result. */
export type AnthropicToolResultContentBlock =
  | AnthropicTextBlockParam
  | AnthropicImageBlockParam
  | AnthropicDocumentBlockParam
  | AnthropicSearchResultBlockParam;

/**
 * An Anthropic `tool_result` block (`ToolResultBlockParam`). `is_error` is present only when
 * the tool failed (`true`); a success sends no `is_error` key, which Anthropic reads as false.
 */
export interface AnthropicToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content: string | AnthropicToolResultContentBlock[];
  is_error?: true;
}

// --- gemini ---

/** Bytes inside a Gemini function response (`FunctionResponsePart.inlineData`). */
export interface GeminiInlineDataPart {
  inlineData: { mimeType: string; data: string };
}

/** A Gemini `Part` holding a `functionResponse`. */
export interface GeminiToolResultBlock {
  functionResponse: {
    /** Absent when the result has no id (Gemini before 3 issues none). */
    id?: string;
    name: string;
    /** `{ result: string }`, `{ result: <json value> }`, or the structured content itself. */
    response: Record<string, unknown>;
    /** Present only when an image or PDF moved out of the result string. */
    parts?: GeminiInlineDataPart[];
  };
}

// --- ollama ---

/** An Ollama tool message (`Message`, plus the `tool_call_id` Ollama reads since 0.12). */
export interface OllamaToolResultBlock {
  role: 'tool';
  tool_name: string;
  /** Absent when the result has no id. */
  tool_call_id?: string;
  content: string;
}

// --- responses ---

export interface ResponsesInputTextPart {
  type: 'input_text';
  text: string;
}

/** The detail levels OpenAI accepts on an `input_image`. */
export type ResponsesImageDetail = 'low' | 'high' | 'auto' | 'original';

export interface ResponsesInputImagePart {
  type: 'input_image';
  /** A `data:` URL, or the image's own URL for a URL image. */
  image_url: string;
  detail?: ResponsesImageDetail;
}

export interface ResponsesInputFilePart {
  type: 'input_file';
  filename: string;
  /** `data:application/pdf;base64,...` */
  file_data: string;
}

export type ResponsesOutputPart =
  | ResponsesInputTextPart
  | ResponsesInputImagePart
  | ResponsesInputFilePart;

/**
 * A Responses API input item (`ResponseInputItem.FunctionCallOutput`): no role; `output` is
 * the string form, or a part array when an image or PDF goes natively.
 */
export interface ResponsesToolResultBlock {
  type: 'function_call_output';
  call_id: string;
  output: string | ResponsesOutputPart[];
}

// --- bedrock (Converse) ---

/** The image formats a Converse `image` block names. */
export type BedrockImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

/** The document formats a Converse `document` block names. */
export type BedrockDocumentFormat =
  | 'pdf'
  | 'csv'
  | 'doc'
  | 'docx'
  | 'xls'
  | 'xlsx'
  | 'html'
  | 'txt'
  | 'md';

/**
 * One member of a Converse `toolResult.content` list (`ToolResultContentBlock`): a union keyed
 * by its one member. `bytes` is base64 in the JSON body (the AWS SDKs encode a byte array).
 */
export type BedrockToolResultContentBlock =
  | { text: string }
  | { json: Record<string, unknown> }
  | { image: { format: BedrockImageFormat; source: { bytes: string } } }
  | {
      document: {
        format: BedrockDocumentFormat;
        /** Letters, digits, single spaces, hyphens, parentheses and square brackets only. */
        name: string;
        source: { bytes: string };
      };
    };

/**
 * A Converse `toolResult` content block (`ContentBlock.ToolResultMember`), one per result in
 * the user turn after the assistant's `toolUse` blocks. `status` is present only when the tool
 * failed (`'error'`); Converse reads a result without it as a success.
 */
export interface BedrockToolResultBlock {
  toolResult: {
    toolUseId: string;
    content: BedrockToolResultContentBlock[];
    status?: 'error';
  };
}

// --- hermes ---

/**
 * The Hermes result block: the bare string
 * `<tool_response>\n{"name":...,"content":...}\n</tool_response>` (the tag is `responseTag`).
 * The block is the text only: the engine puts it into the chat message
 * (`{ role: 'tool', content: block }`), like every other envelope. Hermes has no call id.
 */
export type HermesToolResultBlock = string;

/** The result block type of each wire. */
export interface ToolResultBlockByWire {
  openai: OpenAIToolResultBlock;
  anthropic: AnthropicToolResultBlock;
  gemini: GeminiToolResultBlock;
  ollama: OllamaToolResultBlock;
  responses: ResponsesToolResultBlock;
  hermes: HermesToolResultBlock;
  bedrock: BedrockToolResultBlock;
}

/** The result block of `wire` (a union of all of them when `wire` is not known statically). */
export type ToolResultBlock<W extends WireFormat = WireFormat> = ToolResultBlockByWire[W];

/** The signature every `src/wires/<wire>.ts` exports as `renderToolResult`. */
export type ToolResultRenderer<W extends WireFormat> = (
  result: ToolResultData,
  options: ToolResultToOptions,
) => ToolResultBlockByWire[W];
