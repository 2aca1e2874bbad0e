import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRegistry } from './create.js';
import { defaultRegistry } from './default-registry.js';

const dataDir = new URL('../data/', import.meta.url);
const readJson = (relative: string) => JSON.parse(readFileSync(new URL(relative, dataDir), 'utf8'));

// The oracle is the snapshot file itself, read here as plain JSON (not through the registry).
const snapshot = readJson('catalogue/models-dev.json') as {
  source: string;
  commit: string;
  date: string;
  providers: Record<
    string,
    Record<
      string,
      { cost?: { input: number; output: number; cache_read?: number; cache_write?: number } }
    >
  >;
};

/** Crosswire provider id → its models.dev id, from the provider files. */
const mapped: [string, string][] = readdirSync(new URL('providers/', dataDir))
  .filter((name) => name.endsWith('.json'))
  .map(
    (name) => readJson(`providers/${name}`) as { id: string; catalogue?: { models_dev?: string } },
  )
  .filter((file) => file.catalogue?.models_dev !== undefined)
  .map((file) => [file.id, file.catalogue?.models_dev as string]);

describe('resolve().pricing', () => {
  it('answers for every model the catalogue prices, with its prices and provenance', () => {
    let ran = 0;
    const curated: string[] = [];
    for (const [provider, catalogueId] of mapped) {
      for (const [id, model] of Object.entries(snapshot.providers[catalogueId] ?? {})) {
        if (model.cost === undefined) continue;
        const resolution = defaultRegistry.resolve(provider, id);
        if (resolution.offering?.pricing !== undefined) {
          curated.push(`${provider} ${id}`);
          continue;
        }
        const { input, output, cache_read, cache_write } = model.cost;
        expect(resolution.pricing, `${provider} ${id}`).toEqual({
          input,
          output,
          ...(cache_read === undefined ? {} : { cacheRead: cache_read }),
          ...(cache_write === undefined ? {} : { cacheWrite: cache_write }),
          // Anthropic's pricing page: a one-hour cache write costs twice the input price.
          ...(provider === 'anthropic' ? { cacheWrite1h: input * 2 } : {}),
          currency: 'USD',
          source: `${snapshot.source}/blob/${snapshot.commit}/providers/${catalogueId}/models/${id}.toml`,
          date: '2026-07-02',
        });
        ran += 1;
      }
    }
    // 561 priced catalogue entries; endpoints that share a catalogue provider (openai and
    // openai-responses, the two moonshot and minimax endpoints) are each checked
    // Curated prices of 2026-12-06 (issue 40) answer for these instead: newer than the
    // catalogue's, or the catalogue priced an older model under the name.
    expect([ran, curated]).toEqual([
      619,
      [
        'anthropic claude-fable-5',
        'anthropic claude-sonnet-5',
        'deepseek deepseek-v4-pro',
        'gemini gemini-3.1-flash-lite',
        'groq openai/gpt-oss-120b',
        'groq openai/gpt-oss-20b',
        'mistral mistral-large-latest',
        'mistral mistral-medium-latest',
      ],
    ]);
  });

  it('a route or a snapshot the catalogue prices on its own gets its own prices', () => {
    const free = defaultRegistry.resolve('openrouter', 'openai/gpt-oss-120b:free').pricing;
    expect([free?.input, free?.output]).toEqual([0, 0]);
  });

  it('gives the catalogue prices as stated there (written down from the .toml files)', () => {
    expect(defaultRegistry.resolve('anthropic', 'claude-sonnet-4-5').pricing).toEqual({
      input: 3,
      output: 15,
      cacheRead: 0.3,
      cacheWrite: 3.75,
      // not in the catalogue: Anthropic's rule, twice the input price
      cacheWrite1h: 6,
      currency: 'USD',
      source:
        'https://github.com/anomalyco/models.dev/blob/f3fc692299671838c7c65fd8126bf84d81a2e817/providers/anthropic/models/claude-sonnet-4-5.toml',
      date: '2026-07-02',
    });
    const gpt5 = defaultRegistry.resolve('openai', 'gpt-5').pricing;
    expect([gpt5?.input, gpt5?.output, gpt5?.cacheRead, gpt5?.cacheWrite]).toEqual([
      1.25,
      10,
      0.125,
      undefined,
    ]);
    expect(gpt5 !== undefined && 'cacheWrite' in gpt5).toBe(false);
  });

  it("curated prices on the offering win over the catalogue's", () => {
    expect(defaultRegistry.resolve('anthropic', 'claude-sonnet-5-5').pricing).toEqual({
      input: 2,
      output: 10,
      cacheRead: 0.1,
      cacheWrite: 2.5,
      cacheWrite1h: 4,
      currency: 'USD',
      source: 'https://platform.claude.com/docs/zh-CN/models/sonnet-5-5/overview',
      date: '2026-12-06',
    });
    const patched = createRegistry({
      extends: defaultRegistry,
      entries: [
        {
          id: 'anthropic',
          offerings: [
            {
              id: 'claude-haiku-4-5',
              model: 'anthropic/claude-haiku-4-5',
              pricing: {
                input: 9,
                output: 99,
                currency: 'USD',
                source: 'https://example.test/prices',
                date: '2026-12-01',
              },
            },
          ],
        },
      ],
    });
    expect(defaultRegistry.resolve('anthropic', 'claude-haiku-4-5').pricing?.input).toBe(1);
    expect(patched.resolve('anthropic', 'claude-haiku-4-5').pricing).toEqual({
      input: 9,
      output: 99,
      cacheWrite1h: 18,
      currency: 'USD',
      source: 'https://example.test/prices',
      date: '2026-12-01',
    });
  });

  it('is undefined when neither the data nor the catalogue prices the model', () => {
    expect(defaultRegistry.resolve('ollama', 'llama3.3').pricing).toBeUndefined();
    expect(defaultRegistry.resolve('openai', 'no-such-model').pricing).toBeUndefined();
    expect(defaultRegistry.resolve({ model: 'gpt-5' }).pricing).toBeUndefined();
  });

  it('prices one-hour cache writes at twice the input price on Anthropic, apart from the 5-minute rate', () => {
    // platform.claude.com/docs/en/about-claude/pricing: Sonnet 4.6 input $3, 5m write $3.75, 1h write $6
    expect(defaultRegistry.resolve('anthropic', 'claude-sonnet-4-6').pricing).toMatchObject({
      input: 3,
      cacheWrite: 3.75,
      cacheWrite1h: 6,
    });
    // a dated snapshot is priced as its model
    expect(
      defaultRegistry.resolve('anthropic', 'claude-sonnet-4-5-20250929').pricing,
    ).toMatchObject({
      input: 3,
      cacheWrite1h: 6,
    });
    // providers with no one-hour rule have no one-hour price
    expect(defaultRegistry.resolve('openai', 'gpt-5').pricing?.cacheWrite1h).toBeUndefined();
    expect(
      defaultRegistry.resolve('minimax-anthropic', 'MiniMax-M2').pricing?.cacheWrite1h,
    ).toBeUndefined();
  });

  it('a curated cache_write_1h wins over the provider rule', () => {
    const registry = createRegistry({
      entries: [
        {
          id: 'anthropic',
          offerings: [
            {
              id: 'claude-sonnet-4-6',
              model: 'anthropic/claude-sonnet-4-6',
              pricing: {
                input: 3,
                output: 15,
                cache_write: 3.75,
                cache_write_1h: 5.5,
                currency: 'USD',
                source: 'https://example.com/prices',
                date: '2026-12-01',
              },
            },
          ],
        },
      ],
    });
    expect(registry.resolve('anthropic', 'claude-sonnet-4-6').pricing?.cacheWrite1h).toBe(5.5);
  });
});
