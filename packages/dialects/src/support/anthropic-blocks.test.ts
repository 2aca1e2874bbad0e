// The shared walk over an Anthropic body's media blocks: every image and document, those in
// tool_result content too, in the API's order, with their place; a deeply frozen message
// without media is remembered, any other message is walked again on every call.
import { deepFreeze } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { withProvenImages } from '../body-images.js';
import { preflight } from '../preflight/preflight.js';
import {
  anthropicBlockKeys,
  anthropicBlockPath,
  type BlockPlace,
  forEachAnthropicMedia,
} from './anthropic-blocks.js';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64');

function places(body: Record<string, unknown>): string[] {
  const found: string[] = [];
  forEachAnthropicMedia(body, (block, place: BlockPlace) => {
    found.push(
      `${String(block.type)} ${anthropicBlockPath(place)} ${JSON.stringify(anthropicBlockKeys(place))}`,
    );
  });
  return found;
}

describe('forEachAnthropicMedia', () => {
  it('visits images and documents in order, inside tool_result content too, with their places', () => {
    const body = {
      messages: [
        { role: 'user', content: 'a string turn has no blocks' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'look' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
            {
              type: 'tool_result',
              tool_use_id: 't1',
              content: [
                { type: 'text', text: 'x' },
                { type: 'document', source: { type: 'url', url: 'https://example.com/a.pdf' } },
                { type: 'tool_result', content: [{ type: 'image', source: {} }] },
              ],
            },
          ],
        },
        'not a message',
        { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
        { role: 'user', content: [{ type: 'image', source: { type: 'url', url: 'u' } }] },
      ],
    };
    expect(places(body)).toEqual([
      'image messages[1].content[1] ["messages",1,"content",1]',
      'document messages[1].content[2].content[1] ["messages",1,"content",2,"content",1]',
      'image messages[1].content[2].content[2].content[0] ["messages",1,"content",2,"content",2,"content",0]',
      'image messages[4].content[0] ["messages",4,"content",0]',
    ]);
  });

  it('walks a message that is not frozen again: an image added in place is found', () => {
    const message: { role: string; content: unknown[] } = {
      role: 'user',
      content: [{ type: 'text', text: 'no media yet' }],
    };
    const body = { messages: [message] };
    expect(places(body)).toEqual([]);
    message.content.push({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: PNG },
    });
    expect(places(body)).toEqual(['image messages[0].content[1] ["messages",0,"content",1]']);
  });

  it('finds the media of a deeply frozen message every time, at its place in each body', () => {
    const withImage = deepFreeze({
      role: 'user',
      content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }],
    });
    const text = deepFreeze({ role: 'user', content: [{ type: 'text', text: 'none' }] });
    expect(places({ messages: [text, withImage] })).toEqual([
      'image messages[1].content[0] ["messages",1,"content",0]',
    ]);
    expect(places({ messages: [text, text, withImage] })).toEqual([
      'image messages[2].content[0] ["messages",2,"content",0]',
    ]);
  });
});

describe('the passes that share the walk see a body changed in place', () => {
  it('withProvenImages: an SVG labelled PNG put into a message already checked is refused', () => {
    const turn: { role: string; content: unknown[] } = {
      role: 'user',
      content: [{ type: 'text', text: 'hi' }],
    };
    const body = { model: 'claude-sonnet-4-5', max_tokens: 10, messages: [turn] };
    expect(withProvenImages(body, 'anthropic', () => undefined)).toBe(body);
    turn.content.push({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: SVG },
    });
    const warnings: string[] = [];
    const checked = withProvenImages(body, 'anthropic', (warning) => warnings.push(warning.code));
    expect(warnings).toEqual(['image_bytes_mismatch']);
    expect((checked.messages as { content: unknown[] }[])[0]?.content[1]).toEqual({
      type: 'text',
      text: `[image] image/png (${Math.floor((SVG.length * 3) / 4)} bytes)`,
    });
  });

  it('preflight: a document added in place to a checked message counts toward the 100 media', () => {
    const image = { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } };
    const turn: { role: string; content: unknown[] } = {
      role: 'user',
      content: Array.from({ length: 100 }, () => image),
    };
    const body = { model: 'claude-sonnet-4-5', max_tokens: 10, messages: [turn] };
    const rules = () =>
      preflight(body, { wire: 'anthropic' }).violations.map((found) => found.rule);
    expect(rules()).toEqual([]);
    turn.content.push({
      type: 'document',
      source: { type: 'url', url: 'https://example.com/a.pdf' },
    });
    expect(rules()).toEqual(['anthropic-media-count']);
  });
});
