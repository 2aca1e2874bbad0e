import { describe, expect, it } from 'vitest';
import { type CatalogueSnapshot, createCatalogue } from '../catalogue/catalogue.js';
import type { LearnedSnapshot } from '../catalogue/listing/types.js';
import { createRegistry, type RegistryEntry } from '../create.js';
import { claim, SOURCE } from '../test-support/fixtures.js';

// How a requested name finds its model, as `resolve` reports it: `via`, the steps taken and the
// model entry, for every layer a name can come from (an offering, the lab's ids, aliases and
// snapshots, the provider's own listing, the imported catalogue, a family template). Each test
// builds its registry: a registry caches its resolutions, and a cached answer would hide what
// the resolver does from a test that asks again.

const LIST = 'http://127.0.0.1:9/v1/models';
const REPO = 'https://github.com/example/catalogue';
const COMMIT = '0123456789abcdef0123456789abcdef01234567';
const catFile = (id: string) => `${REPO}/blob/${COMMIT}/providers/cat/models/${id}.toml`;

function acmeLab(): RegistryEntry {
  const model = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    name: `Acme ${id}`,
    family: 'acme',
    capabilities: { tools: claim(true) },
    source: SOURCE,
    ...extra,
  });
  return {
    lab: 'acme',
    name: 'Acme',
    families: [
      {
        family: 'acme',
        templates: ['acme-{version}-{variant}'],
        versions: '>=5',
        exclude_tokens: ['tts'],
        capabilities: { tools: claim(true), image_input: claim(true) },
        request_features: {
          output_format: [
            { ...claim(false), when: { variant: 'mini' } },
            { ...claim(false), when: { model: 'acme/acme-7-ultra' } },
            { ...claim(true), when: { version: '>=5' } },
          ],
        },
        source: SOURCE,
      },
      // No version range, no excluded words.
      {
        family: 'zeta',
        templates: ['zeta-{version}'],
        capabilities: { tools: claim(false) },
        source: SOURCE,
      },
    ],
    models: [
      model('acme-1', { version: '1', aliases: ['acme-one'], snapshots: ['acme-1-20260105'] }),
      model('acme-2', { version: '2', aliases: ['acme-two'] }),
      model('acme-3', { version: '3' }),
      // An id that reads like a dated snapshot of another name.
      model('acme-4-20260201', { version: '4' }),
    ],
  } as RegistryEntry;
}

function provider(): RegistryEntry {
  return {
    id: 'p',
    name: 'P',
    tool_wire_format: 'openai',
    base_url: 'http://127.0.0.1:9/v1',
    chat_path: '/chat',
    auth: { header: 'Authorization', scheme: 'Bearer' },
    docs: SOURCE,
    catalogue: { models_dev: 'cat' },
    offerings: [{ id: 'Acme-1', model: 'acme/acme-1', aliases: ['a1'] }],
    retired: [{ id: 'acme-2', model: 'acme/acme-2', retired: '2026-06-01', source: SOURCE }],
  } as RegistryEntry;
}

function catalogue(): CatalogueSnapshot {
  return {
    source: REPO,
    licence: 'MIT',
    commit: COMMIT,
    date: '2026-07-02',
    providers: {
      cat: {
        'cat-only': {
          name: 'Cat Only',
          in: 'text image',
          out: 'text',
          tools: true,
          context: 8000,
          output: 1000,
          released: '2026-03-01',
        },
        'cat-bare': { in: 'text', out: 'text' },
        'cat-voice': { in: 'text', out: 'audio', kind: 'speech' },
        // A chat model a template covers, and a speech model it would.
        'acme-7-pro': { name: 'Acme 7 Pro (catalogue)', in: 'text', out: 'text' },
        'acme-8-sing': { in: 'text', out: 'audio', kind: 'speech' },
        // The listing's model without a name or limits: the catalogue fills them in.
        'heard-2': {
          name: 'Heard Two',
          in: 'text',
          out: 'text',
          context: 4000,
          output: 400,
          released: '2026-02-02',
        },
      },
    },
  };
}

function listing(): LearnedSnapshot {
  return {
    listings: [
      {
        provider: 'p',
        endpoint: LIST,
        date: '2026-11-30',
        complete: true,
        models: [
          {
            id: 'heard-1',
            name: 'Heard One',
            aliases: ['heard-one'],
            created: '2026-10-01',
            context: 9000,
            output: 900,
            endpoint: `${LIST}/heard-1`,
          },
          { id: 'heard-2' },
          { id: 'tagged:latest' },
          { id: 'whisper-9', kind: 'transcription' },
          { id: 'acme-7-voice', kind: 'speech' },
        ],
      },
    ],
  };
}

function world() {
  return createRegistry({
    extends: null,
    catalogue: createCatalogue(catalogue),
    learned: listing(),
    today: '2026-12-02',
    entries: [acmeLab(), provider()],
  });
}

const resolveOnP = (model: string) => world().resolve({ provider: 'p', model });

describe('a name the data lists', () => {
  it('an offering by its id in another case, and by its alias', () => {
    const byId = resolveOnP('acme-1');
    expect([byId.via, byId.model?.key, byId.offering?.id, byId.steps]).toEqual([
      'offering',
      'acme/acme-1',
      'Acme-1',
      ['offering "Acme-1" of provider "p" serving acme/acme-1'],
    ]);
    const byAlias = resolveOnP('A1');
    expect([byAlias.via, byAlias.steps]).toEqual([
      'offering',
      ['offering "Acme-1" (alias of "Acme-1") of provider "p" serving acme/acme-1'],
    ]);
  });

  it("a model's alias, served by the provider under another name", () => {
    const resolution = resolveOnP('acme-one');
    expect([resolution.via, resolution.offering?.id, resolution.steps]).toEqual([
      'alias',
      'Acme-1',
      ['"acme-one" is an alias of acme/acme-1; served as offering "Acme-1" of provider "p"'],
    ]);
  });

  it('a listed snapshot, and a dated name of an id the lab lists', () => {
    const listed = resolveOnP('acme-1-20260105');
    expect([listed.via, listed.steps]).toEqual([
      'snapshot',
      [
        '"acme-1-20260105" is a listed snapshot of acme/acme-1; served as offering "Acme-1" of provider "p"',
      ],
    ]);
    const dated = resolveOnP('acme-3-20260301');
    expect([dated.via, dated.model?.key, dated.offering, dated.steps]).toEqual([
      'snapshot',
      'acme/acme-3',
      undefined,
      [
        'dated snapshot 2026-03-01 of "acme-3"',
        '"acme-3" is the id of acme/acme-3; not listed as an offering of provider "p", so the model\'s own facts apply',
      ],
    ]);
  });

  it('a "-latest" name, and the plain id, of a model the provider does not offer', () => {
    const latest = resolveOnP('acme-3-latest');
    expect([latest.via, latest.steps]).toEqual([
      'latest',
      [
        '"-latest" stripped',
        '"acme-3" is the id of acme/acme-3; not listed as an offering of provider "p", so the model\'s own facts apply',
      ],
    ]);
    expect(resolveOnP('acme-3').via).toBe('id');
    // The id itself, though a dated snapshot could be stripped from it.
    const dated = resolveOnP('acme-4-20260201');
    expect([dated.via, dated.model?.key]).toEqual(['id', 'acme/acme-4-20260201']);
  });

  it('a name of an offering the provider retired takes its lifecycle', () => {
    const resolution = resolveOnP('acme-two');
    expect([resolution.via, resolution.offering?.id, resolution.steps]).toEqual([
      'alias',
      'acme-2',
      [
        '"acme-two" is an alias of acme/acme-2; a name of retired offering "acme-2" of provider "p", so its lifecycle applies',
      ],
    ]);
  });
});

describe("a name only the provider's own listing knows", () => {
  it('takes every fact the listing gives, and says which name matched', () => {
    const resolution = resolveOnP('vendor/Heard-One');
    expect(resolution.model).toEqual({
      key: 'p/heard-1',
      lab: 'p',
      id: 'heard-1',
      name: 'Heard One',
      family: '',
      variant: undefined,
      version: undefined,
      releaseDate: '2026-10-01',
      aliases: ['heard-one'],
      snapshots: [],
      limits: { context: 9000, output: 900 },
      openWeights: undefined,
      capabilities: {},
      source: `${LIST}/heard-1`,
      requestFeatures: {},
      fromFamily: false,
      origin: 'listing',
    });
    expect([resolution.via, resolution.steps]).toEqual([
      'listing',
      [
        'vendor prefix "vendor/" stripped',
        `"heard-1" (named by its alias "Heard-One") has no entry in the data; the model list of provider "p" read from ${LIST} on 2026-11-30 lists it, so the listing's facts apply`,
      ],
    ]);
  });

  it('its id in another case is no alias', () => {
    expect(resolveOnP('vendor/HEARD-1').steps).toEqual([
      'vendor prefix "vendor/" stripped',
      `"heard-1" has no entry in the data; the model list of provider "p" read from ${LIST} on 2026-11-30 lists it, so the listing's facts apply`,
    ]);
  });

  it('the catalogue fills in what the listing leaves out; with neither, the id names it', () => {
    const filled = resolveOnP('heard-2').model;
    expect([filled?.name, filled?.releaseDate, filled?.limits, filled?.source]).toEqual([
      'Heard Two',
      '2026-02-02',
      { context: 4000, output: 400 },
      LIST,
    ]);
    const bare = resolveOnP('tagged');
    expect([bare.model?.id, bare.model?.name, bare.model?.limits, bare.model?.aliases]).toEqual([
      'tagged:latest',
      'tagged:latest',
      { context: undefined, output: undefined },
      [],
    ]);
    expect(resolveOnP('vendor/tagged').steps).toEqual([
      'vendor prefix "vendor/" stripped',
      `"tagged:latest" has no entry in the data; the model list of provider "p" read from ${LIST} on 2026-11-30 lists it, so the listing's facts apply`,
    ]);
    expect(bare.steps).toEqual([
      `"tagged:latest" has no entry in the data; the model list of provider "p" read from ${LIST} on 2026-11-30 lists it, so the listing's facts apply`,
    ]);
  });

  it('names the kind of a model that is no chat model, and no template covers it', () => {
    expect(resolveOnP('whisper-9').steps).toEqual([
      `"whisper-9" has no entry in the data; the model list of provider "p" read from ${LIST} on 2026-11-30 lists it as a transcription model, so the listing's facts apply`,
    ]);
    // acme-{version}-{variant} matches the name, but the listing says it is a speech model.
    const voice = resolveOnP('acme-7-voice');
    expect([voice.via, voice.model?.origin, voice.kind]).toEqual(['listing', 'listing', 'speech']);
  });
});

describe('a name only the imported catalogue knows', () => {
  it("takes the catalogue's facts, and the steps say which name matched", () => {
    const resolution = resolveOnP('vendor/Cat-Only');
    expect(resolution.model).toEqual({
      key: 'cat/cat-only',
      lab: 'cat',
      id: 'cat-only',
      name: 'Cat Only',
      family: '',
      variant: undefined,
      version: undefined,
      releaseDate: '2026-03-01',
      aliases: [],
      snapshots: [],
      limits: { context: 8000, output: 1000 },
      openWeights: undefined,
      capabilities: {},
      source: catFile('cat-only'),
      requestFeatures: {},
      fromFamily: false,
      origin: 'catalogue',
    });
    expect([resolution.via, resolution.steps]).toEqual([
      'catalogue',
      [
        'vendor prefix "vendor/" stripped',
        '"cat-only" has no entry in the data; the imported catalogue lists it on provider "p", so the catalogue\'s facts apply',
      ],
    ]);
  });

  it('a model without a name is named by its id; a speech model says so', () => {
    expect(resolveOnP('cat-bare').model?.name).toBe('cat-bare');
    expect(resolveOnP('cat-voice').steps).toEqual([
      '"cat-voice" has no entry in the data; the imported catalogue lists it on provider "p" (a speech model), so the catalogue\'s facts apply',
    ]);
  });

  it('a template never covers a model the catalogue lists as no chat model', () => {
    const resolution = resolveOnP('acme-8-sing');
    expect([resolution.via, resolution.model?.origin]).toEqual(['catalogue', 'catalogue']);
  });
});

describe('a name a family template covers', () => {
  it("places the model in its family with the family's facts, the catalogue's chat entry beside", () => {
    const resolution = resolveOnP('vendor/acme-7-pro');
    expect(resolution.model).toMatchObject({
      key: 'acme/acme-7-pro',
      lab: 'acme',
      id: 'acme-7-pro',
      family: 'acme',
      variant: 'pro',
      version: '7',
      fromFamily: true,
      origin: 'family',
    });
    expect([resolution.via, resolution.catalogue?.name, resolution.steps]).toEqual([
      'family',
      'Acme 7 Pro (catalogue)',
      [
        'vendor prefix "vendor/" stripped',
        '"acme-7-pro" has no entry; it matches the template "acme-{version}-{variant}" of family acme (versions >=5), version 7, so the family\'s facts apply',
      ],
    ]);
  });

  it("the family's request features follow the member's variant and version", () => {
    const features = (model: string) => resolveOnP(model).model?.requestFeatures.output_format;
    expect(
      ['acme-7-mini', 'acme-7-ultra', 'acme-7-max'].map((name) => features(name)?.value),
    ).toEqual([false, false, true]);
  });

  it('not outside its version range, nor with an excluded word in the variant', () => {
    for (const name of ['acme-4-pro', 'acme-8-tts', 'acme-8-mini-tts', 'acme-8-tts.1']) {
      const resolution = resolveOnP(name);
      expect([name, resolution.model, resolution.known]).toEqual([name, undefined, false]);
    }
    expect(resolveOnP('acme-8-mini-pro').via).toBe('family');
  });

  it('a family without a range or excluded words', () => {
    const resolution = resolveOnP('zeta-2');
    expect([resolution.via, resolution.model?.version, resolution.steps]).toEqual([
      'family',
      '2',
      [
        '"zeta-2" has no entry; it matches the template "zeta-{version}" of family zeta, version 2, so the family\'s facts apply',
      ],
    ]);
  });
});
