import { ImageFetchError } from '@crosswire/core';

/**
 * The refusals keep the seed's sentences word for word, without the Perl package prefix
 * (`Langertha::Content::Image `), including its option names `inline_image_max_bytes` and
 * `inline_image_url_filter`. Those are the engine-level names of the `maxBytes` and `urlFilter`
 * options here (`inlineImages.maxBytes`, `inlineImages.urlFilter` on the engines); keeping them
 * makes the messages a stable, greppable contract shared with the seed and its logs, and a
 * test that matches the seed's sentence, or any part of it, matches ours. `details.option`
 * names the TypeScript option for programs.
 */

/** A URL for a message: userinfo is dropped so a refusal never repeats a password. */
export function redactedUrl(url: URL | string): string {
  if (typeof url === 'string') return url;
  if (url.username === '' && url.password === '') return url.href;
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

export function imageTooLarge(url: string, maxBytes: number, size?: number): ImageFetchError {
  return new ImageFetchError(
    'image_too_large',
    `image at ${url} exceeds inline_image_max_bytes (${maxBytes})`,
    { url, details: { option: 'maxBytes', maxBytes, ...(size !== undefined ? { size } : {}) } },
  );
}

export function urlRefused(
  url: string,
  details: Record<string, unknown>,
  cause?: unknown,
): ImageFetchError {
  return new ImageFetchError(
    'image_url_refused',
    `refuses to fetch image URL ${url}: rejected by inline_image_url_filter`,
    { url, details: { option: 'urlFilter', ...details }, cause },
  );
}
