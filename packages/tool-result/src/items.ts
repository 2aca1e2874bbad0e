import {
  type AnthropicImageBlock,
  bytesToBase64,
  type ContentBlock,
  describeValue,
  type ImageBlock,
  type JsonBlock,
  mediaTypeFromBase64,
  mediaTypeFromPath,
  normalizeMediaType,
  type TextBlock,
  ValidationError,
} from '@crosswire/core';
import { compactBase64 } from './media.js';
import type { ResponsesImageDetail } from './wire-blocks.js';

/*
 * Typed result items after rig's `ToolResultContent` (seed 004): text, json and image. Each
 * helper returns an ordinary content block, so items and MCP blocks mix freely in a
 * ToolResult's content. Literal text stays text on every wire; only `deserializeJson`, asked
 * explicitly, parses text as JSON.
 */

/** Options of the image helpers. */
export interface ImageItemOptions {
  /** e.g. `image/png`. Sniffed from the bytes (base64, raw) or the URL's extension when absent. */
  readonly mediaType?: string;
  /** The detail level sent with an `input_image` on the responses wire (others ignore it). */
  readonly detail?: ResponsesImageDetail;
}

/**
 * rig's methods on an item (`as_text`, `as_json`, `deserialize_json`), on every item a helper
 * builds. They are non-enumerable: the item stays a plain content block for `toEqual`,
 * `JSON.stringify` and the wires. The same functions are exported standalone
 * ({@link asText}, {@link asJson}, {@link deserializeJson}) for any block.
 */
export interface ToolResultItemMethods {
  /** The literal text of a text item, else undefined. */
  asText(): string | undefined;
  /** The value of a json item, else undefined (text is never parsed here). */
  asJson(): unknown;
  /** The item's JSON validated by `schema` (see {@link deserializeJson}). */
  deserializeJson(): unknown;
  deserializeJson<T>(schema: SafeParseSchema<T>): T;
}

/** A text item built by {@link ToolResultContent.text}. */
export type TextItem = TextBlock & ToolResultItemMethods;

/** A json item built by {@link ToolResultContent.json}. */
export type JsonItem = JsonBlock & ToolResultItemMethods;

/** An MCP image block built by a helper, with the optional `detail`. */
export type ImageItem = ImageBlock & {
  readonly detail?: ResponsesImageDetail;
} & ToolResultItemMethods;

/** A URL image: an Anthropic-native image with a URL source (see the README's wire table). */
export type ImageUrlItem = AnthropicImageBlock & {
  readonly mimeType?: string;
  readonly detail?: ResponsesImageDetail;
} & ToolResultItemMethods;

/** Any block the helpers build. */
export type ToolResultItem = TextItem | JsonItem | ImageItem | ImageUrlItem;

/** rig's `ImageMediaType` names (any case), as a shorthand for the MIME type. */
const IMAGE_MEDIA_TYPE_NAMES: Readonly<Record<string, string>> = {
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  svg: 'image/svg+xml',
};

/** A MIME type, or rig's short name of one (`PNG`, `jpeg`, ...). */
function mediaTypeOf(name: string): string {
  return IMAGE_MEDIA_TYPE_NAMES[name.trim().toLowerCase()] ?? normalizeMediaType(name);
}

/**
 * The options of an image helper: `{ mediaType, detail }`, or rig's positional
 * `(mediaType, detail)` (either may be undefined).
 */
function imageOptions(
  mediaTypeOrOptions: string | ImageItemOptions | undefined,
  detail: ResponsesImageDetail | undefined,
): ImageItemOptions {
  if (mediaTypeOrOptions === undefined || typeof mediaTypeOrOptions === 'string') {
    return {
      ...(mediaTypeOrOptions === undefined ? {} : { mediaType: mediaTypeOrOptions }),
      ...(detail === undefined ? {} : { detail }),
    };
  }
  if (typeof mediaTypeOrOptions !== 'object' || mediaTypeOrOptions === null) {
    throw new ValidationError(
      `image options must be a media type string or an object, got ${describeValue(mediaTypeOrOptions)}`,
      { path: 'options' },
    );
  }
  return detail === undefined ? mediaTypeOrOptions : { ...mediaTypeOrOptions, detail };
}

const ITEM_METHODS: PropertyDescriptorMap = {
  asText: {
    value(this: ContentBlock) {
      return asText(this);
    },
  },
  asJson: {
    value(this: ContentBlock) {
      return asJson(this);
    },
  },
  deserializeJson: {
    value<T>(this: ContentBlock, schema?: SafeParseSchema<T>) {
      return schema === undefined ? deserializeJson(this) : deserializeJson(this, schema);
    },
  },
};

/** `block` with rig's methods attached, non-enumerable. */
function withMethods<T extends object>(block: T): T & ToolResultItemMethods {
  return Object.defineProperties(block, ITEM_METHODS) as T & ToolResultItemMethods;
}

function imageMediaType(explicit: string | undefined, sniffed: () => string | undefined): string {
  const mediaType = explicit === undefined ? sniffed() : mediaTypeOf(explicit);
  if (!mediaType) {
    throw new ValidationError(
      'image media type unknown: the bytes are not PNG, JPEG, GIF or WebP; pass mediaType',
      { path: 'mediaType', code: 'unknown_image_media_type' },
    );
  }
  if (!mediaType.startsWith('image/')) {
    throw new ValidationError(`image media type must be image/*, got '${mediaType}'`, {
      path: 'mediaType',
      code: 'invalid_image_media_type',
    });
  }
  return mediaType;
}

function withDetail<T extends object>(block: T, detail: ResponsesImageDetail | undefined): T {
  return detail === undefined ? block : { ...block, detail };
}

/**
 * Builders of typed result items (rig's `ToolResultContent::text`, `json`, `image_base64`,
 * `image_raw`, `image_url`).
 */
export const ToolResultContent = {
  /** Literal text. No wire reinterprets it as JSON. */
  text(text: string): TextItem {
    if (typeof text !== 'string') {
      throw new ValidationError(`text must be a string, got ${describeValue(text)}`, {
        path: 'text',
      });
    }
    return withMethods<TextBlock>({ type: 'text', text });
  },

  /**
   * Structured JSON (a `json` block): its compact JSON text on string wires and as a text
   * block on anthropic; on gemini, when it is the only item left, the value itself as
   * `response.result`. Throws when `value` is not JSON-serializable.
   */
  json(value: unknown): JsonItem {
    let text: string | undefined;
    try {
      text = JSON.stringify(value);
    } catch (error) {
      throw new ValidationError('json value is not JSON-serializable', {
        path: 'value',
        cause: error,
      });
    }
    if (text === undefined) {
      throw new ValidationError(`json value is not JSON-serializable (${describeValue(value)})`, {
        path: 'value',
      });
    }
    return withMethods<JsonBlock>({ type: 'json', value: JSON.parse(text) });
  },

  /**
   * An image from base64 data (an MCP image block). Options as `{ mediaType, detail }` or
   * positionally, as rig's `image_base64(data, media_type, detail)`.
   */
  imageBase64(
    data: string,
    mediaTypeOrOptions?: string | ImageItemOptions,
    detail?: ResponsesImageDetail,
  ): ImageItem {
    if (typeof data !== 'string') {
      throw new ValidationError(`image data must be a base64 string, got ${describeValue(data)}`, {
        path: 'data',
      });
    }
    const options = imageOptions(mediaTypeOrOptions, detail);
    const compact = compactBase64(data);
    const mimeType = imageMediaType(options.mediaType, () => mediaTypeFromBase64(compact));
    return withMethods<ImageBlock & { detail?: ResponsesImageDetail }>(
      withDetail({ type: 'image', data: compact, mimeType }, options.detail),
    );
  },

  /** An image from raw bytes, base64-encoded once here. Options as for `imageBase64`. */
  imageRaw(
    bytes: Uint8Array,
    mediaTypeOrOptions?: string | ImageItemOptions,
    detail?: ResponsesImageDetail,
  ): ImageItem {
    if (!(bytes instanceof Uint8Array)) {
      throw new ValidationError(`image bytes must be a Uint8Array, got ${describeValue(bytes)}`, {
        path: 'data',
      });
    }
    const options = imageOptions(mediaTypeOrOptions, detail);
    const data = bytesToBase64(bytes);
    const mimeType = imageMediaType(options.mediaType, () => mediaTypeFromBase64(data));
    return withMethods<ImageBlock & { detail?: ResponsesImageDetail }>(
      withDetail({ type: 'image', data, mimeType }, options.detail),
    );
  },

  /**
   * An image by URL (an Anthropic-native image with a URL source). Sent natively on anthropic
   * (URL source; it passes through like any Anthropic-native image) and, with `imageInput`, on
   * responses (`input_image` with the URL); a placeholder `[image] <url>` elsewhere. Nothing
   * is fetched. Options as for `imageBase64`.
   */
  imageUrl(
    url: string,
    mediaTypeOrOptions?: string | ImageItemOptions,
    detail?: ResponsesImageDetail,
  ): ImageUrlItem {
    if (typeof url !== 'string' || url === '') {
      throw new ValidationError(`image url must be a non-empty string, got ${describeValue(url)}`, {
        path: 'url',
      });
    }
    const options = imageOptions(mediaTypeOrOptions, detail);
    const block: AnthropicImageBlock & { mimeType?: string } = {
      type: 'image',
      source: { type: 'url', url },
    };
    const mimeType =
      options.mediaType === undefined
        ? url.startsWith('data:')
          ? undefined
          : mediaTypeFromPath(url)
        : mediaTypeOf(options.mediaType);
    return withMethods<AnthropicImageBlock & { mimeType?: string; detail?: ResponsesImageDetail }>(
      withDetail(mimeType === undefined ? block : { ...block, mimeType }, options.detail),
    );
  },
} as const;

/** The literal text of a text item, else undefined (rig's `as_text`). */
export function asText(item: ContentBlock): string | undefined {
  return item.type === 'text' ? item.text : undefined;
}

/**
 * The value of a json item, else undefined (rig's `as_json`). Text is not parsed here: use
 * {@link deserializeJson} to ask for that explicitly.
 */
export function asJson(item: ContentBlock): unknown {
  return item.type === 'json' ? item.value : undefined;
}

/** Any schema with zod's `safeParse` (zod 3 and 4 both fit). */
export interface SafeParseSchema<T> {
  safeParse(value: unknown):
    | { success: true; data: T }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
      };
}

/**
 * The item's JSON validated by `schema` (rig's `deserialize_json`). A json item is decoded
 * directly; a text item is parsed as JSON only because the caller asked for it here (for
 * transcripts recorded before structured output was kept). Never changes what goes on a wire.
 * Without a schema the JSON value is returned as it is (`unknown`).
 *
 * Throws {@link ValidationError} with code `not_json_item` (an image or other block),
 * `invalid_json` (text that is not JSON) or `schema_mismatch` (`path` names the first bad field).
 */
export function deserializeJson(item: ContentBlock): unknown;
export function deserializeJson<T>(item: ContentBlock, schema: SafeParseSchema<T>): T;
export function deserializeJson<T>(item: ContentBlock, schema?: SafeParseSchema<T>): T | unknown {
  let value: unknown;
  if (item.type === 'json') {
    value = item.value;
  } else if (item.type === 'text') {
    try {
      value = JSON.parse(item.text);
    } catch (error) {
      throw new ValidationError(`text item is not JSON: ${(error as Error).message}`, {
        code: 'invalid_json',
        cause: error,
      });
    }
  } else {
    throw new ValidationError(
      `cannot deserialize JSON from a '${item.type}' item (only json and text items hold JSON)`,
      { code: 'not_json_item' },
    );
  }
  if (schema === undefined) return value;
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const [first] = parsed.error.issues;
  const path = first ? first.path.map(String).join('.') : '';
  const message = parsed.error.issues
    .map(
      (issue) =>
        `${issue.path.length ? issue.path.map(String).join('.') : '(value)'}: ${issue.message}`,
    )
    .join('; ');
  throw new ValidationError(`JSON does not match the schema: ${message}`, {
    code: 'schema_mismatch',
    path,
  });
}
