import { ValidationError, type WireFormat } from '@crosswire/core';
import { ToolResult } from '@crosswire/tool-result';
import { expectPositionals, flag, parseWire, stringOption } from '../args.js';
import type { Command } from '../command.js';
import { EXIT_OK, UsageError } from '../errors.js';
import { jsonText } from '../format.js';
import { type CliIo, readTextFile } from '../io.js';
import { resolveToolResultSettings, type ToolResultSettings } from '../tool-result-settings.js';
import { warningPrinter } from '../warnings.js';

const help = `Usage: crosswire convert --wire W [--provider P --model M] FILE|-

Reads an MCP CallToolResult (JSON) and prints the tool-result block the wire sends,
as ToolResult.to(wire, options) renders it. Payloads are printed as they would be sent.

With --provider and --model, the options are the ones the registry sets for that model
on that provider: imageInput from tool_result_images, nativePdf from tool_result_pdf,
sourceBlocks off on shims that reject document blocks, the Hermes response tag. Without
them, the renderer's defaults apply (no native images).

Arguments:
  FILE                a JSON file: { "content": [...], "isError"?, "structuredContent"? },
                      a bare content array, or a JSON-RPC response whose result is one
  -                   read the JSON from standard input

Options:
  --wire W            openai, anthropic, gemini, ollama, responses or hermes
                      (defaults to the provider's wire when --provider is given)
  --provider P        a registry provider id, e.g. anthropic, openai, aki-anthropic
  --model M           the model, as you would pass it to the provider
  --name NAME         the tool name the block carries (default: tool)
  --id ID             the tool call id the block answers (default: call_1)
  --verbose           print { wire, provider, model, options, block } instead of the block
  -h, --help          show this help

Examples:
  crosswire convert --wire openai result.json
  crosswire convert --provider anthropic --model claude-sonnet-4-5 result.json
  cat result.json | crosswire convert --wire gemini -
`;

function contentOf(parsed: unknown): unknown {
  if (Array.isArray(parsed)) return { content: parsed };
  if (typeof parsed === 'object' && parsed !== null) {
    const record = parsed as Record<string, unknown>;
    // A JSON-RPC response as MCP logs show it: the CallToolResult is its `result`.
    if ('jsonrpc' in record && typeof record.result === 'object' && record.result !== null) {
      return record.result;
    }
  }
  return parsed;
}

async function readInput(file: string, io: CliIo): Promise<{ text: string; label: string }> {
  if (file === '-') return { text: await io.readStdin(), label: 'standard input' };
  return { text: await readTextFile(io, file, file, 'convert'), label: file };
}

function parseInput(text: string, label: string): unknown {
  // Editors on Windows save JSON with a byte order mark; JSON.parse refuses it.
  const json = text.replace(/^\uFEFF/, '');
  if (json.trim() === '') {
    throw new ValidationError(`convert: ${label} is empty (expected a CallToolResult JSON)`, {
      code: 'invalid_json',
    });
  }
  try {
    return contentOf(JSON.parse(json));
  } catch (error) {
    throw new ValidationError(`convert: ${label} is not valid JSON: ${(error as Error).message}`, {
      code: 'invalid_json',
    });
  }
}

function chooseWire(
  requested: string | undefined,
  settings: ToolResultSettings | undefined,
): WireFormat {
  const wire = requested === undefined ? undefined : parseWire('convert', requested);
  if (settings === undefined) {
    if (wire === undefined)
      throw new UsageError('convert: missing --wire (or --provider and --model)', 'convert');
    return wire;
  }
  if (wire !== undefined && wire !== settings.wire) {
    throw new UsageError(
      `convert: provider '${settings.provider}' speaks the ${settings.wire} wire, not ${wire} (drop --wire or pick a provider of that wire)`,
      'convert',
    );
  }
  return settings.wire;
}

/** `crosswire convert`: a CallToolResult in, the wire block out. */
export const convertCommand: Command = {
  name: 'convert',
  summary: 'render a CallToolResult JSON as the tool-result block of a wire',
  help,
  options: {
    wire: { type: 'string' },
    provider: { type: 'string' },
    model: { type: 'string' },
    name: { type: 'string' },
    id: { type: 'string' },
    verbose: { type: 'boolean' },
  },
  run: async (args, io) => {
    const [file = '-'] = expectPositionals('convert', args, ['FILE']);
    const provider = stringOption(args, 'provider');
    const model = stringOption(args, 'model');
    if ((provider === undefined) !== (model === undefined)) {
      throw new UsageError('convert: --provider and --model go together', 'convert');
    }
    const settings =
      provider !== undefined && model !== undefined
        ? await resolveToolResultSettings(provider, model)
        : undefined;
    const wire = chooseWire(stringOption(args, 'wire'), settings);
    const { text, label } = await readInput(file, io);
    const input = parseInput(text, label);
    const onWarning = warningPrinter(io);
    const result = ToolResult.fromCallToolResult(
      { name: stringOption(args, 'name') ?? 'tool', id: stringOption(args, 'id') ?? 'call_1' },
      input,
      { onWarning },
    );
    const options = settings?.options ?? {};
    const block = result.to(wire, { ...options, onWarning });
    io.stdout(
      jsonText(
        flag(args, 'verbose')
          ? { wire, provider: settings?.provider ?? null, model: model ?? null, options, block }
          : block,
      ),
    );
    return EXIT_OK;
  },
};
