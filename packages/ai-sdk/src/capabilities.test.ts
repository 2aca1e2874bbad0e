import { describe, expect, it } from 'vitest';
import { routeOf, supportsInToolResults } from './index.js';

describe('routeOf: AI SDK provider ids to Crosswire wires', () => {
  it('maps the documented ids', () => {
    const ids = [
      'openai.chat',
      'openai.responses',
      'anthropic.messages',
      'google.generative-ai',
      'google.vertex.chat',
      'xai.chat',
      'deepseek.chat',
      'mistral.chat',
      'groq.chat',
      'openrouter.chat',
      'ollama.chat',
      'lmstudio.chat',
      'made-up.completion',
    ];
    expect(Object.fromEntries(ids.map((id) => [id, routeOf(id)]))).toEqual({
      'openai.chat': { wire: 'openai', provider: 'openai' },
      'openai.responses': { wire: 'responses', provider: 'openai-responses' },
      'anthropic.messages': { wire: 'anthropic', provider: 'anthropic' },
      'google.generative-ai': { wire: 'gemini', provider: 'gemini' },
      'google.vertex.chat': { wire: 'gemini', provider: 'gemini' },
      'xai.chat': { wire: 'openai', provider: 'xai' },
      'deepseek.chat': { wire: 'openai', provider: 'deepseek' },
      'mistral.chat': { wire: 'openai', provider: 'mistral' },
      'groq.chat': { wire: 'openai', provider: 'groq' },
      'openrouter.chat': { wire: 'openai', provider: 'openrouter' },
      'ollama.chat': { wire: 'ollama', provider: 'ollama' },
      'lmstudio.chat': { wire: 'openai', provider: undefined },
      'made-up.completion': undefined,
    });
  });
});

describe('supportsInToolResults', () => {
  it('Claude sees images and PDFs in a tool result; the anthropic wire carries both', () => {
    const model = { provider: 'anthropic.messages', modelId: 'claude-sonnet-4-5' };
    expect(supportsInToolResults(model, 'image')).toMatchObject({
      supported: true,
      delivery: 'native',
      wireCarries: true,
      wire: 'anthropic',
      provider: 'anthropic',
      known: true,
    });
    expect(supportsInToolResults(model, 'pdf').supported).toBe(true);
  });

  it('Chat Completions: no image in a tool message, so a vision model gets it after the results', () => {
    const model = { provider: 'openai.chat', modelId: 'gpt-6.1-sol' };
    const answer = supportsInToolResults(model, 'image');
    expect(answer).toMatchObject({ supported: true, delivery: 'user-message', wireCarries: false });
    expect(answer.reasons[0]).toBe('the openai wire cannot carry an image inside a tool result');
    expect(answer.reasons.at(-1)).toBe(
      'imageFallback is user-message (the default) and image_input is true: sent in one user message after the results',
    );
    // The middleware's imageFallback: 'none' leaves the placeholder line only.
    expect(supportsInToolResults(model, 'image', { imageFallback: 'none' })).toMatchObject({
      supported: false,
      delivery: 'placeholder',
    });
    // No PDF form on Chat Completions.
    expect(supportsInToolResults(model, 'pdf')).toMatchObject({
      supported: false,
      delivery: 'placeholder',
    });
    // A text-only model sees no image however it is sent.
    expect(
      supportsInToolResults({ provider: 'ollama.chat', modelId: 'llama3.2' }, 'image'),
    ).toMatchObject({ supported: false, delivery: 'placeholder', wire: 'ollama' });
  });

  it('Gemini 2.5 beside the functionResponse, Gemini 3 inside it', () => {
    const gemini = (modelId: string) =>
      supportsInToolResults({ provider: 'google.generative-ai', modelId }, 'image').delivery;
    expect([gemini('gemini-2.5-flash-lite'), gemini('gemini-3.8-flash')]).toEqual([
      'user-message',
      'native',
    ]);
  });

  it('an unknown model or provider is not supported, and says why', () => {
    expect(
      supportsInToolResults({ provider: 'anthropic.messages', modelId: 'no-such-model' }, 'image')
        .known,
    ).toBe(false);
    const unknown = supportsInToolResults({ provider: 'made-up.completion', modelId: 'x' }, 'pdf');
    expect(unknown).toMatchObject({ supported: false, wire: undefined, known: false });
    expect(unknown.reasons[0]).toBe(
      'the AI SDK provider "made-up.completion" maps to no Crosswire wire; pass options.wire',
    );
  });

  it('options override the registry provider and model', () => {
    const answer = supportsInToolResults({ provider: 'lmstudio.chat', modelId: 'local' }, 'image', {
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      wire: 'anthropic',
    });
    expect(answer.supported).toBe(true);
  });
});
