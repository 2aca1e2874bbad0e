import { createToolCall } from '@crosswire/core';
import { ToolResult } from '@crosswire/tool-result';
import { describe, expect, test } from 'vitest';
import { replyCallIds, withCallIds } from './call-ids.js';
import type { ChatMessage } from './messages.js';

// Issue 27: how results without ids find the call they answer. Expected ids written by hand
// from the documented form `call_cw_<message index>_<call index>`.

const call = (name: string, id = '') => createToolCall({ name, id, arguments: {} });
const result = (name: string, id = '') =>
  new ToolResult({ name, id, content: [{ type: 'text', text: `${name} done` }] });

function resultIds(messages: readonly ChatMessage[]): string[] {
  return messages.flatMap((message) =>
    message.role === 'tool' ? message.results.map((entry) => `${entry.name}:${entry.id}`) : [],
  );
}

describe('withCallIds', () => {
  test('a named result answers the unanswered call of that name, whatever the order', () => {
    const messages = withCallIds([
      { role: 'user', content: 'go' },
      { role: 'assistant', content: '', toolCalls: [call('alpha'), call('beta')] },
      { role: 'tool', results: [result('beta'), result('alpha')] },
    ]);
    expect(resultIds(messages)).toEqual(['beta:call_cw_1_1', 'alpha:call_cw_1_0']);
  });

  test('a result matching no call name takes the first pending id, not the last', () => {
    const messages = withCallIds([
      { role: 'assistant', content: '', toolCalls: [call('alpha'), call('beta'), call('gamma')] },
      { role: 'tool', results: [result('renamed')] },
    ]);
    expect(resultIds(messages)).toEqual(['renamed:call_cw_0_0']);
  });

  test('pending derived ids are cleared at a new assistant turn', () => {
    const messages = withCallIds([
      { role: 'assistant', content: '', toolCalls: [call('alpha')] },
      { role: 'user', content: 'never mind' },
      { role: 'assistant', content: '', toolCalls: [call('beta', 'call_given')] },
      { role: 'tool', results: [result('alpha')] },
    ]);
    // The first turn's call is not answerable after the second assistant turn.
    expect(resultIds(messages)).toEqual(['alpha:']);
  });
});

describe('replyCallIds', () => {
  test('same name first, else in order', () => {
    const { callIds, results } = replyCallIds(
      [
        { name: 'alpha', id: '' },
        { name: 'beta', id: '' },
      ],
      [result('beta'), result('other')],
    );
    expect(callIds).toHaveLength(2);
    expect(callIds[0]).toMatch(/^call_cw_[0-9a-f]{8}_0$/);
    expect(callIds[1]).toMatch(/^call_cw_[0-9a-f]{8}_1$/);
    expect(results.map((entry) => entry.id)).toEqual([callIds[1], callIds[0]]);
  });

  test('a result matching no name takes the first pending id', () => {
    const { callIds, results } = replyCallIds(
      [
        { name: 'alpha', id: '' },
        { name: 'beta', id: '' },
        { name: 'gamma', id: '' },
      ],
      [result('other')],
    );
    expect(results[0]?.id).toBe(callIds[0]);
  });
});
