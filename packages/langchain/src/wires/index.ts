// One file per wire, dispatched through this exhaustive table (see DESIGN.md, "One wire, one
// file"): each says what its LangChain integration sends for a given tool message.
import type { WireFormat } from '@crosswire/core';
import { anthropic } from './anthropic.js';
import { bedrock } from './bedrock.js';
import { gemini } from './gemini.js';
import { hermes } from './hermes.js';
import { ollama } from './ollama.js';
import { openai } from './openai.js';
import { responses } from './responses.js';
import type { LangChainWire } from './wire.js';

export const WIRES: Readonly<Record<WireFormat, LangChainWire>> = {
  openai,
  anthropic,
  gemini,
  ollama,
  responses,
  hermes,
  bedrock,
};
