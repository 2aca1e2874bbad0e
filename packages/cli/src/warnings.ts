import type { WarningHandler } from '@crosswire/core';
import { printable } from './errors.js';
import type { CliIo } from './io.js';

/**
 * Prints each Crosswire warning as one line on standard error, once per kind, so a degraded
 * rendering is visible without flooding the terminal or touching standard output.
 */
export function warningPrinter(io: Pick<CliIo, 'stderr'>): WarningHandler {
  const seen = new Set<string>();
  return (warning) => {
    if (seen.has(warning.code)) return;
    seen.add(warning.code);
    io.stderr(`crosswire: warning: ${printable(warning.message)}\n`);
  };
}
