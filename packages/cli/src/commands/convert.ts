import { carriesNative, ValidationError, type WireFormat } from '@crosswire/core';
import { defaultRegistry, editDistance } from '@crosswire/registry';
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

const help = `Usage: crosswire convert --wire W [--provider P --model M] [--image-input] FILE|-

Reads an MCP CallToolResult (JSON) and prints the tool-result block the wire sends,
as ToolResult.to(wire, options) renders it. Payloads are printed as they would be sent.

With --provider and --model, the options are the ones the registry sets for that model
on that provider: imageInput from tool_result_images, nativePdf from tool_result_pdf,
sourceBlocks off on shims that reject document blocks, the Hermes response tag. Without
them, the renderer's defaults apply: no model is known to see images, so an image is a
placeholder unless --image-input says the model sees it. When an image becomes a
placeholder, a note on standard error says why, and whether the model sees it all the
same: on openai, ollama, hermes and Gemini 2.x an engine sends a vision model the images
in a user message after the results (the delivery crosswire caps prints).

Arguments:
  FILE                a JSON file: { "content": [...], "isError"?, "structuredContent"?,
                      "_meta"? }, a bare content array, or a JSON-RPC response whose
                      result is one; a JSON-RPC error response becomes the error result
                      a tool loop sends for it ("tool NAME failed: MCP error CODE: ...").
                      Any other key is refused, so a misspelt "content" is not an empty
                      result. At most 128 MiB.
  -                   read the JSON from standard input

Options:
  --wire W            openai, anthropic, gemini, ollama, responses, hermes or bedrock
                      (defaults to the provider's wire when --provider is given)
  --provider P        a registry provider id, e.g. anthropic, openai, aki-anthropic
  --model M           the model, as you would pass it to the provider
  --image-input       the model sees images in tool results: send them natively on the
                      wires that carry them (anthropic, gemini, responses); overrides
                      the registry's answer for --provider and --model
  --name NAME         the tool name the block carries (default: tool)
  --id ID             the tool call id the block answers (default: call_1)
  --verbose           print { wire, provider, model, options, gates, delivery, block }
                      instead of the block; gates says what each option decides on this
                      wire, delivery how a tool's image and PDF reach the model (native,
                      user-message, tool-message or placeholder; with --provider and --model)
  -h, --help          show this help

Examples:
  crosswire convert --wire openai result.json
  crosswire convert --wire anthropic --image-input result.json
  crosswire convert --provider anthropic --model claude-sonnet-5-5 result.json
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

function unknownKeyMessage(key: string, label: string): string {
  const nearest = RESULT_KEYS.find(
    (known) => editDistance(key.toLowerCase(), known.toLowerCase()) <= 2,
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

/** How many image items the result's content holds. */
function imageCount(input: Record<string, unknown>): number {
  const content = Array.isArray(input.content) ? (input.content as unknown[]) : [];
  return content.filter(
    (item) =>
      typeof item === 'object' && item !== null && (item as { type?: unknown }).type === 'image',
  ).length;
}

/**
 * Why the result's images are placeholders in the printed block, and whether the model sees
 * them all the same, or undefined when they are not placeholders (or there are none). With
 * --provider and --model this is the registry's answer (`crosswire caps` prints the same):
 * an engine sends a vision model the images a string wire's tool result cannot hold in a user
 * message after the results.
 */
function placeholderNote(
  wire: WireFormat,
  input: Record<string, unknown>,
  imageInput: boolean,
  settings: ToolResultSettings | undefined,
): string | undefined {
  const count = imageCount(input);
  if (count === 0) return undefined;
  const images =
    count === 1 ? 'the image is a placeholder' : `the ${count} images are placeholders`;
  const carries = carriesNative(wire, 'image');
  if (carries && imageInput) return undefined;
  if (settings === undefined) {
    return carries
      ? `${images}: without --provider and --model no model is known to see images (pass --image-input, or --provider and --model for the registry's answer)`
      : `${images}: the ${wire} wire has no image in a tool result; an engine sends the image to a model that sees images in a user message after the results (pass --provider and --model for the registry's answer)`;
  }
  const { delivery, reasons } = defaultRegistry.resolve({
    provider: settings.provider,
    model: settings.model,
  }).delivery.image;
  const model = `${settings.model} on ${settings.provider}`;
  const why = `crosswire caps ${settings.provider} ${settings.model} --explain says why`;
  if (delivery === 'user-message' || delivery === 'tool-message') {
    const where =
      delivery === 'tool-message'
        ? 'on the tool message itself'
        : 'in a user message after the results';
    return `${images} in this block; an engine sends ${count === 1 ? 'it' : 'them'} to ${model} ${where} (delivery ${delivery}: ${why})`;
  }
  const last = reasons.at(-1) ?? '';
  return `${images}: ${model} never sees ${count === 1 ? 'it' : 'them'} (delivery ${delivery}: ${last}; ${why}${carries ? '; --image-input overrides' : ''})`;
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
    'image-input': { type: 'boolean' },
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
    const imageInputFlag = flag(args, 'image-input');
    const options = {
      ...settings?.options,
      ...(imageInputFlag ? { imageInput: true } : {}),
    };
    const block = result.to(wire, { ...options, onWarning });
    const note = placeholderNote(wire, input, options.imageInput === true, settings);
    if (note !== undefined) io.stderr(`crosswire: note: convert: ${note}\n`);
    io.stdout(
      jsonText(
        flag(args, 'verbose')
          ? {
              wire,
              provider: settings?.provider ?? null,
              model: model ?? null,
              options,
              gates: settingGates(wire, settings, imageInputFlag),
              // How a tool's image and PDF reach this model: the answer caps prints.
              delivery:
                settings === undefined
                  ? null
                  : defaultRegistry.resolve({ provider: settings.provider, model: settings.model })
                      .delivery,
              block,
            }
          : block,
      ),
    );
    return EXIT_OK;
  },
};
