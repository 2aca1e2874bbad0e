import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  checkRegistryFiles,
  defaultRegistry,
  formatIssue,
  type RegistryIssue,
  type RegistrySource,
  validateRegistrySources,
} from '@crosswire/registry';
import { expectPositionals, flag, stringOption } from '../args.js';
import type { Command } from '../command.js';
import { EXIT_FAILURE, EXIT_OK, UsageError } from '../errors.js';
import { jsonText, styleFor } from '../format.js';
import type { CliIo } from '../io.js';

const help = `Usage: crosswire registry validate [DIR | --data DIR] [--json]

Runs the registry checks a pull request must pass: every data file against its strict
schema, then the cross-field checks (output limit <= context, aliases unique and
resolving, no dangling references, a source for every true claim). Prints one line per
problem, as FILE: FIELD: PROBLEM, and exits 1 when there is any.

Without --data it checks packages/registry/data of the Crosswire checkout you are in
(searched upward from the current directory); outside a checkout it checks the data
built into the installed @crosswire/registry.

Arguments:
  DIR                 the data directory to check, the same as --data DIR

Options:
  --data DIR          the data directory to check (its *.json files, recursively, except
                      the imported catalogue snapshot); an empty directory is an error
  --json              print { ok, files, issues } as JSON
  -h, --help          show this help

Examples:
  crosswire registry validate
  crosswire registry validate --data ./packages/registry/data
  crosswire registry validate ./packages/registry/data
`;

/** `packages/registry/data` in the checkout containing `from`, if any. */
export function findDataDirectory(from: string): string | undefined {
  let directory = path.resolve(from);
  for (;;) {
    const candidate = path.join(directory, 'packages', 'registry', 'data');
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
}

async function jsonFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(directory, entry.name);
      // The imported catalogue snapshot is not a lab or provider file.
      if (entry.isDirectory()) return entry.name === 'catalogue' ? [] : jsonFiles(full);
      return entry.isFile() && entry.name.endsWith('.json') ? [full] : [];
    }),
  );
  return nested.flat().sort();
}

interface Outcome {
  readonly source: string;
  readonly files: number;
  readonly issues: readonly RegistryIssue[];
}

/**
 * The data files of a directory as the validator reads them (every `*.json` but the imported
 * catalogue), with the name each is reported under, and the files that are not JSON.
 */
export async function readDataSources(directory: string): Promise<{
  readonly sources: readonly RegistrySource[];
  readonly unreadable: readonly RegistryIssue[];
  readonly paths: ReadonlyMap<string, string>;
}> {
  const info = await stat(directory).catch(() => undefined);
  if (!info?.isDirectory()) {
    throw new UsageError(`registry validate: ${directory} is not a directory`, 'registry validate');
  }
  const files = await jsonFiles(directory);
  const sources: RegistrySource[] = [];
  const unreadable: RegistryIssue[] = [];
  const paths = new Map<string, string>();
  for (const file of files) {
    const name = path.relative(directory, file).split(path.sep).join('/');
    paths.set(name, file);
    try {
      sources.push({ file: name, data: JSON.parse(await readFile(file, 'utf8')) });
    } catch (error) {
      unreadable.push({
        file: name,
        path: '',
        message: `not valid JSON: ${(error as Error).message}`,
      });
    }
  }
  return { sources, unreadable, paths };
}

async function validateDirectory(directory: string): Promise<Outcome> {
  const { sources, unreadable, paths } = await readDataSources(directory);
  const { issues } = validateRegistrySources(sources);
  return { source: directory, files: paths.size, issues: [...unreadable, ...issues] };
}

function validateBuiltIn(): Outcome {
  const files = defaultRegistry.files();
  return {
    source: 'built-in data of @crosswire/registry',
    files: files.length,
    issues: checkRegistryFiles(files),
  };
}

function print(outcome: Outcome, io: CliIo, json: boolean): void {
  if (json) {
    io.stdout(
      jsonText({
        ok: outcome.issues.length === 0,
        source: outcome.source,
        files: outcome.files,
        issues: outcome.issues,
      }),
    );
    return;
  }
  const style = styleFor(io);
  for (const issue of outcome.issues) io.stdout(`${style.red('x')} ${formatIssue(issue)}\n`);
  const count = outcome.issues.length;
  io.stdout(
    count === 0
      ? `${style.green('ok')} registry data valid: ${outcome.files} files checked (${outcome.source})\n`
      : `${style.red(`${count} problem${count === 1 ? '' : 's'}`)} in ${outcome.files} files (${outcome.source})\n`,
  );
}

/** `crosswire registry validate`: the registry checks, for contributors. */
export const registryValidateCommand: Command = {
  name: 'registry validate',
  summary: 'check registry data files (schema and cross-field rules)',
  help,
  options: {
    data: { type: 'string' },
    json: { type: 'boolean' },
  },
  run: async (args, io) => {
    const positionals = expectPositionals(
      'registry validate',
      args,
      args.positionals.length > 0 && stringOption(args, 'data') === undefined ? ['DIR'] : [],
    );
    const requested = stringOption(args, 'data') ?? positionals[0];
    const directory =
      requested === undefined ? findDataDirectory(io.cwd) : path.resolve(io.cwd, requested);
    const outcome =
      directory === undefined ? validateBuiltIn() : await validateDirectory(directory);
    print(outcome, io, flag(args, 'json'));
    return outcome.issues.length === 0 ? EXIT_OK : EXIT_FAILURE;
  },
};
