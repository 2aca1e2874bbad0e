import { readFileSync } from 'node:fs';
import { ProviderError, type WireFormat } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { createStreamDecoder } from './stream-decoder.js';
import type { StreamEvent } from './stream-types.js';

// Real streams recorded by the Vercel AI SDK (Apache-2.0; source and list in
// fixtures/streams/ai-sdk/README.md): one SSE `data` per line, replayed as server-sent events.
function replay(file: string, wire: WireFormat): StreamEvent[] {
  const lines = readFileSync(new URL(`../fixtures/streams/ai-sdk/${file}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '');
  const decoder = createStreamDecoder(wire);
  // Frame by frame, as the network delivers them.
  const events = lines.flatMap((line) => decoder.push(`data: ${line}\n\n`));
  return [...events, ...decoder.end()];
}

const kinds = (events: readonly StreamEvent[]) => {
  const counts: Record<string, number> = {};
  for (const event of events) counts[event.type] = (counts[event.type] ?? 0) + 1;
  return counts;
};
const joined = (events: readonly StreamEvent[], type: 'text-delta' | 'reasoning-delta') =>
  events.flatMap((event) => (event.type === type ? [event.text] : [])).join('');
const final = (events: readonly StreamEvent[]) => {
  const last = events.at(-1);
  if (last?.type !== 'finish') throw new Error(`stream did not finish: ${JSON.stringify(last)}`);
  return last.response;
};
const calls = (events: readonly StreamEvent[]) =>
  final(events).toolCalls.map((call) => ({
    name: call.name,
    id: call.id,
    arguments: call.arguments,
  }));

describe('recorded real streams parse to the expected events and final response', () => {
  it('anthropic: text', () => {
    const events = replay('anthropic-text.chunks.txt', 'anthropic');
    const text =
      "Hello! I'm doing well, thank you for asking. How are you doing today? Is there anything I can help you with?";
    expect(joined(events, 'text-delta')).toBe(text);
    expect(final(events)).toMatchObject({
      content: text,
      finishReason: 'end_turn',
      usage: { inputTokens: 12, outputTokens: 30, totalTokens: 42 },
      toolCalls: [],
    });
  });

  it('anthropic: a tool call whose input streams as JSON pieces', () => {
    const events = replay('anthropic-json-tool.1.chunks.txt', 'anthropic');
    expect(kinds(events)).toEqual({
      'tool-call-start': 1,
      'tool-call-delta': 2,
      'tool-call-end': 1,
      usage: 1,
      finish: 1,
    });
    expect(calls(events)).toEqual([
      {
        name: 'json',
        id: 'toolu_01KFbKqPYSuAKujiL6mTfzYA',
        arguments: {
          elements: [{ location: 'San Francisco', temperature: 58, condition: 'sunny' }],
        },
      },
    ]);
    expect(final(events).finishReason).toBe('tool_use');
  });

  it('anthropic: text then a call without arguments (input stays {})', () => {
    const events = replay('anthropic-tool-no-args.chunks.txt', 'anthropic');
    expect(joined(events, 'text-delta')).toBe("I'll update the issue list for you.");
    expect(calls(events)).toEqual([
      { name: 'updateIssueList', id: 'toolu_01QE1WLsSVp5hy5Q3GmGTmjP', arguments: {} },
    ]);
    expect(final(events).usage).toEqual({
      inputTokens: 565,
      outputTokens: 48,
      totalTokens: 613,
      cacheReadTokens: 0,
      cacheWriteTokens: 0,
    });
  });

  it('anthropic: cache counts in message_delta replace those of message_start', () => {
    // message_start says input 2, cache write 3068, read 0; the closing message_delta's
    // cumulative usage says input 6, write 3337, read 6289: 6 + 3337 + 6289 = 9632 input tokens.
    const events = replay('anthropic-code-execution-prompt-cache.1.chunks.txt', 'anthropic');
    expect(joined(events, 'text-delta')).toBe(
      'The sum of the squares of the numbers 1 through 12 is **650**.',
    );
    expect(calls(events)).toEqual([]);
    expect(events.filter((event) => event.type === 'usage')).toEqual([
      {
        type: 'usage',
        usage: {
          inputTokens: 9632,
          outputTokens: 198,
          totalTokens: 9830,
          cacheReadTokens: 6289,
          cacheWriteTokens: 3337,
        },
      },
    ]);
  });

  it('openai: 300 text chunks and the usage chunk', () => {
    const events = replay('openai-text.chunks.txt', 'openai');
    const text = joined(events, 'text-delta');
    expect(text).toHaveLength(1724);
    expect(text.startsWith('**Holiday Name:** Harmony Day\n\n**Date:** Celebrated annually')).toBe(
      true,
    );
    expect(text.endsWith('ed human experiences and mutual respect.')).toBe(true);
    expect(final(events)).toMatchObject({
      content: text,
      finishReason: 'stop',
      usage: { inputTokens: 16, outputTokens: 300, totalTokens: 316, reasoningTokens: 0 },
    });
  });

  it('deepseek: reasoning_content streams as reasoning and is echoed back', () => {
    const events = replay('deepseek-reasoning.chunks.txt', 'openai');
    expect(joined(events, 'text-delta')).toBe('The word "strawberry" contains three "r"s.');
    const reasoning = joined(events, 'reasoning-delta');
    expect(reasoning).toHaveLength(606);
    expect(reasoning.startsWith('We need to count the number of the lette')).toBe(true);
    expect(final(events).reasoning).toBe(reasoning);
    expect(final(events).usage).toEqual({
      inputTokens: 18,
      outputTokens: 219,
      totalTokens: 237,
      reasoningTokens: 205,
      cacheReadTokens: 0,
    });
  });

  it('deepseek: a tool call after reasoning; the echo keeps reasoning_content', () => {
    const events = replay('deepseek-tool-call.chunks.txt', 'openai');
    expect(calls(events)).toEqual([
      {
        name: 'weather',
        id: 'call_00_ioIn7yN9p1ZOMNpDLwd4MgAF',
        arguments: { location: 'San Francisco' },
      },
    ]);
    const raw = final(events).raw as { choices: [{ message: Record<string, unknown> }] };
    expect(String(raw.choices[0].message.reasoning_content)).toHaveLength(191);
    expect(final(events).finishReason).toBe('tool_calls');
    // The usage chunk's prompt_tokens_details.cached_tokens: 320 of the 339 prompt tokens.
    expect(final(events).usage).toEqual({
      inputTokens: 339,
      outputTokens: 83,
      totalTokens: 422,
      reasoningTokens: 39,
      cacheReadTokens: 320,
    });
    expect(events.filter((event) => event.type === 'usage')).toEqual([
      { type: 'usage', usage: final(events).usage },
    ]);
  });

  it('xai (OpenAI-compatible): reasoning, then one call', () => {
    const events = replay('xai-tool-call.chunks.txt', 'openai');
    expect(joined(events, 'reasoning-delta')).toHaveLength(1069);
    expect(calls(events)).toEqual([
      { name: 'weather', id: 'call_79382389', arguments: { location: 'San Francisco' } },
    ]);
    expect(final(events).usage).toMatchObject({
      inputTokens: 307,
      outputTokens: 26,
      cacheReadTokens: 306,
    });
  });

  it('gemini: text in two chunks', () => {
    const events = replay('google-text.chunks.txt', 'gemini');
    const text = 'There are **3** "r"s in strawberry.\n\nst**r**awbe**rr**y';
    expect(joined(events, 'text-delta')).toBe(text);
    expect(final(events)).toMatchObject({ content: text, finishReason: 'STOP' });
  });

  it('gemini 3: the thought signature of a call is kept for the echo', () => {
    const events = replay('google-tool-call-gemini3.chunks.txt', 'gemini');
    expect(calls(events)).toEqual([
      { name: 'weather', id: '', arguments: { location: 'San Francisco' } },
    ]);
    const raw = final(events).raw as { candidates: [{ content: { parts: unknown[] } }] };
    // The closing empty text part is dropped, as an unstreamed reply has none.
    expect(raw.candidates[0].content.parts).toHaveLength(1);
    expect(raw.candidates[0].content.parts[0]).toMatchObject({
      functionCall: { name: 'weather', args: { location: 'San Francisco' } },
      thoughtSignature: expect.stringMatching(/^EpEgCo4gAb4\+9vvWwdN\+/),
    });
    expect(final(events).usage).toEqual({
      inputTokens: 29,
      outputTokens: 15,
      totalTokens: 848,
      reasoningTokens: 804,
    });
  });

  it('gemini 3: a text signature rides on the merged text part', () => {
    const events = replay('google-reasoning-gemini3.chunks.txt', 'gemini');
    const raw = final(events).raw as { candidates: [{ content: { parts: unknown[] } }] };
    expect(raw.candidates[0].content.parts).toEqual([
      {
        text: 'There are **3** "r"s in strawberry.\n\nSt**r**awbe**rr**y',
        thoughtSignature: expect.stringMatching(/^EpAICo0IAb4\+9vuku3oD/),
      },
    ]);
  });

  it('gemini: a call in one chunk', () => {
    const events = replay('google-tool-call.chunks.txt', 'gemini');
    expect(calls(events)).toEqual([
      { name: 'weather', id: '', arguments: { location: 'San Francisco' } },
    ]);
  });

  it('responses (Azure): text', () => {
    const events = replay('responses-azure-text.1.chunks.txt', 'responses');
    expect(joined(events, 'text-delta')).toBe('Hello');
    expect(final(events)).toMatchObject({ content: 'Hello', finishReason: 'completed' });
  });

  it('responses (Azure): a call whose arguments stream in six pieces', () => {
    const events = replay('responses-azure-tool-call.1.chunks.txt', 'responses');
    expect(kinds(events)).toMatchObject({ 'tool-call-start': 1, 'tool-call-delta': 6 });
    expect(calls(events)).toEqual([
      {
        name: 'weather',
        id: 'call_H5DxLSFnsGhiROnUiDHmgyc8',
        arguments: { location: 'San Francisco' },
      },
    ]);
  });

  it('responses: an error event mid-stream is a typed ProviderError', () => {
    const events = replay('responses-openai-error.1.chunks.txt', 'responses');
    expect(events).toHaveLength(1);
    const error = (events[0] as Extract<StreamEvent, { type: 'error' }>).error;
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ providerCode: 'insufficient_quota' });
    expect(error.message).toMatch(
      /^responses provider error insufficient_quota: You exceeded your current quota/,
    );
  });
});
