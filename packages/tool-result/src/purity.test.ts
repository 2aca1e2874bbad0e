import { WIRE_FORMATS } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { callFrozen } from '../../../test-support/deep-freeze.js';
import { ToolResult } from './index.js';

// A ToolResult keeps a frozen copy of the caller's data (the caller's own objects are never
// frozen behind its back), and `to(wire, options)` is pure.

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const callToolResult = () => ({
  content: [
    { type: 'text', text: 'the chart' },
    { type: 'image', data: PNG, mimeType: 'image/png' },
    { type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'a' } },
  ],
  structuredContent: { rows: [{ city: 'Berlin', temp: 22 }] },
});

describe('ToolResult and the caller’s data', () => {
  it('fromCallToolResult reads a frozen result without writing to it', () => {
    const result = callFrozen(callToolResult(), (frozen) =>
      ToolResult.fromCallToolResult({ name: 'chart', id: 'c1' }, frozen),
    );
    expect(result.content).toHaveLength(3);
  });

  it('the caller’s objects are not frozen, and changing them later does not change the result', () => {
    const data = callToolResult();
    const result = ToolResult.fromCallToolResult({ name: 'chart', id: 'c1' }, data);
    expect(Object.isFrozen(data.content[0])).toBe(false);
    expect(Object.isFrozen(data.structuredContent.rows)).toBe(false);
    const before = result.to('openai').content;
    (data.content[0] as { text: string }).text = 'changed';
    data.structuredContent.rows.push({ city: 'Paris', temp: 25 });
    expect(result.to('openai').content).toEqual(before);
  });

  it.each(WIRE_FORMATS.map((wire) => [wire] as const))(
    'to(%s) leaves the result and the options as they were',
    (wire) => {
      const result = ToolResult.fromCallToolResult({ name: 'chart', id: 'c1' }, callToolResult());
      const first = JSON.stringify(
        callFrozen({ imageInput: true, nativePdf: true }, (options) => result.to(wire, options)),
      );
      // The same call again gives the same block: nothing in the result changed.
      expect(JSON.stringify(result.to(wire, { imageInput: true, nativePdf: true }))).toBe(first);
    },
  );
});
