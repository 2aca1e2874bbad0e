// What a response hook is shown: secrets a middleware added scrubbed like the engine's own, and
// the reply body and parsed reply summarised when first read.
import type { EngineResponse } from '../cost/cost.js';
import { createSecretScrubber, type SecretScrubber } from '../http/secrets.js';
import { type ResponseEvent, summarizePayloads, withLazy } from './observe.js';

/**
 * `scrubber` that also hides the values of secret-named headers a middleware added (a
 * gateway's key): the engine's own credentials are in `scrubber` already.
 */
export function withHeaderSecrets(
  scrubber: SecretScrubber,
  headers: Readonly<Record<string, string>> | undefined,
): SecretScrubber {
  if (headers === undefined) return scrubber;
  const added = createSecretScrubber({ headers });
  if (added.secrets.length === 0) return scrubber;
  return {
    // Read through: the engine's scrubber learns a signed request's session token later.
    get secrets() {
      return [...scrubber.secrets, ...added.secrets];
    },
    remember: (secrets) => scrubber.remember(secrets),
    text: (text) => added.text(scrubber.text(text)),
    value: (value) => added.value(scrubber.value(value)),
    error: (error) => added.error(scrubber.error(error)),
  };
}

/**
 * A response event whose `body` (the reply body) and `response` (the parsed reply) are
 * summarised copies, made when first read: a hook can log or `JSON.stringify` any event.
 */
export function responseEvent(
  event: Omit<ResponseEvent, 'body' | 'response'>,
  response: EngineResponse | undefined,
  body: () => unknown,
  scrub: SecretScrubber,
): ResponseEvent {
  const withBody = withLazy({ ...event }, 'body', () => {
    const raw = body();
    return raw === undefined ? undefined : scrub.value(summarizePayloads(raw));
  });
  return withLazy(withBody, 'response', () =>
    response === undefined
      ? undefined
      : (scrub.value(summarizePayloads(response)) as EngineResponse),
  );
}
