// Each LangChain chat model of the tests pointed at the simulator through its own base-URL option.
import type { WireFormat } from '@crosswire/core';
import { ChatAnthropic } from '@langchain/anthropic';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { ChatGoogleGenerativeAI } from '@langchain/google-genai';
import { ChatOllama } from '@langchain/ollama';
import { ChatOpenAI } from '@langchain/openai';

export interface ChatTarget {
  /** The simulator wire the requests go to. */
  readonly wire: WireFormat;
  readonly model: string;
  readonly make: (baseUrl: string, model: string) => BaseChatModel;
}

const chatOpenAi = (responses: boolean) => (baseUrl: string, model: string) =>
  new ChatOpenAI({
    model,
    apiKey: 'k',
    maxRetries: 0,
    useResponsesApi: responses,
    configuration: { baseURL: `${baseUrl}/v1` },
  });

export const CHAT_MODELS = {
  'ChatOpenAI gpt-6.1-sol (Chat Completions)': {
    wire: 'openai',
    model: 'gpt-6.1-sol',
    make: chatOpenAi(false),
  },
  'ChatOpenAI gpt-6.1-sol (Responses)': {
    wire: 'responses',
    model: 'gpt-6.1-sol',
    make: chatOpenAi(true),
  },
  'ChatOpenAI gpt-3.5-turbo (text only)': {
    wire: 'openai',
    model: 'gpt-3.5-turbo',
    make: chatOpenAi(false),
  },
  'ChatAnthropic claude-sonnet-5-5': {
    wire: 'anthropic',
    model: 'claude-sonnet-5-5',
    make: (baseUrl, model) =>
      new ChatAnthropic({ model, apiKey: 'k', maxRetries: 0, anthropicApiUrl: baseUrl }),
  },
  'ChatGoogleGenerativeAI gemini-3-flash-preview': {
    wire: 'gemini',
    model: 'gemini-3-flash-preview',
    make: (baseUrl, model) =>
      new ChatGoogleGenerativeAI({ model, apiKey: 'k', maxRetries: 0, baseUrl }),
  },
  'ChatOllama qwen2.5vl': {
    wire: 'ollama',
    model: 'qwen2.5vl',
    make: (baseUrl, model) => new ChatOllama({ model, baseUrl }),
  },
  'ChatOllama qwen3 (text only)': {
    wire: 'ollama',
    model: 'qwen3',
    make: (baseUrl, model) => new ChatOllama({ model, baseUrl }),
  },
} as const satisfies Record<string, ChatTarget>;

export type ChatModelName = keyof typeof CHAT_MODELS;
