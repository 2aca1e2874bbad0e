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

describe('preflight: the prompt-cache limits at their exact bounds', () => {
  const anthropicRules = (body: object) =>
    preflight(body, { wire: 'anthropic' }).violations.map((broken) => [
      broken.rule,
      broken.path,
      broken.message,
    ]);
  const marked = (count: number) => ({
    model: 'claude-sonnet-4-5',
    max_tokens: 64,
    system: Array.from({ length: count }, (_, index) => ({
      type: 'text',
      text: `part ${index}`,
      cache_control: EPHEMERAL,
    })),
    messages: [{ role: 'user', content: 'Hi' }],
  });

  it('four breakpoints pass, five are refused with the count', () => {
    expect(anthropicRules(marked(4))).toEqual([]);
    expect(anthropicRules(marked(5))).toEqual([
      [
        'anthropic-cache-breakpoints',
        'cache_control',
        'A maximum of 4 blocks with cache_control may be provided. Found 5.',
      ],
    ]);
  });

  it('a one-hour breakpoint after a five-minute one is refused at its place; the other order passes', () => {
    const body = (first: object, second: object) => ({
      model: 'claude-sonnet-4-5',
      max_tokens: 64,
      system: [{ type: 'text', text: 'Be brief.', cache_control: first }],
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi', cache_control: second }] }],
    });
    const hour = { type: 'ephemeral', ttl: '1h' };
    expect(anthropicRules(body(hour, EPHEMERAL))).toEqual([]);
    expect(anthropicRules(body(EPHEMERAL, hour))).toEqual([
      [
        'anthropic-cache-ttl-order',
        'messages[0].content[0]',
        "messages[0].content[0]: a ttl='1h' cache_control block must not come after a ttl='5m' cache_control block",
      ],
    ]);
  });

  it('a prompt_cache_key of 64 characters passes, 65 are refused, counted in characters', () => {
    const keyRules = (wire: 'openai' | 'responses', key: unknown) =>
      preflight(
        { model: 'gpt-5.1', input: 'Hi', messages: [], prompt_cache_key: key },
        { wire },
      ).violations.map((broken) => [broken.rule, broken.path, broken.message]);
    for (const wire of ['openai', 'responses'] as const) {
      expect(keyRules(wire, 'k'.repeat(64))).toEqual([]);
      // 64 emoji are 128 UTF-16 units but 64 characters.
      expect(keyRules(wire, '🙂'.repeat(64))).toEqual([]);
      expect(keyRules(wire, 64)).toEqual([]);
      expect(keyRules(wire, '🙂'.repeat(65))).toEqual([
        [
          `${wire}-prompt-cache-key-length`,
          'prompt_cache_key',
          "Invalid 'prompt_cache_key': string too long. Expected a string with maximum length 64, but got a string with length 65 instead.",
        ],
      ]);
    }
  });
});
