/** The filename a PDF gets when nothing better is known. */
export const DEFAULT_PDF_FILENAME = 'document.pdf';

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

const utf8 = new TextDecoder('utf-8');

/**
 * The path of a URI reference as RFC 3986 splits it (generic syntax), or undefined for an opaque
 * URI: one whose scheme is followed by neither `//` nor `/` (`urn:isbn:...`, `data:...`,
 * `mailto:...`, `file:name`). The path ends at `?` or `#`; an authority (`//host`) is skipped.
 */
function hierarchicalPath(uri: string): string | undefined {
  const reference = uri.replace(/[?#][\s\S]*$/, '');
  const scheme = SCHEME.exec(reference);
  const rest = scheme ? reference.slice(scheme[0].length) : reference;
  if (rest.startsWith('//')) {
    const slash = rest.indexOf('/', 2);
    return slash < 0 ? '' : rest.slice(slash);
  }
  if (scheme && !rest.startsWith('/')) return undefined;
  return rest;
}

/**
 * Percent-decoding as Langertha does it: each run of `%XX` escapes is bytes, read as UTF-8 (a
 * malformed sequence becomes U+FFFD, never an error); a `%` not followed by two hex digits
 * stays as written.
 */
function percentDecode(text: string): string {
  if (!text.includes('%')) return text;
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    const bytes = new Uint8Array(run.length / 3);
    for (let index = 0; index < bytes.length; index++) {
      bytes[index] = Number.parseInt(run.slice(index * 3 + 1, index * 3 + 3), 16);
    }
    return utf8.decode(bytes);
  });
}

/**
 * The filename of a PDF sent as a Responses `input_file`: the percent-decoded last
 * segment of the resource URI's hierarchical path, with `.pdf` appended when missing
 * (case-insensitive); an opaque URI (`urn:`, `data:`), an empty path or a path ending in `/`
 * gives `document.pdf`. A reference without a scheme is read as a path.
 *
 * @example pdfFilename('file:///reports/Q3%20summary') // 'Q3 summary.pdf'
 */
export function pdfFilename(uri: string | undefined): string {
  if (typeof uri !== 'string' || uri === '') return DEFAULT_PDF_FILENAME;
  const path = hierarchicalPath(uri);
  if (path === undefined) return DEFAULT_PDF_FILENAME;
  const name = percentDecode(path.slice(path.lastIndexOf('/') + 1));
  if (name === '') return DEFAULT_PDF_FILENAME;
  return /\.pdf$/i.test(name) ? name : `${name}.pdf`;
}
