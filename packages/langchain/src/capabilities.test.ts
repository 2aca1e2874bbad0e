import { ChatAnthropic } from '@langchain/anthropic';
import { ChatGoogleGenerativeAI } from '@langchain/google-genai';
import { ChatOllama } from '@langchain/ollama';
import { ChatOpenAI } from '@langchain/openai';
import { FakeToolCallingModel } from 'langchain';
import { describe, expect, it } from 'vitest';
import { supportsInToolResults } from './index.js';

const chat = new ChatOpenAI({ model: 'gpt-6.1-sol', apiKey: 'k' });
const responses = new ChatOpenAI({ model: 'gpt-6.1-sol', apiKey: 'k', useResponsesApi: true });
const claude = new ChatAnthropic({ model: 'claude-sonnet-5-5', apiKey: 'k' });
const gemini = new ChatGoogleGenerativeAI({ model: 'gemini-3-flash-preview', apiKey: 'k' });
const vision = new ChatOllama({ model: 'qwen2.5vl' });
const textOnly = new ChatOllama({ model: 'qwen3' });

describe('supportsInToolResults for LangChain chat models', () => {
  it('answers for images by default, for each class', () => {
    const answers = [chat, responses, claude, gemini, vision, textOnly].map((model) => {
      const { supported, delivery, wire, provider, known } = supportsInToolResults(model);
      return { supported, delivery, wire, provider, known };
    });
    expect(answers).toEqual([
      {
        supported: false,
        delivery: 'user-message',
        wire: 'openai',
        provider: 'openai',
        known: true,
      },
      {
        supported: true,
        delivery: 'native',
        wire: 'responses',
        provider: 'openai-responses',
        known: true,
      },
      {
        supported: true,
        delivery: 'native',
        wire: 'anthropic',
        provider: 'anthropic',
        known: true,
      },
      {
        supported: false,
        delivery: 'user-message',
        wire: 'gemini',
        provider: 'gemini',
        known: true,
      },
      {
        supported: false,
        delivery: 'user-message',
        wire: 'ollama',
        provider: 'ollama',
        known: true,
      },
      {
        supported: false,
        delivery: 'placeholder',
        wire: 'ollama',
        provider: 'ollama',
        known: true,
      },
    ]);
  });

  it('answers for PDFs', () => {
    const delivery = [chat, responses, claude, gemini, vision].map(
      (model) => supportsInToolResults(model, 'pdf').delivery,
    );
    expect(delivery).toEqual(['placeholder', 'native', 'native', 'user-message', 'placeholder']);
  });

  it('says why: the wire, then the integration, then the registry, then the fallback', () => {
    const answer = supportsInToolResults(gemini);
    expect(answer.wireCarries).toBe(true);
    expect(answer.reasons[0]).toBe('the gemini wire carries an image inside a tool result');
    expect(answer.reasons[1]).toBe(
      'its LangChain integration cannot put an image inside a tool message',
    );
    expect(answer.reasons.at(-1)).toBe(
      'the model sees an image (image_input), so it goes in a user message right after the tool results',
    );
    expect(supportsInToolResults(chat).reasons[0]).toBe(
      'the openai wire cannot carry an image inside a tool result',
    );
  });

  it("imageFallback: 'none' leaves the placeholder", () => {
    expect(supportsInToolResults(chat, 'image', { imageFallback: 'none' }).delivery).toBe(
      'placeholder',
    );
  });

  it('options override the provider, model and wire', () => {
    const answer = supportsInToolResults(vision, 'image', {
      provider: 'anthropic',
      model: 'claude-sonnet-5-5',
      wire: 'anthropic',
    });
    expect([answer.supported, answer.provider, answer.model]).toEqual([
      true,
      'anthropic',
      'claude-sonnet-5-5',
    ]);
  });

  it('an unknown model or class is not supported, and says why', () => {
    const unknownModel = supportsInToolResults(
      new ChatAnthropic({ model: 'no-such', apiKey: 'k' }),
    );
    expect([unknownModel.known, unknownModel.delivery, unknownModel.reasons.at(-1)]).toEqual([
      false,
      'placeholder',
      'the registry does not know model "no-such" on provider "anthropic"; treated as not seeing it',
    ]);
    expect(supportsInToolResults(new FakeToolCallingModel({}))).toEqual({
      supported: false,
      delivery: 'placeholder',
      wireCarries: false,
      wire: undefined,
      provider: undefined,
      model: '',
      known: false,
      reasons: [
        'Crosswire does not know the LangChain class FakeToolCallingModel; pass options.wire and options.provider',
      ],
    });
  });
});
