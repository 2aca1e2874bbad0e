import { describe, expect, it } from 'vitest';
import * as registry from '../index.js';
import * as lookup from './index.js';

describe('@crosswire/registry/lookup', () => {
  it("exports the root entry's own values, not copies", () => {
    const names = Object.keys(lookup);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      expect(name in registry, name).toBe(true);
      expect((lookup as Record<string, unknown>)[name], name).toBe(
        (registry as Record<string, unknown>)[name],
      );
    }
  });

  it('leaves out what validates and builds registry files, and only that', () => {
    const left = Object.keys(registry)
      .filter((name) => !(name in lookup))
      .sort();
    expect(left).toEqual([
      'MODEL_KINDS',
      'catalogueSnapshotSchema',
      'checkRegistryFiles',
      'claimSchema',
      'createRegistry',
      'formatIssue',
      'labFileSchema',
      'labPatchSchema',
      'learnedSnapshotSchema',
      'lifecycleSchema',
      'locatePath',
      'modelSchema',
      'offeringSchema',
      'parseRegistrySource',
      'pricingSchema',
      'providerFileSchema',
      'providerPatchSchema',
      'renderCapabilitiesTable',
      'retiredOfferingSchema',
      'validateRegistrySources',
    ]);
  });

  it('answers as the root entry does', () => {
    expect(lookup.defaultRegistry.resolve({ provider: 'openai', model: 'gpt-4o' }).model?.key).toBe(
      'openai/gpt-4o',
    );
    expect(
      lookup.supports({ provider: 'anthropic', model: 'claude-sonnet-4-5' }, 'image_input'),
    ).toBe(true);
    expect(lookup.supports({ provider: 'openai', model: 'gpt-3.5-turbo' }, 'image_input')).toBe(
      false,
    );
  });
});
