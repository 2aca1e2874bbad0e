import { ProviderError } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { createSecretScrubber, REDACTED } from './secrets.js';

// Issue 27: the forms a configured credential takes in what a provider or a transport reports.
// Expected texts are written out by hand.

describe('secret scrubbing: every form of a credential', () => {
  it('a Cookie header value is a secret, like an auth header', () => {
    const scrub = createSecretScrubber({ headers: { Cookie: 'session-cookie-value-123' } });
    expect(scrub.secrets).toContain('session-cookie-value-123');
    expect(scrub.text('cookie session-cookie-value-123 expired')).toBe(
      `cookie ${REDACTED} expired`,
    );
  });

  it('a header with an ordinary name is not a secret', () => {
    const scrub = createSecretScrubber({ headers: { 'x-request-tag': 'plain-header-value-1' } });
    expect(scrub.secrets).toEqual([]);
  });

  it("an error's url is scrubbed", () => {
    const scrub = createSecretScrubber({ apiKey: 'sk-url-secret-0123456789' });
    const error = Object.assign(new ProviderError('the provider refused the request'), {
      url: 'https://api.example.test/v1/models/x?alt=sse&k=sk-url-secret-0123456789',
    });
    scrub.error(error);
    expect((error as unknown as { url: string }).url).toBe(
      `https://api.example.test/v1/models/x?alt=sse&k=${REDACTED}`,
    );
  });

  it('the URL-encoded form of a secret is scrubbed', () => {
    const scrub = createSecretScrubber({ apiKey: 'key/with+plus=and space' });
    // What a URL carries: encodeURIComponent of the key, written out.
    expect(scrub.text('GET /v1?x=key%2Fwith%2Bplus%3Dand%20space failed')).toBe(
      `GET /v1?x=${REDACTED} failed`,
    );
    expect(scrub.text('key/with+plus=and space')).toBe(REDACTED);
  });

  it('a secret that contains another leaves no tail (longest replaced first)', () => {
    const scrub = createSecretScrubber({
      apiKey: 'abcdefgh',
      headers: { authorization: 'Bearer abcdefgh-long-tail-xyz' },
    });
    expect(scrub.secrets).toEqual(['abcdefgh-long-tail-xyz', 'abcdefgh']);
    expect(scrub.text('refused abcdefgh-long-tail-xyz and abcdefgh')).toBe(
      `refused ${REDACTED} and ${REDACTED}`,
    );
  });
});
