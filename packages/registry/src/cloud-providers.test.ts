// The cloud providers (issue 45) serve the first-party models under their own ids: each id, and
// each inference profile of it, resolves to the same model and so to the same model facts.
import { describe, expect, it } from 'vitest';
import { resolve, structuredOutputFact } from './index.js';

const MODEL_FACTS = ['tools', 'image_input', 'pdf_input', 'audio_input'] as const;

const facts = (provider: string, model: string) => {
  const resolution = resolve({ provider, model });
  return {
    model: resolution.model?.id,
    ...Object.fromEntries(MODEL_FACTS.map((name) => [name, resolution.capabilities[name].value])),
  };
};

describe('cloud ids resolve to the first-party models', () => {
  it.each([
    ['bedrock', 'anthropic.claude-sonnet-4-6', 'anthropic', 'claude-sonnet-4-6'],
    ['bedrock', 'us.anthropic.claude-sonnet-4-6', 'anthropic', 'claude-sonnet-4-6'],
    ['bedrock', 'eu.anthropic.claude-opus-4-5-20251101-v1:0', 'anthropic', 'claude-opus-4-5'],
    [
      'anthropic-bedrock',
      'global.anthropic.claude-haiku-4-5-20251001-v1:0',
      'anthropic',
      'claude-haiku-4-5',
    ],
    ['anthropic-vertex', 'claude-opus-4-5@20251101', 'anthropic', 'claude-opus-4-5'],
    ['gemini-vertex', 'gemini-2.5-flash', 'gemini', 'gemini-2.5-flash'],
    ['azure-openai', 'gpt-4.1', 'openai', 'gpt-4.1'],
    ['azure-openai-responses', 'gpt-5', 'openai-responses', 'gpt-5'],
  ])('%s %s is %s %s', (provider, model, firstParty, firstPartyModel) => {
    expect(facts(provider, model)).toEqual(facts(firstParty, firstPartyModel));
  });

  it('on the same wire, the tool-result facts are the first party’s too', () => {
    const results = (provider: string, model: string) => {
      const { capabilities } = resolve({ provider, model });
      return [capabilities.tool_result_images.value, capabilities.tool_result_pdf.value];
    };
    expect(results('anthropic-bedrock', 'us.anthropic.claude-sonnet-4-6')).toEqual(
      results('anthropic', 'claude-sonnet-4-6'),
    );
    expect(results('anthropic-vertex', 'claude-sonnet-4-6')).toEqual(
      results('anthropic', 'claude-sonnet-4-6'),
    );
    expect(results('gemini-vertex', 'gemini-3-pro-preview')).toEqual(
      results('gemini', 'gemini-3-pro-preview'),
    );
    // Converse: Claude takes both inside toolResult, Llama neither (AWS's reference).
    expect(results('bedrock', 'us.anthropic.claude-sonnet-4-6')).toEqual([true, true]);
    expect(results('bedrock', 'us.meta.llama4-scout-17b-instruct-v1:0')).toEqual([
      false,
      'unknown',
    ]);
  });
});

describe('structured output on the cloud routes, by the model', () => {
  // Written by hand from AWS's structured-output page (Claude 4.5 and later constrained through
  // Converse outputConfig.textFormat; no Nova model listed) and the Vertex AI pages.
  it.each([
    ['bedrock', 'us.anthropic.claude-sonnet-4-6', true, 'native'],
    ['bedrock', 'anthropic.claude-3-7-sonnet-20250219-v1:0', false, 'tool'],
    ['bedrock', 'amazon.nova-pro-v1:0', false, 'tool'],
    ['bedrock', 'meta.llama4-scout-17b-instruct-v1:0', 'unknown', 'native'],
    ['anthropic-bedrock', 'global.anthropic.claude-haiku-4-5-20251001-v1:0', true, 'native'],
    ['anthropic-bedrock', 'anthropic.claude-3-7-sonnet-20250219-v1:0', false, 'tool'],
    ['gemini-vertex', 'gemini-2.5-flash', true, 'native'],
    ['anthropic-vertex', 'claude-opus-4-5@20251101', 'unknown', 'tool'],
    ['azure-openai', 'gpt-4.1', true, 'native'],
  ] as const)('%s %s: %s, %s', (provider, model, value, support) => {
    const fact = structuredOutputFact(resolve({ provider, model }));
    expect([fact.value, fact.support]).toEqual([value, support]);
  });
});
