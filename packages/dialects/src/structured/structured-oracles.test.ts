// Structured-output requests checked against oracles not written here: each expected body is
// a literal that `satisfies` the official SDK's request type (checked by the package
// typecheck), equals what the dialect builds, and (openai, responses, gemini) validates
// against the published OpenAPI document in fixtures/conformance/.
import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages';
import type { ChatRequest as OllamaChatRequest } from 'ollama';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { ResponseCreateParamsNonStreaming } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { loadConformanceOracle } from '../../../../scripts/conformance-oracle.js';
import { buildRequest } from '../dialect.js';
import type { StructuredOutputRequest } from './types.js';

const schema = {
  type: 'object' as const,
  properties: { city: { type: 'string' }, days: { type: 'integer' } },
  required: ['city'],
  additionalProperties: false,
};
const output: StructuredOutputRequest = {
  name: 'trip',
  description: 'A trip plan',
  schema,
  strict: true,
};
const request = { model: 'm', messages: [{ role: 'user' as const, content: 'Plan' }], output };
const strictSchema = {
  type: 'object',
  properties: { city: { type: 'string' }, days: { type: ['integer', 'null'] } },
  required: ['city', 'days'],
  additionalProperties: false,
};

const openai = {
  model: 'm',
  messages: [{ role: 'user', content: 'Plan' }],
  response_format: {
    type: 'json_schema',
    json_schema: { name: 'trip', description: 'A trip plan', schema: strictSchema, strict: true },
  },
} satisfies ChatCompletionCreateParamsNonStreaming;

const responses = {
  model: 'm',
  input: [{ role: 'user', content: 'Plan' }],
  text: {
    format: {
      type: 'json_schema',
      name: 'trip',
      description: 'A trip plan',
      schema: strictSchema,
      strict: true,
    },
  },
} satisfies ResponseCreateParamsNonStreaming;

const anthropicNative = {
  model: 'm',
  max_tokens: 4096,
  messages: [{ role: 'user', content: 'Plan' }],
  output_config: { format: { type: 'json_schema', schema } },
} satisfies MessageCreateParamsNonStreaming;

const anthropicTool = {
  model: 'm',
  max_tokens: 4096,
  messages: [{ role: 'user', content: 'Plan' }],
  tools: [{ name: 'trip', description: 'A trip plan', input_schema: schema }],
  tool_choice: { type: 'tool', name: 'trip' },
} satisfies MessageCreateParamsNonStreaming;

const ollama = {
  model: 'm',
  messages: [{ role: 'user', content: 'Plan' }],
  stream: false,
  format: schema,
} satisfies OllamaChatRequest;

const gemini = {
  contents: [{ role: 'user', parts: [{ text: 'Plan' }] }],
  generationConfig: { responseMimeType: 'application/json', responseJsonSchema: schema },
};

const documents = {
  openai: loadConformanceOracle(
    new URL('../../fixtures/conformance/openai.json', import.meta.url),
    {
      oneOfAsAnyOf: true,
    },
  ),
  gemini: loadConformanceOracle(
    new URL('../../fixtures/conformance/gemini.json', import.meta.url),
    {
      oneOfAsAnyOf: true,
    },
  ),
};

describe('structured requests against the SDK types and the OpenAPI documents', () => {
  it('openai: the SDK-typed body, valid CreateChatCompletionRequest', () => {
    expect(buildRequest('openai', request)).toEqual(openai);
    expect(documents.openai.validator('CreateChatCompletionRequest')(openai)).toEqual([]);
  });

  it('responses: the SDK-typed body, valid CreateResponse', () => {
    expect(buildRequest('responses', request)).toEqual(responses);
    expect(documents.openai.validator('CreateResponse')(responses)).toEqual([]);
  });

  it('anthropic: output_config.format (native) and the forced synthetic tool, SDK-typed', () => {
    expect(buildRequest('anthropic', request, { structuredOutput: 'native' })).toEqual(
      anthropicNative,
    );
    expect(buildRequest('anthropic', request)).toEqual(anthropicTool);
  });

  it('ollama: format with the schema, as ollama-js types it', () => {
    expect(buildRequest('ollama', request)).toEqual(ollama);
  });

  it('gemini: responseMimeType and responseJsonSchema, valid GenerateContentRequest', () => {
    expect(buildRequest('gemini', request)).toEqual(gemini);
    expect(documents.gemini.validator('GenerateContentRequest')(gemini)).toEqual([]);
    const subset = buildRequest('gemini', request, { structuredOutput: 'subset' });
    expect(documents.gemini.validator('GenerateContentRequest')(subset)).toEqual([]);
  });

  it('the oracle is live: a wrong response_format type is refused', () => {
    const wrong = { ...openai, response_format: { type: 'json_schemas' } };
    expect(documents.openai.validator('CreateChatCompletionRequest')(wrong)).not.toEqual([]);
  });
});
