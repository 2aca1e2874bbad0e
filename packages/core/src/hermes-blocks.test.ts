import { describe, expect, it } from 'vitest';
import {
  decodeHermesCall,
  hermesCallBlocks,
  parseHermesToolCalls,
  stripToolCallTags,
  unreadableHermesBlocks,
} from './index.js';

// The text Hermes-style models actually write: Python dicts with brackets and quotes inside
// their strings, empty and cut-off blocks, stray tokens and prose inside the tags.
describe('brackets and quotes inside the strings of a call', () => {
  it.each([
    [
      'a Python triple-quoted string holding an apostrophe',
      "<tool_call>{'name': 'note', 'arguments': {'text': '''it's done'''}}</tool_call>",
      { name: 'note', arguments: { text: "it's done" } },
    ],
    [
      'a triple-quoted string holding double quotes',
      '<tool_call>{"name": "note", "arguments": {"text": """a 5" nail"""}}</tool_call>',
      { name: 'note', arguments: { text: 'a 5" nail' } },
    ],
    [
      'an unmatched bracket in a triple-quoted string',
      "<tool_call>{'name': 'note', 'arguments': {'text': '''see (1'''}}</tool_call>",
      { name: 'note', arguments: { text: 'see (1' } },
    ],
    [
      'an unmatched bracket in a single-quoted string',
      "<tool_call>{'name': 'reply', 'arguments': {'text': 'done :) [draft'}}</tool_call>",
      { name: 'reply', arguments: { text: 'done :) [draft' } },
    ],
    [
      'a Python tuple',
      "<tool_call>{'name': 'move', 'arguments': {'to': (3, 4)}}</tool_call>",
      { name: 'move', arguments: { to: [3, 4] } },
    ],
  ])('decodes %s', (_case, text, call) => {
    expect(parseHermesToolCalls(text)).toEqual([call]);
    expect(stripToolCallTags(`Moving.\n${text}`)).toBe('Moving.');
  });

  it('decodeHermesCall refuses brackets that close in the wrong order', () => {
    expect(decodeHermesCall('{"name": "a", "arguments": [1, 2}]')).toBeUndefined();
    expect(decodeHermesCall("{'name': 'a', 'arguments': (1, 2]}")).toBeUndefined();
  });

  it('a name with a line break in it is no call, and reading it does not throw', () => {
    const text = '<tool_call>{"name": "get\nweather", "arguments": {}}</tool_call>';
    expect(parseHermesToolCalls(text)).toEqual([]);
    expect(unreadableHermesBlocks(text)).toEqual(['{"name": "get\nweather", "arguments": {}}']);
  });
});

describe('empty and cut-off blocks', () => {
  it.each(['<tool_call></tool_call>', '<tool_call> </tool_call>'])(
    'an empty block %j holds no call and stays in the text',
    (text) => {
      expect(hermesCallBlocks(text)).toEqual(['']);
      expect(parseHermesToolCalls(text)).toEqual([]);
      expect(unreadableHermesBlocks(text)).toEqual(['']);
      expect(stripToolCallTags(`Done. ${text}`)).toBe(`Done. ${text}`);
    },
  );

  it('a block cut off by the end of the reply is read trimmed', () => {
    const text = 'Checking.\n<tool_call>\n{"name": "weather", "arguments": {"city": "Oslo"}}\n  ';
    expect(hermesCallBlocks(text)).toEqual(['{"name": "weather", "arguments": {"city": "Oslo"}}']);
    expect(parseHermesToolCalls(text)).toEqual([{ name: 'weather', arguments: { city: 'Oslo' } }]);
    expect(stripToolCallTags(text)).toBe('Checking.');
    expect(unreadableHermesBlocks('<tool_call>\nlet me think\n')).toEqual(['let me think']);
  });

  it('a cut-off block whose argument mentions the closing tag, then a stray quote, ends at that tag', () => {
    const text = '<tool_call>{"name": "say", "arguments": {"text": "</tool_call>"}}\n\'';
    expect(parseHermesToolCalls(text)).toEqual([
      { name: 'say', arguments: '{"name": "say", "arguments": {"text": "' },
    ]);
    expect(stripToolCallTags(text)).toBe('"}}\n\'');
  });
});

// A second block whose argument mentions the closing tag: read whole unless an earlier block
// fell back to its first closing tag.
const MENTIONS_TAG =
  '<tool_call>{"name": "say", "arguments": {"text": "</tool_call>"}}</tool_call>';
const SAY = { name: 'say', arguments: { text: '</tool_call>' } };

describe('what comes before a block that mentions its closing tag', () => {
  it('a stray special token before the closing tag of the first block', () => {
    const first = '<tool_call>{"name": "a", "arguments": {}}<|im_end|></tool_call>';
    expect(parseHermesToolCalls(`${first}\n${MENTIONS_TAG}`)).toEqual([
      { name: 'a', arguments: '{"name": "a", "arguments": {}}<|im_end|>' },
      SAY,
    ]);
  });

  it('prose with an apostrophe and a brace inside the first block', () => {
    const text = `<tool_call>I don't know the {city} yet</tool_call>\n${MENTIONS_TAG}`;
    expect(parseHermesToolCalls(text)).toEqual([SAY]);
    expect(unreadableHermesBlocks(text)).toEqual(["I don't know the {city} yet"]);
    expect(stripToolCallTags(text)).toBe("<tool_call>I don't know the {city} yet</tool_call>");
  });

  it('after a block whose string runs past its closing tag, later blocks end at their first one', () => {
    const first = '<tool_call>{"name": "a", "arguments": {"note": "unterminated}}</tool_call>';
    expect(parseHermesToolCalls(`${first}\n${MENTIONS_TAG}`)).toEqual([
      { name: 'a', arguments: '{"name": "a", "arguments": {"note": "unterminated}}' },
      { name: 'say', arguments: '{"name": "say", "arguments": {"text": "' },
    ]);
  });
});
