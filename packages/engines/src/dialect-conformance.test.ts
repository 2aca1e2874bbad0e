// Runtime oracle: the request bodies validate against what the providers publish (the OpenAI
// OpenAPI document, a community Gemini OpenAPI document), extracted into
// fixtures/conformance/ by scripts/dialect-conformance-extract.mjs.
import { readFileSync } from 'node:fs';
import type { WireFormat } from '@crosswire/core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { buildRequest, type DialectOptions, formatToolResults, parseResponse } from './dialect.js';
import {
  canonicalConversation,
  echoedConversation,
  opening,
  reply,
  resultFor,
  TOOLS,
} from './test-support/dialect-conversation.js';

function load(name: string): { components: { schemas: Record<string, unknown> } } {
  const url = new URL(`../fixtures/conformance/${name}.json`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8'));
}

/**
 * The OpenAPI documents as plain JSON Schema 2020: OpenAPI 3.0's `nullable: true` (still used
 * in places) becomes a null branch, and `oneOf` becomes `anyOf`, because the documents' oneOf
 * branches overlap (a user message matches both EasyInputMessage and InputMessage) and
 * OpenAPI tools pick a branch by discriminator, not by exclusivity. Every other keyword stays.
 */
function fixNullable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fixNullable);
  if (value === null || typeof value !== 'object') return value;
  const { nullable, ...rest } = value as Record<string, unknown>;
  const fixed = Object.fromEntries(
    Object.entries(rest).map(([key, inner]) => [
      key === 'oneOf' ? 'anyOf' : key,
      fixNullable(inner),
    ]),
  );
  return nullable === true ? { anyOf: [fixed, { type: 'null' }] } : fixed;
}

function validator(document: string, root: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  ajv.addSchema({ $id: document, components: fixNullable(load(document).components) });
  const validate = ajv.getSchema(`${document}#/components/schemas/${root}`);
  if (!validate) throw new Error(`no schema ${root}`);
  return (body: unknown) => {
    const valid = validate(body);
    return valid
      ? []
      : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  };
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
    expect(chat(body)).not.toEqual([]);
  });
  it('rejects a Langertha-0.503 responses item and a snake_case gemini field', () => {
    const body = buildRequest('responses', echoedConversation('responses'));
    (body.input as unknown[]).push({ role: 'tool', call_id: 'c', content: 'x' });
    expect(responses(body)).not.toEqual([]);
    const geminiBody = buildRequest('gemini', echoedConversation('gemini'));
    (geminiBody as Record<string, unknown>).generation_config = {};
    expect(gemini(geminiBody)).not.toEqual([]);
  });
});

describe('the other chat-shaped bodies', () => {
  it('imageFallback user-message on openai validates', () => {
    const options: DialectOptions = { imageInput: true, imageFallback: 'user-message' };
    expect(chat(bodies('openai', options).parallel)).toEqual([]);
  });
  it('hermes with resultRole user is a valid chat completions body', () => {
    const options: DialectOptions = {
      hermes: { resultRole: 'user' },
      imageInput: true,
      imageFallback: 'user-message',
    };
    for (const body of Object.values(bodies('hermes', options))) expect(chat(body)).toEqual([]);
  });
});
