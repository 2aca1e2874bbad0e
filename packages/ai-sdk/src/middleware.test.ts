import type { LanguageModelV4, LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { crosswireMiddleware } from './index.js';

const model = { provider: 'openai.chat', modelId: 'gpt-4o' } as LanguageModelV4;

const transform = (params: LanguageModelV4CallOptions, middleware = crosswireMiddleware()) =>
  middleware.transformParams?.({
    type: 'generate',
    params,
    model,
  }) as Promise<LanguageModelV4CallOptions>;

describe('crosswireMiddleware passes untouched what it does not rewrite', () => {
  it('a prompt without tool results: the same params object', async () => {
    const params: LanguageModelV4CallOptions = {
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }],
    };
    expect(await transform(params)).toBe(params);
  });

  it('text, error and denied outputs and plain JSON: the same params object', async () => {
    const params: LanguageModelV4CallOptions = {
      prompt: [
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'a',
              toolName: 't',
              output: { type: 'text', value: 'x' },
            },
            {
              type: 'tool-result',
              toolCallId: 'b',
              toolName: 't',
              output: { type: 'error-text', value: 'e' },
            },
            {
              type: 'tool-result',
              toolCallId: 'c',
              toolName: 't',
              output: { type: 'execution-denied' },
            },
            {
              type: 'tool-result',
              toolCallId: 'd',
              toolName: 't',
              output: { type: 'json', value: { a: 1 } },
            },
          ],
        },
      ],
    };
    expect(await transform(params)).toBe(params);
  });

  it('an unknown provider id: untouched, with a warning', async () => {
    const codes: string[] = [];
    const middleware = crosswireMiddleware({ onWarning: (warning) => codes.push(warning.code) });
    const params: LanguageModelV4CallOptions = {
      prompt: [
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'a',
              toolName: 't',
              output: { type: 'content', value: [{ type: 'text', text: 'x' }] },
            },
          ],
        },
      ],
    };
    const other = { provider: 'made-up.completion', modelId: 'm' } as LanguageModelV4;
    expect(await middleware.transformParams?.({ type: 'generate', params, model: other })).toBe(
      params,
    );
    expect(codes).toEqual(['ai_sdk_unknown_provider']);
  });

  it('an MCP error result as json: error-text with the string form', async () => {
    const params: LanguageModelV4CallOptions = {
      prompt: [
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'a',
              toolName: 't',
              output: {
                type: 'json',
                value: { isError: true, content: [{ type: 'text', text: 'no browser' }] },
              },
            },
          ],
        },
      ],
    };
    const out = await transform(params);
    expect(out.prompt[0]?.content[0]).toEqual({
      type: 'tool-result',
      toolCallId: 'a',
      toolName: 't',
      output: { type: 'error-text', value: 'no browser' },
    });
  });
});
