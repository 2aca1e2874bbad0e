import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RegistryError } from '@crosswire/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRegistry } from '../../index.js';

// `maxBytes` bounds each reply, not each piece of it: a listing sent chunked, with no
// Content-Length, in pieces each well under the cap must still be refused once the reply as a
// whole passes it. A real loopback server sends the pieces one by one.

const MODELS = 60;
/** The listing's JSON: about 2,700 bytes. */
const LISTING = JSON.stringify({
  data: Array.from({ length: MODELS }, (_, index) => ({
    id: `model-${String(index).padStart(3, '0')}`,
    object: 'model',
  })),
});
const PIECE = 100;

let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer(async (_request, response) => {
    // No Content-Length: Node sends the reply chunked.
    response.writeHead(200, { 'content-type': 'application/json' });
    for (let at = 0; at < LISTING.length; at += PIECE) {
      response.write(LISTING.slice(at, at + PIECE));
      // Let each piece leave on its own before the next is written.
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('discover bounds a chunked listing by the whole reply', () => {
  it('the listing is sent chunked, with no Content-Length', async () => {
    const response = await fetch(`${origin}/models`);
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBeNull();
    expect(await response.text()).toBe(LISTING);
  });

  it('under the cap it is read whole', async () => {
    const registry = await defaultRegistry.discover({
      provider: 'openai',
      baseUrl: origin,
      apiKey: 'sk-test',
      maxBytes: 4096,
      today: '2026-12-07',
    });
    const [listing] = registry.learned().listings;
    expect(listing?.models).toHaveLength(MODELS);
    expect(listing?.models.at(-1)?.id).toBe('model-059');
  });

  it('over the cap it is refused, though every piece is smaller than the cap', async () => {
    expect(LISTING.length).toBeGreaterThan(1000);
    let caught: unknown;
    try {
      await defaultRegistry.discover({
        provider: 'openai',
        baseUrl: origin,
        apiKey: 'sk-test',
        maxBytes: 1000,
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RegistryError);
    expect((caught as RegistryError).code).toBe('listing_too_large');
    expect((caught as RegistryError).message).toBe(
      `reading the model list of provider "openai" failed: GET ${origin}/models answered more than 1000 bytes`,
    );
  });
});
