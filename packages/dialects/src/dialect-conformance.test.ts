// Runtime oracle: the request bodies validate against what the providers publish (the OpenAI
// OpenAPI document, a community Gemini OpenAPI document), extracted into
// fixtures/conformance/ by the root scripts/extract-conformance.mjs (`pnpm conformance:extract`).
import type { WireFormat } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import {
  type ConformanceOracle,
  loadConformanceOracle,
} from '../../../scripts/conformance-oracle.js';
import {
  canonicalConversation,
  echoedConversation,
  opening,
  reply,
  resultFor,
  TOOLS,
} from '../../../test-support/dialect-conversation.js';
import { buildRequest, type DialectOptions, formatToolResults, parseResponse } from './dialect.js';

/**
 * The fixtures are plain JSON Schema 2020 already (the extractor rewrote OpenAPI 3.0's
 * `nullable: true` as a null branch); the oracle also reads `oneOf` as `anyOf`, because the
 * documents' oneOf branches overlap (a user message matches both EasyInputMessage and
 * InputMessage) and OpenAPI tools pick a branch by discriminator, not by exclusivity.
 */
const oracles: Record<string, ConformanceOracle> = {};
function validator(document: string, root: string) {
  oracles[document] ??= loadConformanceOracle(
    new URL(`../fixtures/conformance/${document}.json`, import.meta.url),
    { oneOfAsAnyOf: true },
  );
  return oracles[document].validator(root);
}

const chat = validator('openai', 'CreateChatCompletionRequest');
const responses = validator('openai', 'CreateResponse');
const gemini = validator('gemini', 'GenerateContentRequest');
const ORACLES: Partial<Record<WireFormat, (body: unknown) => string[]>> = {
  openai: chat,
  responses,
  gemini,
};

function bodies(wire: WireFormat, options: DialectOptions = {}) {
  const turn = (name: string) => {
    const body = reply(wire, name);
    const calls = parseResponse(wire, body, options).toolCalls;
    return formatToolResults(wire, body, calls.map(resultFor), { ...options, onWarning: () => {} });
  };
  const thinking = wire === 'openai' ? 'thinking-openrouter' : 'thinking';
  return {
    echoed: buildRequest(wire, echoedConversation(wire, options), options),
    canonical: buildRequest(wire, canonicalConversation(wire, options), options),
    parallel: buildRequest(
      wire,
      { model: 'm', messages: [...opening(), ...turn('parallel-calls')], tools: TOOLS },
      options,
    ),
    thinking: buildRequest(
      wire,
      { model: 'm', messages: [...opening(), ...turn(thinking)], tools: TOOLS },
      options,
    ),
  };
}

describe.each(['openai', 'responses', 'gemini'] as const)(
  '%s request bodies validate against the published schema',
  (wire) => {
    const validate = ORACLES[wire] as (body: unknown) => string[];
    const options: DialectOptions = { imageInput: true, nativePdf: true };
    it.each(Object.entries(bodies(wire, options)))('%s', (_name, body) => {
      expect(validate(body)).toEqual([]);
    });
  },
);

describe('the oracle is live', () => {
  it('rejects an image part inside a chat tool message', () => {
    const body = buildRequest('openai', echoedConversation('openai'));
    const messages = body.messages as Record<string, unknown>[];
    messages[3] = {
      role: 'tool',
      tool_call_id: 'x',
      content: [{ type: 'image_url', image_url: { url: 'https://a/b.png' } }],
    };
    const errors = chat(body);
    expect(errors).toContain(
      '/messages/3/content/0/type must be equal to one of the allowed values',
    );
    expect(errors.filter((error) => !error.startsWith('/messages/3'))).toEqual([]);
  });
  it('rejects a Langertha-0.503 responses item and a snake_case gemini field', () => {
    const body = buildRequest('responses', echoedConversation('responses'));
    (body.input as unknown[]).push({ role: 'tool', call_id: 'c', content: 'x' });
    const errors = responses(body);
    expect(errors).toContain('/input/3/role must be equal to one of the allowed values');
    expect(errors.filter((error) => !error.startsWith('/input'))).toEqual([]);
    const geminiBody = buildRequest('gemini', echoedConversation('gemini'));
    (geminiBody as Record<string, unknown>).generation_config = {};
    // generation_config is the REST field's snake_case spelling; the document has camelCase.
    expect(gemini(geminiBody)).toEqual([' must NOT have additional properties']);
  });
});

describe('the other chat-shaped bodies', () => {
  it('imageFallback user-message on openai validates', () => {
    const options: DialectOptions = { imageInput: true, imageFallback: 'user-message' };
    expect(chat(bodies('openai', options).parallel)).toEqual([]);
  });
  it('hermes with resultRole user is a valid chat completions body', () => {
    const warnings = new Set<string>();
    const options: DialectOptions = {
      hermes: { resultRole: 'user' },
      imageInput: true,
      imageFallback: 'user-message',
      onWarning: (warning) => warnings.add(warning.code),
    };
    for (const body of Object.values(bodies('hermes', options))) expect(chat(body)).toEqual([]);
    // The canonical conversation forces a tool, which prompt tool calling cannot enforce.
    expect([...warnings]).toEqual(['tool_choice_unsupported']);
  });
});
