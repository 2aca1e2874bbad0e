import { setMaxListeners } from 'node:events';
import {
  AbortedError,
  base64ToBytes,
  bytesToBase64,
  CrosswireError,
  canonicalImageType,
  emitWarning,
  IMAGE_SIGNATURE_HEAD_BYTES,
  imageTypeFromSignature,
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
import { abortedError, linkSignals, settleWithin, throwIfAborted } from '../abortable.js';

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
 *
 * The rasteriser is native code fed by a peer (a tool's screenshot, a user's upload), so it is
 * bounded on every side: only bytes whose signature proves a format it writes back (PNG, JPEG,
 * WebP, GIF; never SVG or anything unknown, whatever the label says) reach it; a pixel limit
 * (`maxPixels`, read from the header first and given to sharp as `limitInputPixels`); a time
 * limit (`timeoutMs`: the call ends with `image_resize_timeout` and sharp's own `timeout`
 * stops the work); at most half of libuv's thread pool in use by resizes at once, process-wide,
 * so file and DNS work goes on; and the caller's signal, which ends the call at once
 * (`AbortedError`) and drops the resizes not yet started.
 */

export type ImageLimitsMode = 'resize' | 'placeholder' | 'error';

/** The options of the image library's constructor the resize uses (sharp's names). */
export interface ImageLibraryOptions {
  /** Refuse an input of more pixels than this (sharp's default is 268 402 689). */
  readonly limitInputPixels?: number;
}

/** The part of sharp's API the resize uses. */
export type ImageLibrary = (input: Uint8Array, options?: ImageLibraryOptions) => ImagePipeline;

export interface ImagePipeline {
  metadata(): Promise<{ width?: number; height?: number; format?: string }>;
  resize(options: { width: number; height: number; fit: 'inside' }): ImagePipeline;
  toFormat(format: string): ImagePipeline;
  /** sharp's processing deadline, whole seconds (optional for a library without one). */
  timeout?(options: { seconds: number }): ImagePipeline;
  toBuffer(): Promise<Uint8Array>;
}

/** Loads the image library, or resolves undefined when it is not installed. */
export type ImageLibraryLoader = () => Promise<ImageLibrary | undefined>;

/** The bounds of the resize: `imageResize` of the engine options. */
export interface ImageResizeOptions {
  /**
   * The most pixels (width × height) an image may have to be resized; a larger one becomes
   * the placeholder. Default 100 000 000 (a 10 000 × 10 000 image; decoded, 400 MB).
   */
  readonly maxPixels?: number;
  /**
   * The longest one resize may take: past it the call fails with `ImageResizeError`
   * `image_resize_timeout`. Default 10 000 ms.
   */
  readonly timeoutMs?: number;
}

/** The default `imageResize.maxPixels`. */
export const DEFAULT_RESIZE_MAX_PIXELS = 100_000_000;
/** The default `imageResize.timeoutMs`. */
export const DEFAULT_RESIZE_TIMEOUT_MS = 10_000;

/** A resize that took longer than `imageResize.timeoutMs`: the request is not sent. */
export class ImageResizeError extends CrosswireError {
  declare readonly code: 'image_resize_timeout';
  constructor(path: string, timeoutMs: number) {
    super(
      'image_resize_timeout',
      `resizing the image at ${path} took longer than ${timeoutMs} ms (imageResize.timeoutMs); the request was not sent`,
      { details: { path, timeoutMs } },
    );
  }
}

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

/**
 * Resizes running at once in the whole process: half of libuv's thread pool (its size is
 * `UV_THREADPOOL_SIZE`, 4 by default), at least one. Each sharp call holds a pool thread while
 * it runs; four held at once starved every `fs.readFile` and DNS lookup for 17.9 s.
 */
export function resizeConcurrency(): number {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process
    ?.env;
  const pool = Number.parseInt(env?.UV_THREADPOOL_SIZE ?? '', 10);
  const size = Number.isInteger(pool) && pool > 0 ? Math.min(pool, 1024) : 4;
  return Math.max(1, Math.floor(size / 2));
}

/** A count of slots with a queue; a waiter whose signal fires leaves the queue at once. */
class Slots {
  #free: number;
  readonly #waiting: (() => void)[] = [];
  constructor(count: number) {
    this.#free = count;
  }
  /** Resolves with the release of one slot; rejects with `AbortedError` if `signal` fires first. */
  acquire(signal: AbortSignal | undefined, during: string): Promise<() => void> {
    throwIfAborted(signal, during);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free++;
    };
    if (this.#free > 0) {
      this.#free--;
      return Promise.resolve(release);
    }
    return new Promise((resolve, reject) => {
      const granted = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve(release);
      };
      const onAbort = () => {
        const at = this.#waiting.indexOf(granted);
        if (at >= 0) this.#waiting.splice(at, 1);
        reject(abortedError(signal as AbortSignal, during));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiting.push(granted);
    });
  }
}

/** The one queue of the process (the thread pool is the process's). */
let slots: Slots | undefined;
function resizeSlots(): Slots {
  slots ??= new Slots(resizeConcurrency());
  return slots;
}

/** Formats sharp writes again as themselves (an image keeps its format). */
const FORMATS: Readonly<Record<string, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** What a resize came to: the new payload, or why there is none (said in the warning). */
interface ResizeOutcome {
  readonly data?: string;
  readonly reason?: string;
}

/**
 * A few resize outcomes, by source payload: a tool loop rebuilds the same body every turn, and
 * each image is resized (and warned about) once, not on every turn.
 */
class ResizeCache {
  readonly #entries = new Map<string, ResizeOutcome>();
  readonly #warned = new Set<string>();
  /** True the first time `key` is told (the set forgets its oldest beyond 256). */
  firstWarning(key: string): boolean {
    if (this.#warned.has(key)) return false;
    if (this.#warned.size >= 256) this.#warned.delete(this.#warned.values().next().value as string);
    this.#warned.add(key);
    return true;
  }
  get(key: string): ResizeOutcome | undefined {
    return this.#entries.get(key);
  }
  set(key: string, value: ResizeOutcome): void {
    if (this.#entries.size >= 32) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
    this.#entries.set(key, value);
  }
}

/** The bounds one resize runs under. */
interface ResizeBounds {
  readonly maxPixels: number;
  readonly timeoutMs: number;
  readonly signal: AbortSignal | undefined;
}

/**
 * One native call of the library, in a slot of the process's queue: the call ends at once on
 * the signal (`AbortedError`) or at the deadline (`ImageResizeError`); the slot is held until
 * the native work itself ends (sharp's own timeout ends it), so the queue never lets more
 * resizes run than it counts.
 */
async function native<T>(
  work: () => Promise<T>,
  path: string,
  deadline: number,
  bounds: ResizeBounds,
): Promise<T> {
  const during = `resizing the image at ${path}`;
  const release = await resizeSlots().acquire(bounds.signal, during);
  let promise: Promise<T>;
  try {
    promise = work();
  } catch (error) {
    release();
    throw error;
  }
  promise.then(release, release);
  return settleWithin(promise, {
    signal: bounds.signal,
    during,
    timeoutMs: Math.max(1, Math.ceil(deadline - performance.now())),
    onTimeout: () => new ImageResizeError(path, bounds.timeoutMs),
  });
}

const NOT_RASTER =
  'its bytes are no PNG, JPEG, WebP or GIF of the type it is labelled, which alone are resized';

/**
 * Resized base64 that fits `fit`, or the reason there is none. Throws only `AbortedError` and
 * `ImageResizeError`: any failure of the library itself is "cannot fit".
 */
async function resize(
  library: ImageLibrary,
  image: OverLimitImage,
  fit: NonNullable<OverLimitImage['fit']>,
  bounds: ResizeBounds,
): Promise<ResizeOutcome> {
  const declared = canonicalImageType(image.mediaType);
  const format = FORMATS[declared];
  if (format === undefined) return { reason: NOT_RASTER };
  let input: Uint8Array;
  try {
    input = base64ToBytes(image.data);
  } catch {
    return { reason: NOT_RASTER };
  }
  // The bytes decide, not the label: an SVG called image/png would be rasterised by sharp
  // (seconds to minutes for one blur filter), and an unknown format is no better.
  if (imageTypeFromSignature(input.subarray(0, IMAGE_SIGNATURE_HEAD_BYTES)) !== declared) {
    return { reason: NOT_RASTER };
  }
  const tooMany = (width: number, height: number) =>
    width * height > bounds.maxPixels
      ? {
          reason: `it has ${width * height} pixels, more than imageResize.maxPixels (${bounds.maxPixels})`,
        }
      : undefined;
  if (image.width && image.height) {
    const refused = tooMany(image.width, image.height);
    if (refused) return refused;
  }
  const deadline = performance.now() + bounds.timeoutMs;
  const options: ImageLibraryOptions = { limitInputPixels: bounds.maxPixels };
  const seconds = () => Math.max(1, Math.ceil((deadline - performance.now()) / 1000));
  try {
    const meta = await native(
      () => library(input, options).metadata(),
      image.path,
      deadline,
      bounds,
    );
    const width = meta.width ?? image.width;
    const height = meta.height ?? image.height;
    if (!width || !height) return { reason: 'its size cannot be read' };
    const refused = tooMany(width, height);
    if (refused) return refused;
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
      const output = await native(
        () => {
          const pipeline = library(input, options).resize(target).toFormat(format);
          return (pipeline.timeout?.({ seconds: seconds() }) ?? pipeline).toBuffer();
        },
        image.path,
        deadline,
        bounds,
      );
      const data = bytesToBase64(output);
      if (data.length <= fit.maxBytes) return { data };
      scale *= Math.sqrt(fit.maxBytes / data.length) * 0.9;
    }
    return { reason: 'six smaller sizes still broke the limit' };
  } catch (error) {
    if (error instanceof AbortedError || error instanceof ImageResizeError) throw error;
    return { reason: 'the image library could not resize it' };
  }
}

export interface ImageLimitsOptions {
  readonly mode: ImageLimitsMode | undefined;
  readonly loader: ImageLibraryLoader;
  readonly cache: ResizeCache;
  readonly onWarning: WarningHandler | undefined;
  /** The resize's bounds (`imageResize` of the engine options). */
  readonly resize?: ImageResizeOptions | undefined;
  /** The caller's signal: ends the call at once and drops the resizes not yet started. */
  readonly signal?: AbortSignal | undefined;
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
 * The outcome of every image in `over` that can be resized, by index: resizes run side by
 * side (the process's queue bounds them), each payload once. The first failure (an abort, a
 * timeout) stops the others still queued, and is thrown.
 */
async function resizeAll(
  library: ImageLibrary,
  over: readonly OverLimitImage[],
  options: ImageLimitsOptions,
): Promise<(ResizeOutcome | undefined)[]> {
  const stop = new AbortController();
  const linked = linkSignals([options.signal, stop.signal]);
  // Every queued resize listens on it: no MaxListenersExceededWarning past ten images.
  setMaxListeners(0, linked.signal);
  const bounds: ResizeBounds = {
    maxPixels: options.resize?.maxPixels ?? DEFAULT_RESIZE_MAX_PIXELS,
    timeoutMs: options.resize?.timeoutMs ?? DEFAULT_RESIZE_TIMEOUT_MS,
    signal: linked.signal,
  };
  const running = new Map<string, Promise<ResizeOutcome>>();
  try {
    return await Promise.all(
      over.map((image) => {
        const fit = image.fit;
        if (fit === undefined) return undefined;
        const key = `${fit.maxSide}x${fit.maxBytes}|${image.data}`;
        const cached = options.cache.get(key);
        if (cached !== undefined) return cached;
        let outcome = running.get(key);
        if (outcome === undefined) {
          outcome = resize(library, image, fit, bounds).then((done) => {
            options.cache.set(key, done);
            return done;
          });
          outcome.catch((error: unknown) => stop.abort(error));
          running.set(key, outcome);
        }
        return outcome;
      }),
    );
  } finally {
    linked.release();
  }
}

/**
 * `body` with its over-limit images resized or replaced (see the module comment); `body`
 * itself when none breaks a limit, or in 'error' mode. With no mode given: 'resize' when sharp
 * loads, else 'placeholder'. Throws `AbortedError` when the signal fires and `ImageResizeError`
 * when a resize takes longer than `imageResize.timeoutMs`.
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
  const outcomes = library === undefined ? [] : await resizeAll(library, over, options);
  const replacements: { keys: readonly (string | number)[]; replacement: ImageReplacement }[] = [];
  over.forEach((image, index) => {
    const outcome = outcomes[index];
    if (outcome?.data !== undefined) {
      replacements.push({
        keys: image.keys,
        replacement: { data: outcome.data, mediaType: image.mediaType },
      });
      if (!options.cache.firstWarning(`resized|${image.rule}|${image.data}`)) return;
      emitWarning(options.onWarning, {
        code: 'image_resized',
        message: `the image at ${image.path} breaks the ${wire} limit "${image.limit}" (${image.rule}); it was resized to fit`,
        details: { wire, path: image.path, rule: image.rule, bytes: image.data.length },
      });
      return;
    }
    const text = placeholderText(image);
    replacements.push({ keys: image.keys, replacement: { placeholder: text } });
    if (!options.cache.firstWarning(`placeholder|${image.rule}|${image.data}`)) return;
    const why = outcome?.reason === undefined ? '' : ` (not resized: ${outcome.reason})`;
    emitWarning(options.onWarning, {
      code: 'image_over_limit',
      message: `the image at ${image.path} breaks the ${wire} limit "${image.limit}" (${image.rule}); it is sent as the placeholder ${text}${why}`,
      details: { wire, path: image.path, rule: image.rule, bytes: image.data.length },
    });
  });
  return replaceImages(body, wire, replacements);
}
