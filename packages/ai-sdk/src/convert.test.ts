// The adapter's two conversions, beside the code, with every expected value written out by
// hand: an AI SDK tool output read as a Crosswire ToolResult (`toolResultOf`: which outputs are
// rewritten, which pass through untouched), and Crosswire's rendering on each wire written back
// as the AI SDK tool output that makes the AI SDK provider send it (`OUTPUT_WRITERS`).
import type { LanguageModelV4ToolResultOutput } from '@ai-sdk/provider';
import type { CrosswireWarning } from '@crosswire/core';
import { ToolResult } from '@crosswire/tool-result';
import { describe, expect, it } from 'vitest';
import { isCallToolResult, OUTPUT_WRITERS, toolResultOf } from './convert.js';
import { PIXEL_PNG } from './test-support/mcp-fixture.js';

const call = { name: 'shot', id: 'c1' };
const PDF = 'JVBERi0xLjQK';
const image = { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' };
const pdfResource = {
  type: 'resource',
  resource: { uri: 'file:///q3.pdf', mimeType: 'application/pdf', blob: PDF },
};
const file = (mediaType: string, data: string, filename?: string) => ({
  type: 'file',
  mediaType,
  data: { type: 'data', data },
  ...(filename === undefined ? {} : { filename }),
});

/** The result read, as plain data, and the warnings told. */
function read(output: unknown) {
  const warnings: CrosswireWarning[] = [];
  const result = toolResultOf(call, output as LanguageModelV4ToolResultOutput, (warning) =>
    warnings.push(warning),
  );
  return {
    result: result && { content: result.content, isError: result.isError },
    warnings,
  };
}

describe('isCallToolResult', () => {
  it.each([
    ['text and image blocks', { content: [{ type: 'text', text: 'a' }, image] }, true],
    ['no blocks', { content: [] }, true],
    ['null', null, false],
    ['a list', [{ type: 'text', text: 'a' }], false],
    ['content that is no list', { content: 'a' }, false],
    ['a null block', { content: [null] }, false],
    [
      'a block of no MCP type among MCP ones',
      { content: [{ type: 'text', text: 'a' }, { type: 'thing' }] },
      false,
    ],
    ['a block whose type is no string', { content: [{ type: 5 }] }, false],
  ] as const)('%s: %s', (_name, value, expected) => {
    expect(isCallToolResult(value)).toBe(expected);
  });
});

describe('toolResultOf: the outputs Crosswire rewrites', () => {
  it('json holding a CallToolResult', () => {
    expect(read({ type: 'json', value: { content: [{ type: 'text', text: 'a' }] } })).toEqual({
      result: { content: [{ type: 'text', text: 'a' }], isError: false },
      warnings: [],
    });
  });

  it('error-json is an error result, whether or not the CallToolResult says so', () => {
    for (const value of [
      { content: [{ type: 'text', text: 'a' }] },
      { isError: true, content: [{ type: 'text', text: 'a' }] },
    ]) {
      expect(read({ type: 'error-json', value }).result).toEqual({
        content: [{ type: 'text', text: 'a' }],
        isError: true,
      });
    }
  });

  it('a malformed block in json: its placeholder, with the warning told to onWarning', () => {
    expect(
      read({ type: 'json', value: { content: [{ type: 'image', mimeType: 'image/png' }] } }),
    ).toEqual({
      result: {
        content: [
          {
            type: 'unknown',
            originalType: 'image',
            reason:
              "malformed 'image' block: data: Invalid input: expected string, received undefined",
            raw: { type: 'image', mimeType: 'image/png' },
          },
        ],
        isError: false,
      },
      warnings: [
        {
          code: 'unknown_content_block',
          message:
            "content[0]: malformed 'image' block: data: Invalid input: expected string, received undefined; it is sent as a placeholder",
          details: { index: 0, originalType: 'image' },
        },
      ],
    });
  });

  it('content parts: text, image bytes, audio, a named PDF, an unnamed one, a text file', () => {
    expect(
      read({
        type: 'content',
        value: [
          { type: 'text', text: 't' },
          {
            type: 'file',
            mediaType: 'image/png',
            data: { type: 'data', data: new Uint8Array([1, 2, 3]) },
          },
          { type: 'file', mediaType: 'audio/wav', data: { type: 'data', data: 'UklGRg==' } },
          {
            type: 'file',
            mediaType: 'application/pdf',
            filename: 'q3 report.pdf',
            data: { type: 'data', data: PDF },
          },
          { type: 'file', mediaType: 'application/pdf', data: { type: 'data', data: PDF } },
          {
            type: 'file',
            mediaType: 'text/plain',
            filename: 'a.txt',
            data: { type: 'text', text: 'hello' },
          },
        ],
      }),
    ).toEqual({
      result: {
        content: [
          { type: 'text', text: 't' },
          { type: 'image', data: 'AQID', mimeType: 'image/png' },
          { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
          {
            type: 'resource',
            resource: { uri: 'file:///q3%20report.pdf', mimeType: 'application/pdf', blob: PDF },
          },
          { type: 'resource', resource: { uri: '', mimeType: 'application/pdf', blob: PDF } },
          {
            type: 'resource',
            resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'hello' },
          },
        ],
        isError: false,
      },
      warnings: [],
    });
  });

  it('a content image that is no base64: its placeholder, with the warning told to onWarning', () => {
    const { warnings } = read({
      type: 'content',
      value: [{ type: 'file', mediaType: 'image/png', data: { type: 'data', data: '!!!' } }],
    });
    expect(warnings).toEqual([
      {
        code: 'unknown_content_block',
        message:
          "content[0]: malformed 'image' block: data: Invalid Base64 string; it is sent as a placeholder",
        details: { index: 0, originalType: 'image' },
      },
    ]);
  });
});

describe('toolResultOf: the outputs that pass through untouched', () => {
  it.each([
    ['text', { type: 'text', value: 'x' }],
    ['error-text', { type: 'error-text', value: 'x' }],
    ['json that is no CallToolResult', { type: 'json', value: { a: 1 } }],
    [
      'content with a URL file',
      {
        type: 'content',
        value: [
          { type: 'text', text: 'a' },
          {
            type: 'file',
            mediaType: 'image/png',
            data: { type: 'url', url: new URL('https://example.com/y.png') },
          },
        ],
      },
    ],
    [
      'content with a media type of no subtype',
      {
        type: 'content',
        value: [{ type: 'file', mediaType: 'image', data: { type: 'data', data: 'AAAA' } }],
      },
    ],
    [
      'content with a custom part',
      { type: 'content', value: [{ type: 'text', text: 'a' }, { type: 'custom' }] },
    ],
  ] as const)('%s', (_name, output) => {
    expect(read(output)).toEqual({ result: undefined, warnings: [] });
  });
});

const make = (content: unknown[], extra: Record<string, unknown> = {}) =>
  new ToolResult({ ...call, content, ...extra } as ConstructorParameters<typeof ToolResult>[0]);
const NATIVE = { imageInput: true, nativePdf: true } as const;
const PLACEHOLDERS =
  'page\n[image] image/png (68 bytes)\n[resource] application/pdf <file:///q3.pdf> (9 bytes)';
const pageImagePdf = () => make([{ type: 'text', text: 'page' }, image, pdfResource]);

describe('OUTPUT_WRITERS: the same result on each wire', () => {
  it.each([
    ['openai', { type: 'text', value: PLACEHOLDERS }],
    ['ollama', { type: 'text', value: PLACEHOLDERS }],
    ['hermes', { type: 'text', value: PLACEHOLDERS }],
    [
      'anthropic',
      {
        type: 'content',
        value: [
          { type: 'text', text: 'page' },
          file('image/png', PIXEL_PNG),
          file('application/pdf', PDF),
        ],
      },
    ],
    [
      'responses',
      {
        type: 'content',
        value: [
          { type: 'text', text: 'page' },
          file('image/png', PIXEL_PNG),
          file('application/pdf', PDF, 'q3.pdf'),
        ],
      },
    ],
    [
      'bedrock',
      {
        type: 'content',
        value: [
          { type: 'text', text: 'page' },
          file('image/png', PIXEL_PNG),
          file('application/pdf', PDF, 'q3'),
        ],
      },
    ],
    [
      'gemini',
      {
        type: 'content',
        value: [
          { type: 'text', text: 'page' },
          file('image/png', PIXEL_PNG),
          file('application/pdf', PDF),
        ],
      },
    ],
  ] as const)('text, image and PDF natively on %s', (wire, expected) => {
    // Strict: a part without a filename has no `filename` key at all.
    expect(OUTPUT_WRITERS[wire](pageImagePdf(), NATIVE)).toStrictEqual(expected);
  });

  it.each(['responses', 'bedrock', 'gemini'] as const)(
    'with no native media on %s: the placeholder text',
    (wire) => {
      expect(OUTPUT_WRITERS[wire](pageImagePdf(), {})).toEqual({
        type: 'text',
        value: PLACEHOLDERS,
      });
    },
  );

  it.each([
    ['openai', { type: 'error-text', value: 'boom' }],
    ['ollama', { type: 'error-text', value: 'boom' }],
    ['hermes', { type: 'error-text', value: 'boom' }],
    ['anthropic', { type: 'error-text', value: 'boom' }],
    ['responses', { type: 'error-text', value: 'boom' }],
    ['bedrock', { type: 'error-text', value: 'boom' }],
    ['gemini', { type: 'error-json', value: { error: 'boom' } }],
  ] as const)('an error result on %s keeps its error flag', (wire, expected) => {
    expect(
      OUTPUT_WRITERS[wire](make([{ type: 'text', text: 'boom' }], { isError: true }), {}),
    ).toEqual(expected);
  });

  it.each(['openai', 'ollama', 'hermes', 'anthropic', 'responses', 'bedrock', 'gemini'] as const)(
    'two text blocks on %s: one text, joined by a line break',
    (wire) => {
      expect(
        OUTPUT_WRITERS[wire](
          make([
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ]),
          {},
        ),
      ).toEqual({
        type: 'text',
        value: 'a\nb',
      });
    },
  );
});

describe('OUTPUT_WRITERS: anthropic blocks back to parts', () => {
  it('a text document, a search result, an image by URL, a link: text parts beside a file', () => {
    expect(
      OUTPUT_WRITERS.anthropic(
        make([
          {
            type: 'resource',
            resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'hello' },
          },
          {
            type: 'search_result',
            source: 'https://example.com/s',
            title: 'T',
            content: [
              { type: 'text', text: 'p1' },
              { type: 'text', text: 'p2' },
            ],
          },
          { type: 'image', source: { type: 'url', url: 'https://example.com/y.png' } },
          { type: 'resource_link', uri: 'file:///b.pdf', name: 'b.pdf' },
          image,
        ]),
        NATIVE,
      ),
    ).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'hello' },
        { type: 'text', text: 'T\np1\np2' },
        { type: 'text', text: '[image] <https://example.com/y.png>' },
        { type: 'text', text: '[resource_link] b.pdf <file:///b.pdf>' },
        file('image/png', PIXEL_PNG),
      ],
    });
  });

  it('no content: the text anthropic gets, an empty one or the structured content as JSON', () => {
    expect(OUTPUT_WRITERS.anthropic(make([]), {})).toEqual({ type: 'text', value: '' });
    expect(OUTPUT_WRITERS.anthropic(make([], { structuredContent: { a: 1 } }), {})).toEqual({
      type: 'text',
      value: '{"a":1}',
    });
  });

  it('a document by URL: its placeholder line', () => {
    expect(
      OUTPUT_WRITERS.anthropic(
        make([
          { type: 'document', source: { type: 'url', url: 'https://example.com/a.pdf' } },
          image,
        ]),
        NATIVE,
      ),
    ).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: '[document] <https://example.com/a.pdf>' },
        file('image/png', PIXEL_PNG),
      ],
    });
  });

  it("a PDF document's title is its filename", () => {
    expect(
      OUTPUT_WRITERS.anthropic(
        make([
          {
            type: 'document',
            title: 'Report',
            source: { type: 'base64', media_type: 'application/pdf', data: PDF },
          },
        ]),
        {},
      ),
    ).toEqual({ type: 'content', value: [file('application/pdf', PDF, 'Report')] });
  });

  it('an error result with an image: the parts (a content output has no error flag)', () => {
    expect(
      OUTPUT_WRITERS.anthropic(
        make([{ type: 'text', text: 'boom' }, image], { isError: true }),
        NATIVE,
      ),
    ).toEqual({
      type: 'content',
      value: [{ type: 'text', text: 'boom' }, file('image/png', PIXEL_PNG)],
    });
  });
});

describe('OUTPUT_WRITERS: responses and bedrock parts back to parts', () => {
  it('responses: an image by URL is its URL as text, even one that holds "data:" further on', () => {
    const url = 'https://example.com/y.png?from=data:image/png;base64,AAAA';
    expect(
      OUTPUT_WRITERS.responses(
        make([{ type: 'image', source: { type: 'url', url } }, image]),
        NATIVE,
      ),
    ).toEqual({
      type: 'content',
      value: [{ type: 'text', text: url }, file('image/png', PIXEL_PNG)],
    });
  });

  it('bedrock: a json block as its JSON text, a Word document by its format and name', () => {
    expect(
      OUTPUT_WRITERS.bedrock(
        make([
          { type: 'json', value: { n: 1 } },
          {
            type: 'resource',
            resource: {
              uri: 'file:///r/plan.docx',
              mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
              blob: 'UEsDBA==',
            },
          },
        ]),
        NATIVE,
      ),
    ).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: '{"n":1}' },
        file(
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          'UEsDBA==',
          'plan',
        ),
      ],
    });
  });

  it('bedrock: no content at all says so', () => {
    expect(OUTPUT_WRITERS.bedrock(make([]), {})).toEqual({
      type: 'text',
      value: 'the tool returned no content',
    });
  });
});

describe('OUTPUT_WRITERS: gemini', () => {
  it.each([
    [
      'structured content alone: json',
      make([{ type: 'text', text: 'x' }], { structuredContent: { a: 1 } }),
      {},
      { type: 'json', value: { a: 1 } },
    ],
    [
      'a structured `result` alone is the value itself',
      make([{ type: 'text', text: 'x' }], { structuredContent: { result: 5 } }),
      {},
      { type: 'json', value: 5 },
    ],
    [
      'a structured `result` beside other keys: the whole object',
      make([{ type: 'text', text: 'x' }], { structuredContent: { result: 5, unit: 'C' } }),
      {},
      { type: 'json', value: { result: 5, unit: 'C' } },
    ],
    [
      'a structured `result` string is text',
      make([{ type: 'text', text: 'x' }], { structuredContent: { result: 'hi' } }),
      {},
      { type: 'text', value: 'hi' },
    ],
    [
      'structured content of an error: error-json',
      make([], { structuredContent: { a: 1 }, isError: true }),
      {},
      { type: 'error-json', value: { error: { a: 1 } } },
    ],
    ['no content: an empty text', make([]), {}, { type: 'text', value: '' }],
    [
      'an image alone: no empty text before it',
      make([image]),
      NATIVE,
      { type: 'content', value: [file('image/png', PIXEL_PNG)] },
    ],
    [
      'text and an image',
      make([{ type: 'text', text: 'look' }, image]),
      NATIVE,
      { type: 'content', value: [{ type: 'text', text: 'look' }, file('image/png', PIXEL_PNG)] },
    ],
    [
      'structured content and an image: its JSON first',
      make([image], { structuredContent: { a: 1 } }),
      NATIVE,
      { type: 'content', value: [{ type: 'text', text: '{"a":1}' }, file('image/png', PIXEL_PNG)] },
    ],
    [
      'an error with an image: its JSON first',
      make([{ type: 'text', text: 'boom' }, image], { isError: true }),
      NATIVE,
      {
        type: 'content',
        value: [{ type: 'text', text: '{"error":"boom"}' }, file('image/png', PIXEL_PNG)],
      },
    ],
  ] as const)('%s', (_name, result, options, expected) => {
    expect(OUTPUT_WRITERS.gemini(result, options)).toEqual(expected);
  });
});
