import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultRegistry } from '../default-registry.js';
import { compileTemplate, nameCandidates, stripDateSnapshot } from './names.js';

describe('model names on the shipped data', () => {
  const cases: readonly [
    provider: string | undefined,
    requested: string,
    key: string | undefined,
    via: string,
  ][] = [
    // exact ids and offerings
    ['openai', 'gpt-4o', 'openai/gpt-4o', 'offering'],
    [undefined, 'gpt-4o', 'openai/gpt-4o', 'id'],
    [undefined, 'GPT-4o', 'openai/gpt-4o', 'id'],
    // dated snapshots, listed and unlisted
    ['openai', 'gpt-4o-2024-08-06', 'openai/gpt-4o', 'snapshot'],
    [undefined, 'gpt-4o-2024-08-06', 'openai/gpt-4o', 'snapshot'],
    [undefined, 'gpt-4o-2031-01-15', 'openai/gpt-4o', 'snapshot'],
    ['anthropic', 'claude-sonnet-4-5-20250929', 'anthropic/claude-sonnet-4-5', 'snapshot'],
    [undefined, 'claude-sonnet-4-5@20250929', 'anthropic/claude-sonnet-4-5', 'snapshot'],
    [undefined, 'claude-3-7-sonnet-20250219', 'anthropic/claude-3-7-sonnet', 'snapshot'],
    [undefined, 'grok-4-0709', 'xai/grok-4', 'snapshot'],
    // -latest and aliases
    [undefined, 'claude-3-7-sonnet-latest', 'anthropic/claude-3-7-sonnet', 'latest'],
    [undefined, 'grok-4-latest', 'xai/grok-4', 'latest'],
    ['mistral', 'mistral-medium-latest', 'mistral/mistral-medium-3.5', 'alias'],
    [undefined, 'claude-sonnet-4.5', 'anthropic/claude-sonnet-4-5', 'alias'],
    // provider prefixes and routing suffixes
    ['openrouter', 'anthropic/claude-sonnet-4.5', 'anthropic/claude-sonnet-4-5', 'offering'],
    ['openrouter', 'anthropic/claude-sonnet-4.5:free', 'anthropic/claude-sonnet-4-5', 'offering'],
    [
      'openrouter',
      'meta-llama/llama-3.3-70b-instruct:nitro',
      'meta/llama-3.3-70b-instruct',
      'offering',
    ],
    ['openrouter', 'openai/gpt-4o-2024-11-20', 'openai/gpt-4o', 'snapshot'],
    ['openrouter', 'google/gemini-3.5-flash:free', 'google/gemini-3.5-flash', 'id'],
    ['openrouter', 'google/gemini-3.9-flash:free', 'google/gemini-3.9-flash', 'family'],
    ['huggingface', 'Qwen/Qwen3-235B-A22B:fastest', 'alibaba/qwen3-235b-a22b', 'offering'],
    ['vllm', 'meta-llama/Llama-3.3-70B-Instruct', 'meta/llama-3.3-70b-instruct', 'offering'],
    ['vllm', 'deepseek-ai/DeepSeek-V3.1', 'deepseek/deepseek-v3.1', 'id'],
    ['ollama', 'gemma3:27b', 'google/gemma-3-27b-it', 'offering'],
    [
      'ollama',
      'llama3.2-vision:11b-instruct-q4_K_M',
      'meta/llama-3.2-11b-vision-instruct',
      'offering',
    ],
    // dotted Gemini versions, ordered as numbers
    ['gemini', 'gemini-2.5-pro', 'google/gemini-2.5-pro', 'offering'],
    ['gemini', 'gemini-3-pro-preview', 'google/gemini-3-pro-preview', 'offering'],
    ['gemini', 'gemini-3.5-flash', 'google/gemini-3.5-flash', 'offering'],
    ['gemini', 'gemini-3.9-flash', 'google/gemini-3.9-flash', 'family'],
    ['gemini', 'gemini-3.10-pro', 'google/gemini-3.10-pro', 'family'],
    ['gemini', 'gemini-2.5-flash-preview-05-20', 'google/gemini-2.5-flash-preview-05-20', 'family'],
    // a Claude version with no entry yet
    ['anthropic', 'claude-sonnet-4-6', 'anthropic/claude-sonnet-4-6', 'offering'],
    ['anthropic', 'claude-sonnet-5', 'anthropic/claude-sonnet-5', 'offering'],
    ['anthropic', 'claude-opus-4-9-20270101', 'anthropic/claude-opus-4-9', 'family'],
    // a GPT-5.x with no entry yet; GPT families below 5 are not guessed
    ['openai-responses', 'gpt-5.4', 'openai/gpt-5.4', 'offering'],
    ['openai-responses', 'gpt-5.5', 'openai/gpt-5.5', 'family'],
    ['openai', 'gpt-5.7-sol', 'openai/gpt-5.7-sol', 'family'],
    // a retired name still resolves, to its retired offering
    ['openai', 'gpt-5-codex', 'openai/gpt-5-codex', 'offering'],
    // not in the data, but in the imported catalogue
    ['openai', 'gpt-3.5-turbo', 'openai/gpt-3.5-turbo', 'catalogue'],
    // routers spell dashed Claude versions with dots
    ['openrouter', 'anthropic/claude-3.5-sonnet', 'anthropic/claude-3.5-sonnet', 'family'],
    ['openrouter', 'anthropic/claude-sonnet-4.7:free', 'anthropic/claude-sonnet-4.7', 'family'],
    ['openrouter', 'anthropic/claude-opus-4.7', 'anthropic/claude-opus-4-7', 'alias'],
    // -latest names that are aliases, and Gemini names with the API's models/ prefix
    ['mistral', 'mistral-large-latest', 'mistral/mistral-large-4', 'alias'],
    [undefined, 'gpt-4o-latest', 'openai/gpt-4o', 'latest'],
    ['gemini', 'models/gemini-2.5-pro', 'google/gemini-2.5-pro', 'offering'],
    ['gemini', 'gemini-1.5-pro', 'google/gemini-1.5-pro', 'family'],
    [
      'gemini',
      'gemini-2.5-flash-preview-09-2025',
      'google/gemini-2.5-flash-preview-09-2025',
      'family',
    ],
    // without a provider, the routing suffixes providers declare are stripped too
    [undefined, 'meta-llama/llama-3.3-70b-instruct:free', 'meta/llama-3.3-70b-instruct', 'id'],
    [undefined, 'openai/gpt-4o-2024-08-06', 'openai/gpt-4o', 'snapshot'],
    // unknown
    ['openai', 'gpt-nonexistent', undefined, 'default'],
    ['mistral', 'mistral-huge-latest', undefined, 'default'],
    ['openrouter', 'someone/something:free', undefined, 'default'],
    [undefined, 'llama', undefined, 'default'],
  ];

  for (const [provider, requested, key, via] of cases) {
    it(`${provider ?? '(no provider)'}: ${requested} → ${key ?? 'the default'} via ${via}`, () => {
      const resolution = defaultRegistry.resolve(
        provider === undefined ? { model: requested } : { provider, model: requested },
      );
      expect([resolution.model?.key, resolution.via]).toEqual([key, via]);
      expect(resolution.known).toBe(key !== undefined);
    });
  }

  it('gives the family version parsed from the name, as numbers', () => {
    expect(defaultRegistry.model('gemini-3.9-flash')).toMatchObject({
      family: 'gemini',
      version: '3.9',
      variant: 'flash',
      fromFamily: true,
    });
    expect(defaultRegistry.model('claude-sonnet-4-10')).toMatchObject({
      family: 'claude',
      version: '4.10',
      variant: 'sonnet',
    });
    expect(defaultRegistry.model('claude-3-5-haiku')).toMatchObject({
      version: '3.5',
      variant: 'haiku',
    });
  });

  it('resolves an unknown model to the documented default: every capability unknown', () => {
    const resolution = defaultRegistry.resolve({ provider: 'anthropic', model: 'mystery-model' });
    expect(resolution.via).toBe('default');
    for (const capability of Object.values(resolution.capabilities)) {
      expect(capability.value).toBe('unknown');
    }
    expect(resolution.capabilities.image_input.reasons).toEqual([
      'provider "anthropic" speaks the anthropic wire',
      'model "mystery-model" is not in the registry: the default model; what depends on the model is unknown',
    ]);
    expect(
      defaultRegistry.supports({ provider: 'anthropic', model: 'mystery-model' }, 'tools'),
    ).toBe(false);
  });

  it('orders dotted versions as numbers: 3.10 is after 3.9, 2.5 before 3', () => {
    const toolResultImages = (model: string) =>
      defaultRegistry.resolveCapabilities({ provider: 'gemini', model }).tool_result_images.value;
    expect(
      [
        'gemini-2.5-pro',
        'gemini-2.10-pro',
        'gemini-3.0-pro',
        'gemini-3.10-pro',
        'gemini-3.9-flash',
      ].map(toolResultImages),
    ).toEqual([false, false, true, true, true]);
    expect(defaultRegistry.model('gemini-3.10-pro')?.version).toBe('3.10');
  });

  it('gives an unknown model the default on every provider; the wire and quirks still decide', () => {
    // [tool_result_images, tool_result_pdf] for a model no entry and no catalogue names: false
    // where the wire has no native form or a quirk stops the kind, unknown elsewhere.
    const F = false;
    const U = 'unknown';
    const expected: Record<string, [boolean | string, boolean | string]> = {
      'aki-anthropic': [F, F], // quirks: tool_result_images never; source_blocks false
      aki: [F, F], // hermes
      anthropic: [U, U],
      'anthropic-bedrock': [U, U],
      'anthropic-vertex': [U, U],
      'azure-openai': [F, F],
      'azure-openai-responses': [U, U],
      bedrock: [U, U],
      cerebras: [F, F],
      deepseek: [F, F],
      gemini: [U, U],
      'gemini-vertex': [U, U],
      groq: [F, F],
      huggingface: [F, F],
      llamacpp: [F, F],
      'lmstudio-anthropic': [U, F], // source_blocks false
      lmstudio: [F, F],
      'minimax-anthropic': [U, U],
      minimax: [F, F],
      mistral: [F, F],
      'moonshot-anthropic': [U, F], // source_blocks false
      moonshot: [F, F],
      nousresearch: [F, F], // hermes
      ollama: [F, F],
      'openai-responses': [U, U],
      openai: [F, F],
      openrouter: [F, F],
      perplexity: [U, F], // quirk: tool_result_pdf never
      sglang: [F, F],
      vllm: [F, F],
      xai: [F, F],
    };
    const actual: Record<string, [boolean | string, boolean | string]> = {};
    for (const provider of defaultRegistry.providers()) {
      const resolution = defaultRegistry.resolve({ provider: provider.id, model: 'zz-unknown-9' });
      expect([resolution.via, resolution.known, resolution.model, resolution.wire]).toEqual([
        'default',
        false,
        undefined,
        provider.wire,
      ]);
      const values = resolution.capabilities;
      expect(
        [values.tools, values.image_input, values.pdf_input, values.audio_input].map(
          (c) => c.value,
        ),
      ).toEqual(Array(4).fill('unknown'));
      actual[provider.id] = [values.tool_result_images.value, values.tool_result_pdf.value];
    }
    expect(actual).toEqual(expected);
  });

  it('explains the name steps it took', () => {
    const resolution = defaultRegistry.resolve({
      provider: 'openrouter',
      model: 'openai/gpt-4o-2024-08-06:free',
    });
    expect(resolution.steps).toEqual([
      'routing suffix ":free" stripped',
      'vendor prefix "openai/" stripped',
      '"gpt-4o-2024-08-06" is a listed snapshot of openai/gpt-4o; served as offering "openai/gpt-4o" of provider "openrouter"',
    ]);
  });

  it('strips an unlisted date suffix as a snapshot step', () => {
    expect(
      defaultRegistry.resolve({ provider: 'openrouter', model: 'openai/gpt-4o-2031-01-15' }).steps,
    ).toEqual([
      'vendor prefix "openai/" stripped',
      'dated snapshot 2031-01-15 of "gpt-4o"',
      '"gpt-4o" is the id of openai/gpt-4o; served as offering "openai/gpt-4o" of provider "openrouter"',
    ]);
  });

  it('keeps an offering override when the name is a snapshot of the served model', () => {
    const resolution = defaultRegistry.resolve({
      provider: 'openai',
      model: 'gpt-5-pro-2025-10-06',
    });
    expect(resolution.offering?.id).toBe('gpt-5-pro');
    expect(resolution.wire).toBe('responses');
  });

  it('does not strip an unlisted ":tag" on a provider without that rule', () => {
    expect(defaultRegistry.resolve({ provider: 'openai', model: 'gpt-4o:turbo' }).via).toBe(
      'default',
    );
  });
});

describe('name steps', () => {
  it('strips only real calendar dates', () => {
    expect(stripDateSnapshot('gpt-4o-2024-08-06')).toEqual({ base: 'gpt-4o', date: '2024-08-06' });
    expect(stripDateSnapshot('claude-sonnet-4-5-20250929')).toEqual({
      base: 'claude-sonnet-4-5',
      date: '2025-09-29',
    });
    expect(stripDateSnapshot('claude-sonnet-4-5@20250929')).toEqual({
      base: 'claude-sonnet-4-5',
      date: '2025-09-29',
    });
    expect(stripDateSnapshot('model-20251399')).toBeUndefined();
    expect(stripDateSnapshot('mistral-medium-2508')).toBeUndefined();
    expect(stripDateSnapshot('20250929')).toBeUndefined();
  });

  it('lists candidates most specific first', () => {
    expect(
      nameCandidates('vendor/name-latest:free', {
        stripSuffixes: [':free'],
        stripAnyTag: false,
      }).map((step) => step.name),
    ).toEqual(['vendor/name-latest:free', 'vendor/name-latest', 'name-latest', 'name']);
  });

  it('compiles templates without regex in the data', () => {
    const gemini = compileTemplate('gemini-{version}-{variant}');
    expect(gemini.match('gemini-3.5-flash')).toEqual({ version: [3, 5], variant: 'flash' });
    expect(gemini.match('gemini-2.5-flash-lite')).toEqual({
      version: [2, 5],
      variant: 'flash-lite',
    });
    expect(gemini.match('gemini-flash')).toBeUndefined();
    const claude = compileTemplate('claude-{variant}-{version}', '-');
    expect(claude.match('claude-opus-4-1')).toEqual({ version: [4, 1], variant: 'opus' });
    expect(claude.match('claude-sonnet-4')).toEqual({ version: [4], variant: 'sonnet' });
  });

  it('never throws and always starts with the exact name (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.boolean(), (name, stripAnyTag) => {
        const steps = nameCandidates(name, { stripSuffixes: [':free'], stripAnyTag });
        expect(steps[0]).toEqual({ name, description: 'exact id', kind: 'exact' });
        expect(() =>
          defaultRegistry.resolve({ provider: 'openrouter', model: name }),
        ).not.toThrow();
      }),
    );
  });
});
