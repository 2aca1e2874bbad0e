// Blind acceptance tests: written only from seeds 000 and 004, spec/README.md and issue 4,
// each test one rule of the seed, asserting the block the seed describes.
import { carriesNative as coreCarriesNative } from '@crosswire/core';
import {
  asJson,
  asText,
  carriesNative,
  deserializeJson,
  nativeNeedsVision,
  ToolResult,
  ToolResultContent,
} from '@crosswire/tool-result';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const PNG_B64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PNG_BYTES = Buffer.from(PNG_B64, 'base64').length;
const JPEG_B64 = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]).toString(
  'base64',
);
const PDF_B64 = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF').toString('base64');
const PDF_BYTES = Buffer.from(PDF_B64, 'base64').length;
const WAV_B64 = Buffer.from('RIFF\0\0\0\0WAVEfmt ').toString('base64');
const WAV_BYTES = Buffer.from(WAV_B64, 'base64').length;
const ZIP_B64 = Buffer.from('PK\u0003\u0004zipzipzip').toString('base64');
const ZIP_BYTES = Buffer.from(ZIP_B64, 'base64').length;

const text = (t: string) => ({ type: 'text' as const, text: t });
const pngImage = { type: 'image' as const, data: PNG_B64, mimeType: 'image/png' };
const pdfResource = {
  type: 'resource' as const,
  resource: { uri: 'file:///docs/report.pdf', mimeType: 'application/pdf', blob: PDF_B64 },
};

/** The first block of an anthropic content array, loosely typed for assertions. */
const first = (blocks: unknown) =>
  (blocks as Array<{ type: string; text: string }>)[0] ?? { type: '', text: '' };

function weather(content: unknown[], extra: Record<string, unknown> = {}) {
  return new ToolResult({
    name: 'get_weather',
    id: 'call_abc',
    // biome-ignore lint/suspicious/noExplicitAny: content shapes come straight from the seed
    content: content as any,
    ...extra,
  });
}

describe('ToolResult: basic blocks per wire (seed 000 SYNOPSIS)', () => {
  const result = new ToolResult({
    name: 'get_weather',
    id: 'call_abc',
    content: [{ type: 'text', text: 'Sunny, 22C' }],
    isError: false,
  });

  it('anthropic: tool_result block with tool_use_id and the content array', () => {
    expect(result.to('anthropic')).toEqual({
      type: 'tool_result',
      tool_use_id: 'call_abc',
      content: [{ type: 'text', text: 'Sunny, 22C' }],
    });
  });

  it('openai: tool message with tool_call_id and the string content', () => {
    expect(result.to('openai')).toEqual({
      role: 'tool',
      tool_call_id: 'call_abc',
      content: 'Sunny, 22C',
    });
  });

  it('responses: function_call_output input item with call_id and output, no role', () => {
    const block = result.to('responses');
    expect(block).toEqual({
      type: 'function_call_output',
      call_id: 'call_abc',
      output: 'Sunny, 22C',
    });
    expect(block).not.toHaveProperty('role');
  });

  it('gemini: functionResponse with name, id and { result }', () => {
    expect(result.to('gemini')).toEqual({
      functionResponse: { name: 'get_weather', id: 'call_abc', response: { result: 'Sunny, 22C' } },
    });
  });

  it('ollama: tool message with tool_name and tool_call_id', () => {
    expect(result.to('ollama')).toEqual({
      role: 'tool',
      tool_name: 'get_weather',
      tool_call_id: 'call_abc',
      content: 'Sunny, 22C',
    });
  });

  it('hermes: wraps the result in <tool_response> by default and names the tool', () => {
    const serialized = JSON.stringify(result.to('hermes'));
    expect(serialized).toContain('<tool_response>');
    expect(serialized).toContain('</tool_response>');
    expect(serialized).toContain('get_weather');
    expect(serialized).toContain('Sunny, 22C');
  });

  it('hermes: responseTag replaces the tag', () => {
    const serialized = JSON.stringify(result.to('hermes', { responseTag: 'fn_response' }));
    expect(serialized).toContain('<fn_response>');
    expect(serialized).toContain('</fn_response>');
    expect(serialized).not.toContain('<tool_response>');
  });

  it('anthropic carries is_error when the tool failed', () => {
    const failed = weather([text('boom')], { isError: true });
    expect(failed.to('anthropic')).toEqual({
      type: 'tool_result',
      tool_use_id: 'call_abc',
      content: [{ type: 'text', text: 'boom' }],
      is_error: true,
    });
  });

  it('is immutable', () => {
    expect(() => {
      (result as unknown as { name: string }).name = 'other';
    }).toThrow();
    expect(result.name).toBe('get_weather');
  });
});

describe('ToolResult: empty id', () => {
  const noId = new ToolResult({ name: 'get_weather', id: '', content: [text('ok')] });
  it('gemini sends no id', () => {
    expect(noId.to('gemini')).toEqual({
      functionResponse: { name: 'get_weather', response: { result: 'ok' } },
    });
  });
  it('ollama sends no id', () => {
    expect(noId.to('ollama')).toEqual({ role: 'tool', tool_name: 'get_weather', content: 'ok' });
  });
});

describe('ToolResult: the string form (openai, responses, ollama, hermes)', () => {
  it('joins text parts with a newline', () => {
    expect(weather([text('a'), text('b')]).to('openai').content).toBe('a\nb');
  });

  it('gives an embedded text resource as its text', () => {
    const r = weather([
      {
        type: 'resource',
        resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'hello' },
      },
    ]);
    expect(r.to('openai').content).toBe('hello');
  });

  it('decodes a text/* blob as UTF-8', () => {
    const blob = Buffer.from('a,b\nc,ü', 'utf8').toString('base64');
    const r = weather([
      { type: 'resource', resource: { uri: 'file:///a.csv', mimeType: 'text/csv', blob } },
    ]);
    expect(r.to('openai').content).toBe('a,b\nc,ü');
  });

  it('renders a resource_link as [resource_link] name <uri>', () => {
    const r = weather([{ type: 'resource_link', uri: 'https://x.test/a.md', name: 'a.md' }]);
    expect(r.to('openai').content).toBe('[resource_link] a.md <https://x.test/a.md>');
  });

  it('renders an image as [image] mime (N bytes), never the payload', () => {
    const r = weather([pngImage]);
    expect(r.to('openai').content).toBe(`[image] image/png (${PNG_BYTES} bytes)`);
  });

  it('renders audio as a placeholder', () => {
    const r = weather([{ type: 'audio', data: WAV_B64, mimeType: 'audio/wav' }]);
    expect(r.to('openai').content).toBe(`[audio] audio/wav (${WAV_BYTES} bytes)`);
  });

  it('renders a binary blob as a placeholder with its MIME type and size, not the payload', () => {
    const r = weather([
      {
        type: 'resource',
        resource: { uri: 'file:///a.zip', mimeType: 'application/zip', blob: ZIP_B64 },
      },
    ]);
    const content = r.to('openai').content as string;
    expect(content).toMatch(/^\[resource\]/);
    expect(content).toContain('application/zip');
    expect(content).toContain(`(${ZIP_BYTES} bytes)`);
    expect(content).not.toContain(ZIP_B64);
  });

  it('is the same string on responses, ollama and gemini result', () => {
    const r = weather([text('a'), pngImage]);
    const expected = `a\n[image] image/png (${PNG_BYTES} bytes)`;
    expect(r.to('responses').output).toBe(expected);
    expect(r.to('ollama').content).toBe(expected);
    expect(r.to('gemini').functionResponse.response).toEqual({ result: expected });
  });

  it('hermes never carries the payload', () => {
    const serialized = JSON.stringify(weather([pngImage]).to('hermes', { imageInput: true }));
    expect(serialized).not.toContain(PNG_B64);
    expect(serialized).toContain('[image] image/png');
  });
});

describe('ToolResult: empty content and structuredContent', () => {
  const structured = { temp: 22, sky: 'sunny' };
  it('openai sends JSON-encoded structuredContent when content is empty', () => {
    expect(weather([], { structuredContent: structured }).to('openai').content).toBe(
      JSON.stringify(structured),
    );
  });
  it("openai sends '' with no content and no structuredContent", () => {
    expect(weather([]).to('openai').content).toBe('');
  });
  it('responses and ollama too', () => {
    const r = weather([], { structuredContent: structured });
    expect(r.to('responses').output).toBe(JSON.stringify(structured));
    expect(r.to('ollama').content).toBe(JSON.stringify(structured));
  });
  it('anthropic sends JSON-encoded structuredContent for empty content', () => {
    expect(weather([], { structuredContent: structured }).to('anthropic')).toEqual({
      type: 'tool_result',
      tool_use_id: 'call_abc',
      content: JSON.stringify(structured),
    });
  });
  it('gemini sends the structuredContent object itself whenever present', () => {
    expect(weather([text('Sunny')], { structuredContent: structured }).to('gemini')).toEqual({
      functionResponse: { name: 'get_weather', id: 'call_abc', response: structured },
    });
  });
});

describe('ToolResult: anthropic structured blocks', () => {
  it('text keeps only text and cache_control', () => {
    const r = weather([
      {
        type: 'text',
        text: 'hi',
        cache_control: { type: 'ephemeral' },
        annotations: { audience: ['user'] },
        _meta: { x: 1 },
      },
    ]);
    expect(r.to('anthropic').content).toEqual([
      { type: 'text', text: 'hi', cache_control: { type: 'ephemeral' } },
    ]);
  });

  it('an image becomes a base64 image block with imageInput', () => {
    expect(weather([pngImage]).to('anthropic', { imageInput: true }).content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_B64 } },
    ]);
  });

  it('an image is the text placeholder without imageInput', () => {
    expect(weather([pngImage]).to('anthropic').content).toEqual([
      { type: 'text', text: `[image] image/png (${PNG_BYTES} bytes)` },
    ]);
  });

  it('an embedded resource whose blob is an image becomes a base64 image with imageInput', () => {
    const r = weather([
      {
        type: 'resource',
        resource: { uri: 'file:///cat.jpg', mimeType: 'image/jpeg', blob: JPEG_B64 },
      },
    ]);
    expect(r.to('anthropic', { imageInput: true }).content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: JPEG_B64 } },
    ]);
  });

  it('an image type outside JPEG, PNG, GIF, WebP stays the placeholder even with imageInput', () => {
    const warnings: string[] = [];
    const content = weather([{ type: 'image', data: PNG_B64, mimeType: 'image/bmp' }]).to(
      'anthropic',
      {
        imageInput: true,
        onWarning: (warning) => warnings.push(warning.code),
      },
    ).content;
    expect(warnings).toEqual(['image_not_native']);
    expect(content).toHaveLength(1);
    expect(first(content).type).toBe('text');
    expect(first(content).text).toContain('image/bmp');
  });

  it('a PDF blob becomes a base64 document by default', () => {
    expect(weather([pdfResource]).to('anthropic').content).toEqual([
      {
        type: 'document',
        source: { type: 'base64', media_type: 'application/pdf', data: PDF_B64 },
      },
    ]);
  });

  it('a PDF blob is the placeholder with nativePdf: false', () => {
    const content = weather([pdfResource]).to('anthropic', { nativePdf: false }).content;
    expect(content).toHaveLength(1);
    expect(first(content).type).toBe('text');
    expect(first(content).text).toContain('application/pdf');
    expect(first(content).text).toContain(`(${PDF_BYTES} bytes)`);
    expect(JSON.stringify(content)).not.toContain(PDF_B64);
  });

  it('a text resource (whatever its MIME type) becomes a text document', () => {
    const r = weather([
      {
        type: 'resource',
        resource: { uri: 'file:///a.json', mimeType: 'application/json', text: '{"a":1}' },
      },
    ]);
    expect(r.to('anthropic').content).toEqual([
      { type: 'document', source: { type: 'text', media_type: 'text/plain', data: '{"a":1}' } },
    ]);
  });

  it('a text/* blob becomes a text document', () => {
    const blob = Buffer.from('# Title').toString('base64');
    const r = weather([
      { type: 'resource', resource: { uri: 'file:///a.md', mimeType: 'text/markdown', blob } },
    ]);
    expect(r.to('anthropic').content).toEqual([
      { type: 'document', source: { type: 'text', media_type: 'text/plain', data: '# Title' } },
    ]);
  });

  it('anthropic-native image, document and search_result blocks pass through', () => {
    const nativeImage = {
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: PNG_B64 },
    };
    const nativeDoc = {
      type: 'document',
      source: { type: 'text', media_type: 'text/plain', data: 'doc' },
    };
    const search = {
      type: 'search_result',
      source: 'https://x.test/page',
      title: 'Page',
      content: [{ type: 'text', text: 'found' }],
    };
    expect(weather([nativeDoc, search]).to('anthropic').content).toEqual([nativeDoc, search]);
    expect(weather([nativeImage]).to('anthropic', { imageInput: true }).content).toEqual([
      nativeImage,
    ]);
  });

  it('audio becomes a text placeholder', () => {
    expect(
      weather([{ type: 'audio', data: WAV_B64, mimeType: 'audio/wav' }]).to('anthropic').content,
    ).toEqual([{ type: 'text', text: `[audio] audio/wav (${WAV_BYTES} bytes)` }]);
  });

  it('a resource_link becomes a text placeholder naming its URI', () => {
    const content = weather([
      {
        type: 'resource_link',
        uri: 'https://x.test/a.md',
        name: 'a.md',
        mimeType: 'text/markdown',
      },
    ]).to('anthropic').content;
    expect(content).toHaveLength(1);
    expect(first(content).type).toBe('text');
    expect(first(content).text).toContain('resource_link');
    expect(first(content).text).toContain('https://x.test/a.md');
  });

  it('a blob of another MIME type is a placeholder naming type, MIME type, URI and size', () => {
    const content = weather([
      {
        type: 'resource',
        resource: { uri: 'file:///a.zip', mimeType: 'application/zip', blob: ZIP_B64 },
      },
    ]).to('anthropic').content;
    expect(content).toHaveLength(1);
    expect(first(content).type).toBe('text');
    expect(first(content).text).toContain('resource');
    expect(first(content).text).toContain('application/zip');
    expect(first(content).text).toContain('file:///a.zip');
    expect(first(content).text).toContain(`${ZIP_BYTES} bytes`);
  });
});

describe('ToolResult: anthropic sourceBlocks: false', () => {
  it('a text resource becomes a text block with the text', () => {
    const r = weather([
      {
        type: 'resource',
        resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'hello' },
      },
    ]);
    expect(r.to('anthropic', { sourceBlocks: false }).content).toEqual([
      { type: 'text', text: 'hello' },
    ]);
  });

  it('a PDF blob becomes the placeholder', () => {
    const content = weather([pdfResource]).to('anthropic', { sourceBlocks: false }).content;
    expect(first(content).type).toBe('text');
    expect(first(content).text).toContain('application/pdf');
  });

  it('a native document with a text source becomes a text block with its text', () => {
    const doc = {
      type: 'document',
      source: { type: 'text', media_type: 'text/plain', data: 'doc text' },
    };
    expect(weather([doc]).to('anthropic', { sourceBlocks: false }).content).toEqual([
      { type: 'text', text: 'doc text' },
    ]);
  });

  it('a native document with a content source joins its inner parts with a newline', () => {
    const doc = {
      type: 'document',
      source: { type: 'content', content: [text('one'), text('two')] },
    };
    expect(weather([doc]).to('anthropic', { sourceBlocks: false }).content).toEqual([
      { type: 'text', text: 'one\ntwo' },
    ]);
  });

  it('a search_result becomes [search_result] title <source> followed by its text', () => {
    const search = {
      type: 'search_result',
      source: 'https://x.test/page',
      title: 'Page',
      content: [text('found')],
    };
    expect(weather([search]).to('anthropic', { sourceBlocks: false }).content).toEqual([
      { type: 'text', text: '[search_result] Page <https://x.test/page>\nfound' },
    ]);
  });

  it('the same text on a string wire', () => {
    const search = {
      type: 'search_result',
      source: 'https://x.test/page',
      title: 'Page',
      content: [text('found')],
    };
    expect(weather([search]).to('openai').content).toBe(
      '[search_result] Page <https://x.test/page>\nfound',
    );
  });
});

describe('ToolResult: native images (imageInput)', () => {
  it('responses: output becomes a part array in content order', () => {
    expect(weather([text('see'), pngImage]).to('responses', { imageInput: true })).toEqual({
      type: 'function_call_output',
      call_id: 'call_abc',
      output: [
        { type: 'input_text', text: 'see' },
        { type: 'input_image', image_url: `data:image/png;base64,${PNG_B64}` },
      ],
    });
  });

  it('responses: without an image the output stays the string', () => {
    expect(weather([text('only text')]).to('responses', { imageInput: true }).output).toBe(
      'only text',
    );
  });

  it('gemini: an image moves into functionResponse.parts[].inlineData', () => {
    expect(weather([text('see'), pngImage]).to('gemini', { imageInput: true })).toEqual({
      functionResponse: {
        name: 'get_weather',
        id: 'call_abc',
        response: { result: 'see' },
        parts: [{ inlineData: { mimeType: 'image/png', data: PNG_B64 } }],
      },
    });
  });

  it('gemini: a GIF is not carried natively (JPEG, PNG, WebP only)', () => {
    const warnings: string[] = [];
    const block = weather([{ type: 'image', data: PNG_B64, mimeType: 'image/gif' }]).to('gemini', {
      imageInput: true,
      onWarning: (warning) => warnings.push(warning.code),
    });
    expect(warnings).toEqual(['image_not_native']);
    expect(block.functionResponse.parts).toBeUndefined();
    expect(block.functionResponse.response.result).toContain('[image] image/gif');
  });

  it('openai, ollama and hermes ignore imageInput', () => {
    const r = weather([pngImage]);
    expect(r.to('openai', { imageInput: true }).content).toBe(
      `[image] image/png (${PNG_BYTES} bytes)`,
    );
    expect(r.to('ollama', { imageInput: true }).content).toBe(
      `[image] image/png (${PNG_BYTES} bytes)`,
    );
  });
});

describe('ToolResult: native PDFs (nativePdf)', () => {
  it('responses: the PDF becomes an input_file with file_data and filename', () => {
    expect(weather([text('here'), pdfResource]).to('responses', { nativePdf: true })).toEqual({
      type: 'function_call_output',
      call_id: 'call_abc',
      output: [
        { type: 'input_text', text: 'here' },
        {
          type: 'input_file',
          file_data: `data:application/pdf;base64,${PDF_B64}`,
          filename: 'report.pdf',
        },
      ],
    });
  });

  it('responses: without nativePdf the PDF is the placeholder', () => {
    const output = weather([pdfResource]).to('responses').output;
    expect(typeof output).toBe('string');
    expect(output).toContain('application/pdf');
  });

  const filenameOf = (uri: string) => {
    const block = weather([
      { type: 'resource', resource: { uri, mimeType: 'application/pdf', blob: PDF_B64 } },
    ]).to('responses', { nativePdf: true });
    return (block.output as Array<{ filename?: string }>)[0]?.filename;
  };

  it('filename: percent-decoded last path segment, .pdf appended when missing', () => {
    expect(filenameOf('https://x.test/files/annual%20report')).toBe('annual report.pdf');
    expect(filenameOf('file:///docs/q1.pdf')).toBe('q1.pdf');
  });

  it('filename: an opaque URI or an empty path gives document.pdf', () => {
    expect(filenameOf('urn:isbn:12345')).toBe('document.pdf');
    expect(filenameOf('data:application/pdf;base64,AAAA')).toBe('document.pdf');
    expect(filenameOf('https://x.test/')).toBe('document.pdf');
  });

  it('gemini: the PDF moves into parts[].inlineData with application/pdf', () => {
    expect(weather([text('here'), pdfResource]).to('gemini', { nativePdf: true })).toEqual({
      functionResponse: {
        name: 'get_weather',
        id: 'call_abc',
        response: { result: 'here' },
        parts: [{ inlineData: { mimeType: 'application/pdf', data: PDF_B64 } }],
      },
    });
  });

  it('openai and ollama ignore nativePdf', () => {
    const r = weather([pdfResource]);
    expect(r.to('openai', { nativePdf: true }).content).not.toContain(PDF_B64);
    expect(r.to('ollama', { nativePdf: true }).content).toContain('application/pdf');
  });
});

describe('carriesNative / nativeNeedsVision', () => {
  it('carriesNative: anthropic, responses and gemini for image and pdf, nothing else', () => {
    for (const wire of ['anthropic', 'responses', 'gemini'] as const) {
      expect(carriesNative(wire, 'image')).toBe(true);
      expect(carriesNative(wire, 'pdf')).toBe(true);
    }
    for (const wire of ['openai', 'ollama', 'hermes'] as const) {
      expect(carriesNative(wire, 'image')).toBe(false);
      expect(carriesNative(wire, 'pdf')).toBe(false);
    }
  });

  it('carriesNative is false on an unknown or undefined wire', () => {
    expect(carriesNative('nonsense' as never, 'image')).toBe(false);
    expect(carriesNative(undefined as never, 'image')).toBe(false);
  });

  it('carriesNative and nativeNeedsVision throw on an unknown kind', () => {
    expect(() => carriesNative('gemini', 'video' as never)).toThrow();
    expect(() => nativeNeedsVision('gemini', 'video' as never)).toThrow();
  });

  it('nativeNeedsVision: image everywhere it has a form, pdf on responses and gemini only', () => {
    expect(nativeNeedsVision('responses', 'pdf')).toBe(true);
    expect(nativeNeedsVision('gemini', 'pdf')).toBe(true);
    expect(nativeNeedsVision('anthropic', 'pdf')).toBe(false);
    expect(nativeNeedsVision('anthropic', 'image')).toBe(true);
    expect(nativeNeedsVision('openai', 'image')).toBe(false);
    expect(nativeNeedsVision('openai', 'pdf')).toBe(false);
  });

  it('tool-result re-exports the core functions', () => {
    expect(carriesNative).toBe(coreCarriesNative);
  });
});

describe('typed result items (seed 004)', () => {
  it('text item: asText gives the text, asJson nothing', () => {
    const item = ToolResultContent.text('hello');
    expect(item.asText()).toBe('hello');
    expect(item.asJson()).toBeUndefined();
  });

  it('json item: asJson gives the value, asText nothing', () => {
    const item = ToolResultContent.json({ a: 1 });
    expect(item.asJson()).toEqual({ a: 1 });
    expect(item.asText()).toBeUndefined();
  });

  it('deserializeJson decodes structured JSON and validates with a zod schema', () => {
    const schema = z.object({ a: z.number() });
    expect(ToolResultContent.json({ a: 1 }).deserializeJson(schema)).toEqual({ a: 1 });
    expect(() => ToolResultContent.json({ a: 'x' }).deserializeJson(schema)).toThrow();
  });

  it('deserializeJson parses literal text only because it was asked to', () => {
    const schema = z.object({ a: z.number() });
    expect(ToolResultContent.text('{"a":2}').deserializeJson(schema)).toEqual({ a: 2 });
    expect(() => ToolResultContent.text('not json').deserializeJson(schema)).toThrow();
  });

  it('image helpers: base64, raw bytes and URL', () => {
    const fromB64 = ToolResultContent.imageBase64(PNG_B64, 'image/png');
    const fromRaw = ToolResultContent.imageRaw(Buffer.from(PNG_B64, 'base64'), 'image/png');
    const fromUrl = ToolResultContent.imageUrl('https://x.test/cat.png');
    expect(fromB64.asText()).toBeUndefined();
    expect(fromRaw).toEqual(fromB64);
    expect(fromUrl.asJson()).toBeUndefined();
  });

  it('literal JSON-looking text is never reinterpreted on any wire', () => {
    const r = weather([ToolResultContent.text('{"a":1}')]);
    expect(r.to('openai').content).toBe('{"a":1}');
    expect(r.to('gemini').functionResponse.response).toEqual({ result: '{"a":1}' });
    expect(r.to('anthropic').content).toEqual([{ type: 'text', text: '{"a":1}' }]);
  });

  it('a json item is its compact JSON on string wires and a text block on anthropic', () => {
    const r = weather([ToolResultContent.json({ a: 1, b: [true] })]);
    expect(r.to('openai').content).toBe('{"a":1,"b":[true]}');
    expect(r.to('responses').output).toBe('{"a":1,"b":[true]}');
    expect(r.to('anthropic').content).toEqual([{ type: 'text', text: '{"a":1,"b":[true]}' }]);
  });
});

describe('property: no string wire ever carries a media payload', () => {
  it('holds for arbitrary images and blobs', () => {
    const payload = fc
      .uint8Array({ minLength: 24, maxLength: 200 })
      .map((bytes) => Buffer.from(bytes).toString('base64'));
    fc.assert(
      fc.property(
        payload,
        fc.constantFrom('image/png', 'image/jpeg', 'audio/wav', 'application/zip'),
        (b64, mime) => {
          const item = mime.startsWith('image/')
            ? { type: 'image', data: b64, mimeType: mime }
            : mime.startsWith('audio/')
              ? { type: 'audio', data: b64, mimeType: mime }
              : { type: 'resource', resource: { uri: 'file:///x', mimeType: mime, blob: b64 } };
          const r = weather([item]);
          for (const wire of ['openai', 'responses', 'ollama', 'hermes', 'gemini'] as const) {
            expect(JSON.stringify(r.to(wire))).not.toContain(b64);
          }
          expect(JSON.stringify(r.to('anthropic'))).not.toContain(b64.slice(0, 32));
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('readings the seed leaves open (our documented choice)', () => {
  it('hermes: the block is the tagged string itself, content is the string form', () => {
    expect(weather([text('Sunny, 22C')]).to('hermes')).toBe(
      '<tool_response>\n{"name":"get_weather","content":"Sunny, 22C"}\n</tool_response>',
    );
    expect(weather([text('x')]).to('hermes', { responseTag: 'fn_response' })).toBe(
      '<fn_response>\n{"name":"get_weather","content":"x"}\n</fn_response>',
    );
  });

  it('the seed class-method form ToolResult.carriesNative / nativeNeedsVision works too', () => {
    expect(ToolResult.carriesNative('gemini', 'image')).toBe(true);
    expect(ToolResult.carriesNative('openai', 'pdf')).toBe(false);
    expect(ToolResult.nativeNeedsVision('responses', 'pdf')).toBe(true);
    expect(ToolResult.nativeNeedsVision('anthropic', 'pdf')).toBe(false);
  });

  it('is_error is left out when the tool succeeded, and no other wire carries it', () => {
    const failed = weather([text('boom')], { isError: true });
    expect(weather([text('ok')], { isError: false }).to('anthropic')).not.toHaveProperty(
      'is_error',
    );
    expect(failed.to('openai')).toEqual({
      role: 'tool',
      tool_call_id: 'call_abc',
      content: 'boom',
    });
  });

  it('a json item alone on gemini is the JSON value as result', () => {
    expect(weather([ToolResultContent.json({ a: 1 })]).to('gemini')).toEqual({
      functionResponse: { name: 'get_weather', id: 'call_abc', response: { result: { a: 1 } } },
    });
  });

  it('typed items are also readable with the free functions', () => {
    const schema = z.object({ a: z.number() });
    expect(asText(ToolResultContent.text('hi'))).toBe('hi');
    expect(asJson(ToolResultContent.json({ a: 1 }))).toEqual({ a: 1 });
    expect(deserializeJson(ToolResultContent.json({ a: 1 }), schema)).toEqual({ a: 1 });
  });

  it('image helpers take options objects as well as rig positional arguments', () => {
    expect(
      ToolResultContent.imageBase64(PNG_B64, { mediaType: 'image/png', detail: 'low' }),
    ).toEqual(ToolResultContent.imageBase64(PNG_B64, 'image/png', 'low'));
  });

  it('a placeholder for a blob names type, MIME type, URI and size on every string wire', () => {
    const r = weather([
      {
        type: 'resource',
        resource: { uri: 'file:///a.zip', mimeType: 'application/zip', blob: ZIP_B64 },
      },
    ]);
    expect(r.to('openai').content).toBe(
      `[resource] application/zip <file:///a.zip> (${ZIP_BYTES} bytes)`,
    );
  });

  it('content missing altogether counts as empty content', () => {
    const r = new ToolResult({
      name: 'get_weather',
      id: 'call_abc',
      structuredContent: { temp: 22 },
    });
    expect(r.to('openai').content).toBe('{"temp":22}');
  });

  it('an unknown wire throws', () => {
    expect(() => weather([text('x')]).to('bogus' as never)).toThrow(/unknown wire format 'bogus'/);
  });
});
