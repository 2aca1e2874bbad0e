// The dispatch table of the wires: one dialect per wire format, checked exhaustive by the compiler.
import type { WireFormat } from '@crosswire/core';
import type { Dialect } from '../dialect-types.js';
import type { WireStream } from '../stream-types.js';
import * as anthropic from './anthropic.js';
import { stream as anthropicStream } from './anthropic-stream.js';
import * as gemini from './gemini.js';
import { stream as geminiStream } from './gemini-stream.js';
import * as hermes from './hermes.js';
import { stream as hermesStream } from './hermes-stream.js';
import * as ollama from './ollama.js';
import { stream as ollamaStream } from './ollama-stream.js';
import * as openai from './openai.js';
import { stream as openaiStream } from './openai-stream.js';
import * as responses from './responses.js';
import { stream as responsesStream } from './responses-stream.js';

/** Every wire's dialect; the compiler checks the record is exhaustive. */
export const DIALECTS: Readonly<Record<WireFormat, Dialect>> = Object.freeze({
  openai: openai.dialect,
  anthropic: anthropic.dialect,
  gemini: gemini.dialect,
  ollama: ollama.dialect,
  responses: responses.dialect,
  hermes: hermes.dialect,
});

/** Every wire's streaming half; the compiler checks the record is exhaustive. */
export const STREAMS: Readonly<Record<WireFormat, WireStream>> = Object.freeze({
  openai: openaiStream,
  anthropic: anthropicStream,
  gemini: geminiStream,
  ollama: ollamaStream,
  responses: responsesStream,
  hermes: hermesStream,
});
