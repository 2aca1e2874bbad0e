// The options of a guarded fetch, their defaults and their checks: everything `Image` needs
// before it fetches, without loading the HTTP client (fetch.ts, loaded on the first fetch).
import {
  canonicalImageType,
  mediaTypeFromPath,
  ValidationError,
  type WarningHandler,
} from '@crosswire/core';
import type { Dispatcher } from 'undici';
import type { DenyPrivateHostsFilter, UrlFilter } from './deny-private-hosts.js';
import { isDenyPrivateHostsFilter } from './guard-brand.js';
import type { FetchTlsOptions } from './pinned-agent.js';

/** The content codings a fetch decodes (any other is refused). */
export const DECODABLE_ENCODINGS = ['gzip', 'x-gzip', 'deflate', 'br'] as const;

/** 20 MiB: the default cap on an image's decoded size. */
export const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
/** 30 s: the default overall deadline of one `ensureBase64` fetch, redirects included. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/**
 * The deadline `timeoutMs: 0` stands for: a transport default of 180 s, never no deadline at all.
 */
export const FALLBACK_TIMEOUT_MS = 180_000;
/** Redirects followed before the fetch is refused. */
export const MAX_REDIRECTS = 7;

export const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface EnsureBase64Options {
  /**
   * Cap on the decoded image size in bytes; 20 MiB by default. `Infinity` is the explicit
   * "no cap": the deadline still bounds the fetch, and `onWarning` is told when it starts and
   * again when the body passes 20 MiB. `0` is refused (it reads as "nothing allowed").
   */
  readonly maxBytes?: number;
  /** Told about degradable situations (an uncapped fetch). Default: one `process.emitWarning` per kind. */
  readonly onWarning?: WarningHandler;
  /**
   * Decides which URLs may be fetched; runs before the request and on every redirect hop.
   * A filter built by `denyPrivateHosts({ allow, resolver })` replaces the default guard (it
   * is the guard, configured); any other function runs after the default guard.
   */
  readonly urlFilter?: UrlFilter;
  /**
   * The one opt-out of the private-network guard: `true` fetches from any host, loopback,
   * private ranges and cloud metadata included (only your own `urlFilter`, if any, decides).
   * For apps whose images live on their own network; prefer `denyPrivateHosts({ allow })`.
   */
  readonly allowPrivateNetwork?: boolean;
  /**
   * Takes SVG images (`image/svg+xml`), which are refused by default: few providers accept
   * them, and SVG is a document that can carry script. An SVG with script, event handlers,
   * `javascript:` links, embedded documents or entity declarations is refused even then.
   */
  readonly allowSvg?: boolean;
  /** Overall deadline in ms (connect, redirects and body together); 30 s by default, 0 = 180 s. */
  readonly timeoutMs?: number;
  /** Cancels the fetch. */
  readonly signal?: AbortSignal;
  /**
   * TLS settings for https hops: `ca` replaces the trusted roots (a private CA of an internal
   * image host, a test CA). The certificate is still verified against the URL's host name,
   * and `denyPrivateHosts` pinning stays on, unlike with `dispatcher`.
   */
  readonly tls?: FetchTlsOptions;
  /**
   * An undici dispatcher to send the requests through (a proxy agent, a mock). The filter
   * still runs on every hop, but connect-time pinning of `denyPrivateHosts` addresses is then
   * the dispatcher's business.
   */
  readonly dispatcher?: Dispatcher;
}

/** The result of a successful fetch, cached on the image. */
export interface FetchedImage {
  readonly base64: string;
  readonly mediaType: string;
  readonly byteLength: number;
  /** The URL the bytes came from, after redirects. */
  readonly finalUrl: string;
}

/** The cap `maxBytes` stands for: a positive integer, or `Infinity` for none. */
export function resolveMaxBytes(maxBytes: number | undefined): number {
  if (maxBytes === undefined) return DEFAULT_MAX_BYTES;
  if (maxBytes === Number.POSITIVE_INFINITY) return maxBytes;
  if (maxBytes === 0) {
    throw new ValidationError(
      'maxBytes: 0 is not a cap; pass Infinity for no cap (the deadline still bounds the fetch), or a positive number of bytes',
      { path: 'maxBytes', code: 'invalid_max_bytes' },
    );
  }
  if (typeof maxBytes !== 'number' || !Number.isInteger(maxBytes) || maxBytes < 0) {
    throw new ValidationError(
      `maxBytes must be a positive integer, or Infinity for no cap, got ${JSON.stringify(maxBytes)}`,
      { path: 'maxBytes', code: 'invalid_max_bytes' },
    );
  }
  return maxBytes;
}

export function resolveAllowSvg(allowSvg: boolean | undefined): boolean {
  if (allowSvg === undefined) return false;
  if (typeof allowSvg !== 'boolean') {
    throw new ValidationError(`allowSvg must be true or false, got ${JSON.stringify(allowSvg)}`, {
      path: 'allowSvg',
      code: 'invalid_allow_svg',
    });
  }
  return allowSvg;
}

/** The image type a URL path names (`cat.png`), a hint only: the response has the last word. */
export function imageTypeFromUrlPath(url: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const mediaType = mediaTypeFromPath(pathname);
  return mediaType?.startsWith('image/') ? canonicalImageType(mediaType) : undefined;
}

/** Who decides which URLs a fetch may reach: the private-network guard and the caller's own filter. */
export interface FetchPolicy {
  /**
   * The guard whose vetted addresses the fetch dials: the caller's `denyPrivateHosts` guard,
   * `'default'` for the shared `denyPrivateHosts()` (built by the fetch code, which loads the
   * address policy), undefined only with `allowPrivateNetwork`.
   */
  readonly guard: DenyPrivateHostsFilter | 'default' | undefined;
  /** The caller's own filter, run after the guard. */
  readonly filter: UrlFilter | undefined;
}

/** The guard and filter of `options`, checked; the guard is on unless `allowPrivateNetwork: true`. */
export function resolveFetchPolicy(options: EnsureBase64Options): FetchPolicy {
  const { urlFilter, allowPrivateNetwork } = options;
  if (urlFilter !== undefined && typeof urlFilter !== 'function') {
    throw new ValidationError(
      'urlFilter must be a function (url: URL) => boolean | Promise<boolean>',
      { path: 'urlFilter', code: 'invalid_url_filter' },
    );
  }
  if (allowPrivateNetwork !== undefined && typeof allowPrivateNetwork !== 'boolean') {
    throw new ValidationError(
      `allowPrivateNetwork must be true or false, got ${JSON.stringify(allowPrivateNetwork)}`,
      { path: 'allowPrivateNetwork', code: 'invalid_allow_private_network' },
    );
  }
  const genuine = isDenyPrivateHostsFilter(urlFilter);
  if (allowPrivateNetwork === true) {
    if (genuine) {
      throw new ValidationError(
        'allowPrivateNetwork: true turns the private-network guard off, but urlFilter is a denyPrivateHosts guard: pass one or the other',
        { path: 'allowPrivateNetwork', code: 'conflicting_fetch_options' },
      );
    }
    return { guard: undefined, filter: urlFilter };
  }
  return genuine
    ? { guard: urlFilter, filter: undefined }
    : { guard: 'default', filter: urlFilter };
}
