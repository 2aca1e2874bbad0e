import path from 'node:path';
import { defaultRegistry } from '@crosswire/registry';
import { expectPositionals, flag, stringOption } from '../args.js';
import type { Command } from '../command.js';
import { EXIT_OK, UsageError } from '../errors.js';
import { jsonText } from '../format.js';
import { compareListing } from '../sync/compare.js';
import { type WrittenSync, writeSync } from '../sync/write-sync.js';
import { findDataDirectory } from './registry-validate.js';

const help = `Usage: crosswire registry sync PROVIDER [--base-url URL] [--write] [--data DIR] [--json]

Reads PROVIDER's own model list (and the metadata it offers: capabilities, context) with
the provider's API key from its environment variable (see crosswire providers), and prints
what the registry data lacks (listed models with no offering) and what the data offers that
the provider no longer lists (candidates for "retired"). One request (a few for a paged list).

Options:
  --base-url URL      read the list from this base URL instead of the provider's
  --write             write the differences into the data, for a pull request: each missing
                      model becomes an offering (with a lab entry holding the listing's facts
                      as "evidence: listing" when no lab file has it), each offering no longer
                      listed gets a note flagging it for review; nothing is removed. Then run
                      \`pnpm format\` and \`crosswire registry validate\`
  --data DIR          the data directory to write into (default: packages/registry/data of
                      the checkout you are in)
  --json              print the report as JSON
  -h, --help          show this help

Examples:
  ANTHROPIC_API_KEY=... crosswire registry sync anthropic
  OPENAI_API_KEY=... crosswire registry sync openai --write
`;

/** \`crosswire registry sync\`: compare the data with the provider's own model list. */
export const registrySyncCommand: Command = {
  name: 'registry sync',
  summary: "compare the data with a provider's own model list, and update it",
  help,
  options: {
    'base-url': { type: 'string' },
    write: { type: 'boolean' },
    data: { type: 'string' },
    json: { type: 'boolean' },
  },
  run: async (args, io) => {
    const [provider = ''] = expectPositionals('registry sync', args, ['PROVIDER']);
    if (!defaultRegistry.hasProvider(provider)) {
      throw new UsageError(
        `registry sync: unknown provider "${provider}" (see crosswire providers)`,
        'registry sync',
      );
    }
    const entry = defaultRegistry.provider(provider);
    const apiKey = entry.apiKeyEnv ? io.env[entry.apiKeyEnv] : undefined;
    if (entry.auth?.required && !apiKey) {
      throw new UsageError(
        `registry sync: provider "${entry.id}" needs an API key: set ${entry.apiKeyEnv ?? 'its key variable'}`,
        'registry sync',
      );
    }
    const baseUrl = stringOption(args, 'base-url');
    const learned = await defaultRegistry.discover({
      provider: entry.id,
      ...(baseUrl === undefined ? {} : { baseUrl }),
      ...(apiKey === undefined ? {} : { apiKey }),
    });
    const listing = learned.learned().listings.find((candidate) => candidate.provider === entry.id);
    if (!listing) throw new Error(`registry sync: provider "${entry.id}" listed nothing`);
    const report = compareListing(defaultRegistry, listing);

    let written: WrittenSync | undefined;
    if (flag(args, 'write')) {
      const requested = stringOption(args, 'data');
      const dataDir =
        requested === undefined ? findDataDirectory(io.cwd) : path.resolve(io.cwd, requested);
      if (dataDir === undefined) {
        throw new UsageError(
          'registry sync: --write needs the registry data: run it inside a Crosswire checkout or pass --data DIR',
          'registry sync',
        );
      }
      written = await writeSync({ dataDir, registry: defaultRegistry, report });
    }

    if (flag(args, 'json')) {
      io.stdout(
        jsonText({
          ...report,
          missing: report.missing.map(({ id, model }) => ({ id, model: model ?? null })),
          written: written
            ? {
                ...written,
                files: written.files.map((file) => path.relative(io.cwd, file) || file),
              }
            : null,
        }),
      );
      return EXIT_OK;
    }
    const lines = [
      `${report.provider}: ${report.endpoint} lists ${report.listed} model(s) on ${report.date}`,
      report.missing.length === 0
        ? 'the data lacks none of them'
        : `the data lacks ${report.missing.length} (listed, no offering):`,
      ...report.missing.map(
        (missing) =>
          `  ${missing.id}  ${missing.model ? `(model ${missing.model})` : '(no lab entry)'}`,
      ),
      report.unlisted.length === 0
        ? 'every offering of the data is listed'
        : `the data offers ${report.unlisted.length} the provider no longer lists (candidates for "retired", review):`,
      ...report.unlisted.map((id) => `  ${id}`),
    ];
    if (written) {
      lines.push(
        `wrote ${written.offerings.length} offering(s), ${written.labEntries.length} lab entr${written.labEntries.length === 1 ? 'y' : 'ies'}, flagged ${written.flagged.length} offering(s)${written.files.length > 0 ? ` in ${written.files.map((file) => path.relative(io.cwd, file) || file).join(', ')}` : ''}`,
        ...(written.skipped.length > 0
          ? [
              `not written (no lab file has them; add a lab entry first): ${written.skipped.join(', ')}`,
            ]
          : []),
      );
    }
    io.stdout(`${lines.join('\n')}\n`);
    return EXIT_OK;
  },
};
