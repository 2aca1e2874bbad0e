import { describe, expect, it } from 'vitest';
import { type CatalogueSnapshot, createCatalogue } from './catalogue/catalogue.js';
import type { LearnedSnapshot } from './catalogue/listing/types.js';
import { createRegistry, type RegistryEntry } from './create.js';
import { SOURCE, testLab, testProvider } from './test-support/fixtures.js';

// What `servedModels` offers for a provider: its offerings, then the chat models its own model
// list names and does not call retired, then the catalogue's chat models, each name once.

const LIST = 'http://127.0.0.1:9/v1/models';

function catalogue(): CatalogueSnapshot {
  const chat = { in: 'text', out: 'text' };
  return {
    source: 'https://github.com/example/catalogue',
    licence: 'MIT',
    commit: '0123456789abcdef0123456789abcdef01234567',
    date: '2026-07-02',
    providers: {
      cat: {
        'NEW-1': chat,
        'cat-2': chat,
        'cat-voice': { ...chat, out: 'audio', kind: 'speech' },
        embed: chat,
        gone: chat,
        OLD: chat,
      },
    },
  };
}

const learned: LearnedSnapshot = {
  listings: [
    {
      provider: 'p',
      endpoint: LIST,
      date: '2026-11-30',
      complete: true,
      models: [
        { id: 'SEEING-ALIAS' },
        { id: 'new-1' },
        { id: 'gone', lifecycle: { status: 'retired' } },
        { id: 'late', lifecycle: { retired: '2026-12-02' } },
        { id: 'soon', lifecycle: { retired: '2026-12-03' } },
        { id: 'kept', lifecycle: { status: 'active', retired: '2026-01-01' } },
        { id: 'embed', kind: 'embedding' },
      ],
    },
  ],
};

function world(withLearned = true, withCatalogue = true, heard = learned) {
  const provider = {
    ...testProvider('p', 'openai'),
    catalogue: { models_dev: 'cat' },
    offerings: [{ id: 'seeing', model: 'acme/seeing', aliases: ['seeing-alias'] }],
    retired: [{ id: 'old', model: 'acme/blind', retired: '2026-05-01', source: SOURCE }],
  } as RegistryEntry;
  return createRegistry({
    extends: null,
    catalogue: withCatalogue ? createCatalogue(catalogue) : null,
    today: '2026-12-02',
    ...(withLearned ? { learned: heard } : {}),
    entries: [testLab(), provider],
  });
}

describe('servedModels', () => {
  it("offerings, then the provider's list less what it retired, then the catalogue's chat models", () => {
    expect(world().servedModels('p')).toEqual(['seeing', 'new-1', 'soon', 'kept', 'cat-2']);
  });

  it("without the provider's list: the offerings and every chat model of the catalogue", () => {
    expect(world(false).servedModels('p')).toEqual(['seeing', 'cat-2', 'embed', 'gone', 'NEW-1']);
  });

  it("with neither the catalogue nor a list of the provider's own: the offerings", () => {
    const otherList = { listings: [{ ...learned.listings[0], provider: 'q' }] } as LearnedSnapshot;
    expect(world(true, false, otherList).servedModels('p')).toEqual(['seeing']);
  });

  it('refuses a provider the registry does not know', () => {
    expect(() => world().servedModels('q')).toThrow('unknown provider "q"');
  });
});
