import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bedrockDocumentName,
  MAX_BEDROCK_DOCUMENT_NAME,
  sanitizeBedrockDocumentName,
  uniqueBedrockDocumentName,
} from '../bedrock-document.js';
import { PDF_BASE64, PNG_BASE64, ZIP_BASE64 } from '../test-support/samples.js';
import { ToolResult } from '../tool-result.js';
import { EMPTY_RESULT_TEXT } from './bedrock.js';

const png = { type: 'image', data: PNG_BASE64, mimeType: 'image/png' } as const;

describe("ToolResult.to('bedrock'): the Converse toolResult block", () => {
  it('carries the call id and each item as one member, no status on success', () => {
    const result = new ToolResult({
      name: 'weather',
      id: 'tooluse_abc',
      content: [
        { type: 'text', text: 'Sunny' },
        { type: 'json', value: { temperature: 22 } },
      ],
    });
    expect(result.to('bedrock')).toEqual({
      toolResult: {
        toolUseId: 'tooluse_abc',
        content: [{ text: 'Sunny' }, { json: { temperature: 22 } }],
      },
    });
  });

  it("says a failed tool failed with status 'error', and never sends an empty error", () => {
    expect(
      new ToolResult({ name: 'f', id: 't1', content: [], isError: true }).to('bedrock'),
    ).toEqual({
      toolResult: {
        toolUseId: 't1',
        content: [{ text: 'the tool reported an error with no content' }],
        status: 'error',
      },
    });
  });

  it('sends structured content as a json member when there is no content, and a note when there is nothing', () => {
    expect(
      new ToolResult({ name: 'f', id: 't1', content: [], structuredContent: { n: 1 } }).to(
        'bedrock',
      ).toolResult.content,
    ).toEqual([{ json: { n: 1 } }]);
    expect(
      new ToolResult({ name: 'f', id: 't1', content: [] }).to('bedrock').toolResult.content,
    ).toEqual([{ text: EMPTY_RESULT_TEXT }]);
    expect(EMPTY_RESULT_TEXT).toBe('the tool returned no content');
  });

  it('sends a json item that is not an object as its JSON text', () => {
    const result = new ToolResult({
      name: 'f',
      id: 't1',
      content: [{ type: 'json', value: [1, 2] }],
    });
    expect(result.to('bedrock').toolResult.content).toEqual([{ text: '[1,2]' }]);
  });

  it('sends an image natively only with imageInput, else the placeholder (default off)', () => {
    const result = new ToolResult({ name: 'shot', id: 't1', content: [png] });
    expect(result.to('bedrock').toolResult.content).toEqual([
      { text: '[image] image/png (70 bytes)' },
    ]);
    expect(result.to('bedrock', { imageInput: true }).toolResult.content).toEqual([
      { image: { format: 'png', source: { bytes: PNG_BASE64 } } },
    ]);
  });

  it('leaves a URL image as its placeholder: Converse fetches no URL', () => {
    const result = new ToolResult({
      name: 'f',
      id: 't1',
      content: [{ type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } }],
    });
    expect(result.to('bedrock', { imageInput: true }).toolResult.content).toEqual([
      { text: '[image] <https://example.com/a.png>' },
    ]);
  });

  it('sends a PDF and Office documents as document blocks only with nativePdf (default off)', () => {
    const result = new ToolResult({
      name: 'f',
      id: 't1',
      content: [
        {
          type: 'resource',
          resource: {
            uri: 'file:///r/report_2026.pdf',
            mimeType: 'application/pdf',
            blob: PDF_BASE64,
          },
        },
        {
          type: 'resource',
          resource: { uri: 'file:///r/a.zip', mimeType: 'application/zip', blob: ZIP_BASE64 },
        },
      ],
    });
    expect(result.to('bedrock').toolResult.content).toEqual([
      { text: '[resource] application/pdf <file:///r/report_2026.pdf> (23 bytes)' },
      { text: '[resource] application/zip <file:///r/a.zip> (20 bytes)' },
    ]);
    expect(result.to('bedrock', { nativePdf: true }).toolResult.content).toEqual([
      { document: { format: 'pdf', name: 'report 2026', source: { bytes: PDF_BASE64 } } },
      { text: '[resource] application/zip <file:///r/a.zip> (20 bytes)' },
    ]);
  });

  it('leaves out blank text (Converse refuses a blank text block)', () => {
    const result = new ToolResult({
      name: 'f',
      id: 't1',
      content: [
        { type: 'text', text: '  ' },
        { type: 'text', text: 'kept' },
      ],
    });
    expect(result.to('bedrock').toolResult.content).toEqual([{ text: 'kept' }]);
  });
});

describe('document names Converse accepts', () => {
  it('keeps letters, digits, single spaces, hyphens, parentheses and brackets; the rest a space', () => {
    expect(bedrockDocumentName('file:///reports/report_2026.pdf')).toBe('report 2026');
    expect(bedrockDocumentName('https://x.test/a/Q3%20(draft)%20%5Bv2%5D.xlsx?x=1')).toBe(
      'Q3 (draft) [v2]',
    );
    expect(bedrockDocumentName('file:///a/K%C3%B6ln%20%20notes.pdf')).toBe('K ln notes');
    expect(bedrockDocumentName('urn:isbn:0451450523')).toBe('document');
    expect(bedrockDocumentName(undefined)).toBe('document');
    expect(bedrockDocumentName('file:///a/___.pdf')).toBe('document');
    expect(sanitizeBedrockDocumentName('x'.repeat(250))).toBe('x'.repeat(200));
    expect(MAX_BEDROCK_DOCUMENT_NAME).toBe(200);
  });

  it('numbers a name already taken, without case, within 200 characters', () => {
    const taken = new Set<string>();
    expect(
      ['document', 'Document', 'document', 'report'].map((name) =>
        uniqueBedrockDocumentName(name, taken),
      ),
    ).toEqual(['document', 'Document 2', 'document 3', 'report']);
    const long = 'y'.repeat(200);
    expect(uniqueBedrockDocumentName(long, taken)).toBe(long);
    expect(uniqueBedrockDocumentName(long, taken)).toBe(`${'y'.repeat(198)} 2`);
  });

  it('always gives a name matching the documented rule (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        const name = sanitizeBedrockDocumentName(text);
        expect(name).toMatch(/^[A-Za-z0-9()[\]-]+( [A-Za-z0-9()[\]-]+)*$/);
        expect(name.length).toBeLessThanOrEqual(200);
      }),
    );
  });
});
