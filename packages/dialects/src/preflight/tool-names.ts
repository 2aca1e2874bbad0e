// Tool names in each wire's legal form (issue 25): MCP allows any non-empty string as a tool
// name (`calendar.read`, `caldav-mcp.create-event`, `天气`), the providers do not. A name the
// wire accepts is sent as it is; any other gets a legal name derived from it (its legal
// characters, then `_` and 8 hex digits of its SHA-256), and a `ToolNameMap` built from the
// whole tool set keeps the names apart and maps the model's calls back.
import { isDeeplyFrozen, type ToolCall, ValidationError, type WireFormat } from '@crosswire/core';
import { ToolResult } from '@crosswire/tool-result';
import type { ChatRequest, ToolChoice } from '../dialect-types.js';
import type { ChatMessage } from '../messages.js';
import type { ChatResponse } from '../response.js';
import type { StreamEvent } from '../stream-types.js';
import { sha256Hex } from '../support/sha256.js';

/** What one wire accepts as a function tool's name. */
export interface ToolNameRule {
  /** The whole name the wire accepts (the preflight rule checks the same pattern). */
  readonly pattern: RegExp;
  /** One run of characters the wire does not accept (global). */
  readonly illegal: RegExp;
  /** The characters a name may start with; undefined when any legal character may. */
  readonly first?: RegExp;
  /** The longest name, in UTF-16 code units (all legal characters are ASCII). */
  readonly maxLength: number;
  /** Where the rule is documented. */
  readonly source: string;
}

const OPENAI_NAME: ToolNameRule = {
  pattern: /^[a-zA-Z0-9_-]{1,64}$/,
  illegal: /[^a-zA-Z0-9_-]+/g,
  maxLength: 64,
  source: 'https://github.com/openai/openai-openapi (FunctionObject.name, FunctionTool.name)',
};

/** The tool-name rule of each wire, the same patterns `preflight` checks. */
export const TOOL_NAME_RULES: Readonly<Record<WireFormat, ToolNameRule>> = {
  openai: OPENAI_NAME,
  responses: OPENAI_NAME,
  anthropic: {
    pattern: /^[a-zA-Z0-9_-]{1,128}$/,
    illegal: /[^a-zA-Z0-9_-]+/g,
    maxLength: 128,
    source: 'https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use',
  },
  // `@google/genai`'s FunctionDeclaration.name docs say 128; the API's own 400 says 64
  // (kaitranntt/ccs#25, google-gemini/gemini-cli#6704): the stricter holds.
  gemini: {
    pattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
    illegal: /[^a-zA-Z0-9_.:-]+/g,
    first: /^[a-zA-Z_]/,
    maxLength: 64,
    source: 'https://github.com/kaitranntt/ccs/issues/25',
  },
  bedrock: {
    pattern: /^[a-zA-Z0-9_-]{1,64}$/,
    illegal: /[^a-zA-Z0-9_-]+/g,
    maxLength: 64,
    source:
      'https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html',
  },
  // Ollama's /api/chat takes `function.name` as a plain JSON string (docs/api.md documents no
  // pattern) and renders it into the model's own template: any non-empty name.
  ollama: {
    pattern: /^[\s\S]+$/,
    illegal: /(?!)/g,
    maxLength: Number.POSITIVE_INFINITY,
    source:
      'https://github.com/ollama/ollama/blob/main/docs/api.md (tools: function.name, a string)',
  },
  // Hermes names travel as JSON strings inside the `<tools>` prompt and the model's
  // `<tool_call>` JSON: any non-empty name without `<` or `>`, which could close those tags.
  hermes: {
    pattern: /^[^<>]+$/,
    illegal: /[<>]+/g,
    maxLength: Number.POSITIVE_INFINITY,
    source: 'https://github.com/NousResearch/Hermes-Function-Calling (the <tools> prompt)',
  },
};

/** True when `wire` accepts `name` as a function tool's name as it is. */
export function isWireToolName(name: string, wire: WireFormat): boolean {
  return TOOL_NAME_RULES[wire].pattern.test(name);
}

/** `Refused: a tool named ''`: no wire can send it, and no call could name it. */
function emptyNameError(): ValidationError {
  return new ValidationError(
    "tool name '' cannot be sent: every wire needs a non-empty function name (MCP requires one too)",
    { path: 'name', code: 'empty_tool_name' },
  );
}

/** The legal name derived from `name` with digest input `salt` (the name itself first). */
function derivedName(name: string, wire: WireFormat, salt: string): string {
  const rule = TOOL_NAME_RULES[wire];
  const suffix = `_${sha256Hex(salt).slice(0, 8)}`;
  let stem = name.replace(rule.illegal, '_').replace(/^_+|_+$/g, '');
  if (stem === '') stem = 'tool';
  if (rule.first && !rule.first.test(stem)) stem = `_${stem}`;
  if (stem.length > rule.maxLength - suffix.length) {
    stem = stem.slice(0, rule.maxLength - suffix.length).replace(/_+$/, '');
  }
  return `${stem}${suffix}`;
}

/**
 * The name a tool called `name` gets on `wire`: `name` itself when the wire accepts it, else
 * its legal characters (each run of others one `_`, cut to fit), `_` and 8 hex digits of the
 * SHA-256 of `name` (`calendar.read` → `calendar_read_` + 8 hex digits on OpenAI; on Gemini,
 * which takes dots, `calendar.read`). Pure and stable: the same name always gives the same
 * wire name. Two names can only meet in a {@link ToolNameMap}, which keeps them apart. Throws
 * `ValidationError` `empty_tool_name` for `''`.
 */
export function wireToolName(name: string, wire: WireFormat): string {
  if (name === '') throw emptyNameError();
  if (isWireToolName(name, wire)) return name;
  return derivedName(name, wire, name);
}

/**
 * The names of one tool set on one wire, both ways: injective (two tools never share a wire
 * name, a legal name and a derived one included) and derived from the set alone (the same
 * tools, in any order, give the same map: on every turn, and after a save and a load).
 */
export class ToolNameMap {
  readonly wire: WireFormat;
  readonly #toWire = new Map<string, string>();
  readonly #toMcp = new Map<string, string>();

  constructor(names: Iterable<string>, wire: WireFormat) {
    this.wire = wire;
    const unique = [...new Set(names)];
    if (unique.includes('')) throw emptyNameError();
    // Legal names keep themselves first, so a derived name never takes one; the others are
    // named in code-unit order, each taking the first free candidate.
    for (const name of unique) {
      if (isWireToolName(name, wire)) this.#set(name, name);
    }
    const renamed = unique.filter((name) => !isWireToolName(name, wire)).sort();
    for (const name of renamed) {
      let candidate = derivedName(name, wire, name);
      for (let round = 1; this.#toMcp.has(candidate); round++) {
        candidate = derivedName(name, wire, `${name}\u0000${round}`);
      }
      this.#set(name, candidate);
    }
  }

  #set(name: string, wireName: string): void {
    this.#toWire.set(name, wireName);
    this.#toMcp.set(wireName, name);
  }

  /** True when some tool of the set goes out under another name. */
  get renames(): boolean {
    for (const [name, wireName] of this.#toWire) if (name !== wireName) return true;
    return false;
  }

  /**
   * The wire name of tool `name`. A name outside the set (a call in the history of a tool no
   * longer offered) gets {@link wireToolName}; `''` stays `''` (a call without a name).
   */
  toWire(name: string): string {
    const known = this.#toWire.get(name);
    if (known !== undefined) return known;
    return name === '' || isWireToolName(name, this.wire) ? name : wireToolName(name, this.wire);
  }

  /** The tool name a wire name stands for; a name the set does not hold comes back as it is. */
  toMcp(wireName: string): string {
    return this.#toMcp.get(wireName) ?? wireName;
  }

  /** Each tool name with its wire name, in code-unit order of the tool names. */
  entries(): [name: string, wireName: string][] {
    return [...this.#toWire].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }
}

// The maps of one deeply frozen tool list (the loop sends the same frozen list on every turn):
// built once per wire. A list that is not frozen may have changed since (a tool pushed into
// it), so its map is built afresh on every call.
const MAPS = new WeakMap<object, Partial<Record<WireFormat, ToolNameMap>>>();

/**
 * The {@link ToolNameMap} of a tool list on `wire` (memoised per deeply frozen list object).
 * Throws `ValidationError` `empty_tool_name` for a tool named `''`.
 */
export function toolNameMap(
  tools: readonly { readonly name: string }[],
  wire: WireFormat,
): ToolNameMap {
  let byWire = MAPS.get(tools);
  if (!byWire) {
    byWire = {};
    if (isDeeplyFrozen(tools)) MAPS.set(tools, byWire);
  }
  let map = byWire[wire];
  if (!map) {
    map = new ToolNameMap(
      tools.map((tool) => tool.name),
      wire,
    );
    byWire[wire] = map;
  }
  return map;
}

function renamedResult(result: ToolResult, name: string): ToolResult {
  if (result.name === name) return result;
  return new ToolResult({
    name,
    id: result.id,
    content: result.content,
    isError: result.isError,
    ...(result.structuredContent === undefined
      ? {}
      : { structuredContent: result.structuredContent }),
  });
}

/** `results` named as on the wire (what `formatToolResults` sends). */
export function wireNamedResults(
  results: readonly ToolResult[],
  map: ToolNameMap,
): readonly ToolResult[] {
  return results.every((result) => map.toWire(result.name) === result.name)
    ? results
    : results.map((result) => renamedResult(result, map.toWire(result.name)));
}

function wireNamedMessage(message: ChatMessage, map: ToolNameMap): ChatMessage {
  if (message.role === 'assistant' && message.toolCalls?.length) {
    const calls = message.toolCalls;
    if (calls.every((call) => map.toWire(call.name) === call.name)) return message;
    return {
      ...message,
      toolCalls: calls.map((call) => ({ ...call, name: map.toWire(call.name) })),
    };
  }
  if (message.role === 'tool') {
    const results = wireNamedResults(message.results, map);
    return results === message.results ? message : { ...message, results };
  }
  // Provider messages (`role: 'wire'`) are the wire's own shape: they keep its names.
  return message;
}

// Renamed tool lists, per deeply frozen list and wire: the same frozen objects on every turn.
const RENAMED = new WeakMap<object, Partial<Record<WireFormat, ChatRequest['tools']>>>();

function wireNamedTools(
  tools: NonNullable<ChatRequest['tools']>,
  map: ToolNameMap,
): NonNullable<ChatRequest['tools']> {
  let byWire = RENAMED.get(tools);
  if (!byWire) {
    byWire = {};
    if (isDeeplyFrozen(tools)) RENAMED.set(tools, byWire);
  }
  const cached = byWire[map.wire];
  if (cached) return cached;
  const renamed = Object.freeze(
    tools.map((tool) =>
      // Frozen: a renamed copy of a frozen tool stays immutable, so its formatting is remembered.
      map.toWire(tool.name) === tool.name
        ? tool
        : Object.freeze({ ...tool, name: map.toWire(tool.name) }),
    ),
  );
  byWire[map.wire] = renamed;
  return renamed;
}

/**
 * `request` with every tool name in `wire`'s legal form: the tools, a `toolChoice` naming
 * one, the calls of assistant messages and the results of tool messages. Provider messages
 * are left as they are (they already speak the wire). `request` is not changed: a renamed
 * request is a copy, and one with nothing to rename comes back itself. Returns the request
 * and the map that reads the reply's calls back ({@link mcpNamedResponse}). Throws `ValidationError`
 * `empty_tool_name` for a tool named `''`.
 */
export function wireNamedRequest(
  request: ChatRequest,
  wire: WireFormat,
): { readonly request: ChatRequest; readonly names: ToolNameMap } {
  const names = toolNameMap(request.tools ?? [], wire);
  // Every request of a loop runs this over the whole conversation: one plain loop, and a new
  // array only once a message is renamed.
  let messages: ChatMessage[] | undefined;
  for (let index = 0; index < request.messages.length; index++) {
    const message = request.messages[index] as ChatMessage;
    const named = wireNamedMessage(message, names);
    if (named !== message && messages === undefined) messages = request.messages.slice(0, index);
    messages?.push(named);
  }
  const changed = messages !== undefined;
  const choice = request.toolChoice;
  const renamedChoice: ToolChoice | undefined =
    typeof choice === 'object' && names.toWire(choice.name) !== choice.name
      ? { name: names.toWire(choice.name) }
      : choice;
  if (!names.renames && !changed && renamedChoice === choice) return { request, names };
  return {
    request: {
      ...request,
      messages: messages ?? request.messages,
      ...(request.tools ? { tools: wireNamedTools(request.tools, names) } : {}),
      ...(renamedChoice === undefined ? {} : { toolChoice: renamedChoice }),
    },
    names,
  };
}

/** A call of the reply under its tool's own name (its `raw` keeps the wire's). */
export function mcpNamedCall(call: ToolCall, names: ToolNameMap): ToolCall {
  const name = names.toMcp(call.name);
  return name === call.name ? call : { ...call, name };
}

/**
 * `response` with each call under its tool's own name (`names.toMcp`); `raw` keeps the
 * body as the wire sent it, so the echo of the turn names the calls as the provider did.
 */
export function mcpNamedResponse(response: ChatResponse, names: ToolNameMap): ChatResponse {
  const calls = response.toolCalls.map((call) => mcpNamedCall(call, names));
  return calls.every((call, index) => call === response.toolCalls[index])
    ? response
    : { ...response, toolCalls: calls };
}

/** A stream event with the calls it names under their tools' own names. */
export function mcpNamedEvent(event: StreamEvent, names: ToolNameMap): StreamEvent {
  switch (event.type) {
    case 'tool-call-start': {
      const name = names.toMcp(event.name);
      return name === event.name ? event : { ...event, name };
    }
    case 'tool-call-end': {
      const toolCall = mcpNamedCall(event.toolCall, names);
      return toolCall === event.toolCall ? event : { ...event, toolCall };
    }
    case 'finish': {
      const response = mcpNamedResponse(event.response, names);
      return response === event.response ? event : { ...event, response };
    }
    default:
      return event;
  }
}
