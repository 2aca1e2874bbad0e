import { describe, expect, it } from 'vitest';
import { CrosswireError, carriesNative, nativeNeedsVision, WIRE_FORMATS } from './index.js';

describe('carriesNative / nativeNeedsVision (seed 000)', () => {
  it('gives the seed table for every wire and kind', () => {
    const table = Object.fromEntries(
      WIRE_FORMATS.map((wire) => [
        wire,
        [
          carriesNative(wire, 'image'),
          carriesNative(wire, 'pdf'),
          nativeNeedsVision(wire, 'image'),
          nativeNeedsVision(wire, 'pdf'),
        ],
      ]),
    );
    expect(table).toEqual({
      openai: [false, false, false, false],
      anthropic: [true, true, true, false],
      gemini: [true, true, true, true],
      ollama: [false, false, false, false],
      responses: [true, true, true, true],
      hermes: [false, false, false, false],
      bedrock: [true, true, true, false],
    });
  });
  it('is false for an unknown or undefined wire', () => {
    expect(carriesNative('bogus', 'image')).toBe(false);
    expect(carriesNative(undefined, 'pdf')).toBe(false);
    expect(nativeNeedsVision(undefined, 'image')).toBe(false);
  });
  it('throws unknown_media_kind on an unknown kind', () => {
    expect(() => carriesNative('gemini', 'audio' as never)).toThrowError(CrosswireError);
    try {
      nativeNeedsVision('openai', 'video' as never);
    } catch (error) {
      expect((error as CrosswireError).code).toBe('unknown_media_kind');
    }
    expect.assertions(2);
  });
});
