// Usage is validated at the edge (issue 39, item 4): a peer's token counts are finite,
// non-negative safe integers, parts never exceed their whole, and anything else is left out with
// one `usage_invalid` warning naming each field. Fault tests from the attacks: a negative count,
// 1e308, a fractional count, cached above the prompt, a total far above its parts.
import type { CrosswireWarning } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import type { DialectOptions } from './dialect-types.js';
import { DIALECTS } from './wires/index.js';

function read(wire: keyof typeof DIALECTS, body: unknown, options: DialectOptions = {}) {
  const heard: CrosswireWarning[] = [];
  const response = DIALECTS[wire].parseResponse(body, {
    ...options,
    onWarning: (warning) => heard.push(warning),
  });
  return {
    usage: response.usage,
    fields: heard.map((warning) => {
      expect(warning.code).toBe('usage_invalid');
      return (warning.details as { fields: string[] }).fields;
    }),
  };
}

const chat = (usage: unknown) => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
  usage,
});

describe('token counts read at the edge', () => {
  it('a negative count is left out, naming the field', () => {
    expect(read('openai', chat({ prompt_tokens: -50_000_000, completion_tokens: 5 }))).toEqual({
      usage: { outputTokens: 5 },
      fields: [['usage.prompt_tokens']],
    });
  });

  it('1e308 is no token count', () => {
    expect(
      read('openai', chat({ prompt_tokens: 1e308, completion_tokens: 1e308, total_tokens: 1e308 })),
    ).toEqual({
      usage: undefined,
      fields: [['usage.prompt_tokens', 'usage.completion_tokens', 'usage.total_tokens']],
    });
  });

  it('a fractional count, a string, a boolean are left out; null is "not reported"', () => {
    expect(
      read(
        'openai',
        chat({ prompt_tokens: 10.5, completion_tokens: '7', total_tokens: true, extra: null }),
      ),
    ).toEqual({
      usage: undefined,
      fields: [['usage.prompt_tokens', 'usage.completion_tokens', 'usage.total_tokens']],
    });
    expect(read('openai', chat({ prompt_tokens: 10, completion_tokens: null }))).toEqual({
      usage: { inputTokens: 10 },
      fields: [],
    });
  });

  it('cached tokens above the prompt are left out (a part is never more than its whole)', () => {
    expect(
      read(
        'openai',
        chat({
          prompt_tokens: 100,
          completion_tokens: 5,
          total_tokens: 105,
          prompt_tokens_details: { cached_tokens: 500 },
        }),
      ),
    ).toEqual({
      usage: { inputTokens: 100, outputTokens: 5, totalTokens: 105 },
      fields: [['cacheReadTokens']],
    });
  });

  it('a total far above its parts: left out where reasoning is counted apart or the context window is known', () => {
    const far = {
      prompt_tokens: 10,
      completion_tokens: 5,
      total_tokens: 1_000_000_000,
      completion_tokens_details: { reasoning_tokens: 2 },
    };
    expect(read('openai', chat(far))).toEqual({
      usage: { inputTokens: 10, outputTokens: 5, reasoningTokens: 2 },
      fields: [['totalTokens']],
    });
    const hidden = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 1_000_000_000 };
    expect(read('openai', chat(hidden), { contextWindow: 128_000 })).toEqual({
      usage: { inputTokens: 10, outputTokens: 5 },
      fields: [['totalTokens']],
    });
    // A total below input and output together is as wrong.
    expect(
      read('openai', chat({ prompt_tokens: 10, completion_tokens: 5, total_tokens: 3 })),
    ).toEqual({
      usage: { inputTokens: 10, outputTokens: 5 },
      fields: [['totalTokens']],
    });
  });

  it('keeps a total with reasoning the output count leaves out (Gemini behind Chat Completions, recorded)', () => {
    // pydantic-ai's gemini-openai-compat recording: 35 + 12, total 109 (hidden thoughts).
    expect(
      read('openai', chat({ prompt_tokens: 35, completion_tokens: 12, total_tokens: 109 })),
    ).toEqual({
      usage: { inputTokens: 35, outputTokens: 12, totalTokens: 109 },
      fields: [],
    });
  });

  it('Gemini: the total counts the tool-use prompt too', () => {
    const reply = (usageMetadata: unknown) => ({
      candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP' }],
      usageMetadata,
    });
    expect(
      read(
        'gemini',
        reply({
          promptTokenCount: 100,
          candidatesTokenCount: 10,
          thoughtsTokenCount: 20,
          toolUsePromptTokenCount: 30,
          totalTokenCount: 160,
        }),
      ),
    ).toEqual({
      usage: { inputTokens: 100, outputTokens: 10, totalTokens: 160, reasoningTokens: 20 },
      fields: [],
    });
    expect(
      read(
        'gemini',
        reply({
          promptTokenCount: 100,
          candidatesTokenCount: 10,
          thoughtsTokenCount: 20,
          totalTokenCount: 900,
        }),
      ),
    ).toEqual({
      usage: { inputTokens: 100, outputTokens: 10, reasoningTokens: 20 },
      fields: [['totalTokens']],
    });
  });

  it('Anthropic: the writes by lifetime never exceed the writes; a hostile sum leaves the safe integers', () => {
    const message = (usage: unknown) => ({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'ok' }],
      stop_reason: 'end_turn',
      usage,
    });
    expect(
      read(
        'anthropic',
        message({
          input_tokens: 10,
          output_tokens: 2,
          cache_creation_input_tokens: 100,
          cache_creation: { ephemeral_5m_input_tokens: 80, ephemeral_1h_input_tokens: 90 },
        }),
      ),
    ).toEqual({
      usage: { inputTokens: 110, outputTokens: 2, totalTokens: 112, cacheWriteTokens: 100 },
      fields: [['cacheWrite5mTokens', 'cacheWrite1hTokens']],
    });
    const big = Number.MAX_SAFE_INTEGER;
    expect(
      read(
        'anthropic',
        message({ input_tokens: big, output_tokens: 1, cache_read_input_tokens: big }),
      ),
    ).toEqual({
      usage: { outputTokens: 1, cacheReadTokens: big },
      fields: [['inputTokens', 'totalTokens']],
    });
  });

  it('an honest usage is kept as it is, with no warning, on every wire', () => {
    expect(
      read(
        'openai',
        chat({
          prompt_tokens: 100,
          completion_tokens: 5,
          total_tokens: 105,
          prompt_tokens_details: { cached_tokens: 64 },
        }),
      ),
    ).toEqual({
      usage: { inputTokens: 100, outputTokens: 5, totalTokens: 105, cacheReadTokens: 64 },
      fields: [],
    });
    expect(
      read('responses', {
        id: 'resp_1',
        status: 'completed',
        output: [
          { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'ok' }] },
        ],
        usage: { input_tokens: 12, output_tokens: 3, total_tokens: 15 },
      }),
    ).toEqual({ usage: { inputTokens: 12, outputTokens: 3, totalTokens: 15 }, fields: [] });
    expect(
      read('ollama', {
        model: 'llama3.2',
        message: { role: 'assistant', content: 'ok' },
        done: true,
        prompt_eval_count: -1,
        eval_count: 4,
      }),
    ).toEqual({ usage: { outputTokens: 4 }, fields: [['prompt_eval_count']] });
  });
});
