import { describe, expect, it } from 'vitest';
import {
  hermesCallBlocks,
  hermesReplyText,
  hermesToolsPrompt,
  parseHermesToolCalls,
  stripThinking,
  stripToolCallTags,
} from './index.js';

// The Hermes text helpers at their edges, as a caller running a model without native tools
// meets them.
describe('tag options', () => {
  it.each([
    ['toolsTag', () => hermesToolsPrompt([{ name: 'x' }], { toolsTag: 'two words' })],
    ['callTag', () => hermesToolsPrompt([{ name: 'x' }], { callTag: '<call>' })],
    ['thinkTag', () => stripThinking('text', { thinkTag: '1st' })],
    ['callTag', () => hermesCallBlocks('text', { callTag: 'a b' })],
    ['callTag', () => stripToolCallTags('text', { callTag: '' })],
    ['toolsTag', () => hermesToolsPrompt([{ name: 'x' }], { toolsTag: ['tools'] as never })],
  ])('refuses a bad %s, naming the option', (option, call) => {
    expect(call).toThrow(expect.objectContaining({ code: 'invalid_tag_name', path: option }));
  });
});

describe('stripThinking', () => {
  it.each([
    ['</think>answer', 'answer'],
    ['opened in the prompt</think>mid<think>again</think>end', 'midend'],
  ])('%s → %s', (text, expected) => {
    expect(stripThinking(text)).toBe(expected);
  });
});

describe('calls with an empty name are no calls', () => {
  it('in an array of calls', () => {
    const text =
      '<tool_call>[{"name": "", "arguments": {}}, {"name": "weather", "arguments": {}}]</tool_call>';
    expect(parseHermesToolCalls(text)).toEqual([{ name: 'weather', arguments: {} }]);
  });

  it('spelled out in a block that does not decode', () => {
    expect(parseHermesToolCalls('<tool_call>{"name": "", "arguments": {</tool_call>')).toEqual([]);
    expect(parseHermesToolCalls('<tool_call>{"name": "go", "arguments": {</tool_call>')).toEqual([
      { name: 'go', arguments: '{"name": "go", "arguments": {' },
    ]);
  });
});

it('hermesReplyText joins only the text of text parts', () => {
  const body = {
    choices: [
      { message: { content: [{ type: 'text', text: 'a' }, { type: 'image' }, 'b', { text: 5 }] } },
    ],
  };
  expect(hermesReplyText(body)).toBe('a');
});
