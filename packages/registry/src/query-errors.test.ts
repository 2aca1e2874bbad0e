import { RegistryError } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { createRegistry } from './create.js';
import { testLab, testProvider } from './test-support/fixtures.js';

// The typed errors a caller gets for a query, a capability or a provider the registry cannot
// answer, each with its code, message and details; and the registry's accessors.

function thrown(action: () => unknown): RegistryError {
  try {
    action();
  } catch (error) {
    if (error instanceof RegistryError) return error;
    throw error;
  }
  throw new Error('expected a RegistryError');
}

const world = () =>
  createRegistry({
    extends: null,
    catalogue: null,
    entries: [testLab(), testProvider('zeta-cloud', 'openai'), testProvider('alpha', 'anthropic')],
  });

describe('what a query can get wrong', () => {
  it('names what it got: a string, null, an array, a number', () => {
    const registry = world();
    const problem = (action: () => unknown) => {
      const error = thrown(action);
      return [error.code, error.message, error.details];
    };
    expect(problem(() => registry.resolve({ provider: 'alpha', model: 7 } as never))).toEqual([
      'invalid_query',
      'invalid capability query: "model" must be a model name string, got number',
      { problem: '"model" must be a model name string, got number' },
    ]);
    expect(problem(() => registry.resolve(null as never))[1]).toBe(
      'invalid capability query: expected { provider, model } or (provider, model), got null',
    );
    expect(problem(() => registry.resolve({ provider: ['alpha'], model: 'x' } as never))[1]).toBe(
      'invalid capability query: "provider" must be a provider id string, got an array',
    );
    expect(problem(() => registry.resolve({ provider: 5, model: 'x' } as never))[1]).toBe(
      'invalid capability query: "provider" must be a provider id string, got number',
    );
  });

  it('an unknown capability, a string quoted and anything else described', () => {
    const registry = world();
    const colour = thrown(() => registry.supports('alpha', 'seeing', 'colour' as never));
    expect([colour.code, colour.message, colour.details]).toEqual([
      'unknown_capability',
      'unknown capability "colour" (known: tools, image_input, pdf_input, audio_input, tool_result_images, tool_result_pdf)',
      { capability: 'colour' },
    ]);
    expect(thrown(() => registry.explain('alpha', 'seeing', null as never)).message).toMatch(
      /^unknown capability null \(known: /,
    );
  });

  it('an unknown provider: the known ones in order, and the one meant when it is close', () => {
    const registry = world();
    const typo = thrown(() => registry.resolve('alpah', 'seeing'));
    expect([typo.code, typo.message, typo.details]).toEqual([
      'unknown_provider',
      'unknown provider "alpah"; did you mean "alpha"? (known: alpha, zeta-cloud)',
      { provider: 'alpah', suggestion: 'alpha' },
    ]);
    const far = thrown(() => registry.provider('nothing-like-it'));
    expect([far.message, far.details]).toStrictEqual([
      'unknown provider "nothing-like-it" (known: alpha, zeta-cloud)',
      { provider: 'nothing-like-it' },
    ]);
  });

  it('a provider id with "_" for "-", any case; hasProvider is false for a non-string', () => {
    const registry = world();
    expect(registry.provider('Zeta_Cloud').id).toBe('zeta-cloud');
    expect([registry.hasProvider('ZETA_cloud'), registry.hasProvider(5 as never)]).toEqual([
      true,
      false,
    ]);
  });

  it('discover refuses an options object without a provider id string', async () => {
    const registry = world();
    for (const [given, got] of [
      [{}, 'undefined'],
      [null, 'undefined'],
      [{ provider: 'alpha'.length }, 'number'],
    ] as const) {
      const error = await registry.discover(given as never).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error instanceof RegistryError && [error.code, error.message]).toEqual([
        'invalid_query',
        `invalid capability query: discover needs { provider }: a provider id string, got ${got}`,
      ]);
    }
  });
});
