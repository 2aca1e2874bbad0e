import { describe, expect, it } from 'vitest';
import { pdfFilename } from './pdf-filename.js';

describe('pdfFilename', () => {
  it.each([
    ['file:///reports/Q3%20summary', 'Q3 summary.pdf'],
    ['file:///reports/q3.pdf', 'q3.pdf'],
    ['https://example.com/files/Annual%20Report.PDF?v=2#page=3', 'Annual Report.PDF'],
    ['s3://bucket/dir/report', 'report.pdf'],
    ['https://example.com/a%2Fb', 'a/b.pdf'],
    ['https://example.com/100%', '100%.pdf'],
    ['urn:isbn:0451450523', 'document.pdf'],
    ['data:application/pdf;base64,JVBERi0=', 'document.pdf'],
    ['mailto:someone@example.com', 'document.pdf'],
    ['https://example.com', 'document.pdf'],
    ['https://example.com/dir/', 'document.pdf'],
    ['mcp://server', 'document.pdf'],
    ['', 'document.pdf'],
    [undefined, 'document.pdf'],
    ['reports/plain name', 'plain name.pdf'],
  ])('%s → %s', (uri, expected) => {
    expect(pdfFilename(uri)).toBe(expected);
  });
});
