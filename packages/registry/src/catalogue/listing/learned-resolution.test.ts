import { describe, expect, it } from 'vitest';
import { createRegistry, type LearnedListing } from '../../index.js';

// What `resolve` makes of a listing's facts beyond capabilities: lifecycle, kind, aliases,
// prices. The listings are written by hand in each provider's shape as the readers keep it;
// the expected values are written from the listing and the data files.

const TODAY = '2026-12-06';

function withListing(listing: Omit<LearnedListing, 'complete'> & { complete?: boolean }) {
  return createRegistry({
    today: TODAY,
    learned: { listings: [{ complete: true, ...listing }] },
  });
}

const OPENAI = 'http://127.0.0.1:9/v1/models';

describe('lifecycle the listing states', () => {
  const registry = withListing({
    provider: 'openai',
    endpoint: OPENAI,
    date: '2026-08-17',
    models: [
      { id: 'o1', created: '2024-12-17', lifecycle: { retired: '2026-10-23' } },
      { id: 'gpt-5.1', lifecycle: { retired: '2026-12-01' } },
      { id: 'gpt-5-2025-08-07', lifecycle: { retired: '2026-12-11' } },
      { id: 'gpt-4o-2024-08-06' },
      { id: 'gpt-audio-mini-2099-10-06', lifecycle: { retired: '2026-07-23' } },
      { id: 'gpt-6.1-sol' },
    ],
  });

  it('o1 warns as shut down from the listing alone', () => {
    const o1 = registry.resolve('openai', 'o1');
    expect(o1.lifecycle).toEqual({
      status: 'retired',
      deprecated: undefined,
      retired: '2026-10-23',
      replacement: undefined,
      evidence: 'listing',
      source: OPENAI,
      date: '2026-08-17',
    });
    expect(o1.notices).toEqual([
      {
        code: 'model_retired',
        message: `model "o1" on provider "openai" was retired on 2026-10-23: requests fail or are served by another model (the provider's model list, ${OPENAI}, read 2026-08-17)`,
        details: { provider: 'openai', model: 'o1', lifecycle: o1.lifecycle },
      },
    ]);
    expect(o1.warnings).toEqual([o1.notices[0]?.message]);
  });

  it("an offering's own name keeps the data's notice; a snapshot with a date of its own takes the listing's", () => {
    // gpt-5.1's notice (OpenAI's deprecations page) says 2027-04-01; the listing 2026-12-01.
    const own = registry.resolve('openai', 'gpt-5.1').lifecycle;
    expect([own?.status, own?.retired, own?.evidence]).toEqual([
      'deprecated',
      '2027-04-01',
      'docs',
    ]);
    // A snapshot of gpt-5 whose own date agrees, and one of gpt-4o that states none: the
    // offering's notice either way, never current.
    expect(registry.resolve('openai', 'gpt-5-2025-08-07').lifecycle?.status).toBe('deprecated');
    const inherited = registry.resolve('openai', 'gpt-4o-2024-08-06').lifecycle;
    expect([inherited?.status, inherited?.retired, inherited?.evidence]).toEqual([
      'deprecated',
      '2027-01-14',
      'docs',
    ]);
  });

  it("a snapshot the listing does not name itself keeps its offering's notice, not the alias's listed date", () => {
    const aliasListed = withListing({
      provider: 'openai',
      endpoint: OPENAI,
      date: TODAY,
      models: [{ id: 'gpt-4o', lifecycle: { retired: '2026-08-01' } }],
    });
    for (const name of ['gpt-4o', 'gpt-4o-2024-08-06']) {
      const lifecycle = aliasListed.resolve('openai', name).lifecycle;
      expect([name, lifecycle?.retired, lifecycle?.evidence]).toEqual([name, '2027-01-14', 'docs']);
    }
  });

  it('a listed model the listing says nothing about answers as current, and a retired one is not served', () => {
    expect(registry.resolve('openai', 'gpt-6.1-sol').notices).toEqual([]);
    expect(registry.servedModels('openai')).not.toContain('o1');
    expect(registry.servedModels('openai')).not.toContain('gpt-audio-mini-2099-10-06');
  });

  it("Anthropic's stage decides: deprecated with a past retirement date is overdue, not retired", () => {
    const anthropic = withListing({
      provider: 'anthropic',
      endpoint: 'http://127.0.0.1:9/v1/models',
      date: TODAY,
      models: [
        {
          id: 'claude-old-1',
          lifecycle: { status: 'deprecated', deprecated: '2026-01-01', retired: '2026-06-01' },
        },
        { id: 'claude-gone-1', lifecycle: { status: 'retired', deprecated: '2026-01-01' } },
      ],
    });
    const overdue = anthropic.resolve('anthropic', 'claude-old-1');
    expect([overdue.lifecycle?.status, overdue.notices.map((notice) => notice.code)]).toEqual([
      'deprecated',
      ['model_deprecated'],
    ]);
    expect(overdue.warnings[0]).toBe(
      `model "claude-old-1" on provider "anthropic" is deprecated; it retires on 2026-06-01 (the provider's model list, http://127.0.0.1:9/v1/models, read ${TODAY})`,
    );
    const gone = anthropic.resolve('anthropic', 'claude-gone-1');
    expect(gone.warnings).toEqual([
      `model "claude-gone-1" on provider "anthropic" was retired on a date the source does not give: requests fail or are served by another model (the provider's model list, http://127.0.0.1:9/v1/models, read ${TODAY})`,
    ]);
  });
});

describe('a model that is no chat model', () => {
  const registry = withListing({
    provider: 'openai',
    endpoint: OPENAI,
    date: TODAY,
    models: [
      { id: 'whisper-1', kind: 'transcription' },
      { id: 'tts-1-hd', kind: 'speech' },
    ],
  });

  it('resolves with its kind, says so, and is never served for chat', () => {
    const whisper = registry.resolve('openai', 'whisper-1');
    expect([whisper.kind, whisper.via, whisper.model?.family]).toEqual([
      'transcription',
      'listing',
      '',
    ]);
    expect(whisper.notices).toEqual([
      {
        code: 'model_not_chat',
        message: `model "whisper-1" on provider "openai" is a transcription model, not a chat model (the model list of provider "openai" read ${TODAY} says so): a chat request to it fails`,
        details: { provider: 'openai', model: 'whisper-1', kind: 'transcription' },
      },
    ]);
    expect(registry.servedModels('openai')).not.toContain('whisper-1');
    // No family template answers for it (the gpt template never sees tts-1-hd either).
    expect(registry.resolve('openai', 'tts-1-hd').capabilities.tools.value).toBe('unknown');
  });

  it("the catalogue's non-chat models are not served for chat either", () => {
    const plain = createRegistry({ today: TODAY });
    expect(plain.servedModels('openai')).not.toContain('text-embedding-3-large');
    expect(plain.resolve('openai', 'text-embedding-3-large').kind).toBe('embedding');
  });
});

describe('aliases and prices a listing states', () => {
  it("Mistral's alias names its model: resolved, listed, no warning", () => {
    const registry = withListing({
      provider: 'mistral',
      endpoint: 'http://127.0.0.1:9/v1/models',
      date: TODAY,
      models: [
        {
          id: 'open-mistral-nemo',
          aliases: ['open-mistral-nemo-2407', 'mistral-tiny-2407', 'mistral-tiny-latest'],
          context: 131_072,
          capabilities: { tools: true, image_input: false },
        },
      ],
    });
    const tiny = registry.resolve('mistral', 'mistral-tiny-latest');
    expect([tiny.listed, tiny.learned?.model.id, tiny.notices]).toEqual([
      true,
      'open-mistral-nemo',
      [],
    ]);
    expect(tiny.capabilities.tools).toMatchObject({ value: true, evidence: 'listing' });
  });

  it("a listing's prices beat the catalogue's; the data's own prices beat the listing's", () => {
    const groq = withListing({
      provider: 'groq',
      endpoint: 'http://127.0.0.1:9/openai/v1/models',
      date: TODAY,
      models: [
        { id: 'qwen/qwen3.6-27b', pricing: { input: 0.6, output: 3, cacheRead: 0.3 } },
        { id: 'qwen/qwen3-32b', pricing: { input: 0.2, output: 0.8 } },
      ],
    });
    expect(groq.resolve('groq', 'qwen/qwen3.6-27b').pricing).toEqual({
      input: 0.6,
      output: 3,
      cacheRead: 0.3,
      currency: 'USD',
      source: 'http://127.0.0.1:9/openai/v1/models',
      date: TODAY,
    });
    // The catalogue prices qwen3-32b on Groq at 0.29/0.59; the listing is newer.
    const listed = groq.resolve('groq', 'qwen/qwen3-32b').pricing;
    expect([listed?.input, listed?.output, listed?.source]).toEqual([
      0.2,
      0.8,
      'http://127.0.0.1:9/openai/v1/models',
    ]);
    const anthropic = withListing({
      provider: 'anthropic',
      endpoint: 'http://127.0.0.1:9/v1/models',
      date: TODAY,
      models: [{ id: 'claude-sonnet-5-5', pricing: { input: 99, output: 99 } }],
    });
    const curated = anthropic.resolve('anthropic', 'claude-sonnet-5-5').pricing;
    expect([curated?.input, curated?.output]).toEqual([2, 10]);
    expect(curated?.source).toMatch(/^https:\/\/platform\.claude\.com\//);
  });
});

describe('model_unknown', () => {
  it('a misspelt name warns once with the closest known name, and still answers from its family', () => {
    const registry = createRegistry({ today: TODAY });
    const typo = registry.resolve({ provider: 'anthropic', model: 'claude-sonet-5-5' });
    expect(typo.via).toBe('family');
    expect(typo.notices.map((notice) => [notice.code, notice.details?.suggestions])).toEqual([
      ['model_unknown', ['claude-sonnet-5-5']],
    ]);
    expect(typo.warnings[0]).toMatch(
      /^model "claude-sonet-5-5" is unknown to the registry \(did you mean "claude-sonnet-5-5"\?\): it is not in the registry's list for "anthropic" as of \d{4}-\d{2}-\d{2} \(nor in its models\.dev snapshot of 2026-07-02\); the list may be older than the model, so this says nothing about whether "anthropic" serves it; its capabilities are the claude family's guess$/,
    );
  });

  it('a local server serves whatever is loaded: no model_unknown there', () => {
    expect(createRegistry().resolve('ollama', 'my-own-model:7b').notices).toEqual([]);
  });
});
