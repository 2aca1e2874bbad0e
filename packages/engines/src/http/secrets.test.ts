import { ProviderError } from '@crosswire/core';
import { capText } from '@crosswire/dialects';
import { describe, expect, it } from 'vitest';
import { createSecretScrubber, REDACTED, redactUrls } from './secrets.js';

const KEY = 'sk-test-0123456789abcdef';

describe('createSecretScrubber', () => {
  const scrub = createSecretScrubber({
    apiKey: KEY,
    baseUrl:
      'https://alice:hunter2-password@api.example.test/v1?key=gm-query-secret-99&api-version=2024-10-21',
    headers: {
      authorization: `Bearer ${KEY}`,
      'x-extra-token': 'tok-header-secret',
      accept: 'application/json',
    },
  });

  it('finds the credentials of the configuration, and only those', () => {
    expect(scrub.secrets).toEqual(
      expect.arrayContaining([KEY, 'hunter2-password', 'gm-query-secret-99', 'tok-header-secret']),
    );
    expect(scrub.secrets).not.toContain('2024-10-21');
    expect(scrub.secrets).not.toContain('application/json');
  });

  it('replaces them in text, also when a provider echoes them', () => {
    expect(scrub.text(`Incorrect API key provided: ${KEY}.`)).toBe(
      `Incorrect API key provided: ${REDACTED}.`,
    );
    expect(scrub.text('token tok-header-secret is revoked')).toBe(`token ${REDACTED} is revoked`);
  });

  it('scrubs the same text again with a credential learned since (asked twice, answered anew)', () => {
    const learning = createSecretScrubber({ apiKey: KEY });
    const text = 'session tok-rotating-secret-1 expired';
    expect(learning.text(text)).toBe(text);
    expect(learning.text(text)).toBe(text);
    learning.remember(['tok-rotating-secret-1']);
    expect(learning.text(text)).toBe(`session ${REDACTED} expired`);
    expect(learning.text(`key ${KEY}`)).toBe(`key ${REDACTED}`);
    expect(learning.text(text)).toBe(`session ${REDACTED} expired`);
  });

  it('redacts userinfo and secret query values of any URL in text', () => {
    expect(
      scrub.text(
        'could not reach https://alice:hunter2-password@api.example.test/v1?key=gm-query-secret-99&api-version=2024-10-21',
      ),
    ).toBe(`could not reach https://api.example.test/v1?key=${REDACTED}&api-version=2024-10-21`);
    expect(redactUrls('http://u:p@h.test/x?access_token=abc&x=1')).toBe(
      `http://h.test/x?access_token=${REDACTED}&x=1`,
    );
  });

  it('scrubs an error in place: message, stack, provider fields, details, cause', () => {
    const cause = new Error(`socket to ${KEY}`);
    const error = new ProviderError(`openai said ${KEY}`, {
      providerMessage: `bad key ${KEY}`,
      providerCode: 'invalid_api_key',
      cause,
      details: { url: 'https://alice:hunter2-password@api.example.test/v1', nested: { echo: KEY } },
    });
    expect(scrub.error(error)).toBe(error);
    const everything = JSON.stringify({
      message: error.message,
      stack: error.stack,
      providerMessage: error.providerMessage,
      details: error.details,
      cause: cause.message,
      causeStack: cause.stack,
    });
    expect(everything).not.toContain(KEY);
    expect(everything).not.toContain('hunter2-password');
    expect(error.message).toBe(`openai said ${REDACTED}`);
    expect(error.details).toEqual({
      status: undefined,
      providerCode: 'invalid_api_key',
      providerMessage: `bad key ${REDACTED}`,
      url: 'https://api.example.test/v1',
      nested: { echo: REDACTED },
    });
    expect(Object.isFrozen(error.details)).toBe(true);
  });

  it('short values are not secrets (a test key "k" does not mangle messages)', () => {
    const short = createSecretScrubber({ apiKey: 'k', headers: { authorization: 'Bearer k' } });
    expect(short.secrets).toEqual([]);
    expect(short.text('keep the k')).toBe('keep the k');
  });
});

describe('capText', () => {
  it('keeps short text and cuts long text with a count', () => {
    expect(capText('short')).toBe('short');
    expect(capText('x'.repeat(1005))).toBe(`${'x'.repeat(1000)}… [5 more characters]`);
  });
});
