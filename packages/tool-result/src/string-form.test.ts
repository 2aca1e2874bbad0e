import { parseContent } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { blockText, displayUri, placeholder, stringForm } from './string-form.js';
import {
  PDF_BASE64,
  PNG_BASE64,
  TEXT_BLOB_BASE64,
  WAV_BASE64,
  ZIP_BASE64,
} from './test-support/samples.js';

const text = (raw: unknown) => blockText(parseContent([raw], { onWarning: () => {} })[0] as never);

describe('placeholders', () => {
  it('name type, MIME type, URI and size, each only when known', () => {
    expect(placeholder({ type: 'image', mediaType: 'image/png', size: 12345 })).toBe(
      '[image] image/png (12345 bytes)',
    );
    expect(
      placeholder({
        type: 'resource',
        mediaType: 'application/zip',
        uri: 'file:///a.zip',
        size: 1,
      }),
    ).toBe('[resource] application/zip <file:///a.zip> (1 byte)');
    expect(placeholder({ type: 'document', fileId: 'file_1' })).toBe('[document] file_id file_1');
    expect(placeholder({ type: 'unsupported' })).toBe('[unsupported]');
  });

  it.each([
    [{ type: 'image', data: PNG_BASE64, mimeType: 'image/png' }, '[image] image/png (70 bytes)'],
    [
      { type: 'image', data: PNG_BASE64, mimeType: 'IMAGE/PNG; q=1' },
      '[image] image/png (70 bytes)',
    ],
    [{ type: 'audio', data: WAV_BASE64, mimeType: 'audio/wav' }, '[audio] audio/wav (28 bytes)'],
    [
      {
        type: 'resource',
        resource: { uri: 'file:///b.zip', mimeType: 'application/zip', blob: ZIP_BASE64 },
      },
      '[resource] application/zip <file:///b.zip> (20 bytes)',
    ],
    [
      {
        type: 'resource',
        resource: { uri: 'file:///r.pdf', mimeType: 'application/pdf', blob: PDF_BASE64 },
      },
      '[resource] application/pdf <file:///r.pdf> (23 bytes)',
    ],
    // No MIME type: the bytes say what it is.
    [
      { type: 'resource', resource: { uri: 'mem://x', blob: PNG_BASE64 } },
      '[resource] image/png <mem://x> (70 bytes)',
    ],
    [
      { type: 'resource', resource: { uri: 'mem://y', blob: 'AAAA' } },
      '[resource] <mem://y> (3 bytes)',
    ],
    [
      {
        type: 'resource_link',
        uri: 'file:///README.md',
        name: 'README.md',
        mimeType: 'text/markdown',
      },
      '[resource_link] README.md <file:///README.md>',
    ],
    [
      { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
      '[image] <https://example.com/a.png>',
    ],
    [{ type: 'image', source: { type: 'file', file_id: 'file_9' } }, '[image] file_id file_9'],
    [
      { type: 'image', source: { type: 'base64', media_type: 'image/webp', data: 'AAAA' } },
      '[image] image/webp (3 bytes)',
    ],
    [
      {
        type: 'document',
        source: { type: 'base64', media_type: 'application/pdf', data: PDF_BASE64 },
      },
      '[document] application/pdf (23 bytes)',
    ],
    [
      { type: 'document', source: { type: 'url', url: 'https://example.com/a.pdf' } },
      '[document] <https://example.com/a.pdf>',
    ],
    [
      { type: 'document', source: { type: 'file', file_id: 'file_2' } },
      '[document] file_id file_2',
    ],
    [
      { type: 'video', mimeType: 'video/mp4', uri: 'file:///v.mp4', data: 'AAAA' },
      '[video] video/mp4 <file:///v.mp4> (3 bytes)',
    ],
    [
      { type: 'video', mimeType: 'video/mp4', data: 'AAAAIGZ0\neXBpc29t' },
      '[video] video/mp4 (12 bytes)',
    ],
    [{ type: 'image', data: 'iVBORw0KGgo=' }, '[image] (8 bytes)'],
    [
      { type: 'resource', resource: { uri: 'file:///b.bin', blob: 'AAE=', extra: 1, text: 3 } },
      '[resource] <file:///b.bin> (2 bytes)',
    ],
    [
      { type: 'resource', resource: { uri: 'file:///z', mimeType: 'x/y' } },
      '[resource] x/y <file:///z>',
    ],
    [{ type: 'image', data: '!!!', mimeType: 'image/png' }, '[image] image/png'],
    [{ no: 'type' }, '[unsupported]'],
    [42, '[unsupported]'],
  ])('%j → %s', (raw, expected) => {
    expect(text(raw)).toBe(expected);
  });

  it('never shows the payload of a data: URI', () => {
    expect(displayUri(`data:image/png;base64,${PNG_BASE64}`)).toBe('data:image/png;base64,...');
    expect(
      text({ type: 'resource_link', uri: `data:text/plain,${'x'.repeat(100)}`, name: 'n' }),
    ).toBe('[resource_link] n <data:text/plain,...>');
  });
});

describe('text of blocks', () => {
  it.each([
    [{ type: 'text', text: 'plain' }, 'plain'],
    [
      {
        type: 'resource',
        resource: { uri: 'file:///a.json', mimeType: 'application/json', text: '{"a":1}' },
      },
      '{"a":1}',
    ],
    [
      {
        type: 'resource',
        resource: { uri: 'file:///g.txt', mimeType: 'text/plain', blob: TEXT_BLOB_BASE64 },
      },
      'Grüße aus Köln\nzweite Zeile',
    ],
    // A text/* blob that is base64 by alphabet but not by length cannot be decoded: placeholder.
    [
      // 1 mod 4 symbols is no base64 (core refuses it, as atob does): an unknown block, whose
      // placeholder has no size.
      {
        type: 'resource',
        resource: { uri: 'file:///bad.txt', mimeType: 'text/plain', blob: 'QUJDR' },
      },
      '[resource] text/plain <file:///bad.txt>',
    ],
    [{ type: 'json', value: { b: [1, 2], a: null } }, '{"b":[1,2],"a":null}'],
    [
      { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'doc text' } },
      'doc text',
    ],
    [{ type: 'document', source: { type: 'content', content: 'inline string' } }, 'inline string'],
    [
      {
        type: 'document',
        source: {
          type: 'content',
          content: [
            { type: 'text', text: 'one' },
            {
              type: 'image',
              source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 },
            },
          ],
        },
      },
      'one\n[image] image/png (70 bytes)',
    ],
    [
      {
        type: 'search_result',
        source: 'https://kb/1',
        title: 'KB 1',
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: 'b' },
        ],
      },
      '[search_result] KB 1 <https://kb/1>\na\nb',
    ],
  ])('%j → %j', (raw, expected) => {
    expect(text(raw)).toBe(expected);
  });
});

describe('stringForm', () => {
  it('joins with \\n and sends structured content or "" for empty content', () => {
    const content = parseContent([
      { type: 'text', text: 'a' },
      { type: 'text', text: 'b' },
    ]);
    expect(stringForm(content)).toBe('a\nb');
    expect(stringForm([], { n: 1 })).toBe('{"n":1}');
    expect(stringForm([])).toBe('');
    // With content, structured content is not added to the string.
    expect(stringForm(content, { n: 1 })).toBe('a\nb');
  });
});
