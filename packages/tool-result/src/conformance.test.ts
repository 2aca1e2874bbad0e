import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConformanceOracle } from '../../../scripts/conformance-oracle.js';
import { contentArbitrary, optionsArbitrary } from './test-support/arbitraries.js';
import { BASE_OPTION_SETS, GOLDEN_CASES } from './test-support/golden-cases.js';
import { ToolResult } from './tool-result.js';
import type { ToolResultToOptions } from './wire-blocks.js';

// Runtime oracles: the providers' published OpenAPI documents (OpenAI official; Gemini a
// community document), extracted into fixtures/conformance/ by the root
// scripts/extract-conformance.mjs (`pnpm conformance:extract`). A request body holding our
// block must validate against the provider's request schema.

function validator(fixture: string, root: string) {
  const validate = loadConformanceOracle(
    new URL(`../fixtures/conformance/${fixture}`, import.meta.url),
  ).validator(root);
  return (body: unknown) => {
    const errors = validate(body);
    return { valid: errors.length === 0, errors };
  };
}

const chatRequest = validator('openai-chat.json', 'CreateChatCompletionRequest');
const responsesRequest = validator('openai-responses.json', 'CreateResponse');
const geminiRequest = validator('gemini.json', 'GenerateContentRequest');

function bodies(result: ToolResult, options: ToolResultToOptions) {
  return {
    chat: {
      model: 'gpt-4o',
      messages: [
        { role: 'user', content: 'go' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: result.id, type: 'function', function: { name: result.name, arguments: '{}' } },
          ],
        },
        result.to('openai', options),
      ],
    },
    responses: {
      model: 'gpt-4o',
      input: [
        { role: 'user', content: 'go' },
        { type: 'function_call', call_id: result.id, name: result.name, arguments: '{}' },
        result.to('responses', options),
      ],
    },
    gemini: {
      contents: [
        { role: 'user', parts: [{ text: 'go' }] },
        {
          role: 'model',
          parts: [{ functionCall: { id: result.id, name: result.name, args: {} } }],
        },
        { role: 'user', parts: [result.to('gemini', options)] },
      ],
    },
  };
}

const quiet = { onWarning: () => {} };

describe('conformance with the providers’ OpenAPI documents', () => {
  it('the oracles are live: known-bad blocks fail', () => {
    const result = new ToolResult({
      name: 'n',
      id: 'call_1',
      content: [{ type: 'text', text: 'x' }],
    });
    const good = bodies(result, {});
    expect(chatRequest(good.chat).valid).toBe(true);
    expect(responsesRequest(good.responses).valid).toBe(true);
    expect(geminiRequest(good.gemini).valid).toBe(true);
    // An image part in a Chat Completions tool message.
    const chatWithImage = structuredClone(good.chat);
    chatWithImage.messages[2] = {
      role: 'tool',
      tool_call_id: 'call_1',
      content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } }],
    } as never;
    expect(chatRequest(chatWithImage).valid).toBe(false);
    // Langertha 0.503's Responses shape, a bad part type, and a Gemini response that is a string.
    const responsesBad = structuredClone(good.responses);
    responsesBad.input[2] = { role: 'tool', call_id: 'call_1', content: 'x' } as never;
    expect(responsesRequest(responsesBad).valid).toBe(false);
    responsesBad.input[2] = {
      type: 'function_call_output',
      call_id: 'call_1',
      output: [{ type: 'input_audio', data: 'x' }],
    } as never;
    expect(responsesRequest(responsesBad).valid).toBe(false);
    const geminiBad = structuredClone(good.gemini);
    geminiBad.contents[2] = {
      role: 'user',
      parts: [{ functionResponse: { name: 'n', response: 'x' } }],
    } as never;
    expect(geminiRequest(geminiBad).valid).toBe(false);
  });

  describe.each(GOLDEN_CASES.filter((goldenCase) => goldenCase.input.id !== ''))(
    '$name',
    (goldenCase) => {
      const result = new ToolResult(goldenCase.input, quiet);
      const optionSets = [...BASE_OPTION_SETS, ...(goldenCase.extraOptions ?? [])];
      it.each(optionSets.map((options) => [JSON.stringify(options), options] as const))(
        'validates with options %s',
        (_label, options) => {
          const body = bodies(result, { ...options, ...quiet });
          expect(chatRequest(body.chat).errors).toEqual([]);
          expect(responsesRequest(body.responses).errors).toEqual([]);
          expect(geminiRequest(body.gemini).errors).toEqual([]);
        },
      );
    },
  );

  it('every schema-valid content validates on openai, responses and gemini', () => {
    fc.assert(
      fc.property(contentArbitrary, optionsArbitrary, (content, options) => {
        const result = new ToolResult({ name: 'tool', id: 'call_9', content }, quiet);
        const body = bodies(result, { ...options, ...quiet });
        expect(chatRequest(body.chat).errors).toEqual([]);
        expect(responsesRequest(body.responses).errors).toEqual([]);
        expect(geminiRequest(body.gemini).errors).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});
