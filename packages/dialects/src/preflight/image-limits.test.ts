import { describe, expect, it } from 'vitest';
import { callFrozen } from '../../../../test-support/deep-freeze.js';
import { replaceImages } from '../index.js';

// `replaceImages` is documented to copy along the changed paths and leave the caller's body as
// it was: a saved conversation must keep its images after the engine sent a resized copy.

const image = (data: string) => ({
  type: 'image',
  source: { type: 'base64', media_type: 'image/png', data },
});

function conversation() {
  return {
    model: 'claude-sonnet-5-5',
    max_tokens: 64,
    messages: [
      {
        role: 'user',
        content: [{ type: 'text', text: 'Two photos' }, image('AAAA'), image('BBBB')],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_1',
            content: [{ type: 'text', text: 'the chart' }, image('CCCC')],
          },
        ],
      },
    ],
  };
}

describe('replaceImages leaves the caller’s body unchanged', () => {
  it('a placeholder and a resized image go into a copy; the frozen original is what it was', () => {
    const body = conversation();
    const replaced = callFrozen(body, (frozen) =>
      replaceImages(frozen, 'anthropic', [
        { keys: ['messages', 0, 'content', 1], replacement: { placeholder: '[image removed]' } },
        {
          keys: ['messages', 1, 'content', 0, 'content', 1],
          replacement: { data: 'RESIZED', mediaType: 'image/jpeg' },
        },
      ]),
    );
    expect(replaced.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Two photos' },
          { type: 'text', text: '[image removed]' },
          image('BBBB'),
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_1',
            content: [
              { type: 'text', text: 'the chart' },
              {
                type: 'image',
                source: { type: 'base64', media_type: 'image/jpeg', data: 'RESIZED' },
              },
            ],
          },
        ],
      },
    ]);
    // The caller's conversation still holds its three images.
    expect(body.messages[0]?.content[1]).toEqual(image('AAAA'));
    expect(JSON.stringify(body)).toContain('"CCCC"');
  });

  it('an unfrozen body is not written to either, and unchanged branches are shared, not copied', () => {
    const body = conversation();
    const before = structuredClone(body);
    const replaced = replaceImages(body, 'anthropic', [
      { keys: ['messages', 0, 'content', 2], replacement: { placeholder: '[image]' } },
    ]) as ReturnType<typeof conversation>;
    expect(body).toEqual(before);
    expect(replaced).not.toBe(body);
    expect(replaced.messages).not.toBe(body.messages);
    expect(replaced.messages[0]).not.toBe(body.messages[0]);
    // The second message was not on a changed path: the same object.
    expect(replaced.messages[1]).toBe(body.messages[1]);
    expect(replaced.messages[0]?.content[2]).toEqual({ type: 'text', text: '[image]' });
  });
});
