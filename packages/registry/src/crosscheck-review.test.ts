import { describe, expect, it } from 'vitest';
import { createRegistry } from './create.js';

// The answers the crosscheck review of 2026-12-01 changed (docs/design-notes/registry.md,
// "Crosscheck review"). Expected values are written down from the sources the data cites.
const registry = createRegistry({ today: '2026-12-01' });

const FILE_INPUTS = 'https://developers.openai.com/api/docs/guides/file-inputs';
const DEPRECATIONS = 'https://developers.openai.com/api/docs/deprecations';

function values(provider: string, model: string) {
  return registry.capabilityValues({ provider, model });
}

describe('GPT-5.x models the family template guessed: PDF input no longer lost to the catalogue', () => {
  it.each([
    ['openai-responses', 'gpt-5.4-pro'],
    ['openai-responses', 'gpt-5.4-mini'],
    ['openai-responses', 'gpt-5.4-nano'],
    ['openai-responses', 'gpt-5.2-pro'],
    ['openrouter', 'openai/gpt-5.2-codex'],
  ])('%s %s: pdf_input true from an entry, citing OpenAI file inputs', (provider, model) => {
    const resolution = registry.resolve({ provider, model });
    expect(resolution.model?.origin).toBe('data');
    expect(resolution.capabilities.pdf_input).toMatchObject({
      value: true,
      evidence: 'inferred',
      source: FILE_INPUTS,
    });
  });

  it('the Responses tool-result PDF answer for them stays true (the model sees images)', () => {
    expect(
      registry.supports({ provider: 'openai-responses', model: 'gpt-5.4-pro' }, 'tool_result_pdf'),
    ).toBe(true);
  });

  it('GPT-5 Chat takes no tools, on OpenAI and as openai/gpt-5-chat on OpenRouter', () => {
    expect(values('openai', 'gpt-5-chat-latest').tools).toBe(false);
    expect(
      registry.resolve({ provider: 'openrouter', model: 'openai/gpt-5-chat' }).model?.key,
    ).toBe('openai/gpt-5-chat-latest');
    expect(values('openrouter', 'openai/gpt-5-chat').tools).toBe(false);
    expect(values('openai', 'gpt-5.3-chat-latest').tools).toBe(true);
  });
});

describe("OpenAI lifecycle from OpenAI's deprecations page", () => {
  it.each([
    ['o4-mini', '2026-10-23', 'gpt-5.6-terra'],
    ['gpt-4.1-nano', '2026-10-23', 'gpt-5.6-luna'],
    ['gpt-4o-2024-05-13', '2026-10-23', 'gpt-5.6-sol'],
    ['gpt-5-codex', '2026-07-23', 'gpt-5.6-sol'],
    ['gpt-5.1-codex-mini', '2026-07-23', 'gpt-5.6-terra'],
    ['gpt-5-chat-latest', '2026-07-23', 'gpt-5.6-sol'],
    ['gpt-5.3-chat-latest', '2026-08-10', 'gpt-5.6-sol'],
  ])('%s is retired on %s, replaced by %s, and no longer listed', (model, retired, replacement) => {
    for (const provider of ['openai', 'openai-responses']) {
      const resolution = registry.resolve({ provider, model });
      expect(resolution.lifecycle).toMatchObject({ status: 'retired', retired, replacement });
      expect(resolution.lifecycle?.source).toBe(DEPRECATIONS);
      expect(resolution.listed).toBe(false);
      expect(registry.provider(provider)?.offerings.map((o) => o.id)).not.toContain(model);
    }
  });

  it('GPT-5, GPT-5 mini/nano/pro and o3 are deprecated and retire on 2026-12-11', () => {
    for (const model of ['gpt-5', 'gpt-5-mini', 'gpt-5-nano', 'gpt-5-pro', 'o3']) {
      expect(registry.resolve({ provider: 'openai', model }).lifecycle).toMatchObject({
        status: 'deprecated',
        retired: '2026-12-11',
      });
    }
    const later = createRegistry({ today: '2026-12-11' });
    expect(later.resolve({ provider: 'openai', model: 'gpt-5' }).lifecycle?.status).toBe('retired');
  });

  it('the first GPT-4o snapshot has its own 4,096-token output limit', () => {
    expect(
      registry.resolve({ provider: 'openrouter', model: 'openai/gpt-4o-2024-05-13' }).limits,
    ).toEqual({
      context: 128000,
      output: 4096,
    });
    expect(registry.resolve({ provider: 'openai', model: 'gpt-4o' }).limits.output).toBe(16384);
  });
});

describe('OpenRouter: tools off where no upstream provider takes them', () => {
  it.each([
    'nousresearch/hermes-4-405b',
    'nousresearch/hermes-4-70b',
    'nousresearch/hermes-3-llama-3.1-70b',
    'meta-llama/llama-3.2-3b-instruct',
    'meta-llama/llama-3.2-3b-instruct:free',
    'meta-llama/llama-3.2-1b-instruct',
  ])('%s: tools false, with the reason', (model) => {
    const tools = registry.resolve({ provider: 'openrouter', model }).capabilities.tools;
    expect(tools).toMatchObject({ value: false, evidence: 'inferred' });
    expect(tools.reasons.join(' ')).toContain('No endpoints found that support tool use');
  });

  it('the models still call tools on their own endpoints', () => {
    expect(values('nousresearch', 'Hermes-4-70B').tools).toBe(true);
    expect(values('ollama', 'llama3.2').tools).toBe(true);
  });
});

describe('other corrections', () => {
  it('mistral-medium-latest is Mistral Medium 3.5 (256K); mistral-small-latest answers from the catalogue', () => {
    const medium = registry.resolve({ provider: 'mistral', model: 'mistral-medium-latest' });
    expect([medium.model?.key, medium.limits.context]).toEqual([
      'mistral/mistral-medium-3.5',
      262144,
    ]);
    expect(values('mistral', 'mistral-medium-latest')).toMatchObject({
      tools: true,
      image_input: true,
    });
    const small = registry.resolve({ provider: 'mistral', model: 'mistral-small-latest' });
    expect([small.via, small.limits.context]).toEqual(['catalogue', 256000]);
    expect(
      registry.resolve({ provider: 'mistral', model: 'mistral-medium-2508' }).limits.context,
    ).toBe(131072);
  });

  it("MiniMax-M3 sees images, on MiniMax's own word", () => {
    expect(
      registry.resolve({ provider: 'minimax', model: 'MiniMax-M3' }).capabilities.image_input,
    ).toMatchObject({
      value: true,
      evidence: 'docs',
      source: 'https://x.com/MiniMax_AI/status/2061944204604101020',
    });
    expect(registry.resolve({ provider: 'minimax', model: 'MiniMax-M3' }).limits.output).toBe(
      128000,
    );
  });

  it('Claude Haiku 3 is retired on Anthropic and its PDF input is unknown, not guessed', () => {
    const resolution = registry.resolve({
      provider: 'anthropic',
      model: 'claude-3-haiku-20240307',
    });
    expect(resolution.lifecycle).toMatchObject({
      status: 'retired',
      retired: '2026-04-20',
      replacement: 'claude-haiku-4-5',
    });
    expect(values('openrouter', 'anthropic/claude-3-haiku').pdf_input).toBe('unknown');
    expect(values('openrouter', 'anthropic/claude-3-haiku').image_input).toBe(true);
  });

  it.each([
    ['claude-sonnet-4-20250514', '2026-06-15', 'claude-sonnet-4-6'],
    ['claude-sonnet-4-0', '2026-06-15', 'claude-sonnet-4-6'],
    ['claude-opus-4', '2026-06-15', 'claude-opus-4-8'],
    ['claude-opus-4-1', '2026-08-05', undefined],
  ])('anthropic %s was retired on %s', (model, retired, replacement) => {
    const resolution = registry.resolve({ provider: 'anthropic', model });
    expect(resolution.lifecycle).toMatchObject({ status: 'retired', retired, replacement });
    expect(resolution.listed).toBe(false);
  });
});
