import { ValidationError, type WireFormat } from '@crosswire/core';
import { defaultRegistry } from '@crosswire/registry';
import { ToolResult } from '@crosswire/tool-result';
import { expectPositionals, flag, parseWire, stringOption } from '../args.js';
import type { Command } from '../command.js';
import { EXIT_OK, UsageError } from '../errors.js';
import { jsonText } from '../format.js';
import { type CliIo, readStdinText, readTextFile } from '../io.js';
import {
  resolveToolResultSettings,
  settingGates,
  type ToolResultSettings,
} from '../tool-result-settings.js';
import { warningPrinter } from '../warnings.js';

const help = `Usage: crosswire convert --wire W [--provider P --model M] FILE|-

Reads an MCP CallToolResult (JSON) and prints the tool-result block the wire sends,
as ToolResult.to(wire, options) renders it. Payloads are printed as they would be sent.

With --provider and --model, the options are the ones the registry sets for that model
on that provider: imageInput from tool_result_images, nativePdf from tool_result_pdf,
sourceBlocks off on shims that reject document blocks, the Hermes response tag. Without
them, the renderer's defaults apply (no native images).

Arguments:
  FILE                a JSON file: { "content": [...], "isError"?, "structuredContent"?,
                      "_meta"? }, a bare content array, or a JSON-RPC response whose
                      result is one; a JSON-RPC error response becomes the error result
                      a tool loop sends for it ("tool NAME failed: MCP error CODE: ...").
                      Any other key is refused, so a misspelt "content" is not an empty
                      result. At most 128 MiB.
  -                   read the JSON from standard input

Options:
  --wire W            openai, anthropic, gemini, ollama, responses or hermes
                      (defaults to the provider's wire when --provider is given)
  --provider P        a registry provider id, e.g. anthropic, openai, aki-anthropic
  --model M           the model, as you would pass it to the provider
  --name NAME         the tool name the block carries (default: tool)
  --id ID             the tool call id the block answers (default: call_1)
  --verbose           print { wire, provider, model, options, gates, block } instead of
                      the block; gates says what each option decides on this wire
  -h, --help          show this help

Examples:
  crosswire convert --wire openai result.json
  crosswire convert --provider anthropic --model claude-sonnet-4-5 result.json
  cat result.json | crosswire convert --wire gemini -
`;

/** The keys of an MCP CallToolResult (`toolResult` is the protocol's legacy form). */
const RESULT_KEYS = ['content', 'structuredContent', 'isError', '_meta', 'toolResult'] as const;

function refuse(message: string, code = 'not_a_tool_result'): ValidationError {
  return new ValidationError(`convert: ${message}`, { code });
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Edit distance, for naming the key a misspelt one was meant to be. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

function unknownKeyMessage(key: string, label: string): string {
  const nearest = RESULT_KEYS.find(
    (known) => distance(key.toLowerCase(), known.toLowerCase()) <= 2,
  );
  const hint = nearest === undefined ? '' : `; did you mean '${nearest}'?`;
  return `${label} has the key '${key}', which a CallToolResult does not have (its keys: ${RESULT_KEYS.join(', ')})${hint}`;
}

/** Checks an object is a CallToolResult: known keys only, and something to render. */
function checkedResult(value: unknown, label: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw refuse(
      `${label} is ${kindOf(value)}, not a CallToolResult (an object with content, or a content array)`,
    );
  }
  const record = value as Record<string, unknown>;
  const unknown = Object.keys(record).find(
    (key) => !(RESULT_KEYS as readonly string[]).includes(key),
  );
  if (unknown !== undefined) throw refuse(unknownKeyMessage(unknown, label));
  if (!('content' in record) && !('structuredContent' in record) && !('toolResult' in record)) {
    throw refuse(
      `${label} has no content (a CallToolResult has content, structuredContent or toolResult)`,
    );
  }
  return record;
}

/** What a JSON-RPC error response becomes: the error result a tool loop sends for it. */
function errorResult(error: unknown, name: string, label: string): Record<string, unknown> {
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    message?: unknown;
  };
  if (typeof code !== 'number' || typeof message !== 'string') {
    throw refuse(`${label} is a JSON-RPC error response without a numeric code and a message`);
  }
  // As the MCP SDK's McpError words it, and as the tool loop reports a failed call.
  return {
    content: [{ type: 'text', text: `tool ${name} failed: MCP error ${code}: ${message}` }],
    isError: true,
  };
}

/** The CallToolResult the input holds, whichever of the accepted forms it is in. */
function callToolResultOf(parsed: unknown, name: string, label: string): Record<string, unknown> {
  if (Array.isArray(parsed)) return { content: parsed };
  if (typeof parsed === 'object' && parsed !== null && 'jsonrpc' in parsed) {
    // A JSON-RPC message as MCP logs show it.
    const message = parsed as Record<string, unknown>;
    if ('method' in message) {
      throw refuse(
        `${label} is a JSON-RPC request (method ${String(message.method)}), not the response to one`,
      );
    }
    if ('error' in message) return errorResult(message.error, name, label);
    if ('result' in message) return checkedResult(message.result, `${label}'s result`);
    throw refuse(`${label} is a JSON-RPC message with neither a result nor an error`);
  }
  return checkedResult(parsed, label);
}

async function readInput(file: string, io: CliIo): Promise<{ text: string; label: string }> {
  if (file === '-') return { text: await readStdinText(io, 'convert'), label: 'standard input' };
  return { text: await readTextFile(io, file, file, 'convert'), label: file };
}

function parseInput(text: string, label: string): unknown {
  // Editors on Windows save JSON with a byte order mark; JSON.parse refuses it.
  const json = text.replace(/^\uFEFF/, '');
  if (json.trim() === '') {
    throw refuse(`${label} is empty (expected a CallToolResult JSON)`, 'invalid_json');
  }
  // NUL bytes, or bytes that are not UTF-8 (decoded as U+FFFD): not a text file at all.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
  if (/[\u0000\ufffd]/.test(json)) {
    throw refuse(
      `${label} is binary data, not JSON text (expected a CallToolResult JSON)`,
      'invalid_json',
    );
  }
  try {
    return JSON.parse(json);
  } catch (error) {
    throw refuse(`${label} is not valid JSON: ${(error as Error).message}`, 'invalid_json');
  }
}

/**
 * The providers of `wire` that are a sibling of `provider` (`openai` → `openai-responses`,
 * `moonshot` → `moonshot-anthropic`): the one a user asking for that wire most likely meant.
 */
function siblingProviders(provider: string, wire: WireFormat): string[] {
  return defaultRegistry
    .providers()
    .filter(
      (entry) =>
        entry.wire === wire &&
        (entry.id.startsWith(`${provider}-`) || provider.startsWith(`${entry.id}-`)),
    )
    .map((entry) => entry.id);
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
    const siblings = siblingProviders(settings.provider, wire);
    const hint =
      siblings.length > 0
        ? `the ${wire} wire is the provider ${siblings.map((id) => `'${id}'`).join(' or ')} (--provider ${siblings[0]})`
        : `drop --wire, or pick a provider of that wire (crosswire providers --wire ${wire} lists them)`;
    throw new UsageError(
      `convert: provider '${settings.provider}' speaks the ${settings.wire} wire, not ${wire}; ${hint}`,
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
    const name = stringOption(args, 'name') ?? 'tool';
    const input = callToolResultOf(parseInput(text, label), name, label);
    const onWarning = warningPrinter(io);
    const result = ToolResult.fromCallToolResult(
      { name, id: stringOption(args, 'id') ?? 'call_1' },
      input,
      { onWarning },
    );
    const options = settings?.options ?? {};
    const block = result.to(wire, { ...options, onWarning });
    io.stdout(
      jsonText(
        flag(args, 'verbose')
          ? {
              wire,
              provider: settings?.provider ?? null,
              model: model ?? null,
              options,
              gates: settingGates(wire, settings),
              block,
            }
          : block,
      ),
    );
    return EXIT_OK;
  },
};
