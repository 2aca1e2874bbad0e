import { describe, expect, it } from 'vitest';
import { createRegistry, type RegistryEntry } from './create.js';
import { claim, SOURCE, testLab, testProvider } from './test-support/fixtures.js';

// The data's date, as a user reads it: the "not listed" warning of a name the data does not
// know says "as of" it. Each test builds its registry (a registry works the date out once).

const notListed = (entries: RegistryEntry[], today = '2030-01-01') =>
  createRegistry({ extends: null, catalogue: null, today, entries })
    .resolve('p', 'no-such-model')
    .warnings.join('\n')
    .match(/as of (\S+?)[;,:]/)?.[1];

describe('the data date', () => {
  it('is the newest claim date or deprecation notice, not a retirement still to come', () => {
    const provider = {
      ...testProvider('p', 'openai'),
      quirks: { inline_images: true },
      quirk_sources: { inline_images: { evidence: 'live', date: '2026-11-30' } },
      offerings: [
        {
          id: 'seeing',
          model: 'acme/seeing',
          lifecycle: { deprecated: '2026-12-03', retired: '2027-01-31', source: SOURCE },
        },
      ],
    } as RegistryEntry;
    // The lab's claims are checked on 2026-11-29, the quirk on 2026-11-30.
    expect(notListed([testLab(), provider])).toBe('2026-12-03');
  });

  it('a claim checked later than every notice sets it', () => {
    const provider = {
      ...testProvider('p', 'openai'),
      capabilities: { tool_result_images: { ...claim(false), date: '2026-12-24' } },
      offerings: [
        {
          id: 'seeing',
          model: 'acme/seeing',
          lifecycle: { deprecated: '2026-12-03', source: SOURCE },
        },
      ],
    } as RegistryEntry;
    expect(notListed([testLab(), provider])).toBe('2026-12-24');
  });

  it("with no date in the data, it is today's date (a null field in the data read past)", () => {
    const model = { id: 'm', name: 'M', family: 'acme', capabilities: {}, source: SOURCE };
    const bare = { lab: 'acme', name: 'Acme', models: [model] } as RegistryEntry;
    const provider = {
      ...testProvider('p', 'openai'),
      offerings: [{ id: 'm', model: 'acme/m' }],
    } as RegistryEntry;
    // A local server: no auth.
    const local = { ...testProvider('local', 'ollama'), auth: null } as RegistryEntry;
    expect(notListed([bare, provider, local], '2026-10-10')).toBe('2026-10-10');
    // Without a `today` option, the clock's day.
    const day = createRegistry({ extends: null, catalogue: null, entries: [bare, provider, local] })
      .resolve('p', 'no-such-model')
      .warnings.join('\n')
      .match(/as of (\S+?);/)?.[1];
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
