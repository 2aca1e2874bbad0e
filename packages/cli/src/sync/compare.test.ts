// compareListing on a small registry of its own (one lab, one provider, written below) and
// listings written by hand: what `registry sync` would change for each listed model, and why.
// The reasons are the ones a reviewer reads in the report, so they are written down in full.
import { createRegistry, type LearnedListing, type LearnedModel } from '@crosswire/registry';
import { describe, expect, it } from 'vitest';
import { compareListing, isDataModelId } from './compare.js';

const SOURCE = 'https://acme.test/docs';
/** The newest date in the data below: a listing read before it is compared as of this day. */
const DATA_DATE = '2026-11-29';

const model = (id: string, snapshots?: string[], aliases?: string[]) => ({
  id,
  name: id,
  family: 'acme',
  limits: { context: 1000, output: 100 },
  capabilities: {
    tools: { value: true, evidence: 'docs' as const, source: SOURCE, date: DATA_DATE },
  },
  source: SOURCE,
  ...(snapshots ? { snapshots } : {}),
  ...(aliases ? { aliases } : {}),
});

const registry = createRegistry({
  extends: null,
  catalogue: null,
  entries: [
    {
      lab: 'acme',
      name: 'Acme',
      models: [
        model('sol', ['sol-2026-01-15', 'sol-preview-7'], ['sol-classic']),
        model('luna', ['luna-2026-03-01']),
        model('terra'),
        model('old'),
      ],
    },
    {
      id: 'acme-cloud',
      name: 'Acme Cloud',
      tool_wire_format: 'openai',
      base_url: 'http://127.0.0.1:9/v1',
      chat_path: '/chat/completions',
      auth: { header: 'Authorization', scheme: 'Bearer' },
      docs: SOURCE,
      offerings: [
        { id: 'sol', model: 'acme/sol', aliases: ['sol-now'] },
        { id: 'luna', model: 'acme/luna', lifecycle: { retired: '2027-06-01', source: SOURCE } },
      ],
      retired: [{ id: 'old', model: 'acme/old', retired: '2026-01-01', source: SOURCE }],
    },
  ],
});

const ENDPOINT = 'http://127.0.0.1:9/v1/models';
const READ = '2026-12-01';
const FROM = `the model list ${ENDPOINT} read ${READ}`;

function listing(models: LearnedModel[], extra: Partial<LearnedListing> = {}): LearnedListing {
  return {
    provider: 'acme-cloud',
    endpoint: ENDPOINT,
    date: READ,
    complete: false,
    models,
    ...extra,
  };
}

const changesOf = (models: LearnedModel[], extra: Partial<LearnedListing> = {}, local = false) =>
  compareListing(registry, listing(models, extra), { local }).changes;

describe('compareListing: the report', () => {
  it('names the provider, the listing and its count, complete and local as given', () => {
    const report = compareListing(
      registry,
      listing([{ id: 'sol' }, { id: 'luna' }], { complete: true }),
      { local: true },
    );
    expect(report).toEqual({
      provider: 'acme-cloud',
      endpoint: ENDPOINT,
      date: READ,
      listed: 2,
      complete: true,
      local: true,
      changes: [],
    });
  });
});

describe('compareListing: a listed model the data does not offer', () => {
  it('a model no lab file has: a new offering', () => {
    expect(changesOf([{ id: 'nova' }])).toEqual([
      {
        id: 'nova',
        change: 'add-offering',
        reason: `listed by ${FROM} and offered nowhere in the data; no lab file has the model`,
        listed: { id: 'nova' },
      },
    ]);
  });

  it('a model of a lab file: a new offering of it, with the lifecycle the listing states', () => {
    const terra = {
      id: 'terra',
      lifecycle: { status: 'deprecated' as const, retired: '2027-03-01' },
    };
    expect(changesOf([{ id: 'terra' }, terra])).toEqual([
      {
        id: 'terra',
        change: 'add-offering',
        reason: `listed by ${FROM} and offered nowhere in the data; the model is acme/terra`,
        model: 'acme/terra',
        listed: { id: 'terra' },
      },
      {
        id: 'terra',
        change: 'add-offering',
        reason: `listed by ${FROM} and offered nowhere in the data; the model is acme/terra; with the lifecycle the listing states (retires 2027-03-01)`,
        model: 'acme/terra',
        listed: terra,
      },
    ]);
    const dated = { id: 'nova', lifecycle: { status: 'deprecated' as const } };
    expect(changesOf([dated])[0]?.reason).toBe(
      `listed by ${FROM} and offered nowhere in the data; no lab file has the model; with the lifecycle the listing states`,
    );
  });

  it('a model that is no chat model is skipped, with a or an before its kind', () => {
    expect(
      changesOf([
        { id: 'embed-1', kind: 'embedding' },
        { id: 'draw-1', kind: 'image' },
        { id: 'ocr-1', kind: 'ocr' },
      ]).map((change) => [change.id, change.change, change.reason]),
    ).toEqual([
      ['embed-1', 'skip', `an embedding model, not a chat model (${FROM}): never offered for chat`],
      ['draw-1', 'skip', `an image model, not a chat model (${FROM}): never offered for chat`],
      ['ocr-1', 'skip', `an ocr model, not a chat model (${FROM}): never offered for chat`],
    ]);
    expect(changesOf([{ id: 'say-1', kind: 'speech' }])[0]?.reason).toBe(
      `a speech model, not a chat model (${FROM}): never offered for chat`,
    );
  });

  it('a model the listing says is retired, by status or by a day on or before the data date, is not added', () => {
    const byStatus = { id: 'nova', lifecycle: { status: 'retired' as const } };
    const onTheDay = { id: 'nova-2', lifecycle: { retired: READ } };
    // Read before the data's date: compared as of the data's date.
    const older = changesOf([{ id: 'nova-3', lifecycle: { retired: '2026-06-01' } }], {
      date: '2026-01-01',
    });
    expect(changesOf([byStatus, onTheDay]).map((change) => [change.change, change.reason])).toEqual(
      [
        ['skip', `retired by ${FROM}: a model no longer served is not added`],
        ['skip', `retired on ${READ} by ${FROM}: a model no longer served is not added`],
      ],
    );
    expect(older.map((change) => [change.change, change.reason])).toEqual([
      [
        'skip',
        `retired on 2026-06-01 by the model list ${ENDPOINT} read 2026-01-01: a model no longer served is not added`,
      ],
    ]);
    // A day after the listing's: still served.
    expect(changesOf([{ id: 'nova-4', lifecycle: { retired: '2026-12-02' } }])[0]?.change).toBe(
      'add-offering',
    );
  });

  it("an id the data's rules refuse is skipped", () => {
    expect(changesOf([{ id: 'has space' }])).toEqual([
      {
        id: 'has space',
        change: 'skip',
        reason:
          "the data's id rules refuse it (letters, digits and . _ : @ / -, at most 256 characters)",
        listed: { id: 'has space' },
      },
    ]);
  });

  it('names the data has as two models are not re-pointed', () => {
    expect(changesOf([{ id: 'sol', aliases: ['LUNA'] }])).toEqual([
      {
        id: 'sol',
        change: 'skip',
        reason: `${FROM} names "sol", "LUNA" as one model, but the data has them as offerings of acme/sol and acme/luna: not re-pointed; review against the provider's model page`,
        listed: { id: 'sol', aliases: ['LUNA'] },
      },
    ]);
    // Two names of one offering are one model.
    expect(changesOf([{ id: 'sol', aliases: ['sol-now'] }])).toEqual([]);
  });
});

describe('compareListing: the lifecycle of an offering the data has', () => {
  it('deprecated with a day to come: a lifecycle change, with the replacement', () => {
    const stated = {
      id: 'SOL',
      lifecycle: { status: 'deprecated' as const, retired: '2027-01-31', replacement: 'terra' },
    };
    expect(changesOf([stated])).toEqual([
      {
        id: 'SOL',
        model: 'acme/sol',
        offering: 'sol',
        listed: stated,
        change: 'lifecycle',
        reason: `${FROM} says it is deprecated and retires on 2027-01-31; replacement "terra"`,
      },
    ]);
    expect(
      changesOf([{ id: 'sol', lifecycle: { status: 'deprecated' } }]).map((c) => c.reason),
    ).toEqual([`${FROM} says it is deprecated`]);
  });

  it('retired by status or by a past day: the offering moves to retired', () => {
    expect(
      changesOf([
        { id: 'sol', lifecycle: { status: 'retired' } },
        { id: 'sol-now', lifecycle: { retired: READ } },
      ]).map((change) => [change.change, change.reason]),
    ).toEqual([
      ['retire', `${FROM} says it shut down: the offering moves to "retired"`],
      ['retire', `${FROM} says it shut down on ${READ}: the offering moves to "retired"`],
    ]);
  });

  it('an offering with a notice: a different day is a skip to review, the same day or none is nothing', () => {
    expect(changesOf([{ id: 'luna', lifecycle: { retired: '2027-07-01' } }])).toEqual([
      {
        id: 'luna',
        model: 'acme/luna',
        offering: 'luna',
        listed: { id: 'luna', lifecycle: { retired: '2027-07-01' } },
        change: 'skip',
        reason: `${FROM} says it retires on 2027-07-01, the data's notice says 2027-06-01 (${SOURCE}): the notice is kept; review`,
      },
    ]);
    expect(
      changesOf([
        { id: 'luna', lifecycle: { retired: '2027-06-01' } },
        { id: 'luna', lifecycle: { status: 'deprecated' } },
      ]),
    ).toEqual([]);
  });

  it("a notice without a day: the listing's day is a skip to review, saying the notice has none", () => {
    const noticed = createRegistry({
      extends: registry,
      entries: [
        {
          id: 'acme-cloud',
          offerings: [
            {
              id: 'sol',
              model: 'acme/sol',
              lifecycle: { deprecated: '2026-10-01', source: SOURCE },
            },
          ],
        },
      ],
    });
    const stated = { id: 'sol', lifecycle: { retired: '2027-01-31' } };
    expect(compareListing(noticed, listing([stated]), { local: false }).changes).toEqual([
      {
        id: 'sol',
        model: 'acme/sol',
        offering: 'sol',
        listed: stated,
        change: 'skip',
        reason: `${FROM} says it retires on 2027-01-31, the data's notice says no date (${SOURCE}): the notice is kept; review`,
      },
    ]);
  });

  it('active, stated nothing, or already retired in the data: nothing', () => {
    expect(
      changesOf([
        { id: 'sol', lifecycle: { status: 'active', retired: '2020-01-01' } },
        { id: 'sol' },
        { id: 'old', lifecycle: { status: 'retired', retired: '2025-12-01' } },
      ]),
    ).toEqual([]);
  });
});

describe("compareListing: a dated snapshot of an offering's model", () => {
  it('shares the offering: nothing, unless the listing states a day of its own', () => {
    expect(changesOf([{ id: 'sol-2026-01-15' }])).toEqual([]);
    // A snapshot of an offering with a notice shares the notice's day.
    expect(changesOf([{ id: 'luna-2026-03-01' }])).toEqual([]);
    expect(changesOf([{ id: 'luna-2026-03-01', lifecycle: { retired: '2027-06-01' } }])).toEqual(
      [],
    );
    const later = { id: 'sol-2026-01-15', lifecycle: { retired: '2027-02-01' } };
    const past = { id: 'sol-2026-01-15', lifecycle: { retired: '2026-10-01' } };
    const today = { id: 'sol-2026-01-15', lifecycle: { retired: READ } };
    expect(changesOf([today]).map((change) => change.change)).toEqual(['retire']);
    expect(changesOf([later, past])).toEqual([
      {
        id: 'sol-2026-01-15',
        model: 'acme/sol',
        offering: 'sol',
        listed: later,
        change: 'add-offering',
        reason: `a snapshot of "sol" that retires on 2027-02-01 by ${FROM}, unlike "sol": an offering of its own with that lifecycle`,
      },
      {
        id: 'sol-2026-01-15',
        model: 'acme/sol',
        offering: 'sol',
        listed: past,
        change: 'retire',
        reason: `a snapshot of "sol", shut down on 2026-10-01 by ${FROM}: recorded as retired`,
      },
    ]);
  });
});

describe('compareListing: offerings the listing does not name', () => {
  it('a complete listing flags each offering named nowhere in it', () => {
    expect(changesOf([{ id: 'sol' }], { complete: true })).toEqual([
      {
        id: 'luna',
        change: 'flag-unlisted',
        reason: `not in ${FROM}, under any of its names or its model's snapshots: a candidate for "retired"`,
        model: 'acme/luna',
        offering: 'luna',
      },
    ]);
  });

  it('an offering listed by an alias, its model snapshot, a dated name of it, or in another case is not flagged', () => {
    for (const names of [
      ['sol-now', 'LUNA'],
      ['sol-classic', 'luna'],
      ['sol-2026-01-15', 'luna'],
      ['sol-preview-7', 'luna'],
      ['sol', 'luna-2026-04-01'],
    ]) {
      const models = names.map((id) => ({ id }));
      expect(
        changesOf(models, { complete: true }).filter((change) => change.change === 'flag-unlisted'),
        names.join(' '),
      ).toEqual([]);
    }
    expect(
      changesOf([{ id: 'sol' }, { id: 'other', aliases: ['Luna'] }], { complete: true }).filter(
        (change) => change.change === 'flag-unlisted',
      ),
    ).toEqual([]);
  });

  it("each offering is looked for under its own model's names, not another's", () => {
    expect(
      changesOf([{ id: 'luna' }], { complete: true }).map((change) => [change.change, change.id]),
    ).toEqual([['flag-unlisted', 'sol']]);
  });

  it('a listing cut short, or a local server, flags nothing', () => {
    expect(changesOf([{ id: 'sol' }], { complete: false })).toEqual([]);
    expect(changesOf([{ id: 'sol' }], { complete: true }, true)).toEqual([]);
  });
});

describe('isDataModelId', () => {
  it('letters or digits first, then letters, digits and . _ : @ / -, at most 256', () => {
    expect(['a', '9', 'a.b_c:d@e/f-g', 'x'.repeat(256)].map(isDataModelId)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['', '-a', '.a', 'a b', 'a+b', 'x'.repeat(257)].map(isDataModelId)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
