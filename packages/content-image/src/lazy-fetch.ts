// The HTTP client (undici, node:stream, node:zlib) loads on the first fetch, not at import: a
// user who only builds or renders images never loads it.
import type * as FetchModule from './fetch.js';

let loaded: Promise<typeof FetchModule> | undefined;

/** The fetch module, imported once on first use. */
export function loadFetch(): Promise<typeof FetchModule> {
  loaded ??= import('./fetch.js');
  return loaded;
}

/**
 * Fetches an image URL under the guarded-fetch rules (see `Image.ensureBase64`): resolves with
 * the payload or rejects with an `ImageFetchError`; it never stores anything itself.
 */
export async function fetchImage(
  ...args: Parameters<typeof FetchModule.fetchImage>
): ReturnType<typeof FetchModule.fetchImage> {
  return (await loadFetch()).fetchImage(...args);
}
