import { RegistryError } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { createRegistry } from './create.js';
import { testProvider } from './test-support/fixtures.js';

// What createRegistry accepts as a provider's base_url: an http or https URL without
// credentials or a fragment. A query may hold anything, an `@` or another URL included.

function problems(baseUrl: unknown): string[] {
  try {
    createRegistry({
      extends: null,
      entries: [{ ...testProvider('p', 'openai'), base_url: baseUrl }] as never,
    });
  } catch (error) {
    if (!(error instanceof RegistryError)) throw error;
    return (error.details.issues as { path: string; message: string }[]).map(
      (issue) => `${issue.path}: ${issue.message}`,
    );
  }
  return [];
}

describe("a provider's base_url", () => {
  it('is an http or https URL', () => {
    expect(problems('ftp://127.0.0.1/v1')).toEqual([
      'base_url: base_url must be an http or https URL (the transport speaks nothing else)',
    ]);
    expect(problems('https://127.0.0.1/v1')).toEqual([]);
    expect(problems('http://127.0.0.1:8080/v1')).toEqual([]);
    // Not text at all: the type is what is wrong, not the scheme.
    expect(problems(8080)).toEqual(['base_url: Invalid input: expected string, received number']);
  });

  it('carries no credentials, however the user part is spelt', () => {
    const refused = [
      'base_url: base_url must not carry credentials (user:password@); the key goes in the auth header',
    ];
    expect(problems('http://user:secret@127.0.0.1/v1')).toEqual(refused);
    expect(problems('https://u@127.0.0.1/v1')).toEqual(refused);
    expect(problems('https://@127.0.0.1/v1')).toEqual(refused);
  });

  it('may have an @ or another URL with credentials in its query or path', () => {
    expect(problems('http://127.0.0.1/v1?next=ftp://user@host')).toEqual([]);
    expect(problems('http://127.0.0.1/users/@me')).toEqual([]);
  });
});
