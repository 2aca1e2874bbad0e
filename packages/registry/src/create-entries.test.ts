import { RegistryError } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import type { LearnedSnapshot } from './catalogue/listing/types.js';
import { createRegistry, type RegistryEntry } from './create.js';
import { defaultRegistry } from './default-registry.js';
import { claim, SOURCE, testLab, testProvider } from './test-support/fixtures.js';

// createRegistry's entries and options as a caller passes them: what it refuses and how it
// says so, and how a patch merges with the base. Each test builds its registries.

/** The issues a data error lists. */
const issuesOf = (error: RegistryError) =>
  error.details.issues as { file: string; path: string; message: string }[];

function thrown(action: () => unknown): RegistryError {
  try {
    action();
  } catch (error) {
    if (error instanceof RegistryError) return error;
    throw error;
  }
  throw new Error('expected a RegistryError');
}

const LIST = 'http://127.0.0.1:9/v1/models';
const listing = (provider: string, id: string): LearnedSnapshot['listings'][number] => ({
  provider,
  endpoint: LIST,
  date: '2026-11-30',
  complete: true,
  models: [{ id }],
});

describe('what createRegistry refuses', () => {
  it('entries that are not a list', () => {
    const error = thrown(() => createRegistry({ entries: testLab() as never }));
    expect([error.code, error.message, error.details]).toEqual([
      'invalid_registry_data',
      'invalid registry data:\n  entries: (option): expected an array of lab files, lab patches, provider files or provider patches',
      {
        issues: [
          {
            file: 'entries',
            path: '',
            message:
              'expected an array of lab files, lab patches, provider files or provider patches',
          },
        ],
      },
    ]);
  });

  it('an entry that is not an object, each named by its position', () => {
    const error = thrown(() =>
      createRegistry({ extends: null, entries: [null, [], 5, 'lab'] as never }),
    );
    expect(error.message).toBe(
      [
        'invalid registry data:',
        '  entries[0]: (file): expected an object',
        '  entries[1]: (file): expected an object',
        '  entries[2]: (file): expected an object',
        '  entries[3]: (file): expected an object',
      ].join('\n'),
    );
    expect(issuesOf(error)[0]).toEqual({
      file: 'entries[0]',
      path: '',
      message: 'expected an object',
    });
  });

  it('an extends that is not a registry, with the issue in the details', () => {
    const error = thrown(() => createRegistry({ extends: {} as never }));
    expect(error.details).toEqual({
      issues: [
        {
          file: 'extends',
          path: '',
          message: 'expected a registry (defaultRegistry or one createRegistry made) or null',
        },
      ],
    });
  });

  it('a misspelt field, at its place in the entry as written', () => {
    const error = thrown(() =>
      createRegistry({
        extends: null,
        entries: [
          testLab(),
          { lab: 'acme', models: [{ id: 'blind', colour: 'red' }] } as never,
          { ...testProvider('p', 'openai'), quirkz: {} } as never,
        ],
      }),
    );
    expect(error.details.issues).toEqual([
      {
        file: 'entries[1] (lab "acme")',
        path: 'models[0].colour',
        message: 'unknown field "colour" (the schema is strict; check the spelling)',
      },
      {
        file: 'entries[2] (provider "p")',
        path: 'quirkz',
        message: 'unknown field "quirkz" (the schema is strict; check the spelling)',
      },
    ]);
  });

  it('a wrong value in a lab patch, at its place in the patch', () => {
    const error = thrown(() =>
      createRegistry({
        extends: null,
        entries: [testLab(), { lab: 'acme', models: [{ id: 'unsure', limits: { context: -1 } }] }],
      }),
    );
    expect(issuesOf(error).map((issue) => [issue.file, issue.path])).toEqual([
      ['entries[1] (lab "acme")', 'models[0].limits.context'],
    ]);
  });

  it('a new model of a lab patch that lacks fields, at its place in the patch', () => {
    const error = thrown(() =>
      createRegistry({
        extends: null,
        entries: [
          testLab(),
          { lab: 'acme', models: [{ id: 'blind', name: 'Blind' }, { id: 'new-one' }] } as never,
        ],
      }),
    );
    expect(issuesOf(error).map((issue) => issue.path)).toEqual([
      'models[1].name',
      'models[1].family',
      'models[1].capabilities',
      'models[1].source',
    ]);
  });

  it('the cross-field checks wait until every entry passes the schema', () => {
    const error = thrown(() =>
      createRegistry({
        extends: null,
        entries: [
          testLab(),
          { ...testProvider('p', 'openai'), offerings: [{ id: 'x', model: 'acme/missing' }] },
          { id: 'q', name: 'Q' },
        ],
      }),
    );
    expect(issuesOf(error).map((issue) => issue.file)).toEqual(
      Array(5).fill('entries[2] (provider "q")'),
    );
  });

  it('a learned snapshot that does not match its schema', () => {
    const error = thrown(() =>
      createRegistry({
        extends: null,
        learned: { listings: [{ ...listing('p', 'm'), date: 'soon' }] } as never,
      }),
    );
    expect([error.code, error.message.split('\n')[0], issuesOf(error).length]).toEqual([
      'invalid_learned_snapshot',
      'invalid learned snapshot:',
      1,
    ]);
    expect(error.message.split('\n')[1]).toMatch(/^ {2}learned: listings\[0\]\.date: /);
  });
});

describe('how entries merge with the base', () => {
  const base = () =>
    createRegistry({
      extends: null,
      catalogue: null,
      // The provider first: a lab patch must find the lab, not the first file.
      entries: [
        {
          ...testProvider('p', 'openai', { images: false }),
          offerings: [{ id: 'Seeing', model: 'acme/seeing' }],
        },
        {
          ...testLab(),
          families: [
            {
              family: 'acme',
              templates: ['acme-{version}'],
              capabilities: { tools: claim(true) },
              source: SOURCE,
            },
          ],
        } as RegistryEntry,
      ],
    });

  it("a lab patch replaces a family by name and adds a new one; the lab's models stay", () => {
    const patched = createRegistry({
      extends: base(),
      entries: [
        {
          lab: 'acme',
          families: [
            {
              family: 'acme',
              templates: ['acme-{version}-{variant}'],
              capabilities: { tools: claim(false) },
              source: SOURCE,
            },
            {
              family: 'zeta',
              templates: ['zeta-{version}'],
              capabilities: { tools: claim(true) },
              source: SOURCE,
            },
          ],
          models: [],
        } as RegistryEntry,
      ],
    });
    const lab = patched.files().find((file) => file.kind === 'lab');
    expect(
      lab?.kind === 'lab' && lab.data.families?.map((family) => [family.family, family.templates]),
    ).toEqual([
      ['acme', ['acme-{version}-{variant}']],
      ['zeta', ['zeta-{version}']],
    ]);
    expect(patched.models().map((model) => model.key)).toEqual([
      'acme/blind',
      'acme/seeing',
      'acme/unsure',
    ]);
  });

  it('a provider patch replaces an offering named in another case and keeps the claims it leaves', () => {
    const patched = createRegistry({
      extends: base(),
      entries: [
        {
          id: 'p',
          offerings: [{ id: 'SEEING', model: 'acme/blind' }],
          capabilities: { tool_result_pdf: claim(false) },
        } as RegistryEntry,
      ],
    });
    const file = patched.files().find((entry) => entry.kind === 'provider');
    const data = file?.kind === 'provider' ? file.data : undefined;
    expect(data?.offerings?.map((offering) => [offering.id, offering.model])).toEqual([
      ['SEEING', 'acme/blind'],
    ]);
    expect(Object.keys(data?.capabilities ?? {}).sort()).toEqual([
      'tool_result_images',
      'tool_result_pdf',
    ]);
  });

  it("takes the base's catalogue, files and learned layer unless told otherwise", () => {
    const extended = createRegistry({ extends: defaultRegistry });
    expect(extended.catalogue()).toBe(defaultRegistry.catalogue());
    expect(extended.files()).toEqual(defaultRegistry.files());
    expect(createRegistry({ extends: defaultRegistry, catalogue: null }).catalogue()).toBe(
      undefined,
    );
    const heard = createRegistry({
      extends: base(),
      learned: { listings: [listing('p', 'one'), listing('q', 'two')] },
    });
    expect(createRegistry({ extends: heard }).learned()).toEqual(heard.learned());
  });

  it('a provider patch adds offerings to a provider that had none', () => {
    const patched = createRegistry({
      extends: createRegistry({
        extends: null,
        entries: [testLab(), testProvider('p', 'openai')],
      }),
      entries: [{ id: 'p', offerings: [{ id: 'seeing', model: 'acme/seeing' }] }],
    });
    expect(patched.resolve('p', 'seeing').via).toBe('offering');
  });

  it('a learned snapshot with no base is taken as given', () => {
    const learned = { listings: [listing('p', 'one')] };
    expect(createRegistry({ extends: null, learned }).learned()).toEqual(learned);
  });

  it("a learned snapshot replaces the base's listing of the same provider, keeps the others, frozen", () => {
    const heard = createRegistry({
      extends: base(),
      learned: { listings: [listing('p', 'one'), listing('q', 'two')] },
    });
    const again = createRegistry({
      extends: heard,
      learned: { listings: [listing('p', 'three')] },
    });
    const learned = again.learned();
    expect(learned.listings.map((entry) => [entry.provider, entry.models[0]?.id])).toEqual([
      ['q', 'two'],
      ['p', 'three'],
    ]);
    expect([
      Object.isFrozen(learned),
      Object.isFrozen(learned.listings),
      Object.isFrozen(learned.listings[1]),
      Object.isFrozen(learned.listings[1]?.models[0]),
    ]).toEqual([true, true, true, true]);
  });

  it('judges lifecycles as of the given day', () => {
    const entries: RegistryEntry[] = [
      testLab(),
      {
        ...testProvider('p', 'openai'),
        offerings: [
          {
            id: 'seeing',
            model: 'acme/seeing',
            lifecycle: { deprecated: '2026-11-01', retired: '2027-03-01', source: SOURCE },
          },
        ],
      } as RegistryEntry,
    ];
    const status = (today: string) =>
      createRegistry({ extends: null, today, entries }).resolve('p', 'seeing').lifecycle?.status;
    expect([status('2027-02-28'), status('2027-03-01')]).toEqual(['deprecated', 'retired']);
  });
});
