import { describe, expect, it } from 'vitest';
import { closestName, closestNames, editDistance } from './suggest.js';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and adjacent transpositions as one edit', () => {
    expect(editDistance('antropic', 'anthropic')).toBe(1);
    expect(editDistance('anthropicc', 'anthropic')).toBe(1);
    expect(editDistance('anthrupic', 'anthropic')).toBe(1);
    expect(editDistance('explian', 'explain')).toBe(1);
    expect(editDistance('gemini', 'gemini')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('closestName', () => {
  it('names the nearest candidate within two edits, ignoring case', () => {
    expect(closestName('antropic', ['openai', 'anthropic', 'gemini'])).toBe('anthropic');
    expect(closestName('Explain', ['json', 'explain'])).toBe('explain');
    expect(closestName('opnai-respones', ['openai', 'openai-responses'])).toBe('openai-responses');
  });

  it('names nothing when every candidate is far, or the word is short against it', () => {
    expect(closestName('cohere', ['openai', 'anthropic', 'gemini'])).toBeUndefined();
    // Two edits turn 'id' into 'xa'; that is not a typo of it.
    expect(closestName('xa', ['id'])).toBeUndefined();
  });
});

describe('editDistance with a limit', () => {
  it('gives up past the limit, answering limit + 1, and answers exactly at it', () => {
    expect(editDistance('abcdef', 'ghijkl')).toBe(6);
    // Six edits apart: past a limit of 2 it stops at 3, whether the lengths or the rows say so.
    expect(editDistance('abcdef', 'ghijkl', 2)).toBe(3);
    expect(editDistance('abcdef', 'a', 2)).toBe(3);
    // Exactly at the limit: the distance itself.
    expect(editDistance('anthropic', 'anthropicc', 1)).toBe(1);
    expect(editDistance('abc', 'abd', 1)).toBe(1);
    expect(editDistance('abc', 'abc', 0)).toBe(0);
  });

  it('an adjacent transposition is one edit, a transposition with an edit between is not', () => {
    expect(editDistance('ab', 'ba')).toBe(1);
    expect(editDistance('abcd', 'acbd')).toBe(1);
    expect(editDistance('abcd', 'badc')).toBe(2);
    // Optimal string alignment: a transposed pair is not edited again ('ca' to 'abc' is 3).
    expect(editDistance('ca', 'abc')).toBe(3);
  });
});

describe('closestNames', () => {
  it('only the nearest, at most three, in alphabetical order, each name once with its own case', () => {
    expect(
      closestNames('claude-sonet-5-5', [
        'claude-sonnet-4-5',
        'Claude-Sonnet-5-5',
        'claude-sonnet-5-5',
        'claude-sonet-5-5',
      ]),
    ).toEqual(['Claude-Sonnet-5-5']);
    expect(
      closestNames('model-x', ['model-d', 'model-xy', 'model-c', 'model-b', 'model-a']),
    ).toEqual(['model-a', 'model-b', 'model-c']);
    // The name itself, in any case, is not a suggestion.
    expect(closestNames('Model-X', ['model-x', 'model-y'])).toEqual(['model-y']);
  });

  it('allows fewer edits than a third of the name, and never more than three', () => {
    // 3 letters: no edit allowed; 4 and 5: one; 10: three; 13: still three.
    expect(closestNames('abc', ['abd'])).toEqual([]);
    expect(closestNames('abcd', ['abce'])).toEqual(['abce']);
    expect(closestNames('abcd', ['axyd'])).toEqual([]);
    expect(closestNames('abcde', ['abcdf'])).toEqual(['abcdf']);
    expect(closestNames('abcdefghij', ['abcdefgxyz'])).toEqual(['abcdefgxyz']);
    expect(closestNames('abcdefghij', ['abcdefwxyz'])).toEqual([]);
    expect(closestNames('abcdefghijklm', ['abcdefghijwxyz'])).toEqual([]);
    expect(closestNames('abcdefghijklm', ['abcdefghijxyz'])).toEqual(['abcdefghijxyz']);
    expect(closestNames('abcdefghij', [])).toEqual([]);
  });
});

describe('closestName at its bounds', () => {
  it('two edits are near for a candidate of five letters, not for one of four', () => {
    expect(closestName('abxye', ['abcde'])).toBe('abcde');
    expect(closestName('abxy', ['abcd'])).toBeUndefined();
    expect(closestName('abcdexyz', ['abcdefgh'])).toBeUndefined();
  });

  it('the first of equally near candidates wins, in its own case', () => {
    expect(closestName('abcdx', ['abcdy', 'abcdz'])).toBe('abcdy');
    expect(closestName('abcdx', ['abxxx', 'abcdz'])).toBe('abcdz');
    expect(closestName('ANTROPIC', ['Anthropic'])).toBe('Anthropic');
  });
});
