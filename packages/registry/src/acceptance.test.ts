// Acceptance tests written from issue 6 and the seeds only, calling the public API the way
// the issue names it.
import { createRegistry, explain, resolveCapabilities, supports } from '@crosswire/registry';
import { describe, expect, it } from 'vitest';

const tristate = (claim: unknown): unknown =>
  claim !== null && typeof claim === 'object' && 'value' in claim
    ? (claim as { value: unknown }).value
    : claim;

describe('resolveCapabilities', () => {
  it('anthropic claude-sonnet-4-6 sees images and gets tool-result images and PDFs', () => {
    const caps = resolveCapabilities({ provider: 'anthropic', model: 'claude-sonnet-4-6' });
    expect(tristate(caps.image_input)).toBe(true);
    expect(tristate(caps.tool_result_images)).toBe(true);
    expect(tristate(caps.tool_result_pdf)).toBe(true);
  });

  it('a claim carries evidence, a source and a date', () => {
    const caps = resolveCapabilities({ provider: 'anthropic', model: 'claude-sonnet-4-6' });
    const claim = caps.image_input as unknown as Record<string, unknown>;
    expect(['docs', 'live', 'inferred']).toContain(claim.evidence);
    expect(String(claim.source)).toMatch(/^https:\/\//);
    expect(String(claim.date)).toMatch(/^\d{4}-\d{2}(-\d{2})?$/);
  });

  it('openai chat wire never carries tool-result images or PDFs', () => {
    const caps = resolveCapabilities({ provider: 'openai', model: 'gpt-4o' });
    expect(tristate(caps.image_input)).toBe(true);
    expect(tristate(caps.tool_result_images)).toBe(false);
    expect(tristate(caps.tool_result_pdf)).toBe(false);
  });

  it('an unknown model resolves with every capability unknown', () => {
    const caps = resolveCapabilities({ provider: 'openai', model: 'totally-made-up-model-9000' });
    expect(tristate(caps.image_input)).toBe('unknown');
    expect(tristate(caps.pdf_input)).toBe('unknown');
    expect(tristate(caps.audio_input)).toBe('unknown');
    expect(
      supports({ provider: 'openai', model: 'totally-made-up-model-9000' }, 'image_input'),
    ).toBe(false);
  });

  it('unknown is never read as true: tool_result_images is not true for an unknown model', () => {
    // Not 'claude-…': a claude-{variant}-{version} name matches the Claude family template.
    const query = { provider: 'anthropic', model: 'mystery-model-0' };
    expect(tristate(resolveCapabilities(query).tool_result_images)).toBe('unknown');
    expect(supports(query, 'tool_result_images')).toBe(false);
  });
});

describe('supports and explain', () => {
  it('supports answers booleans', () => {
    expect(supports({ provider: 'anthropic', model: 'claude-sonnet-4-6' }, 'image_input')).toBe(
      true,
    );
    expect(supports({ provider: 'openai', model: 'gpt-4o' }, 'tool_result_images')).toBe(false);
  });

  it('explain returns a non-empty chain of reasons that names the wire rule', () => {
    const chain = explain({ provider: 'openai', model: 'gpt-4o' }, 'tool_result_images');
    expect(chain).toEqual([
      'provider "openai" speaks the openai wire',
      '"gpt-4o" resolved to openai/gpt-4o: offering "gpt-4o" of provider "openai" serving openai/gpt-4o',
      'wire openai has no native image form in a tool result (carriesNative("openai", "image") is false): the image goes out as a text placeholder',
    ]);
  });
});

describe('quirks', () => {
  it('AKI.IO /anthropic shim never gets tool-result images', () => {
    // A vision model, so only the provider quirk can clear it.
    const query = { provider: 'aki-anthropic', model: 'gemma-3-27b-it' };
    expect(tristate(resolveCapabilities(query).image_input)).toBe(true);
    expect(tristate(resolveCapabilities(query).tool_result_images)).toBe(false);
    expect(supports(query, 'tool_result_images')).toBe(false);
    expect(JSON.stringify(explain(query, 'tool_result_images'))).toMatch(/never/);
  });

  it('Perplexity agent API gets no tool-result PDF', () => {
    const caps = resolveCapabilities({ provider: 'perplexity', model: 'sonar-pro' });
    expect(tristate(caps.tool_result_pdf)).toBe(false);
  });
});

describe('clearing rule (seed 000 carriesNative / nativeNeedsVision)', () => {
  // Entry format as the README documents it: a lab file for the model, provider patches
  // for the offerings. (A spec-only reader cannot know this shape; see the report.)
  const claim = (value: boolean) => ({
    value,
    evidence: 'docs' as const,
    source: 'https://example.com/textonly',
    date: '2026-01-01',
  });
  const registry = createRegistry({
    entries: [
      {
        lab: 'acme',
        name: 'Acme',
        models: [
          {
            id: 'textonly-1',
            name: 'Text Only 1',
            family: 'textonly',
            capabilities: { tools: claim(true), image_input: claim(false) },
            source: 'https://example.com/textonly',
          },
        ],
      },
      { id: 'anthropic', offerings: [{ id: 'textonly-1', model: 'acme/textonly-1' }] },
      { id: 'openai-responses', offerings: [{ id: 'textonly-1', model: 'acme/textonly-1' }] },
      // Gemini claims tool-result media per version (>= 3), so the text-only model there is
      // a Gemini 3 family member.
      {
        lab: 'google',
        models: [
          {
            id: 'gemini-3.9-textonly',
            name: 'Gemini 3.9 Text Only',
            family: 'gemini',
            variant: 'textonly',
            version: '3.9',
            capabilities: { tools: claim(true), image_input: claim(false) },
            source: 'https://example.com/textonly',
          },
        ],
      },
    ],
  });

  it('a PDF on anthropic survives a text-only model', () => {
    const caps = registry.resolveCapabilities({ provider: 'anthropic', model: 'textonly-1' });
    expect(tristate(caps.tool_result_pdf)).toBe(true);
    expect(tristate(caps.tool_result_images)).toBe(false);
  });

  it('a PDF on responses does not survive a text-only model', () => {
    const caps = registry.resolveCapabilities({
      provider: 'openai-responses',
      model: 'textonly-1',
    });
    expect(tristate(caps.tool_result_pdf)).toBe(false);
    expect(tristate(caps.tool_result_images)).toBe(false);
  });

  it('a PDF on gemini does not survive a text-only model', () => {
    const caps = registry.resolveCapabilities({ provider: 'gemini', model: 'gemini-3.9-textonly' });
    expect(tristate(caps.tool_result_pdf)).toBe(false);
  });

  it('explain for the cleared PDF names image_input', () => {
    const chain = registry.explain(
      { provider: 'gemini', model: 'gemini-3.9-textonly' },
      'tool_result_pdf',
    );
    expect(JSON.stringify(chain)).toMatch(/image_input/);
  });

  it('entries that are not a list are a RegistryError, not a TypeError', () => {
    expect(() => createRegistry({ entries: { models: [] } as never })).toThrow(
      expect.objectContaining({ code: 'invalid_registry_data' }),
    );
  });
});

describe('model names', () => {
  it('a dated snapshot resolves to its family', () => {
    const dated = resolveCapabilities({
      provider: 'anthropic',
      model: 'claude-sonnet-4-5-20250929',
    });
    expect(tristate(dated.image_input)).toBe(true);
  });

  it('-latest resolves', () => {
    const caps = resolveCapabilities({ provider: 'mistral', model: 'mistral-large-latest' });
    expect(tristate(caps.image_input)).not.toBe('unknown');
  });

  it('openrouter vendor/ prefix and :free suffix resolve to the model', () => {
    const plain = resolveCapabilities({
      provider: 'openrouter',
      model: 'anthropic/claude-sonnet-4-6',
    });
    expect(tristate(plain.image_input)).toBe(true);
    const free = resolveCapabilities({
      provider: 'openrouter',
      model: 'meta-llama/llama-3.3-70b-instruct:free',
    });
    expect(tristate(free.image_input)).not.toBe('unknown');
  });

  it('dotted gemini versions: gemini-2.5 is before 3, gemini-3 carries tool-result images', () => {
    const old = resolveCapabilities({ provider: 'gemini', model: 'gemini-2.5-pro' });
    const three = resolveCapabilities({ provider: 'gemini', model: 'gemini-3-pro-preview' });
    expect(tristate(old.tool_result_images)).toBe(false);
    expect(tristate(three.tool_result_images)).toBe(true);
  });
});

describe('createRegistry overrides', () => {
  it('an app entry overrides a fact, the default registry stays untouched', () => {
    const registry = createRegistry({
      entries: [
        {
          lab: 'anthropic',
          models: [
            {
              id: 'claude-sonnet-4-6',
              capabilities: {
                image_input: { value: false, evidence: 'live', date: '2026-02-02' },
              },
            },
          ],
        },
      ],
    });
    expect(
      tristate(
        registry.resolveCapabilities({ provider: 'anthropic', model: 'claude-sonnet-4-6' })
          .image_input,
      ),
    ).toBe(false);
    expect(
      tristate(
        resolveCapabilities({ provider: 'anthropic', model: 'claude-sonnet-4-6' }).image_input,
      ),
    ).toBe(true);
  });

  it('extends chains registries', () => {
    const base = createRegistry({
      entries: [
        {
          id: 'perplexity',
          quirks: { tool_result_images: 'never' },
          quirk_sources: { tool_result_images: { evidence: 'live', date: '2026-01-01' } },
        },
      ],
    });
    const child = createRegistry({ extends: base, entries: [] });
    expect(child.provider('perplexity')?.quirks.tool_result_images).toBe('never');
    expect(
      child.supports({ provider: 'perplexity', model: 'sonar-pro' }, 'tool_result_images'),
    ).toBe(false);
  });
});
