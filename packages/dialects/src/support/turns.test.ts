import { sealToolCall } from '@crosswire/core';
import { describe, expect, test } from 'vitest';
import { dropCallItems, lastMatches } from './turns.js';

describe('dropCallItems', () => {
  const item = (id: string, city: string) => ({ id, name: 'get_weather', input: { city } });
  const call = (raw: Record<string, unknown>) =>
    sealToolCall({
      id: String(raw.id),
      name: 'get_weather',
      arguments: {},
      rawArguments: {},
      argumentsUndecodable: false,
      argumentsError: undefined,
      wire: 'anthropic',
      raw,
    });

  test('takes out one item a call; of an item repeated word for word, the later copy', () => {
    const container = {
      content: [item('a', 'Oslo'), item('b', 'Rome'), item('a', 'Oslo'), item('a', 'Oslo')],
    };
    dropCallItems(container, 'content', [call(item('a', 'Oslo')), call(item('b', 'Rome'))]);
    expect(container.content).toEqual([item('a', 'Oslo'), item('a', 'Oslo')]);
  });

  test('compares each item as `locate` maps it, and leaves a missing entry alone', () => {
    const container: Record<string, unknown> = {
      calls: [{ wrapped: item('a', 'Oslo') }],
      other: 1,
    };
    dropCallItems(
      container,
      'calls',
      [call(item('a', 'Oslo'))],
      (entry) => (entry as { wrapped: unknown }).wrapped,
    );
    expect(container).toEqual({ calls: [], other: 1 });
    dropCallItems(container, 'missing', [call(item('a', 'Oslo'))]);
    expect(container).toEqual({ calls: [], other: 1 });
  });
});

describe('lastMatches', () => {
  test('pairs each call with one item, from the last item back, by any shared key', () => {
    const calls = [['x'], ['y', 'z'], ['x']];
    // Items 0..4: x, z, x, y, x. The two x calls take the last two x items; the y/z call
    // takes item 3 (y) before item 1 (z) is reached.
    expect([...lastMatches(calls, [['x'], ['z'], ['x'], ['y'], ['x']])].sort()).toEqual([2, 3, 4]);
  });

  test('a call is taken once even when an item shares two of its keys', () => {
    expect([...lastMatches([['a', 'b']], [['a'], ['b']])]).toEqual([1]);
  });
});
