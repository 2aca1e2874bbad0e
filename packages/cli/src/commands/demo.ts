import { expectPositionals, flag, parseWire, stringOption } from '../args.js';
import type { Command } from '../command.js';
import { terminalApproval } from '../demo/approve.js';
import { renderDemo } from '../demo/render.js';
import { runDemo } from '../demo/run-demo.js';
import { streamPrinter } from '../demo/stream-transcript.js';
import { renderOutputDemo, runOutputDemo } from '../demo/structured.js';
import { EXIT_OK, UsageError } from '../errors.js';
import { jsonText, styleFor } from '../format.js';
import { warningPrinter } from '../warnings.js';

const help = `Usage: crosswire demo [--wire W] [--stream] [--approve] [--json]
       crosswire demo --output [--wire W] [--json]
       crosswire demo --provider P --model M [--base-url URL] [--wire W] [--stream] [--json]

Shows what a tool's output becomes on each LLM wire. An MCP server in this process
(the official SDK, in memory) has five tools: one returns text, one an image (a real
PNG), one a PDF (a real PDF), one a text resource, one an error. A scripted model calls
all five, and the engine runs the tool loop against the loopback provider simulator, once
per wire and per kind of model (one that sees images, one that does not). The table
shows what each tool output reached the model as. No API key, no network.

With --provider and --model it runs the same conversation against the real provider
instead (the key comes from the provider's environment variable, e.g.
OPENAI_API_KEY or ANTHROPIC_API_KEY; see crosswire caps for what the registry knows).

With --output it asks each wire for one JSON Schema (a weather report) instead and
shows the mechanism the engine used on that wire and the validated object.

Options:
  --wire W            only this wire (openai, anthropic, gemini, ollama, responses,
                      hermes); also prints each block as sent, payloads summarised
  --provider P        run against this registry provider (needs --model and its key)
  --model M           the model to run with --provider
  --base-url URL      with --provider: send to this URL instead of the registry's
                      (a proxy, a self-hosted server)
  --stream            stream every turn and show it as it comes: the model's text,
                      each tool call as it runs, each result, the turn boundaries
  --approve           ask on the terminal before each call of a tool that is not
                      read-only (book_table): y runs it, anything else denies it and
                      the model reads "the user denied this call"; four tools are
                      annotated read-only and run without asking
  --output            structured output: one schema on every wire (or --wire W), the
                      mechanism used and the validated object (simulator only)
  --json              print the whole report as JSON
  -h, --help          show this help

Examples:
  crosswire demo
  crosswire demo --wire anthropic
  crosswire demo --stream --wire gemini
  crosswire demo --approve --wire openai
  crosswire demo --json
  crosswire demo --output
  OPENAI_API_KEY=... crosswire demo --provider openai --model gpt-4.1-mini
`;

/** `crosswire demo`: the main job, on an embedded default. */
export const demoCommand: Command = {
  name: 'demo',
  summary: 'see what each tool output becomes on every wire (no key, no network)',
  help,
  options: {
    wire: { type: 'string' },
    provider: { type: 'string' },
    model: { type: 'string' },
    'base-url': { type: 'string' },
    json: { type: 'boolean' },
    stream: { type: 'boolean' },
    output: { type: 'boolean' },
    approve: { type: 'boolean' },
  },
  run: async (args, io) => {
    expectPositionals('demo', args, []);
    const wireText = stringOption(args, 'wire');
    const wire = wireText === undefined ? undefined : parseWire('demo', wireText);
    const provider = stringOption(args, 'provider');
    const model = stringOption(args, 'model');
    if ((provider === undefined) !== (model === undefined)) {
      throw new UsageError('demo: --provider and --model go together', 'demo');
    }
    const baseUrl = stringOption(args, 'base-url');
    if (baseUrl !== undefined && provider === undefined) {
      throw new UsageError('demo: --base-url needs --provider and --model', 'demo');
    }
    if (baseUrl !== undefined && !/^https?:\/\/[^/]/i.test(baseUrl)) {
      throw new UsageError(
        `demo: --base-url must be an http or https URL (got '${baseUrl}')`,
        'demo',
      );
    }
    if (flag(args, 'output')) {
      if (provider !== undefined || flag(args, 'stream')) {
        throw new UsageError(
          'demo: --output runs against the simulator; it does not go with --provider or --stream',
          'demo',
        );
      }
      if (flag(args, 'approve')) {
        throw new UsageError(
          'demo: --output calls no tools; there is nothing to --approve',
          'demo',
        );
      }
      const output = await runOutputDemo({
        ...(wire === undefined ? {} : { wire }),
        onWarning: warningPrinter(io),
      });
      io.stdout(flag(args, 'json') ? jsonText(output) : renderOutputDemo(output, styleFor(io)));
      return EXIT_OK;
    }
    const report = await runDemo({
      ...(wire === undefined ? {} : { wire }),
      ...(provider !== undefined && model !== undefined
        ? { live: { provider, model, ...(baseUrl === undefined ? {} : { baseUrl }) } }
        : {}),
      env: io.env,
      onWarning: warningPrinter(io),
      ...(flag(args, 'approve') ? { onApproval: terminalApproval(io) } : {}),
      ...(flag(args, 'stream') && !flag(args, 'json')
        ? { onStreamEvent: streamPrinter((text) => io.stdout(text)) }
        : {}),
    });
    io.stdout(
      flag(args, 'json')
        ? jsonText(report)
        : renderDemo(report, styleFor(io), wire !== undefined || report.mode === 'live'),
    );
    return EXIT_OK;
  },
};
