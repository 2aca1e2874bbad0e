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

/**
 * One line for any error: the message only (never a stack), newlines folded so a terminal
 * and a log both get exactly one line.
 */
export function errorLine(error: unknown): string {
  const message =
    error instanceof Error
      ? error.message
      : typeof error === 'string'
        ? error
        : `unexpected failure: ${String(error)}`;
  const folded = message.replace(/\s*\n\s*/g, ' ').trim();
  return folded === '' ? 'unexpected failure' : folded;
}
