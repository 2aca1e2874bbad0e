import { describe, expect, it } from 'vitest';
import { createRegistry, type RegistryEntry } from '../create.js';
import { claim, SOURCE } from '../test-support/fixtures.js';
import { type CatalogueSnapshot, createCatalogue } from './catalogue.js';

// The catalogue as a caller of `createCatalogue` reads it (every model field as the snapshot
// states it, the lookups, the provenance), and the claims a registry takes from it. Each test
// builds its own catalogue: the catalogue indexes its snapshot once, on first use.

const REPO = 'https://github.com/example/catalogue';
const COMMIT = 'fedcba9876543210fedcba9876543210fedcba98';
const file = (provider: string, id: string) =>
  `${REPO}/blob/${COMMIT}/providers/${provider}/models/${id}.toml`;

function snapshot(): CatalogueSnapshot {
  return {
    source: REPO,
    licence: 'MIT',
    commit: COMMIT,
    date: '2026-08-03',
    providers: {
      zed: {
        'Zed-Chat': {
          name: 'Zed Chat',
          in: 'text image pdf audio',
          out: 'text',
          tools: true,
          context: 128000,
          output: 8000,
          released: '2026-01',
          status: 'beta',
          cost: { input: 1.5, output: 6, cache_read: 0.15, cache_write: 1.875 },
        },
        'zed-bare': { in: 'text', out: 'text' },
        'zed-voice': {
          in: 'text',
          out: 'audio',
          tools: false,
          kind: 'speech',
          cost: { input: 15, output: 0 },
        },
      },
      alpha: { 'a-1': { in: 'text', out: 'text' } },
    },
  };
}

describe('createCatalogue', () => {
  it('gives each model every field as the snapshot states it, in id order', () => {
    const catalogue = createCatalogue(snapshot);
    expect(catalogue.models('zed')).toEqual([
      {
        provider: 'zed',
        id: 'zed-bare',
        name: undefined,
        input: ['text'],
        output: ['text'],
        kind: 'chat',
        tools: undefined,
        context: undefined,
        maxOutput: undefined,
        released: undefined,
        status: undefined,
        cost: undefined,
        source: file('zed', 'zed-bare'),
      },
      {
        provider: 'zed',
        id: 'Zed-Chat',
        name: 'Zed Chat',
        input: ['text', 'image', 'pdf', 'audio'],
        output: ['text'],
        kind: 'chat',
        tools: true,
        context: 128000,
        maxOutput: 8000,
        released: '2026-01',
        status: 'beta',
        cost: { input: 1.5, output: 6, cacheRead: 0.15, cacheWrite: 1.875 },
        source: file('zed', 'Zed-Chat'),
      },
      {
        provider: 'zed',
        id: 'zed-voice',
        name: undefined,
        input: ['text'],
        output: ['audio'],
        kind: 'speech',
        tools: false,
        context: undefined,
        maxOutput: undefined,
        released: undefined,
        status: undefined,
        cost: { input: 15, output: 0, cacheRead: undefined, cacheWrite: undefined },
        source: file('zed', 'zed-voice'),
      },
    ]);
  });

  it('finds a model by its id in any case, only on its own provider', () => {
    const catalogue = createCatalogue(snapshot);
    expect(catalogue.find('zed', 'ZED-chat')?.id).toBe('Zed-Chat');
    expect(catalogue.find('zed', 'zed-voice')?.kind).toBe('speech');
    expect([
      catalogue.find('alpha', 'zed-bare'),
      catalogue.find('nobody', 'a-1'),
      catalogue.models('nobody'),
    ]).toEqual([undefined, undefined, []]);
  });

  it('names its providers in order and its provenance', () => {
    const catalogue = createCatalogue(snapshot);
    expect([
      catalogue.providers(),
      catalogue.name,
      catalogue.source,
      catalogue.commit,
      catalogue.date,
      catalogue.licence,
    ]).toEqual([['alpha', 'zed'], 'models.dev', REPO, COMMIT, '2026-08-03', 'MIT']);
  });

  it('reads the snapshot on first use only, and once', () => {
    let loads = 0;
    const catalogue = createCatalogue(() => {
      loads += 1;
      return snapshot();
    });
    expect(loads).toBe(0);
    expect([
      catalogue.date,
      catalogue.find('zed', 'zed-bare')?.id,
      catalogue.providers().length,
    ]).toEqual(['2026-08-03', 'zed-bare', 2]);
    expect(loads).toBe(1);
  });
});

describe('the claims a registry takes from the catalogue', () => {
  const registry = (
    wire: 'openai' | 'anthropic' = 'openai',
    capabilities: Record<string, unknown> = { tool_result_images: claim(false) },
  ) =>
    createRegistry({
      extends: null,
      catalogue: createCatalogue(snapshot),
      today: '2026-12-02',
      entries: [
        { lab: 'other', name: 'Other', models: [] },
        {
          id: 'zed-cloud',
          name: 'Zed cloud',
          tool_wire_format: wire,
          base_url: 'http://127.0.0.1:9/v1',
          chat_path: '/chat',
          auth: { header: 'Authorization', scheme: 'Bearer' },
          docs: SOURCE,
          catalogue: { models_dev: 'zed' },
          capabilities,
        } as RegistryEntry,
      ],
    });

  it('tools from its tool flag, the three inputs from its input modalities, each cited', () => {
    const capabilities = registry().resolveCapabilities('zed-cloud', 'zed-chat');
    const cited = { evidence: 'catalogue', source: file('zed', 'Zed-Chat'), date: '2026-08-03' };
    for (const name of ['tools', 'image_input', 'pdf_input', 'audio_input'] as const) {
      expect([name, capabilities[name]]).toEqual([
        name,
        expect.objectContaining({ value: true, ...cited }),
      ]);
    }
  });

  it('an input it does not list is false; no tool flag says nothing', () => {
    const values = registry().capabilityValues('zed-cloud', 'zed-bare');
    expect([values.tools, values.image_input, values.pdf_input, values.audio_input]).toEqual([
      'unknown',
      false,
      false,
      false,
    ]);
    const voice = registry().capabilityValues('zed-cloud', 'zed-voice');
    expect(voice.tools).toBe(false);
  });

  it('states no tool-result fact: a native wire without a claim leaves it unknown', () => {
    const native = registry('anthropic', {});
    const images = native.resolveCapabilities('zed-cloud', 'zed-chat').tool_result_images;
    expect([images.value, images.evidence, images.reasons.at(-1)]).toEqual([
      'unknown',
      undefined,
      'no claim for tool_result_images on this endpoint: unknown (never read as true)',
    ]);
  });

  it('the same claim on every ask', () => {
    const zed = registry();
    const first = zed.resolveCapabilities('zed-cloud', 'zed-chat').image_input;
    const again = createRegistry({ extends: zed }).resolveCapabilities('zed-cloud', 'zed-chat');
    expect(again.image_input).toEqual(first);
  });
});
