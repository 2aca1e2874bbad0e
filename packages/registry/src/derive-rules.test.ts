import { describe, expect, it } from 'vitest';
import { createCatalogue } from './catalogue/catalogue.js';
import type { LearnedSnapshot } from './catalogue/listing/types.js';
import { createRegistry, type RegistryEntry } from './create.js';
import { claim, DATE, SOURCE } from './test-support/fixtures.js';

// Issue 27: how derive.ts decides each capability, lifecycle, limit, price and warning, with
// every expected value written down by hand from the doc comments of derive.ts and the
// schema's descriptions (ranking: offering, provider, model, listing, catalogue, family).

const CAT = 'https://github.com/example/cat';
const COMMIT = 'a'.repeat(40);
const catFile = (id: string) => `${CAT}/blob/${COMMIT}/providers/cat/models/${id}.toml`;
const LIST = 'http://127.0.0.1:9/v1/models';

function catalogue() {
  return createCatalogue(() => ({
    source: CAT,
    licence: 'MIT',
    commit: COMMIT,
    date: '2026-07-02',
    providers: {
      cat: {
        'acme-1': {
          in: 'text image',
          out: 'text',
          context: 400,
          output: 40,
          cost: { input: 1, output: 2 },
        },
        'acme-1:free': { in: 'text image', out: 'text', cost: { input: 0, output: 0 } },
        'acme-1:nitro': { in: 'text image', out: 'text' },
        'acme-2': {
          in: 'text image',
          out: 'text',
          tools: true,
          context: 500,
          output: 50,
          status: 'deprecated',
          cost: { input: 1, output: 2, cache_read: 0.5 },
        },
        'cat-free': { in: 'text', out: 'text' },
        'cat-only': {
          in: 'text pdf',
          out: 'text',
          tools: false,
          context: 700,
          output: 70,
          cost: { input: 3, output: 4, cache_write: 3.75 },
        },
      },
    },
  }));
}

function acmeLab(): RegistryEntry {
  return {
    lab: 'acme',
    name: 'Acme',
    families: [
      {
        family: 'acme',
        templates: ['acme-{version}'],
        capabilities: { tools: claim(true) },
        source: SOURCE,
      },
    ],
    models: [
      {
        id: 'acme-1',
        name: 'Acme 1',
        family: 'acme',
        variant: 'flash',
        version: '1',
        limits: { output: 30 },
        capabilities: {
          tools: claim(true),
          pdf_input: { value: 'unknown', note: 'the docs do not say' },
          audio_input: {
            value: false,
            evidence: 'inferred',
            date: '2026-11-28',
            note: 'text and images only',
          },
        },
        source: SOURCE,
      },
      {
        id: 'acme-2-pro',
        name: 'Acme 2 Pro',
        family: 'acme',
        variant: 'pro',
        version: '2',
        capabilities: {
          tools: claim(true),
          image_input: claim(true),
          audio_input: { value: 'unknown', source: SOURCE },
        },
        source: SOURCE,
      },
      {
        id: 'other-1',
        name: 'Other 1',
        family: 'other',
        capabilities: { tools: claim(true) },
        source: SOURCE,
      },
      {
        id: 'acme-x',
        name: 'Acme X',
        family: 'acme',
        capabilities: { tools: claim(true) },
        source: SOURCE,
      },
    ],
  };
}

function provider(id: string, extra: Record<string, unknown> = {}): RegistryEntry {
  return {
    id,
    name: id,
    tool_wire_format: 'openai',
    base_url: 'http://127.0.0.1:9/v1',
    chat_path: '/chat',
    auth: { header: 'Authorization', scheme: 'Bearer', required: true },
    docs: SOURCE,
    ...extra,
  } as RegistryEntry;
}

function world(
  options: {
    entries?: RegistryEntry[];
    learned?: LearnedSnapshot;
    today?: string;
    withCatalogue?: boolean;
  } = {},
) {
  return createRegistry({
    extends: null,
    catalogue: options.withCatalogue === false ? null : catalogue(),
    today: options.today ?? '2026-12-02',
    ...(options.learned ? { learned: options.learned } : {}),
    entries: options.entries ?? [
      acmeLab(),
      provider('p', {
        catalogue: { models_dev: 'cat' },
        offerings: [{ id: 'acme-1', model: 'acme/acme-1' }],
      }),
    ],
  });
}

const offeredBy = (id: string) => `offering "${id}" of provider "p" serving acme/${id}`;

describe('deciding a model fact', () => {
  it("states the wire, the resolution and the deciding claim with the claim's provenance", () => {
    const tools = world().resolveCapabilities({ provider: 'p', model: 'acme-1' }).tools;
    expect(tools).toEqual({
      value: true,
      claimed: true,
      evidence: 'docs',
      source: SOURCE,
      date: DATE,
      reasons: [
        'provider "p" speaks the openai wire',
        `"acme-1" resolved to acme/acme-1: ${offeredBy('acme-1')}`,
        `model acme/acme-1 claims tools = true (docs, ${SOURCE}, checked ${DATE})`,
      ],
    });
    expect(Object.isFrozen(tools)).toBe(true);
    expect(Object.isFrozen(tools.reasons)).toBe(true);
  });

  it('a claim with only a note reads "; note", one with evidence and a note puts both in brackets', () => {
    const registry = world();
    const reasons = registry.explain({ provider: 'p', model: 'acme-1' });
    expect(reasons.pdf_input.at(-1)).toBe(
      'model acme/acme-1 claims pdf_input = unknown; the docs do not say',
    );
    expect(reasons.audio_input.at(-1)).toBe(
      'model acme/acme-1 claims audio_input = false (inferred, checked 2026-11-28; text and images only)',
    );
    const audio = registry.resolveCapabilities({ provider: 'p', model: 'acme-1' }).audio_input;
    expect([audio.value, audio.claimed, audio.evidence, audio.source, audio.date]).toEqual([
      false,
      false,
      'inferred',
      undefined,
      '2026-11-28',
    ]);
    expect(registry.explain({ provider: 'p', model: 'acme-7' }, 'audio_input').at(-1)).toBe(
      'no claim for audio_input: unknown (never read as true)',
    );
    expect(registry.explain({ model: 'acme-2-pro' }, 'audio_input').at(-1)).toBe(
      `model acme/acme-2-pro claims audio_input = unknown (${SOURCE})`,
    );
  });

  it('with no claim anywhere a fact is unknown, and says it is never read as true', () => {
    const registry = world({ withCatalogue: false });
    const video = registry.resolveCapabilities({ provider: 'p', model: 'acme-1' }).image_input;
    expect(video).toEqual({
      value: 'unknown',
      claimed: 'unknown',
      evidence: undefined,
      source: undefined,
      date: undefined,
      reasons: [
        'provider "p" speaks the openai wire',
        `"acme-1" resolved to acme/acme-1: ${offeredBy('acme-1')}`,
        'no claim for image_input: unknown (never read as true)',
      ],
    });
  });

  it("the offering's claim wins over the provider's and the model's", () => {
    const registry = world({
      entries: [
        acmeLab(),
        provider('p', {
          capabilities: { tools: claim(true) },
          offerings: [
            {
              id: 'acme-1',
              model: 'acme/acme-1',
              capabilities: { tools: { value: false, evidence: 'live', date: '2026-11-30' } },
            },
          ],
        }),
      ],
    });
    const tools = registry.resolveCapabilities({ provider: 'p', model: 'acme-1' }).tools;
    expect([tools.value, tools.evidence, tools.date, tools.reasons.at(-1)]).toEqual([
      false,
      'live',
      '2026-11-30',
      'offering "acme-1" of provider "p" claims tools = false (live, checked 2026-11-30)',
    ]);
  });

  it("the provider's claim wins over the model's own entry", () => {
    const registry = world({
      entries: [
        acmeLab(),
        provider('p', {
          capabilities: {
            tools: { value: false, evidence: 'docs', source: SOURCE, date: '2026-11-28' },
          },
          offerings: [{ id: 'acme-1', model: 'acme/acme-1' }],
        }),
      ],
    });
    expect(registry.explain({ provider: 'p', model: 'acme-1' }, 'tools').at(-1)).toBe(
      `provider "p" claims tools = false (docs, ${SOURCE}, checked 2026-11-28)`,
    );
  });

  it("the model's entry ranks above the provider's listing, the listing above the catalogue", () => {
    const learned: LearnedSnapshot = {
      listings: [
        {
          provider: 'p',
          endpoint: LIST,
          date: '2026-11-30',
          complete: true,
          models: [{ id: 'acme-1', capabilities: { tools: false, pdf_input: true } }],
        },
      ],
    };
    const registry = world({ learned });
    const capabilities = registry.resolveCapabilities({ provider: 'p', model: 'acme-1' });
    // tools: the model's own true beats the listing's false.
    expect(capabilities.tools.reasons.at(-1)).toBe(
      `model acme/acme-1 claims tools = true (docs, ${SOURCE}, checked ${DATE})`,
    );
    // image_input: the model says nothing, the listing says nothing, the catalogue lists image.
    expect(capabilities.image_input).toMatchObject({
      value: true,
      evidence: 'catalogue',
      source: catFile('acme-1'),
      date: '2026-07-02',
    });
    expect(capabilities.image_input.reasons.at(-1)).toBe(
      `the models.dev catalogue (snapshot 2026-07-02, ranked below the data files and the provider's listing) for "acme-1" claims image_input = true (catalogue, ${catFile('acme-1')}, checked 2026-07-02)`,
    );
  });

  it("the provider's listing decides what the model's entry leaves open, above the catalogue", () => {
    const learned: LearnedSnapshot = {
      listings: [
        {
          provider: 'p',
          endpoint: LIST,
          date: '2026-11-30',
          complete: true,
          models: [{ id: 'acme-2', capabilities: { image_input: false } }],
        },
      ],
    };
    const registry = world({ learned });
    const image = registry.resolveCapabilities({ provider: 'p', model: 'acme-2' }).image_input;
    expect([image.value, image.evidence, image.source, image.date]).toEqual([
      false,
      'listing',
      LIST,
      '2026-11-30',
    ]);
    expect(image.reasons.at(-1)).toBe(
      `the model list of provider "p" (read 2026-11-30; ranked below the data's claims with evidence, above its inferences) for "acme-2" claims image_input = false (listing, ${LIST}, checked 2026-11-30)`,
    );
  });

  it("a family template's guess ranks below the catalogue and decides only when nothing else does", () => {
    const registry = world();
    const fromCatalogue = registry.resolveCapabilities({ provider: 'p', model: 'acme-2' }).tools;
    expect(fromCatalogue.evidence).toBe('catalogue');
    expect(fromCatalogue.reasons.at(-1)).toBe(
      `the models.dev catalogue (snapshot 2026-07-02, ranked below the data files and the provider's listing) for "acme-2" claims tools = true (catalogue, ${catFile('acme-2')}, checked 2026-07-02)`,
    );
    const guessed = registry.resolveCapabilities({ provider: 'p', model: 'acme-7' }).tools;
    expect(guessed.reasons).toEqual([
      'provider "p" speaks the openai wire',
      `"acme-7" resolved to acme/acme-7: "acme-7" has no entry; it matches the template "acme-{version}" of family acme, version 7, so the family's facts apply`,
      `family acme claims tools = true (docs, ${SOURCE}, checked ${DATE})`,
    ]);
  });

  it('a model only the catalogue lists takes its facts from the catalogue', () => {
    const capabilities = world().resolveCapabilities({ provider: 'p', model: 'cat-only' });
    expect([capabilities.tools.value, capabilities.pdf_input.value]).toEqual([false, true]);
    expect(capabilities.pdf_input.reasons.at(-1)).toBe(
      `the models.dev catalogue (snapshot 2026-07-02, ranked below the data files and the provider's listing) for "cat-only" claims pdf_input = true (catalogue, ${catFile('cat-only')}, checked 2026-07-02)`,
    );
  });

  it('each endpoint gets its own derivation for the same model', () => {
    const registry = world({
      entries: [
        acmeLab(),
        provider('p', { offerings: [{ id: 'acme-1', model: 'acme/acme-1' }] }),
        provider('q', {
          capabilities: { tools: claim(false) },
          offerings: [
            { id: 'acme-1', model: 'acme/acme-1' },
            { id: 'acme-1-plain', model: 'acme/acme-1', capabilities: { tools: claim(true) } },
            {
              id: 'acme-1-fast',
              model: 'acme/acme-1',
              capabilities: { tools: claim(true) },
              wire: 'responses',
            },
          ],
        }),
      ],
    });
    const tools = (provider: string, model: string) =>
      registry.resolveCapabilities({ provider, model }).tools.reasons.at(-1);
    expect(tools('p', 'acme-1')).toBe(
      `model acme/acme-1 claims tools = true (docs, ${SOURCE}, checked ${DATE})`,
    );
    expect(tools('q', 'acme-1')).toBe(
      `provider "q" claims tools = false (docs, ${SOURCE}, checked ${DATE})`,
    );
    expect(tools('q', 'acme-1-plain')).toBe(
      `offering "acme-1-plain" of provider "q" claims tools = true (docs, ${SOURCE}, checked ${DATE})`,
    );
    expect(tools('q', 'acme-1-fast')).toBe(
      `offering "acme-1-fast" of provider "q" claims tools = true (docs, ${SOURCE}, checked ${DATE})`,
    );
    expect(registry.explain({ provider: 'q', model: 'acme-1-fast' }, 'tools')[0]).toBe(
      'offering "acme-1-fast" speaks the responses wire (provider "q" default: openai)',
    );
    expect(registry.explain({ model: 'acme-1' }, 'tools')).toEqual([
      'no provider given',
      '"acme-1" resolved to acme/acme-1: "acme-1" is the id of acme/acme-1',
      `model acme/acme-1 claims tools = true (docs, ${SOURCE}, checked ${DATE})`,
    ]);
  });
});

describe('names that share an offering', () => {
  it('each keeps the facts its own listing entry and catalogue entry state', () => {
    const learned: LearnedSnapshot = {
      listings: [
        {
          provider: 'p',
          endpoint: LIST,
          date: '2026-11-30',
          complete: false,
          models: [{ id: 'acme-1-b', capabilities: { image_input: false } }],
        },
      ],
    };
    const registry = world({
      learned,
      entries: [
        acmeLab(),
        provider('p', {
          catalogue: { models_dev: 'cat' },
          offerings: [
            {
              id: 'acme-1-o',
              model: 'acme/acme-1',
              aliases: ['acme-1', 'cat-only', 'acme-1-a', 'acme-1-b'],
            },
          ],
        }),
      ],
    });
    const capabilities = (model: string) => registry.resolveCapabilities({ provider: 'p', model });
    expect(capabilities('acme-1').image_input.value).toBe(true);
    expect(capabilities('cat-only').image_input.value).toBe(false);
    expect(capabilities('acme-1-a').image_input.value).toBe('unknown');
    expect(capabilities('acme-1-b').image_input).toMatchObject({
      value: false,
      evidence: 'listing',
      source: LIST,
    });
  });
});

describe('conditional provider claims', () => {
  function conditional() {
    return world({
      withCatalogue: false,
      entries: [
        acmeLab(),
        provider('p', {
          capabilities: {
            tools: [
              { ...claim(false), when: { family: 'other' } },
              { ...claim(false), when: { model: 'acme/acme-x' } },
              {
                ...claim(false),
                when: { family: 'acme', variant: 'pro', version: '>=2', model: 'acme/acme-2-pro' },
              },
              { value: 'unknown', when: { version: '>=1' } },
            ],
            image_input: { ...claim(false), when: { variant: 'flash' } },
          },
          offerings: [
            { id: 'acme-1', model: 'acme/acme-1' },
            { id: 'acme-2-pro', model: 'acme/acme-2-pro' },
            { id: 'acme-x', model: 'acme/acme-x' },
          ],
        }),
      ],
    });
  }
  const last = (model: string, capability: 'tools' | 'image_input') =>
    conditional().explain({ provider: 'p', model }, capability).at(-1);

  it('the first claim whose condition holds decides, and the reason names the condition', () => {
    expect(last('acme-2-pro', 'tools')).toBe(
      `provider "p" for family acme, variant pro, version >=2, model acme/acme-2-pro claims tools = false (docs, ${SOURCE}, checked ${DATE})`,
    );
    expect(last('acme-1', 'tools')).toBe('provider "p" for version >=1 claims tools = unknown');
    expect(last('acme-x', 'tools')).toBe(
      `provider "p" for model acme/acme-x claims tools = false (docs, ${SOURCE}, checked ${DATE})`,
    );
  });

  it('a claim for a variant skips models of another variant or of none', () => {
    expect(last('acme-1', 'image_input')).toBe(
      `provider "p" for variant flash claims image_input = false (docs, ${SOURCE}, checked ${DATE})`,
    );
    expect(last('acme-2-pro', 'image_input')).toBe(
      `model acme/acme-2-pro claims image_input = true (docs, ${SOURCE}, checked ${DATE})`,
    );
    expect(last('acme-x', 'image_input')).toBe(
      'no claim for image_input: unknown (never read as true)',
    );
  });

  it('a version condition never holds for a model without a version, nor outside its range', () => {
    const registry = world({
      withCatalogue: false,
      entries: [
        acmeLab(),
        provider('p', {
          capabilities: { tools: { ...claim(false), when: { version: '<2' } } },
          offerings: [
            { id: 'acme-1', model: 'acme/acme-1' },
            { id: 'acme-2-pro', model: 'acme/acme-2-pro' },
            { id: 'acme-x', model: 'acme/acme-x' },
          ],
        }),
      ],
    });
    const value = (model: string) =>
      registry.resolveCapabilities({ provider: 'p', model }).tools.value;
    expect([value('acme-1'), value('acme-2-pro'), value('acme-x')]).toEqual([false, true, true]);
  });

  it('a claim for another family or another model does not apply', () => {
    const registry = world({
      withCatalogue: false,
      entries: [
        acmeLab(),
        provider('p', {
          capabilities: {
            tools: [
              { ...claim(false), when: { family: 'other' } },
              { ...claim(false), when: { model: 'acme/acme-x' } },
            ],
          },
          offerings: [{ id: 'acme-1', model: 'acme/acme-1' }],
        }),
      ],
    });
    expect(registry.resolveCapabilities({ provider: 'p', model: 'acme-1' }).tools.value).toBe(true);
  });
});

function anthropicWorld(quirks: Record<string, unknown>, sources: Record<string, unknown> = {}) {
  return world({
    withCatalogue: false,
    entries: [
      acmeLab(),
      provider('a', {
        tool_wire_format: 'anthropic',
        quirks,
        quirk_sources: sources,
        capabilities: { tool_result_images: claim(true), tool_result_pdf: claim(true) },
        offerings: [
          { id: 'acme-1', model: 'acme/acme-1' },
          { id: 'acme-2-pro', model: 'acme/acme-2-pro' },
        ],
      }),
    ],
  });
}

describe('tool-result media', () => {
  it('without a provider the wire is unknown, so both are unknown', () => {
    const capabilities = world().resolveCapabilities({ model: 'acme-1' });
    expect(capabilities.tool_result_images).toEqual({
      value: 'unknown',
      claimed: 'unknown',
      evidence: undefined,
      source: undefined,
      date: undefined,
      reasons: [
        'no provider given',
        '"acme-1" resolved to acme/acme-1: "acme-1" is the id of acme/acme-1',
        'no provider given: the wire decides tool_result_images, so it is unknown',
      ],
    });
    expect(capabilities.tool_result_pdf.reasons.at(-1)).toBe(
      'no provider given: the wire decides tool_result_pdf, so it is unknown',
    );
  });

  it('a wire with no native form clears both and says so', () => {
    const capabilities = world().resolveCapabilities({ provider: 'p', model: 'acme-1' });
    expect([
      capabilities.tool_result_images.value,
      capabilities.tool_result_images.claimed,
    ]).toEqual([false, false]);
    expect(capabilities.tool_result_images.reasons.at(-1)).toBe(
      'wire openai has no native image form in a tool result (carriesNative("openai", "image") is false): the image goes out as a text placeholder',
    );
    expect(capabilities.tool_result_pdf.reasons.at(-1)).toBe(
      'wire openai has no native pdf form in a tool result (carriesNative("openai", "pdf") is false): the pdf goes out as a text placeholder',
    );
  });

  it('on anthropic an image is kept for a model that sees, a PDF without vision', () => {
    const registry = anthropicWorld({});
    const seeing = registry.resolveCapabilities({ provider: 'a', model: 'acme-2-pro' });
    expect(seeing.tool_result_images).toEqual({
      value: true,
      claimed: true,
      evidence: 'docs',
      source: SOURCE,
      date: DATE,
      reasons: [
        'provider "a" speaks the anthropic wire',
        `"acme-2-pro" resolved to acme/acme-2-pro: offering "acme-2-pro" of provider "a" serving acme/acme-2-pro`,
        'wire anthropic carries an image natively in a tool result',
        `provider "a" claims tool_result_images = true (docs, ${SOURCE}, checked ${DATE})`,
        'kept: the native image form on anthropic needs vision and the model has image_input',
      ],
    });
    const unsure = registry.resolveCapabilities({ provider: 'a', model: 'acme-1' });
    expect(unsure.tool_result_pdf.value).toBe(true);
    expect(unsure.tool_result_pdf.reasons.slice(-3)).toEqual([
      'wire anthropic carries a PDF natively in a tool result',
      `provider "a" claims tool_result_pdf = true (docs, ${SOURCE}, checked ${DATE})`,
      'kept: the native pdf form on anthropic does not need vision (nativeNeedsVision("anthropic", "pdf") is false); a text-only model reads it as extracted text',
    ]);
    expect(unsure.tool_result_images).toMatchObject({
      value: 'unknown',
      claimed: true,
      evidence: 'docs',
    });
    expect(unsure.tool_result_images.reasons.at(-1)).toBe(
      "cleared to unknown: the native image form on anthropic needs vision and the model's image_input is unknown",
    );
  });

  it('an image is cleared to false for a model known to be text-only', () => {
    const registry = world({
      withCatalogue: false,
      entries: [
        acmeLab(),
        {
          lab: 'acme',
          models: [{ id: 'acme-1', capabilities: { image_input: claim(false) } }],
        } as RegistryEntry,
        provider('a', {
          tool_wire_format: 'anthropic',
          capabilities: { tool_result_images: claim(true) },
          offerings: [{ id: 'acme-1', model: 'acme/acme-1' }],
        }),
      ],
    });
    const images = registry.resolveCapabilities({ provider: 'a', model: 'acme-1' });
    expect([images.tool_result_images.value, images.tool_result_images.claimed]).toEqual([
      false,
      true,
    ]);
    expect(images.tool_result_images.reasons.at(-1)).toBe(
      'cleared: the native image form on anthropic needs vision (nativeNeedsVision("anthropic", "image")) and the model has no image_input',
    );
    expect(images.tool_result_pdf.reasons.at(-1)).toBe(
      'no claim for tool_result_pdf on this endpoint: unknown (never read as true)',
    );
    expect(images.tool_result_pdf.value).toBe('unknown');
  });

  it('a false claim stays false with its provenance', () => {
    const registry = world({
      withCatalogue: false,
      entries: [
        acmeLab(),
        provider('a', {
          tool_wire_format: 'anthropic',
          capabilities: { tool_result_pdf: { value: false, evidence: 'live', date: '2026-11-30' } },
          offerings: [{ id: 'acme-2-pro', model: 'acme/acme-2-pro' }],
        }),
      ],
    });
    const pdf = registry.resolveCapabilities({
      provider: 'a',
      model: 'acme-2-pro',
    }).tool_result_pdf;
    expect([pdf.value, pdf.claimed, pdf.evidence, pdf.date, pdf.reasons.at(-1)]).toEqual([
      false,
      false,
      'live',
      '2026-11-30',
      'provider "a" claims tool_result_pdf = false (live, checked 2026-11-30)',
    ]);
  });

  it("a never quirk clears the medium even for a seeing model, citing the quirk's source", () => {
    const registry = anthropicWorld(
      { tool_result_images: 'never', tool_result_pdf: 'never' },
      {
        tool_result_images: { evidence: 'live', source: SOURCE, date: '2026-11-28', note: 'seen' },
        tool_result_pdf: { evidence: 'docs', source: SOURCE, date: '2026-11-27' },
      },
    );
    const capabilities = registry.resolveCapabilities({ provider: 'a', model: 'acme-2-pro' });
    expect(capabilities.tool_result_images).toMatchObject({
      value: false,
      claimed: false,
      evidence: undefined,
    });
    expect(capabilities.tool_result_images.reasons.at(-1)).toBe(
      `provider "a" quirk tool_result_images: never (live, ${SOURCE}, checked 2026-11-28; seen): the image does not reach the model here`,
    );
    expect(capabilities.tool_result_pdf.reasons.at(-1)).toBe(
      `provider "a" quirk tool_result_pdf: never (docs, ${SOURCE}, checked 2026-11-27): the pdf does not reach the model here`,
    );
  });

  it('source_blocks: false on anthropic clears PDFs only, citing its source when given', () => {
    const cited = anthropicWorld(
      { source_blocks: false },
      { source_blocks: { evidence: 'docs', source: SOURCE, date: '2026-11-27' } },
    );
    const capabilities = cited.resolveCapabilities({ provider: 'a', model: 'acme-2-pro' });
    expect(capabilities.tool_result_images.value).toBe(true);
    expect([capabilities.tool_result_pdf.value, capabilities.tool_result_pdf.claimed]).toEqual([
      false,
      false,
    ]);
    expect(capabilities.tool_result_pdf.reasons.at(-1)).toBe(
      `provider "a" quirk source_blocks: false (docs, ${SOURCE}, checked 2026-11-27): no document block in a tool_result, the PDF goes out as a placeholder`,
    );
    const kept = anthropicWorld(
      { source_blocks: true },
      { source_blocks: { evidence: 'docs', source: SOURCE, date: '2026-11-27' } },
    );
    expect(
      kept.resolveCapabilities({ provider: 'a', model: 'acme-2-pro' }).tool_result_pdf.value,
    ).toBe(true);
  });

  it('source_blocks belongs to the anthropic wire: an offering on another wire keeps its PDFs', () => {
    const registry = world({
      withCatalogue: false,
      entries: [
        acmeLab(),
        provider('a', {
          tool_wire_format: 'anthropic',
          quirks: { source_blocks: false },
          quirk_sources: {
            source_blocks: { evidence: 'docs', source: SOURCE, date: '2026-11-27' },
          },
          capabilities: { tool_result_pdf: claim(true) },
          offerings: [
            { id: 'acme-2-pro', model: 'acme/acme-2-pro' },
            { id: 'acme-2-pro-r', model: 'acme/acme-2-pro', wire: 'responses' },
          ],
        }),
      ],
    });
    const pdf = (model: string) =>
      registry.resolveCapabilities({ provider: 'a', model }).tool_result_pdf;
    expect(pdf('acme-2-pro').value).toBe(false);
    expect(pdf('acme-2-pro-r').value).toBe(true);
    expect(pdf('acme-2-pro-r').reasons.slice(-3)).toEqual([
      'wire responses carries a PDF natively in a tool result',
      `provider "a" claims tool_result_pdf = true (docs, ${SOURCE}, checked ${DATE})`,
      'kept: the native pdf form on responses needs vision and the model has image_input',
    ]);
  });

  it('for a name the registry does not know, the wire decides first and the model part stays unknown', () => {
    const registry = anthropicWorld(
      { tool_result_pdf: 'never' },
      { tool_result_pdf: { evidence: 'docs', source: SOURCE, date: '2026-11-27' } },
    );
    const capabilities = registry.resolveCapabilities({ provider: 'a', model: 'mystery' });
    const preamble = [
      'provider "a" speaks the anthropic wire',
      'model "mystery" is not in the registry: the default model; what depends on the model is unknown',
    ];
    expect(capabilities.tools).toEqual({
      value: 'unknown',
      claimed: 'unknown',
      evidence: undefined,
      source: undefined,
      date: undefined,
      reasons: preamble,
    });
    expect(capabilities.tool_result_images.reasons).toEqual([
      ...preamble,
      'wire anthropic carries an image natively in a tool result',
      'the model is unknown: whether an image in a tool result reaches it depends on the model, so tool_result_images is unknown',
    ]);
    expect(capabilities.tool_result_images.value).toBe('unknown');
    expect(capabilities.tool_result_pdf.value).toBe(false);
    const pdf = anthropicWorld({}).resolveCapabilities({ provider: 'a', model: 'mystery' });
    expect(pdf.tool_result_pdf.reasons.at(-1)).toBe(
      'the model is unknown: whether a PDF in a tool result reaches it depends on the model, so tool_result_pdf is unknown',
    );
    const openai = world().resolveCapabilities({ provider: 'p', model: 'mystery' });
    expect(openai.tool_result_images.value).toBe(false);
  });
});

function noticed(lifecycle: Record<string, string>, today = '2026-12-02') {
  return world({
    today,
    withCatalogue: false,
    entries: [
      acmeLab(),
      provider('p', {
        offerings: [
          { id: 'acme-1', model: 'acme/acme-1', lifecycle: { ...lifecycle, source: SOURCE } },
        ],
      }),
    ],
  }).resolve({ provider: 'p', model: 'acme-1' });
}

describe('lifecycle and its warnings', () => {
  it('a deprecation with a retirement still to come and a replacement', () => {
    const resolution = noticed({
      deprecated: '2026-11-01',
      retired: '2027-01-01',
      replacement: 'acme-2-pro',
    });
    expect(resolution.lifecycle).toEqual({
      status: 'deprecated',
      deprecated: '2026-11-01',
      retired: '2027-01-01',
      replacement: 'acme-2-pro',
      evidence: 'docs',
      source: SOURCE,
    });
    expect(resolution.listed).toBe(true);
    expect(resolution.warnings).toEqual([
      `model "acme-1" on provider "p" is deprecated; it retires on 2027-01-01; use "acme-2-pro" instead (${SOURCE})`,
    ]);
  });

  it('a deprecation with neither a retirement nor a replacement', () => {
    const resolution = noticed({ deprecated: '2026-11-01' });
    expect(resolution.lifecycle?.status).toBe('deprecated');
    expect(resolution.warnings).toEqual([
      `model "acme-1" on provider "p" is deprecated (${SOURCE})`,
    ]);
  });

  it('retired on the very day it is judged, the offering is no longer listed', () => {
    const resolution = noticed(
      { deprecated: '2026-11-01', retired: '2026-12-02', replacement: 'acme-2-pro' },
      '2026-12-02',
    );
    expect(resolution.lifecycle?.status).toBe('retired');
    expect(resolution.listed).toBe(false);
    expect(resolution.warnings).toEqual([
      `model "acme-1" on provider "p" was retired on 2026-12-02: requests fail or are served by another model; use "acme-2-pro" instead (${SOURCE})`,
    ]);
    expect(noticed({ retired: '2026-12-02' }, '2026-12-01').lifecycle?.status).toBe('deprecated');
    expect(noticed({ retired: '2026-12-01' }).warnings).toEqual([
      `model "acme-1" on provider "p" was retired on 2026-12-01: requests fail or are served by another model (${SOURCE})`,
    ]);
  });

  it("the catalogue's deprecated status is a lifecycle with the catalogue as evidence", () => {
    const resolution = world().resolve({ provider: 'p', model: 'acme-2' });
    expect(resolution.lifecycle).toEqual({
      status: 'deprecated',
      deprecated: undefined,
      retired: undefined,
      replacement: undefined,
      evidence: 'catalogue',
      source: catFile('acme-2'),
    });
    expect(resolution.warnings).toEqual([
      `model "acme-2" on provider "p" is deprecated (${catFile('acme-2')})`,
    ]);
    expect(world().resolve({ provider: 'p', model: 'cat-only' }).lifecycle).toBeUndefined();
    expect(world().resolve({ provider: 'p', model: 'acme-1' }).lifecycle).toBeUndefined();
  });
});

describe('whether the provider lists the name', () => {
  it('a name in no list of a keyed provider warns that the list may be older than the model', () => {
    const resolution = world().resolve({ provider: 'p', model: 'mystery' });
    expect(resolution).toMatchObject({
      requested: 'mystery',
      model: undefined,
      offering: undefined,
      via: 'default',
      known: false,
      wire: 'openai',
      limits: {},
      steps: ['"mystery" matches no offering, model, alias, family or catalogue entry'],
      catalogue: undefined,
      listed: false,
      lifecycle: undefined,
      pricing: undefined,
    });
    expect(resolution.warnings).toEqual([
      `model "mystery" is unknown to the registry: it is not in the registry's list for "p" as of ${DATE} (nor in its models.dev snapshot of 2026-07-02); the list may be older than the model, so this says nothing about whether "p" serves it; what depends on the model is unknown`,
    ]);
    expect(resolution.notices).toEqual([
      {
        code: 'model_unknown',
        message: resolution.warnings[0],
        details: { provider: 'p', model: 'mystery', suggestions: [] },
      },
    ]);
  });

  it('a family member the provider does not list gets the same warning, without a catalogue clause when the provider has none', () => {
    const registry = world({
      entries: [acmeLab(), provider('p', { offerings: [{ id: 'acme-1', model: 'acme/acme-1' }] })],
    });
    const resolution = registry.resolve({ provider: 'p', model: 'acme-7' });
    expect(resolution.listed).toBe(false);
    expect(resolution.warnings).toEqual([
      `model "acme-7" is unknown to the registry (did you mean "acme-1"?): it is not in the registry's list for "p" as of ${DATE}; the list may be older than the model, so this says nothing about whether "p" serves it; its capabilities are the acme family's guess`,
    ]);
    expect(resolution.notices[0]?.details).toEqual({
      provider: 'p',
      model: 'acme-7',
      suggestions: ['acme-1'],
    });
    expect(registry.resolve({ provider: 'p', model: 'acme-2-pro' }).listed).toBe(false);
  });

  it('after a complete listing, a missing name may not be served; after a partial one it says nothing', () => {
    const listing = (complete: boolean): LearnedSnapshot => ({
      listings: [
        {
          provider: 'p',
          endpoint: LIST,
          date: '2026-11-30',
          complete,
          models: [{ id: 'heard', context: 900, capabilities: { tools: true } }],
        },
      ],
    });
    expect(
      world({ learned: listing(true) }).resolve({ provider: 'p', model: 'acme-7' }).warnings,
    ).toEqual([
      `model "acme-7" is unknown to the registry (did you mean "acme-1" or "acme-2"?): it is not in the model list "p" gave on 2026-11-30 (${LIST}), nor in the registry's list as of ${DATE} (nor in its models.dev snapshot of 2026-07-02): "p" may not serve it under this name; its capabilities are the acme family's guess`,
    ]);
    expect(
      world({ learned: listing(false) }).resolve({ provider: 'p', model: 'acme-7' }).warnings,
    ).toEqual([
      `model "acme-7" is unknown to the registry (did you mean "acme-1" or "acme-2"?): it is not in the registry's list for "p" as of ${DATE} (nor in its models.dev snapshot of 2026-07-02); the list may be older than the model, so this says nothing about whether "p" serves it; its capabilities are the acme family's guess`,
    ]);
    const heard = world({ learned: listing(true) }).resolve({ provider: 'p', model: 'heard' });
    expect([heard.listed, heard.warnings, heard.limits]).toEqual([
      true,
      [],
      { context: 900, output: undefined },
    ]);
    expect(heard.learned?.model.id).toBe('heard');
    expect('learned' in world().resolve({ provider: 'p', model: 'acme-1' })).toBe(false);
  });

  it('names in the catalogue are listed; a provider that needs no key or publishes nothing is not judged', () => {
    expect(world().resolve({ provider: 'p', model: 'cat-only' }).listed).toBe(true);
    const local = world({
      entries: [
        acmeLab(),
        provider('local', {
          auth: { header: 'Authorization', required: false },
          offerings: [{ id: 'acme-1', model: 'acme/acme-1' }],
        }),
        provider('bare', { offerings: [] }),
        provider('mapped', { catalogue: { models_dev: 'cat' } }),
        provider('nokey', { auth: null, offerings: [{ id: 'acme-1', model: 'acme/acme-1' }] }),
      ],
    });
    for (const id of ['local', 'bare', 'nokey']) {
      const resolution = local.resolve({ provider: id, model: 'mystery' });
      expect([id, resolution.listed, resolution.warnings]).toEqual([id, undefined, []]);
    }
    expect(local.resolve({ provider: 'local', model: 'acme-1' }).listed).toBeUndefined();
    expect(local.resolve({ provider: 'mapped', model: 'mystery' }).listed).toBe(false);
    const uncatalogued = world({
      withCatalogue: false,
      entries: [acmeLab(), provider('mapped', { catalogue: { models_dev: 'cat' } })],
    });
    expect(uncatalogued.resolve({ provider: 'mapped', model: 'mystery' }).listed).toBeUndefined();
  });

  it('a registry without a catalogue warns without the catalogue clause', () => {
    const resolution = world({ withCatalogue: false }).resolve({ provider: 'p', model: 'mystery' });
    expect(resolution.warnings).toEqual([
      `model "mystery" is unknown to the registry: it is not in the registry's list for "p" as of ${DATE}; the list may be older than the model, so this says nothing about whether "p" serves it; what depends on the model is unknown`,
    ]);
  });

  it('a name the provider offers resolves to its offering, model and catalogue entry', () => {
    const resolution = world().resolve({ provider: 'p', model: 'acme-1' });
    expect(resolution).toMatchObject({
      requested: 'acme-1',
      via: 'offering',
      known: true,
      wire: 'openai',
      steps: [offeredBy('acme-1')],
      listed: true,
      warnings: [],
      lifecycle: undefined,
    });
    expect([resolution.model?.key, resolution.offering?.id, resolution.provider?.id]).toEqual([
      'acme/acme-1',
      'acme-1',
      'p',
    ]);
    expect(resolution.catalogue?.source).toBe(catFile('acme-1'));
    expect(resolution.pricing).toStrictEqual({
      input: 1,
      output: 2,
      currency: 'USD',
      source: catFile('acme-1'),
      date: '2026-07-02',
    });
  });

  it('with a learned layer, a name asked for without a provider still resolves from the data', () => {
    const learned: LearnedSnapshot = {
      listings: [
        {
          provider: 'p',
          endpoint: LIST,
          date: '2026-11-30',
          complete: true,
          models: [{ id: 'acme-1', capabilities: { image_input: false } }],
        },
      ],
    };
    const resolution = world({ learned }).resolve({ model: 'acme-1' });
    expect([resolution.model?.key, resolution.listed, 'learned' in resolution]).toEqual([
      'acme/acme-1',
      undefined,
      false,
    ]);
    expect(resolution.capabilities.image_input.value).toBe('unknown');
  });

  it("another provider's listing says nothing about this provider's names", () => {
    const learned: LearnedSnapshot = {
      listings: [{ provider: 'p', endpoint: LIST, date: '2026-11-30', complete: true, models: [] }],
    };
    const registry = world({
      learned,
      entries: [
        acmeLab(),
        provider('p', { offerings: [{ id: 'acme-1', model: 'acme/acme-1' }] }),
        provider('q', { offerings: [{ id: 'acme-1', model: 'acme/acme-1' }] }),
      ],
    });
    expect(registry.resolve({ provider: 'q', model: 'mystery' }).warnings).toEqual([
      `model "mystery" is unknown to the registry: it is not in the registry's list for "q" as of ${DATE}; the list may be older than the model, so this says nothing about whether "q" serves it; what depends on the model is unknown`,
    ]);
  });

  it('without a provider nothing is listed or warned about', () => {
    const resolution = world().resolve({ model: 'mystery' });
    expect([resolution.listed, resolution.warnings, resolution.provider, resolution.wire]).toEqual([
      undefined,
      [],
      undefined,
      undefined,
    ]);
    expect(resolution.capabilities.tools.reasons).toEqual([
      'no provider given',
      'model "mystery" is not in the registry: the default model; what depends on the model is unknown',
    ]);
  });
});

describe('limits and prices', () => {
  it("limits: the offering's, then the model's, then the listing's, then the catalogue's", () => {
    const learned: LearnedSnapshot = {
      listings: [
        {
          provider: 'p',
          endpoint: LIST,
          date: '2026-11-30',
          complete: true,
          models: [{ id: 'acme-2', context: 600 }],
        },
      ],
    };
    const registry = world({
      learned,
      entries: [
        acmeLab(),
        provider('p', {
          catalogue: { models_dev: 'cat' },
          offerings: [
            { id: 'acme-1', model: 'acme/acme-1' },
            { id: 'acme-1-long', model: 'acme/acme-1', limits: { context: 8000, output: 800 } },
          ],
        }),
      ],
    });
    const limits = (model: string) => registry.resolve({ provider: 'p', model }).limits;
    expect(limits('acme-1')).toEqual({ context: 400, output: 30 });
    expect(limits('acme-1-long')).toEqual({ context: 8000, output: 800 });
    expect(limits('acme-2')).toEqual({ context: 600, output: 50 });
    expect(limits('cat-only')).toEqual({ context: 700, output: 70 });
  });

  it("prices: the catalogue's for the entry, with only the cache prices it states", () => {
    const registry = world();
    const acme2 = registry.resolve({ provider: 'p', model: 'acme-2' }).pricing;
    expect(acme2).toStrictEqual({
      input: 1,
      output: 2,
      cacheRead: 0.5,
      currency: 'USD',
      source: catFile('acme-2'),
      date: '2026-07-02',
    });
    expect(registry.resolve({ provider: 'p', model: 'cat-only' }).pricing).toStrictEqual({
      input: 3,
      output: 4,
      cacheWrite: 3.75,
      currency: 'USD',
      source: catFile('cat-only'),
      date: '2026-07-02',
    });
    expect(Object.isFrozen(acme2)).toBe(true);
    expect(
      world({ withCatalogue: false }).resolve({ provider: 'p', model: 'acme-1' }).pricing,
    ).toBeUndefined();
    expect(registry.resolve({ provider: 'p', model: 'acme-7' }).pricing).toBeUndefined();
    expect(registry.resolve({ provider: 'p', model: 'cat-free' }).pricing).toBeUndefined();
  });

  it("a route the catalogue prices on its own gets its own prices, an unpriced one the model entry's", () => {
    const registry = world({
      entries: [
        acmeLab(),
        provider('p', {
          catalogue: { models_dev: 'cat' },
          model_naming: { strip_suffixes: [':free', ':nitro'] },
          offerings: [{ id: 'acme-1', model: 'acme/acme-1' }],
        }),
      ],
    });
    const price = (model: string) => {
      const pricing = registry.resolve({ provider: 'p', model }).pricing;
      return [pricing?.input, pricing?.output, pricing?.source];
    };
    expect(price('acme-1')).toEqual([1, 2, catFile('acme-1')]);
    expect(price('acme-1:free')).toEqual([0, 0, catFile('acme-1:free')]);
    expect(price('acme-1:nitro')).toEqual([1, 2, catFile('acme-1')]);
  });

  it("an offering's curated prices win over the catalogue's", () => {
    const pricing = {
      input: 9,
      output: 99,
      currency: 'USD',
      source: 'https://example.test/prices',
      date: '2026-12-01',
    };
    const registry = world({
      entries: [
        acmeLab(),
        provider('p', {
          catalogue: { models_dev: 'cat' },
          offerings: [{ id: 'acme-1', model: 'acme/acme-1', pricing }],
        }),
      ],
    });
    expect(registry.resolve({ provider: 'p', model: 'acme-1' }).pricing).toEqual(pricing);
  });
});

describe('what each reason and value records', () => {
  it("the resolution line joins the resolver's steps with semicolons", () => {
    const reasons = world().explain({ model: 'acme-1-latest' }, 'tools');
    expect(reasons[1]).toBe(
      '"acme-1-latest" resolved to acme/acme-1: "-latest" stripped; "acme-1" is the id of acme/acme-1',
    );
  });

  it('the claimed value of tool-result media: unknown when the model or the claim is missing, true when kept', () => {
    const unknownName = anthropicWorld({}, {}).resolveCapabilities({
      provider: 'a',
      model: 'mystery',
    }).tool_result_images;
    expect([unknownName.value, unknownName.claimed]).toEqual(['unknown', 'unknown']);
    const unclaimed = world({
      withCatalogue: false,
      entries: [
        acmeLab(),
        provider('a', {
          tool_wire_format: 'anthropic',
          offerings: [{ id: 'acme-2-pro', model: 'acme/acme-2-pro' }],
        }),
      ],
    }).resolveCapabilities({ provider: 'a', model: 'acme-2-pro' }).tool_result_pdf;
    expect([unclaimed.value, unclaimed.claimed, unclaimed.evidence]).toEqual([
      'unknown',
      'unknown',
      undefined,
    ]);
    const kept = anthropicWorld({}).resolveCapabilities({
      provider: 'a',
      model: 'acme-1',
    }).tool_result_pdf;
    expect([kept.value, kept.claimed, kept.evidence, kept.source, kept.date]).toEqual([
      true,
      true,
      'docs',
      SOURCE,
      DATE,
    ]);
  });
});
