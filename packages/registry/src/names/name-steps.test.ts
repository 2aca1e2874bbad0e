import { describe, expect, it } from 'vitest';
import { acmeModel, SOURCE } from '../test-support/fixtures.js';
import { checkNamesResolve, formatIssue, parseRegistrySource } from '../validation/validate.js';
import { compileTemplate, nameCandidates, stripDateSnapshot } from './names.js';

// The name steps at their edges, each step whole (name, description, kind), as explain() shows
// them: which dates are calendar dates, where a suffix, prefix or "-latest" is too short to
// strip, and templates whose text holds pattern characters.

describe('stripDateSnapshot at the edges of a calendar date', () => {
  it.each([
    ['m-20000101', '2000-01-01'],
    ['m-21991231', '2199-12-31'],
    ['m-2025-12-31', '2025-12-31'],
    ['a-20250929', '2025-09-29'],
  ])('%s is a snapshot of %s', (name, date) => {
    expect(stripDateSnapshot(name)).toEqual({ base: name.slice(0, name.indexOf('-')), date });
  });

  it.each([
    'm-19991231',
    'm-22000101',
    'm-20250001',
    'm-20251301',
    'm-20250100',
    'm-20250132',
    'm-2025-13-01',
    'm-2025/09/29',
    'm-2025092x',
    // Eight characters that are not all digits, and ten digits in the dashed form's place.
    'm-2025 929',
    'm-2025092900',
    // Nothing before the date: no base to strip to.
    '-20250929',
    // The dashed form after "@" is no Vertex snapshot.
    'm@2025-09-29',
  ])('%s is no snapshot', (name) => {
    expect(stripDateSnapshot(name)).toBeUndefined();
  });
});

describe('nameCandidates, step by step', () => {
  const rules = { stripSuffixes: [':free'], stripAnyTag: false };

  it('every step of a routed, prefixed, dated name, with what it did', () => {
    expect(nameCandidates('Vendor/Sub/model-2025-09-29:FREE', rules)).toEqual([
      { name: 'Vendor/Sub/model-2025-09-29:FREE', description: 'exact id', kind: 'exact' },
      {
        name: 'Vendor/Sub/model-2025-09-29',
        description: 'routing suffix ":free" stripped',
        kind: 'suffix',
      },
      {
        name: 'model-2025-09-29',
        description: 'vendor prefix "Vendor/Sub/" stripped',
        kind: 'prefix',
      },
      { name: 'model', description: 'dated snapshot 2025-09-29 of "model"', kind: 'snapshot' },
    ]);
    expect(nameCandidates('model-LATEST', rules)).toEqual([
      { name: 'model-LATEST', description: 'exact id', kind: 'exact' },
      { name: 'model', description: '"-latest" stripped', kind: 'latest' },
    ]);
  });

  it('a tag is stripped when listed or when any tag goes; nothing is stripped down to nothing', () => {
    expect(nameCandidates('qwen3:8b', rules).map((step) => step.name)).toEqual(['qwen3:8b']);
    expect(
      nameCandidates('qwen3:8b', { stripSuffixes: [], stripAnyTag: true }).map((step) => step.name),
    ).toEqual(['qwen3:8b', 'qwen3']);
    for (const name of [':free', '/model', '-latest']) {
      expect(nameCandidates(name, { stripSuffixes: [':free'], stripAnyTag: true })).toEqual([
        { name, description: 'exact id', kind: 'exact' },
      ]);
    }
  });
});

describe('compileTemplate', () => {
  it('the template’s own text is literal, in any case', () => {
    const mini = compileTemplate('O{version}+Mini');
    expect(mini.match('o4+mini')).toEqual({ version: [4], variant: undefined });
    expect(mini.match('o44mini')).toBeUndefined();
    expect(mini.match('xo4+mini')).toBeUndefined();
    expect(mini.match('o4+minis')).toBeUndefined();
  });

  it('a dashed version is also read dotted, one or two digits a part', () => {
    const claude = compileTemplate('claude-{version}-{variant}', '-');
    expect(claude.match('claude-3.5-sonnet')).toEqual({ version: [3, 5], variant: 'sonnet' });
    expect(claude.match('claude-3-5-sonnet')).toEqual({ version: [3, 5], variant: 'sonnet' });
    expect(compileTemplate('gpt-{version}').match('gpt-4-1')).toBeUndefined();
    expect(compileTemplate('gpt-{version}').match('gpt-10.2')).toEqual({
      version: [10, 2],
      variant: undefined,
    });
  });
});

describe('checkNamesResolve on retired names and snapshots', () => {
  function parsed(file: string, data: unknown) {
    const result = parseRegistrySource({ file, data });
    if (!result.file) throw new Error(JSON.stringify(result.issues));
    return result.file;
  }
  const model = acmeModel;

  const provider = (offerings: unknown[], retired: unknown[] = []) =>
    parsed('data/providers/p.json', {
      id: 'p',
      name: 'P',
      tool_wire_format: 'openai',
      base_url: 'http://127.0.0.1:9/v1',
      chat_path: '/chat/completions',
      auth: null,
      docs: SOURCE,
      offerings,
      retired,
    });

  it('an id another entry takes: a model’s, an offering’s, a retired offering’s', () => {
    const files = [
      parsed('data/models/one.json', {
        lab: 'one',
        name: 'One',
        models: [model('m1'), model('m2', { aliases: ['m1'] })],
      }),
      provider(
        [
          { id: 'a', model: 'one/m1', aliases: ['b', 'old'] },
          { id: 'b', model: 'one/m2' },
          { id: 'c', model: 'one/m1' },
          { id: 'C', model: 'one/m2' },
        ],
        [{ id: 'old', model: 'one/m2', retired: '2026-01-01', source: SOURCE }],
      ),
    ];
    // An alias is found before a model's id, an offering's id before an alias, and of two
    // offering names that differ in case only, the later.
    expect(checkNamesResolve(files).map(formatIssue)).toEqual([
      'data/models/one.json: models["m1"].id: "m1" resolves to one/m2, not to one/m1',
      'data/providers/p.json: retired["old"].id: "old" resolves to offering "a" on provider "p", not to retired offering "old"',
      'data/providers/p.json: offerings["a"].aliases[0]: "b" resolves to offering "b" on provider "p", not to offering "a"',
      'data/providers/p.json: offerings["c"].id: "c" resolves to offering "C" on provider "p", not to offering "c"',
    ]);
  });

  it('a retired name a current offering takes, and a snapshot another model takes', () => {
    const files = [
      parsed('data/models/one.json', {
        lab: 'one',
        name: 'One',
        models: [model('m1', { snapshots: ['m2'] }), model('m2')],
      }),
      parsed('data/providers/p.json', {
        id: 'p',
        name: 'P',
        tool_wire_format: 'openai',
        base_url: 'http://127.0.0.1:9/v1',
        chat_path: '/chat/completions',
        auth: null,
        docs: SOURCE,
        offerings: [{ id: 'current', model: 'one/m1', aliases: ['shared'] }],
        retired: [
          {
            id: 'old',
            model: 'one/m2',
            aliases: ['shared'],
            retired: '2026-01-01',
            source: SOURCE,
          },
        ],
      }),
    ];
    expect(checkNamesResolve(files).map(formatIssue)).toEqual([
      'data/models/one.json: models["m1"].snapshots[0]: "m2" resolves to one/m2, not to one/m1',
      'data/providers/p.json: retired["old"].aliases[0]: "shared" resolves to offering "current" on provider "p", not to retired offering "old"',
    ]);
  });
});
