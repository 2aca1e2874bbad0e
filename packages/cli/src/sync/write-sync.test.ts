import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type Catalogue,
  createRegistry,
  defaultRegistry,
  type Registry,
} from '@crosswire/registry';
import { afterEach, describe, expect, it } from 'vitest';
import { writeValidated } from './checked-write.js';
import type { SyncChange, SyncReport } from './compare.js';
import { DEFAULT_MAX_NEW, writeSync } from './write-sync.js';

// writeSync and the checked write on a data directory of their own: one provider with two
// offerings and one lab, small enough to validate in milliseconds (the CLI tests run the same
// writes on a copy of the shipped data against the simulator).

const ENDPOINT = 'http://127.0.0.1:9/v1/models';
const DATE = '2026-12-07';
const DOCS = 'https://example.test/docs';
const REVIEWED = `added by registry sync on ${DATE}: listed by ${ENDPOINT} (evidence: listing); review`;

function providerFile(id: string, offerings: unknown[], extra: object = {}) {
  return {
    id,
    name: 'Provider',
    tool_wire_format: 'anthropic',
    base_url: 'https://api.example.test',
    chat_path: '/v1/messages',
    auth: { header: 'x-api-key' },
    docs: DOCS,
    offerings,
    ...extra,
  };
}

const LAB = {
  lab: 'anthropic',
  name: 'Anthropic',
  families: [
    {
      family: 'claude',
      templates: ['claude-{variant}-{version}'],
      version_separator: '-',
      capabilities: {
        tools: { value: true, evidence: 'inferred', source: DOCS, date: '2026-11-29' },
        image_input: { value: true, evidence: 'docs', source: DOCS, date: '2026-11-30' },
        // An "unknown" claim has a source but is no fact: a new entry does not copy it.
        audio_input: { value: 'unknown', evidence: 'inferred', source: DOCS },
      },
      source: DOCS,
    },
  ],
  models: [
    {
      id: 'claude-fable-5-1',
      name: 'Claude Fable 5.1',
      family: 'claude',
      capabilities: {},
      source: DOCS,
    },
    {
      id: 'claude-old-4-0',
      name: 'Claude Old 4.0',
      family: 'claude',
      capabilities: {},
      source: DOCS,
    },
  ],
};

const OFFERINGS = [
  { id: 'claude-fable-5-1', model: 'anthropic/claude-fable-5-1', note: 'the launch price' },
  { id: 'claude-old-4-0', model: 'anthropic/claude-old-4-0', aliases: ['claude-old'] },
];

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function text(data: unknown): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** A data directory of its own: the anthropic provider, its lab, and `acme` (no lab of its own). */
function dataDir(offerings: unknown[] = OFFERINGS, extra: object = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'crosswire-write-sync-'));
  dirs.push(dir);
  mkdirSync(path.join(dir, 'providers'));
  mkdirSync(path.join(dir, 'models'));
  writeFileSync(
    path.join(dir, 'providers', 'anthropic.json'),
    text(providerFile('anthropic', offerings, extra)),
  );
  writeFileSync(path.join(dir, 'providers', 'acme.json'), text(providerFile('acme', [])));
  writeFileSync(path.join(dir, 'models', 'anthropic.json'), text(LAB));
  return dir;
}

function registryOf(dir: string, catalogue: Catalogue | null = null): Registry {
  const read = (file: string) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as never;
  return createRegistry({
    extends: null,
    entries: [
      read('models/anthropic.json'),
      read('providers/anthropic.json'),
      read('providers/acme.json'),
    ],
    catalogue,
  });
}

function read(dir: string, file: string): unknown {
  return JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
}

function raw(dir: string, file: string): string {
  return readFileSync(path.join(dir, file), 'utf8');
}

function report(changes: SyncChange[], provider = 'anthropic'): SyncReport {
  return {
    provider,
    endpoint: ENDPOINT,
    date: DATE,
    listed: 3,
    complete: true,
    local: false,
    changes,
  };
}

async function sync(
  dir: string,
  changes: SyncChange[],
  options: { provider?: string; maxNew?: number } = {},
) {
  return writeSync({
    dataDir: dir,
    registry: registryOf(dir),
    report: report(changes, options.provider),
    ...(options.maxNew === undefined ? {} : { maxNew: options.maxNew }),
  });
}

const NOTHING = {
  offerings: [],
  labEntries: [],
  lifecycles: [],
  retired: [],
  flagged: [],
  skipped: [],
};

describe('writeSync: new offerings', () => {
  it('adds an offering for a model a lab file has, citing the listing, and writes the file formatted', async () => {
    const dir = dataDir();
    const providerPath = path.join(dir, 'providers', 'anthropic.json');
    const before = raw(dir, 'models/anthropic.json');
    const written = await sync(dir, [
      {
        id: 'claude-fable-5-1-20261201',
        change: 'add-offering',
        reason: 'new',
        model: 'anthropic/claude-fable-5-1',
      },
    ]);
    expect(written).toEqual({
      ...NOTHING,
      ok: true,
      offerings: ['claude-fable-5-1-20261201'],
      files: [providerPath],
      issues: [],
    });
    expect(raw(dir, 'providers/anthropic.json')).toBe(
      text(
        providerFile('anthropic', [
          ...OFFERINGS,
          {
            id: 'claude-fable-5-1-20261201',
            model: 'anthropic/claude-fable-5-1',
            source: ENDPOINT,
            note: REVIEWED,
          },
        ]),
      ),
    );
    // The lab file is not touched when no lab entry is added.
    expect(raw(dir, 'models/anthropic.json')).toBe(before);
  });

  it('adds a lab entry with the listing facts, the family template facts where it says nothing, and the lifecycle it states', async () => {
    const dir = dataDir();
    const written = await sync(dir, [
      {
        id: 'claude-fable-5-9',
        change: 'add-offering',
        reason: 'new',
        listed: {
          id: 'claude-fable-5-9',
          name: 'Claude Fable 5.9',
          created: '2026-12-01',
          // An output as large as the context is kept (only a larger one is dropped).
          context: 128_000,
          output: 128_000,
          capabilities: { pdf_input: true, audio_input: false },
          lifecycle: {
            deprecated: '2027-01-01',
            retired: '2027-06-01',
            replacement: 'claude-fable-6-0',
          },
        },
      },
    ]);
    expect(written).toEqual({
      ...NOTHING,
      ok: true,
      offerings: ['claude-fable-5-9'],
      labEntries: ['anthropic/claude-fable-5-9'],
      files: [
        path.join(dir, 'providers', 'anthropic.json'),
        path.join(dir, 'models', 'anthropic.json'),
      ],
      issues: [],
    });
    expect(
      (read(dir, 'providers/anthropic.json') as { offerings: unknown[] }).offerings.at(-1),
    ).toEqual({
      id: 'claude-fable-5-9',
      model: 'anthropic/claude-fable-5-9',
      lifecycle: {
        deprecated: '2027-01-01',
        retired: '2027-06-01',
        replacement: 'claude-fable-6-0',
        source: ENDPOINT,
        evidence: 'listing',
        note: `registry sync on ${DATE}: as the provider's model list states it; review`,
      },
      source: ENDPOINT,
      note: REVIEWED,
    });
    expect(raw(dir, 'models/anthropic.json')).toBe(
      text({
        ...LAB,
        models: [
          ...LAB.models,
          {
            id: 'claude-fable-5-9',
            name: 'Claude Fable 5.9',
            family: 'claude',
            variant: 'fable',
            version: '5.9',
            release_date: '2026-12-01',
            limits: { context: 128_000, output: 128_000 },
            capabilities: {
              tools: {
                value: true,
                evidence: 'inferred',
                source: DOCS,
                date: '2026-11-29',
                note: 'from the family claude template (registry sync)',
              },
              image_input: {
                value: true,
                evidence: 'docs',
                source: DOCS,
                date: '2026-11-30',
                note: 'from the family claude template (registry sync)',
              },
              pdf_input: { value: true, evidence: 'listing', source: ENDPOINT, date: DATE },
              audio_input: { value: false, evidence: 'listing', source: ENDPOINT, date: DATE },
            },
            source: ENDPOINT,
            review: `created by crosswire registry sync on ${DATE} from the provider's model list (${ENDPOINT}): check the name, family, release date, limits, capabilities and source against the lab's page for this model, then remove this field`,
          },
        ],
      }),
    );
  });

  it('writes a bare lab entry for a model no family knows: the id as name, its first word as family, no output larger than the context', async () => {
    const dir = dataDir();
    const written = await sync(dir, [
      {
        id: 'Zeta-1',
        change: 'add-offering',
        reason: 'new',
        listed: {
          id: 'Zeta-1',
          context: 1000,
          output: 2000,
          endpoint: 'http://127.0.0.1:9/v1/models/Zeta-1',
          capabilities: { tools: true },
          // No date: no lifecycle; a replacement the data could not hold is left out.
          lifecycle: { replacement: 'claude-fable-6-0' },
        },
      },
      {
        id: '9-lives',
        change: 'add-offering',
        reason: 'new',
        listed: {
          id: '9-lives',
          output: 50,
          lifecycle: { deprecated: '2027-01-01', replacement: 'bad id!' },
        },
      },
    ]);
    expect(written.ok).toBe(true);
    const lab = read(dir, 'models/anthropic.json') as { models: unknown[] };
    const review = (id: string) => ({
      source: ENDPOINT,
      review: `created by crosswire registry sync on ${DATE} from the provider's model list (${ENDPOINT}): check the name, family, release date, limits, capabilities and source against the lab's page for this model, then remove this field`,
      id,
    });
    expect(lab.models.slice(2)).toEqual([
      {
        ...review('Zeta-1'),
        name: 'Zeta-1',
        family: 'zeta',
        limits: { context: 1000 },
        capabilities: {
          tools: {
            value: true,
            evidence: 'listing',
            source: 'http://127.0.0.1:9/v1/models/Zeta-1',
            date: DATE,
          },
        },
      },
      {
        ...review('9-lives'),
        name: '9-lives',
        family: 'model',
        limits: { output: 50 },
        capabilities: {},
      },
    ]);
    expect(Object.keys(lab.models[2] as object)).toEqual([
      'id',
      'name',
      'family',
      'limits',
      'capabilities',
      'source',
      'review',
    ]);
    const offerings = (read(dir, 'providers/anthropic.json') as { offerings: unknown[] }).offerings;
    expect(offerings.slice(2)).toEqual([
      { id: 'Zeta-1', model: 'anthropic/Zeta-1', source: ENDPOINT, note: REVIEWED },
      {
        id: '9-lives',
        model: 'anthropic/9-lives',
        lifecycle: {
          deprecated: '2027-01-01',
          source: ENDPOINT,
          evidence: 'listing',
          note: `registry sync on ${DATE}: as the provider's model list states it; review`,
        },
        source: ENDPOINT,
        note: REVIEWED,
      },
    ]);
  });

  it('leaves out the limits when the listing states none', async () => {
    const dir = dataDir();
    await sync(dir, [
      {
        id: 'claude-fable-5-8',
        change: 'add-offering',
        reason: 'new',
        listed: { id: 'claude-fable-5-8' },
      },
    ]);
    const lab = read(dir, 'models/anthropic.json') as { models: Record<string, unknown>[] };
    expect(lab.models[2]).not.toHaveProperty('limits');
    expect(lab.models[2]).not.toHaveProperty('release_date');
    // The template's facts, but not its "unknown" audio_input claim: that is no fact.
    expect(Object.keys(lab.models[2]?.capabilities as object)).toEqual(['tools', 'image_input']);
  });

  it('writes no lab entry for a model a lab file has, even with what the listing states of it', async () => {
    const dir = dataDir();
    const before = raw(dir, 'models/anthropic.json');
    const written = await sync(dir, [
      {
        id: 'claude-fable-5-1-20261201',
        change: 'add-offering',
        reason: 'new',
        model: 'anthropic/claude-fable-5-1',
        listed: { id: 'claude-fable-5-1-20261201', context: 1000 },
      },
    ]);
    expect(written.labEntries).toEqual([]);
    expect(written.files).toEqual([path.join(dir, 'providers', 'anthropic.json')]);
    expect(raw(dir, 'models/anthropic.json')).toBe(before);
  });

  it('takes from the catalogue only through a family template, as inferred, and nothing for a model only the catalogue knows', async () => {
    const dir = dataDir(OFFERINGS, { catalogue: { models_dev: 'anthropic' } });
    const catalogueUrl = (id: string) =>
      `https://github.com/anomalyco/models.dev/blob/f3fc692299671838c7c65fd8126bf84d81a2e817/providers/anthropic/models/${id}.toml`;
    const written = await writeSync({
      dataDir: dir,
      registry: registryOf(dir, defaultRegistry.catalogue() ?? null),
      report: report([
        {
          id: 'claude-haiku-4-5',
          change: 'add-offering',
          reason: 'new',
          listed: { id: 'claude-haiku-4-5' },
        },
        {
          id: 'claude-3-haiku-20240307',
          change: 'add-offering',
          reason: 'new',
          listed: { id: 'claude-3-haiku-20240307' },
        },
      ]),
    });
    expect(written.ok).toBe(true);
    const [templated, catalogued] = (
      read(dir, 'models/anthropic.json') as { models: Record<string, unknown>[] }
    ).models.slice(2);
    expect(templated).toMatchObject({
      id: 'claude-haiku-4-5',
      family: 'claude',
      variant: 'haiku',
      version: '4.5',
    });
    expect(templated?.capabilities).toHaveProperty('tools', {
      value: true,
      evidence: 'inferred',
      source: catalogueUrl('claude-haiku-4-5'),
      date: '2026-07-02',
      note: 'from the family claude template (registry sync)',
    });
    // Resolved from the catalogue alone (no family template): its first word as family, no facts.
    expect(catalogued).toEqual({
      id: 'claude-3-haiku-20240307',
      name: 'claude-3-haiku-20240307',
      family: 'claude',
      capabilities: {},
      source: ENDPOINT,
      review: `created by crosswire registry sync on ${DATE} from the provider's model list (${ENDPOINT}): check the name, family, release date, limits, capabilities and source against the lab's page for this model, then remove this field`,
    });
  });

  it('skips a new model when the provider has no lab of its own, and writes nothing', async () => {
    const dir = dataDir();
    const before = raw(dir, 'providers/acme.json');
    const written = await sync(
      dir,
      [{ id: 'acme-1', change: 'add-offering', reason: 'new', listed: { id: 'acme-1' } }],
      { provider: 'acme' },
    );
    expect(written).toEqual({
      ...NOTHING,
      ok: true,
      skipped: [
        {
          id: 'acme-1',
          reason:
            'no lab file has the model and this provider has no lab of its own: add a lab entry first',
        },
      ],
      files: [],
      issues: [],
    });
    expect(raw(dir, 'providers/acme.json')).toBe(before);
  });

  it('skips a new model without what the listing states of it', async () => {
    const dir = dataDir();
    const written = await sync(dir, [{ id: 'claude-x', change: 'add-offering', reason: 'new' }]);
    expect(written.skipped.map((skip) => skip.id)).toEqual(['claude-x']);
    expect(written.files).toEqual([]);
  });
});

describe('writeSync: lifecycles and retirements', () => {
  it('writes the lifecycle the listing states on the offering', async () => {
    const dir = dataDir();
    const written = await sync(dir, [
      {
        id: 'claude-fable-5-1',
        change: 'lifecycle',
        reason: 'deprecated',
        offering: 'claude-fable-5-1',
        listed: { id: 'claude-fable-5-1', lifecycle: { deprecated: '2027-02-01' } },
      },
      // Nothing stated, or no such offering: nothing written for it.
      {
        id: 'claude-old-4-0',
        change: 'lifecycle',
        reason: 'r',
        offering: 'claude-old-4-0',
        listed: { id: 'claude-old-4-0' },
      },
      {
        id: 'claude-none',
        change: 'lifecycle',
        reason: 'r',
        offering: 'claude-none',
        listed: { id: 'claude-none', lifecycle: { deprecated: '2027-02-01' } },
      },
      { id: 'claude-old-4-0', change: 'skip', reason: 'r' },
    ]);
    expect(written).toEqual({
      ...NOTHING,
      ok: true,
      lifecycles: ['claude-fable-5-1'],
      files: [path.join(dir, 'providers', 'anthropic.json')],
      issues: [],
    });
    expect(raw(dir, 'providers/anthropic.json')).toBe(
      text(
        providerFile('anthropic', [
          {
            ...OFFERINGS[0],
            lifecycle: {
              deprecated: '2027-02-01',
              source: ENDPOINT,
              evidence: 'listing',
              note: `registry sync on ${DATE}: as the provider's model list states it; review`,
            },
          },
          OFFERINGS[1],
        ]),
      ),
    );
  });

  it('moves an offering the listing says shut down to retired, whole, with its aliases', async () => {
    const dir = dataDir(OFFERINGS, {
      retired: [
        {
          id: 'claude-gone-3-0',
          model: 'anthropic/claude-old-4-0',
          retired: '2025-01-01',
          source: DOCS,
        },
      ],
    });
    const written = await sync(dir, [
      {
        id: 'claude-old-4-0',
        change: 'retire',
        reason: 'shut down',
        model: 'anthropic/claude-old-4-0',
        offering: 'claude-old-4-0',
        listed: {
          id: 'claude-old-4-0',
          lifecycle: {
            deprecated: '2026-06-01',
            retired: '2026-12-01',
            replacement: 'claude-fable-5-1',
          },
        },
      },
    ]);
    expect(written).toEqual({
      ...NOTHING,
      ok: true,
      retired: ['claude-old-4-0'],
      files: [path.join(dir, 'providers', 'anthropic.json')],
      issues: [],
    });
    expect(raw(dir, 'providers/anthropic.json')).toBe(
      text(
        providerFile('anthropic', [OFFERINGS[0]], {
          retired: [
            {
              id: 'claude-gone-3-0',
              model: 'anthropic/claude-old-4-0',
              retired: '2025-01-01',
              source: DOCS,
            },
            {
              id: 'claude-old-4-0',
              model: 'anthropic/claude-old-4-0',
              aliases: ['claude-old'],
              deprecated: '2026-06-01',
              retired: '2026-12-01',
              replacement: 'claude-fable-5-1',
              source: ENDPOINT,
              evidence: 'listing',
              note: `registry sync on ${DATE}: the provider's model list says it shut down; review`,
            },
          ],
        }),
      ),
    );
  });

  it('retires a snapshot on its own, keeping its offering and its aliases, on the report date when the listing gives none', async () => {
    const dir = dataDir();
    const written = await sync(dir, [
      {
        id: 'claude-old-4-0-20260101',
        change: 'retire',
        reason: 'shut down',
        model: 'anthropic/claude-old-4-0',
        offering: 'claude-old-4-0',
        listed: { id: 'claude-old-4-0-20260101', lifecycle: { deprecated: '2026-10-01' } },
      },
      // Nothing stated, or an offering the data lacks: nothing written.
      {
        id: 'claude-old-4-0',
        change: 'retire',
        reason: 'r',
        model: 'anthropic/claude-old-4-0',
        offering: 'claude-old-4-0',
        listed: { id: 'claude-old-4-0' },
      },
      {
        id: 'claude-none',
        change: 'retire',
        reason: 'r',
        model: 'anthropic/claude-old-4-0',
        offering: 'claude-none',
        listed: { id: 'claude-none', lifecycle: { retired: '2026-01-01' } },
      },
    ]);
    expect(written.retired).toEqual(['claude-old-4-0-20260101']);
    expect(written.ok).toBe(true);
    expect(raw(dir, 'providers/anthropic.json')).toBe(
      text(
        providerFile('anthropic', OFFERINGS, {
          retired: [
            {
              id: 'claude-old-4-0-20260101',
              model: 'anthropic/claude-old-4-0',
              deprecated: '2026-10-01',
              source: ENDPOINT,
              retired: DATE,
              evidence: 'listing',
              note: `registry sync on ${DATE}: the provider's model list says it shut down; review`,
            },
          ],
        }),
      ),
    );
  });
});

describe('writeSync: offerings the listing lacks', () => {
  const flag = `registry sync: not in the provider's model list (${ENDPOINT}) on ${DATE}: a candidate for "retired"; review, then move it there or remove this note`;
  const unlisted = (id: string): SyncChange => ({
    id,
    change: 'flag-unlisted',
    reason: 'unlisted',
    offering: id,
  });

  it('adds the flag after a note, or as the note, and a second run updates it instead of repeating it', async () => {
    const dir = dataDir();
    const changes = [
      unlisted('claude-fable-5-1'),
      unlisted('claude-old-4-0'),
      unlisted('claude-none'),
    ];
    const first = await sync(dir, changes);
    expect(first).toEqual({
      ...NOTHING,
      ok: true,
      flagged: ['claude-fable-5-1', 'claude-old-4-0'],
      files: [path.join(dir, 'providers', 'anthropic.json')],
      issues: [],
    });
    const expected = text(
      providerFile('anthropic', [
        { ...OFFERINGS[0], note: `the launch price | ${flag}` },
        { ...OFFERINGS[1], note: flag },
      ]),
    );
    expect(raw(dir, 'providers/anthropic.json')).toBe(expected);
    await sync(dir, changes);
    expect(raw(dir, 'providers/anthropic.json')).toBe(expected);
  });

  it('replaces an older flag of its own with the new one', async () => {
    const dir = dataDir([
      { ...OFFERINGS[0], note: 'the launch price | registry sync: not in the list on 2026-01-01' },
      { ...OFFERINGS[1], note: 'registry sync: not in the list on 2026-01-01' },
    ]);
    await sync(dir, [unlisted('claude-fable-5-1'), unlisted('claude-old-4-0')]);
    expect(raw(dir, 'providers/anthropic.json')).toBe(
      text(
        providerFile('anthropic', [
          { ...OFFERINGS[0], note: `the launch price | ${flag}` },
          { ...OFFERINGS[1], note: flag },
        ]),
      ),
    );
  });
});

describe('writeSync: what stops a write', () => {
  const additions = (count: number): SyncChange[] =>
    Array.from({ length: count }, (_, index) => ({
      id: `claude-fable-5-1-2026${String(index).padStart(4, '0')}`,
      change: 'add-offering' as const,
      reason: 'new',
      model: 'anthropic/claude-fable-5-1',
    }));

  it(`writes at most ${DEFAULT_MAX_NEW} new entries by default, nothing when there are more`, async () => {
    expect(DEFAULT_MAX_NEW).toBe(100);
    const dir = dataDir();
    const before = raw(dir, 'providers/anthropic.json');
    const refused = await sync(dir, additions(101));
    expect(refused.ok).toBe(false);
    expect(refused.files).toEqual([]);
    expect(refused.offerings).toHaveLength(101);
    expect(refused.issues).toEqual([
      {
        file: path.join('providers', 'anthropic.json'),
        path: '',
        message:
          'the listing would add 101 new entries, more than 100 per run: nothing written (check the listing; raise the cap with --max-new 101 if it is right)',
      },
    ]);
    expect(raw(dir, 'providers/anthropic.json')).toBe(before);
    const allowed = await sync(dir, additions(100));
    expect(allowed.ok).toBe(true);
    expect(
      (read(dir, 'providers/anthropic.json') as { offerings: unknown[] }).offerings,
    ).toHaveLength(102);
  });

  it('counts offerings, lab entries and retired entries against maxNew, and allows exactly maxNew', async () => {
    const dir = dataDir();
    const before = raw(dir, 'providers/anthropic.json');
    const changes: SyncChange[] = [
      {
        id: 'claude-fable-5-7',
        change: 'add-offering',
        reason: 'new',
        listed: { id: 'claude-fable-5-7' },
      },
      {
        id: 'claude-old-4-0',
        change: 'retire',
        reason: 'r',
        model: 'anthropic/claude-old-4-0',
        offering: 'claude-old-4-0',
        listed: { id: 'claude-old-4-0', lifecycle: { retired: '2026-12-01' } },
      },
      // Not new entries: a lifecycle and a flag.
      {
        id: 'claude-fable-5-1',
        change: 'lifecycle',
        reason: 'r',
        offering: 'claude-fable-5-1',
        listed: { id: 'claude-fable-5-1', lifecycle: { deprecated: '2027-01-01' } },
      },
      {
        id: 'claude-fable-5-1',
        change: 'flag-unlisted',
        reason: 'r',
        offering: 'claude-fable-5-1',
      },
    ];
    const refused = await sync(dir, changes, { maxNew: 2 });
    expect(refused.ok).toBe(false);
    expect(refused.issues.map((issue) => issue.message)).toEqual([
      'the listing would add 3 new entries, more than 2 per run: nothing written (check the listing; raise the cap with --max-new 3 if it is right)',
    ]);
    expect(raw(dir, 'providers/anthropic.json')).toBe(before);
    const allowed = await sync(dir, changes, { maxNew: 3 });
    expect(allowed.ok).toBe(true);
    expect(allowed.files).toHaveLength(2);
  });

  it('writes nothing when the result does not validate, and returns the validator problems', async () => {
    const dir = dataDir();
    const before = raw(dir, 'providers/anthropic.json');
    const written = await sync(dir, [
      {
        id: 'claude-ghost',
        change: 'add-offering',
        reason: 'new',
        model: 'anthropic/claude-ghost',
      },
    ]);
    expect(written.ok).toBe(false);
    expect(written.offerings).toEqual(['claude-ghost']);
    expect(written.files).toEqual([]);
    expect(written.issues.length).toBeGreaterThan(0);
    expect(written.issues[0]?.file).toBe('providers/anthropic.json');
    expect(written.issues[0]?.message).toContain('anthropic/claude-ghost');
    expect(raw(dir, 'providers/anthropic.json')).toBe(before);
  });
});

describe('writeValidated', () => {
  it('writes nothing and reads nothing for no changes', async () => {
    expect(await writeValidated(path.join(tmpdir(), 'crosswire-no-such-dir'), new Map())).toEqual({
      ok: true,
      files: [],
    });
  });

  it('refuses a file outside the data directory', async () => {
    const dir = dataDir();
    const outside = path.join(tmpdir(), 'providers', 'anthropic.json');
    expect(await writeValidated(dir, new Map([[outside, {}]]))).toEqual({
      ok: false,
      issues: [{ file: outside, path: '', message: 'not a data file of this data directory' }],
    });
  });

  it('takes a data file by a relative path and writes every change, two-space JSON with a final newline', async () => {
    const dir = dataDir();
    const relative = path.relative(process.cwd(), path.join(dir, 'providers', 'acme.json'));
    const lab = path.join(dir, 'models', 'anthropic.json');
    const acme = providerFile('acme', [
      { id: 'claude-fable-5-1', model: 'anthropic/claude-fable-5-1' },
    ]);
    const changedLab = { ...LAB, name: 'Anthropic PBC' };
    expect(
      await writeValidated(
        dir,
        new Map<string, unknown>([
          [relative, acme],
          [lab, changedLab],
        ]),
      ),
    ).toEqual({
      ok: true,
      files: [relative, lab],
    });
    expect(raw(dir, 'providers/acme.json')).toBe(text(acme));
    expect(raw(dir, 'models/anthropic.json')).toBe(text(changedLab));
  });

  it('checks the whole directory with the changes in place: a change that breaks another file is refused', async () => {
    const dir = dataDir();
    const lab = path.join(dir, 'models', 'anthropic.json');
    // The providers' offerings name claude-old-4-0: without it, they no longer validate.
    const result = await writeValidated(
      dir,
      new Map([[lab, { ...LAB, models: LAB.models.slice(0, 1) }]]),
    );
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.issues.map((issue) => issue.file)).toContain(
      'providers/anthropic.json',
    );
    expect(raw(dir, 'models/anthropic.json')).toBe(text(LAB));
  });

  it('refuses to write into a directory with a file that is not JSON', async () => {
    const dir = dataDir();
    writeFileSync(path.join(dir, 'providers', 'broken.json'), '{');
    const lab = path.join(dir, 'models', 'anthropic.json');
    const result = await writeValidated(dir, new Map([[lab, { ...LAB, name: 'Changed' }]]));
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.issues.map((issue) => issue.file)).toEqual([
      'providers/broken.json',
    ]);
    expect(raw(dir, 'models/anthropic.json')).toBe(text(LAB));
  });
});
