// The images of a request body that break a provider's media limits, found the way preflight's
// media rules find them, with what would repair each: a resize to fit (`fit`), or nothing but
// a placeholder (too many images). The engine's `imageLimits` option acts on this list before
// preflight runs; the rules themselves (`anthropic-image-bytes`...) stay the judge.
import type { WireFormat } from '@crosswire/core';
import {
  anthropicBlockKeys,
  anthropicBlockPath,
  forEachAnthropicMedia,
} from '../support/anthropic-blocks.js';
import { asRecord, isRecord, type JsonObject } from '../support/json.js';
import { BEDROCK_MEDIA_LIMITS, converseFacts } from './bedrock-rules.js';
import { base64ImageDimensions } from './image-header.js';
import { ANTHROPIC_MEDIA_LIMITS } from './request-rules.js';

/** A wire's documented image limits (absent fields: no documented limit). */
export interface ImageLimits {
  /** Base64 characters of one image, as sent. */
  readonly imageBytes?: number;
  /** Pixels of either side of one image. */
  readonly imageSide?: number;
  /** Images and documents in one request. */
  readonly mediaPerRequest?: number;
  /** What `mediaPerRequest` counts, in words (default `images and documents`). */
  readonly mediaCounted?: string;
  /** Above this many images in a request, no side may exceed `manyImageSide`. */
  readonly manyImages?: number;
  readonly manyImageSide?: number;
}

/**
 * The limits each wire's provider documents, by rule id (the rules are in `PROVIDER_RULES`).
 * OpenAI's and Gemini's per-request image limits have no source we trust yet (see
 * docs/design-notes/preflight.md): none are listed, so their images are never touched.
 */
export const IMAGE_LIMITS: Readonly<Record<WireFormat, ImageLimits | undefined>> = {
  anthropic: ANTHROPIC_MEDIA_LIMITS,
  openai: undefined,
  responses: undefined,
  gemini: undefined,
  ollama: undefined,
  hermes: undefined,
  bedrock: {
    imageBytes: BEDROCK_MEDIA_LIMITS.imageBytes,
    imageSide: BEDROCK_MEDIA_LIMITS.imageSide,
    // Converse counts images (20) and documents (5) apart: only images are sites here.
    mediaPerRequest: BEDROCK_MEDIA_LIMITS.images,
    mediaCounted: 'images',
  },
};

/** One image of a body that breaks a limit. */
export interface OverLimitImage {
  /** Where the image block is (`messages[2].content[0].content[1]`). */
  readonly path: string;
  /** Its path as keys, for replacing it. */
  readonly keys: readonly (string | number)[];
  readonly mediaType: string;
  /** The base64 payload. */
  readonly data: string;
  readonly width: number | undefined;
  readonly height: number | undefined;
  /** The rule it breaks (`anthropic-image-bytes`, `anthropic-image-side`, ...). */
  readonly rule: string;
  /** The limit in words, for a warning: `an image is at most 5242880 bytes of base64`. */
  readonly limit: string;
  /**
   * What a resized image must keep to: longest side and base64 length. Undefined when no
   * resize can repair it (a request with too many images: only fewer images can).
   */
  readonly fit: { readonly maxSide: number; readonly maxBytes: number } | undefined;
}

interface ImageSite {
  readonly path: string;
  readonly keys: readonly (string | number)[];
  readonly kind: 'image' | 'document';
  readonly mediaType: string;
  readonly data: string | undefined;
}

/** Anthropic's image and document blocks, in the order preflight counts them. */
function anthropicSites(body: JsonObject): ImageSite[] {
  const found: ImageSite[] = [];
  forEachAnthropicMedia(body, (block, place) => {
    const source = isRecord(block.source) ? block.source : {};
    found.push({
      path: anthropicBlockPath(place),
      keys: anthropicBlockKeys(place),
      kind: block.type as ImageSite['kind'],
      mediaType: typeof source.media_type === 'string' ? source.media_type : '',
      data: source.type === 'base64' && typeof source.data === 'string' ? source.data : undefined,
    });
  });
  return found;
}

/** Converse's image blocks (user turns and tool results), in the order preflight counts them. */
function bedrockSites(body: JsonObject): ImageSite[] {
  return converseFacts(body).media.flatMap((site): ImageSite[] => {
    if (site.kind !== 'image') return [];
    const keys = site.path
      .replace(/\.image$/, '')
      .split(/[.[\]]+/)
      .filter((key) => key !== '')
      .map((key) => (/^\d+$/.test(key) ? Number(key) : key));
    const format = asRecord(asRecord(site.block).image).format;
    return [
      {
        path: site.path,
        keys,
        kind: 'image',
        mediaType: typeof format === 'string' ? `image/${format}` : '',
        data: site.bytes,
      },
    ];
  });
}

const SITES: Readonly<Record<WireFormat, (body: JsonObject) => ImageSite[]>> = {
  anthropic: anthropicSites,
  openai: () => [],
  responses: () => [],
  gemini: () => [],
  ollama: () => [],
  hermes: () => [],
  bedrock: bedrockSites,
};

/**
 * The images of `body` that break `wire`'s documented limits, each once, with the first rule
 * it breaks. Too many images and documents: the oldest images beyond the limit (the latest
 * are what the model needs most), with no `fit`. Then, of the images left, each that is too
 * large in bytes or pixels, or wider than the many-image side when the request has more images
 * than the many-image count. Reads each image's header only.
 */
export function overLimitImages(body: unknown, wire: WireFormat): OverLimitImage[] {
  const limits = IMAGE_LIMITS[wire];
  if (limits === undefined || !isRecord(body)) return [];
  const sites = SITES[wire](body);
  if (sites.length === 0) return [];
  const images = sites.filter(
    (site): site is ImageSite & { data: string } =>
      site.kind === 'image' && site.data !== undefined,
  );
  const found: OverLimitImage[] = [];
  let kept = images;
  const perRequest = limits.mediaPerRequest;
  if (perRequest !== undefined && sites.length > perRequest) {
    const excess = Math.min(sites.length - perRequest, images.length);
    for (const site of images.slice(0, excess)) {
      found.push(
        over(
          site,
          `${wire}-media-count`,
          `a request holds at most ${perRequest} ${limits.mediaCounted ?? 'images and documents'}`,
          undefined,
        ),
      );
    }
    kept = images.slice(excess);
  }
  const many = limits.manyImages !== undefined && kept.length > limits.manyImages;
  const side = Math.min(
    limits.imageSide ?? Number.POSITIVE_INFINITY,
    many ? (limits.manyImageSide ?? Number.POSITIVE_INFINITY) : Number.POSITIVE_INFINITY,
  );
  const bytes = limits.imageBytes ?? Number.POSITIVE_INFINITY;
  const fit = { maxSide: side, maxBytes: bytes };
  for (const site of kept) {
    const size = base64ImageDimensions(site.data);
    const longest = size ? Math.max(size.width, size.height) : 0;
    if (site.data.length > bytes) {
      found.push(
        over(
          site,
          `${wire}-image-bytes`,
          `an image is at most ${bytes} bytes of base64`,
          fit,
          size,
        ),
      );
    } else if (limits.imageSide !== undefined && longest > limits.imageSide) {
      found.push(
        over(
          site,
          `${wire}-image-side`,
          `no side of an image exceeds ${limits.imageSide} pixels`,
          fit,
          size,
        ),
      );
    } else if (many && longest > side) {
      found.push(
        over(
          site,
          `${wire}-many-image-side`,
          `in a request with more than ${limits.manyImages} images, no side exceeds ${side} pixels`,
          fit,
          size,
        ),
      );
    }
  }
  return found;
}

function over(
  site: ImageSite & { data: string },
  rule: string,
  limit: string,
  fit: OverLimitImage['fit'],
  size?: { width: number; height: number },
): OverLimitImage {
  return {
    path: site.path,
    keys: site.keys,
    mediaType: site.mediaType,
    data: site.data,
    width: size?.width,
    height: size?.height,
    rule,
    limit,
    fit,
  };
}

/** What replaces an over-limit image: new bytes of the same format, or a placeholder text. */
export type ImageReplacement =
  | { readonly data: string; readonly mediaType: string }
  | { readonly placeholder: string };

/** The block that takes an over-limit image's place, in the wire's own shape. */
type BlockWriter = (old: unknown, replacement: ImageReplacement) => unknown;

// An Anthropic block: the base64 source replaced, or a text block.
const anthropicBlock: BlockWriter = (old, replacement) =>
  'placeholder' in replacement
    ? { type: 'text', text: replacement.placeholder }
    : {
        ...(old as JsonObject),
        source: { type: 'base64', media_type: replacement.mediaType, data: replacement.data },
      };

// A Converse block (`{ image: { format, source: { bytes } } }`): the format follows the new
// media type (`image/jpeg` is `jpeg`); a placeholder is Converse's text block `{ text }`.
const converseBlock: BlockWriter = (old, replacement) => {
  if ('placeholder' in replacement) return { text: replacement.placeholder };
  const block = old as JsonObject;
  return {
    ...block,
    image: {
      ...asRecord(block.image),
      format: replacement.mediaType.replace(/^image\//, ''),
      source: { bytes: replacement.data },
    },
  };
};

// Only the wires with IMAGE_LIMITS have sites to replace; the others never get here, and are
// given Anthropic's shape should a caller build key paths by hand.
const BLOCKS: Readonly<Record<WireFormat, BlockWriter>> = {
  anthropic: anthropicBlock,
  openai: anthropicBlock,
  responses: anthropicBlock,
  gemini: anthropicBlock,
  ollama: anthropicBlock,
  hermes: anthropicBlock,
  bedrock: converseBlock,
};

/**
 * `body` with the image at each key path replaced (a resized image keeps the block's other
 * fields, a placeholder becomes a text block). Copies only along the changed paths; `body`
 * itself is not changed.
 */
export function replaceImages(
  body: Readonly<Record<string, unknown>>,
  wire: WireFormat,
  replacements: readonly {
    readonly keys: readonly (string | number)[];
    readonly replacement: ImageReplacement;
  }[],
): Record<string, unknown> {
  const root: Record<string, unknown> = { ...body };
  const copied = new Set<unknown>([root]);
  for (const { keys, replacement } of replacements) {
    let parent: Record<string | number, unknown> = root;
    for (let index = 0; index < keys.length - 1; index++) {
      const key = keys[index] as string | number;
      let child = parent[key];
      if (!copied.has(child)) {
        child = Array.isArray(child) ? [...child] : { ...(child as object) };
        copied.add(child);
        parent[key] = child;
      }
      parent = child as Record<string | number, unknown>;
    }
    const last = keys[keys.length - 1] as string | number;
    parent[last] = BLOCKS[wire](parent[last], replacement);
  }
  return root;
}
