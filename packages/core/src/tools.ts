import { deepFreeze } from './deep-freeze.js';
import { UnknownWireFormatError } from './errors.js';
import type { DestructurableToolCall, ToolCall } from './tool-call.js';
import {
  MAX_SCHEMA_DEPTH,
  parseToolDefinitions,
  type ToolDefinitionInput,
} from './tool-definition.js';
import type {
  FormatToolCallOptions,
  FormatToolsOptions,
  FormattedToolCall,
  FormattedTools,
  LocateToolCallsOptions,
  ToolWire,
} from './tool-wire.js';
import { type CrosswireWarning, emitWarning } from './warnings.js';
import { isWireFormat, type WireFormat } from './wire-format.js';
import * as anthropic from './wires/anthropic.js';
import * as bedrock from './wires/bedrock.js';
import * as gemini from './wires/gemini.js';
import * as hermes from './wires/hermes.js';
import * as ollama from './wires/ollama.js';
import * as openai from './wires/openai.js';
import * as responses from './wires/responses.js';

/**
 * Every wire's tool functions. A mapped Record over {@link WireFormat}: adding a wire
 * without its file fails to compile.
 */
export const TOOL_WIRES: { readonly [W in WireFormat]: ToolWire<W> } = {
  openai,
  anthropic,
  gemini,
  ollama,
  responses,
  hermes,
  bedrock,
};

function wireOf<W extends WireFormat>(wire: W): ToolWire<W> {
  if (!isWireFormat(wire)) throw new UnknownWireFormatError(wire);
  return TOOL_WIRES[wire] as ToolWire<W>;
}

/**
 * The tools payload of `wire` for MCP tool definitions (validated; a duplicate name or a
 * non-object input schema throws {@link ValidationError}):
 * - openai: `[{type:'function', function:{name, description, parameters}}]`
 * - anthropic: `[{name, description, input_schema}]`
 * - responses: `[{type:'function', name, description, parameters, strict:false}]`
 * - gemini: `[{functionDeclarations:[{name, description, parameters}]}]` (schema cleaned up)
 * - ollama: `[{type:'function', function:{name, description, parameters}}]`
 * - hermes: the list that goes inside `<tools>` (see {@link hermesToolsPrompt})
 * - bedrock: `[{toolSpec:{name, description, inputSchema:{json}}}]` (Converse `toolConfig.tools`)
 *
 * The definitions given (and their schemas) are not changed.
 */
export function formatTools<W extends WireFormat>(
  wire: W,
  tools: readonly ToolDefinitionInput[],
  options: FormatToolsOptions = {},
): FormattedTools[W] {
  const codec = wireOf(wire);
  const key = `${wire} ${options.strict === true} ${options.geminiSchemaField ?? ''} ${options.hermesShape ?? ''}`;
  const known = FORMATTED.get(tools)?.get(key);
  if (known && sameTools(known.tools, tools)) {
    for (const warning of known.warnings) emitWarning(options.onWarning, warning);
    return [...known.formatted] as FormattedTools[W];
  }
  if (!Array.isArray(tools) || !tools.every(isDeeplyFrozen)) {
    return codec.formatTools(parseToolDefinitions(tools), options);
  }
  // The warnings of formatting are told again on every request that sends the list, as
  // they were before the list was remembered.
  const warnings: CrosswireWarning[] = [];
  const formatted = codec.formatTools(parseToolDefinitions(tools), {
    ...options,
    onWarning: (warning) => warnings.push(warning),
  });
  for (const warning of warnings) emitWarning(options.onWarning, warning);
  for (const item of formatted) deepFreeze(item);
  let byOptions = FORMATTED.get(tools);
  if (!byOptions) {
    byOptions = new Map();
    FORMATTED.set(tools, byOptions);
  }
  byOptions.set(key, { tools: [...tools], formatted, warnings });
  return [...formatted] as FormattedTools[W];
}

/*
 * Formatted tools per tool list. The tool loop sends the same roster on every request, and
 * formatting it (a validation and a copy of each schema) cost 2.4 ms per request at 200 tools.
 * A list is remembered only when every tool in it is deeply frozen (a parsed definition, the
 * roster's tools): such a tool cannot change, so the same tools in the same order format the
 * same way. The list itself may still change (an array the caller pushes to), so each use
 * compares it tool by tool with what was formatted. A list holding any tool that can change is
 * formatted afresh each time. The formatted tools are shared between requests, so they are
 * frozen: a body's tools are read, never changed in place.
 */
interface FormattedList {
  readonly tools: readonly unknown[];
  readonly formatted: readonly unknown[];
  readonly warnings: readonly CrosswireWarning[];
}
const FORMATTED = new WeakMap<readonly unknown[], Map<string, FormattedList>>();

function sameTools(known: readonly unknown[], tools: readonly unknown[]): boolean {
  if (known.length !== tools.length) return false;
  for (let index = 0; index < known.length; index++) {
    if (known[index] !== tools[index]) return false;
  }
  return true;
}

/** Objects found deeply frozen, plain data throughout: they never change again. */
const IMMUTABLE = new WeakSet<object>();

/**
 * True when `value` is deeply frozen plain data: every object in it frozen, with data
 * properties only (a getter could answer differently each time) and a plain prototype.
 * Walked once per object; past {@link MAX_SCHEMA_DEPTH} levels it counts as changeable.
 * What answers true can be remembered by identity: it cannot change (the formatted tools of
 * {@link formatTools} are, and preflight remembers its tool rules' answers for them).
 */
export function isDeeplyFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  // Most values asked about are not frozen at all: answered before anything is allocated,
  // and before the (dearer) lookup of what is known to be deeply frozen.
  if (!Object.isFrozen(value)) return false;
  if (IMMUTABLE.has(value)) return true;
  // Two parallel stacks and one descriptor per property (not a descriptor map per object):
  // the tool loop asks this of every turn it adds.
  const nodes: unknown[] = [value];
  const depths: number[] = [0];
  const found: object[] = [];
  while (nodes.length > 0) {
    const node = nodes.pop();
    const depth = depths.pop() as number;
    if (typeof node !== 'object' || node === null || IMMUTABLE.has(node)) continue;
    if (depth > MAX_SCHEMA_DEPTH + 2 || !Object.isFrozen(node)) return false;
    const prototype = Object.getPrototypeOf(node);
    if (prototype !== Object.prototype && prototype !== Array.prototype && prototype !== null) {
      return false;
    }
    for (const key of Reflect.ownKeys(node)) {
      const property = Object.getOwnPropertyDescriptor(node, key) as PropertyDescriptor;
      if (!('value' in property)) return false;
      const inner: unknown = property.value;
      if (typeof inner === 'object' && inner !== null) {
        nodes.push(inner);
        depths.push(depth + 1);
      }
    }
    found.push(node);
  }
  for (const node of found) IMMUTABLE.add(node);
  return true;
}

/**
 * The raw tool-call structures of a decoded reply body, in order, as `wire` spells them.
 * Structures without a name are left out, so each located call gives one {@link ToolCall}.
 * Never throws on a body of the wrong shape (gives []); throws `unsupported_tool_call` for
 * a Responses item the client must answer that is not a function call.
 */
export function locateToolCalls(
  wire: WireFormat,
  body: unknown,
  options: LocateToolCallsOptions = {},
): unknown[] {
  const codec = wireOf(wire);
  return codec
    .locateToolCalls(body, options)
    .filter((raw) => codec.toolCallFrom(raw) !== undefined);
}

/**
 * Every structure a reply body of `wire` holds where calls go, the nameless ones included
 * (an OpenAI `function: null`, a `tool_use` without a name): what {@link locateToolCalls}
 * leaves out is what a tool loop must also leave out of its echo, since it cannot answer it.
 * The items are the body's own objects, not copies.
 */
export function locateToolCallItems(
  wire: WireFormat,
  body: unknown,
  options: LocateToolCallsOptions = {},
): unknown[] {
  return wireOf(wire).locateToolCalls(body, options);
}

/**
 * One raw call structure of `wire` as a frozen {@link ToolCall}, or undefined when it is
 * not a call (not an object, no name).
 */
export function extractToolCall(
  wire: WireFormat,
  raw: unknown,
): DestructurableToolCall | undefined {
  return wireOf(wire).toolCallFrom(raw);
}

/** Every tool call of a decoded reply body, in order: locate, then extract. */
export function toolCallsFrom(
  wire: WireFormat,
  body: unknown,
  options: LocateToolCallsOptions = {},
): ToolCall[] {
  const codec = wireOf(wire);
  const calls: ToolCall[] = [];
  for (const raw of codec.locateToolCalls(body, options)) {
    const call = codec.toolCallFrom(raw);
    if (call) calls.push(call);
  }
  return calls;
}

/**
 * A call as the assistant turn carries it on `wire` (for rebuilding an echo): an OpenAI
 * `tool_calls` item, an Anthropic `tool_use` block, a Gemini `functionCall` part (with the
 * located part's `thoughtSignature`), an Ollama call, a Responses `function_call` item,
 * the Hermes `<tool_call>` text, or a Bedrock Converse `toolUse` block.
 */
export function formatToolCall<W extends WireFormat>(
  wire: W,
  call: ToolCall,
  options: FormatToolCallOptions = {},
): FormattedToolCall[W] {
  return wireOf(wire).formatToolCall(call, options);
}
