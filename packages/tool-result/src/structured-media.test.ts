import { Buffer } from 'node:buffer';
import { type CrosswireWarning, WIRE_FORMATS } from '@crosswire/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ToolResult } from './tool-result.js';

/** `signature` then `size - signature.length` bytes of filler, as base64. */
function payload(signature: readonly number[], size: number): string {
  const bytes = Buffer.alloc(size, 0x41);
  Buffer.from(signature).copy(bytes);
  return bytes.toString('base64');
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG = payload(PNG_SIGNATURE, 300); // 400 base64 characters, 300 bytes
const JPEG = payload([0xff, 0xd8, 0xff, 0xe0], 120);
const PDF = Buffer.from(`%PDF-1.7\n${'x'.repeat(100)}`).toString('base64');
const WAV = payload([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45], 90);
const MP3 = payload([0x49, 0x44, 0x33, 4, 0], 90);

function collect(): { warnings: CrosswireWarning[]; onWarning: (w: CrosswireWarning) => void } {
  const warnings: CrosswireWarning[] = [];
  return { warnings, onWarning: (warning) => warnings.push(warning) };
}

describe('no base64 payload as text in structured content', () => {
  it('read_media_file (MCP filesystem server): gemini sends the image part, and a placeholder where structuredContent held it', () => {
    const result = new ToolResult({
      name: 'read_media_file',
      id: 'c1',
      content: [{ type: 'image', data: PNG, mimeType: 'image/png' }],
      structuredContent: { content: [{ type: 'image', data: PNG, mimeType: 'image/png' }] },
    });
    const { warnings, onWarning } = collect();
    expect(result.to('gemini', { imageInput: true, onWarning })).toEqual({
      functionResponse: {
        id: 'c1',
        name: 'read_media_file',
        response: {
          content: [
            { type: 'image', data: '[image] image/png (300 bytes)', mimeType: 'image/png' },
          ],
        },
        parts: [{ inlineData: { mimeType: 'image/png', data: PNG } }],
      },
    });
    expect(warnings).toEqual([
      {
        code: 'structured_content_media_replaced',
        message:
          'tool result "read_media_file": 1 string in its structured content carried a media payload; each is sent as a placeholder, never as base64 text',
        details: { wire: 'gemini', name: 'read_media_file', id: 'c1', replaced: 1 },
      },
    ]);
    // The result itself keeps its data (a copy was sent).
    expect(result.structuredContent).toEqual({
      content: [{ type: 'image', data: PNG, mimeType: 'image/png' }],
    });
  });

  it('recognises payloads by their bytes: PNG, JPEG, PDF, WAV, MP3 and a base64 data: URL', () => {
    const result = new ToolResult({
      name: 'snap',
      id: 'c2',
      content: [],
      structuredContent: {
        png: PNG,
        nested: [{ jpeg: JPEG }, { pdf: PDF, deeper: { wav: WAV } }],
        mp3: MP3,
        url: `data:image/webp;base64,${PNG}`,
        wrapped: `${PNG.slice(0, 76)}\n${PNG.slice(76)}`,
      },
    });
    const { warnings, onWarning } = collect();
    const sent = JSON.parse(result.to('openai', { onWarning }).content);
    expect(sent).toEqual({
      png: '[image] image/png (300 bytes)',
      nested: [
        { jpeg: '[image] image/jpeg (120 bytes)' },
        {
          pdf: '[document] application/pdf (109 bytes)',
          deeper: { wav: '[audio] audio/wav (90 bytes)' },
        },
      ],
      mp3: '[audio] audio/mpeg (90 bytes)',
      url: '[image] image/webp <data:image/webp;base64,...> (300 bytes)',
      wrapped: '[image] image/png (300 bytes)',
    });
    expect(warnings.map((warning) => [warning.code, warning.details?.replaced])).toEqual([
      ['structured_content_media_replaced', 7],
    ]);
    expect(warnings[0]?.message).toContain(
      '(image/png, image/jpeg, application/pdf, audio/wav, audio/mpeg, image/webp)',
    );
  });

  it('covers json items on every wire, and structured content wherever it is sent', () => {
    for (const wire of WIRE_FORMATS) {
      const result = new ToolResult({
        name: 'export',
        id: 'c3',
        content: [{ type: 'json', value: { file: PNG } }],
      });
      const { warnings, onWarning } = collect();
      const text = JSON.stringify(result.to(wire, { onWarning }));
      expect(text, wire).not.toContain(PNG.slice(0, 40));
      expect(text, wire).toContain('[image] image/png (300 bytes)');
      expect(warnings, wire).toHaveLength(1);
    }
  });

  it("replaces a string equal to one of the result's own media items, with that item's placeholder", () => {
    // Not a known signature: only equality with the item proves it is the payload.
    const blob = Buffer.alloc(120, 7).toString('base64');
    const result = new ToolResult({
      name: 'fetch',
      id: 'c4',
      content: [
        {
          type: 'resource',
          resource: { uri: 'file:///a.bin', mimeType: 'application/x-thing', blob },
        },
      ],
      structuredContent: { blob },
    });
    const { warnings, onWarning } = collect();
    expect(result.to('gemini', { onWarning }).functionResponse.response).toEqual({
      blob: '[resource] application/x-thing <file:///a.bin> (120 bytes)',
    });
    expect(warnings).toHaveLength(1);
  });

  it('leaves text alone: short strings, base64 of no known format, prose, a data: URL without base64', () => {
    const structuredContent = {
      short: 'iVBORw0KGgo=',
      opaque: Buffer.alloc(120, 7).toString('base64'),
      prose: 'The quick brown fox jumps over the lazy dog, again and again and again and again.',
      plain: `data:text/plain,${'hello '.repeat(20)}`,
      pngThenText: `${PNG.slice(0, 40)} is how a PNG begins, said nobody in a plain sentence ever.`,
    };
    const result = new ToolResult({ name: 'n', id: 'c5', content: [], structuredContent });
    const { warnings, onWarning } = collect();
    expect(result.to('gemini', { onWarning }).functionResponse.response).toEqual(structuredContent);
    expect(JSON.parse(result.to('responses', { onWarning }).output as string)).toEqual(
      structuredContent,
    );
    expect(warnings).toEqual([]);
  });

  it('property: a payload anywhere in any JSON object never reaches the wire, and warns once', () => {
    const json = fc.jsonValue({ maxDepth: 4 });
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 8 }), json, { maxKeys: 5 }),
        fc.array(fc.string({ maxLength: 8 }), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(PNG, JPEG, PDF, WAV, `data:image/png;base64,${PNG}`),
        fc.constantFrom(...WIRE_FORMATS),
        (base, keys, media, wire) => {
          // Place the payload at a random path of nested objects.
          const structuredContent: Record<string, unknown> = JSON.parse(JSON.stringify(base));
          let at = structuredContent;
          for (const key of keys.slice(0, -1)) {
            const next: Record<string, unknown> = {};
            at[`k${key}`] = next;
            at = next;
          }
          at[`k${keys.at(-1)}`] = media;
          const result = new ToolResult({ name: 'n', id: 'c', content: [], structuredContent });
          const { warnings, onWarning } = collect();
          const sent = JSON.stringify(result.to(wire, { onWarning }));
          expect(sent).not.toContain(PNG.slice(8, 48));
          expect(sent).not.toContain(JPEG.slice(8, 48));
          expect(sent).not.toContain(PDF.slice(8, 48));
          expect(sent).not.toContain(WAV.slice(16, 56));
          expect(warnings.map((warning) => warning.code)).toEqual([
            'structured_content_media_replaced',
          ]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('scans a hostile string once: a PNG head, then megabytes of whitespace and a stray symbol', () => {
    const hostile = `${PNG.slice(0, 24)}${' '.repeat(4_000_000)}!`;
    const result = new ToolResult({
      name: 'n',
      id: 'c',
      content: [],
      structuredContent: { hostile },
    });
    const { warnings, onWarning } = collect();
    // Not base64 (the `!`), so it stays; the point is that this returns at all (a backtracking
    // pattern would take hours here).
    expect(result.to('gemini', { onWarning }).functionResponse.response).toEqual({ hostile });
    expect(warnings).toEqual([]);
  });
});
