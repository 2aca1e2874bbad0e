import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CrosswireWarning } from '@crosswire/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRegistry,
  defaultRegistry,
  LEARNED_LIMITS,
  learnedSnapshotSchema,
} from '../../index.js';

// Listings a hostile or broken server sends: pages that loop or never end, ids a snapshot
// could not load back, more models than the limit. Each ends in a bounded listing marked
// incomplete with a warning, and whatever discover keeps, the loader takes back.

type Handler = (request: IncomingMessage, url: URL) => unknown;
let handler: Handler = () => ({ data: [] });
let server: Server;
let origin: string;
const paths: string[] = [];

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    paths.push(`${url.pathname}${url.search}`);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(handler(request, url)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

function collect() {
  const warnings: CrosswireWarning[] = [];
  return { warnings, onWarning: (warning: CrosswireWarning) => void warnings.push(warning) };
}

async function discover(provider: string, serve: Handler) {
  handler = serve;
  paths.length = 0;
  const { warnings, onWarning } = collect();
  const registry = await defaultRegistry.discover({
    provider,
    // Anthropic's path carries its own /v1.
    baseUrl: provider === 'anthropic' ? origin : `${origin}/v1`,
    apiKey: 'k',
    today: '2026-12-06',
    onWarning,
  });
  const [listing] = registry.learned().listings;
  if (!listing) throw new Error('no listing learned');
  return { registry, listing, warnings };
}

describe('pagination honesty', () => {
  it('the same page token forever: read twice, then the listing is incomplete with listing_truncated', async () => {
    const { listing, warnings } = await discover('gemini', () => ({
      models: [{ name: 'models/gemini-loop', supportedGenerationMethods: ['generateContent'] }],
      nextPageToken: 'same-token',
    }));
    expect(paths).toEqual([
      '/v1/models?pageSize=1000',
      '/v1/models?pageSize=1000&pageToken=same-token',
    ]);
    expect([listing.complete, listing.truncated, listing.models.map((model) => model.id)]).toEqual([
      false,
      'page 3 would repeat a page already read (the same cursor twice)',
      ['gemini-loop'],
    ]);
    expect(warnings.map((warning) => warning.code)).toEqual(['listing_truncated']);
    expect(warnings[0]?.message).toBe(
      `the model list of provider "gemini" (${origin}/v1/models) was read in part: page 3 would repeat a page already read (the same cursor twice); the 1 model(s) read are kept and the listing is marked incomplete, so a model it lacks is not taken as unlisted`,
    );
  });

  it('Anthropic has_more without last_id: one page, incomplete', async () => {
    const { listing, warnings } = await discover('anthropic', () => ({
      data: [{ type: 'model', id: 'claude-x-1' }],
      has_more: true,
      last_id: null,
    }));
    expect(paths).toEqual(['/v1/models?limit=1000']);
    expect([listing.complete, listing.truncated]).toEqual([
      false,
      'a page says more follow but names no cursor to ask for them',
    ]);
    expect(warnings.map((warning) => warning.code)).toEqual(['listing_truncated']);
  });

  it('a new cursor on every page stops at the page cap, incomplete', async () => {
    const { listing, warnings } = await discover('anthropic', (_request, url) => {
      const after = url.searchParams.get('after_id') ?? 'p0';
      const next = `p${Number(after.slice(1)) + 1}`;
      return { data: [{ type: 'model', id: `claude-${next}` }], has_more: true, last_id: next };
    });
    expect(paths.length).toBe(LEARNED_LIMITS.pages);
    expect([listing.complete, listing.truncated, listing.models.length]).toEqual([
      false,
      `it has more than ${LEARNED_LIMITS.pages} pages`,
      LEARNED_LIMITS.pages,
    ]);
    expect(warnings.map((warning) => warning.code)).toEqual(['listing_truncated']);
  });

  it('more models than the limit: the first 20,000 are kept, incomplete, and the snapshot loads back', async () => {
    const ids = Array.from({ length: LEARNED_LIMITS.models + 5 }, (_, index) => `m-${index}`);
    const { registry, listing, warnings } = await discover('openai', () => ({
      data: ids.map((id) => ({ id, object: 'model' })),
    }));
    expect([listing.complete, listing.models.length, listing.models.at(-1)?.id]).toEqual([
      false,
      LEARNED_LIMITS.models,
      `m-${LEARNED_LIMITS.models - 1}`,
    ]);
    expect(warnings.map((warning) => warning.code)).toEqual(['listing_truncated']);
    const loaded = createRegistry({ learned: JSON.parse(JSON.stringify(registry.learned())) });
    expect(loaded.learned().listings[0]?.models.length).toBe(LEARNED_LIMITS.models);
    // An incomplete listing says nothing of a name it lacks.
    expect(loaded.resolve('openai', 'gpt-6.1-sol').warnings).toEqual([]);
  });

  it('a reply that is no model list of this provider is refused, not read as an empty list', async () => {
    await expect(
      defaultRegistry.discover({
        provider: 'openai',
        baseUrl: `${origin}/v1`,
        apiKey: 'k',
        onWarning: () => {},
      }),
    ).resolves.toBeDefined();
    handler = () => [{ id: 'meta-llama/Llama-3.3-70B-Instruct' }];
    await expect(
      defaultRegistry.discover({ provider: 'openai', baseUrl: `${origin}/v1`, apiKey: 'k' }),
    ).rejects.toMatchObject({
      code: 'listing_invalid',
      message: `reading the model list of provider "openai" failed: GET ${origin}/v1/models answered JSON that is not a model list of this provider`,
    });
  });
});

describe('what discover learns, the loader accepts', () => {
  it('a local name with a space round-trips; a tab, a bidi override, 300 characters and a case twin are dropped with one warning', async () => {
    const { registry, listing, warnings } = await discover('vllm', () => ({
      data: [
        { id: 'my model', object: 'model', max_model_len: 8192 },
        { id: 'tab\tmodel', object: 'model' },
        { id: 'evil\u202Eledom', object: 'model' },
        { id: 'x'.repeat(300), object: 'model' },
        { id: 'My Model', object: 'model' },
        { id: 'hf.co/unsloth/Qwen3-30B-A3B-Instruct-2507-GGUF:Q4_K_XL', object: 'model' },
      ],
    }));
    expect(listing.models.map((model) => model.id)).toEqual([
      'my model',
      'hf.co/unsloth/Qwen3-30B-A3B-Instruct-2507-GGUF:Q4_K_XL',
    ]);
    expect(warnings.map((warning) => [warning.code, warning.message])).toEqual([
      [
        'listing_model_dropped',
        `the model list of provider "vllm" names 4 model(s) the registry cannot keep, left out: "tab\\u{9}model" holds a control, bidirectional, zero-width or non-space whitespace character; "evil\\u{202e}ledom" holds a control, bidirectional, zero-width or non-space whitespace character; "${'x'.repeat(40)}…" is 300 characters long (at most 256); and 1 more`,
      ],
    ]);
    const saved = JSON.parse(JSON.stringify(registry.learned()));
    const loaded = createRegistry({ learned: saved });
    expect(loaded.resolve('vllm', 'my model')).toMatchObject({
      via: 'listing',
      limits: { context: 8192 },
    });
  });

  it('for any ids and names a server sends, the snapshot discover keeps loads back', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            id: fc.oneof(
              fc.string({ maxLength: 300 }),
              fc.string({ unit: 'binary', maxLength: 40 }),
            ),
            name: fc.option(fc.string({ unit: 'binary', maxLength: 300 }), { nil: undefined }),
            aliases: fc.option(
              fc.array(fc.string({ unit: 'binary', maxLength: 40 }), { maxLength: 80 }),
              {
                nil: undefined,
              },
            ),
            deprecation_replacement_model: fc.option(fc.string({ unit: 'binary' }), {
              nil: undefined,
            }),
          }),
          { maxLength: 30 },
        ),
        async (entries) => {
          handler = () => ({ data: entries.map((entry) => ({ object: 'model', ...entry })) });
          const registry = await defaultRegistry.discover({
            provider: 'mistral',
            baseUrl: `${origin}/v1`,
            apiKey: 'k',
            onWarning: () => {},
          });
          const saved = JSON.parse(JSON.stringify(registry.learned()));
          expect(learnedSnapshotSchema.safeParse(saved).success).toBe(true);
          expect(() => createRegistry({ learned: saved })).not.toThrow();
        },
      ),
      { numRuns: 60 },
    );
  });

  it('the loader refuses what discover would have dropped, with the same words', () => {
    const listing = (id: string) => ({
      listings: [
        {
          provider: 'vllm',
          endpoint: 'http://127.0.0.1:9/v1/models',
          date: '2026-12-06',
          complete: true,
          models: [{ id }],
        },
      ],
    });
    expect(() => createRegistry({ learned: listing('my model') })).not.toThrow();
    expect(() => createRegistry({ learned: listing('tab\tmodel') })).toThrow(
      'the text holds a control, bidirectional, zero-width or non-space whitespace character',
    );
    expect(() => createRegistry({ learned: listing('y'.repeat(257)) })).toThrow(
      'the text is 257 characters long (at most 256)',
    );
  });
});
