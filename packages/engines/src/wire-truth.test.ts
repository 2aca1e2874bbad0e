// Regression tests for request bodies the real providers refuse (issue 13, "Wire truth"). Each
// test names the source of the rule it enforces; see also docs/provider-rules.md.
import type { CrosswireWarning } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { buildRequest } from './dialect.js';

function collect() {
  const warnings: CrosswireWarning[] = [];
  return { warnings, onWarning: (warning: CrosswireWarning) => warnings.push(warning) };
}

describe('anthropic: no empty or whitespace-only text', () => {
  // "text content blocks must be non-empty": vercel/ai#5576, anthropics/claude-code#59812.
  it('blank text parts of a user turn are left out, the rest kept in order', () => {
    const body = buildRequest('anthropic', {
      model: 'claude-sonnet-4-5',
      messages: [
        {
          role: 'user',
          content: [{ type: 'text', text: '' }, 'Hello', { type: 'text', text: ' \n ' }],
        },
      ],
    });
    expect(body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }]);
  });

  it('a user or assistant turn of blank text only is left out, with a warning', () => {
    const { warnings, onWarning } = collect();
    const body = buildRequest(
      'anthropic',
      {
        model: 'claude-sonnet-4-5',
        messages: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: '  ' },
          { role: 'user', content: [' '] },
          { role: 'user', content: 'Again' },
        ],
      },
      { onWarning },
    );
    expect(body.messages).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'user', content: 'Again' },
    ]);
    expect(warnings.map((warning) => [warning.code, warning.details?.index])).toEqual([
      ['empty_message_dropped', 1],
      ['empty_message_dropped', 2],
    ]);
  });

  it('an assistant turn with calls and blank text sends only the tool_use blocks', () => {
    const body = buildRequest('anthropic', {
      model: 'claude-sonnet-4-5',
      messages: [
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: '\n',
          toolCalls: [
            {
              id: 'toolu_1',
              name: 'weather',
              arguments: { city: 'Oslo' },
              rawArguments: { city: 'Oslo' },
              argumentsUndecodable: false,
              argumentsError: undefined,
              wire: 'anthropic',
              raw: undefined,
            },
          ],
        },
      ],
    });
    expect((body.messages as unknown[])[1]).toEqual({
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Oslo' } }],
    });
  });
});
