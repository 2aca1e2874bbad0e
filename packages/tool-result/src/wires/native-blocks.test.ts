import type { CrosswireWarning } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { BMP_BASE64, PDF_BASE64, PNG_BASE64 } from '../test-support/samples.js';
import { ToolResult } from '../tool-result.js';

// What each wire sends for the blocks a caller built natively (an Anthropic image, document or
// search result) and for the edge cases of MCP items: the exact block, no field the caller did
// not give (toStrictEqual: an `undefined` key is a field a strict API refuses), and the
// placeholder when the block cannot go.

function result(content: unknown[]): ToolResult {
  return new ToolResult({ name: 'fetch', id: 'call_1', content: content as never });
}

function warnings(): { list: CrosswireWarning[]; onWarning: (w: CrosswireWarning) => void } {
  const list: CrosswireWarning[] = [];
  return { list, onWarning: (warning) => list.push(warning) };
}

describe('anthropic: native blocks are rebuilt with exactly the fields they had', () => {
  it('a URL image with no cache_control gains no cache_control key; one with it keeps it', () => {
    const bare = { type: 'image', source: { type: 'url', url: 'https://x.test/a.png' } };
    const cached = { ...bare, cache_control: { type: 'ephemeral' } };
    expect(result([bare, cached]).to('anthropic').content).toStrictEqual([
      { type: 'image', source: { type: 'url', url: 'https://x.test/a.png' } },
      {
        type: 'image',
        source: { type: 'url', url: 'https://x.test/a.png' },
        cache_control: { type: 'ephemeral' },
      },
    ]);
  });

  it('a file image passes as a file source', () => {
    const image = { type: 'image', source: { type: 'file', file_id: 'file_9' } };
    expect(result([image]).to('anthropic').content).toStrictEqual([
      { type: 'image', source: { type: 'file', file_id: 'file_9' } },
    ]);
  });

  it('a native BMP image becomes the placeholder, and onWarning says why', () => {
    const { list, onWarning } = warnings();
    const image = {
      type: 'image',
      source: { type: 'base64', media_type: 'image/bmp', data: BMP_BASE64 },
    };
    const content = result([image]).to('anthropic', { onWarning }).content;
    expect(content).toHaveLength(1);
    expect(content[0]).toMatchObject({ type: 'text' });
    expect(list).toEqual([
      {
        code: 'image_not_native',
        message:
          'image/bmp cannot go natively in the anthropic tool result; it is sent as a placeholder',
        details: { wire: 'anthropic', mediaType: 'image/bmp' },
      },
    ]);
  });

  it('a native PNG whose bytes are not PNG is a placeholder, and the warning names anthropic', () => {
    const { list, onWarning } = warnings();
    const image = {
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: PDF_BASE64 },
    };
    const content = result([image]).to('anthropic', { onWarning }).content;
    expect(content[0]).toMatchObject({ type: 'text' });
    expect(list).toEqual([
      {
        code: 'image_bytes_mismatch',
        message:
          'the bytes of an image labelled image/png are not image/png; it is sent to anthropic as a placeholder',
        details: { wire: 'anthropic', mediaType: 'image/png', empty: false },
      },
    ]);
  });

  it('a document without title, context, citations or cache_control gains none of them', () => {
    const document = { type: 'document', source: { type: 'url', url: 'https://x.test/a.pdf' } };
    expect(result([document]).to('anthropic').content).toStrictEqual([
      { type: 'document', source: { type: 'url', url: 'https://x.test/a.pdf' } },
    ]);
  });

  it('a document keeps its context and cache_control', () => {
    const document = {
      type: 'document',
      source: { type: 'file', file_id: 'file_3' },
      context: 'the quarterly report',
      cache_control: { type: 'ephemeral' },
    };
    expect(result([document]).to('anthropic').content).toStrictEqual([
      {
        type: 'document',
        source: { type: 'file', file_id: 'file_3' },
        context: 'the quarterly report',
        cache_control: { type: 'ephemeral' },
      },
    ]);
  });

  it('a document whose content source is a string passes it as it is', () => {
    const document = { type: 'document', source: { type: 'content', content: 'plain words' } };
    expect(result([document]).to('anthropic').content).toStrictEqual([
      { type: 'document', source: { type: 'content', content: 'plain words' } },
    ]);
  });

  it('a content source made of parts is rebuilt part by part, unknown fields dropped', () => {
    const document = {
      type: 'document',
      source: { type: 'content', content: [{ type: 'text', text: 'one', extra: 1 }] },
    };
    expect(result([document]).to('anthropic').content).toStrictEqual([
      { type: 'document', source: { type: 'content', content: [{ type: 'text', text: 'one' }] } },
    ]);
  });

  it('a base64 document that is not a PDF is a text placeholder', () => {
    const html = {
      type: 'document',
      source: { type: 'base64', media_type: 'text/html', data: 'PGI+PC9iPg==' },
    };
    const content = result([html]).to('anthropic').content;
    expect(content).toHaveLength(1);
    expect(content[0]).toMatchObject({ type: 'text' });
  });

  it('a search result keeps its cache_control; a text block gains none', () => {
    const search = {
      type: 'search_result',
      source: 'https://x.test/page',
      title: 'Page',
      content: [{ type: 'text', text: 'found' }],
      cache_control: { type: 'ephemeral' },
    };
    expect(result([search, { type: 'text', text: 'done' }]).to('anthropic').content).toStrictEqual([
      {
        type: 'search_result',
        source: 'https://x.test/page',
        title: 'Page',
        content: [{ type: 'text', text: 'found' }],
        cache_control: { type: 'ephemeral' },
      },
      { type: 'text', text: 'done' },
    ]);
  });
});

describe('bedrock: native images, documents and json values', () => {
  it('a native base64 PNG goes as an image member with imageInput; a BMP is text and onWarning is told; a URL image is text', () => {
    const { list, onWarning } = warnings();
    const png = {
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 },
    };
    const bmp = {
      type: 'image',
      source: { type: 'base64', media_type: 'image/bmp', data: BMP_BASE64 },
    };
    const url = { type: 'image', source: { type: 'url', url: 'https://x.test/a.png' } };
    const content = result([png, bmp, url]).to('bedrock', { imageInput: true, onWarning })
      .toolResult.content;
    expect(content[0]).toStrictEqual({ image: { format: 'png', source: { bytes: PNG_BASE64 } } });
    expect(Object.keys(content[1] ?? {})).toEqual(['text']);
    expect(Object.keys(content[2] ?? {})).toEqual(['text']);
    // As for an MCP BMP image, and as the anthropic wire does for a native one.
    expect(list).toEqual([
      {
        code: 'image_not_native',
        message:
          'image/bmp cannot go natively in the bedrock tool result; it is sent as a placeholder',
        details: { wire: 'bedrock', mediaType: 'image/bmp' },
      },
    ]);
  });

  it('a native PNG whose bytes are not PNG is text, and the warning names bedrock', () => {
    const { list, onWarning } = warnings();
    const image = {
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: PDF_BASE64 },
    };
    const content = result([image]).to('bedrock', { imageInput: true, onWarning }).toolResult
      .content;
    expect(Object.keys(content[0] ?? {})).toEqual(['text']);
    expect(list.map((warning) => warning.details)).toEqual([
      { wire: 'bedrock', mediaType: 'image/png', empty: false },
    ]);
  });

  it('a native PDF without a title is named "document"; a base64 document of another type is text', () => {
    const pdf = {
      type: 'document',
      source: { type: 'base64', media_type: 'application/pdf', data: PDF_BASE64 },
    };
    const html = {
      type: 'document',
      source: { type: 'base64', media_type: 'text/html', data: 'PGI+PC9iPg==' },
    };
    const content = result([pdf, html]).to('bedrock', { nativePdf: true }).toolResult.content;
    expect(content[0]).toStrictEqual({
      document: { format: 'pdf', name: 'document', source: { bytes: PDF_BASE64 } },
    });
    expect(Object.keys(content[1] ?? {})).toEqual(['text']);
  });

  it('a PDF resource with an empty blob is no document', () => {
    const empty = {
      type: 'resource',
      resource: { uri: 'file:///a.pdf', mimeType: 'application/pdf', blob: '' },
    };
    const content = result([empty]).to('bedrock', { nativePdf: true }).toolResult.content;
    expect(content.every((member) => 'text' in member)).toBe(true);
  });

  it('only a json value that is an object goes as json; a string, an array or null goes as text', () => {
    const content = result([
      { type: 'json', value: 'plain' },
      { type: 'json', value: [1, 2] },
      { type: 'json', value: null },
      { type: 'json', value: { a: 1 } },
    ]).to('bedrock').toolResult.content;
    expect(content).toStrictEqual([
      { text: '"plain"' },
      { text: '[1,2]' },
      { text: 'null' },
      { json: { a: 1 } },
    ]);
  });
});

describe('gemini and responses', () => {
  it('gemini: two json items are their text, not the first value alone', () => {
    const block = result([
      { type: 'json', value: { a: 1 } },
      { type: 'json', value: { b: 2 } },
    ]).to('gemini');
    expect(block.functionResponse.response).toEqual({ result: '{"a":1}\n{"b":2}' });
  });

  it('responses: an image without detail gains no detail key', () => {
    const mcp = { type: 'image', mimeType: 'image/png', data: PNG_BASE64 };
    const url = { type: 'image', source: { type: 'url', url: 'https://x.test/a.png' } };
    expect(result([mcp, url]).to('responses', { imageInput: true }).output).toStrictEqual([
      { type: 'input_image', image_url: `data:image/png;base64,${PNG_BASE64}` },
      { type: 'input_image', image_url: 'https://x.test/a.png' },
    ]);
  });
});
