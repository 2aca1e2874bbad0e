import path from 'node:path';
import { CrosswireError } from '@crosswire/core';
import {
  createRegistry,
  defaultRegistry,
  formatIssue,
  LISTING_READERS,
  PROVIDER_LISTINGS,
  type Registry,
  validateRegistrySources,
} from '@crosswire/registry';
import { expectPositionals, flag, stringOption } from '../args.js';
import type { Command } from '../command.js';
import { EXIT_FAILURE, EXIT_OK, printable, UsageError } from '../errors.js';
import { jsonText } from '../format.js';
import type { CliIo } from '../io.js';
import { compareListing, type SyncChange, type SyncReport } from '../sync/compare.js';
import { DEFAULT_MAX_NEW, type WrittenSync, writeSync } from '../sync/write-sync.js';
import { findDataDirectory, readDataSources } from './registry-validate.js';

const help = `Usage: crosswire registry sync PROVIDER [--base-url URL] [--write] [--max-new N] [--data DIR] [--json]

Reads PROVIDER's own model list (and what it states of each model: kind, capabilities,
context, lifecycle, aliases) with the provider's API key from its environment variable (see
crosswire providers), and prints, model by model, what the registry data lacks or has
otherwise and why, citing the list. One request (a few for a paged list).

A local server (ollama, lmstudio, llamacpp, vllm, sglang) lists the models on your machine,
not a catalogue: its report flags nothing as unlisted, and --write is refused (use
registry.discover, or an engine's discovery on first use, for what it serves).

Options:
  --base-url URL      read the list from this base URL instead of the provider's
  --write             write the changes into the data, for a pull request: a new model becomes
                      an offering (with a lab entry holding the listing's facts as "evidence:
                      listing" when no lab file has it); a dated id the registry resolves to
                      an offering is its snapshot and shares its lifecycle (no new offering
                      unless the list states its own); the lifecycle the list states is written with the
                      list as evidence (an offering it says shut down moves to "retired"); an
                      offering the list lacks gets a note for review. Nothing is removed. The
                      result is checked with the validator of crosswire registry validate
                      before anything is written: on a problem nothing is written and the
                      command exits 1 with the reasons. Then run \`pnpm format\`
  --max-new N         the most new entries (offerings, lab entries, retired entries) one
                      run may write (default ${DEFAULT_MAX_NEW}); more writes nothing
  --data DIR          the data directory to write into (default: packages/registry/data of
                      the checkout you are in)
  --json              print the report as JSON
  -h, --help          show this help

Examples:
  ANTHROPIC_API_KEY=... crosswire registry sync anthropic
  OPENAI_API_KEY=... crosswire registry sync openai --write
`;

const SIGNS: Readonly<Record<SyncChange['change'], string>> = {
  'add-offering': '+ offering',
  lifecycle: '~ lifecycle',
  retire: '- retire',
  'flag-unlisted': '? unlisted',
  skip: '  not written',
};

/** The registry of a data directory, so the comparison is with the files being written. */
async function registryOf(dataDir: string): Promise<Registry> {
  const { sources } = await readDataSources(dataDir);
  const { files, issues } = validateRegistrySources(sources);
  if (issues.length > 0) {
    throw new CrosswireError(
      'sync_data_invalid',
      `registry sync: the data in ${dataDir} does not validate (${issues.length} problem(s), first: ${formatIssue(issues[0] as (typeof issues)[number])}); run crosswire registry validate`,
    );
  }
  return createRegistry({
    extends: null,
    entries: files.map((file) => file.data),
    catalogue: defaultRegistry.catalogue() ?? null,
  });
}

/** `crosswire registry sync`: compare the data with the provider's own model list. */
export const registrySyncCommand: Command = {
  name: 'registry sync',
  summary: "compare the data with a provider's own model list, and update it",
  help,
  options: {
    'base-url': { type: 'string' },
    write: { type: 'boolean' },
    'max-new': { type: 'string' },
    data: { type: 'string' },
    json: { type: 'boolean' },
  },
  run: async (args, io) => {
    const [provider = ''] = expectPositionals('registry sync', args, ['PROVIDER']);
    if (!defaultRegistry.hasProvider(provider)) {
      throw new UsageError(
        `registry sync: unknown provider "${printable(provider)}" (see crosswire providers)`,
        'registry sync',
      );
    }
    const entry = defaultRegistry.provider(provider);
    const kind = PROVIDER_LISTINGS[entry.id];
    const local = kind !== undefined && LISTING_READERS[kind].local === true;
    const write = flag(args, 'write');
    if (write && local) {
      throw new UsageError(
        `registry sync: --write is refused for "${entry.id}": a local server lists the models on this machine, not a catalogue of what "${entry.id}" serves; use registry.discover (or an engine's discovery on first use) to learn what it serves`,
        'registry sync',
      );
    }
    const maxNew = maxNewOf(stringOption(args, 'max-new'));
    const apiKey = entry.apiKeyEnv ? io.env[entry.apiKeyEnv] : undefined;
    if (entry.auth?.required && !apiKey) {
      throw new UsageError(
        `registry sync: provider "${entry.id}" needs an API key: set ${entry.apiKeyEnv ?? 'its key variable'}`,
        'registry sync',
      );
    }
    let dataDir: string | undefined;
    if (write || stringOption(args, 'data') !== undefined) {
      const requested = stringOption(args, 'data');
      dataDir =
        requested === undefined ? findDataDirectory(io.cwd) : path.resolve(io.cwd, requested);
      if (dataDir === undefined) {
        throw new UsageError(
          'registry sync: --write needs the registry data: run it inside a Crosswire checkout or pass --data DIR',
          'registry sync',
        );
      }
    }
    const registry = dataDir === undefined ? defaultRegistry : await registryOf(dataDir);
    const baseUrl = stringOption(args, 'base-url');
    const truncations: string[] = [];
    const learned = await registry.discover({
      provider: entry.id,
      ...(baseUrl === undefined ? {} : { baseUrl }),
      ...(apiKey === undefined ? {} : { apiKey }),
      onWarning: (warning) => truncations.push(warning.message),
    });
    const listing = learned.learned().listings.find((candidate) => candidate.provider === entry.id);
    if (!listing) throw new Error(`registry sync: provider "${entry.id}" listed nothing`);
    const report = compareListing(registry, listing, { local });

    const written =
      write && dataDir !== undefined
        ? await writeSync({ dataDir, registry, report, maxNew })
        : undefined;
    const failed = written !== undefined && !written.ok;

    if (flag(args, 'json')) {
      io.stdout(
        jsonText({
          ...report,
          notes: truncations,
          written: written
            ? {
                ...written,
                files: written.files.map((file) => path.relative(io.cwd, file) || file),
              }
            : null,
        }),
      );
    } else {
      io.stdout(renderReport(report, truncations, written, io));
    }
    return failed ? EXIT_FAILURE : EXIT_OK;
  },
};

function maxNewOf(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  // Digits only (no sign, space, exponent or hex), and few enough to be counted exactly.
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(parsed)) {
    throw new UsageError(
      `registry sync: --max-new takes a whole number of entries, got "${printable(value)}"`,
      'registry sync',
    );
  }
  return parsed;
}

/** The report as text: a line per model, every name the provider sent escaped. */
function renderReport(
  report: SyncReport,
  notes: readonly string[],
  written: WrittenSync | undefined,
  io: CliIo,
): string {
  const lines = [
    `${report.provider}: ${report.endpoint} lists ${report.listed} model(s) on ${report.date}${report.complete ? '' : ' (in part)'}`,
    ...notes.map((note) => `note: ${note}`),
  ];
  if (report.local) {
    lines.push(
      `"${report.provider}" is a local server: its list is the models on this machine, so nothing is flagged as unlisted and --write is refused`,
    );
  }
  if (report.changes.length === 0) lines.push('the data agrees with the list');
  for (const change of report.changes) {
    const about = change.model ? ` (${change.model})` : '';
    lines.push(`${SIGNS[change.change]}  ${change.id}${about}: ${change.reason}`);
  }
  if (written) {
    const shown = (file: string) => path.relative(io.cwd, file) || file;
    if (written.ok) {
      lines.push(
        `wrote ${written.offerings.length} offering(s), ${written.labEntries.length} lab entr${written.labEntries.length === 1 ? 'y' : 'ies'}, ${written.lifecycles.length} lifecycle(s), ${written.retired.length} retired, flagged ${written.flagged.length}${written.files.length > 0 ? ` in ${written.files.map(shown).join(', ')}` : ''}`,
      );
    } else {
      lines.push('nothing written:', ...written.issues.map((issue) => `  ${formatIssue(issue)}`));
    }
    for (const skipped of written.skipped) {
      lines.push(`not written: ${skipped.id}: ${skipped.reason}`);
    }
  }
  return `${lines.map((line) => printable(line)).join('\n')}\n`;
}
