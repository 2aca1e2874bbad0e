import { describe, expect, it } from 'vitest';
import { closestName, editDistance } from './suggest.js';

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
