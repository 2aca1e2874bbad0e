import { describe, expect, it } from 'vitest';
import { partialJsonObject } from './partial-json.js';

describe('partialJsonObject: a cut-off tool input, parsed as far as it goes', () => {
  it.each([
    ['{"path": "/tmp/a", "content": "hel', { path: '/tmp/a', content: 'hel' }],
    ['{"a": 1, "b":', { a: 1 }],
    ['{"a": 1, "b": [1, 2', { a: 1, b: [1, 2] }],
    ['{"a": {"b": "x\\', { a: { b: 'x' } }],
    ['{"a": tr', {}],
    ['', {}],
    ['[1, 2', {}],
    ['{"done": true}', { done: true }],
  ])('%j → %j', (text, expected) => {
    expect(partialJsonObject(text)).toEqual(expected);
  });
});
