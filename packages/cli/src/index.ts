/**
 * The crosswire command: demo, convert, caps, models, providers, fetch-image, and registry
 * validate, sync and probe.
 *
 * @module @crosswire/cli
 */

export type { OptionsSpec, ParsedArgs } from './args.js';
export type { Command } from './command.js';
export {
  type DemoModelKind,
  type DemoOptions,
  type DemoOutcome,
  type DemoReport,
  type DemoRow,
  type DemoTurn,
  runDemo,
} from './demo/run-demo.js';
export { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, UsageError } from './errors.js';
export { colourEnabled } from './format.js';
export { type CliIo, MAX_INPUT_BYTES } from './io.js';
export { COMMANDS, main } from './main.js';
