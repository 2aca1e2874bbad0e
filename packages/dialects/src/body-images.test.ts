// Every image of a built body is what its bytes say (issue 39, item 1), on every wire and
// every path: the caller's Image, an MCP part of a user turn, a tool result and a provider
// message copied verbatim. Bodies and expected placeholders are written by hand.
import { Image } from '@crosswire/content-image';
import { type CrosswireWarning, WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import { ToolResult } from '@crosswire/tool-result';
import { describe, expect, it } from 'vitest';
import { PIXEL_PNG } from '../../../test-support/dialect-conversation.js';
import { BODY_IMAGES, withProvenImages } from './body-images.js';
import { buildRequest } from './dialect.js';
import { providerMessage } from './messages.js';

/** An SVG, labelled image/png below: what an attacker sends to reach a rasteriser. */
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="9000" height="9000"><filter id="b"><feGaussianBlur stdDeviation="80"/></filter><rect width="9000" height="9000" filter="url(#b)"/></svg>',
).toString('base64');
/** The placeholder of those bytes labelled image/png (size: decoded bytes, from the base64). */
const SVG_AS_PNG = `[image] image/png (${Math.floor((SVG.length * 3) / 4)} bytes)`;

function collect() {
  const warnings: CrosswireWarning[] = [];
  return { warnings, onWarning: (warning: CrosswireWarning) => warnings.push(warning) };
}

describe('BODY_IMAGES finds the base64 images of each wire', () => {
  it('anthropic: message blocks and tool_result blocks', () => {
    const body = {
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'hi' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AA' } },
            { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
            {
              type: 'tool_result',
              tool_use_id: 't',
              content: [
                { type: 'image', source: { type: 'base64', media_type: 'image/gif', data: 'BB' } },
              ],
            },
          ],
        },
      ],
    };
    expect(
      BODY_IMAGES.anthropic(body).map(({ path, keys, mediaType, data }) => [
        path,
        keys,
        mediaType,
        data,
      ]),
    ).toEqual([
      ['messages[0].content[1]', ['messages', 0, 'content', 1], 'image/png', 'AA'],
      [
        'messages[0].content[3].content[0]',
        ['messages', 0, 'content', 3, 'content', 0],
        'image/gif',
        'BB',
      ],
    ]);
  });

  it('openai and hermes: image_url parts with a base64 data: URL (not a remote URL)', () => {
    const body = {
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,CC' } },
            { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
          ],
        },
      ],
    };
    for (const wire of ['openai', 'hermes'] as const) {
      expect(
        BODY_IMAGES[wire](body).map(({ path, mediaType, data }) => [path, mediaType, data]),
      ).toEqual([['messages[0].content[0]', 'image/jpeg', 'CC']]);
    }
  });

  it('responses: input_image parts of messages and of function_call_output', () => {
    const body = {
      input: [
        { role: 'user', content: [{ type: 'input_image', image_url: 'data:image/png;base64,DD' }] },
        {
          type: 'function_call_output',
          call_id: 'c',
          output: [{ type: 'input_image', image_url: 'data:image/webp;base64,EE' }],
        },
      ],
    };
    expect(
      BODY_IMAGES.responses(body).map(({ path, mediaType, data }) => [path, mediaType, data]),
    ).toEqual([
      ['input[0].content[0]', 'image/png', 'DD'],
      ['input[1].output[0]', 'image/webp', 'EE'],
    ]);
  });

  it('gemini: image inlineData (either spelling) and functionResponse parts; not PDFs', () => {
    const body = {
      contents: [
        {
          role: 'user',
          parts: [
            { inlineData: { mimeType: 'image/png', data: 'FF' } },
            { inline_data: { mime_type: 'image/jpeg', data: 'GG' } },
            { inlineData: { mimeType: 'application/pdf', data: 'JVBE' } },
            {
              functionResponse: {
                name: 'shot',
                response: {},
                parts: [{ inlineData: { mimeType: 'image/png', data: 'HH' } }],
              },
            },
          ],
        },
      ],
    };
    expect(
      BODY_IMAGES.gemini(body).map(({ path, keys, mediaType, data }) => [
        path,
        keys,
        mediaType,
        data,
      ]),
    ).toEqual([
      ['contents[0].parts[0]', ['contents', 0, 'parts', 0], 'image/png', 'FF'],
      ['contents[0].parts[1]', ['contents', 0, 'parts', 1], 'image/jpeg', 'GG'],
      [
        'contents[0].parts[3].functionResponse.parts[0]',
        ['contents', 0, 'parts', 3, 'functionResponse'],
        'image/png',
        'HH',
      ],
    ]);
  });

  it('ollama: each message images entry, with no type written', () => {
    const body = { messages: [{ role: 'user', content: 'look', images: ['II', 'JJ'] }] };
    expect(
      BODY_IMAGES.ollama(body).map(({ path, mediaType, data }) => [path, mediaType, data]),
    ).toEqual([
      ['messages[0].images[0]', undefined, 'II'],
      ['messages[0].images[1]', undefined, 'JJ'],
    ]);
  });
});

describe('BODY_IMAGES on a growing conversation of frozen turns', () => {
  // The tool loop freezes the turns it adds and sends them on every request: a frozen turn
  // without an image is read once; a frozen one with an image, and any turn not frozen, are
  // read on every call. One image-free turn, one turn with an image, per wire.
  const deepFreeze = <T>(value: T): T => {
    if (typeof value === 'object' && value !== null) {
      Object.freeze(value);
      for (const inner of Object.values(value)) deepFreeze(inner);
    }
    return value;
  };
  const TURNS: Readonly<
    Record<Exclude<WireFormat, 'anthropic'>, [string, () => unknown, () => unknown, string]>
  > = {
    openai: [
      'messages',
      () => ({ role: 'user', content: [{ type: 'text', text: 'hi' }] }),
      () => ({
        role: 'user',
        content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,AA' } }],
      }),
      'messages[1].content[0]',
    ],
    hermes: [
      'messages',
      () => ({ role: 'user', content: 'hi' }),
      () => ({
        role: 'user',
        content: [{ type: 'image_url', image_url: { url: 'data:image/png;base64,AA' } }],
      }),
      'messages[1].content[0]',
    ],
    responses: [
      'input',
      () => ({ role: 'user', content: [{ type: 'input_text', text: 'hi' }] }),
      () => ({
        role: 'user',
        content: [{ type: 'input_image', image_url: 'data:image/png;base64,AA' }],
      }),
      'input[1].content[0]',
    ],
    gemini: [
      'contents',
      () => ({ role: 'user', parts: [{ text: 'hi' }] }),
      () => ({ role: 'user', parts: [{ inlineData: { mimeType: 'image/png', data: 'AA' } }] }),
      'contents[1].parts[0]',
    ],
    ollama: [
      'messages',
      () => ({ role: 'user', content: 'hi' }),
      () => ({ role: 'user', content: 'look', images: ['AA'] }),
      'messages[1].images[0]',
    ],
    bedrock: [
      'messages',
      () => ({ role: 'user', content: [{ text: 'hi' }] }),
      () => ({
        role: 'user',
        content: [
          {
            toolResult: {
              toolUseId: 't',
              content: [{ image: { format: 'png', source: { bytes: 'AA' } } }],
            },
          },
        ],
      }),
      'messages[1].content[0].toolResult.content[0]',
    ],
  };
  const paths = (wire: WireFormat, body: Record<string, unknown>) =>
    BODY_IMAGES[wire](body).map((image) => image.path);

  it('what one wire found image-free is not taken as image-free by another', () => {
    // A Converse image, which a Chat Completions reader does not see.
    const turn = deepFreeze(TURNS.bedrock[2]());
    expect(paths('openai', { messages: [turn] })).toEqual([]);
    expect(paths('bedrock', { messages: [turn] })).toEqual([
      'messages[0].content[0].toolResult.content[0]',
    ]);
  });

  for (const [wire, [field, plain, withImage, path]] of Object.entries(TURNS)) {
    it(`${wire}: a frozen turn with an image is found on every call; a plain one is skipped safely`, () => {
      const turns = deepFreeze([plain(), withImage()]);
      for (let call = 0; call < 3; call++) {
        expect(paths(wire as WireFormat, { [field]: [...turns] })).toEqual([path]);
      }
      // A turn that is not frozen is read again: an image put into it in place is found.
      const open = plain() as Record<string, unknown>;
      const list = [turns[0], open];
      expect(paths(wire as WireFormat, { [field]: list })).toEqual([]);
      Object.assign(open, withImage());
      expect(paths(wire as WireFormat, { [field]: list })).toEqual([path]);
    });
  }
});

describe('withProvenImages', () => {
  it('replaces an SVG labelled image/png by the placeholder, keeps a true PNG, warns once per image', () => {
    const { warnings, onWarning } = collect();
    const body = {
      model: 'm',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: SVG } },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL_PNG } },
          ],
        },
      ],
    };
    const out = withProvenImages(body, 'anthropic', onWarning);
    expect(out).toEqual({
      model: 'm',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: SVG_AS_PNG },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL_PNG } },
          ],
        },
      ],
    });
    // The body given is not changed.
    expect(body.messages[0]?.content[0]).toMatchObject({ type: 'image' });
    expect(warnings).toEqual([
      {
        code: 'image_bytes_mismatch',
        message: `the bytes of the image at messages[0].content[0] are not image/png, the type it is labelled; it is sent to anthropic as the placeholder ${SVG_AS_PNG}`,
        details: { wire: 'anthropic', path: 'messages[0].content[0]', mediaType: 'image/png' },
      },
    ]);
  });

  it('bedrock: an image member inside a toolResult becomes a text member; a true PNG stays', () => {
    const { warnings, onWarning } = collect();
    const result = (bytes: string) => ({
      toolResult: {
        toolUseId: 't1',
        content: [{ text: 'chart' }, { image: { format: 'png', source: { bytes } } }],
      },
    });
    const out = withProvenImages(
      { messages: [{ role: 'user', content: [result(SVG), result(PIXEL_PNG)] }] },
      'bedrock',
      onWarning,
    );
    expect(out).toEqual({
      messages: [
        {
          role: 'user',
          content: [
            {
              toolResult: {
                toolUseId: 't1',
                content: [{ text: 'chart' }, { text: SVG_AS_PNG }],
              },
            },
            result(PIXEL_PNG),
          ],
        },
      ],
    });
    expect(warnings.map((warning) => warning.details)).toEqual([
      {
        wire: 'bedrock',
        path: 'messages[0].content[0].toolResult.content[1]',
        mediaType: 'image/png',
      },
    ]);
  });

  it('returns the body itself when every image is what it says', () => {
    const body = { messages: [{ role: 'user', content: 'x', images: [PIXEL_PNG] }] };
    expect(withProvenImages(body, 'ollama', undefined)).toBe(body);
  });

  it('ollama: a refused image leaves images and joins the message text; gemini: a functionResponse part is left out', () => {
    const { warnings, onWarning } = collect();
    const ollama = withProvenImages(
      { messages: [{ role: 'user', content: 'look', images: [SVG, PIXEL_PNG] }] },
      'ollama',
      onWarning,
    );
    const unlabelled = `[image] (${Math.floor((SVG.length * 3) / 4)} bytes)`;
    expect(ollama).toEqual({
      messages: [{ role: 'user', content: `look\n${unlabelled}`, images: [PIXEL_PNG] }],
    });
    const gemini = withProvenImages(
      {
        contents: [
          {
            role: 'user',
            parts: [
              {
                functionResponse: {
                  name: 'shot',
                  response: { result: 'ok' },
                  parts: [
                    { inlineData: { mimeType: 'image/png', data: SVG } },
                    { inlineData: { mimeType: 'image/png', data: PIXEL_PNG } },
                  ],
                },
              },
            ],
          },
        ],
      },
      'gemini',
      onWarning,
    );
    expect(gemini).toEqual({
      contents: [
        {
          role: 'user',
          parts: [
            {
              functionResponse: {
                name: 'shot',
                response: { result: 'ok' },
                parts: [{ inlineData: { mimeType: 'image/png', data: PIXEL_PNG } }],
              },
            },
          ],
        },
      ],
    });
    expect(warnings.map((warning) => warning.message)).toEqual([
      `the bytes of the image at messages[0].images[0] are no image type; it is sent to ollama as the placeholder ${unlabelled}`,
      `the bytes of the image at contents[0].parts[0].functionResponse.parts[0] are not image/png, the type it is labelled; it is sent to gemini as the placeholder ${SVG_AS_PNG}`,
    ]);
  });

  it('an empty payload is refused too; an honest SVG label is left to the provider', () => {
    const { warnings, onWarning } = collect();
    const body = {
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image_url', image_url: { url: 'data:image/png;base64,' } },
            { type: 'image_url', image_url: { url: `data:image/svg+xml;base64,${SVG}` } },
          ],
        },
      ],
    };
    expect(withProvenImages(body, 'openai', onWarning)).toEqual({
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: '[image] image/png (0 bytes)' },
            { type: 'image_url', image_url: { url: `data:image/svg+xml;base64,${SVG}` } },
          ],
        },
      ],
    });
    expect(warnings.map((warning) => warning.code)).toEqual(['image_bytes_mismatch']);
  });
});

/** The text a wire's body carries in place of the refused image, found by the wire's own shape. */
const PLACEHOLDER_PART: Readonly<Record<WireFormat, unknown>> = {
  anthropic: { type: 'text', text: SVG_AS_PNG },
  openai: { type: 'text', text: SVG_AS_PNG },
  hermes: { type: 'text', text: SVG_AS_PNG },
  responses: { type: 'input_text', text: SVG_AS_PNG },
  gemini: { text: SVG_AS_PNG },
  ollama: undefined,
  bedrock: { text: SVG_AS_PNG },
};

/** Where each wire's body puts the user turn's two images (written by hand from each wire's shape). */
const USER_IMAGE_PATHS: Readonly<Record<WireFormat, readonly string[]>> = {
  anthropic: ['messages[0].content[1]', 'messages[0].content[2]'],
  openai: ['messages[0].content[1]', 'messages[0].content[2]'],
  hermes: ['messages[0].content[1]', 'messages[0].content[2]'],
  responses: ['input[0].content[1]', 'input[0].content[2]'],
  gemini: ['contents[0].parts[1]', 'contents[0].parts[2]'],
  ollama: ['messages[0].images[0]', 'messages[0].images[1]'],
  bedrock: ['messages[0].content[1]', 'messages[0].content[2]'],
};

describe('buildRequest on every wire: every path into the body is proved', () => {
  it.each(WIRE_FORMATS)(
    '%s: Image.fromData, an MCP part, a tool result and a provider message',
    (wire) => {
      const { warnings, onWarning } = collect();
      const svgBytes = Buffer.from(SVG, 'base64');
      const result = new ToolResult({
        name: 'shot',
        id: 'call_1',
        content: [{ type: 'image', data: SVG, mimeType: 'image/png' }],
      });
      const body = buildRequest(
        wire,
        {
          model: 'm',
          messages: [
            {
              role: 'user',
              content: [
                'look',
                Image.fromData(svgBytes, { mediaType: 'image/png' }),
                { type: 'image', data: SVG, mimeType: 'image/png' },
              ],
            },
            { role: 'tool', results: [result] },
          ],
        },
        { imageInput: true, imageFallbackInput: true, imageFallback: 'user-message', onWarning },
      );
      const text = JSON.stringify(body);
      // Not one copy of the SVG's bytes is left in the body, whatever way it came in.
      expect(text).not.toContain(SVG.slice(0, 60));
      expect(warnings.every((warning) => warning.code === 'image_bytes_mismatch')).toBe(true);
      // One from the tool result's own renderer, one per user image from the body's check.
      expect(warnings.map((warning) => (warning.details as { path?: string }).path)).toEqual([
        undefined,
        ...USER_IMAGE_PATHS[wire],
      ]);
      if (PLACEHOLDER_PART[wire] !== undefined)
        expect(text).toContain(JSON.stringify(PLACEHOLDER_PART[wire]));
      else expect(text).toContain(`look\\n[image] (${Math.floor((SVG.length * 3) / 4)} bytes)`);
    },
  );

  it('a provider message of the same wire, copied verbatim, is proved as well', () => {
    const { warnings, onWarning } = collect();
    const stored = providerMessage('anthropic', {
      role: 'user',
      content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: SVG } }],
    });
    const body = buildRequest('anthropic', { model: 'm', messages: [stored] }, { onWarning });
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: SVG_AS_PNG }] },
    ]);
    expect(warnings.map((warning) => warning.details)).toEqual([
      { wire: 'anthropic', path: 'messages[0].content[0]', mediaType: 'image/png' },
    ]);
  });
});
