// The differential test's comparison: it must report every difference, once, at its path.
import { describe, expect, it } from 'vitest';
import { pathPattern, structuralDiff } from './structural-diff.js';

describe('structuralDiff', () => {
  it('equal bodies, whatever their key order, have no difference', () => {
    expect(
      structuralDiff({ a: 1, b: [{ c: 'x', d: null }] }, { b: [{ d: null, c: 'x' }], a: 1 }),
    ).toEqual([]);
  });

  it('reports keys on one side only and unequal values, with their paths', () => {
    expect(
      structuralDiff(
        { model: 'm', tool_choice: 'auto', messages: [{ role: 'user', content: 'Hi' }] },
        { model: 'm', instructions: 'x', messages: [{ role: 'user', content: [{ text: 'Hi' }] }] },
      ),
    ).toEqual([
      { path: 'instructions', kind: 'only-crosswire', crosswire: 'x' },
      { path: 'messages[0].content', kind: 'changed', aiSdk: 'Hi', crosswire: [{ text: 'Hi' }] },
      { path: 'tool_choice', kind: 'only-ai-sdk', aiSdk: 'auto' },
    ]);
  });

  it('an extra array element is one difference, not a shift of every later index', () => {
    const system = { role: 'system', content: 'S' };
    const user = { role: 'user', content: 'U' };
    const call = { type: 'function_call', call_id: 'c' };
    expect(
      structuralDiff(
        { input: [system, user, { role: 'assistant', content: 'A' }, call] },
        { input: [user, { role: 'assistant', content: [{ text: 'A' }] }, call] },
      ),
    ).toEqual([
      { path: 'input[0]', kind: 'only-ai-sdk', aiSdk: system },
      {
        path: 'input[2].content',
        kind: 'changed',
        aiSdk: 'A',
        crosswire: [{ text: 'A' }],
      },
    ]);
  });

  it('pairs a Gemini part by the key that holds its object, and reports what sits beside it', () => {
    const functionCall = { name: 'f', args: {} };
    expect(
      structuralDiff(
        { parts: [{ text: 'T' }, { functionCall }] },
        { parts: [{ text: 'T' }, { functionCall, thoughtSignature: 'sig' }, { text: 'more' }] },
      ),
    ).toEqual([
      { path: 'parts[1].thoughtSignature', kind: 'only-crosswire', crosswire: 'sig' },
      { path: 'parts[2]', kind: 'only-crosswire', crosswire: { text: 'more' } },
    ]);
  });

  it('elements of different kinds do not pair: each side reports its own', () => {
    expect(structuralDiff([{ inlineData: {} }], [{ text: 'x' }])).toEqual([
      { path: '[0]', kind: 'only-ai-sdk', aiSdk: { inlineData: {} } },
      { path: '[0]', kind: 'only-crosswire', crosswire: { text: 'x' } },
    ]);
  });

  it('a null, a number and a string differ from each other and from a missing key', () => {
    expect(structuralDiff({ a: null, b: 1 }, { a: 0, b: '1', c: null })).toEqual([
      { path: 'a', kind: 'changed', aiSdk: null, crosswire: 0 },
      { path: 'b', kind: 'changed', aiSdk: 1, crosswire: '1' },
      { path: 'c', kind: 'only-crosswire', crosswire: null },
    ]);
  });
});

describe('pathPattern', () => {
  it('[*] is any index, * one key, ** any depth; the rest is literal', () => {
    expect(pathPattern('messages[*].content').test('messages[12].content')).toBe(true);
    expect(pathPattern('messages[*].content').test('messages[1].content[0].text')).toBe(false);
    expect(pathPattern('tools[*].*.$schema').test('tools[0].function.$schema')).toBe(true);
    expect(pathPattern('tools[*].*.$schema').test('tools[0].function.parameters.$schema')).toBe(
      false,
    );
    expect(pathPattern('parameters.**.minimum').test('parameters.properties.days.minimum')).toBe(
      true,
    );
    expect(pathPattern('max_tokens').test('max_tokensX')).toBe(false);
  });
});
