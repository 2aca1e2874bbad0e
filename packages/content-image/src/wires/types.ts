/**
 * What a wire serializer reads from an image. The `Image` class builds one of these for
 * every call, so the wire files stay pure functions of plain data.
 */
export interface ImageView {
  /** The remote http(s) URL, when the image was built from one (never a data: URL). */
  readonly url: string | undefined;
  /** The base64 payload (no data: prefix): given, decoded from a data: URL, or fetched. */
  readonly base64: string | undefined;
  /** The IANA media type, lower-case essence, when known. */
  readonly mediaType: string | undefined;
  /** The detail hint, when set. */
  readonly detail: string | undefined;
}

/** Options of the serializers that can send either the URL or the payload. */
export interface InlineOptions {
  /** Always send the payload as a data: URL, never the remote URL (needs the bytes). */
  readonly inline?: boolean;
}

/** The OpenAI chat-completions image content part. */
export interface OpenAIImagePart {
  readonly type: 'image_url';
  readonly image_url: { readonly url: string; readonly detail?: string };
}

/** The Open-Responses `input_image` part; `image_url` is a plain string. */
export interface ResponsesImagePart {
  readonly type: 'input_image';
  readonly image_url: string;
  readonly detail?: string;
}

/** The Anthropic messages image block: a URL source or an inline base64 source. */
export interface AnthropicImagePart {
  readonly type: 'image';
  readonly source:
    | { readonly type: 'url'; readonly url: string }
    | { readonly type: 'base64'; readonly media_type: string; readonly data: string };
}

/** The image formats Bedrock Converse takes. */
export type BedrockImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

/**
 * The Bedrock Converse `image` content block: the payload as `source.bytes` (base64 in the JSON
 * body, which the AWS SDKs encode from a byte array).
 */
export interface BedrockImagePart {
  readonly image: {
    readonly format: BedrockImageFormat;
    readonly source: { readonly bytes: string };
  };
}

/** The Gemini inline-data part in snake_case, the REST API's own spelling (the default). */
export interface GeminiImagePart {
  readonly inline_data: { readonly mime_type: string; readonly data: string };
}

/** The Gemini inline-data part in camelCase, the form `@google/genai` types use. */
export interface GeminiCamelImagePart {
  readonly inlineData: { readonly mimeType: string; readonly data: string };
}

/** Options of `toGemini`. */
export interface GeminiOptions {
  /** Emit `{ inlineData: { mimeType, data } }` instead of the default snake_case form. */
  readonly camelCase?: boolean;
}

/** The LM Studio native `/api/v1/chat` input image item. */
export interface LMStudioImagePart {
  readonly type: 'image';
  readonly data_url: string;
}
