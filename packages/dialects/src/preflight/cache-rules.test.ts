import { describe, expect, it } from 'vitest';
import { preflight } from '../index.js';

// Anthropic refuses a `cache_control` on an empty text block wherever it is, a tool result's
// own content included ("messages.1124.content.6.text: cache_control cannot be set for empty
// text blocks", the catalogue's quoted 400). What a caller sees from `preflight`.

const EPHEMERAL = { type: 'ephemeral' };

function withToolResult(content: unknown[]) {
  return {
    model: 'claude-sonnet-5-5',
    max_tokens: 64,
    messages: [
      { role: 'user', content: 'Read the log' },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_1', name: 'read_log', input: {} }],
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Here it is' },
          { type: 'tool_result', tool_use_id: 'toolu_1', content },
        ],
      },
    ],
  };
}

const emptyBlockBreaks = (body: object) =>
  preflight(body, { wire: 'anthropic' })
    .violations.filter((broken) => broken.rule === 'anthropic-cache-empty-block')
    .map((broken) => [broken.path, broken.message]);

describe('preflight: an empty cached text block inside a tool result', () => {
  it('is refused at its path inside the tool result', () => {
    const body = withToolResult([
      { type: 'text', text: 'line 1' },
      { type: 'text', text: '', cache_control: EPHEMERAL },
    ]);
    expect(emptyBlockBreaks(body)).toEqual([
      [
        'messages.2.content.1.content.1.text',
        'messages.2.content.1.content.1.text: cache_control cannot be set for empty text blocks',
      ],
    ]);
  });

  it('a block of spaces only counts as empty', () => {
    const body = withToolResult([{ type: 'text', text: '  \n', cache_control: EPHEMERAL }]);
    expect(emptyBlockBreaks(body)).toEqual([
      [
        'messages.2.content.1.content.0.text',
        'messages.2.content.1.content.0.text: cache_control cannot be set for empty text blocks',
      ],
    ]);
  });

  it('a cached tool result with text passes', () => {
    const body = withToolResult([{ type: 'text', text: 'line 1', cache_control: EPHEMERAL }]);
    expect(emptyBlockBreaks(body)).toEqual([]);
  });
});
