import { WIRE_FORMATS } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { callFrozen, callUnfrozen } from '../../../test-support/deep-freeze.js';
import {
  asJson,
  asText,
  blockText,
  deserializeJson,
  stringForm,
  structuredContentWithoutMedia,
  ToolResult,
} from './index.js';

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

describe('ToolResult’s readers and the structured-content pass', () => {
  /** Structured content holding payloads at every depth: a data: URL, an item's own data, base64 PNG. */
  const withMedia = () => {
    const png = `iVBORw0KGgo${'A'.repeat(120)}`;
    return {
      name: 'chart',
      id: 'c1',
      content: [
        { type: 'text' as const, text: 'the chart' },
        { type: 'image' as const, data: png, mimeType: 'image/png' },
      ],
      structuredContent: {
        image: `data:image/png;base64,${png}`,
        pages: [{ thumbnail: png, caption: 'page 1' }],
        nested: { deeper: [{ raw: png }], note: 'kept' },
      },
      isError: false,
    };
  };

  it('the constructor keeps a frozen copy of a frozen init and leaves it as it was', () => {
    const result = callFrozen(withMedia(), (init) => new ToolResult(init));
    expect(result.structuredContent?.nested).toEqual({
      deeper: [{ raw: expect.any(String) }],
      note: 'kept',
    });
  });

  it('structuredContentWithoutMedia replaces payloads in a copy of the structured content', () => {
    const heard: string[] = [];
    const onWarning = (warning: { code: string }) => heard.push(warning.code);
    const clean = callFrozen(withMedia(), (data) =>
      structuredContentWithoutMedia(data, { onWarning }),
    );
    expect(JSON.stringify(clean)).not.toContain('iVBORw0KGgo');
    // The same on a ToolResult (its content frozen by the constructor), and on unfrozen data.
    const result = new ToolResult(withMedia());
    structuredContentWithoutMedia(result, { onWarning });
    expect(JSON.stringify(result.structuredContent)).toContain('iVBORw0KGgo');
    callUnfrozen(withMedia(), (data) => structuredContentWithoutMedia(data, { onWarning }));
    expect(heard).toEqual([
      'structured_content_media_replaced',
      'structured_content_media_replaced',
      'structured_content_media_replaced',
    ]);
  });

  it('the block readers read frozen blocks without writing', () => {
    const blocks = [
      { type: 'text' as const, text: '{"rows":[{"city":"Berlin"}]}' },
      { type: 'json' as const, value: { rows: [{ city: 'Berlin' }] } },
    ];
    callFrozen(blocks, (frozen) => {
      // A text block is no json item; deserializeJson parses its text.
      expect(frozen.map((block) => asJson(block))).toEqual([
        undefined,
        { rows: [{ city: 'Berlin' }] },
      ]);
      expect(frozen.map((block) => deserializeJson(block))).toEqual([
        { rows: [{ city: 'Berlin' }] },
        { rows: [{ city: 'Berlin' }] },
      ]);
      frozen.map((block) => [asText(block), blockText(block)]);
      stringForm(frozen, { rows: [] });
    });
  });
});
