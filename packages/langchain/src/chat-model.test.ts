import { defaultRegistry } from '@crosswire/registry';
import { ChatAnthropic } from '@langchain/anthropic';
import { ChatGoogleGenerativeAI } from '@langchain/google-genai';
import { ChatOllama } from '@langchain/ollama';
import { AzureChatOpenAI, ChatOpenAI, ChatOpenAICompletions } from '@langchain/openai';
import { FakeToolCallingModel, initChatModel } from 'langchain';
import { describe, expect, it } from 'vitest';
import { chatModelRoute, type LangChainChatModel } from './chat-model.js';

const knowsProvider = (id: string) => defaultRegistry.hasProvider(id);
const route = (model: LangChainChatModel, tools?: readonly unknown[]) =>
  chatModelRoute(model, { knowsProvider, ...(tools ? { callOptions: { tools } } : {}) });

/** A provider package's class built on ChatOpenAICompletions, as @langchain/deepseek's is. */
class ChatDeepSeekLike extends ChatOpenAICompletions {
  static override lc_name() {
    return 'ChatDeepSeek';
  }
  override getLsParams(options: this['ParsedCallOptions']) {
    return { ...super.getLsParams(options), ls_provider: 'deepseek' };
  }
}

describe('chatModelRoute: the wire, registry provider and model of a LangChain chat model', () => {
  it('reads the classes Crosswire knows', () => {
    const models = {
      chat: new ChatOpenAI({ model: 'gpt-6.1-sol', apiKey: 'k' }),
      responses: new ChatOpenAI({ model: 'gpt-6.1-sol', apiKey: 'k', useResponsesApi: true }),
      prefersResponses: new ChatOpenAI({ model: 'gpt-5.2-pro', apiKey: 'k' }),
      azure: new AzureChatOpenAI({
        model: 'gpt-6.1-sol',
        azureOpenAIApiKey: 'k',
        azureOpenAIApiInstanceName: 'example',
        azureOpenAIApiDeploymentName: 'prod',
        azureOpenAIApiVersion: '2024-10-21',
      }),
      anthropic: new ChatAnthropic({ model: 'claude-sonnet-5-5', apiKey: 'k' }),
      gemini: new ChatGoogleGenerativeAI({ model: 'gemini-3-flash-preview', apiKey: 'k' }),
      ollama: new ChatOllama({ model: 'qwen2.5vl' }),
      subclass: new ChatDeepSeekLike({ model: 'deepseek-v4-flash', apiKey: 'k' }),
    };
    expect(
      Object.fromEntries(Object.entries(models).map(([key, model]) => [key, route(model)])),
    ).toEqual({
      chat: { wire: 'openai', provider: 'openai', model: 'gpt-6.1-sol', className: 'ChatOpenAI' },
      responses: {
        wire: 'responses',
        provider: 'openai-responses',
        model: 'gpt-6.1-sol',
        className: 'ChatOpenAI',
      },
      prefersResponses: {
        wire: 'responses',
        provider: 'openai-responses',
        model: 'gpt-5.2-pro',
        className: 'ChatOpenAI',
      },
      azure: {
        wire: 'openai',
        provider: 'openai',
        model: 'gpt-6.1-sol',
        className: 'AzureChatOpenAI',
      },
      anthropic: {
        wire: 'anthropic',
        provider: 'anthropic',
        model: 'claude-sonnet-5-5',
        className: 'ChatAnthropic',
      },
      gemini: {
        wire: 'gemini',
        provider: 'gemini',
        model: 'gemini-3-flash-preview',
        className: 'ChatGoogleGenerativeAI',
      },
      ollama: { wire: 'ollama', provider: 'ollama', model: 'qwen2.5vl', className: 'ChatOllama' },
      subclass: {
        wire: 'openai',
        provider: 'deepseek',
        model: 'deepseek-v4-flash',
        className: 'ChatOpenAICompletions',
      },
    });
  });

  it('asks ChatOpenAI itself whether a request goes to Responses (a built-in tool sends it there)', () => {
    const model = new ChatOpenAI({ model: 'gpt-6.1-sol', apiKey: 'k' });
    expect(route(model, [{ type: 'web_search_preview' }]).wire).toBe('responses');
    expect(route(model, [{ type: 'function', function: { name: 'f' } }]).wire).toBe('openai');
  });

  it("reads initChatModel's model, as createAgent builds it from 'provider:model'", async () => {
    const openai = await initChatModel('openai:gpt-6.1-sol', {
      useResponsesApi: true,
      apiKey: 'k',
    });
    const anthropic = await initChatModel('anthropic:claude-sonnet-5-5', { apiKey: 'k' });
    const gemini = await initChatModel('gemini-3-flash-preview', {
      modelProvider: 'google-genai',
      apiKey: 'k',
    });
    expect([route(openai), route(anthropic), route(gemini)]).toEqual([
      {
        wire: 'responses',
        provider: 'openai-responses',
        model: 'gpt-6.1-sol',
        className: 'ChatOpenAI',
      },
      {
        wire: 'anthropic',
        provider: 'anthropic',
        model: 'claude-sonnet-5-5',
        className: 'ChatAnthropic',
      },
      {
        wire: 'gemini',
        provider: 'gemini',
        model: 'gemini-3-flash-preview',
        className: 'ChatGoogleGenerativeAI',
      },
    ]);
  });

  it('an unknown class has no wire and no provider', () => {
    expect(route(new FakeToolCallingModel({}))).toEqual({
      wire: undefined,
      provider: undefined,
      model: '',
      className: 'FakeToolCallingModel',
    });
    expect(route({})).toEqual({
      wire: undefined,
      provider: undefined,
      model: '',
      className: 'Object',
    });
  });

  it('a LangSmith provider name the registry does not have falls back to the class provider', () => {
    class ChatLocalLike extends ChatOpenAICompletions {
      override getLsParams(options: this['ParsedCallOptions']) {
        return { ...super.getLsParams(options), ls_provider: 'no-such-provider' };
      }
    }
    expect(route(new ChatLocalLike({ model: 'm', apiKey: 'k' })).provider).toBe('openai');
  });
});
