import { describe, expect, it } from 'vitest';
import { createRegistry, type RegistryEntry } from './create.js';
import { acmeModel, claim, SOURCE } from './test-support/fixtures.js';

// Which names, offerings and providers a registry's data makes findable, as `resolve`,
// `provider`, `providers` and `models` report them: names in any case, the first offering of a
// model, a retired offering's names never shadowing a current one, naming rules per provider and
// without one, family version ranges. Each test builds its registry (the index is built once per
// registry, on first use).

const model = acmeModel;

function lab(): RegistryEntry {
  return {
    lab: 'acme',
    name: 'Acme',
    families: [
      {
        family: 'acme',
        templates: ['acme-{version}'],
        versions: '>=5',
        capabilities: { tools: claim(true) },
        source: SOURCE,
      },
    ],
    models: [
      model('zeta-1'),
      model('acme-1', { aliases: ['Acme-One'], snapshots: ['acme-1-20260101'] }),
      model('acme-2', { snapshots: ['acme-2-20260201'] }),
      model('acme-3'),
    ],
  } as RegistryEntry;
}

function provider(id: string, extra: Record<string, unknown> = {}): RegistryEntry {
  return {
    id,
    name: id.toUpperCase(),
    tool_wire_format: 'openai',
    base_url: 'http://127.0.0.1:9/v1',
    chat_path: '/chat',
    auth: { header: 'Authorization', scheme: 'Bearer' },
    docs: SOURCE,
    ...extra,
  } as RegistryEntry;
}

const retired = (id: string, model: string, extra: Record<string, unknown> = {}) => ({
  id,
  model,
  retired: '2026-02-01',
  source: SOURCE,
  ...extra,
});

const registryOf = (...providers: RegistryEntry[]) =>
  createRegistry({ extends: null, today: '2026-12-01', entries: [lab(), ...providers] });

describe('names', () => {
  it('an id, an alias and a snapshot are found in any case, each said as what it is', () => {
    const registry = registryOf();
    const found = (name: string) => {
      const { via, model, steps } = registry.resolve({ model: name });
      return [via, model?.key, steps];
    };
    expect(found('ACME-1')).toEqual(['id', 'acme/acme-1', ['"ACME-1" is the id of acme/acme-1']]);
    expect(found('acme-one')).toEqual([
      'alias',
      'acme/acme-1',
      ['"acme-one" is an alias of acme/acme-1'],
    ]);
    expect(found('Acme-1-20260101')).toEqual([
      'snapshot',
      'acme/acme-1',
      ['"Acme-1-20260101" is a listed snapshot of acme/acme-1'],
    ]);
  });

  it('models() lists every model sorted by key, providers() every provider by id', () => {
    const registry = registryOf(provider('zed'), provider('alpha'));
    expect(registry.models().map((entry) => entry.key)).toEqual([
      'acme/acme-1',
      'acme/acme-2',
      'acme/acme-3',
      'acme/zeta-1',
    ]);
    expect(registry.providers().map((entry) => entry.id)).toEqual(['alpha', 'zed']);
  });

  it('a provider is found by its id and its aliases in any case', () => {
    const registry = registryOf(provider('p', { aliases: ['pee'] }));
    expect([registry.provider('PEE').id, registry.provider('P').id]).toEqual(['p', 'p']);
    expect(registry.hasProvider('Pee')).toBe(true);
  });

  it("a family's templates stand only for the versions its range names", () => {
    const registry = registryOf();
    const member = registry.resolve({ model: 'acme-5.1' });
    expect([member.via, member.model?.key, member.model?.version]).toEqual([
      'family',
      'acme/acme-5.1',
      '5.1',
    ]);
    const older = registry.resolve({ model: 'acme-4' });
    expect([older.via, older.known]).toEqual(['default', false]);
  });
});

describe('offerings', () => {
  it("a model's lab id on its provider names the model's first offering", () => {
    const registry = registryOf(
      provider('p', {
        offerings: [
          { id: 'first', model: 'acme/acme-1' },
          { id: 'second', model: 'acme/acme-1' },
        ],
      }),
    );
    const resolution = registry.resolve({ provider: 'p', model: 'acme-1' });
    expect([resolution.offering?.id, resolution.steps]).toEqual([
      'first',
      ['"acme-1" is the id of acme/acme-1; served as offering "first" of provider "p"'],
    ]);
  });

  it("a snapshot of a model the provider retired has the first retired offering's lifecycle", () => {
    const registry = registryOf(
      provider('p', {
        retired: [
          retired('old-2', 'acme/acme-2', { replacement: 'new' }),
          retired('older-2', 'acme/acme-2'),
        ],
      }),
    );
    const resolution = registry.resolve({ provider: 'p', model: 'acme-2-20260201' });
    expect([resolution.offering?.id, resolution.lifecycle?.replacement, resolution.steps]).toEqual([
      'old-2',
      'new',
      [
        '"acme-2-20260201" is a listed snapshot of acme/acme-2; a name of retired offering "old-2" of provider "p", so its lifecycle applies',
      ],
    ]);
  });

  it('a model still served is served by its current offering, whatever was retired', () => {
    const registry = registryOf(
      provider('p', {
        offerings: [{ id: 'now', model: 'acme/acme-3' }],
        retired: [retired('then', 'acme/acme-3')],
      }),
    );
    const resolution = registry.resolve({ provider: 'p', model: 'acme-3' });
    expect([resolution.offering?.id, resolution.lifecycle]).toEqual(['now', undefined]);
  });

  it("a retired offering's id and aliases name it, in any case", () => {
    const registry = registryOf(
      provider('p', {
        offerings: [{ id: 'current', model: 'acme/acme-1' }],
        retired: [retired('Then', 'acme/acme-2', { aliases: ['Gone'] })],
      }),
    );
    const offeringOf = (name: string) =>
      registry.resolve({ provider: 'p', model: name }).offering?.id;
    expect([offeringOf('then'), offeringOf('GONE'), offeringOf('Current')]).toEqual([
      'Then',
      'Then',
      'current',
    ]);
  });
});

describe('naming rules', () => {
  const naming = () => [
    provider('router', { model_naming: { strip_suffixes: [':free'] } }),
    provider('local', { model_naming: { strip_any_tag: true } }),
    provider('plain'),
  ];

  it("a provider's routing suffixes and tags are stripped on that provider only", () => {
    const registry = registryOf(...naming());
    const on = (name: string, model: string) => {
      const { known, steps } = registry.resolve({ provider: name, model });
      return [known, steps[0]];
    };
    expect(on('router', 'acme-1:free')).toEqual([true, 'routing suffix ":free" stripped']);
    expect(on('local', 'acme-1:q4')).toEqual([true, 'routing suffix ":q4" stripped']);
    // A provider without naming rules strips nothing.
    expect(on('plain', 'acme-1:q4')[0]).toBe(false);
    expect(on('plain', 'acme-1:free')[0]).toBe(false);
  });

  it("without a provider, any provider's routing suffix is stripped, but no other tag", () => {
    const registry = registryOf(...naming());
    const free = registry.resolve({ model: 'acme-1:free' });
    expect([free.known, free.model?.key, free.steps]).toEqual([
      true,
      'acme/acme-1',
      ['routing suffix ":free" stripped', '"acme-1" is the id of acme/acme-1'],
    ]);
    expect(registry.resolve({ model: 'acme-1:q4' }).known).toBe(false);
  });
});
