// Fragments about the AI SDK adapter: the middleware, the AI SDK's providers and functions,
// and the app's values.
export { anthropic } from '@ai-sdk/anthropic';
export { openai } from '@ai-sdk/openai';
export { crosswireMiddleware, supportsInToolResults } from '@crosswire/ai-sdk';
export { generateText, wrapLanguageModel } from 'ai';

import type { ToolSet } from 'ai';

/** The AI SDK's tool set of your app. */
export declare const tools: ToolSet;
export * from './app.ts';
