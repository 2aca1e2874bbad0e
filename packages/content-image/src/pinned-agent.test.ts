// The pinned agent's last check: the peer a connection actually reached must be one of the
// vetted addresses. Dialling 0.0.0.0 reaches the local host (127.0.0.1 here), so a pin of
// 0.0.0.0 is a connection whose peer differs from what was vetted, the case the check exists
// for; the lookup itself is pinned, so no resolver can produce it.
import { ImageFetchError } from '@crosswire/core';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { VettedAddress } from './deny-private-hosts.js';
import { createFetchAgent } from './pinned-agent.js';
import { PNG_BYTES } from './test-support/images.js';
import { startServer, type TestServer } from './test-support/servers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer('127.0.0.1', (_request, response) => {
    response.setHeader('content-type', 'image/png');
    response.end(PNG_BYTES);
  });
});
afterAll(() => server.close());

async function fetchThrough(pins: Record<string, VettedAddress[]>, url: string) {
  const agent = createFetchAgent(new Map(Object.entries(pins)));
  try {
    const response = await request(url, { dispatcher: agent });
    await response.body.arrayBuffer();
    return response.statusCode;
  } finally {
    await agent.close();
  }
}

describe('createFetchAgent with pins', () => {
  test('connects a vetted name to its vetted address', async () => {
    const status = await fetchThrough(
      { 'pinned.test': [{ address: '127.0.0.1', family: 4 }] },
      `http://pinned.test:${server.port}/ok.png`,
    );
    expect(status).toBe(200);
    expect(server.hits).toEqual(['/ok.png']);
  });

  test('refuses a connection whose peer is not a vetted address, before any request', async () => {
    const error = await fetchThrough(
      { 'pinned.test': [{ address: '0.0.0.0', family: 4 }] },
      `http://pinned.test:${server.port}/elsewhere.png`,
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImageFetchError);
    expect(error).toMatchObject({
      code: 'image_url_refused',
      message:
        'refuses to connect to pinned.test: the connection reached 127.0.0.1, which was not ' +
        'vetted (only the addresses inline_image_url_filter vetted are dialled)',
    });
    expect(server.hits).not.toContain('/elsewhere.png');
  });

  test('refuses a name or a literal that was not vetted, without connecting', async () => {
    const pins = { 'pinned.test': [{ address: '127.0.0.1', family: 4 as const }] };
    await expect(
      fetchThrough(pins, `http://other.test:${server.port}/name.png`),
    ).rejects.toMatchObject({
      code: 'image_url_refused',
      message: expect.stringContaining('refuses to connect to other.test: it was not vetted'),
    });
    await expect(
      fetchThrough(pins, `http://127.0.0.1:${server.port}/literal.png`),
    ).rejects.toMatchObject({ code: 'image_url_refused' });
    expect(server.hits).not.toContain('/name.png');
    expect(server.hits).not.toContain('/literal.png');
  });
});
