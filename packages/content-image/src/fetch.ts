import { pipeline } from 'node:stream/promises';
import { emitWarning, ImageFetchError, ValidationError } from '@crosswire/core';
import { type Dispatcher, request } from 'undici';
import { decodeStage, isDecodable, MAX_ENCODINGS, parseContentEncoding } from './decode.js';
import { defaultPrivateHostsGuard, type VettedAddress } from './deny-private-hosts.js';
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_TIMEOUT_MS,
  type EnsureBase64Options,
  FALLBACK_TIMEOUT_MS,
  type FetchedImage,
  imageTypeFromUrlPath,
  MAX_REDIRECTS,
  REDIRECT_STATUSES,
  resolveAllowSvg,
  resolveFetchPolicy,
  resolveMaxBytes,
} from './fetch-options.js';
import { verifiedImageType } from './image-type.js';
import { imageTooLarge, redactedUrl, urlRefused } from './messages.js';
import { createFetchAgent, type FetchTlsOptions } from './pinned-agent.js';

function resolveTimeout(timeoutMs: number | undefined): number {
  if (timeoutMs === undefined) return DEFAULT_TIMEOUT_MS;
  if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs < 0) {
    throw new ValidationError(
      `timeoutMs must be a non-negative number of milliseconds, got ${JSON.stringify(timeoutMs)}`,
      { path: 'timeoutMs', code: 'invalid_timeout' },
    );
  }
  return timeoutMs === 0 ? FALLBACK_TIMEOUT_MS : timeoutMs;
}

function isCertificate(value: unknown): value is string | Uint8Array {
  return typeof value === 'string' || value instanceof Uint8Array;
}

function checkTls(tls: FetchTlsOptions | undefined): FetchTlsOptions | undefined {
  if (tls === undefined) return undefined;
  const ca: unknown = typeof tls === 'object' && tls !== null ? tls.ca : tls;
  const valid =
    typeof tls === 'object' &&
    tls !== null &&
    (ca === undefined ||
      isCertificate(ca) ||
      (Array.isArray(ca) && ca.length > 0 && ca.every(isCertificate)));
  if (!valid) {
    throw new ValidationError(
      'tls must be { ca }, where ca is a PEM string or Buffer, or a non-empty array of them',
      { path: 'tls.ca', code: 'invalid_tls_options' },
    );
  }
  return tls;
}

/** Rejects with the signal's reason when it aborts first, so a hung resolver cannot outlive the deadline. */
function raceSignal<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

const noop = () => {};

/** Discards a body we will not read; `destroy` alone would raise an unhandled 'error'. */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', noop);
  body.destroy();
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Internal marker for our own deadline, told apart from a caller's abort. */
class DeadlineReached extends Error {}

/**
 * Fetches an image URL under the guarded-fetch rules: filter on every hop before it is requested,
 * pinned connections for `denyPrivateHosts`, manual redirects (7 at most, http/https only),
 * a cap on Content-Length, wire bytes and decoded bytes, an overall deadline, and a check of
 * the bytes against the claimed type. Resolves with the payload or rejects with an
 * {@link ImageFetchError}; it never stores anything itself.
 */
export async function fetchImage(
  imageUrl: string,
  claimedMediaType: string | undefined,
  options: EnsureBase64Options = {},
): Promise<FetchedImage> {
  const maxBytes = resolveMaxBytes(options.maxBytes);
  const capped = Number.isFinite(maxBytes);
  const allowSvg = resolveAllowSvg(options.allowSvg);
  const hintedMediaType = imageTypeFromUrlPath(imageUrl);
  const timeoutMs = resolveTimeout(options.timeoutMs);
  const policy = resolveFetchPolicy(options);
  const guard = policy.guard === 'default' ? defaultPrivateHostsGuard() : policy.guard;
  const filter = policy.filter;
  const pins = new Map<string, readonly VettedAddress[]>();
  const tls = checkTls(options.tls);
  const dispatcher = options.dispatcher ?? createFetchAgent(guard ? pins : undefined, tls);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new DeadlineReached()), timeoutMs);
  // The caller's signal is linked by a listener removed when the fetch ends (not by
  // AbortSignal.any, which on Node 20 leaves a reference in a long-lived caller's signal).
  const caller = options.signal;
  const linked = caller === undefined ? undefined : new AbortController();
  const forward = () => linked?.abort(caller?.reason);
  if (caller !== undefined && linked !== undefined) {
    deadline.signal.addEventListener('abort', () => linked.abort(deadline.signal.reason), {
      once: true,
    });
    if (caller.aborted) forward();
    else caller.addEventListener('abort', forward, { once: true });
  }
  const signal = linked?.signal ?? deadline.signal;
  let currentUrl = imageUrl;
  if (!capped) {
    emitWarning(options.onWarning, {
      code: 'image_fetch_uncapped',
      message: `fetching image at ${redactedUrl(imageUrl)} with no size cap (maxBytes: Infinity): only the ${timeoutMs} ms deadline bounds it`,
      details: { url: redactedUrl(imageUrl), timeoutMs },
    });
  }
  try {
    return await fetchWithRedirects();
  } catch (error) {
    if (deadline.signal.aborted) {
      throw new ImageFetchError(
        'image_fetch_timeout',
        `image at ${currentUrl} did not arrive within inline_image_fetch_timeout (${timeoutMs} ms): timed out at the overall deadline`,
        { url: currentUrl, cause: error, details: { timeoutMs, imageUrl } },
      );
    }
    if (error instanceof ImageFetchError || error instanceof ValidationError) throw error;
    if (options.signal?.aborted === true) {
      throw new ImageFetchError(
        'image_fetch_failed',
        `fetching image URL ${currentUrl} was aborted`,
        {
          url: currentUrl,
          cause: options.signal.reason,
          details: { imageUrl },
        },
      );
    }
    const why = error instanceof Error ? error.message : String(error);
    throw new ImageFetchError(
      'image_fetch_failed',
      `fetching image URL ${currentUrl} failed: ${why}`,
      {
        url: currentUrl,
        cause: error,
        details: { imageUrl },
      },
    );
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener('abort', forward);
    if (options.dispatcher === undefined)
      (dispatcher as { destroy(): Promise<void> }).destroy().catch(noop);
  }

  async function vet(url: URL): Promise<void> {
    const shown = redactedUrl(url);
    // Redirect hops are checked where they are read; this guards a bare `fetchImage` call.
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      const scheme = url.protocol.slice(0, -1);
      throw new ImageFetchError(
        'image_url_scheme_refused',
        `refuses to fetch image URL with scheme '${scheme}' (only http/https; use Image.fromFile for local files)`,
        { url: shown, details: { scheme, imageUrl } },
      );
    }
    if (url.username !== '' || url.password !== '') {
      throw new ImageFetchError(
        'image_url_refused',
        `refuses to fetch image URL ${shown}: it carries userinfo (user:password@), which image URLs must not`,
        { url: shown, details: { reason: 'userinfo', imageUrl } },
      );
    }
    if (guard !== undefined) {
      const decision = await raceSignal(guard.check(url), signal);
      if (!decision.allowed) throw urlRefused(shown, { reason: decision.reason, imageUrl });
      // The one lookup: these addresses are what the connection dials.
      pins.set(decision.host, decision.addresses);
    }
    if (filter === undefined) return;
    let allowed: boolean;
    try {
      allowed = await raceSignal(
        Promise.resolve().then(() => filter(new URL(url.href))),
        signal,
      );
    } catch (cause) {
      if (signal.aborted) throw cause;
      throw urlRefused(shown, { reason: 'the filter threw', imageUrl }, cause);
    }
    if (allowed !== true)
      throw urlRefused(shown, { reason: 'the filter returned false', imageUrl });
  }

  async function fetchWithRedirects(): Promise<FetchedImage> {
    let url = new URL(imageUrl);
    for (let redirects = 0; ; redirects++) {
      currentUrl = redactedUrl(url);
      await vet(url);
      const response = await request(url, {
        method: 'GET',
        dispatcher,
        signal,
        headers: {
          accept: 'image/*',
          // Images are compressed already; a server that encodes anyway is decoded under the cap.
          'accept-encoding': 'identity',
          'user-agent': 'crosswire-content-image',
        },
      });
      if (REDIRECT_STATUSES.has(response.statusCode)) {
        discard(response.body);
        const location = headerValue(response.headers.location);
        if (location === undefined || location === '') {
          throw new ImageFetchError(
            'image_redirect_refused',
            `image at ${currentUrl} answered HTTP ${response.statusCode} without a Location to follow`,
            { url: currentUrl, details: { status: response.statusCode, imageUrl } },
          );
        }
        let next: URL;
        try {
          next = new URL(location, url);
        } catch (cause) {
          throw new ImageFetchError(
            'image_redirect_refused',
            `refuses to follow redirect from ${currentUrl} to ${JSON.stringify(location)}: not a valid URL`,
            { url: currentUrl, cause, details: { location, imageUrl } },
          );
        }
        if (next.protocol !== 'http:' && next.protocol !== 'https:') {
          const scheme = next.protocol.slice(0, -1);
          throw new ImageFetchError(
            'image_redirect_refused',
            `refuses to follow redirect from ${currentUrl} to ${redactedUrl(next)}: scheme '${scheme}' (only http/https)`,
            { url: currentUrl, details: { location: redactedUrl(next), scheme, imageUrl } },
          );
        }
        if (redirects + 1 > MAX_REDIRECTS) {
          throw new ImageFetchError(
            'image_too_many_redirects',
            `refuses to follow more than ${MAX_REDIRECTS} redirects fetching image URL ${redactedUrl(imageUrl)}`,
            { url: currentUrl, details: { maxRedirects: MAX_REDIRECTS, imageUrl } },
          );
        }
        url = next;
        continue;
      }
      if (response.statusCode < 200 || response.statusCode > 299) {
        discard(response.body);
        throw new ImageFetchError(
          'image_http_status',
          `image at ${currentUrl} answered HTTP ${response.statusCode}`,
          { url: currentUrl, details: { status: response.statusCode, imageUrl } },
        );
      }
      return readImage(response);
    }
  }

  async function readImage(response: Dispatcher.ResponseData): Promise<FetchedImage> {
    const body = response.body;
    const codings = parseContentEncoding(response.headers['content-encoding']);
    const unknown = codings.find((coding) => !isDecodable(coding));
    if (capped && (unknown !== undefined || codings.length > MAX_ENCODINGS)) {
      discard(body);
      throw new ImageFetchError(
        'image_encoding_refused',
        `image at ${currentUrl} has Content-Encoding '${codings.join(', ')}', which cannot be decoded under inline_image_max_bytes (only gzip, deflate and br, at most ${MAX_ENCODINGS})`,
        { url: currentUrl, details: { contentEncoding: codings, imageUrl } },
      );
    }
    const decoded = unknown === undefined ? codings : [];
    // Identity bodies are capped at maxBytes on the wire; encoded ones get room for the
    // coding's overhead on incompressible data, and the decoded size is capped exactly.
    const wireCap = decoded.length === 0 ? maxBytes : maxBytes + Math.ceil(maxBytes / 100) + 65_536;
    const declared = Number(headerValue(response.headers['content-length']));
    if (Number.isFinite(declared) && declared > wireCap) {
      discard(body);
      throw imageTooLarge(currentUrl, maxBytes, declared);
    }
    let wireBytes = 0;
    const countWire = async function* (source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
      for await (const chunk of source) {
        wireBytes += chunk.length;
        if (wireBytes > wireCap) throw imageTooLarge(currentUrl, maxBytes);
        yield chunk;
      }
    };
    const chunks: Buffer[] = [];
    let size = 0;
    let warnedLarge = false;
    const collect = async (source: AsyncIterable<Buffer>): Promise<void> => {
      for await (const chunk of source) {
        size += chunk.length;
        if (size > maxBytes) throw imageTooLarge(currentUrl, maxBytes);
        if (!capped && !warnedLarge && size > DEFAULT_MAX_BYTES) {
          warnedLarge = true;
          emitWarning(options.onWarning, {
            code: 'image_fetch_uncapped_large',
            message: `image at ${currentUrl} passed ${DEFAULT_MAX_BYTES} bytes with no size cap (maxBytes: Infinity); only the ${timeoutMs} ms deadline bounds it`,
            details: { url: currentUrl, bytes: size, timeoutMs },
          });
        }
        chunks.push(chunk);
      }
    };
    body.on('error', noop);
    // Decoding undoes the codings in reverse order of application.
    const stages = [...decoded].reverse().map((coding) => decodeStage(coding));
    try {
      await (pipeline as (...streams: unknown[]) => Promise<void>)(
        body,
        countWire,
        ...stages,
        collect,
        {
          signal,
        },
      );
    } catch (error) {
      body.destroy();
      throw error;
    }
    const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size);
    chunks.length = 0;
    const mediaType = verifiedImageType({
      where: currentUrl,
      bytes,
      given: claimedMediaType,
      declared: headerValue(response.headers['content-type']),
      declaredAs: 'Content-Type',
      hint: hintedMediaType,
      allowSvg,
    });
    // Buffer's own encoder: core's bytesToBase64 would copy the 20 MiB first.
    return { base64: bytes.toString('base64'), mediaType, byteLength: size, finalUrl: currentUrl };
  }
}
