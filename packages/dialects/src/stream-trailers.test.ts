// Issue 25, streams: a Responses stream with a Chat Completions `[DONE]` trailer, and an
// Anthropic call cut off inside its input, echoed back with an object `input`.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatToolResults } from './dialect.js';
import { createStreamDecoder } from './stream-decoder.js';
import type { StreamEvent } from './stream-types.js';

const sse = (data: unknown) =>
  `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

function decode(wire: 'responses' | 'anthropic', frames: readonly string[]): StreamEvent[] {
  const decoder = createStreamDecoder(wire);
  return [...frames.flatMap((frame) => decoder.push(frame)), ...decoder.end()];
}

// The Azure Responses recording (Apache-2.0, fixtures/streams/ai-sdk/README.md), then `[DONE]`.
const azure = readFileSync(
  new URL('../fixtures/streams/ai-sdk/responses-azure-text.1.chunks.txt', import.meta.url),
  'utf8',
)
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => `data: ${line}\n\n`);

describe('responses: a trailing [DONE] after the terminal event', () => {
  it('ends the stream normally, with the finished answer', () => {
    const plain = decode('responses', azure);
    const trailed = decode('responses', [...azure, sse('[DONE]')]);
    expect(trailed.at(-1)?.type).toBe('finish');
    expect(trailed).toEqual(plain);
  });

  it('a [DONE] before the terminal event still ends the stream cut short', () => {
    const cut = azure.filter((frame) => !frame.includes('"response.completed"'));
    const events = decode('responses', [...cut, sse('[DONE]')]);
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { code: 'stream_truncated' } });
  });
});

describe('anthropic: a call cut off inside its input (max_tokens)', () => {
  const frames = [
    sse({
      type: 'message_start',
      message: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [],
        usage: { input_tokens: 5, output_tokens: 1 },
      },
    }),
    sse({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: 'toolu_1', name: 'write_file', input: {} },
    }),
    sse({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'input_json_delta', partial_json: '{"path": "/tmp/a.txt", "content": "hel' },
    }),
    sse({ type: 'content_block_stop', index: 0 }),
    sse({
      type: 'message_delta',
      delta: { stop_reason: 'max_tokens' },
      usage: { output_tokens: 64 },
    }),
    sse({ type: 'message_stop' }),
  ];

  it('reads as undecodable, and its echo carries the object it was becoming', () => {
    const finish = decode('anthropic', frames).at(-1);
    if (finish?.type !== 'finish') throw new Error('no finish');
    const [call] = finish.response.toolCalls;
    expect(call?.argumentsError).toMatch(/not valid JSON/);
    const warnings: string[] = [];
    const turn = formatToolResults(
      'anthropic',
      finish.response.raw,
      [
        {
          name: 'write_file',
          id: 'toolu_1',
          content: [{ type: 'text', text: 'cut off' }],
          isError: true,
        },
      ],
      { onWarning: (warning) => warnings.push(warning.code) },
    );
    expect(warnings).toEqual([]);
    const echo = JSON.parse(JSON.stringify(turn[0])) as { message?: { content?: unknown[] } };
    const content = echo.message?.content ?? (turn[0] as { content?: unknown[] }).content;
    expect(content).toEqual([
      {
        type: 'tool_use',
        id: 'toolu_1',
        name: 'write_file',
        input: { path: '/tmp/a.txt', content: 'hel' },
      },
    ]);
  });
});
