// The dispatch table of the wires: one dialect per wire format, checked exhaustive by the compiler.
import type { WireFormat } from '@crosswire/core';
import type { Dialect } from '../dialect-types.js';
import * as anthropic from './anthropic.js';
import * as gemini from './gemini.js';
import * as hermes from './hermes.js';
import * as ollama from './ollama.js';
import * as openai from './openai.js';
import * as responses from './responses.js';

/** Every wire's dialect; the compiler checks the record is exhaustive. */
export const DIALECTS: Readonly<Record<WireFormat, Dialect>> = Object.freeze({
  openai: openai.dialect,
  anthropic: anthropic.dialect,
  gemini: gemini.dialect,
  ollama: ollama.dialect,
  responses: responses.dialect,
  hermes: hermes.dialect,
});
