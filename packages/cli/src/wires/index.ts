import type { WireFormat } from '@crosswire/core';
import * as anthropic from './anthropic.js';
import * as bedrock from './bedrock.js';
import type { DeliveredToolResult } from './delivered.js';
import * as gemini from './gemini.js';
import * as hermes from './hermes.js';
import * as ollama from './ollama.js';
import * as openai from './openai.js';
import * as responses from './responses.js';

export type { DeliveredToolResult } from './delivered.js';

/** How each wire's request body carries tool results; the compiler checks every wire is here. */
export const DELIVERED_TOOL_RESULTS: Readonly<
  Record<WireFormat, (body: unknown) => DeliveredToolResult[]>
> = {
  openai: openai.deliveredToolResults,
  anthropic: anthropic.deliveredToolResults,
  gemini: gemini.deliveredToolResults,
  ollama: ollama.deliveredToolResults,
  responses: responses.deliveredToolResults,
  hermes: hermes.deliveredToolResults,
  bedrock: bedrock.deliveredToolResults,
};
