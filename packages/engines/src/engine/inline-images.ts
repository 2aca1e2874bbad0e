import type { Image, UrlFilter } from '@crosswire/content-image';
import type { WarningHandler } from '@crosswire/core';

export interface InlineImagesOptions {
  /** Passed to `ensureBase64` as `maxBytes`. */
  readonly maxBytes?: number | undefined;
  /** Passed to `ensureBase64` as `urlFilter` (e.g. `denyPrivateHosts({ allow })`). */
  readonly urlFilter?: UrlFilter | undefined;
  /** Passed to `ensureBase64` as `allowPrivateNetwork`: the opt-out of the private-network guard. */
  readonly allowPrivateNetwork?: boolean | undefined;
  /** Passed to `ensureBase64` as `timeoutMs`. */
  readonly timeoutMs?: number | undefined;
  /** Fetches in flight at once. Default 4. */
  readonly concurrency?: number | undefined;
  readonly signal?: AbortSignal | undefined;
  /** Passed to `ensureBase64` as `onWarning`. */
  readonly onWarning?: WarningHandler | undefined;
}

/**
 * Fetches the bytes of `images` through content-image's guarded `ensureBase64`, at most
 * `concurrency` at a time, each image once (the payload is cached on the image, so the next
 * turn of a tool loop fetches nothing). The first failure rejects and cancels the fetches
 * still running: a request cannot be built without its images.
 */
export async function inlineImages(
  images: readonly Image[],
  options: InlineImagesOptions = {},
): Promise<void> {
  const unique = [...new Set(images)].filter((image) => !image.hasBase64);
  if (unique.length === 0) return;
  const controller = new AbortController();
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let next = 0;
  const worker = async () => {
    while (next < unique.length) {
      const image = unique[next++] as Image;
      await image.ensureBase64({
        ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
        ...(options.urlFilter !== undefined ? { urlFilter: options.urlFilter } : {}),
        ...(options.allowPrivateNetwork !== undefined
          ? { allowPrivateNetwork: options.allowPrivateNetwork }
          : {}),
        ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
        signal: controller.signal,
        ...(options.onWarning !== undefined ? { onWarning: options.onWarning } : {}),
      });
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? 4, unique.length));
  try {
    await Promise.all(Array.from({ length: workers }, worker));
  } catch (error) {
    controller.abort(error);
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
}
