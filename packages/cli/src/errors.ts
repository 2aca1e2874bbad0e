import { CrosswireError } from '@crosswire/core';

/**
 * A command line the CLI cannot act on: an unknown command or option, a missing argument, a
 * value of the wrong form. Exits with status 2, as usage errors do by convention.
 */
export class UsageError extends CrosswireError {
  /** The command whose `--help` explains the right usage, when there is one. */
  readonly command: string | undefined;
  constructor(message: string, command?: string) {
    super('usage_error', message, { details: { command } });
    this.command = command;
  }
}

/** Exit statuses: 0 done, 1 the work failed, 2 the command line was wrong. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

// C0 and C1 control characters (newlines are folded before), DEL, format characters (the
// bidirectional overrides and isolates that make a name read backwards, zero-width spaces and
// joiners, the byte-order mark), line and paragraph separators, the replacement character that
// undecodable bytes became, and lone surrogates.
const UNPRINTABLE =
  /[\p{Cc}\p{Cf}\u2028\u2029\ufffd]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/gu;

/**
 * Text safe for one terminal line: newlines folded to spaces, and every control, bidirectional
 * or zero-width character (binary garbage a message quotes from its input, a peer's spoofed
 * name) written as a `\xNN` / `\uNNNN` escape, so nothing an input contains can move the
 * cursor, ring the bell, recolour the terminal or pass one name off as another.
 */
export function printable(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').replace(UNPRINTABLE, (char) => {
    const code = char.codePointAt(0) ?? 0;
    if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
    return code <= 0xffff ? `\\u${code.toString(16)}` : `\\u{${code.toString(16)}}`;
  });
}

/**
 * One line for any error: the message only (never a stack), newlines folded so a terminal
 * and a log both get exactly one line, control characters escaped.
 */
export function errorLine(error: unknown): string {
  const message =
    error instanceof Error
      ? error.message
      : typeof error === 'string'
        ? error
        : `unexpected failure: ${String(error)}`;
  const folded = printable(message).trim();
  return folded === '' ? 'unexpected failure' : folded;
}

/** `COMMAND: message`, unless the message already names the command. */
export function withCommandPrefix(command: string | undefined, line: string): string {
  if (command === undefined || line.startsWith(`${command}: `)) return line;
  return `${command}: ${line}`;
}
