import path from 'node:path';
import { defaultRegistry, formatIssue } from '@crosswire/registry';
import { expectPositionals, flag, stringOption } from '../args.js';
import type { Command } from '../command.js';
import { EXIT_FAILURE, EXIT_OK, printable, UsageError } from '../errors.js';
import { jsonText, renderTable, styleFor } from '../format.js';
import { probeModel } from '../probe/probe.js';
import { type EvidenceTarget, evidenceTarget, writeEvidence } from '../probe/write-evidence.js';
import { findDataDirectory } from './registry-validate.js';

const help = `Usage: crosswire registry probe PROVIDER MODEL [--base-url URL] [--write] [--data DIR] [--json]

Live evidence for the registry: sends MODEL on PROVIDER three small requests, each with a
fresh random code word the model must read back, and reports what it saw:
  image_input         the code word drawn in a PNG in a user message
  tool_result_images  the same PNG returned by a tool (wires with a native image form)
  tool_result_pdf     a one-page PDF with the code word returned by a tool (wires with a
                      native PDF form)
Guessing cannot pass: only a model that received and read the content knows the word.
The media are sent natively whatever the registry says today, since that is what is
measured. Uses the provider's API key from its environment variable (see crosswire
providers); each probe is one or two requests, billed as usual.

Options:
  --base-url URL      send to this base URL instead of the provider's
  --write             write the outcomes as "live" claims on the provider's offering in
                      the registry data, each with the code word, the model's reply, the
                      provider's response id and the endpoint, ready for a pull request
                      (a model with no lab entry gets one from its family template,
                      marked for review). The files are checked with the
                      validator of crosswire registry validate first: on a
                      problem nothing is written and the command exits 1
                      with the reasons. Then run \`pnpm format\`
  --data DIR          the data directory to write into (default: packages/registry/data of
                      the checkout you are in)
  --json              print the results as JSON
  -h, --help          show this help

Examples:
  ANTHROPIC_API_KEY=... crosswire registry probe anthropic claude-sonnet-5-5
  GEMINI_API_KEY=... crosswire registry probe gemini gemini-3.5-flash --write
`;

/** \`crosswire registry probe\`: measure what a model sees, and record it. */
export const registryProbeCommand: Command = {
  name: 'registry probe',
  summary: 'probe a model live for image, tool-result image and PDF input',
  help,
  options: {
    'base-url': { type: 'string' },
    write: { type: 'boolean' },
    data: { type: 'string' },
    json: { type: 'boolean' },
  },
  run: async (args, io) => {
    const [provider = '', model = ''] = expectPositionals('registry probe', args, [
      'PROVIDER',
      'MODEL',
    ]);
    const baseUrl = stringOption(args, 'base-url');
    // Where the evidence goes is settled before anything is sent: a probe that could not be
    // recorded spends nothing.
    let target: EvidenceTarget | undefined;
    if (flag(args, 'write')) {
      const requested = stringOption(args, 'data');
      const dataDir =
        requested === undefined ? findDataDirectory(io.cwd) : path.resolve(io.cwd, requested);
      if (dataDir === undefined) {
        throw new UsageError(
          'registry probe: --write needs the registry data: run it inside a Crosswire checkout or pass --data DIR',
          'registry probe',
        );
      }
      const entry = defaultRegistry.provider(provider);
      target = await evidenceTarget({
        dataDir,
        registry: defaultRegistry,
        provider,
        model,
        endpoint: `${(baseUrl ?? entry.baseUrl).replace(/\/+$/, '')}${entry.chatPath.replaceAll('{model}', encodeURIComponent(model))}`,
      });
    }
    const results = await probeModel({
      provider,
      model,
      env: io.env,
      ...(baseUrl !== undefined ? { baseUrl } : {}),
    });
    const written = target
      ? await writeEvidence(target, new Date().toISOString().slice(0, 10), results)
      : undefined;
    const refused = written !== undefined && !written.ok;
    if (flag(args, 'json')) {
      io.stdout(jsonText({ provider, model, results, written: written ?? null }));
    } else {
      const style = styleFor(io);
      const outcome = (text: string) =>
        text === 'seen'
          ? style.green(text)
          : text === 'not_seen'
            ? style.red(text)
            : style.yellow(text);
      io.stdout(
        renderTable(
          ['capability', 'outcome', 'detail'],
          results.map((result) => [
            result.capability,
            { text: result.outcome, styled: outcome(result.outcome) },
            result.detail,
          ]),
          style,
        ),
      );
      if (written && !written.ok) {
        io.stdout(
          `nothing written: the data would not validate:\n${written.issues.map((issue) => `  ${printable(formatIssue(issue))}`).join('\n')}\n`,
        );
      } else if (written) {
        const shown = (file: string) => path.relative(io.cwd, file) || file;
        if (written.createdLabEntry) {
          io.stdout(
            `created the lab entry "${printable(model)}" in ${shown(written.createdLabEntry)}, marked for review (see its "review" field)\n`,
          );
        }
        io.stdout(
          `wrote ${written.capabilities.join(', ') || 'nothing'} as live evidence on offering "${printable(written.offering)}" in ${shown(written.file)}\n`,
        );
      }
    }
    return refused || results.some((result) => result.outcome === 'error') ? EXIT_FAILURE : EXIT_OK;
  },
};
