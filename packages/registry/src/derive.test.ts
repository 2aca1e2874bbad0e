import { MEDIA_KINDS, type MediaKind, WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Tristate } from './capabilities.js';
import { createRegistry } from './create.js';
import { defaultRegistry } from './default-registry.js';
import { IMAGE_INPUT_OF, testLab, testProvider } from './test-support/fixtures.js';

const CAPABILITY_OF = { image: 'tool_result_images', pdf: 'tool_result_pdf' } as const;
const claimFalse = { value: false, evidence: 'live', date: '2026-11-29' } as const;

// The oracles below are written down from seed 000 (its `carries_native` and
// `native_needs_vision` table and the clearing rule), never computed with core's
// `carriesNative`/`nativeNeedsVision`, which the resolver itself calls: a wrong cell in core's
// table must fail here too.

/** Seed 000's table: does the wire's tool result carry the kind natively, and by vision only. */
const NATIVE: Record<WireFormat, Record<MediaKind, { carries: boolean; vision: boolean }>> = {
  anthropic: { image: { carries: true, vision: true }, pdf: { carries: true, vision: false } },
  responses: { image: { carries: true, vision: true }, pdf: { carries: true, vision: true } },
  gemini: { image: { carries: true, vision: true }, pdf: { carries: true, vision: true } },
  openai: { image: { carries: false, vision: false }, pdf: { carries: false, vision: false } },
  ollama: { image: { carries: false, vision: false }, pdf: { carries: false, vision: false } },
  hermes: { image: { carries: false, vision: false }, pdf: { carries: false, vision: false } },
  bedrock: { image: { carries: true, vision: true }, pdf: { carries: true, vision: false } },
};

const T = true;
const F = false;
const U = 'unknown';
/**
 * The resolved value for each wire and provider claim, per kind, for the models `seeing`,
 * `blind` and `unsure` (image_input true, false, unknown), worked out by hand from seed 000.
 */
const CLEARED: Record<string, Record<MediaKind, readonly [Tristate, Tristate, Tristate]>> = {
  'anthropic true': { image: [T, F, U], pdf: [T, T, T] },
  'anthropic false': { image: [F, F, F], pdf: [F, F, F] },
  'anthropic unknown': { image: [U, U, U], pdf: [U, U, U] },
  'responses true': { image: [T, F, U], pdf: [T, F, U] },
  'responses false': { image: [F, F, F], pdf: [F, F, F] },
  'responses unknown': { image: [U, U, U], pdf: [U, U, U] },
  'gemini true': { image: [T, F, U], pdf: [T, F, U] },
  'gemini false': { image: [F, F, F], pdf: [F, F, F] },
  'gemini unknown': { image: [U, U, U], pdf: [U, U, U] },
  'openai true': { image: [F, F, F], pdf: [F, F, F] },
  'openai false': { image: [F, F, F], pdf: [F, F, F] },
  'openai unknown': { image: [F, F, F], pdf: [F, F, F] },
  'ollama true': { image: [F, F, F], pdf: [F, F, F] },
  'ollama false': { image: [F, F, F], pdf: [F, F, F] },
  'ollama unknown': { image: [F, F, F], pdf: [F, F, F] },
  'hermes true': { image: [F, F, F], pdf: [F, F, F] },
  'hermes false': { image: [F, F, F], pdf: [F, F, F] },
  'hermes unknown': { image: [F, F, F], pdf: [F, F, F] },
  'bedrock true': { image: [T, F, U], pdf: [T, T, T] },
  'bedrock false': { image: [F, F, F], pdf: [F, F, F] },
  'bedrock unknown': { image: [U, U, U], pdf: [U, U, U] },
};
const MODELS = ['seeing', 'blind', 'unsure'] as const;

function expected(wire: WireFormat, kind: MediaKind, claim: Tristate, model: string): Tristate {
  const row = CLEARED[`${wire} ${String(claim)}`];
  const value = row?.[kind][MODELS.indexOf(model as (typeof MODELS)[number])];
  if (value === undefined) throw new Error(`no expected value for ${wire} ${claim} ${model}`);
  return value;
}

function registryFor(wire: WireFormat, claim: Tristate) {
  // A true claim on a wire without a native form is refused by the validator, so those
  // providers state no claim: the wire alone must clear them.
  const allowed = (kind: MediaKind) =>
    claim === true && !NATIVE[wire][kind].carries ? undefined : claim;
  return createRegistry({
    extends: null,
    entries: [
      testLab(),
      testProvider('p', wire, { images: allowed('image'), pdf: allowed('pdf') }),
    ],
  });
}

describe('the clearing rule (seed 000, ADR 0039)', () => {
  it('has a written-down row for every wire and claim, and models for every image_input', () => {
    expect(Object.keys(CLEARED)).toHaveLength(WIRE_FORMATS.length * 3);
    expect(Object.keys(NATIVE).sort()).toEqual([...WIRE_FORMATS].sort());
    expect(IMAGE_INPUT_OF).toEqual({ seeing: true, blind: false, unsure: 'unknown' });
    expect(Object.keys(IMAGE_INPUT_OF)).toEqual([...MODELS]);
  });

  for (const wire of WIRE_FORMATS) {
    for (const claim of [true, false, 'unknown'] as const) {
      it(`on ${wire} with a ${String(claim)} claim, for both kinds and every image_input`, () => {
        const registry = registryFor(wire, claim);
        for (const kind of MEDIA_KINDS) {
          for (const model of MODELS) {
            const got = registry.resolveCapabilities({ provider: 'p', model })[CAPABILITY_OF[kind]];
            expect(got.value, `${wire} ${kind} ${model}`).toBe(expected(wire, kind, claim, model));
          }
        }
      });
    }
  }

  it('keeps a PDF on anthropic for a text-only model, clears it on responses and gemini', () => {
    const anthropic = registryFor('anthropic', true);
    const responses = registryFor('responses', true);
    const gemini = registryFor('gemini', true);
    const query = { provider: 'p', model: 'blind' };
    expect(anthropic.resolveCapabilities(query).tool_result_pdf.value).toBe(true);
    expect(responses.resolveCapabilities(query).tool_result_pdf.value).toBe(false);
    expect(gemini.resolveCapabilities(query).tool_result_pdf.value).toBe(false);
    expect(anthropic.explain(query, 'tool_result_pdf').at(-1)).toMatch(
      /^kept: the native pdf form on anthropic does not need vision/,
    );
    expect(responses.explain(query, 'tool_result_pdf').at(-1)).toMatch(
      /^cleared: the native pdf form on responses needs vision .* the model has no image_input$/,
    );
  });

  it('never reads unknown as true: an unknown image_input clears to unknown', () => {
    const registry = registryFor('responses', true);
    const query = { provider: 'p', model: 'unsure' };
    const { tool_result_images } = registry.resolveCapabilities(query);
    expect(tool_result_images).toMatchObject({ value: 'unknown', claimed: true });
    expect(registry.supports(query, 'tool_result_images')).toBe(false);
  });

  it('holds for every provider and offering of the shipped data (property)', () => {
    const pairs = defaultRegistry
      .providers()
      .flatMap((provider) =>
        provider.offerings.map((offering) => ({ provider: provider.id, model: offering.id })),
      );
    fc.assert(
      fc.property(fc.constantFrom(...pairs), fc.constantFrom(...MEDIA_KINDS), (query, kind) => {
        const resolution = defaultRegistry.resolve(query);
        const wire = resolution.wire as WireFormat;
        const value = resolution.capabilities[CAPABILITY_OF[kind]].value;
        const native = NATIVE[wire][kind];
        if (value === true) {
          expect(native.carries).toBe(true);
          if (native.vision) expect(resolution.capabilities.image_input.value).toBe(true);
        }
        if (!native.carries) expect(value).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('matches the independent rule for random wires, claims and models (property)', () => {
    const tristate = fc.constantFrom<Tristate>(true, false, 'unknown');
    fc.assert(
      fc.property(
        fc.constantFrom(...WIRE_FORMATS),
        tristate,
        fc.constantFrom(...MODELS),
        (wire, claim, model) => {
          const capabilities = registryFor(wire, claim).resolveCapabilities({
            provider: 'p',
            model,
          });
          for (const kind of MEDIA_KINDS) {
            expect(capabilities[CAPABILITY_OF[kind]].value).toBe(
              expected(wire, kind, claim, model),
            );
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('provider quirks in the shipped data', () => {
  it("AKI.IO's /anthropic shim never delivers tool-result images, even to a vision model", () => {
    const query = { provider: 'aki-anthropic', model: 'gemma-3-27b-it' };
    const capabilities = defaultRegistry.resolveCapabilities(query);
    expect(capabilities.image_input.value).toBe(true);
    expect(capabilities.tool_result_images.value).toBe(false);
    expect(defaultRegistry.explain(query, 'tool_result_images').at(-1)).toMatch(
      /quirk tool_result_images: never \(live, .*\): the image does not reach the model here$/,
    );
    expect(defaultRegistry.provider('aki-anthropic').quirks).toEqual({
      source_blocks: false,
      inline_images: false,
      tool_result_images: 'never',
      tool_result_pdf: undefined,
      structured_output_with_tools: true,
    });
  });

  it('source_blocks: false on the AKI.IO, Moonshot and LM Studio /anthropic shims clears PDFs', () => {
    for (const provider of ['aki-anthropic', 'moonshot-anthropic', 'lmstudio-anthropic']) {
      expect(defaultRegistry.provider(provider).quirks.source_blocks).toBe(false);
      const model = defaultRegistry.provider(provider).offerings[0]?.id as string;
      const { tool_result_pdf } = defaultRegistry.resolveCapabilities({ provider, model });
      expect(tool_result_pdf.value).toBe(false);
      expect(tool_result_pdf.reasons.at(-1)).toContain('quirk source_blocks: false');
    }
    expect(defaultRegistry.provider('anthropic').quirks.source_blocks).toBe(true);
    expect(defaultRegistry.provider('minimax-anthropic').quirks.source_blocks).toBe(true);
  });

  it('source_blocks is false on exactly the three shims seed 003 names, true on every other anthropic-wire provider', () => {
    const anthropicWire = defaultRegistry.providers().filter((p) => p.wire === 'anthropic');
    expect(anthropicWire.map((provider) => [provider.id, provider.quirks.source_blocks])).toEqual([
      ['aki-anthropic', false],
      ['anthropic', true],
      ['anthropic-bedrock', true],
      ['anthropic-vertex', true],
      ['lmstudio-anthropic', false],
      ['minimax-anthropic', true],
      ['moonshot-anthropic', false],
    ]);
  });

  it('images on the anthropic shims: only AKI.IO keeps the placeholder for a vision model', () => {
    const images = (provider: string, model: string) =>
      defaultRegistry.resolveCapabilities({ provider, model }).tool_result_images;
    expect(images('anthropic', 'claude-sonnet-4-5').value).toBe(true);
    expect(images('moonshot-anthropic', 'kimi-k2.6').value).toBe(true);
    expect(images('lmstudio-anthropic', 'google/gemma-3-27b')).toMatchObject({
      value: true,
      evidence: 'inferred',
    });
    expect(images('lmstudio-anthropic', 'qwen/qwen3-8b').value).toBe(false);
    expect(images('aki-anthropic', 'gemma-3-27b-it').value).toBe(false);
  });

  it('MiniMax /anthropic: documents no image or document input, so no tool-result media, but takes text documents', () => {
    const provider = defaultRegistry.provider('minimax-anthropic');
    expect(provider.quirks).toEqual({
      source_blocks: true,
      inline_images: false,
      tool_result_images: undefined,
      tool_result_pdf: undefined,
      structured_output_with_tools: true,
    });
    for (const model of ['MiniMax-M2', 'MiniMax-M2.1', 'MiniMax-M3']) {
      const capabilities = defaultRegistry.resolveCapabilities({ provider: provider.id, model });
      expect([capabilities.tool_result_images.value, capabilities.tool_result_pdf.value]).toEqual([
        false,
        false,
      ]);
      expect(capabilities.tool_result_pdf.reasons.at(-1)).toBe(
        'provider "minimax-anthropic" claims tool_result_pdf = false (docs, https://platform.minimaxi.com/docs/api-reference/text-anthropic-api, checked 2026-11-29; the compatibility table says messages support text and tool calls, not image or document input)',
      );
    }
  });

  it('a PDF on first-party anthropic reaches a text-only model (no vision needed); on responses it does not', () => {
    const registry = createRegistry({
      entries: [
        {
          lab: 'anthropic',
          models: [{ id: 'claude-sonnet-4-5', capabilities: { image_input: claimFalse } }],
        },
      ],
    });
    const anthropic = registry.resolveCapabilities({
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
    });
    expect([anthropic.tool_result_images.value, anthropic.tool_result_pdf.value]).toEqual([
      false,
      true,
    ]);
    const perplexity = registry.resolveCapabilities({
      provider: 'perplexity',
      model: 'anthropic/claude-sonnet-4-5',
    });
    expect([perplexity.tool_result_images.value, perplexity.tool_result_pdf.value]).toEqual([
      false,
      false,
    ]);
  });

  it("Perplexity's agent API takes images in tool results but never a PDF", () => {
    const query = { provider: 'perplexity', model: 'openai/gpt-5.1' };
    const capabilities = defaultRegistry.resolveCapabilities(query);
    expect(defaultRegistry.provider('perplexity').wire).toBe('responses');
    expect(capabilities.tool_result_images.value).toBe(true);
    expect(capabilities.tool_result_pdf.value).toBe(false);
    expect(capabilities.tool_result_pdf.reasons.at(-1)).toContain('quirk tool_result_pdf: never');
    // The same model on OpenAI's own Responses endpoint does get the PDF.
    expect(
      defaultRegistry.supports(
        { provider: 'openai-responses', model: 'gpt-5.1' },
        'tool_result_pdf',
      ),
    ).toBe(true);
  });

  it('Gemini before 3 has no tool-result media; 3 and later (dotted too) do', () => {
    const values = (model: string) => {
      const capabilities = defaultRegistry.resolveCapabilities({ provider: 'gemini', model });
      return [capabilities.tool_result_images.value, capabilities.tool_result_pdf.value];
    };
    expect(values('gemini-2.0-flash')).toEqual([false, false]);
    expect(values('gemini-2.5-pro')).toEqual([false, false]);
    expect(values('gemini-2.5-flash-lite')).toEqual([false, false]);
    expect(values('gemini-3-pro-preview')).toEqual([true, true]);
    expect(values('gemini-3.5-flash')).toEqual([true, true]);
    expect(values('gemini-3.6-flash')).toEqual([true, true]);
    expect(values('gemini-10-pro')).toEqual([true, true]);
    // Gemma on the Gemini API: no claim, so unknown rather than true.
    expect(values('gemma-3-27b-it')).toEqual(['unknown', 'unknown']);
  });

  it('Moonshot /anthropic clears tool-result images for a text-only Kimi model', () => {
    const text = defaultRegistry.resolveCapabilities({
      provider: 'moonshot-anthropic',
      model: 'kimi-k2-0905-preview',
    });
    expect(text.tool_result_images.value).toBe(false);
    expect(text.tool_result_images.claimed).toBe(true);
    const vision = defaultRegistry.resolveCapabilities({
      provider: 'moonshot-anthropic',
      model: 'kimi-k2.5',
    });
    expect(vision.tool_result_images.value).toBe(true);
  });

  it('string wires clear every tool-result medium whatever the model', () => {
    for (const provider of ['openai', 'ollama', 'aki', 'nousresearch', 'openrouter', 'groq']) {
      for (const offering of defaultRegistry.provider(provider).offerings) {
        if (offering.wire) continue;
        const capabilities = defaultRegistry.resolveCapabilities({ provider, model: offering.id });
        expect([capabilities.tool_result_images.value, capabilities.tool_result_pdf.value]).toEqual(
          [false, false],
        );
      }
    }
  });

  it('an offering can override the wire: gpt-5-pro is Responses-only on the openai provider', () => {
    const resolution = defaultRegistry.resolve({ provider: 'openai', model: 'gpt-5-pro' });
    expect(resolution.wire).toBe('responses');
    expect(resolution.offering?.chatPath).toBe('/responses');
    expect(resolution.capabilities.tool_result_images.value).toBe(true);
    expect(defaultRegistry.resolve({ provider: 'openai', model: 'gpt-5' }).wire).toBe('openai');
  });
});
