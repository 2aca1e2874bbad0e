import { describe, expect, it } from 'vitest';
import { createRegistry } from '../create.js';
import { defaultRegistry } from '../default-registry.js';
import { TOOL_RESULT_DELIVERIES, toolResultDelivery } from './delivery.js';

// Each answer from a registry of its own: a registry caches its resolutions, and a cached answer
// would hide the delivery rule from a test that asks again.
const resolveFresh = (provider: string, model: string) =>
  createRegistry({ extends: defaultRegistry }).resolve({ provider, model });

const delivered = (provider: string, model: string) => {
  const { delivery } = resolveFresh(provider, model);
  return [delivery.image.delivery, delivery.pdf.delivery];
};

// A Hermes endpoint serving a vision model: no provider in the data does, so one is added.
const hermesVision = () =>
  createRegistry({
    entries: [
      {
        id: 'hermes-vision',
        name: 'Hermes vision test server',
        tool_wire_format: 'hermes',
        base_url: 'http://127.0.0.1:9/v1',
        chat_path: '/chat/completions',
        auth: null,
        docs: 'https://example.test/docs',
        offerings: [{ id: 'qwen2.5-vl', model: 'alibaba/qwen2.5-vl-7b-instruct' }],
      },
    ],
  });

describe('how a tool image and a tool PDF reach the model (Resolution.delivery)', () => {
  it('answers per wire and model, with the default fallback an engine sends', () => {
    // [image, pdf], written by hand from the wire table, the models' capabilities and the
    // dialects' fallback forms.
    expect(delivered('anthropic', 'claude-sonnet-5-5')).toEqual(['native', 'native']);
    expect(delivered('openai-responses', 'gpt-6.1-sol')).toEqual(['native', 'native']);
    expect(delivered('gemini', 'gemini-3.8-flash')).toEqual(['native', 'native']);
    // Gemini 2.x: nothing inside the functionResponse, both as inlineData beside it.
    expect(delivered('gemini', 'gemini-2.5-flash-lite')).toEqual(['user-message', 'user-message']);
    // The string wires: a vision model gets the image after the results; no PDF form there.
    expect(delivered('openai', 'gpt-6.1-sol')).toEqual(['user-message', 'placeholder']);
    expect(delivered('ollama', 'qwen2.5vl:7b')).toEqual(['user-message', 'placeholder']);
    const hermes = hermesVision().resolve({ provider: 'hermes-vision', model: 'qwen2.5-vl' });
    expect([hermes.delivery.image.delivery, hermes.delivery.pdf.delivery]).toEqual([
      'user-message',
      'placeholder',
    ]);
    // A text-only model sees no image however it is sent.
    expect(delivered('ollama', 'llama3.2')).toEqual(['placeholder', 'placeholder']);
    expect(delivered('nousresearch', 'Hermes-4-405B')).toEqual(['placeholder', 'placeholder']);
    // A shim whose tool results drop images: the anthropic wire has no fallback form.
    expect(delivered('aki-anthropic', 'gemma-3-27b-it')).toEqual(['placeholder', 'placeholder']);
  });

  it('says why, in order', () => {
    const resolution = resolveFresh('openai', 'gpt-6.1-sol');
    expect(resolution.delivery.image).toEqual({
      delivery: 'user-message',
      reasons: [
        'tool_result_images is false: the openai tool result holds a placeholder line',
        'imageFallback is user-message (the default) and image_input is true: sent in one user message after the results',
      ],
    });
    expect(resolution.delivery.pdf.reasons).toEqual([
      'tool_result_pdf is false: the openai tool result holds a placeholder line',
      'the openai wire has no user-message form for a PDF',
    ]);
    const gemini = resolveFresh('gemini', 'gemini-2.5-flash-lite');
    expect(gemini.delivery.image.reasons.at(-1)).toBe(
      "the provider's tool_result_image_fallback is user-message and image_input is true: sent as inlineData parts beside the functionResponse parts",
    );
    expect(resolveFresh('ollama', 'llama3.2').delivery.image.reasons).toEqual([
      'tool_result_images is false: the ollama tool result holds a placeholder line',
      'image_input is false: the model does not see images, so imageFallback is user-message (the default) sends nothing',
    ]);
  });

  it("takes the caller's imageFallback into account", () => {
    const openai = resolveFresh('openai', 'gpt-6.1-sol');
    expect(toolResultDelivery(openai, 'image', { imageFallback: 'none' })).toEqual({
      delivery: 'placeholder',
      reasons: [
        'tool_result_images is false: the openai tool result holds a placeholder line',
        'imageFallback is none: nothing follows it',
      ],
    });
    // tool-message is Ollama's form only.
    expect(toolResultDelivery(openai, 'image', { imageFallback: 'tool-message' }).delivery).toBe(
      'placeholder',
    );
    const ollama = resolveFresh('ollama', 'qwen2.5vl:7b');
    expect(toolResultDelivery(ollama, 'image', { imageFallback: 'tool-message' })).toEqual({
      delivery: 'tool-message',
      reasons: [
        'tool_result_images is false: the ollama tool result holds a placeholder line',
        'imageFallback is tool-message and image_input is true: sent on the tool message itself',
      ],
    });
    // A native answer does not depend on the fallback.
    const claude = resolveFresh('anthropic', 'claude-sonnet-5-5');
    expect(toolResultDelivery(claude, 'image', { imageFallback: 'none' }).delivery).toBe('native');
  });

  it('follows a provider quirk that names the fallback', () => {
    const registry = createRegistry({
      entries: [
        {
          id: 'ollama',
          quirks: { tool_result_image_fallback: 'tool-message' },
          quirk_sources: {
            tool_result_image_fallback: { evidence: 'live', date: '2026-12-01' },
          },
        },
      ],
    });
    const answer = registry.resolve({ provider: 'ollama', model: 'qwen2.5vl:7b' }).delivery.image;
    expect(answer.delivery).toBe('tool-message');
    expect(answer.reasons.at(-1)).toBe(
      "the provider's tool_result_image_fallback is tool-message and image_input is true: sent on the tool message itself",
    );
  });

  it('answers placeholder without a provider, and names every delivery', () => {
    const bare = createRegistry({ extends: defaultRegistry }).resolve({
      model: 'claude-sonnet-5-5',
    });
    expect(bare.delivery.image).toEqual({
      delivery: 'placeholder',
      reasons: ['no provider, so no wire to carry an image'],
    });
    expect(TOOL_RESULT_DELIVERIES).toEqual([
      'native',
      'user-message',
      'tool-message',
      'placeholder',
    ]);
  });

  it('a native answer says which capability carries the medium', () => {
    const claude = resolveFresh('anthropic', 'claude-sonnet-5-5');
    expect([claude.delivery.image.reasons, claude.delivery.pdf.reasons]).toEqual([
      ['tool_result_images is true: the anthropic tool result carries an image'],
      ['tool_result_pdf is true: the anthropic tool result carries a PDF'],
    ]);
  });

  it('a model that reads no PDFs gets a placeholder on a wire with a PDF fallback', () => {
    const gemini = resolveFresh('gemini', 'gemini-2.5-flash-lite');
    const noPdf = {
      ...gemini,
      capabilities: {
        ...gemini.capabilities,
        pdf_input: { ...gemini.capabilities.pdf_input, value: false as const },
      },
    };
    expect(toolResultDelivery(noPdf, 'pdf')).toEqual({
      delivery: 'placeholder',
      reasons: [
        'tool_result_pdf is false: the gemini tool result holds a placeholder line',
        "pdf_input is false: the model does not read PDFs, so the provider's tool_result_image_fallback is user-message sends nothing",
      ],
    });
  });

  it('answers for facts given by hand without a provider (no quirk to read)', () => {
    const ollama = resolveFresh('ollama', 'qwen2.5vl:7b');
    const facts = { wire: ollama.wire, provider: undefined, capabilities: ollama.capabilities };
    expect(toolResultDelivery(facts, 'image')).toEqual({
      delivery: 'user-message',
      reasons: [
        'tool_result_images is false: the ollama tool result holds a placeholder line',
        'imageFallback is user-message (the default) and image_input is true: sent in one user message after the results',
      ],
    });
  });
});
