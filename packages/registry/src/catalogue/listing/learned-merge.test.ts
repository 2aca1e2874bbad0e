import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRegistry,
  type LearnedListing,
  type LearnedModel,
  type Registry,
} from '../../index.js';
import { type RecordingServer, recordingServer } from '../../test-support/recordings.js';

// What a registry holds after discovering again (a listing merged into the one it had), and
// which learned model a name finds: its own provider's listing only, `llava` for
// `llava:latest`, a listed id before another model's alias, the first of two ids that differ
// in case. Listings are written by hand; a loopback server answers the new reads.

const TODAY = '2026-12-06';
let server: RecordingServer;
beforeAll(async () => {
  server = await recordingServer();
  // Ollama: /api/show answers for the model asked; /api/tags lists qwen3:8b.
  server.answer = (_request, url, body) =>
    url.pathname === '/api/show'
      ? { capabilities: ['completion'], asked: (JSON.parse(body) as { model: string }).model }
      : url.pathname === '/api/tags'
        ? { models: [{ name: 'qwen3:8b' }] }
        : undefined;
});
afterAll(async () => server.close());

function holding(...listings: LearnedListing[]): Registry {
  return createRegistry({ today: TODAY, learned: { listings } });
}

const old = (models: LearnedModel[], fields: Partial<LearnedListing> = {}): LearnedListing => ({
  provider: 'ollama',
  endpoint: 'http://127.0.0.1:9/api/tags',
  date: '2026-12-01',
  complete: true,
  models,
  ...fields,
});

const askAbout = (registry: Registry, ...models: string[]) =>
  registry.discover({ provider: 'ollama', baseUrl: server.origin, models, today: TODAY });

const shown = (id: string) => ({
  id,
  endpoint: `${server.origin}/api/show`,
  capabilities: { tools: false, image_input: false },
});

describe('discovering again', () => {
  it('models asked about join a complete listing: the others stay, the asked one is replaced (case aside), and it stays complete', async () => {
    const registry = await askAbout(
      holding(
        old([
          { id: 'llava:latest', context: 4096 },
          { id: 'qwen3:8b', context: 1000 },
        ]),
      ),
      'QWEN3:8B',
    );
    expect(registry.learned().listings).toStrictEqual([
      {
        provider: 'ollama',
        endpoint: 'http://127.0.0.1:9/api/tags',
        date: TODAY,
        complete: true,
        models: [{ id: 'llava:latest', context: 4096 }, shown('QWEN3:8B')],
      },
    ]);
  });

  it('after a partial listing it stays partial, with the newer endpoint', async () => {
    const registry = await askAbout(
      holding(
        old([{ id: 'llava:7b' }], { complete: false, endpoint: 'http://127.0.0.1:9/api/show' }),
      ),
      'qwen3:8b',
    );
    expect(registry.learned().listings).toStrictEqual([
      {
        provider: 'ollama',
        endpoint: `${server.origin}/api/show`,
        date: TODAY,
        complete: false,
        models: [{ id: 'llava:7b' }, shown('qwen3:8b')],
      },
    ]);
  });

  it('a listing that was cut short keeps saying so', async () => {
    const registry = await askAbout(
      holding(
        old([{ id: 'llava:7b' }], { complete: false, truncated: 'it has more than 20 pages' }),
      ),
      'qwen3:8b',
    );
    const [listing] = registry.learned().listings;
    expect([listing?.complete, listing?.truncated, listing?.models.length]).toEqual([
      false,
      'it has more than 20 pages',
      2,
    ]);
  });

  it('a whole listing replaces the old one', async () => {
    const registry = await holding(old([{ id: 'llava:7b' }])).discover({
      provider: 'ollama',
      baseUrl: server.origin,
      today: TODAY,
    });
    expect(registry.learned().listings).toStrictEqual([
      {
        provider: 'ollama',
        endpoint: `${server.origin}/api/tags`,
        date: TODAY,
        complete: true,
        models: [shown('qwen3:8b')],
      },
    ]);
  });

  it("another provider's listing is left as it was", async () => {
    const openai = {
      ...old([{ id: 'gpt-learned-x' }]),
      provider: 'openai',
      endpoint: 'http://127.0.0.1:9/v1/models',
    };
    const registry = await askAbout(holding(openai, old([{ id: 'llava:7b' }])), 'qwen3:8b');
    expect(
      registry.learned().listings.map((listing) => [listing.provider, listing.models.length]),
    ).toEqual([
      ['openai', 1],
      ['ollama', 2],
    ]);
  });

  it('a listing cut short replaces the old one (its models say nothing of the rest)', async () => {
    const gemini = {
      ...old([{ id: 'gemini-old' }]),
      provider: 'gemini',
      endpoint: 'http://127.0.0.1:9/v1beta/models',
    };
    const warnings: string[] = [];
    const answer = server.answer;
    server.answer = () => ({ models: [{ name: 'models/gemini-loop' }], nextPageToken: 'same' });
    try {
      const registry = await holding(gemini).discover({
        provider: 'gemini',
        baseUrl: `${server.origin}/v1beta`,
        apiKey: 'k',
        today: TODAY,
        onWarning: (warning) => void warnings.push(warning.code),
      });
      const [listing] = registry.learned().listings;
      expect([listing?.complete, listing?.models]).toEqual([false, [{ id: 'gemini-loop' }]]);
      expect(warnings).toEqual(['listing_truncated']);
    } finally {
      server.answer = answer;
    }
  });

  it('the merge keeps to the model limit: the oldest models go first, and the listing is then incomplete', async () => {
    const many = Array.from({ length: 19_999 }, (_, index) => ({ id: `m-${index}` }));
    const full = await askAbout(holding(old(many)), 'new-1');
    const [fits] = full.learned().listings;
    expect([fits?.models.length, fits?.complete, fits?.truncated]).toEqual([
      20_000,
      true,
      undefined,
    ]);
    const over = await askAbout(full, 'new-2');
    const [merged] = over.learned().listings;
    expect([merged?.models.length, merged?.complete, merged?.truncated]).toEqual([
      20_000,
      false,
      'merged with models asked about later, it held more than 20000 models',
    ]);
    expect(merged?.models.slice(0, 1)).toEqual([{ id: 'm-1' }]);
    expect(merged?.models.slice(-2).map((model) => model.id)).toEqual(['new-1', 'new-2']);
  });
});

describe('which learned model a name finds', () => {
  it("each provider's listing answers for that provider only; a provider with none finds nothing", () => {
    const registry = holding(
      {
        ...old([{ id: 'gpt-learned-x' }]),
        provider: 'openai',
        endpoint: 'http://127.0.0.1:9/v1/models',
      },
      {
        ...old([{ id: 'mistral-learned-y' }]),
        provider: 'mistral',
        endpoint: 'http://127.0.0.1:9/v1/models',
      },
    );
    expect(registry.resolve('mistral', 'mistral-learned-y').learned?.model.id).toBe(
      'mistral-learned-y',
    );
    expect(registry.resolve('openai', 'gpt-learned-x').learned?.model.id).toBe('gpt-learned-x');
    expect(registry.resolve('anthropic', 'claude-learned-z').learned).toBeUndefined();
  });

  it('a bare name finds its :latest model, unless the listing names it too; no other tag is dropped', () => {
    const registry = holding(
      old([
        { id: 'llava', context: 1 },
        { id: 'llava:latest', context: 2 },
        { id: 'gemma3:latest', context: 3 },
        { id: 'qwen3-vl:8b', context: 4 },
      ]),
    );
    expect(registry.resolve('ollama', 'gemma3').learned?.model.id).toBe('gemma3:latest');
    expect(registry.resolve('ollama', 'llava').learned?.model.id).toBe('llava');
    expect(registry.resolve('ollama', 'LLAVA:LATEST').learned?.model.id).toBe('llava:latest');
    expect(registry.resolve('ollama', 'qwen').learned).toBeUndefined();
  });

  it("a listed id wins over another model's alias; an alias names its model", () => {
    const registry = holding({
      ...old([{ id: 'm-large', aliases: ['m-latest', 'm-big'] }, { id: 'm-latest' }]),
      provider: 'mistral',
      endpoint: 'http://127.0.0.1:9/v1/models',
    });
    expect(registry.resolve('mistral', 'm-latest').learned?.model.id).toBe('m-latest');
    expect(registry.resolve('mistral', 'M-BIG').learned?.model.id).toBe('m-large');
  });

  it('of two ids that differ in case only, the first listed answers', () => {
    const registry = holding(
      old([
        { id: 'Foo-1', context: 100 },
        { id: 'foo-1', context: 200 },
      ]),
    );
    expect(registry.resolve('ollama', 'FOO-1').learned?.model.id).toBe('Foo-1');
  });
});
