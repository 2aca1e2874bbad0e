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
