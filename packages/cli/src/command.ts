import type { OptionsSpec, ParsedArgs } from './args.js';
import type { CliIo } from './io.js';

/** One `crosswire` command: its name, help and what it does. */
export interface Command {
  /** As typed: `demo`, `registry validate`. */
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  /** The full `--help` text (usage, options, examples). */
  readonly help: string;
  /** Options in `util.parseArgs` form (`--help` is added to every command). */
  readonly options: OptionsSpec;
  /** Runs the command; resolves to the exit status. Throws on failure (main prints one line). */
  readonly run: (args: ParsedArgs, io: CliIo) => Promise<number>;
}
