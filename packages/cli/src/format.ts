import { printable } from './errors.js';
import type { CliIo } from './io.js';

/** The few styles the CLI uses; each is the identity when colour is off. */
export interface Style {
  readonly bold: (text: string) => string;
  readonly dim: (text: string) => string;
  readonly red: (text: string) => string;
  readonly green: (text: string) => string;
  readonly yellow: (text: string) => string;
  readonly cyan: (text: string) => string;
}

const ansi =
  (open: number, close: number) =>
  (text: string): string =>
    `\u001b[${open}m${text}\u001b[${close}m`;

const identity = (text: string): string => text;

const colourStyle: Style = {
  bold: ansi(1, 22),
  dim: ansi(2, 22),
  red: ansi(31, 39),
  green: ansi(32, 39),
  yellow: ansi(33, 39),
  cyan: ansi(36, 39),
};

const plainStyle: Style = {
  bold: identity,
  dim: identity,
  red: identity,
  green: identity,
  yellow: identity,
  cyan: identity,
};

/**
 * Colours only when standard output is a terminal and `NO_COLOR` is unset or empty
 * (https://no-color.org), so pipes, files and CI logs get plain text.
 */
export function colourEnabled(io: Pick<CliIo, 'isTTY' | 'env'>): boolean {
  const noColor = io.env.NO_COLOR;
  return io.isTTY && (noColor === undefined || noColor === '');
}

/** The style for this output. */
export function styleFor(io: Pick<CliIo, 'isTTY' | 'env'>): Style {
  return colourEnabled(io) ? colourStyle : plainStyle;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching ANSI escapes is the point
const ansiPattern = /\u001b\[[0-9;]*m/g;

/** The printed width of `text`, ignoring colour escapes. */
export function visibleWidth(text: string): number {
  return [...text.replace(ansiPattern, '')].length;
}

function padEnd(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - visibleWidth(text)));
}

/** A cell: its plain text decides the width, `styled` (same text, with colour) is printed. */
export interface Cell {
  readonly text: string;
  readonly styled?: string;
}

export type CellInput = string | Cell;

/** A plain cell is escaped (names and reasons may come from a provider); a styled one is the caller's. */
function toCell(input: CellInput): Cell {
  return typeof input === 'string' ? { text: printable(input) } : input;
}

/**
 * A compact table: a header row, columns separated by two spaces, the last column unpadded
 * so long descriptions do not leave trailing blanks.
 */
export function renderTable(
  headers: readonly string[],
  rows: readonly (readonly CellInput[])[],
  style: Style,
): string {
  const cells = rows.map((row) => row.map(toCell));
  const widths = headers.map((header, index) =>
    Math.max(visibleWidth(header), ...cells.map((row) => visibleWidth(row[index]?.text ?? ''))),
  );
  const line = (row: readonly Cell[]): string =>
    row
      .map((cell, index) => {
        const shown = cell.styled ?? cell.text;
        return index === row.length - 1 ? shown : padEnd(shown, widths[index] ?? 0);
      })
      .join('  ')
      .trimEnd();
  const header = line(headers.map((text) => ({ text, styled: style.bold(text) })));
  return `${[header, ...cells.map(line)].join('\n')}\n`;
}

/** Bytes as a short human size: `84 B`, `1.5 KiB`, `20.0 MiB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/** Cuts `text` to `max` characters with an ellipsis, on one line. */
export function truncate(text: string, max: number): string {
  const oneLine = text.replace(/\s*\n\s*/g, ' ⏎ ');
  const characters = [...oneLine];
  return characters.length <= max ? oneLine : `${characters.slice(0, max - 1).join('')}…`;
}

/** Pretty JSON with a trailing newline, as every `--json` output prints it. */
export function jsonText(value: unknown): string {
  // JSON escapes C0 controls and lone surrogates itself; the bidirectional, zero-width and
  // other invisible characters a peer's string may hold are escaped too (they occur only
  // inside strings, where \uXXXX means the same), so a reader of the JSON sees them.
  return `${JSON.stringify(value, null, 2).replace(INVISIBLE, (character) =>
    [...Array(character.length).keys()]
      .map((index) => `\\u${character.charCodeAt(index).toString(16).padStart(4, '0')}`)
      .join(''),
  )}\n`;
}

const INVISIBLE = /[\p{Cf}\u007f-\u009f\u2028\u2029]/gu;

/** Key and value lines, keys padded to one column: the form of single-object reports. */
export function renderPairs(pairs: readonly (readonly [string, string])[], style: Style): string {
  const width = Math.max(0, ...pairs.map(([key]) => visibleWidth(key)));
  return (
    pairs.map(([key, value]) => `${style.dim(padEnd(key, width))}  ${value}`.trimEnd()).join('\n') +
    '\n'
  );
}
