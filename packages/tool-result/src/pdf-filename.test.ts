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
    ['file:///reports/q3/', 'document.pdf'],
    ['file:///Bericht%20%C3%9Cbersicht', 'Bericht Übersicht.pdf'],
    ['file:///bad%FF', 'bad\uFFFD.pdf'],
    ['file:///50%25%20off', '50% off.pdf'],
    ['file:report', 'document.pdf'],
    ['//cdn.example.com/r/annual', 'annual.pdf'],
    ['/srv/out/summary.Pdf', 'summary.Pdf'],
    ['https://example.com/r?name=x.pdf', 'r.pdf'],
    ['https://example.com/?file=a.pdf', 'document.pdf'],
    ['urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66', 'document.pdf'],
  ])('%s → %s', (uri, expected) => {
    expect(pdfFilename(uri)).toBe(expected);
  });
});
