import { CrosswireError, UnknownMediaKindError, type WireFormat } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { carriesNative, nativeNeedsVision, ToolResult } from './index.js';
import { GIF_BASE64, PDF_BASE64, PNG_BASE64, TEXT_BLOB_BASE64 } from './test-support/samples.js';

/*
 * Seed 000 (Langertha::ToolResult), sentence by sentence, with the exact values a reader of
 * the seed would expect. The golden fixtures cover the same rules on every wire at once; these
 * tests state each rule on its own, so a failure names the sentence it breaks.
 */

const quiet = { onWarning: () => {} };

/** Base64 of `size` bytes that start with the PNG signature. */
function pngOfSize(size: number): string {
  const bytes = Buffer.alloc(size, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes.toString('base64');
}

const pdfResource = (uri: string) => ({
  type: 'resource',
  resource: { uri, mimeType: 'application/pdf', blob: PDF_BASE64 },
});

describe('seed 000: SYNOPSIS', () => {
  it('renders the synopsis result as the Anthropic block of the example', () => {
    const result = new ToolResult({
      name: 'get_weather',
      id: 'call_abc',
      content: [{ type: 'text', text: 'Sunny, 22C' }],
      isError: false,
    });
    expect(result.to('anthropic')).toEqual({
      type: 'tool_result',
      tool_use_id: 'call_abc',
      content: [{ type: 'text', text: 'Sunny, 22C' }],
    });
  });
});

describe('seed 000: the string form (openai, responses, ollama, hermes)', () => {
  const result = new ToolResult({
    name: 'inspect',
    id: 'call_1',
    content: [
      { type: 'text', text: 'one' },
      { type: 'text', text: 'two' },
      {
        type: 'resource',
        resource: { uri: 'file:///a.json', mimeType: 'application/json', text: '{"a":1}' },
      },
      {
        type: 'resource',
        resource: { uri: 'file:///g.txt', mimeType: 'text/plain', blob: TEXT_BLOB_BASE64 },
      },
      { type: 'resource_link', uri: 'file:///big.log', name: 'big.log' },
      { type: 'image', data: pngOfSize(12345), mimeType: 'image/png' },
      { type: 'audio', data: Buffer.alloc(2048).toString('base64'), mimeType: 'audio/wav' },
      {
        type: 'resource',
        resource: {
          uri: 'file:///out.zip',
          mimeType: 'application/zip',
          blob: Buffer.alloc(10).toString('base64'),
        },
      },
    ],
  });
  const expected = [
    'one',
    'two',
    '{"a":1}',
    'Grüße aus Köln\nzweite Zeile',
    '[resource_link] big.log <file:///big.log>',
    '[image] image/png (12345 bytes)',
    '[audio] audio/wav (2048 bytes)',
    '[resource] application/zip <file:///out.zip> (10 bytes)',
  ].join('\n');

  it('is the same string on each string wire, never the base64 payload', () => {
    expect(result.to('openai')).toEqual({
      role: 'tool',
      tool_call_id: 'call_1',
      content: expected,
    });
    expect(result.to('responses')).toEqual({
      type: 'function_call_output',
      call_id: 'call_1',
      output: expected,
    });
    expect(result.to('ollama')).toEqual({
      role: 'tool',
      tool_name: 'inspect',
      tool_call_id: 'call_1',
      content: expected,
    });
    expect(result.to('hermes')).toBe(
      `<tool_response>\n${JSON.stringify({ name: 'inspect', content: expected })}\n</tool_response>`,
    );
  });

  it('is what gemini sends as { result }, or the structuredContent object itself', () => {
    expect(result.to('gemini')).toEqual({
      functionResponse: { id: 'call_1', name: 'inspect', response: { result: expected } },
    });
    const structured = new ToolResult({
      name: 'stats',
      id: 'call_2',
      content: [{ type: 'text', text: '{"t":1}' }],
      structuredContent: { t: 1 },
    });
    expect(structured.to('gemini').functionResponse.response).toEqual({ t: 1 });
    // Every other wire sends the content when there is some.
    expect(structured.to('openai').content).toBe('{"t":1}');
  });

  it("Hermes' response_tag renames the tag", () => {
    expect(result.to('hermes', { responseTag: 'fn_response' })).toBe(
      `<fn_response>\n${JSON.stringify({ name: 'inspect', content: expected })}\n</fn_response>`,
    );
    // The Langertha spelling is taken too.
    expect(result.to('hermes', { response_tag: 'fn_response' })).toBe(
      result.to('hermes', { responseTag: 'fn_response' }),
    );
  });
});

describe('seed 000: Anthropic structured blocks', () => {
  it('text keeps only text and cache_control', () => {
    const result = new ToolResult({
      id: 'c',
      content: [
        {
          type: 'text',
          text: 'hi',
          annotations: { audience: ['user'] },
          _meta: { x: 1 },
          cache_control: { type: 'ephemeral' },
          extra: true,
        },
      ],
    });
    expect(result.to('anthropic').content).toEqual([
      { type: 'text', text: 'hi', cache_control: { type: 'ephemeral' } },
    ]);
  });

  it('an image (or image resource) is a base64 image only with imageInput, else the placeholder', () => {
    const result = new ToolResult({
      id: 'c',
      content: [
        { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
        {
          type: 'resource',
          resource: { uri: 'file:///shot.png', mimeType: 'image/png', blob: PNG_BASE64 },
        },
      ],
    });
    expect(result.to('anthropic').content).toEqual([
      { type: 'text', text: '[image] image/png (70 bytes)' },
      { type: 'text', text: '[resource] image/png <file:///shot.png> (70 bytes)' },
    ]);
    const image = {
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 },
    };
    expect(result.to('anthropic', { imageInput: true }).content).toEqual([image, image]);
    expect(result.to('anthropic', { image_input: true }).content).toEqual([image, image]);
  });

  it('a PDF blob is a base64 document unless nativePdf: false (or sourceBlocks: false)', () => {
    const result = new ToolResult({ id: 'c', content: [pdfResource('file:///r.pdf')] });
    const document = {
      type: 'document',
      source: { type: 'base64', media_type: 'application/pdf', data: PDF_BASE64 },
    };
    const placeholder = {
      type: 'text',
      text: '[resource] application/pdf <file:///r.pdf> (23 bytes)',
    };
    expect(result.to('anthropic').content).toEqual([document]);
    expect(result.to('anthropic', { nativePdf: true }).content).toEqual([document]);
    expect(result.to('anthropic', { nativePdf: false }).content).toEqual([placeholder]);
    expect(result.to('anthropic', { native_pdf: 0 } as never).content).toEqual([placeholder]);
    expect(result.to('anthropic', { sourceBlocks: false }).content).toEqual([placeholder]);
  });

  it('a text resource (whatever its MIME type) or a text/* blob is a text document', () => {
    const result = new ToolResult({
      id: 'c',
      content: [
        {
          type: 'resource',
          resource: { uri: 'file:///a.json', mimeType: 'application/json', text: '{"a":1}' },
        },
        { type: 'resource', resource: { uri: 'file:///n', text: 'no type' } },
        {
          type: 'resource',
          resource: { uri: 'file:///g.txt', mimeType: 'text/plain', blob: TEXT_BLOB_BASE64 },
        },
      ],
    });
    const textDocument = (data: string) => ({
      type: 'document',
      source: { type: 'text', media_type: 'text/plain', data },
    });
    expect(result.to('anthropic').content).toEqual([
      textDocument('{"a":1}'),
      textDocument('no type'),
      textDocument('Grüße aus Köln\nzweite Zeile'),
    ]);
    // sourceBlocks: false: a text block holding the text, as on the string wires.
    expect(result.to('anthropic', { sourceBlocks: false }).content).toEqual([
      { type: 'text', text: '{"a":1}' },
      { type: 'text', text: 'no type' },
      { type: 'text', text: 'Grüße aus Köln\nzweite Zeile' },
    ]);
  });

  it('Anthropic-native image / document blocks and search_result pass through', () => {
    const nativeImage = {
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 },
    };
    const urlImage = { type: 'image', source: { type: 'url', url: 'https://example.com/c.png' } };
    const textDocument = {
      type: 'document',
      source: { type: 'text', media_type: 'text/plain', data: 'body' },
      title: 'Memo',
    };
    const pdfDocument = {
      type: 'document',
      source: { type: 'base64', media_type: 'application/pdf', data: PDF_BASE64 },
    };
    const contentDocument = {
      type: 'document',
      source: { type: 'content', content: [{ type: 'text', text: 'a' }, nativeImage] },
    };
    const searchResult = {
      type: 'search_result',
      source: 'https://example.com/kb/1',
      title: 'KB 1',
      content: [{ type: 'text', text: 'para' }],
    };
    const content = [
      nativeImage,
      urlImage,
      textDocument,
      pdfDocument,
      contentDocument,
      searchResult,
    ];
    const result = new ToolResult({ id: 'c', content });
    // Whatever imageInput and nativePdf say: a caller built these for this wire.
    for (const options of [{}, { imageInput: false }, { imageInput: true }, { nativePdf: false }]) {
      expect(result.to('anthropic', options).content).toEqual(content);
    }
  });

  it('everything else is a placeholder naming type, MIME type, URI and size', () => {
    const result = new ToolResult(
      {
        id: 'c',
        content: [
          {
            type: 'resource_link',
            uri: 'file:///big.log',
            name: 'big.log',
            mimeType: 'text/plain',
          },
          { type: 'audio', data: Buffer.alloc(2048).toString('base64'), mimeType: 'audio/mpeg' },
          {
            type: 'resource',
            resource: {
              uri: 'file:///a.zip',
              mimeType: 'application/zip',
              blob: Buffer.alloc(9).toString('base64'),
            },
          },
          { type: 'video', uri: 'file:///clip.mp4', mimeType: 'video/mp4', data: 'AAAA' },
        ],
      },
      quiet,
    );
    expect(result.to('anthropic', { imageInput: true }).content).toEqual([
      { type: 'text', text: '[resource_link] big.log <file:///big.log>' },
      { type: 'text', text: '[audio] audio/mpeg (2048 bytes)' },
      { type: 'text', text: '[resource] application/zip <file:///a.zip> (9 bytes)' },
      { type: 'text', text: '[video] video/mp4 <file:///clip.mp4> (3 bytes)' },
    ]);
  });

  it('carries is_error only when the tool failed', () => {
    const failed = new ToolResult({
      id: 'c',
      isError: true,
      content: [{ type: 'text', text: 'x' }],
    });
    expect(failed.to('anthropic')).toEqual({
      type: 'tool_result',
      tool_use_id: 'c',
      content: [{ type: 'text', text: 'x' }],
      is_error: true,
    });
    expect(new ToolResult({ id: 'c' }).to('anthropic')).not.toHaveProperty('is_error');
  });
});

describe('seed 000: sourceBlocks: false and native blocks on string wires', () => {
  const content = [
    { type: 'document', source: { type: 'text', data: 'plain body' } },
    {
      type: 'document',
      source: {
        type: 'content',
        content: [
          { type: 'text', text: 'first' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
          { type: 'text', text: 'last' },
        ],
      },
    },
    {
      type: 'search_result',
      source: 'https://example.com/kb/1',
      title: 'KB 1',
      content: [
        { type: 'text', text: 'p1' },
        { type: 'text', text: 'p2' },
      ],
    },
    {
      type: 'document',
      source: { type: 'base64', media_type: 'application/pdf', data: PDF_BASE64 },
    },
  ];
  const texts = [
    'plain body',
    'first\n[image] image/png (70 bytes)\nlast',
    '[search_result] KB 1 <https://example.com/kb/1>\np1\np2',
    '[document] application/pdf (23 bytes)',
  ];
  const result = new ToolResult({ id: 'c', name: 'n', content });

  it('keeps the text each block has: text source, content parts, search_result lines', () => {
    expect(result.to('openai').content).toBe(texts.join('\n'));
  });

  it('sends no document or search_result block with sourceBlocks: false', () => {
    expect(result.to('anthropic', { sourceBlocks: false }).content).toEqual(
      texts.map((text) => ({ type: 'text', text })),
    );
    expect(result.to('anthropic', { source_blocks: false }).content).toEqual(
      texts.map((text) => ({ type: 'text', text })),
    );
  });

  it('nativePdf: false leaves text documents and search_result blocks alone', () => {
    const mixed = new ToolResult({
      id: 'c',
      content: [
        pdfResource('file:///r.pdf'),
        {
          type: 'resource',
          resource: { uri: 'file:///n.md', mimeType: 'text/markdown', text: '# n' },
        },
        content[2],
      ],
    });
    expect(mixed.to('anthropic', { nativePdf: false }).content).toEqual([
      { type: 'text', text: '[resource] application/pdf <file:///r.pdf> (23 bytes)' },
      { type: 'document', source: { type: 'text', media_type: 'text/plain', data: '# n' } },
      content[2],
    ]);
  });
});

describe('seed 000: empty content', () => {
  it("goes out as the JSON-encoded structuredContent, or as ''", () => {
    const empty = new ToolResult({ name: 'n', id: 'c' });
    const structured = new ToolResult({
      name: 'n',
      id: 'c',
      structuredContent: { a: 1, b: [true] },
    });
    expect(empty.to('openai').content).toBe('');
    expect(empty.to('ollama').content).toBe('');
    expect(empty.to('responses').output).toBe('');
    expect(empty.to('anthropic').content).toBe('');
    expect(empty.to('hermes')).toBe('<tool_response>\n{"name":"n","content":""}\n</tool_response>');
    expect(empty.to('gemini').functionResponse.response).toEqual({ result: '' });
    const json = '{"a":1,"b":[true]}';
    expect(structured.to('openai').content).toBe(json);
    expect(structured.to('ollama').content).toBe(json);
    expect(structured.to('responses').output).toBe(json);
    expect(structured.to('anthropic').content).toBe(json);
    expect(structured.to('hermes')).toBe(
      `<tool_response>\n${JSON.stringify({ name: 'n', content: json })}\n</tool_response>`,
    );
    expect(structured.to('gemini').functionResponse.response).toEqual({ a: 1, b: [true] });
  });
});

describe('seed 000: native images on anthropic, responses and gemini', () => {
  const result = new ToolResult({
    name: 'shot',
    id: 'call_1',
    content: [
      { type: 'text', text: 'before' },
      { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
      {
        type: 'resource',
        resource: { uri: 'file:///s.gif', mimeType: 'image/gif', blob: GIF_BASE64 },
      },
      { type: 'text', text: 'after' },
    ],
  });

  it('responses: a part array in content order, input_image with a data: URL', () => {
    expect(result.to('responses', { imageInput: true, ...quiet })).toEqual({
      type: 'function_call_output',
      call_id: 'call_1',
      output: [
        { type: 'input_text', text: 'before' },
        { type: 'input_image', image_url: `data:image/png;base64,${PNG_BASE64}` },
        { type: 'input_image', image_url: `data:image/gif;base64,${GIF_BASE64}` },
        { type: 'input_text', text: 'after' },
      ],
    });
    // Without the option output stays the string.
    expect(result.to('responses').output).toBe(
      'before\n[image] image/png (70 bytes)\n[resource] image/gif <file:///s.gif> (22 bytes)\nafter',
    );
  });

  it('gemini: JPEG, PNG and WebP move into functionResponse.parts[].inlineData', () => {
    expect(result.to('gemini', { imageInput: true, ...quiet })).toEqual({
      functionResponse: {
        id: 'call_1',
        name: 'shot',
        // GIF is not among Gemini's types: it stays in the result string.
        response: { result: 'before\n[resource] image/gif <file:///s.gif> (22 bytes)\nafter' },
        parts: [{ inlineData: { mimeType: 'image/png', data: PNG_BASE64 } }],
      },
    });
  });

  it('openai, ollama and hermes ignore imageInput and nativePdf', () => {
    const withPdf = new ToolResult({
      name: 'shot',
      id: 'call_1',
      content: [...result.content, pdfResource('file:///r.pdf')],
    });
    for (const wire of ['openai', 'ollama', 'hermes'] as const) {
      expect(withPdf.to(wire, { imageInput: true, nativePdf: true })).toEqual(withPdf.to(wire));
    }
  });
});

describe('seed 000: native PDFs on responses and gemini', () => {
  const result = new ToolResult({
    name: 'report',
    id: 'call_1',
    content: [{ type: 'text', text: 'see attached' }, pdfResource('file:///reports/Q3%20summary')],
  });

  it('responses: input_file with file_data and the filename rule, only with nativePdf', () => {
    expect(result.to('responses', { nativePdf: true }).output).toEqual([
      { type: 'input_text', text: 'see attached' },
      {
        type: 'input_file',
        filename: 'Q3 summary.pdf',
        file_data: `data:application/pdf;base64,${PDF_BASE64}`,
      },
    ]);
    expect(result.to('responses').output).toBe(
      'see attached\n[resource] application/pdf <file:///reports/Q3%20summary> (23 bytes)',
    );
  });

  it.each([
    ['https://example.com/files/report.pdf', 'report.pdf'],
    ['https://example.com/files/Annual%20Report?v=2', 'Annual Report.pdf'],
    ['file:///data/%C3%9Cbersicht.PDF', 'Übersicht.PDF'],
    ['urn:uuid:1234', 'document.pdf'],
    ['data:application/pdf;base64,JVBERi0=', 'document.pdf'],
    ['https://example.com', 'document.pdf'],
    ['https://example.com/', 'document.pdf'],
    ['', 'document.pdf'],
  ])('the filename of %s is %s', (uri, filename) => {
    const output = new ToolResult({ id: 'c', content: [pdfResource(uri)] }).to('responses', {
      nativePdf: true,
    }).output as Array<{ filename?: string }>;
    expect(output[0]?.filename).toBe(filename);
  });

  it('gemini: the PDF moves into inlineData with mimeType application/pdf', () => {
    expect(result.to('gemini', { nativePdf: true })).toEqual({
      functionResponse: {
        id: 'call_1',
        name: 'report',
        response: { result: 'see attached' },
        parts: [{ inlineData: { mimeType: 'application/pdf', data: PDF_BASE64 } }],
      },
    });
    expect(result.to('gemini').functionResponse).not.toHaveProperty('parts');
  });
});

describe('seed 000: name and id', () => {
  it('keys results by name on gemini, hermes and ollama; no id on gemini and ollama when empty', () => {
    const result = new ToolResult({ name: 'get_time', content: [{ type: 'text', text: '12:00' }] });
    expect(result.to('gemini')).toEqual({
      functionResponse: { name: 'get_time', response: { result: '12:00' } },
    });
    expect(result.to('ollama')).toEqual({ role: 'tool', tool_name: 'get_time', content: '12:00' });
    expect(result.to('openai')).toEqual({ role: 'tool', tool_call_id: '', content: '12:00' });
    expect(result.to('anthropic').tool_use_id).toBe('');
    expect(result.to('responses').call_id).toBe('');
  });
});

describe('seed 000: carriesNative and nativeNeedsVision', () => {
  it('carriesNative: anthropic, responses and gemini for both kinds; false elsewhere', () => {
    expect(carriesNative('gemini', 'image')).toBe(true);
    expect(carriesNative('openai', 'pdf')).toBe(false);
    const table = Object.fromEntries(
      (
        [
          'anthropic',
          'responses',
          'gemini',
          'openai',
          'ollama',
          'hermes',
          'bogus',
          undefined,
        ] as const
      ).map((wire) => [String(wire), [carriesNative(wire, 'image'), carriesNative(wire, 'pdf')]]),
    );
    expect(table).toEqual({
      anthropic: [true, true],
      responses: [true, true],
      gemini: [true, true],
      openai: [false, false],
      ollama: [false, false],
      hermes: [false, false],
      bogus: [false, false],
      undefined: [false, false],
    });
  });

  it('nativeNeedsVision: images everywhere they go, PDFs on responses and gemini only', () => {
    expect(nativeNeedsVision('responses', 'pdf')).toBe(true);
    expect(nativeNeedsVision('anthropic', 'pdf')).toBe(false);
    const table = Object.fromEntries(
      (['anthropic', 'responses', 'gemini', 'openai', 'ollama', 'hermes'] as WireFormat[]).map(
        (wire) => [wire, [nativeNeedsVision(wire, 'image'), nativeNeedsVision(wire, 'pdf')]],
      ),
    );
    expect(table).toEqual({
      anthropic: [true, false],
      responses: [true, true],
      gemini: [true, true],
      openai: [false, false],
      ollama: [false, false],
      hermes: [false, false],
    });
  });

  it('both throw on an unknown kind, with code unknown_media_kind', () => {
    for (const check of [carriesNative, nativeNeedsVision]) {
      for (const wire of ['anthropic', 'openai', 'bogus']) {
        const call = () => check(wire, 'video' as never);
        expect(call).toThrow(UnknownMediaKindError);
        expect(call).toThrow(CrosswireError);
        expect(call).toThrow("unknown media kind 'video' (known kinds: image, pdf)");
        try {
          call();
        } catch (error) {
          expect((error as CrosswireError).code).toBe('unknown_media_kind');
        }
      }
    }
  });
});
