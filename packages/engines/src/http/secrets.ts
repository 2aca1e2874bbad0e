/**
 * Keeps credentials out of everything an engine reports: error messages and details, the
 * `onRequest`/`onResponse` events. The credentials are the ones the engine was configured
 * with (the API key, userinfo and secret-looking query values of the base URL, the values of
 * auth headers); any of them a provider echoes back is replaced too.
 */

import { capText, MAX_PROVIDER_TEXT } from '@crosswire/dialects';

/** What a secret is replaced with. */
export const REDACTED = '[redacted]';

/** Shorter strings are not treated as secrets: replacing them would mangle ordinary text. */
const MIN_SECRET_LENGTH = 8;

/** Query parameters and headers whose values are credentials. */
const SECRET_NAME = /key|token|secret|sig|auth|pass|credential|session/i;

/** Userinfo in any URL inside a text: `scheme://user:pass@`. */
const USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]*@/gi;
/** A secret-looking query parameter in any URL inside a text: `?key=...`, `&access_token=...`. */
const SECRET_QUERY =
  /([?&;][^\s=&#]*(?:key|token|secret|sig|auth|pass|credential|session)[^\s=&#]*=)[^\s&#"'()<>]*/gi;

/** Removes userinfo and secret query values from every URL in `text`. */
export function redactUrls(text: string): string {
  return text.replace(USERINFO, '$1').replace(SECRET_QUERY, `$1${REDACTED}`);
}

export interface SecretSources {
  readonly baseUrl?: string | undefined;
  readonly headers?: Readonly<Record<string, string>> | undefined;
  readonly apiKey?: string | undefined;
}

/** Scrubs one engine's credentials from text, values and errors. */
export interface SecretScrubber {
  /** The credentials found, longest first (never logged; for tests and composition). */
  readonly secrets: readonly string[];
  /**
   * Adds credentials learned per request (a signed request's session token, an access token
   * that rotates); the oldest go once more than 64 are known.
   */
  remember(secrets: readonly string[]): void;
  text(text: string): string;
  /** A deep copy of `value` with every string scrubbed. */
  value(value: unknown): unknown;
  /**
   * Scrubs an error in place (message, stack, `providerMessage`, `providerCode`, `details`,
   * and its `cause` chain), capping provider text, and returns it.
   */
  error<E>(error: E): E;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function secretsOf(sources: SecretSources): string[] {
  const found = new Set<string>();
  const add = (value: string | undefined) => {
    if (value === undefined) return;
    for (const form of [value, decoded(value), encodeURIComponent(value)]) {
      if (form.length >= MIN_SECRET_LENGTH) found.add(form);
    }
  };
  add(sources.apiKey);
  if (sources.baseUrl !== undefined) {
    try {
      const url = new URL(sources.baseUrl);
      add(url.username);
      add(url.password);
      for (const [name, value] of url.searchParams) if (SECRET_NAME.test(name)) add(value);
    } catch {
      // Not a URL: nothing to take from it.
    }
  }
  for (const [name, value] of Object.entries(sources.headers ?? {})) {
    if (!SECRET_NAME.test(name) && name.toLowerCase() !== 'cookie') continue;
    // `Bearer sk-...`, `Basic dXNlcjpwYXNz`: the credential after the scheme.
    add(/^\S+\s+(\S+)$/.exec(value.trim())?.[1] ?? value);
  }
  return [...found].sort((a, b) => b.length - a.length);
}

/** How many credentials learned per request a scrubber keeps (a rotating token adds one each time). */
const MAX_LEARNED = 64;

export function createSecretScrubber(sources: SecretSources): SecretScrubber {
  const configured = secretsOf(sources);
  let learned: string[] = [];
  let secrets = configured;
  const remember = (found: readonly string[]) => {
    const fresh = found.filter(
      (secret) => secret.length >= MIN_SECRET_LENGTH && !secrets.includes(secret),
    );
    if (fresh.length === 0) return;
    learned = [...learned, ...fresh].slice(-MAX_LEARNED);
    secrets = [...new Set([...configured, ...learned])].sort((a, b) => b.length - a.length);
    lastInput = undefined;
  };
  // The last text scrubbed and its answer: the endpoint's URL is scrubbed on every request.
  let lastInput: string | undefined;
  let lastOutput = '';
  const text = (input: string): string => {
    if (input === lastInput) return lastOutput;
    let output = redactUrls(input);
    for (const secret of secrets) {
      if (output.includes(secret)) output = output.split(secret).join(REDACTED);
    }
    lastInput = input;
    lastOutput = output;
    return output;
  };
  const value = (
    input: unknown,
    maxString = Number.POSITIVE_INFINITY,
    seen = new WeakMap<object, unknown>(),
  ): unknown => {
    if (typeof input === 'string') return capText(text(input), maxString);
    if (typeof input !== 'object' || input === null) return input;
    if (seen.has(input)) return seen.get(input);
    if (Array.isArray(input)) {
      const copy: unknown[] = [];
      seen.set(input, copy);
      for (const item of input) copy.push(value(item, maxString, seen));
      return copy;
    }
    if (input instanceof Error) return input;
    const copy: Record<string, unknown> = {};
    seen.set(input, copy);
    for (const [key, inner] of Object.entries(input)) copy[key] = value(inner, maxString, seen);
    return copy;
  };
  const set = (target: object, key: string, next: unknown) => {
    Object.defineProperty(target, key, {
      value: next,
      writable: true,
      configurable: true,
      enumerable: Object.getOwnPropertyDescriptor(target, key)?.enumerable ?? false,
    });
  };
  const error = <E>(input: E, depth = 0): E => {
    if (!(input instanceof Error) || depth > 8) return input;
    const record = input as unknown as Record<string, unknown>;
    const message = input.message;
    const scrubbed = capText(text(message), 2 * MAX_PROVIDER_TEXT);
    if (scrubbed !== message) {
      set(input, 'message', scrubbed);
      if (typeof input.stack === 'string') {
        set(input, 'stack', text(input.stack.split(message).join(scrubbed)));
      }
    } else if (typeof input.stack === 'string') {
      const stack = text(input.stack);
      if (stack !== input.stack) set(input, 'stack', stack);
    }
    for (const key of ['providerMessage', 'providerCode', 'url'] as const) {
      const field = record[key];
      if (typeof field === 'string') set(input, key, capText(text(field), 2 * MAX_PROVIDER_TEXT));
    }
    const details = record.details;
    if (typeof details === 'object' && details !== null) {
      // Provider text in details (an echoed error object) is capped like the message.
      const copy = value(details, 2 * MAX_PROVIDER_TEXT) as Record<string, unknown>;
      set(input, 'details', Object.freeze(copy));
    }
    if (input.cause !== undefined) error(input.cause, depth + 1);
    return input;
  };
  return {
    get secrets() {
      return secrets;
    },
    remember,
    text,
    value: (input) => value(input),
    error: (input) => error(input),
  };
}
