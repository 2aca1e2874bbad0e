import { RegistryError, ValidationError } from '@crosswire/core';
import { createRegistry } from '@crosswire/registry';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/engine.js';

/** Values the HTTP transport cannot use are refused up front, never retried as unreachable. */
describe('values the transport cannot use', () => {
  const provider = {
    id: 'inhouse',
    name: 'In-house',
    tool_wire_format: 'openai' as const,
    base_url: 'http://127.0.0.1:9/v1',
    chat_path: '/chat/completions',
    auth: null,
    docs: 'https://example.com/docs',
  };

  it('a registry entry with a file: base URL or a CR/LF header value is refused at validation', () => {
    for (const [entry, problem] of [
      [
        { ...provider, base_url: 'file:///var/run/llm.sock' },
        'base_url: base_url must be an http or https URL (the transport speaks nothing else)',
      ],
      [
        { ...provider, headers: { 'x-team': 'a\r\nx-admin: yes' } },
        'headers.x-team: a header value must not contain CR, LF or NUL',
      ],
    ] as const) {
      let error: unknown;
      try {
        createRegistry({ entries: [entry] });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(RegistryError);
      expect((error as Error).message).toBe(
        `invalid registry data:\n  entries[0] (provider "inhouse"): ${problem}`,
      );
    }
  });

  it('an engine baseUrl that is not http(s) is a ValidationError at createEngine', () => {
    for (const baseUrl of ['file:///etc/passwd', 'gopher://127.0.0.1:70/', 'not a url']) {
      let error: unknown;
      try {
        createEngine({ provider: 'openai', model: 'gpt-6.1-luna', apiKey: 'k', baseUrl });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({ code: 'invalid_base_url', path: 'baseUrl' });
    }
  });

  it('engine headers with CR or LF are a ValidationError at createEngine', () => {
    expect(() =>
      createEngine({
        provider: 'openai',
        model: 'gpt-6.1-luna',
        apiKey: 'k',
        headers: { 'x-trace': 'id\r\nx-injected: 1' },
      }),
    ).toThrow(
      new ValidationError(
        'headers["x-trace"] cannot be sent: a header name is one token and a value has no CR, LF or NUL',
        { path: 'headers.x-trace', code: 'invalid_header' },
      ),
    );
  });
});
