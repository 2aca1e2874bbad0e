import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinUrl, trimBaseUrl } from './url.js';

const AZURE = 'https://example.openai.azure.com/openai/deployments/gpt-4o?api-version=2024-10-21';

describe('joinUrl', () => {
  it('puts the path after the base URL path and before its query, the query kept as written', () => {
    expect(joinUrl(AZURE, '/chat/completions')).toBe(
      'https://example.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21',
    );
    expect(joinUrl('https://host/v1?a=1&b=x%20y&c', '/chat/completions')).toBe(
      'https://host/v1/chat/completions?a=1&b=x%20y&c',
    );
  });

  it('joins without a query as before, one slash between', () => {
    expect(joinUrl('https://api.openai.com/v1', '/chat/completions')).toBe(
      'https://api.openai.com/v1/chat/completions',
    );
    expect(joinUrl('https://host/base/', 'messages')).toBe('https://host/base/messages');
    expect(joinUrl('https://host', '/api/chat')).toBe('https://host/api/chat');
  });

  it("appends the path's own query after the base URL's; the path's parameter replaces one of the same name", () => {
    expect(
      joinUrl(
        'https://proxy/gemini?key=abc&alt=json',
        '/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
      ),
    ).toBe(
      'https://proxy/gemini/v1beta/models/gemini-2.5-flash:streamGenerateContent?key=abc&alt=sse',
    );
    expect(joinUrl('https://host?x=1', '/p?y=2')).toBe('https://host/p?x=1&y=2');
  });

  it('keeps every base parameter and ends with the path, for any path and query (property)', () => {
    const segment = fc.stringMatching(/^[a-z0-9._:-]{1,8}$/);
    const pair = fc
      .tuple(fc.stringMatching(/^[a-z]{1,6}$/), fc.stringMatching(/^[a-zA-Z0-9%._-]{0,8}$/))
      .map(([name, value]) => `base${name}=${value}`);
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 4 }),
        fc.array(pair, { maxLength: 4 }),
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        (baseSegments, basePairs, pathSegments) => {
          const basePath = `https://host${baseSegments.map((part) => `/${part}`).join('')}`;
          const query = basePairs.join('&');
          const path = `/${pathSegments.join('/')}`;
          const joined = new URL(joinUrl(query ? `${basePath}/?${query}` : basePath, path));
          expect(joined.pathname).toBe(new URL(`${basePath}${path}`).pathname);
          expect(joined.search).toBe(query ? `?${query}` : '');
        },
      ),
    );
  });
});

describe('trimBaseUrl', () => {
  it('drops trailing slashes of the path, never inside the query', () => {
    expect(trimBaseUrl('https://host/v1//')).toBe('https://host/v1');
    expect(trimBaseUrl('https://host/v1/?next=/a/')).toBe('https://host/v1?next=/a/');
    expect(trimBaseUrl('https://host/v1?')).toBe('https://host/v1');
  });
});
