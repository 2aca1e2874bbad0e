import { RegistryError } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { createRegistry } from './create.js';
import { defaultRegistry } from './default-registry.js';
import { claim, SOURCE, testLab, testProvider } from './test-support/fixtures.js';

function thrown(action: () => unknown): RegistryError {
  try {
    action();
  } catch (error) {
    if (error instanceof RegistryError) return error;
    throw error;
  }
  throw new Error('expected a RegistryError');
}

describe('createRegistry', () => {
  it('extends the default registry when no base is given', () => {
    const registry = createRegistry();
    expect(registry.providers().map((provider) => provider.id)).toEqual(
      defaultRegistry.providers().map((provider) => provider.id),
    );
  });

  it('adds an OpenAI-compatible provider with data only', () => {
    const registry = createRegistry({
      entries: [
        {
          id: 'acme-cloud',
          name: 'Acme Cloud',
          tool_wire_format: 'openai',
          base_url: 'https://api.acme.test/v1',
          chat_path: '/chat/completions',
          auth: { header: 'Authorization', scheme: 'Bearer' },
          api_key_env: 'ACME_API_KEY',
          docs: SOURCE,
          offerings: [{ id: 'llama-70b', model: 'meta/llama-3.3-70b-instruct' }],
        },
      ],
    });
    expect(registry.provider('acme-cloud')).toMatchObject({
      wire: 'openai',
      baseUrl: 'https://api.acme.test/v1',
      auth: { header: 'Authorization', scheme: 'Bearer', required: true },
      apiKeyEnv: 'ACME_API_KEY',
      quirks: { source_blocks: true, inline_images: false },
    });
    const resolution = registry.resolve({ provider: 'acme-cloud', model: 'llama-70b' });
    expect(resolution.model?.key).toBe('meta/llama-3.3-70b-instruct');
    expect(resolution.capabilities.tools.value).toBe(true);
    // The default registry is untouched.
    expect(defaultRegistry.hasProvider('acme-cloud')).toBe(false);
  });

  it('patches a provider of the base: a pinned claim, a new quirk, an extra offering', () => {
    const registry = createRegistry({
      extends: defaultRegistry,
      entries: [
        {
          id: 'moonshot-anthropic',
          quirks: { tool_result_images: 'never' },
          quirk_sources: {
            tool_result_images: { evidence: 'live', date: '2026-11-29', note: 'seen in our tests' },
          },
        },
        {
          id: 'openrouter',
          offerings: [{ id: 'acme/seeing', model: 'acme/seeing' }],
        },
        testLab(),
      ],
    });
    expect(
      registry.resolveCapabilities({ provider: 'moonshot-anthropic', model: 'kimi-k2.5' })
        .tool_result_images.value,
    ).toBe(false);
    expect(
      defaultRegistry.supports(
        { provider: 'moonshot-anthropic', model: 'kimi-k2.5' },
        'tool_result_images',
      ),
    ).toBe(true);
    // The base keeps its other fields and offerings.
    expect(registry.provider('moonshot-anthropic').quirks.source_blocks).toBe(false);
    expect(registry.provider('openrouter').offerings.length).toBe(
      defaultRegistry.provider('openrouter').offerings.length + 1,
    );
    expect(registry.resolve({ provider: 'openrouter', model: 'acme/seeing:free' }).model?.key).toBe(
      'acme/seeing',
    );
  });

  it('overrides a model fact, and an offering can override a fact per provider', () => {
    const registry = createRegistry({
      entries: [
        {
          lab: 'meta',
          name: 'Meta',
          models: [
            {
              ...(defaultRegistry
                .files()
                .flatMap((file) =>
                  file.kind === 'lab' && file.data.lab === 'meta' ? file.data.models : [],
                )[0] as object),
              id: 'llama-3.3-70b-instruct',
              name: 'Llama 3.3 70B Instruct',
              family: 'llama',
              source: SOURCE,
              capabilities: { tools: claim(false) },
            },
          ],
        },
        {
          id: 'groq',
          offerings: [
            {
              id: 'llama-3.3-70b-custom',
              model: 'meta/llama-3.3-70b-instruct',
              capabilities: { tools: claim(true) },
            },
          ],
        },
      ],
    });
    expect(registry.resolveCapabilities({ model: 'llama-3.3-70b-instruct' }).tools.value).toBe(
      false,
    );
    expect(
      registry.resolveCapabilities({ provider: 'groq', model: 'llama-3.3-70b-custom' }).tools.value,
    ).toBe(true);
    expect(
      registry.explain({ provider: 'groq', model: 'llama-3.3-70b-custom' }, 'tools').at(-1),
    ).toBe(
      `offering "llama-3.3-70b-custom" of provider "groq" claims tools = true (docs, ${SOURCE}, checked 2026-11-29)`,
    );
    // The other Meta models survive the merge.
    expect(registry.model('llama-4-scout-17b-16e-instruct')?.key).toBe(
      'meta/llama-4-scout-17b-16e-instruct',
    );
  });

  it('patches a model of a base lab with only the fields that change', () => {
    const registry = createRegistry({
      extends: defaultRegistry,
      entries: [
        {
          lab: 'openai',
          models: [
            {
              id: 'gpt-oss-120b',
              capabilities: { image_input: claim(true) },
              limits: { output: 1000 },
            },
          ],
        },
      ],
    });
    const query = { provider: 'openai-responses', model: 'gpt-oss-120b' };
    expect(registry.resolveCapabilities(query).tool_result_pdf.value).toBe(true);
    expect(defaultRegistry.resolveCapabilities(query).tool_result_pdf.value).toBe(false);
    // The rest of the model and of the lab stays as the base has it.
    expect(registry.model('gpt-oss-120b')).toMatchObject({
      name: defaultRegistry.model('gpt-oss-120b')?.name,
      limits: { context: defaultRegistry.model('gpt-oss-120b')?.limits.context, output: 1000 },
    });
    expect(registry.resolveCapabilities(query).tools.value).toBe(true);
    expect(registry.models().length).toBe(defaultRegistry.models().length);
  });

  it('refuses a partial model the base lab does not have, naming the missing fields', () => {
    const error = thrown(() =>
      createRegistry({ entries: [{ lab: 'openai', models: [{ id: 'gpt-9' }] }] }),
    );
    expect(error.message).toBe(
      [
        'invalid registry data:',
        '  entries[0] (lab "openai"): models[0].name: Invalid input: expected string, received undefined',
        '  entries[0] (lab "openai"): models[0].family: Invalid input: expected string, received undefined',
        '  entries[0] (lab "openai"): models[0].capabilities: Invalid input: expected object, received undefined',
        '  entries[0] (lab "openai"): models[0].source: Invalid input: expected string, received undefined',
      ].join('\n'),
    );
  });

  it('refuses an extends that is not a registry', () => {
    const error = thrown(() => createRegistry({ extends: 'default' as unknown as null }));
    expect([error.code, error.message]).toEqual([
      'invalid_registry_data',
      'invalid registry data:\n  extends: (option): expected a registry (defaultRegistry or one createRegistry made) or null',
    ]);
  });

  it('builds an empty registry with extends: null', () => {
    const registry = createRegistry({
      extends: null,
      entries: [testLab(), testProvider('p', 'anthropic')],
    });
    expect(registry.providers().map((provider) => provider.id)).toEqual(['p']);
    expect(registry.models().map((model) => model.key)).toEqual([
      'acme/blind',
      'acme/seeing',
      'acme/unsure',
    ]);
  });

  it('refuses a bad entry with a message naming the entry, the field and the problem', () => {
    const error = thrown(() =>
      createRegistry({
        entries: [
          { id: 'anthropic', quirks: { source_blocks: 'no' as unknown as boolean } },
          { id: 'brand-new', name: 'New' },
        ],
      }),
    );
    expect(error.code).toBe('invalid_registry_data');
    expect(error.message).toBe(
      [
        'invalid registry data:',
        '  entries[0] (provider "anthropic"): quirks.source_blocks: Invalid input: expected boolean, received string',
        '  entries[1] (provider "brand-new"): tool_wire_format: Invalid option: expected one of "openai"|"anthropic"|"gemini"|"ollama"|"responses"|"hermes"|"bedrock"',
        '  entries[1] (provider "brand-new"): base_url: Invalid input: expected string, received undefined',
        '  entries[1] (provider "brand-new"): chat_path: Invalid input: expected string, received undefined',
        '  entries[1] (provider "brand-new"): auth: Invalid input',
        '  entries[1] (provider "brand-new"): docs: Invalid input: expected string, received undefined',
      ].join('\n'),
    );
  });

  it('runs the cross-field checks on entries too', () => {
    const error = thrown(() =>
      createRegistry({
        extends: null,
        entries: [
          testLab(),
          { ...testProvider('p', 'openai'), offerings: [{ id: 'x', model: 'acme/missing' }] },
        ],
      }),
    );
    expect(error.message).toBe(
      'invalid registry data:\n  entries[1] (provider "p"): offerings["x"].model: unknown model "acme/missing" (no lab file defines it)',
    );
    expect(error.details.issues).toEqual([
      {
        file: 'entries[1] (provider "p")',
        path: 'offerings["x"].model',
        message: 'unknown model "acme/missing" (no lab file defines it)',
      },
    ]);
  });

  it('caches resolutions, and can run without a cache', () => {
    const cached = createRegistry({
      extends: null,
      entries: [testLab(), testProvider('p', 'gemini')],
    });
    const first = cached.resolve({ provider: 'p', model: 'seeing' });
    expect(cached.resolve({ provider: 'p', model: 'seeing' })).toBe(first);
    const uncached = createRegistry({
      extends: null,
      entries: [testLab(), testProvider('p', 'gemini')],
      cacheSize: 0,
    });
    const once = uncached.resolve({ provider: 'p', model: 'seeing' });
    const twice = uncached.resolve({ provider: 'p', model: 'seeing' });
    expect(twice).not.toBe(once);
    expect(twice).toEqual(once);
  });
});
