import type { WireFormat } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { isCapabilityName, requestFeatures, structuredOutputFact } from './capabilities.js';
import { createRegistry, type RegistryEntry } from './create.js';
import { claim, DATE, SOURCE } from './test-support/fixtures.js';

// What a resolved model's request features are, and which structured-output mechanism its
// provider takes for it, with the reasons `explain` shows: a provider with no fact, a fact that
// does not depend on the model, and one that does (anthropic's synthetic tool unless the model
// claims output_format, openai's prompt form only when it says false, bedrock settled by the
// model). Each test builds its registry on providers named as the table's rows.

const model = (id: string, outputFormat?: ReturnType<typeof claim>) => ({
  id,
  name: id,
  family: 'acme',
  capabilities: { tools: claim(true) },
  ...(outputFormat === undefined ? {} : { request_features: { output_format: outputFormat } }),
  source: SOURCE,
});

function registry() {
  const provider = (id: string, wire: WireFormat): RegistryEntry => ({
    id,
    name: id,
    tool_wire_format: wire,
    base_url: 'http://127.0.0.1:9/v1',
    chat_path: '/chat',
    auth: { header: 'Authorization', scheme: 'Bearer' },
    docs: SOURCE,
  });
  return createRegistry({
    extends: null,
    entries: [
      {
        lab: 'acme',
        name: 'Acme',
        models: [
          model('says-yes', claim(true)),
          model('says-no', claim(false)),
          model('not-sure', claim('unknown')),
          model('silent'),
        ],
      },
      provider('anthropic', 'anthropic'),
      provider('openai', 'openai'),
      provider('bedrock', 'bedrock'),
      provider('ollama', 'ollama'),
      provider('groq', 'openai'),
      provider('nowhere', 'openai'),
    ],
  });
}

const ANTHROPIC_HEAD =
  'structured_output: true (docs, https://platform.claude.com/docs/en/build-with-claude/structured-outputs, 2026-12-02): native';
const ANTHROPIC_TOOL =
  'tool; the model has no output_config.format (request feature output_format): a synthetic tool instead';
const OPENAI_HEAD =
  'structured_output: true (docs, https://platform.openai.com/docs/guides/structured-outputs, 2026-12-02): native';

describe('isCapabilityName', () => {
  it('is true for the capability names exactly as spelt, false for anything else', () => {
    expect(['tools', 'tool_result_pdf'].map(isCapabilityName)).toEqual([true, true]);
    expect(['IMAGE_INPUT', 'image-input', '', 'vision'].map(isCapabilityName)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect([undefined, null, 5, ['tools']].map(isCapabilityName)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('requestFeatures', () => {
  it("a model's claims with the entry they are on, unknown where it claims nothing", () => {
    const resolution = registry().resolve({ provider: 'anthropic', model: 'says-no' });
    const unknown = {
      value: 'unknown',
      model: undefined,
      evidence: undefined,
      source: undefined,
      date: undefined,
    };
    expect(requestFeatures(resolution)).toStrictEqual({
      output_format: {
        value: false,
        model: 'acme/says-no',
        evidence: 'docs',
        source: SOURCE,
        date: DATE,
      },
      forced_tool_choice: unknown,
      json_with_tools: unknown,
    });
    const nobody = registry().resolve({ provider: 'anthropic', model: 'nobody-knows' });
    expect(requestFeatures(nobody).output_format).toStrictEqual(unknown);
  });
});

describe('structuredOutputFact', () => {
  it('a provider without a fact: unknown, the wire’s own parameter', () => {
    const fact = structuredOutputFact(registry().resolve({ provider: 'nowhere', model: 'silent' }));
    expect(fact).toStrictEqual({
      value: 'unknown',
      support: 'native',
      evidence: undefined,
      source: undefined,
      reasons: [
        `structured_output: no fact for provider "nowhere": unknown; the wire's own parameter is sent and the reply validated`,
      ],
    });
    // No provider at all.
    expect(structuredOutputFact(registry().resolve({ model: 'silent' })).reasons).toEqual([
      `structured_output: no fact for provider "": unknown; the wire's own parameter is sent and the reply validated`,
    ]);
  });

  it('a fact that does not depend on the model, with its note when it has one', () => {
    const of = (provider: string) =>
      structuredOutputFact(registry().resolve({ provider, model: 'says-no' }));
    expect(of('ollama')).toStrictEqual({
      value: true,
      support: 'native',
      evidence: 'docs',
      source: 'https://docs.ollama.com/capabilities/structured-outputs',
      reasons: [
        'structured_output: true (docs, https://docs.ollama.com/capabilities/structured-outputs, 2026-12-02): native',
      ],
    });
    expect(of('groq').reasons).toEqual([
      'structured_output: true (docs, https://console.groq.com/docs/structured-outputs, 2026-12-02): native; not together with tools (quirk structured_output_with_tools: false)',
    ]);
  });

  it('anthropic: the native parameter only for a model that claims output_format', () => {
    const of = (model: string) =>
      structuredOutputFact(registry().resolve({ provider: 'anthropic', model }));
    expect(of('says-yes')).toStrictEqual({
      value: true,
      support: 'native',
      evidence: 'docs',
      source: 'https://platform.claude.com/docs/en/build-with-claude/structured-outputs',
      reasons: [
        ANTHROPIC_HEAD,
        `model acme/says-yes claims output_format true (docs, ${SOURCE}, ${DATE})`,
      ],
    });
    expect(of('silent')).toStrictEqual({
      value: false,
      support: 'tool',
      evidence: 'docs',
      source: 'https://platform.claude.com/docs/en/build-with-claude/structured-outputs',
      reasons: [
        ANTHROPIC_HEAD,
        `model "silent" has no output_format request feature in the data: ${ANTHROPIC_TOOL}`,
      ],
    });
    // A bare unknown claim: no evidence, source or date to name.
    expect(of('not-sure').reasons).toEqual([
      ANTHROPIC_HEAD,
      `model acme/not-sure claims output_format unknown (no evidence, no source, no date): ${ANTHROPIC_TOOL}`,
    ]);
    expect(of('nobody-knows').support).toBe('tool');
  });

  it('openai: the prompt form only for a model that says output_format false', () => {
    const of = (model: string) =>
      structuredOutputFact(registry().resolve({ provider: 'openai', model }));
    expect([of('silent').value, of('silent').support, of('silent').reasons]).toEqual([
      true,
      'native',
      [OPENAI_HEAD, 'model "silent" has no output_format request feature in the data'],
    ]);
    const refused = of('says-no');
    expect([refused.value, refused.support, refused.reasons[1]]).toEqual([
      false,
      'prompt',
      `model acme/says-no claims output_format false (docs, ${SOURCE}, ${DATE}): prompt; the model has no json_schema structured outputs (request feature output_format; "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model"): JSON mode with the schema in the system prompt, the reply validated`,
    ]);
  });

  it('bedrock: unknown unless the model claims output_format, the tool when it says false', () => {
    const of = (model: string) =>
      structuredOutputFact(registry().resolve({ provider: 'bedrock', model }));
    expect([of('says-yes').value, of('says-yes').support]).toEqual([true, 'native']);
    expect([of('silent').value, of('silent').support]).toEqual(['unknown', 'native']);
    expect([of('says-no').value, of('says-no').support]).toEqual([false, 'tool']);
  });
});
