import { describe, expect, it } from 'vitest';
import { createRegistry } from './create.js';
import { defaultRegistry } from './default-registry.js';
import { claim, SOURCE } from './test-support/fixtures.js';

// The shipped data as of its date (issue 24): judged on 2026-12-01, whatever the clock says, so
// the scheduled retirements below stay "deprecated" in these tests after they happen.
const AS_OF = '2026-12-01';
const registry = createRegistry({ extends: defaultRegistry, entries: [], today: AS_OF });

describe(`the shipped data as of ${AS_OF}`, () => {
  it('every default model is the one written here, and is current with no warning', () => {
    const expected: Record<string, string> = {
      anthropic: 'claude-sonnet-5-5',
      'anthropic-bedrock': 'us.anthropic.claude-sonnet-4-6',
      'anthropic-vertex': 'claude-sonnet-4-6',
      'azure-openai': 'gpt-4.1',
      'azure-openai-responses': 'gpt-4.1',
      bedrock: 'us.anthropic.claude-sonnet-4-6',
      cerebras: 'gpt-oss-120b',
      deepseek: 'deepseek-flash',
      gemini: 'gemini-3.8-flash',
      'gemini-vertex': 'gemini-2.5-flash',
      groq: 'openai/gpt-oss-120b',
      'minimax-anthropic': 'MiniMax-M2',
      minimax: 'MiniMax-M2',
      mistral: 'mistral-medium-latest',
      'moonshot-anthropic': 'kimi-k3',
      moonshot: 'kimi-k3',
      nousresearch: 'Hermes-4-405B',
      'openai-responses': 'gpt-6.1-sol',
      openai: 'gpt-6.1-sol',
      openrouter: 'openai/gpt-6.1-sol',
      perplexity: 'perplexity/sonar',
      xai: 'grok-4.3',
    };
    const defaults = Object.fromEntries(
      registry
        .providers()
        .filter((provider) => provider.defaultModel !== undefined)
        .map((provider) => [provider.id, provider.defaultModel]),
    );
    expect(defaults).toEqual(expected);
    for (const [provider, model] of Object.entries(expected)) {
      const resolution = registry.resolve(provider, model);
      expect([resolution.lifecycle?.status ?? 'current', resolution.warnings], provider).toEqual([
        'current',
        [],
      ]);
    }
  });

  it("this autumn's flagships resolve through an offering, image_input known, no warning", () => {
    const cases: [string, string, string, boolean][] = [
      ['anthropic', 'claude-opus-5-5', 'anthropic/claude-opus-5-5', true],
      ['anthropic', 'claude-sonnet-5-5', 'anthropic/claude-sonnet-5-5', true],
      ['anthropic', 'claude-haiku-5-5', 'anthropic/claude-haiku-5-5', true],
      ['anthropic', 'claude-fable-5-1', 'anthropic/claude-fable-5-1', true],
      ['openai', 'gpt-6.1-sol', 'openai/gpt-6.1-sol', true],
      ['openai', 'gpt-6.1-terra', 'openai/gpt-6.1-terra', true],
      ['openai', 'gpt-6.1-luna', 'openai/gpt-6.1-luna', true],
      ['openai-responses', 'gpt-5.6-sol', 'openai/gpt-5.6-sol', true],
      ['gemini', 'gemini-3.5-flash-lite', 'google/gemini-3.5-flash-lite', true],
      ['gemini', 'gemini-3.6-flash', 'google/gemini-3.6-flash', true],
      ['gemini', 'gemini-3.7-flash', 'google/gemini-3.7-flash', true],
      ['gemini', 'gemini-3.8-flash', 'google/gemini-3.8-flash', true],
      ['xai', 'grok-4.5', 'xai/grok-4.5', true],
      ['xai', 'grok-4.6', 'xai/grok-4.6', true],
      ['xai', 'grok-4.7', 'xai/grok-4.7', true],
      ['deepseek', 'deepseek-flash', 'deepseek/deepseek-flash', true],
      ['deepseek', 'deepseek-v4-pro', 'deepseek/deepseek-v4-pro', false],
      ['mistral', 'mistral-large-4', 'mistral/mistral-large-4', true],
      ['mistral', 'mistral-small-2603', 'mistral/mistral-small-2603', true],
      ['moonshot', 'kimi-k3', 'moonshot/kimi-k3', true],
    ];
    const seen: string[] = [];
    for (const [provider, model, key, imageInput] of cases) {
      const resolution = registry.resolve(provider, model);
      expect(
        [
          resolution.model?.key,
          resolution.via,
          resolution.capabilities.image_input.value,
          resolution.warnings,
        ],
        model,
      ).toEqual([key, 'offering', imageInput, []]);
      seen.push(model);
    }
    expect(seen).toHaveLength(20);
  });

  it('retired and discontinued ids resolve as retired, naming the replacement', () => {
    const cases: [string, string, string, string][] = [
      ['anthropic', 'claude-sonnet-4-5', '2026-11-30', 'claude-sonnet-5-5'],
      ['gemini', 'gemini-2.5-flash', '2026-12-01', 'gemini-3.5-flash-lite'],
      ['gemini', 'gemini-2.5-pro', '2026-12-01', 'gemini-3.8-flash'],
      ['gemini', 'gemini-2.0-flash', '2026-06-01', 'gemini-3.5-flash'],
      ['deepseek', 'deepseek-v4-flash', '2026-12-01', 'deepseek-flash'],
      ['moonshot', 'kimi-k2-0905-preview', '2026-12-01', 'kimi-k2.6'],
      ['moonshot-anthropic', 'kimi-k2-0905-preview', '2026-12-01', 'kimi-k2.6'],
      ['openrouter', 'anthropic/claude-sonnet-4.5', '2026-11-30', 'anthropic/claude-sonnet-5.5'],
    ];
    for (const [provider, model, retired, replacement] of cases) {
      const { lifecycle, listed } = registry.resolve(provider, model);
      expect(
        [lifecycle?.status, lifecycle?.retired, lifecycle?.replacement, listed],
        model,
      ).toEqual(['retired', retired, replacement, false]);
    }
    expect(registry.resolve('anthropic', 'claude-sonnet-4-5').warnings).toEqual([
      'model "claude-sonnet-4-5" on provider "anthropic" was retired on 2026-11-30: requests fail or are served by another model; use "claude-sonnet-5-5" instead (https://platform.claude.com/docs/en/models/sonnet-4-5/overview)',
    ]);
  });

  it('scheduled retirements are deprecated with their date and replacement', () => {
    const cases: [string, string, string | undefined][] = [
      ['gpt-5', '2026-12-11', 'gpt-6.1-sol'],
      ['gpt-5-mini', '2026-12-11', 'gpt-6.1-terra'],
      ['gpt-5-nano', '2026-12-11', 'gpt-6.1-luna'],
      ['gpt-5-pro', '2026-12-11', 'gpt-6.1-sol'],
      ['o3', '2026-12-11', 'gpt-6.1-sol'],
      ['gpt-4o', '2027-01-14', 'gpt-6-luna'],
      ['gpt-4o-mini', '2027-01-14', 'gpt-6-luna'],
      ['gpt-4.1', '2027-01-14', 'gpt-6-luna'],
      ['gpt-4.1-mini', '2027-01-14', 'gpt-6-luna'],
      ['gpt-5.1', '2027-04-01', undefined],
    ];
    for (const provider of ['openai', 'openai-responses']) {
      for (const [model, retired, replacement] of cases) {
        const { lifecycle } = registry.resolve(provider, model);
        expect([lifecycle?.status, lifecycle?.retired, lifecycle?.replacement], model).toEqual([
          'deprecated',
          retired,
          replacement,
        ]);
      }
    }
    expect(registry.resolve('openai', 'gpt-5').warnings).toEqual([
      'model "gpt-5" on provider "openai" is deprecated; it retires on 2026-12-11; use "gpt-6.1-sol" instead (https://developers.openai.com/api/docs/deprecations)',
    ]);
  });
});

describe('dated snapshots take the lifecycle of the offering they are a snapshot of', () => {
  it('the snapshot ids of the retirement notices resolve as retired, with a warning', () => {
    const cases: [string, string, string, string, string][] = [
      ['xai', 'grok-4-0709', 'grok-4', '2026-05-15', 'grok-4.3'],
      ['openai', 'o4-mini-2025-04-16', 'o4-mini', '2026-10-23', 'gpt-5.6-terra'],
      ['openai', 'gpt-4.1-nano-2025-04-14', 'gpt-4.1-nano', '2026-10-23', 'gpt-5.6-luna'],
      [
        'anthropic',
        'claude-sonnet-4-5-20250929',
        'claude-sonnet-4-5',
        '2026-11-30',
        'claude-sonnet-5-5',
      ],
    ];
    for (const [provider, model, offering, retired, replacement] of cases) {
      const resolution = registry.resolve(provider, model);
      expect(
        [
          resolution.via,
          resolution.offering?.id,
          resolution.lifecycle?.status,
          resolution.lifecycle?.retired,
          resolution.lifecycle?.replacement,
          resolution.listed,
          resolution.warnings.length,
        ],
        model,
      ).toEqual(['snapshot', offering, 'retired', retired, replacement, false, 1]);
    }
    expect(registry.resolve('xai', 'grok-4-0709').warnings).toEqual([
      'model "grok-4-0709" on provider "xai" was retired on 2026-05-15: requests fail or are served by another model; use "grok-4.3" instead (https://docs.x.ai/developers/migration/may-15-retirement)',
    ]);
    expect(registry.resolve('xai', 'grok-4-0709').steps).toEqual([
      '"grok-4-0709" is a listed snapshot of xai/grok-4; a name of retired offering "grok-4" of provider "xai", so its lifecycle applies',
    ]);
  });

  it('a snapshot of a deprecated offering is deprecated with it', () => {
    const { lifecycle, warnings } = registry.resolve('openai', 'gpt-5-2025-08-07');
    expect([lifecycle?.status, lifecycle?.retired, warnings.length]).toEqual([
      'deprecated',
      '2026-12-11',
      1,
    ]);
  });

  it('a snapshot the data gives its own lifecycle keeps it', () => {
    const custom = createRegistry({
      today: AS_OF,
      entries: [
        {
          lab: 'acme',
          name: 'Acme',
          models: [
            {
              id: 'acme-1',
              name: 'Acme 1',
              family: 'acme',
              snapshots: ['acme-1-20250101', 'acme-1-20250601'],
              capabilities: { image_input: claim(true) },
              source: SOURCE,
            },
          ],
        },
        {
          id: 'acme-cloud',
          name: 'Acme Cloud',
          tool_wire_format: 'openai',
          base_url: 'http://127.0.0.1:9/v1',
          chat_path: '/chat',
          auth: { header: 'Authorization', scheme: 'Bearer' },
          docs: SOURCE,
          offerings: [
            {
              id: 'acme-1-20250601',
              model: 'acme/acme-1',
              lifecycle: { deprecated: '2026-10-01', retired: '2027-03-01', source: SOURCE },
            },
          ],
          retired: [
            {
              id: 'acme-1',
              model: 'acme/acme-1',
              retired: '2026-09-01',
              replacement: 'acme-1-20250601',
              source: SOURCE,
            },
          ],
        },
      ],
    });
    const own = custom.resolve('acme-cloud', 'acme-1-20250601');
    expect([own.via, own.lifecycle?.status, own.lifecycle?.retired]).toEqual([
      'offering',
      'deprecated',
      '2027-03-01',
    ]);
    // the other snapshot has no offering of its own: the model's current offering serves it
    const other = custom.resolve('acme-cloud', 'acme-1-20250101');
    expect([other.via, other.offering?.id, other.lifecycle?.status]).toEqual([
      'snapshot',
      'acme-1-20250601',
      'deprecated',
    ]);
  });
});

describe('a name missing from a provider list', () => {
  it('says so against the data date, and never that the provider does not serve it', () => {
    expect(registry.resolve('xai', 'grok-9').warnings).toEqual([
      'model "grok-9" is unknown to the registry: it is not in the registry\'s list for "xai" as of 2026-12-06 (nor in its models.dev snapshot of 2026-07-02); the list may be older than the model, so this says nothing about whether "xai" serves it; what depends on the model is unknown',
    ]);
  });

  it('no current flagship carries a "not listed" warning', () => {
    const flagships: [string, string][] = [
      ['anthropic', 'claude-sonnet-5-5'],
      ['openai', 'gpt-6.1-sol'],
      ['gemini', 'gemini-3.8-flash'],
      ['xai', 'grok-4.7'],
      ['deepseek', 'deepseek-flash'],
      ['mistral', 'mistral-large-4'],
      ['moonshot', 'kimi-k3'],
    ];
    for (const [provider, model] of flagships) {
      expect([registry.resolve(provider, model).listed, model]).toEqual([true, model]);
    }
  });
});
