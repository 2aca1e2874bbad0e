import { RegistryError } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import {
  CAPABILITY_NAMES,
  type CapabilityName,
  capabilityValues,
  createRegistry,
  defaultRegistry,
  explain,
  resolve,
  resolveCapabilities,
  supports,
} from './index.js';

function thrown(action: () => unknown): RegistryError {
  try {
    action();
  } catch (error) {
    if (error instanceof RegistryError) return error;
    throw error;
  }
  throw new Error('expected a RegistryError');
}

const query = { provider: 'openai-responses', model: 'gpt-oss-120b' } as const;

describe('calling conventions a caller may reach for', () => {
  it('supports takes (query, capability), ({ ...query, capability }) and (provider, model, capability)', () => {
    const cases: [string, string, CapabilityName, boolean][] = [
      ['anthropic', 'claude-sonnet-4-5', 'tool_result_images', true],
      ['openai-responses', 'gpt-oss-120b', 'tool_result_pdf', false],
      ['openai-responses', 'gpt-4o', 'tool_result_pdf', true],
      ['gemini', 'gemini-2.5-pro', 'tool_result_images', false],
      ['gemini', 'gemini-3-pro-preview', 'tool_result_images', true],
      ['aki-anthropic', 'gemma-3-27b-it', 'tool_result_images', false],
      ['perplexity', 'sonar-pro', 'tool_result_pdf', false],
    ];
    for (const [provider, model, capability, expected] of cases) {
      expect([
        supports({ provider, model }, capability),
        supports({ provider, model, capability }),
        supports(provider, model, capability),
        defaultRegistry.supports({ provider, model, capability }),
      ]).toEqual([expected, expected, expected, expected]);
    }
  });

  it('explain takes the same three forms; without a capability it explains every one', () => {
    const reasons = explain(query, 'tool_result_pdf');
    expect(reasons.at(-1)).toBe(
      'cleared: the native pdf form on responses needs vision (nativeNeedsVision("responses", "pdf")) and the model has no image_input',
    );
    expect(explain({ ...query, capability: 'tool_result_pdf' })).toEqual(reasons);
    expect(explain(query.provider, query.model, 'tool_result_pdf')).toEqual(reasons);
    const all = explain(query.provider, query.model);
    expect(Object.keys(all)).toEqual([...CAPABILITY_NAMES]);
    expect(all.tool_result_pdf).toEqual(reasons);
  });

  it('resolveCapabilities gives provenance objects; capabilityValues the plain values', () => {
    const capabilities = resolveCapabilities(query);
    expect(capabilities.tool_result_pdf).toMatchObject({
      value: false,
      claimed: true,
      evidence: 'docs',
    });
    expect(resolveCapabilities(query.provider, query.model)).toBe(capabilities);
    expect(resolve(query.provider, query.model)).toBe(resolve(query));
    expect(capabilityValues(query)).toEqual({
      tools: true,
      image_input: false,
      pdf_input: false,
      audio_input: false,
      tool_result_images: false,
      tool_result_pdf: false,
    });
    // An unknown model: the Chat Completions wire still rules out tool-result media.
    expect(capabilityValues({ provider: 'openai', model: 'no-such-model' })).toEqual({
      tools: 'unknown',
      image_input: 'unknown',
      pdf_input: 'unknown',
      audio_input: 'unknown',
      tool_result_images: false,
      tool_result_pdf: false,
    });
    expect(capabilityValues('gemini', 'gemini-3.5-flash')).toMatchObject({
      image_input: true,
      tool_result_images: true,
      tool_result_pdf: true,
    });
  });

  it('methods work detached from the registry (no `this`)', () => {
    const registry = createRegistry();
    const { supports: detached, explain: why } = registry;
    expect(detached('anthropic', 'claude-opus-4-1', 'tool_result_pdf')).toBe(true);
    expect(why('anthropic', 'claude-opus-4-1', 'tools')).toHaveLength(3);
  });

  it('provider names: ids, aliases, any case, "_" for "-", and the Langertha engine names', () => {
    const cases: [string, string][] = [
      ['AKIAnthropic', 'aki-anthropic'],
      ['aki_anthropic', 'aki-anthropic'],
      ['MoonshotAnthropic', 'moonshot-anthropic'],
      ['LMStudioAnthropic', 'lmstudio-anthropic'],
      ['MiniMaxAnthropic', 'minimax-anthropic'],
      ['OpenAIResponses', 'openai-responses'],
      ['openai_responses', 'openai-responses'],
      ['Perplexity', 'perplexity'],
      ['NousResearch', 'nousresearch'],
      ['LlamaCpp', 'llamacpp'],
      ['llama.cpp', 'llamacpp'],
      ['HuggingFace', 'huggingface'],
      ['Gemini', 'gemini'],
      ['google', 'gemini'],
      ['AKI', 'aki'],
    ];
    expect(cases.map(([name]) => defaultRegistry.provider(name).id)).toEqual(
      cases.map(([, id]) => id),
    );
    expect(defaultRegistry.hasProvider('OpenAIResponses')).toBe(true);
    expect(defaultRegistry.hasProvider('nothing')).toBe(false);
  });

  it('refuses a malformed query with a typed error that says what is wrong', () => {
    const missingModel = thrown(() =>
      supports({ provider: 'openai' } as unknown as { model: string }, 'tools'),
    );
    expect([missingModel.code, missingModel.message]).toEqual([
      'invalid_query',
      'invalid capability query: "model" must be a model name string, got undefined',
    ]);
    expect(
      thrown(() => resolveCapabilities(undefined as unknown as { model: string })).message,
    ).toBe(
      'invalid capability query: expected { provider, model } or (provider, model), got undefined',
    );
    expect(thrown(() => supports({ provider: 'openai', model: 'gpt-4o' } as never)).message).toBe(
      'unknown capability undefined (known: tools, image_input, pdf_input, audio_input, tool_result_images, tool_result_pdf)',
    );
    const unknownProvider = thrown(() => supports('acme', 'gpt-4o', 'tools'));
    expect(unknownProvider.code).toBe('unknown_provider');
    expect(unknownProvider.message).toMatch(
      /^unknown provider "acme" \(known: aki, aki-anthropic, /,
    );
  });
});
