import { describe, expect, it } from 'vitest';
import { createCatalogue } from './catalogue/catalogue.js';
import type { LearnedSnapshot } from './catalogue/listing/types.js';
import { createRegistry, type RegistryEntry } from './create.js';
import { SOURCE } from './test-support/fixtures.js';

// Which claim decides a model fact, by evidence: the table in docs/registry.md ("Which claim
// decides"), one test per pair of its rows. Each world holds only the two sources of the pair,
// the higher saying true and the lower false; the expected winner is written from the table.

type Level = 'evidence' | 'listing' | 'inferred' | 'catalogue' | 'family';
const TABLE: readonly Level[] = ['evidence', 'listing', 'inferred', 'catalogue', 'family'];

const CAT = 'https://github.com/example/cat';
const COMMIT = 'b'.repeat(40);
const LIST = 'http://127.0.0.1:9/v1/models';

/** A registry where `prec-9` (no entry: the `prec` family template) gets image_input from `sources`. */
function world(sources: Partial<Record<Level, boolean>>) {
  const claim = (value: boolean, evidence: 'docs' | 'inferred') => ({
    value,
    evidence,
    source: SOURCE,
    date: '2026-12-01',
  });
  const curated = sources.evidence ?? sources.inferred;
  const lab: RegistryEntry = {
    lab: 'prec',
    name: 'Prec',
    families: [
      {
        family: 'prec',
        templates: ['prec-{version}'],
        capabilities:
          sources.family === undefined ? {} : { image_input: claim(sources.family, 'inferred') },
        source: SOURCE,
      },
    ],
    models: [],
  };
  const provider = {
    id: 'p',
    name: 'p',
    tool_wire_format: 'openai',
    base_url: 'http://127.0.0.1:9/v1',
    chat_path: '/chat',
    auth: { header: 'Authorization', scheme: 'Bearer' },
    docs: SOURCE,
    catalogue: { models_dev: 'cat' },
    ...(curated === undefined
      ? {}
      : {
          capabilities: {
            image_input: claim(curated, sources.evidence === undefined ? 'inferred' : 'docs'),
          },
        }),
  } as RegistryEntry;
  const learned: LearnedSnapshot = {
    listings:
      sources.listing === undefined
        ? []
        : [
            {
              provider: 'p',
              endpoint: LIST,
              date: '2026-12-05',
              complete: true,
              models: [{ id: 'prec-9', capabilities: { image_input: sources.listing } }],
            },
          ],
  };
  const catalogue = createCatalogue(() => ({
    source: CAT,
    licence: 'MIT',
    commit: COMMIT,
    date: '2026-07-02',
    providers: {
      cat: Object.fromEntries(
        sources.catalogue === undefined
          ? []
          : [['prec-9', { in: sources.catalogue ? 'text image' : 'text', out: 'text' }]],
      ),
    },
  }));
  return createRegistry({ extends: null, entries: [lab, provider], learned, catalogue });
}

/** Who decided, as the reasons say it. */
function decider(level: Level): RegExp {
  return {
    evidence: /^provider "p" claims image_input = true \(docs,/,
    listing: /^the model list of provider "p" \(read 2026-12-05;/,
    inferred: /^provider "p" claims image_input = true \(inferred,/,
    catalogue: /^the Cat catalogue|^the models\.dev catalogue|catalogue \(snapshot 2026-07-02/,
    family: /^family prec claims image_input = true \(inferred,/,
  }[level];
}

// Curated evidence and a curated inference are rows for the one curated claim that decides
// (the offering's, else the provider's, else the model entry's): that pair is the test below.
const PAIRS = TABLE.flatMap((higher, index) =>
  TABLE.slice(index + 1).map((lower) => [higher, lower] as const),
).filter(([higher, lower]) => !(higher === 'evidence' && lower === 'inferred'));

describe('precedence by evidence: one test per pair of the table', () => {
  it('the table has five rows: nine pairs of sources, and one of curated claims', () => {
    expect(PAIRS).toHaveLength(9);
  });

  it.each(PAIRS)('%s outranks %s', (higher, lower) => {
    const registry = world({ [higher]: true, [lower]: false });
    const fact = registry.resolveCapabilities({ provider: 'p', model: 'prec-9' }).image_input;
    expect(fact.value).toBe(true);
    expect(fact.reasons.at(-1)).toMatch(decider(higher));
    // And the other way round: the lower one alone decides, when it is the only word.
    const alone = world({ [lower]: false }).resolveCapabilities({ provider: 'p', model: 'prec-9' });
    expect(alone.image_input.value).toBe(false);
  });

  it('the row an answer came from is its evidence', () => {
    const evidence = (level: Level) =>
      world({ [level]: true }).resolveCapabilities({ provider: 'p', model: 'prec-9' }).image_input
        .evidence;
    expect(TABLE.map(evidence)).toEqual(['docs', 'listing', 'inferred', 'catalogue', 'inferred']);
  });

  it('evidence outranks inference among curated claims only by place: the most specific claim decides', () => {
    // An offering's inferred override beats its model's documented fact (how OpenRouter's
    // `tools: false` for a model that calls tools elsewhere holds); as an inference it then
    // yields to the provider's listing, which a documented claim would not.
    const entries = (offering: 'docs' | 'inferred'): RegistryEntry[] => [
      {
        lab: 'prec',
        name: 'Prec',
        models: [
          {
            id: 'prec-1',
            name: 'Prec 1',
            family: 'prec',
            capabilities: {
              tools: { value: true, evidence: 'docs', source: SOURCE, date: '2026-12-01' },
            },
            source: SOURCE,
          },
        ],
      },
      {
        id: 'p',
        name: 'p',
        tool_wire_format: 'openai',
        base_url: 'http://127.0.0.1:9/v1',
        chat_path: '/chat',
        auth: { header: 'Authorization', scheme: 'Bearer' },
        docs: SOURCE,
        offerings: [
          {
            id: 'prec-1',
            model: 'prec/prec-1',
            capabilities: {
              tools: { value: false, evidence: offering, source: SOURCE, date: '2026-12-01' },
            },
          },
        ],
      } as RegistryEntry,
    ];
    const learned: LearnedSnapshot = {
      listings: [
        {
          provider: 'p',
          endpoint: LIST,
          date: '2026-12-05',
          complete: true,
          models: [{ id: 'prec-1', capabilities: { tools: true } }],
        },
      ],
    };
    const tools = (evidence: 'docs' | 'inferred', withListing: boolean) =>
      createRegistry({
        extends: null,
        entries: entries(evidence),
        catalogue: null,
        ...(withListing ? { learned } : {}),
      }).resolveCapabilities({ provider: 'p', model: 'prec-1' }).tools;
    expect([tools('inferred', false).value, tools('inferred', false).evidence]).toEqual([
      false,
      'inferred',
    ]);
    expect([tools('docs', true).value, tools('docs', true).evidence]).toEqual([false, 'docs']);
    expect([tools('inferred', true).value, tools('inferred', true).evidence]).toEqual([
      true,
      'listing',
    ]);
  });
});
