import {
  base64ByteLength,
  buildDataUrl,
  bytesToBase64,
  CrosswireError,
  dataUrlToBytes,
  ImageFetchError,
  isWireFormat,
  mediaTypeFromBase64,
  mediaTypeFromBytes,
  mediaTypeFromPath,
  normalizeMediaType,
  parseDataUrl,
  UnknownWireFormatError,
  ValidationError,
  type WireFormat,
} from '@crosswire/core';
import {
  type EnsureBase64Options,
  type FetchedImage,
  type FetchPolicy,
  resolveAllowSvg,
  resolveFetchPolicy,
  resolveMaxBytes,
} from './fetch-options.js';
import { SVG_MEDIA_TYPE, svgNotAskedFor, verifiedImageType } from './image-type.js';
import { loadFetch } from './lazy-fetch.js';
import { imageTooLarge, redactedUrl } from './messages.js';
import * as anthropic from './wires/anthropic.js';
import * as bedrock from './wires/bedrock.js';
import * as gemini from './wires/gemini.js';
import { IMAGE_PART_BY_WIRE, type ImagePartByWire } from './wires/index.js';
import * as lmstudio from './wires/lmstudio.js';
import * as ollama from './wires/ollama.js';
import * as openai from './wires/openai.js';
import { requireBase64 } from './wires/require.js';
import * as responses from './wires/responses.js';
import type {
  AnthropicImagePart,
  BedrockImagePart,
  GeminiCamelImagePart,
  GeminiImagePart,
  GeminiOptions,
  ImageView,
  InlineOptions,
  LMStudioImagePart,
  OpenAIImagePart,
  ResponsesImagePart,
} from './wires/types.js';

/** Options every constructor takes. */
export interface ImageOptions {
  /** IANA media type (`image/png`); sniffed from the file extension or URL path when absent. */
  readonly mediaType?: string;
  /** Detail hint (`low`, `high`, `auto`, or any non-empty string), sent on openai and responses only. */
  readonly detail?: string;
}

/** Options of {@link Image.fromData}: the media type is required, raw bytes carry no name. */
export interface ImageDataOptions extends ImageOptions {
  readonly mediaType: string;
}

/** The compact log description `toJSON()` returns: never the payload. */
export interface ImageDescription {
  readonly type: 'image';
  /** `url` for an image built from a remote URL (also after fetching), else `base64`. */
  readonly source: 'url' | 'base64';
  readonly url?: string;
  readonly media_type?: string;
  readonly detail?: string;
  /** Decoded payload size, when the payload is present. */
  readonly bytes?: number;
}

/**
 * The lossless, JSON-ready form of an {@link Image} ({@link Image.toRecord}): what it was built
 * from, the payload it was given, and the options. `Image.fromRecord` builds the same image
 * back. A URL image is its URL: a payload `ensureBase64` fetched is not part of the record
 * (a restored image fetches again, under the options of that fetch).
 */
export type ImageRecord =
  | {
      readonly type: 'image';
      /** Built from an http(s) URL. */
      readonly source: 'url';
      readonly url: string;
      /** The media type the caller gave (a guess from the URL path is not recorded). */
      readonly mediaType?: string;
      readonly detail?: string;
    }
  | {
      readonly type: 'image';
      /** `data-url`: built from a data: URL (capped by `maxBytes` like a fetch); `bytes`: from bytes, base64 or a file. */
      readonly source: 'data-url' | 'bytes';
      /** The payload, base64 without whitespace. */
      readonly data: string;
      /** Given, or sniffed from the bytes when the image was built. */
      readonly mediaType?: string;
      readonly detail?: string;
    };

/** Where an image's bytes come from; decides `toJSON().source` and what `ensureBase64` does. */
type Origin = 'url' | 'data-url' | 'bytes';

interface ImageState {
  readonly origin: Origin;
  readonly url: string | undefined;
  readonly base64: string | undefined;
  /** Given by the caller, or (bytes, data: URLs) sniffed from the payload. */
  readonly mediaType: string | undefined;
  /** A URL image's type as its path names it: a guess the fetched response replaces. */
  readonly urlHint?: string | undefined;
  readonly detail: string | undefined;
}

/** A fetched payload with the guard and filter it was fetched under. */
interface PolicedFetch {
  readonly image: FetchedImage;
  readonly policy: FetchPolicy;
}

function samePolicy(a: FetchPolicy, b: FetchPolicy): boolean {
  return a.guard === b.guard && a.filter === b.filter;
}

/** A data: URL in messages: its header only (`data:text/html,...`), never the payload. */
function dataUrlLabel(href: string): string {
  const comma = href.indexOf(',');
  return `${(comma < 0 ? href : href.slice(0, comma + 1)).slice(0, 100)}...`;
}

const ALLOWED_SCHEMES = new Set(['http:', 'https:', 'data:']);

function checkMediaType(mediaType: unknown): string | undefined {
  if (mediaType === undefined) return undefined;
  if (typeof mediaType !== 'string' || !/^[^\s/;]+\/[^\s/;]+/.test(mediaType.trim())) {
    throw new ValidationError(
      `mediaType must be a media type such as 'image/png', got ${JSON.stringify(mediaType)}`,
      { path: 'mediaType', code: 'invalid_media_type' },
    );
  }
  return normalizeMediaType(mediaType);
}

function checkDetail(detail: unknown): string | undefined {
  if (detail === undefined) return undefined;
  if (typeof detail !== 'string' || detail === '') {
    throw new ValidationError(
      `detail must be a non-empty string (low, high, auto, ...), got ${JSON.stringify(detail)}`,
      { path: 'detail', code: 'invalid_detail' },
    );
  }
  return detail;
}

/** A media type guessed from a name is kept only when it names an image. */
function imageTypeFromPath(path: string): string | undefined {
  const mediaType = mediaTypeFromPath(path);
  return mediaType?.startsWith('image/') ? mediaType : undefined;
}

function imageTypeFromBytes(bytes: Uint8Array): string | undefined {
  const mediaType = mediaTypeFromBytes(bytes);
  return mediaType?.startsWith('image/') ? mediaType : undefined;
}

/**
 * Parses and checks an image URL before any I/O: only http, https and data: (other schemes
 * would let a caller's message make the server read local files or talk other protocols),
 * and no userinfo (credentials must not travel inside untrusted image URLs).
 */
export function parseImageUrl(url: string | URL): URL {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url) : new URL(url.href);
  } catch (cause) {
    throw new ValidationError(`not a valid absolute image URL: ${JSON.stringify(String(url))}`, {
      path: 'url',
      code: 'invalid_image_url',
      cause,
    });
  }
  if (!ALLOWED_SCHEMES.has(parsed.protocol)) {
    const scheme = parsed.protocol.slice(0, -1);
    throw new ImageFetchError(
      'image_url_scheme_refused',
      `refuses to fetch image URL with scheme '${scheme}' (only http/https; use Image.fromFile for local files)`,
      { url: redactedUrl(parsed), details: { scheme } },
    );
  }
  if (parsed.protocol !== 'data:' && (parsed.username !== '' || parsed.password !== '')) {
    throw new ImageFetchError(
      'image_url_refused',
      `refuses to fetch image URL ${redactedUrl(parsed)}: it carries userinfo (user:password@), which image URLs must not`,
      { url: redactedUrl(parsed), details: { reason: 'userinfo' } },
    );
  }
  return parsed;
}

/**
 * The canonical image: a remote URL, a base64 payload, or both, plus a media type and an
 * optional detail hint. Immutable; the one thing that changes is internal: the payload a
 * successful {@link Image.ensureBase64} fetched is cached on the object.
 */
export class Image {
  readonly #state: ImageState;
  #fetched: PolicedFetch | undefined;
  #inFlight: { readonly promise: Promise<PolicedFetch>; readonly policy: FetchPolicy } | undefined;

  private constructor(state: ImageState) {
    this.#state = state;
    Object.freeze(this);
  }

  /**
   * An image at a remote http(s) URL, or in a data: URL (decoded here, no I/O). Any other
   * scheme, and a URL with userinfo, is refused before any I/O. The media type is sniffed
   * from the URL path when not given.
   */
  static fromUrl(url: string | URL, options: ImageOptions = {}): Image {
    const parsed = parseImageUrl(url);
    const mediaType = checkMediaType(options.mediaType);
    const detail = checkDetail(options.detail);
    if (parsed.protocol === 'data:') {
      const href = typeof url === 'string' ? url : url.href;
      const dataUrl = parseDataUrl(href);
      let bytes: Uint8Array;
      try {
        bytes = dataUrlToBytes(href);
      } catch (cause) {
        throw new ValidationError(
          'the data: URL does not decode (bad base64 or percent-encoding)',
          {
            path: 'url',
            code: 'invalid_data_url',
            cause,
          },
        );
      }
      // RFC 2397's default (no type written) says nothing about the image, so sniff instead.
      const written = /^data:[^,;]*\//i.test(href.trim())
        ? normalizeMediaType(dataUrl.mediaType)
        : undefined;
      // The same checks as fetched bytes; whether SVG is wanted is ensureBase64's `allowSvg`.
      const checked = verifiedImageType({
        where: dataUrlLabel(href),
        bytes,
        given: mediaType,
        declared: written,
        declaredAs: 'data: URL type',
        allowSvg: true,
      });
      return new Image({
        origin: 'data-url',
        url: undefined,
        base64: bytesToBase64(bytes),
        mediaType: checked,
        detail,
      });
    }
    return new Image({
      origin: 'url',
      url: parsed.href,
      base64: undefined,
      mediaType,
      urlHint: imageTypeFromPath(parsed.pathname),
      detail,
    });
  }

  /** Reads a local file; the media type comes from the extension, else from the bytes. */
  static async fromFile(path: string, options: ImageOptions = {}): Promise<Image> {
    const mediaType = checkMediaType(options.mediaType);
    const detail = checkDetail(options.detail);
    let bytes: Uint8Array;
    try {
      const { readFile } = await import('node:fs/promises');
      bytes = await readFile(path);
    } catch (cause) {
      throw new CrosswireError(
        'image_file_unreadable',
        `cannot read image file ${path}: ${cause instanceof Error ? cause.message : String(cause)}`,
        { cause, details: { path } },
      );
    }
    return new Image({
      origin: 'bytes',
      url: undefined,
      base64: bytesToBase64(bytes),
      mediaType: mediaType ?? imageTypeFromPath(path) ?? imageTypeFromBytes(bytes),
      detail,
    });
  }

  /** An image from raw bytes (a `Uint8Array`, `Buffer` or `ArrayBuffer`); `mediaType` is required. */
  static fromData(bytes: Uint8Array | ArrayBuffer, options: ImageDataOptions): Image {
    if (bytes instanceof ArrayBuffer) return Image.fromData(new Uint8Array(bytes), options);
    if (!(bytes instanceof Uint8Array)) {
      throw new ValidationError(
        'Image.fromData takes the image bytes as a Uint8Array, Buffer or ArrayBuffer',
        {
          path: 'bytes',
          code: 'invalid_image_data',
        },
      );
    }
    if (options?.mediaType === undefined) {
      throw new ValidationError(
        "Image.fromData needs a mediaType (raw bytes carry no name), e.g. { mediaType: 'image/png' }",
        { path: 'mediaType', code: 'image_media_type_required' },
      );
    }
    return new Image({
      origin: 'bytes',
      url: undefined,
      base64: bytesToBase64(bytes),
      mediaType: checkMediaType(options.mediaType),
      detail: checkDetail(options.detail),
    });
  }

  /**
   * An image from a base64 payload (standard alphabet, no data: prefix). The media type is
   * sniffed from the bytes when not given.
   */
  static fromBase64(base64: string, options: ImageOptions = {}): Image {
    if (typeof base64 !== 'string') {
      throw new ValidationError('Image.fromBase64 takes the payload as a base64 string', {
        path: 'base64',
        code: 'invalid_base64',
      });
    }
    if (/^\s*data:/i.test(base64)) {
      throw new ValidationError(
        'Image.fromBase64 takes a bare base64 payload, not a data: URL; use Image.fromUrl for data: URLs',
        { path: 'base64', code: 'invalid_base64' },
      );
    }
    const clean = base64.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1) {
      throw new ValidationError('Image.fromBase64 got a string that is not valid base64', {
        path: 'base64',
        code: 'invalid_base64',
      });
    }
    return new Image({
      origin: 'bytes',
      url: undefined,
      base64: clean,
      mediaType: checkMediaType(options.mediaType) ?? mediaTypeFromBase64(clean),
      detail: checkDetail(options.detail),
    });
  }

  /** The remote http(s) URL; undefined for an image built from bytes or a data: URL. */
  get url(): string | undefined {
    return this.#state.url;
  }

  /** The base64 payload, when present (given, from a data: URL, or fetched). */
  get base64(): string | undefined {
    return this.#state.base64 ?? this.#fetched?.image.base64;
  }

  /**
   * The media type: given, or sniffed from the bytes; for a URL image the type the fetched
   * response proved, else the guess from the URL path.
   */
  get mediaType(): string | undefined {
    return this.#state.mediaType ?? this.#fetched?.image.mediaType ?? this.#state.urlHint;
  }

  /** The detail hint, when set. */
  get detail(): string | undefined {
    return this.#state.detail;
  }

  /** `url` for an image built from a remote URL, else `base64` (as in `toJSON`). */
  get source(): 'url' | 'base64' {
    return this.#state.origin === 'url' ? 'url' : 'base64';
  }

  /** True when the payload is present, so every serializer works without fetching. */
  get hasBase64(): boolean {
    return this.base64 !== undefined;
  }

  #view(): ImageView {
    return {
      url: this.#state.url,
      base64: this.base64,
      mediaType: this.mediaType,
      detail: this.#state.detail,
    };
  }

  /**
   * Returns the base64 payload, fetching a URL-only image first (see the README's security
   * model). The fetched payload is cached; concurrent calls share one fetch; a failed fetch
   * stores nothing.
   */
  async ensureBase64(options: EnsureBase64Options = {}): Promise<string> {
    const maxBytes = resolveMaxBytes(options.maxBytes);
    const allowSvg = resolveAllowSvg(options.allowSvg);
    const state = this.#state;
    if (state.origin === 'bytes') return state.base64 as string;
    if (state.origin === 'data-url') {
      // A data: URL arrives from the same untrusted places as a remote URL; cap it alike.
      const base64 = state.base64 as string;
      const size = base64ByteLength(base64);
      const label = dataUrlLabel(this.dataUrl());
      if (size > maxBytes) throw imageTooLarge(label, maxBytes, size);
      if (state.mediaType === SVG_MEDIA_TYPE && !allowSvg) throw svgNotAskedFor(label);
      return base64;
    }
    const fetched = await this.#fetchUnder(resolveFetchPolicy(options), options);
    // A cached payload fetched under a larger cap is still refused under a smaller one.
    if (fetched.byteLength > maxBytes) {
      throw imageTooLarge(state.url as string, maxBytes, fetched.byteLength);
    }
    return fetched.base64;
  }

  /**
   * The fetched payload under `policy`: the cached one or the one in flight when they were
   * fetched under the same guard and filter, else a fetch of its own (a guarded call never
   * takes bytes an unguarded fetch brought).
   */
  async #fetchUnder(policy: FetchPolicy, options: EnsureBase64Options): Promise<FetchedImage> {
    const cached = this.#fetched;
    if (cached !== undefined && samePolicy(cached.policy, policy)) return cached.image;
    const flight = this.#inFlight;
    if (flight !== undefined && samePolicy(flight.policy, policy))
      return (await flight.promise).image;
    const promise = loadFetch()
      .then(({ fetchImage }) =>
        fetchImage(this.#state.url as string, this.#state.mediaType, options),
      )
      .then((image) => ({ image, policy }));
    if (flight === undefined) this.#inFlight = { promise, policy };
    try {
      const done = await promise;
      this.#fetched = done;
      return done.image;
    } finally {
      if (this.#inFlight?.promise === promise) this.#inFlight = undefined;
    }
  }

  /** The image as a data: URL; needs the payload. Media type falls back to application/octet-stream. */
  dataUrl(): string {
    const view = this.#view();
    return buildDataUrl(view.mediaType, requireBase64(view, 'dataUrl()'));
  }

  /** OpenAI chat completions image part: the URL, else (or with `inline`) a data: URL. */
  toOpenAI(options: InlineOptions = {}): OpenAIImagePart {
    return openai.imagePart(this.#view(), options);
  }

  /** Open-Responses `input_image` part: the URL, else (or with `inline`) a data: URL. */
  toResponses(options: InlineOptions = {}): ResponsesImagePart {
    return responses.imagePart(this.#view(), options);
  }

  /** Anthropic image block: a URL source when there is a URL (unless `inline`), else base64. */
  toAnthropic(options: InlineOptions = {}): AnthropicImagePart {
    return anthropic.imagePart(this.#view(), options);
  }

  /** Gemini inline-data part (`inline_data`; `{ camelCase: true }` for `inlineData`). */
  toGemini(options: GeminiOptions & { readonly camelCase: true }): GeminiCamelImagePart;
  toGemini(options?: GeminiOptions): GeminiImagePart;
  toGemini(options: GeminiOptions = {}): GeminiImagePart | GeminiCamelImagePart {
    return options.camelCase === true
      ? gemini.imagePart(this.#view(), { camelCase: true })
      : gemini.imagePart(this.#view());
  }

  /**
   * Bedrock Converse `image` block (`{ image: { format, source: { bytes } } }`): always the
   * payload, since Converse fetches no URL. Throws `ImageNotFetchedError` for a URL image whose
   * bytes are not fetched yet, and `ValidationError` (`image_format_unsupported`) for a type
   * other than png, jpeg, gif and webp.
   */
  toBedrock(): BedrockImagePart {
    return bedrock.imagePart(this.#view());
  }

  /** Ollama native: the raw base64 payload for a message's `images` array. */
  toOllama(): string {
    return ollama.imagePart(this.#view());
  }

  /** LM Studio native `/api/v1/chat` image item `{ type: 'image', data_url }`. */
  toLMStudio(): LMStudioImagePart {
    return lmstudio.imagePart(this.#view());
  }

  /** The image part of one of the tool wires (hermes takes the OpenAI chat part). */
  to<W extends WireFormat>(wire: W, options: InlineOptions = {}): ImagePartByWire[W] {
    if (!isWireFormat(wire)) throw new UnknownWireFormatError(wire);
    return IMAGE_PART_BY_WIRE[wire](this.#view(), options);
  }

  /**
   * The lossless, JSON-ready form of this image (see {@link ImageRecord}); the payload is
   * included, unlike in {@link Image.toJSON}. `Image.fromRecord(image.toRecord())` renders on
   * every wire exactly as `image` does.
   */
  toRecord(): ImageRecord {
    const state = this.#state;
    const options = {
      ...(state.mediaType !== undefined ? { mediaType: state.mediaType } : {}),
      ...(state.detail !== undefined ? { detail: state.detail } : {}),
    };
    if (state.origin === 'url') {
      return { type: 'image', source: 'url', url: state.url as string, ...options };
    }
    const source = state.origin === 'data-url' ? 'data-url' : 'bytes';
    return { type: 'image', source, data: state.base64 as string, ...options };
  }

  /**
   * The image an {@link ImageRecord} describes, checked as the constructors check their input
   * (a URL with another scheme or with userinfo is refused, a payload must be base64, the
   * media type and detail must be well-formed): `ValidationError` or `ImageFetchError` naming
   * the bad field otherwise.
   */
  static fromRecord(record: ImageRecord): Image {
    if (typeof record !== 'object' || record === null || record.type !== 'image') {
      throw new ValidationError("an image record is an object with type 'image'", {
        path: 'type',
        code: 'invalid_image_record',
      });
    }
    const options = {
      ...(record.mediaType !== undefined ? { mediaType: record.mediaType } : {}),
      ...(record.detail !== undefined ? { detail: record.detail } : {}),
    };
    switch (record.source) {
      case 'url': {
        if (typeof record.url !== 'string' || /^\s*data:/i.test(record.url)) {
          throw new ValidationError('an image record of source url needs an http(s) url', {
            path: 'url',
            code: 'invalid_image_record',
          });
        }
        return Image.fromUrl(record.url, options);
      }
      case 'data-url':
      case 'bytes': {
        if (typeof record.data !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(record.data)) {
          throw new ValidationError(
            'an image record holds its payload as base64 without whitespace',
            { path: 'data', code: 'invalid_image_record' },
          );
        }
        if (record.source === 'data-url') {
          // Built again as a data: URL, so it gets the same checks (bytes against the type).
          return Image.fromUrl(`data:${record.mediaType ?? ''};base64,${record.data}`, {
            ...(record.detail !== undefined ? { detail: record.detail } : {}),
          });
        }
        const image = Image.fromBase64(record.data, options);
        // The record's media type is what the image had (sniffed or given); none stays none.
        return options.mediaType === undefined
          ? new Image({ ...image.#state, mediaType: undefined })
          : image;
      }
      default:
        throw new ValidationError(
          `an image record's source is url, data-url or bytes, got ${JSON.stringify((record as { source?: unknown }).source)}`,
          { path: 'source', code: 'invalid_image_record' },
        );
    }
  }

  /**
   * A compact description for logs and traces, never the payload. Not a wire format. Keys in
   * this order: type, source, url, media_type, detail, bytes.
   */
  toJSON(): ImageDescription {
    const base64 = this.base64;
    const mediaType = this.mediaType;
    return {
      type: 'image',
      source: this.source,
      ...(this.#state.url !== undefined ? { url: this.#state.url } : {}),
      ...(mediaType !== undefined ? { media_type: mediaType } : {}),
      ...(this.#state.detail !== undefined ? { detail: this.#state.detail } : {}),
      ...(base64 !== undefined ? { bytes: base64ByteLength(base64) } : {}),
    };
  }
}
