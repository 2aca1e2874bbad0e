import { type ParseArgsConfig, parseArgs } from 'node:util';
import { isWireFormat, WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import { closestName } from '@crosswire/registry';
import { UsageError } from './errors.js';

/** The options a command accepts, in `util.parseArgs` form. */
export type OptionsSpec = NonNullable<ParseArgsConfig['options']>;

/** A parsed command line: option values by name, and the positionals in order. */
export interface ParsedArgs {
  readonly values: Readonly<Record<string, string | boolean | string[] | boolean[] | undefined>>;
  readonly positionals: readonly string[];
}

interface NodeParseError {
  code?: string;
  message: string;
}

/**
 * `--timeout -5` as `--timeout=-5`: a negative number after an option that takes a value is
 * that value (util.parseArgs would call it ambiguous), so the option's own check can say what
 * is wrong with it.
 */
function joinNegativeNumbers(argv: readonly string[], options: OptionsSpec): string[] {
  const joined: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const word = argv[index] ?? '';
    const next = argv[index + 1];
    const name = word.startsWith('--') ? word.slice(2) : undefined;
    if (
      name !== undefined &&
      options[name]?.type === 'string' &&
      next !== undefined &&
      /^-\d/.test(next)
    ) {
      joined.push(`${word}=${next}`);
      index += 1;
    } else {
      joined.push(word);
    }
  }
  return joined;
}

/** `--model -x`: the value looks like an option. Says how to pass it if it is the value. */
function ambiguousValueMessage(message: string, argv: readonly string[]): string | undefined {
  const option = /^Option '(--[\w-]+)/.exec(message)?.[1];
  if (option === undefined || !message.includes('ambiguous')) return undefined;
  const value = argv[argv.indexOf(option) + 1] ?? '';
  return `${option} needs a value, and '${value}' looks like an option (write ${option}=${value} if it is the value)`;
}

/** `; did you mean --explain?` for `Unknown option '--explian'`, or nothing when none is near. */
function optionSuggestion(message: string, options: OptionsSpec): string {
  const typed = /^Unknown option '--?([^'=]+)/.exec(message)?.[1];
  if (typed === undefined) return '';
  const nearest = closestName(typed, [...Object.keys(options), 'help']);
  return nearest === undefined ? '' : `; did you mean --${nearest}?`;
}

/**
 * Parses `argv` strictly with `util.parseArgs`; turns its errors into one-line usage errors
 * that name the command (Node's own messages carry a second sentence about `--`).
 */
export function parseCommandArgs(
  command: string,
  argv: readonly string[],
  options: OptionsSpec,
): ParsedArgs {
  try {
    const { values, positionals } = parseArgs({
      args: joinNegativeNumbers(argv, options),
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    return { values: values as ParsedArgs['values'], positionals };
  } catch (error) {
    const { code, message } = error as NodeParseError;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
      const ambiguous = ambiguousValueMessage(message, argv);
      if (ambiguous !== undefined) throw new UsageError(`${command}: ${ambiguous}`, command);
      const firstSentence = message.split(/\.\s/)[0]?.replace(/\.$/, '') ?? message;
      // Node capitalises ("Unknown option"); every other message of the CLI is lower case.
      const lowered = firstSentence.charAt(0).toLowerCase() + firstSentence.slice(1);
      const hint =
        code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? optionSuggestion(message, options) : '';
      throw new UsageError(`${command}: ${lowered}${hint}`, command);
    }
    throw error;
  }
}

/** A string option's value, or undefined. */
export function stringOption(args: ParsedArgs, name: string): string | undefined {
  const value = args.values[name];
  return typeof value === 'string' ? value : undefined;
}

/** A repeatable string option's values (empty when absent). */
export function stringListOption(args: ParsedArgs, name: string): string[] {
  const value = args.values[name];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return typeof value === 'string' ? [value] : [];
}

/** A boolean flag. */
export function flag(args: ParsedArgs, name: string): boolean {
  return args.values[name] === true;
}

/** Exactly `count` positionals, named in the message when some are missing or extra. */
export function expectPositionals(
  command: string,
  args: ParsedArgs,
  names: readonly string[],
): string[] {
  if (args.positionals.length < names.length) {
    const missing = names.slice(args.positionals.length).join(' ');
    throw new UsageError(`${command}: missing ${missing}`, command);
  }
  if (args.positionals.length > names.length) {
    const extra = args.positionals.slice(names.length).join(' ');
    throw new UsageError(`${command}: unexpected argument ${extra}`, command);
  }
  return [...args.positionals];
}

/** The `--wire` value checked against the six wire formats. */
export function parseWire(command: string, value: string): WireFormat {
  if (!isWireFormat(value)) {
    throw new UsageError(
      `${command}: unknown wire '${value}' (one of: ${WIRE_FORMATS.join(', ')})`,
      command,
    );
  }
  return value;
}

/** A non-negative whole number of bytes: `1048576`, or with a unit `512k`, `20m`, `1g`. */
export function parseByteCount(command: string, option: string, value: string): number {
  const match = /^(\d+)\s*([kmg]i?b?)?$/i.exec(value.trim());
  if (!match) {
    throw new UsageError(
      `${command}: ${option} must be a whole number of bytes, optionally with k, m or g (got '${value}')`,
      command,
    );
  }
  const unit = (match[2] ?? '').toLowerCase().charAt(0);
  const factor = unit === 'k' ? 1024 : unit === 'm' ? 1024 ** 2 : unit === 'g' ? 1024 ** 3 : 1;
  return Number(match[1]) * factor;
}

/** A positive whole number (a timeout in milliseconds). */
export function parsePositiveInteger(command: string, option: string, value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) <= 0) {
    throw new UsageError(
      `${command}: ${option} must be a positive whole number (got '${value}')`,
      command,
    );
  }
  return Number(value);
}

/**
 * Arguments a command takes in either form, as positionals in order or as `--name VALUE`
 * (`caps anthropic claude-sonnet-4-5`, `caps --provider anthropic --model claude-sonnet-4-5`,
 * or one of each). Each is given once: as a flag, or else by the next positional.
 */
export function positionalsOrFlags(
  command: string,
  args: ParsedArgs,
  names: readonly { readonly flag: string; readonly positional: string }[],
): string[] {
  const missing = names.filter((name) => stringOption(args, name.flag) === undefined);
  const positionals = expectPositionals(
    command,
    args,
    missing.map((name) => name.positional),
  );
  return names.map((name) => stringOption(args, name.flag) ?? positionals.shift() ?? '');
}
