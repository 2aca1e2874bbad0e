/** The filename a PDF gets when nothing better is known. */
export const DEFAULT_PDF_FILENAME = 'document.pdf';

function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function percentDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // A stray `%` is not an escape; the name stays as written.
    return text;
  }
}

/**
 * The filename of a PDF sent as a Responses `input_file` (seed 000): the percent-decoded last
 * segment of the resource URI's hierarchical path, with `.pdf` appended when missing
 * (case-insensitive); an opaque URI (`urn:`, `data:`), an empty path or a path ending in `/`
 * gives `document.pdf`. A string that is not an absolute URI is read as a path.
 *
 * @example pdfFilename('file:///reports/Q3%20summary') // 'Q3 summary.pdf'
 */
export function pdfFilename(uri: string | undefined): string {
  if (uri === undefined || uri === '') return DEFAULT_PDF_FILENAME;
  let path: string;
  if (/^[a-z][a-z0-9+.-]*:/i.test(uri)) {
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      return DEFAULT_PDF_FILENAME;
    }
    // WHATWG URL gives an opaque path (urn:isbn:..., data:...) without a leading slash.
    if (!url.pathname.startsWith('/')) return DEFAULT_PDF_FILENAME;
    path = url.pathname;
  } else {
    path = uri.replace(/[?#].*$/s, '');
  }
  const name = percentDecode(lastSegment(path));
  if (name === '') return DEFAULT_PDF_FILENAME;
  return /\.pdf$/i.test(name) ? name : `${name}.pdf`;
}
