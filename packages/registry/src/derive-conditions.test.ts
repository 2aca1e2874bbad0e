import { describe, expect, it } from 'vitest';
import { createRegistry } from './create.js';
import { claim, SOURCE, testProvider } from './test-support/fixtures.js';

// Issue 27: lifecycle notices and conditional provider claims, with expected values by hand.

const lab = {
  lab: 'acme',
  name: 'Acme',
  models: (['pro', 'flash'] as const).map((variant) => ({
    id: `acme-1-${variant}`,
    name: `Acme 1 ${variant}`,
    family: 'acme',
    variant,
    version: '1',
    limits: { context: 1000, output: 100 },
    capabilities: { tools: claim(true), image_input: claim(true) },
    source: SOURCE,
  })),
};

function registry(lifecycle?: Record<string, string>, today = '2026-12-02') {
  return createRegistry({
    today,
    entries: [
      lab,
      {
        ...testProvider('p', 'openai'),
        capabilities: { tools: { ...claim(false), when: { variant: 'pro' } } },
        offerings: [
          { id: 'acme-1-pro', model: 'acme/acme-1-pro' },
          {
            id: 'acme-1-flash',
            model: 'acme/acme-1-flash',
            ...(lifecycle ? { lifecycle: { ...lifecycle, source: SOURCE } } : {}),
          },
        ],
      },
    ],
  });
}

describe('derive', () => {
  it('a provider claim limited to one variant applies to that variant only', () => {
    const resolved = registry();
    expect(resolved.resolveCapabilities({ provider: 'p', model: 'acme-1-pro' }).tools.value).toBe(
      false,
    );
    expect(resolved.resolveCapabilities({ provider: 'p', model: 'acme-1-flash' }).tools.value).toBe(
      true,
    );
  });

  it('an offering with only a retired date is retired once that date has come', () => {
    // The data's date is 2026-12-01: a notice retiring later is still an offering.
    expect(
      registry({ retired: '2026-12-10' }, '2026-12-20').resolve({
        provider: 'p',
        model: 'acme-1-flash',
      }).lifecycle,
    ).toMatchObject({ status: 'retired', retired: '2026-12-10', deprecated: undefined });
  });

  it('an offering with only a retired date still to come is deprecated (announced), not current', () => {
    expect(
      registry({ retired: '2026-12-10' }).resolve({ provider: 'p', model: 'acme-1-flash' })
        .lifecycle,
    ).toMatchObject({ status: 'deprecated', retired: '2026-12-10', deprecated: undefined });
  });

  it('an offering with a notice of neither date is current', () => {
    expect(registry({}).resolve({ provider: 'p', model: 'acme-1-flash' }).lifecycle?.status).toBe(
      'current',
    );
  });
});
