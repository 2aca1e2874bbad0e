import { describe, expect, it } from 'vitest';
import { crosscheck, renderReport } from '../../scripts/crosscheck.js';
import {
  checkReviewed,
  type ReviewedEntry,
  readReviewed,
} from '../../scripts/crosscheck-reviewed.js';
import { createRegistry } from '../create.js';
import { defaultCatalogue, defaultRegistry } from '../default-registry.js';
import { claim, SOURCE, testLab, testProvider } from '../test-support/fixtures.js';
import { dataDate } from '../validation/validate.js';
import { type CatalogueSnapshot, createCatalogue } from './catalogue.js';

const COMMIT = '0123456789abcdef0123456789abcdef01234567';

/** A tiny catalogue for provider "acme-cloud" (catalogue id "acme"). */
function testCatalogue(): CatalogueSnapshot {
  return {
    source: 'https://github.com/example/catalogue',
    licence: 'MIT',
    commit: COMMIT,
    date: '2026-07-02',
    providers: {
      acme: {
        // curated data says image_input false: the curated claim must win
        blind: { in: 'text image', out: 'text', tools: true, context: 5000 },
        // only the catalogue knows these
        'vision-9': { name: 'Vision 9', in: 'text image pdf', out: 'text', tools: true },
        'old-1': { in: 'text', out: 'text', tools: false, status: 'deprecated' },
        'acme-9-tts': { in: 'text', out: 'audio', tools: false, kind: 'speech' },
      },
    },
  };
}

function testRegistry(today = '2026-11-29') {
  const provider = {
    ...testProvider('acme-cloud', 'anthropic', { images: true, pdf: true }),
    catalogue: { models_dev: 'acme' },
    default_model: 'seeing',
    offerings: [
      { id: 'seeing', model: 'acme/seeing' },
      {
        id: 'blind',
        model: 'acme/blind',
        lifecycle: { deprecated: '2026-10-01', retired: '2027-01-31', source: SOURCE },
      },
    ],
    retired: [
      {
        id: 'unsure',
        model: 'acme/unsure',
        retired: '2026-05-15',
        replacement: 'seeing',
        source: SOURCE,
      },
    ],
  };
  const lab = testLab() as { families?: unknown[] };
  lab.families = [
    {
      family: 'acme',
      templates: ['acme-{version}-{variant}'],
      exclude_tokens: ['tts'],
      capabilities: { tools: claim(true), image_input: claim(true) },
      source: SOURCE,
    },
  ];
  return createRegistry({
    extends: null,
    catalogue: createCatalogue(testCatalogue),
    today,
    entries: [lab as never, provider as never],
  });
}

describe('certain answers for a model the registry does not know', () => {
  it.each([
    ['openai', 'wire openai has no native image form in a tool result'],
    ['ollama', 'wire ollama has no native image form in a tool result'],
    ['nousresearch', 'wire hermes has no native image form in a tool result'],
  ])('%s: tool_result_images is false from the wire, with the reason', (provider, reason) => {
    const resolution = defaultRegistry.resolve({ provider, model: 'zz-brand-new-model' });
    expect(resolution.known).toBe(false);
    expect(resolution.capabilities.tool_result_images.value).toBe(false);
    expect(resolution.capabilities.tool_result_pdf.value).toBe(false);
    expect(resolution.capabilities.image_input.value).toBe('unknown');
    expect(
      defaultRegistry
        .explain({ provider, model: 'zz-brand-new-model' }, 'tool_result_images')
        .at(-1),
    ).toContain(reason);
  });

  it('a provider whose quirk says never: false, with the quirk and its provenance', () => {
    const reasons = defaultRegistry.explain(
      { provider: 'aki-anthropic', model: 'zz-brand-new-model' },
      'tool_result_images',
    );
    expect(defaultRegistry.capabilityValues('aki-anthropic', 'zz-brand-new-model')).toMatchObject({
      tool_result_images: false,
      tool_result_pdf: false,
      image_input: 'unknown',
    });
    expect(reasons.at(-1)).toMatch(
      /^provider "aki-anthropic" quirk tool_result_images: never \(.+\): the image does not reach the model here$/,
    );
  });

  it('a wire that carries the kind: only the model is missing, so unknown, and it says why', () => {
    const reasons = defaultRegistry.explain(
      'anthropic',
      'zz-brand-new-model',
      'tool_result_images',
    );
    expect(
      defaultRegistry.capabilityValues('anthropic', 'zz-brand-new-model').tool_result_images,
    ).toBe('unknown');
    expect(reasons).toEqual([
      'provider "anthropic" speaks the anthropic wire',
      'model "zz-brand-new-model" is not in the registry: the default model; what depends on the model is unknown',
      'wire anthropic carries an image natively in a tool result',
      'the model is unknown: whether an image in a tool result reaches it depends on the model, so tool_result_images is unknown',
    ]);
  });
});

describe('the imported catalogue', () => {
  it('answers for a model only it knows, with its provenance', () => {
    const registry = testRegistry();
    const resolution = registry.resolve('acme-cloud', 'vision-9');
    expect([resolution.via, resolution.known, resolution.model?.origin]).toEqual([
      'catalogue',
      true,
      'catalogue',
    ]);
    const image = resolution.capabilities.image_input;
    expect([image.value, image.evidence, image.date, image.source]).toEqual([
      true,
      'catalogue',
      '2026-07-02',
      `https://github.com/example/catalogue/blob/${COMMIT}/providers/acme/models/vision-9.toml`,
    ]);
    expect(resolution.capabilities.pdf_input.value).toBe(true);
    // the provider's claim and the wire still decide the tool-result capabilities
    expect(resolution.capabilities.tool_result_images.value).toBe(true);
    expect(resolution.listed).toBe(true);
  });

  it('ranks below the curated data: the data file wins where they disagree', () => {
    const registry = testRegistry();
    const image = registry.resolveCapabilities('acme-cloud', 'blind').image_input;
    expect([image.value, image.evidence]).toEqual([false, 'docs']);
    // the limits the data gives win over the catalogue's context of 5000
    expect(registry.resolve('acme-cloud', 'blind').limits).toEqual({ context: 1000, output: 100 });
  });

  it('beats a family template, and a template never covers a speech model', () => {
    const registry = testRegistry();
    // acme-9-tts matches the template, but its "tts" word excludes it; the catalogue says speech
    const speech = registry.resolve('acme-cloud', 'acme-9-tts');
    expect([speech.via, speech.model?.origin]).toEqual(['catalogue', 'catalogue']);
    expect(speech.capabilities.tools.value).toBe(false);
    expect(speech.capabilities.image_input.value).toBe(false);
    // without the catalogue the exclusion alone keeps the template off it
    const bare = createRegistry({ extends: registry, catalogue: null });
    expect(bare.resolve('acme-cloud', 'acme-9-tts').via).toBe('default');
    expect(bare.resolve('acme-cloud', 'acme-9-chat').via).toBe('family');
  });

  it('the shipped snapshot answers for at least 500 models, and names its date and licence', () => {
    let answered = 0;
    for (const provider of defaultRegistry.providers()) {
      if (provider.catalogue === undefined) continue;
      for (const model of defaultCatalogue.models(provider.catalogue)) {
        const values = defaultRegistry.capabilityValues(provider.id, model.id);
        if (values.image_input !== 'unknown') answered += 1;
      }
    }
    expect(answered).toBeGreaterThanOrEqual(500);
    expect([defaultCatalogue.date, defaultCatalogue.licence]).toEqual([
      '2026-07-02',
      'MIT (Copyright (c) 2025 models.dev); see LICENSE-models-dev',
    ]);
  });

  it('the shipped data takes MiniMax-M3 images and keeps Gemini templates off speech models', () => {
    for (const provider of ['minimax', 'minimax-anthropic']) {
      expect(defaultRegistry.capabilityValues(provider, 'MiniMax-M3').image_input).toBe(true);
    }
    const tts = defaultRegistry.resolve('gemini', 'gemini-2.5-flash-preview-tts');
    expect([tts.via, tts.capabilities.tools.value, tts.capabilities.audio_input.value]).toEqual([
      'catalogue',
      false,
      false,
    ]);
  });
});

describe('lifecycle', () => {
  it('a retired offering resolves with a clear warning, and is not listed', () => {
    const resolution = testRegistry().resolve('acme-cloud', 'unsure');
    expect(resolution.offering?.id).toBe('unsure');
    expect(resolution.lifecycle).toEqual({
      status: 'retired',
      deprecated: undefined,
      retired: '2026-05-15',
      replacement: 'seeing',
      evidence: 'docs',
      source: SOURCE,
    });
    expect(resolution.listed).toBe(false);
    expect(resolution.warnings).toEqual([
      `model "unsure" on provider "acme-cloud" was retired on 2026-05-15: requests fail or are served by another model; use "seeing" instead (${SOURCE})`,
    ]);
  });

  it('a deprecated offering warns with its retirement date; after that date it is retired', () => {
    expect(testRegistry('2026-11-29').resolve('acme-cloud', 'blind').warnings).toEqual([
      `model "blind" on provider "acme-cloud" is deprecated; it retires on 2027-01-31 (${SOURCE})`,
    ]);
    expect(testRegistry('2027-02-01').resolve('acme-cloud', 'blind').lifecycle?.status).toBe(
      'retired',
    );
  });

  it('the catalogue marks a deprecated model; a name missing from the list says so against its date', () => {
    const registry = testRegistry();
    expect(registry.resolve('acme-cloud', 'old-1').lifecycle?.status).toBe('deprecated');
    const elsewhere = registry.resolve('acme-cloud', 'zz-not-here');
    expect(elsewhere.warnings).toEqual([
      'model "zz-not-here" is unknown to the registry: it is not in the registry\'s list for "acme-cloud" as of 2026-11-29 (nor in its models.dev snapshot of 2026-07-02); the list may be older than the model, so this says nothing about whether "acme-cloud" serves it; what depends on the model is unknown',
    ]);
  });

  it('refuses a retired default and an offering retired by the data date', () => {
    const provider = (changes: Record<string, unknown>) => ({
      ...testProvider('p', 'anthropic'),
      offerings: [{ id: 'seeing', model: 'acme/seeing' }],
      retired: [{ id: 'blind', model: 'acme/blind', retired: '2026-05-15', source: SOURCE }],
      ...changes,
    });
    expect(() =>
      createRegistry({
        extends: null,
        entries: [testLab(), provider({ default_model: 'blind' }) as never],
      }),
    ).toThrow(
      'default_model: default_model "blind" is retired; the default must be a current offering',
    );
    expect(() =>
      createRegistry({
        extends: null,
        entries: [
          testLab(),
          provider({
            offerings: [
              {
                id: 'seeing',
                model: 'acme/seeing',
                lifecycle: { retired: '2026-06-01', source: SOURCE },
              },
            ],
          }) as never,
        ],
      }),
    ).toThrow(
      `offerings["seeing"].lifecycle.retired: retired on 2026-06-01, on or before the data's date ${'2026-11-29'}: move the offering to "retired"`,
    );
  });

  it('no offering of the shipped data is retired as of its date, and every default is current', () => {
    const asOf = dataDate(defaultRegistry.files());
    expect(asOf).toBe('2026-12-06');
    for (const provider of defaultRegistry.providers()) {
      for (const offering of provider.offerings) {
        const retired = offering.lifecycle?.retired;
        expect(
          retired === undefined || retired > (asOf as string),
          `${provider.id}/${offering.id}`,
        ).toBe(true);
      }
      if (provider.defaultModel === undefined) continue;
      const resolution = defaultRegistry.resolve(provider.id, provider.defaultModel);
      expect(resolution.lifecycle?.status ?? 'current', provider.id).toBe('current');
      expect(resolution.warnings, provider.id).toEqual([]);
    }
  });

  it('the stale ids named in issue 16 resolve as retired with their replacement', () => {
    const cases: [string, string, string, string][] = [
      ['xai', 'grok-4', '2026-05-15', 'grok-4.3'],
      ['xai', 'grok-code-fast-1', '2026-05-15', 'grok-4.3'],
      ['xai', 'grok-3', '2026-05-15', 'grok-4.3'],
      ['gemini', 'gemini-3-pro-preview', '2026-03-09', 'gemini-3.1-pro-preview'],
      ['cerebras', 'llama-3.3-70b', '2026-02-16', 'gpt-oss-120b'],
      ['cerebras', 'qwen-3-235b-a22b-instruct-2507', '2026-05-27', 'gpt-oss-120b'],
      ['deepseek', 'deepseek-chat', '2026-07-24', 'deepseek-v4-flash'],
      ['deepseek', 'deepseek-reasoner', '2026-07-24', 'deepseek-v4-flash'],
    ];
    for (const [provider, model, retired, replacement] of cases) {
      const { lifecycle } = defaultRegistry.resolve(provider, model);
      expect([lifecycle?.status, lifecycle?.retired, lifecycle?.replacement], model).toEqual([
        'retired',
        retired,
        replacement,
      ]);
    }
    expect(defaultRegistry.provider('xai').defaultModel).toBe('grok-4.3');
    expect(defaultRegistry.provider('deepseek').defaultModel).toBe('deepseek-flash');
  });
});

describe('registry:crosscheck', () => {
  it('lists where the data and the catalogue disagree, and counts what agrees', () => {
    const report = crosscheck(testRegistry(), []);
    expect(report.disagreements).toEqual([
      {
        provider: 'acme-cloud',
        model: 'blind',
        fact: 'image_input',
        from: 'entry',
        data: false,
        catalogue: true,
        dataSource: SOURCE,
        catalogueSource: `https://github.com/example/catalogue/blob/${COMMIT}/providers/acme/models/blind.toml`,
      },
      {
        provider: 'acme-cloud',
        model: 'blind',
        fact: 'limits.context',
        from: 'entry',
        data: 1000,
        catalogue: 5000,
        dataSource: 'offering "blind"',
        catalogueSource: `https://github.com/example/catalogue/blob/${COMMIT}/providers/acme/models/blind.toml`,
      },
    ]);
    // blind: tools agree, image and context differ; nothing else is served and listed
    expect(report.compared).toBe(3);
    expect(report.unreviewed).toEqual(report.disagreements);
    expect(renderReport(report).split('\n').at(-2)).toBe(
      '3 facts compared: 1 agree, 2 differ: 2 unreviewed, 0 reviewed, 0 stale reviews (report only)',
    );
  });

  const blindImage: ReviewedEntry = {
    provider: 'acme-cloud',
    models: ['blind'],
    fact: 'image_input',
    ours: false,
    theirs: true,
    verdict: 'catalogue-wrong',
    reason: 'Acme documents Blind as text-only.',
    source: SOURCE,
    date: '2026-12-01',
  };

  it('reports a reviewed difference apart, and lists the unreviewed ones by id', () => {
    const report = crosscheck(testRegistry(), [blindImage]);
    expect(report.reviewed.map((item) => [item.fact, item.review])).toEqual([
      ['image_input', blindImage],
    ]);
    expect(report.unreviewed.map((item) => item.fact)).toEqual(['limits.context']);
    expect(report.stale).toEqual([]);
    expect(renderReport(report, { reviewed: true }).split('\n').slice(1)).toEqual([
      "unreviewed (1): check each against the provider's docs",
      '  acme-cloud blind limits.context: data says 1000, catalogue says 5000',
      '      data: offering "blind"',
      `      catalogue: https://github.com/example/catalogue/blob/${COMMIT}/providers/acme/models/blind.toml`,
      'reviewed (1):',
      '  acme-cloud blind image_input: data says false, catalogue says true (catalogue-wrong, 2026-12-01)',
      `      Acme documents Blind as text-only. ${SOURCE}`,
      '3 facts compared: 1 agree, 2 differ: 1 unreviewed, 1 reviewed, 0 stale reviews (report only)',
      '',
    ]);
    // without --reviewed, the reviewed ones are counted, not listed
    expect(renderReport(report).split('\n').at(-3)).toBe(
      'reviewed (1): listed with their reasons by --reviewed (data/catalogue/crosscheck-reviewed.json)',
    );
  });

  it('a review matches only the values it saw: a changed side makes it stale and unreviewed', () => {
    const limit: ReviewedEntry = {
      ...blindImage,
      fact: 'limits.context',
      ours: 1000,
      theirs: 4000, // the catalogue now says 5000
    };
    const gone: ReviewedEntry = { ...blindImage, fact: 'tools', ours: true, theirs: false };
    const report = crosscheck(testRegistry(), [blindImage, limit, gone]);
    expect(report.unreviewed.map((item) => item.fact)).toEqual(['limits.context']);
    expect(report.stale.map((item) => [item.id, item.now?.catalogue])).toEqual([
      ['acme-cloud blind limits.context', 5000],
      ['acme-cloud blind tools', undefined],
    ]);
    expect(renderReport(report).split('\n')).toContain(
      '  acme-cloud blind limits.context: reviewed ours 1000, theirs 4000; now data says 1000, catalogue says 5000',
    );
    expect(renderReport(report).split('\n')).toContain(
      '  acme-cloud blind tools: reviewed ours true, theirs false; now no difference',
    );
  });

  it('refuses a reviewed table with wrong types, no difference or a difference reviewed twice', () => {
    const { problems } = checkReviewed({
      reviewed: [
        blindImage,
        { ...blindImage, models: ['seeing', 'blind'] },
        { ...blindImage, fact: 'limits.output', ours: true, theirs: false },
        { ...blindImage, theirs: false },
        { ...blindImage, verdict: 'maybe', extra: 1 },
      ],
    });
    expect(problems).toEqual([
      {
        path: 'reviewed[2].ours',
        message: 'expected a limit (a positive integer) for limits.output',
      },
      {
        path: 'reviewed[2].theirs',
        message: 'expected a limit (a positive integer) for limits.output',
      },
      { path: 'reviewed[3].theirs', message: 'equals ours: no difference' },
      expect.objectContaining({ path: 'reviewed[4].verdict' }),
      expect.objectContaining({ path: 'reviewed[4]' }),
    ]);
    const twice = checkReviewed({
      reviewed: [blindImage, { ...blindImage, models: ['seeing', 'blind'] }],
    });
    expect(twice.problems).toEqual([
      {
        path: 'reviewed[1].models[1]',
        message: '"acme-cloud blind image_input" is already reviewed in reviewed[0]',
      },
    ]);
  });

  it('the shipped reviewed table has no stale entry: each still matches a current difference', () => {
    const report = crosscheck();
    expect(report.stale.map((item) => item.id)).toEqual([]);
    expect(report.reviewed.length).toBe(readReviewed().reduce((n, e) => n + e.models.length, 0));
  });
});
