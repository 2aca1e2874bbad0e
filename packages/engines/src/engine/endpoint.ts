// The endpoint an engine is given, checked before any request: its base URL, its headers, and
// the chat path joined to a base URL that may already end in the API's version.
import { ValidationError } from '@crosswire/core';
import { trimBaseUrl, withoutQuery } from '../http/url.js';

/**
 * A base URL the transport can use: http or https, parsed, without a trailing slash on its
 * path, without a fragment (a fragment is never sent, so a path after it would be lost). A
 * query is kept and stays at the end of every request URL.
 */
export function checkedBaseUrl(baseUrl: string): string {
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    const shown = url === undefined ? 'not a URL' : `scheme '${url.protocol.slice(0, -1)}'`;
    throw new ValidationError(
      `baseUrl must be an http or https URL (${shown}); the transport speaks nothing else`,
      { path: 'baseUrl', code: 'invalid_base_url' },
    );
  }
  if (url.hash !== '' || baseUrl.includes('#')) {
    throw new ValidationError(
      'baseUrl must not have a fragment (#...): a fragment is never sent to the server; put parameters in the query (?name=value)',
      { path: 'baseUrl', code: 'invalid_base_url' },
    );
  }
  return trimBaseUrl(baseUrl);
}

/** Header values with CR, LF or NUL would split the request; refused before any request. */
export function checkHeaders(headers: Readonly<Record<string, string>> | undefined): void {
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (typeof value !== 'string' || /[\r\n\0]/.test(value) || /[\r\n\0:\s]/.test(name)) {
      throw new ValidationError(
        `headers["${name.replace(/[^\x20-\x7e]/g, '?')}"] cannot be sent: a header name is one token and a value has no CR, LF or NUL`,
        { path: `headers.${name}`, code: 'invalid_header' },
      );
    }
  }
}

/**
 * The chat path without a leading version segment the base URL's path already ends with. SDKs
 * disagree on whether a base URL carries the version (OpenAI's `baseURL` ends in `/v1`,
 * Anthropic's does not), so `http://host/v1` given for a provider whose path is
 * `/v1/messages` means `http://host/v1/messages`, not `/v1/v1/messages`.
 */
export function withoutRepeatedVersion(baseUrl: string, path: string): string {
  const version = /\/(v\d+(?:beta|alpha)?\d*)$/.exec(withoutQuery(baseUrl))?.[1];
  if (version === undefined) return path;
  const prefix = `/${version}/`;
  return path.startsWith(prefix) ? path.slice(prefix.length - 1) : path;
}
