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
 * The percent-decoded last segment of a URI's hierarchical path, or undefined for an opaque URI
 * (`urn:`, `data:`), an empty path or a path ending in `/`. A reference without a scheme is
 * read as a path.
 */
export function uriFileName(uri: string | undefined): string | undefined {
  if (typeof uri !== 'string' || uri === '') return undefined;
  const path = hierarchicalPath(uri);
  if (path === undefined) return undefined;
  const name = percentDecode(path.slice(path.lastIndexOf('/') + 1));
  return name === '' ? undefined : name;
}

/**
 * The filename of a PDF sent as a Responses `input_file`: the resource URI's file name
 * (`uriFileName`), with `.pdf` appended when missing (case-insensitive); `document.pdf`
 * when the URI names no file.
 *
 * @example pdfFilename('file:///reports/Q3%20summary') // 'Q3 summary.pdf'
 */
export function pdfFilename(uri: string | undefined): string {
  const name = uriFileName(uri);
  if (name === undefined) return DEFAULT_PDF_FILENAME;
  return /\.pdf$/i.test(name) ? name : `${name}.pdf`;
}
