import { createToolCall } from '@crosswire/core';
import { ToolResult } from '@crosswire/tool-result';
import { describe, expect, test } from 'vitest';
import { derivedCallId, replyCallIds, withCallIds, withMappedCallIds } from './call-ids.js';
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

describe('derivedCallId', () => {
  test('names a call by its message index and its place among the calls', () => {
    expect(derivedCallId(3, 1)).toBe('call_cw_3_1');
    expect(derivedCallId(0, 0)).toBe('call_cw_0_0');
  });
});

describe('withCallIds', () => {
  test('only the calls and results without an id get one; the others keep theirs', () => {
    const messages = withCallIds([
      { role: 'user', content: 'go' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [call('alpha', 'call_given'), call('beta'), call('gamma')],
      },
      { role: 'tool', results: [result('alpha', 'call_given'), result('gamma'), result('beta')] },
    ]);
    expect(messages[1]).toEqual({
      role: 'assistant',
      content: '',
      toolCalls: [
        call('alpha', 'call_given'),
        { ...call('beta'), id: 'call_cw_1_1' },
        { ...call('gamma'), id: 'call_cw_1_2' },
      ],
    });
    expect(resultIds(messages)).toEqual([
      'alpha:call_given',
      'gamma:call_cw_1_2',
      'beta:call_cw_1_1',
    ]);
  });

  test('messages that need nothing are returned as they are', () => {
    const user: ChatMessage = { role: 'user', content: 'go' };
    const named: ChatMessage = {
      role: 'assistant',
      content: '',
      toolCalls: [call('alpha', 'call_a')],
    };
    const answered: ChatMessage = { role: 'tool', results: [result('alpha', 'call_a')] };
    const plain: ChatMessage = { role: 'assistant', content: 'done' };
    const input = [user, named, answered, plain];
    const messages = withCallIds(input);
    expect(messages).toEqual(input);
    for (const [index, message] of messages.entries()) expect(message).toBe(input[index]);
  });

  test('a tool message with ids is kept as it is while derived ids are pending', () => {
    const answered: ChatMessage = { role: 'tool', results: [result('alpha', 'call_a')] };
    const messages = withCallIds([
      { role: 'assistant', content: '', toolCalls: [call('alpha')] },
      answered,
    ]);
    expect(messages[1]).toBe(answered);
  });

  test('a result given its derived id keeps its content, error flag and structured content', () => {
    const failed = new ToolResult({
      name: 'alpha',
      id: '',
      content: [{ type: 'text', text: 'no such city' }],
      isError: true,
      structuredContent: { code: 404 },
    });
    const messages = withCallIds([
      { role: 'assistant', content: '', toolCalls: [call('alpha'), call('beta')] },
      { role: 'tool', results: [failed, result('beta')] },
    ]);
    const tool = messages[1];
    if (tool?.role !== 'tool') throw new Error('expected the tool message');
    const [first, second] = tool.results;
    expect(first).toBeInstanceOf(ToolResult);
    expect({ ...first }).toEqual({
      name: 'alpha',
      id: 'call_cw_0_0',
      content: [{ type: 'text', text: 'no such city' }],
      isError: true,
      structuredContent: { code: 404 },
    });
    expect({ ...second }).toEqual({
      name: 'beta',
      id: 'call_cw_0_1',
      content: [{ type: 'text', text: 'beta done' }],
      isError: false,
      structuredContent: undefined,
    });
  });

  test('results without ids before any assistant turn are returned as they are', () => {
    const early: ChatMessage = { role: 'tool', results: [result('alpha')] };
    expect(withCallIds([early])[0]).toBe(early);
  });

  test('results without ids after calls that all had ids are returned as they are', () => {
    const unanswered: ChatMessage = { role: 'tool', results: [result('alpha')] };
    const messages = withCallIds([
      { role: 'assistant', content: '', toolCalls: [call('alpha', 'call_a')] },
      unanswered,
    ]);
    expect(messages[1]).toBe(unanswered);
  });

  test('a result past the last pending id keeps its empty id', () => {
    const extra = result('alpha');
    const messages = withCallIds([
      { role: 'assistant', content: '', toolCalls: [call('alpha')] },
      { role: 'tool', results: [result('alpha'), extra] },
    ]);
    expect(resultIds(messages)).toEqual(['alpha:call_cw_0_0', 'alpha:']);
    const tool = messages[1];
    expect(tool?.role === 'tool' && tool.results[1]).toBe(extra);
  });

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
  test('the stem is the FNV-1a hash of the JSON list of the call names', () => {
    // FNV-1a 32 of '["alpha","beta"]' and of '["get_weather","get_weather"]'.
    const named = replyCallIds(
      [
        { name: 'alpha', id: '' },
        { name: 'beta', id: '' },
      ],
      [],
    );
    expect(named.callIds).toEqual(['call_cw_e45050b7_0', 'call_cw_e45050b7_1']);
    const twice = replyCallIds(
      [
        { name: 'get_weather', id: '' },
        { name: 'get_weather', id: '' },
      ],
      [],
    );
    expect(twice.callIds).toEqual(['call_cw_5be6a9b9_0', 'call_cw_5be6a9b9_1']);
  });

  test('a hash below 0x10000000 keeps its leading zero: the stem is always 8 hex digits', () => {
    // FNV-1a 32 of '["fetch"]' is 0x033fed51.
    expect(replyCallIds([{ name: 'fetch', id: '' }], []).callIds).toEqual(['call_cw_033fed51_0']);
  });

  test('a call with an id keeps it, and a result with an id keeps it', () => {
    const given = result('alpha', 'call_given');
    const { callIds, results } = replyCallIds(
      [
        { name: 'alpha', id: 'call_given' },
        { name: 'beta', id: '' },
        { name: 'gamma', id: '' },
      ],
      [given, result('gamma')],
    );
    expect(callIds).toEqual(['call_given', 'call_cw_0b7a1082_1', 'call_cw_0b7a1082_2']);
    expect(results[0]).toBe(given);
    expect(results.map((entry) => `${entry.name}:${entry.id}`)).toEqual([
      'alpha:call_given',
      'gamma:call_cw_0b7a1082_2',
    ]);
  });

  test('calls that all have ids keep them, and the results are returned as they are', () => {
    const results = [result('alpha', 'call_a'), result('beta')];
    const paired = replyCallIds(
      [
        { name: 'alpha', id: 'call_a' },
        { name: 'beta', id: 'call_b' },
      ],
      results,
    );
    expect(paired.callIds).toEqual(['call_a', 'call_b']);
    expect(paired.results).toEqual(results);
    expect(paired.results).not.toBe(results);
    expect(paired.results[1]).toBe(results[1]);
  });

  test('a result past the last pending id keeps its empty id', () => {
    const extra = result('x');
    const { results } = replyCallIds([{ name: 'alpha', id: '' }], [result('alpha'), extra]);
    expect(results.map((entry) => entry.id)).toEqual(['call_cw_e4cebb55_0', '']);
    expect(results[1]).toBe(extra);
  });

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

describe('withMappedCallIds', () => {
  const map = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '_');

  test('a call and the result answering it get the same mapped id', () => {
    const messages = withMappedCallIds(
      [
        { role: 'user', content: 'go' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [call('alpha', 'call.1'), call('beta', 'call_2')],
        },
        { role: 'tool', results: [result('alpha', 'call.1'), result('beta', 'call_2')] },
      ],
      map,
    );
    expect(messages[1]).toEqual({
      role: 'assistant',
      content: '',
      toolCalls: [{ ...call('alpha'), id: 'call_1' }, call('beta', 'call_2')],
    });
    expect(resultIds(messages)).toEqual(['alpha:call_1', 'beta:call_2']);
  });

  test('a mapped result keeps its content, error flag and structured content', () => {
    const failed = new ToolResult({
      name: 'alpha',
      id: 'call.1',
      content: [{ type: 'text', text: 'no such city' }],
      isError: true,
      structuredContent: { code: 404 },
    });
    const [tool] = withMappedCallIds([{ role: 'tool', results: [failed] }], map);
    if (tool?.role !== 'tool') throw new Error('expected the tool message');
    expect({ ...tool.results[0] }).toEqual({
      name: 'alpha',
      id: 'call_1',
      content: [{ type: 'text', text: 'no such city' }],
      isError: true,
      structuredContent: { code: 404 },
    });
  });

  test('the calls and results whose ids the map keeps are returned as they are', () => {
    const kept = call('alpha', 'call_1');
    const keptResult = result('beta', 'call_2');
    const named: ChatMessage = { role: 'assistant', content: '', toolCalls: [kept] };
    const plain: ChatMessage = { role: 'assistant', content: 'done' };
    const answered: ChatMessage = { role: 'tool', results: [keptResult] };
    const user: ChatMessage = { role: 'user', content: 'go' };
    const input = [user, named, answered, plain];
    const messages = withMappedCallIds(input, map);
    for (const [index, message] of messages.entries()) expect(message).toBe(input[index]);
    const mixed = withMappedCallIds(
      [
        { role: 'assistant', content: '', toolCalls: [kept, call('gamma', 'call.3')] },
        { role: 'tool', results: [keptResult, result('gamma', 'call.3')] },
      ],
      map,
    );
    const [assistant, tool] = mixed;
    if (assistant?.role !== 'assistant' || tool?.role !== 'tool') throw new Error('shape');
    expect(assistant.toolCalls?.[0]).toBe(kept);
    expect(tool.results[0]).toBe(keptResult);
    expect(resultIds(mixed)).toEqual(['beta:call_2', 'gamma:call_3']);
  });
});
