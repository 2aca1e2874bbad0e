import type { LanguageModelV4, LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { callFrozen, callFrozenAsync } from '../../../test-support/deep-freeze.js';
import { crosswireMiddleware, mcpToModelOutput } from './index.js';
import { PIXEL_PNG } from './test-support/mcp-fixture.js';

// The middleware rewrites the prompt into new params (the AI SDK's own prompt stays as it was),
// and mcpToModelOutput reads the tool's output without writing to it.

const model = { provider: 'openai.chat', modelId: 'gpt-4o' } as LanguageModelV4;

describe('pure: the AI SDK adapter', () => {
  it('transformParams rewrites a copy of a frozen prompt', async () => {
    const params: LanguageModelV4CallOptions = {
      prompt: [
        { role: 'user', content: [{ type: 'text', text: 'Look' }] },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'call_1',
              toolName: 'snapshot',
              output: {
                type: 'content',
                value: [
                  { type: 'text', text: 'page' },
                  { type: 'file', mediaType: 'image/png', data: { type: 'data', data: PIXEL_PNG } },
                ],
              },
            },
          ],
        },
      ],
    };
    const out = await callFrozenAsync(params, async (frozen) => {
      const result = await crosswireMiddleware().transformParams?.({
        type: 'generate',
        params: frozen,
        model,
      });
      return result as LanguageModelV4CallOptions;
    });
    // gpt-4o on Chat Completions: the image follows the tool message in a user message.
    expect(out.prompt.map((message) => message.role)).toEqual(['user', 'tool', 'user']);
  });

  // Every output kind the middleware rewrites (content parts, a CallToolResult as json or
  // error-json) next to ones it passes through, for a model of each kind of fallback.
  it.each([
    ['openai.chat', 'gpt-4o'],
    ['anthropic.messages', 'claude-sonnet-4-5'],
    ['google.generative-ai', 'gemini-2.0-flash'],
  ])(
    '%s %s: transformParams leaves every kind of tool output as it was',
    async (provider, modelId) => {
      const callToolResult = {
        content: [
          { type: 'text', text: 'page' },
          { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' },
        ],
        structuredContent: { thumbnail: `data:image/png;base64,${PIXEL_PNG}` },
      };
      const result = (id: string, output: unknown) => ({
        type: 'tool-result',
        toolCallId: id,
        toolName: 'snapshot',
        output,
      });
      const params = {
        prompt: [
          { role: 'system', content: 'Be brief.' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Look' },
              { type: 'file', mediaType: 'image/png', data: { type: 'data', data: PIXEL_PNG } },
            ],
          },
          {
            role: 'tool',
            content: [
              result('c1', { type: 'json', value: callToolResult }),
              result('c2', { type: 'error-json', value: { ...callToolResult, isError: true } }),
              result('c3', { type: 'text', value: 'sunny' }),
              result('c4', {
                type: 'content',
                value: [
                  { type: 'file', mediaType: 'image/png', data: { type: 'data', data: PIXEL_PNG } },
                ],
              }),
            ],
          },
        ],
      } as unknown as LanguageModelV4CallOptions;
      const heard: string[] = [];
      const middleware = crosswireMiddleware({ onWarning: (warning) => heard.push(warning.code) });
      const model = { provider, modelId } as LanguageModelV4;
      await callFrozenAsync(params, async (frozen) =>
        middleware.transformParams?.({ type: 'generate', params: frozen, model }),
      );
      // Each CallToolResult's thumbnail is replaced in the copy the model gets.
      expect(heard.filter((code) => code === 'structured_content_media_replaced')).toHaveLength(2);
    },
  );

  it('mcpToModelOutput reads a frozen CallToolResult', () => {
    const output = callFrozen(
      {
        content: [
          { type: 'text', text: 'page' },
          { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' },
        ],
      },
      (frozen) => mcpToModelOutput(frozen),
    );
    expect(output.type).toBe('content');
  });
});
