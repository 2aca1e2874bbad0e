import {
  base64ToBytes,
  bytesToBase64,
  emitWarning,
  normalizeMediaType,
  type WarningHandler,
  type WireFormat,
} from '@crosswire/core';
import {
  type ImageReplacement,
  type OverLimitImage,
  overLimitImages,
  replaceImages,
} from '@crosswire/dialects';
import { placeholder } from '@crosswire/tool-result';

/*
 * The engine's `imageLimits`: what happens to an image that breaks the provider's documented
 * limits (dialects' `overLimitImages`), before preflight judges the body. Never sent as is,
 * never dropped silently:
 * - 'resize': scaled down with `sharp` (an optional dependency, imported on first need) to fit
 *   the limit, keeping aspect ratio and format; an image sharp cannot fit becomes the
 *   placeholder, with a warning.
 * - 'placeholder': the wire's placeholder text, with a warning naming the limit.
 * - 'error': left as it is, so preflight refuses the request (`request_refused_preflight`).
 * Too many images cannot be resized away: the oldest beyond the limit are placeholders in
 * 'resize' mode too.
 */

export type ImageLimitsMode = 'resize' | 'placeholder' | 'error';

/** The part of sharp's API the resize uses. */
export type ImageLibrary = (input: Uint8Array) => ImagePipeline;

export interface ImagePipeline {
  metadata(): Promise<{ width?: number; height?: number; format?: string }>;
  resize(options: { width: number; height: number; fit: 'inside' }): ImagePipeline;
  toFormat(format: string): ImagePipeline;
  toBuffer(): Promise<Uint8Array>;
}

/** Loads the image library, or resolves undefined when it is not installed. */
export type ImageLibraryLoader = () => Promise<ImageLibrary | undefined>;

/** sharp, when installed: a dynamic import, so an install without it loads nothing. */
export const loadSharp: ImageLibraryLoader = async () => {
  try {
    const specifier = 'sharp';
    const module = (await import(specifier)) as { default?: ImageLibrary };
    return typeof module.default === 'function' ? module.default : undefined;
  } catch {
    return undefined;
  }
};

/** Formats sharp writes again as themselves (an image keeps its format). */
const FORMATS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/**
 * A few resized images, by source payload: a tool loop rebuilds the same body every turn, and
 * each image is resized (and warned about) once, not on every turn.
 */
class ResizeCache {
  readonly #entries = new Map<string, string | undefined>();
  readonly #warned = new Set<string>();
  /** True the first time `key` is told (the set forgets its oldest beyond 256). */
  firstWarning(key: string): boolean {
    if (this.#warned.has(key)) return false;
    if (this.#warned.size >= 256) this.#warned.delete(this.#warned.values().next().value as string);
    this.#warned.add(key);
    return true;
  }
  get(data: string, key: string): string | undefined | null {
    const full = `${key}|${data}`;
    return this.#entries.has(full) ? (this.#entries.get(full) as string | undefined) : null;
  }
  set(data: string, key: string, value: string | undefined): void {
    if (this.#entries.size >= 32) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
    this.#entries.set(`${key}|${data}`, value);
  }
}

/** Resized base64 that fits `fit`, or undefined when it cannot be made to fit. */
async function resize(
  library: ImageLibrary,
  image: OverLimitImage,
  fit: NonNullable<OverLimitImage['fit']>,
): Promise<string | undefined> {
  const format = FORMATS[normalizeMediaType(image.mediaType)];
  if (format === undefined) return undefined;
  try {
    const input = base64ToBytes(image.data);
    const meta = await library(input).metadata();
    const width = meta.width ?? image.width;
    const height = meta.height ?? image.height;
    if (!width || !height) return undefined;
    let scale = Math.min(1, fit.maxSide / Math.max(width, height));
    // Too many bytes: start where the payload's length says (pixels go as the square of a side).
    if (image.data.length > fit.maxBytes) {
      scale = Math.min(scale, Math.sqrt(fit.maxBytes / image.data.length) * 0.95);
    }
    // At most a few tries: each scales by what the last one's size says is still too much.
    for (let attempt = 0; attempt < 6; attempt++) {
      const target = {
        width: Math.max(1, Math.floor(width * scale)),
        height: Math.max(1, Math.floor(height * scale)),
        fit: 'inside' as const,
      };
      const output = await library(input).resize(target).toFormat(format).toBuffer();
      const data = bytesToBase64(output);
      if (data.length <= fit.maxBytes) return data;
      scale *= Math.sqrt(fit.maxBytes / data.length) * 0.9;
    }
    return undefined;
  } catch {
    return undefined;
  }
}

export interface ImageLimitsOptions {
  readonly mode: ImageLimitsMode | undefined;
  readonly loader: ImageLibraryLoader;
  readonly cache: ResizeCache;
  readonly onWarning: WarningHandler | undefined;
}

export function imageLimitsCache(): ResizeCache {
  return new ResizeCache();
}

function placeholderText(image: OverLimitImage): string {
  return placeholder({
    type: 'image',
    mediaType: normalizeMediaType(image.mediaType) || undefined,
    size: Math.floor((image.data.length * 3) / 4),
  });
}

/**
 * `body` with its over-limit images resized or replaced (see the module comment); `body`
 * itself when none breaks a limit, or in 'error' mode. With no mode given: 'resize' when sharp
 * loads, else 'placeholder'.
 */
export async function applyImageLimits(
  body: Record<string, unknown>,
  wire: WireFormat,
  options: ImageLimitsOptions,
): Promise<Record<string, unknown>> {
  if (options.mode === 'error') return body;
  const over = overLimitImages(body, wire);
  if (over.length === 0) return body;
  const wantsResize = options.mode !== 'placeholder' && over.some((image) => image.fit);
  const library = wantsResize ? await options.loader() : undefined;
  if (options.mode === 'resize' && wantsResize && library === undefined) {
    emitWarning(options.onWarning, {
      code: 'image_resize_unavailable',
      message:
        "imageLimits 'resize' needs the optional dependency sharp, which is not installed; over-limit images are sent as placeholders",
      details: { wire },
    });
  }
  const replacements: { keys: readonly (string | number)[]; replacement: ImageReplacement }[] = [];
  for (const image of over) {
    const fit = image.fit;
    let resized: string | undefined;
    if (library !== undefined && fit !== undefined) {
      const key = `${fit.maxSide}x${fit.maxBytes}`;
      const cached = options.cache.get(image.data, key);
      resized = cached === null ? await resize(library, image, fit) : cached;
      if (cached === null) options.cache.set(image.data, key, resized);
    }
    if (resized !== undefined) {
      replacements.push({
        keys: image.keys,
        replacement: { data: resized, mediaType: image.mediaType },
      });
      if (!options.cache.firstWarning(`resized|${image.rule}|${image.data}`)) continue;
      emitWarning(options.onWarning, {
        code: 'image_resized',
        message: `the image at ${image.path} breaks the ${wire} limit "${image.limit}" (${image.rule}); it was resized to fit`,
        details: { wire, path: image.path, rule: image.rule, bytes: image.data.length },
      });
      continue;
    }
    const text = placeholderText(image);
    replacements.push({ keys: image.keys, replacement: { placeholder: text } });
    if (!options.cache.firstWarning(`placeholder|${image.rule}|${image.data}`)) continue;
    emitWarning(options.onWarning, {
      code: 'image_over_limit',
      message: `the image at ${image.path} breaks the ${wire} limit "${image.limit}" (${image.rule}); it is sent as the placeholder ${text}`,
      details: { wire, path: image.path, rule: image.rule, bytes: image.data.length },
    });
  }
  return replaceImages(body, wire, replacements);
}
