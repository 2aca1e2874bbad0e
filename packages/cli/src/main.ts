import { closestName } from '@crosswire/registry';
import { parseCommandArgs } from './args.js';
import type { Command } from './command.js';
import { capsCommand } from './commands/caps.js';
import { convertCommand } from './commands/convert.js';
import { demoCommand } from './commands/demo.js';
import { fetchImageCommand } from './commands/fetch-image.js';
import { modelsCommand } from './commands/models.js';
import { providersCommand } from './commands/providers.js';
import { registryProbeCommand } from './commands/registry-probe.js';
import { registrySyncCommand } from './commands/registry-sync.js';
import { registryValidateCommand } from './commands/registry-validate.js';
import {
  EXIT_FAILURE,
  EXIT_OK,
  EXIT_USAGE,
  errorLine,
  UsageError,
  withCommandPrefix,
} from './errors.js';
import { type CliIo, completeIo } from './io.js';
import { CLI_VERSION } from './version.js';

/** Every command, in the order `crosswire --help` lists them. */
export const COMMANDS: readonly Command[] = [
  demoCommand,
  convertCommand,
  capsCommand,
  modelsCommand,
  providersCommand,
  fetchImageCommand,
  registryValidateCommand,
  registryProbeCommand,
  registrySyncCommand,
];

function mainHelp(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  const list = COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`);
  return [
    'crosswire: MCP tool results, exact on every LLM wire',
    '',
    'Usage: crosswire <command> [options]',
    '',
    'Commands:',
    ...list,
    '',
    'Options:',
    '  -h, --help     show help (also: crosswire <command> --help)',
    '  -v, --version  print the version',
    '',
    'Start with `crosswire demo`: no API key and no network needed.',
    '',
  ].join('\n');
}

/** Finds the command `argv` names; `registry validate` takes two words. */
function findCommand(argv: readonly string[]): { command: Command; rest: string[] } | undefined {
  for (const command of COMMANDS) {
    const words = command.name.split(' ');
    if (words.every((word, index) => argv[index] === word)) {
      return { command, rest: argv.slice(words.length) };
    }
  }
  return undefined;
}

/** The commands of a group (`registry`), for `crosswire registry --help`. */
function groupHelp(group: string): string | undefined {
  const members = COMMANDS.filter((command) => command.name.startsWith(`${group} `));
  if (members.length === 0) return undefined;
  const width = Math.max(...members.map((command) => command.name.length));
  return [
    `Usage: crosswire ${group} <subcommand> [options]`,
    '',
    'Subcommands:',
    ...members.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    `See crosswire ${group} <subcommand> --help.`,
    '',
  ].join('\n');
}

function isHelpWord(word: string | undefined): boolean {
  return word === '-h' || word === '--help' || word === 'help';
}

function unknownCommandMessage(argv: readonly string[]): string {
  const first = argv[0] ?? '';
  const group = COMMANDS.filter((command) => command.name.startsWith(`${first} `));
  if (group.length > 0) {
    const sub = argv[1];
    const choices = group.map((command) => command.name).join(', ');
    return sub === undefined
      ? `missing subcommand for '${first}' (one of: ${choices})`
      : `unknown subcommand '${first} ${sub}' (one of: ${choices})`;
  }
  const names = COMMANDS.map((command) => command.name.split(' ')[0] ?? command.name);
  const nearest = closestName(first, new Set(names));
  const hint = nearest === undefined ? '' : `; did you mean '${nearest}'?`;
  return `unknown command '${first}'${hint} (one of: ${COMMANDS.map((command) => command.name).join(', ')}; see crosswire --help)`;
}

/**
 * Runs the `crosswire` command line `argv` (without `node` and the script) and resolves to
 * the exit status. Every failure is reported as one line on standard error,
 * `crosswire: <message>`, status 1 for a failed command, 2 for a wrong command line. `io` defaults to the
 * real process; tests pass captured streams.
 */
export async function main(argv: readonly string[], io?: Partial<CliIo>): Promise<number> {
  const streams = completeIo(io);
  // The command running, so every failure inside it is reported as `crosswire: COMMAND: ...`.
  let running: string | undefined;
  try {
    const first = argv[0];
    if (first === undefined) {
      // The usage for the reader, and the one-line error every failure prints.
      streams.stdout(mainHelp());
      throw new UsageError('missing command (start with crosswire demo; see crosswire --help)');
    }
    if (first === '-h' || first === '--help' || first === 'help') {
      const topic = first === 'help' ? argv.slice(1) : [];
      if (topic.length === 0) {
        streams.stdout(mainHelp());
        return EXIT_OK;
      }
      const found = findCommand(topic);
      const group = topic.length === 1 ? groupHelp(topic[0] ?? '') : undefined;
      if (found === undefined && group === undefined)
        throw new UsageError(unknownCommandMessage(topic));
      streams.stdout(found ? found.command.help : (group ?? ''));
      return EXIT_OK;
    }
    if (first === '-v' || first === '--version') {
      streams.stdout(`${CLI_VERSION}\n`);
      return EXIT_OK;
    }
    const found = findCommand(argv);
    const group = argv.length === 2 && isHelpWord(argv[1]) ? groupHelp(first) : undefined;
    if (found === undefined && group !== undefined) {
      streams.stdout(group);
      return EXIT_OK;
    }
    if (found === undefined) throw new UsageError(unknownCommandMessage(argv));
    running = found.command.name;
    const args = parseCommandArgs(found.command.name, found.rest, found.command.options);
    if (args.values.help === true) {
      streams.stdout(found.command.help);
      return EXIT_OK;
    }
    return await found.command.run(args, streams);
  } catch (caught) {
    const error = caught;
    const hint =
      error instanceof UsageError && error.command !== undefined
        ? ` (see crosswire ${error.command} --help)`
        : '';
    streams.stderr(`crosswire: ${withCommandPrefix(running, errorLine(error))}${hint}\n`);
    return error instanceof UsageError ? EXIT_USAGE : EXIT_FAILURE;
  }
}
