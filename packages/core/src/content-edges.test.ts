import { describe, expect, it } from 'vitest';
import { parseCallToolResult, parseContentBlock, safeParseContent } from './index.js';

// What a caller sees at the edges of the content parser, written out by hand.
describe('parseContentBlock: a malformed block says everything wrong with it', () => {
  it('names each bad field, separated by "; "', () => {
    expect(parseContentBlock({ type: 'image' })).toEqual({
      type: 'unknown',
      originalType: 'image',
      reason:
        "malformed 'image' block: data: Invalid input: expected string, received undefined; mimeType: Invalid input: expected string, received undefined",
      raw: { type: 'image' },
    });
  });
});

describe('safeParseContent', () => {
  it('does not turn a throwing onWarning into a failed result', () => {
    const broken = new Error('the warning handler broke');
    expect(() =>
      safeParseContent([{ type: 'bogus' }], {
        onWarning: () => {
          throw broken;
        },
      }),
    ).toThrow(broken);
  });
});

describe('parseCallToolResult', () => {
  it('reads content, not a legacy toolResult beside it', () => {
    expect(
      parseCallToolResult({ content: [{ type: 'text', text: 'new' }], toolResult: 'old' }),
    ).toEqual({
      content: [{ type: 'text', text: 'new' }],
      structuredContent: undefined,
      isError: false,
    });
  });
});

describe('parseContentBlock: the type decides the kind', () => {
  it('an image block with only a text field is a malformed image, not text', () => {
    const raw = { type: 'image', text: 'a caption' };
    expect(parseContentBlock(raw)).toMatchObject({ type: 'unknown', originalType: 'image', raw });
  });
});
