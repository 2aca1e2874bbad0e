import { UnknownWireFormatError } from './errors.js';
import type { DestructurableToolCall, ToolCall } from './tool-call.js';
import { parseToolDefinitions, type ToolDefinitionInput } from './tool-definition.js';
import type {
  FormatToolCallOptions,
  FormatToolsOptions,
  FormattedToolCall,
  FormattedTools,
  LocateToolCallsOptions,
  ToolWire,
} from './tool-wire.js';
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
 */
export function formatTools<W extends WireFormat>(
  wire: W,
  tools: readonly ToolDefinitionInput[],
  options: FormatToolsOptions = {},
): FormattedTools[W] {
  const codec = wireOf(wire);
  return codec.formatTools(parseToolDefinitions(tools, { onWarning: options.onWarning }), options);
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
