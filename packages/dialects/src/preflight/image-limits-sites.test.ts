import { describe, expect, it } from 'vitest';
import { callFrozen } from '../../../../test-support/deep-freeze.js';
import { pngHeaderOfSize } from '../../../../test-support/png-header.js';
import { type OverLimitImage, overLimitImages, replaceImages } from './image-limits.js';

// Which images of a body break the provider's documented limits (Anthropic: 5 MB of base64,
// 8000 pixels a side, 100 images and documents, 2000 pixels a side above 20 images; Converse:
// 5 MB of base64, 8000 pixels, 20 images), each limit at its exact boundary. The image headers
// are laid out byte by byte here (PNG IHDR: width and height as big-endian 32-bit numbers).

const png = pngHeaderOfSize;

const MB5 = 5 * 1024 * 1024;
const image = (data: string, mediaType = 'image/png') => ({
  type: 'image',
  source: { type: 'base64', media_type: mediaType, data },
});
const pdf = {
  type: 'document',
  source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' },
};
const user = (...content: unknown[]) => ({ role: 'user', content });
const anthropic = (...messages: unknown[]) => ({
  model: 'claude-sonnet-5-5',
  max_tokens: 64,
  messages,
});

const FIT = { maxSide: 8000, maxBytes: MB5 };

describe('overLimitImages: Anthropic, each limit at its boundary', () => {
  it('5 MB of base64: 5 242 880 characters pass, one more is reported with the size read', () => {
    expect(overLimitImages(anthropic(user(image(png(100, 50, MB5)))), 'anthropic')).toEqual([]);
    const data = png(100, 50, MB5 + 1);
    expect(
      overLimitImages(anthropic(user({ type: 'text', text: 'see' }, image(data))), 'anthropic'),
    ).toEqual([
      {
        path: 'messages[0].content[1]',
        keys: ['messages', 0, 'content', 1],
        mediaType: 'image/png',
        data,
        width: 100,
        height: 50,
        rule: 'anthropic-image-bytes',
        limit: 'an image is at most 5242880 bytes of base64',
        fit: FIT,
      },
    ]);
  });

  it('8000 pixels a side: the longest side counts, wide or tall; too large in both is reported once', () => {
    const fine = [image(png(8000, 10)), image(png(10, 8000))];
    expect(overLimitImages(anthropic(user(...fine)), 'anthropic')).toEqual([]);
    const tall = png(10, 8001);
    const wide = png(8001, 10);
    const both = png(9000, 9000, MB5 + 4);
    const found = overLimitImages(
      anthropic(user(image(tall)), user(image(wide, 'image/webp')), user(image(both))),
      'anthropic',
    );
    expect(found).toEqual([
      {
        path: 'messages[0].content[0]',
        keys: ['messages', 0, 'content', 0],
        mediaType: 'image/png',
        data: tall,
        width: 10,
        height: 8001,
        rule: 'anthropic-image-side',
        limit: 'no side of an image exceeds 8000 pixels',
        fit: FIT,
      },
      {
        path: 'messages[1].content[0]',
        keys: ['messages', 1, 'content', 0],
        mediaType: 'image/webp',
        data: wide,
        width: 8001,
        height: 10,
        rule: 'anthropic-image-side',
        limit: 'no side of an image exceeds 8000 pixels',
        fit: FIT,
      },
      {
        path: 'messages[2].content[0]',
        keys: ['messages', 2, 'content', 0],
        mediaType: 'image/png',
        data: both,
        width: 9000,
        height: 9000,
        rule: 'anthropic-image-bytes',
        limit: 'an image is at most 5242880 bytes of base64',
        fit: FIT,
      },
    ]);
  });

  it('above 20 images no side exceeds 2000: 20 images of 2001 pass, 21 are each reported', () => {
    const twenty = Array.from({ length: 20 }, () => image(png(2001, 2001)));
    expect(overLimitImages(anthropic(user(...twenty)), 'anthropic')).toEqual([]);
    // 21 images: those of 2000 pixels pass, the 2001-pixel one and the 8001-pixel one are
    // reported, the latter for the 8000-pixel rule it breaks first.
    const content = [
      ...Array.from({ length: 19 }, () => image(png(2000, 1000))),
      image(png(1000, 2001)),
      image(png(8001, 100)),
    ];
    const found = overLimitImages(anthropic(user(...content)), 'anthropic');
    const many = { maxSide: 2000, maxBytes: MB5 };
    expect(found.map(({ data: _, ...rest }) => rest)).toEqual([
      {
        path: 'messages[0].content[19]',
        keys: ['messages', 0, 'content', 19],
        mediaType: 'image/png',
        width: 1000,
        height: 2001,
        rule: 'anthropic-many-image-side',
        limit: 'in a request with more than 20 images, no side exceeds 2000 pixels',
        fit: many,
      },
      {
        path: 'messages[0].content[20]',
        keys: ['messages', 0, 'content', 20],
        mediaType: 'image/png',
        width: 8001,
        height: 100,
        rule: 'anthropic-image-side',
        limit: 'no side of an image exceeds 8000 pixels',
        fit: many,
      },
    ]);
  });

  it('100 images and documents: 100 pass; at 101 the oldest image goes, with no fit', () => {
    const hundred = [pdf, pdf, ...Array.from({ length: 98 }, () => image(png(10, 10)))];
    expect(overLimitImages(anthropic(user(...hundred)), 'anthropic')).toEqual([]);
    const first = png(11, 12);
    const found = overLimitImages(
      anthropic(user(pdf, image(first)), user(...hundred.slice(1))),
      'anthropic',
    );
    expect(found).toEqual([
      {
        path: 'messages[0].content[1]',
        keys: ['messages', 0, 'content', 1],
        mediaType: 'image/png',
        data: first,
        width: undefined,
        height: undefined,
        rule: 'anthropic-media-count',
        limit: 'a request holds at most 100 images and documents',
        fit: undefined,
      },
    ]);
  });

  it('too many: only images go (never documents), and the images left are counted for the 20-image rule', () => {
    // 80 documents and 23 images of 2001 pixels: 103 media, so the 3 oldest images go; the
    // 20 left do not exceed 20, so none breaks the 2000-pixel rule.
    const content = [
      ...Array.from({ length: 80 }, () => pdf),
      ...Array.from({ length: 23 }, () => image(png(2001, 10))),
    ];
    const found = overLimitImages(anthropic(user(...content)), 'anthropic');
    expect(found.map((over) => [over.path, over.rule])).toEqual([
      ['messages[0].content[80]', 'anthropic-media-count'],
      ['messages[0].content[81]', 'anthropic-media-count'],
      ['messages[0].content[82]', 'anthropic-media-count'],
    ]);
    // 104 documents and 2 images: both images go, and nothing else can be named.
    const documents = [
      ...Array.from({ length: 104 }, () => pdf),
      image(png(1, 1)),
      image(png(2, 2)),
    ];
    expect(
      overLimitImages(anthropic(user(...documents)), 'anthropic').map((over) => over.path),
    ).toEqual(['messages[0].content[104]', 'messages[0].content[105]']);
  });

  it('images inside tool results are sites, with their path inside the result', () => {
    const data = png(8001, 1);
    const body = anthropic(
      user({
        type: 'tool_result',
        tool_use_id: 'toolu_1',
        content: [{ type: 'text', text: 'the chart' }, image(data, 'image/gif')],
      }),
    );
    expect(overLimitImages(body, 'anthropic')).toEqual([
      {
        path: 'messages[0].content[0].content[1]',
        keys: ['messages', 0, 'content', 0, 'content', 1],
        mediaType: 'image/gif',
        data,
        width: 8001,
        height: 1,
        rule: 'anthropic-image-side',
        limit: 'no side of an image exceeds 8000 pixels',
        fit: FIT,
      },
    ]);
  });

  it('what is not a base64 image is never a site to replace', () => {
    const huge = png(9000, 9000, MB5 + 1);
    const body = anthropic(
      null,
      { role: 'user', content: 'text only' },
      user(
        null,
        'text',
        // A document is not an image, however large.
        { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: huge } },
        // A URL image (whatever else its source carries), an image without a source or with
        // data that is not a string, one without a media type.
        { type: 'image', source: { type: 'url', url: 'https://example.com/a.png', data: huge } },
        { type: 'image' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 12345 } },
        // Only tool results are looked into, not other blocks' content.
        { type: 'search_result', content: [image(huge)] },
        // A header of no known format: no size, so no side to judge.
        image(Buffer.from('<svg width="9000" height="9000"/>').toString('base64'), 'image/png'),
      ),
    );
    expect(overLimitImages(body, 'anthropic')).toEqual([]);
    const noType = { type: 'image', source: { type: 'base64', data: huge } };
    expect(
      overLimitImages(anthropic(user(noType)), 'anthropic').map((over) => over.mediaType),
    ).toEqual(['']);
  });

  it('no body, no image, or a wire with no documented limits: nothing', () => {
    expect(overLimitImages(anthropic(user({ type: 'text', text: 'hi' })), 'anthropic')).toEqual([]);
    expect(overLimitImages(converse(user({ text: 'hi' })), 'bedrock')).toEqual([]);
    for (const body of [null, 'text', [], 42])
      expect(overLimitImages(body, 'anthropic')).toEqual([]);
    const body = anthropic(user(image(png(9000, 9000, MB5 + 1))));
    for (const wire of ['openai', 'responses', 'gemini', 'ollama', 'hermes'] as const) {
      expect(overLimitImages(body, wire)).toEqual([]);
    }
  });
});

// Converse: `{ image: { format, source: { bytes } } }` in user turns and tool results.
const converseImage = (bytes: string, format: string | null = 'png') => ({
  image: { ...(format === null ? {} : { format }), source: { bytes } },
});
const converse = (...messages: unknown[]) => ({ modelId: 'anthropic.claude-sonnet', messages });

describe('overLimitImages: Converse (bedrock)', () => {
  it('20 images pass; at 21 the oldest goes; documents are counted apart', () => {
    const twenty = Array.from({ length: 20 }, () => converseImage(png(10, 10)));
    const document = { document: { format: 'pdf', name: 'report', source: { bytes: 'JVBERi0=' } } };
    expect(overLimitImages(converse(user(document, ...twenty)), 'bedrock')).toEqual([]);
    const first = png(10, 10);
    expect(
      overLimitImages(converse(user(document, converseImage(first, 'jpeg'), ...twenty)), 'bedrock'),
    ).toEqual([
      {
        path: 'messages[0].content[1].image',
        keys: ['messages', 0, 'content', 1],
        mediaType: 'image/jpeg',
        data: first,
        width: undefined,
        height: undefined,
        rule: 'bedrock-media-count',
        limit: 'a request holds at most 20 images',
        fit: undefined,
      },
    ]);
  });

  it('5 MB of base64 and 8000 pixels, in a user turn and in a tool result, keyed to the block', () => {
    const large = png(10, 20, MB5 + 1);
    const wide = png(8001, 20);
    const body = converse(
      user(
        ...Array.from({ length: 11 }, () => converseImage(png(8000, 8000))),
        converseImage(large, null),
      ),
      { role: 'assistant', content: [{ toolUse: { toolUseId: 't1', name: 'chart', input: {} } }] },
      user({
        toolResult: {
          toolUseId: 't1',
          content: [{ text: 'the chart' }, converseImage(wide, 'webp')],
        },
      }),
    );
    const fit = { maxSide: 8000, maxBytes: MB5 };
    expect(overLimitImages(body, 'bedrock')).toEqual([
      {
        path: 'messages[0].content[11].image',
        keys: ['messages', 0, 'content', 11],
        mediaType: '',
        data: large,
        width: 10,
        height: 20,
        rule: 'bedrock-image-bytes',
        limit: 'an image is at most 5242880 bytes of base64',
        fit,
      },
      {
        path: 'messages[2].content[0].toolResult.content[1].image',
        keys: ['messages', 2, 'content', 0, 'toolResult', 'content', 1],
        mediaType: 'image/webp',
        data: wide,
        width: 8001,
        height: 20,
        rule: 'bedrock-image-side',
        limit: 'no side of an image exceeds 8000 pixels',
        fit,
      },
    ]);
  });
});

describe('replaceImages: the block in the wire’s own shape', () => {
  it('Anthropic: a resized image keeps the block’s other fields; a placeholder is a text block', () => {
    const cached = { ...image('AAAA'), cache_control: { type: 'ephemeral' } };
    const body = anthropic(user(cached, image('BBBB')));
    const replaced = callFrozen(body, (frozen) =>
      replaceImages(frozen, 'anthropic', [
        {
          keys: ['messages', 0, 'content', 0],
          replacement: { data: 'CCCC', mediaType: 'image/jpeg' },
        },
        { keys: ['messages', 0, 'content', 1], replacement: { placeholder: '[image: too large]' } },
      ]),
    );
    expect(replaced).toEqual(
      anthropic(
        user(
          {
            type: 'image',
            source: { type: 'base64', media_type: 'image/jpeg', data: 'CCCC' },
            cache_control: { type: 'ephemeral' },
          },
          { type: 'text', text: '[image: too large]' },
        ),
      ),
    );
  });

  it('Converse: the image’s format and bytes are replaced; a placeholder is a { text } block', () => {
    // Found by the mutation tests: both were written as Anthropic blocks, which Converse
    // refuses (a placeholder `{ type, text }`) or reads as the old image (a resize).
    const body = converse(
      user(converseImage('AAAA'), { text: 'and' }, converseImage('BBBB')),
      user({ toolResult: { toolUseId: 't1', content: [converseImage('DDDD', 'gif')] } }),
    );
    const over = overLimitImages(
      converse(
        user(converseImage(png(1, 9000)), { text: 'and' }, converseImage(png(9000, 1))),
        user({ toolResult: { toolUseId: 't1', content: [converseImage(png(9000, 9000), 'gif')] } }),
      ),
      'bedrock',
    );
    expect(over.map((found: OverLimitImage) => found.keys)).toEqual([
      ['messages', 0, 'content', 0],
      ['messages', 0, 'content', 2],
      ['messages', 1, 'content', 0, 'toolResult', 'content', 0],
    ]);
    const replaced = callFrozen(body, (frozen) =>
      replaceImages(frozen, 'bedrock', [
        { keys: over[0]?.keys ?? [], replacement: { data: 'CCCC', mediaType: 'image/jpeg' } },
        { keys: over[1]?.keys ?? [], replacement: { placeholder: '[image: too large]' } },
        { keys: over[2]?.keys ?? [], replacement: { data: 'EEEE', mediaType: 'image/gif' } },
      ]),
    );
    expect(replaced).toEqual(
      converse(
        user(
          { image: { format: 'jpeg', source: { bytes: 'CCCC' } } },
          { text: 'and' },
          { text: '[image: too large]' },
        ),
        user({
          toolResult: {
            toolUseId: 't1',
            content: [{ image: { format: 'gif', source: { bytes: 'EEEE' } } }],
          },
        }),
      ),
    );
  });
});
