import type { DestructurableToolCall, ToolCall } from './tool-call.js';
import type { JsonSchema, ToolDefinition } from './tool-definition.js';
import type { WarningHandler } from './warnings.js';
import type { WireFormat } from './wire-format.js';

/*
 * The per-wire shapes of tool definitions and tool calls, and the contract every
 * `src/wires/<wire>.ts` fulfils. The shapes are written here (core depends on zod only);
 * the type tests prove them assignable to the official SDK types.
 */

/** OpenAI Chat Completions (and Ollama, and Hermes by default): a function tool. */
export interface OpenAIFunctionTool {
  readonly type: 'function';
  readonly function: {
    readonly name: string;
    readonly description?: string;
    readonly parameters: JsonSchema;
    readonly strict?: boolean;
  };
}

/** Anthropic Messages: a client tool. */
export interface AnthropicTool {
  readonly name: string;
  readonly description?: string;
  readonly input_schema: { type: 'object'; [key: string]: unknown };
  readonly strict?: boolean;
}

/** OpenAI Responses: a flat function tool. `strict` is always sent (the API defaults it to true). */
export interface ResponsesFunctionTool {
  readonly type: 'function';
  readonly name: string;
  readonly description?: string;
  readonly parameters: JsonSchema;
  readonly strict: boolean;
}

/** Gemini: one function declaration. Exactly one of `parameters` / `parametersJsonSchema`, or neither. */
export interface GeminiFunctionDeclaration {
  readonly name: string;
  readonly description?: string;
  readonly parameters?: JsonSchema;
  readonly parametersJsonSchema?: JsonSchema;
}

/** Gemini: the one `Tool` that holds every function declaration. */
export interface GeminiTool {
  functionDeclarations: GeminiFunctionDeclaration[];
}

/** Ollama `/api/chat`: the OpenAI function form without `strict`. */
export interface OllamaTool {
  readonly type: 'function';
  readonly function: {
    readonly name: string;
    readonly description?: string;
    readonly parameters: JsonSchema;
  };
}

/** Hermes with `hermesShape: 'mcp'`: the MCP definition itself. */
export interface HermesMcpTool {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: JsonSchema;
}

/**
 * Bedrock Converse: one entry of `toolConfig.tools`, a tool specification whose schema is the
 * `json` member of `inputSchema` (`strict` only with strict on).
 */
export interface BedrockTool {
  readonly toolSpec: {
    readonly name: string;
    readonly description?: string;
    readonly inputSchema: { readonly json: JsonSchema };
    readonly strict?: boolean;
  };
}

/** A Hermes tool as it goes inside `<tools>...</tools>` in the system prompt. */
export type HermesTool = OllamaTool | HermesMcpTool;

/** What `formatTools(wire, ...)` returns, per wire. */
export interface FormattedTools {
  openai: OpenAIFunctionTool[];
  anthropic: AnthropicTool[];
  gemini: GeminiTool[];
  ollama: OllamaTool[];
  responses: ResponsesFunctionTool[];
  hermes: HermesTool[];
  bedrock: BedrockTool[];
}

export interface FormatToolsOptions {
  /**
   * Strict schema adherence (default false). openai and responses send `strict: true` with
   * the schema made strict-compatible ({@link toStrictJsonSchema}); anthropic and bedrock send
   * `strict: true` with every object closed. Other wires ignore it.
   */
  readonly strict?: boolean;
  /**
   * Which field of a Gemini function declaration carries the schema (default
   * `parameters`, cleaned up by `toGeminiSchema`). `parametersJsonSchema` sends the JSON
   * Schema nearly as is (only `$schema`/`$id`/`$comment` removed).
   */
  readonly geminiSchemaField?: 'parameters' | 'parametersJsonSchema';
  /**
   * The form of each Hermes tool (default `openai`: `{type:'function', function:{...}}`,
   * the form Hermes, Qwen and most tool-tuned open models were trained on); `mcp` sends
   * the MCP definition as it is, `{name, description, inputSchema}`.
   */
  readonly hermesShape?: 'openai' | 'mcp';
  /** Told about degradations (a dropped schema keyword, a non-portable name). */
  readonly onWarning?: WarningHandler;
}

export interface LocateToolCallsOptions {
  /** Hermes: the tag a call is wrapped in (default `tool_call`). */
  readonly callTag?: string;
  /** Hermes: ignore calls inside the thinking (default true). */
  readonly thinkFilter?: boolean;
  /** Hermes: the thinking tag (default `think`). */
  readonly thinkTag?: string;
}

/** An OpenAI Chat Completions tool call, as the assistant message carries it. */
export interface OpenAIToolCallItem {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** An Anthropic `tool_use` block. */
export interface AnthropicToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: Record<string, unknown>;
}

/** A Gemini part holding a `functionCall` (and its `thoughtSignature`, when the reply had one). */
export interface GeminiFunctionCallPart {
  functionCall: { name: string; args: Record<string, unknown>; id?: string };
  thoughtSignature?: string;
}

/** An Ollama tool call (`id` only when the server gave one). */
export interface OllamaToolCallItem {
  function: { name: string; arguments: Record<string, unknown> };
  id?: string;
}

/** An OpenAI Responses `function_call` input item. */
export interface ResponsesFunctionCallItem {
  type: 'function_call';
  call_id: string;
  name: string;
  arguments: string;
  id?: string;
}

/** A Bedrock Converse `toolUse` content block (a member of the assistant message's content). */
export interface BedrockToolUseBlock {
  toolUse: { toolUseId: string; name: string; input: Record<string, unknown> };
}

/** What `formatToolCall(wire, call)` returns: the call as the assistant echo carries it. */
export interface FormattedToolCall {
  openai: OpenAIToolCallItem;
  anthropic: AnthropicToolUseBlock;
  gemini: GeminiFunctionCallPart;
  ollama: OllamaToolCallItem;
  responses: ResponsesFunctionCallItem;
  /** The `<tool_call>` text block. */
  hermes: string;
  bedrock: BedrockToolUseBlock;
}

export interface FormatToolCallOptions {
  /** Hermes: the tag a call is wrapped in (default `tool_call`). */
  readonly callTag?: string;
}

/** The functions every `src/wires/<wire>.ts` exports. */
export interface ToolWire<W extends WireFormat> {
  formatTools(tools: readonly ToolDefinition[], options: FormatToolsOptions): FormattedTools[W];
  locateToolCalls(body: unknown, options: LocateToolCallsOptions): unknown[];
  toolCallFrom(raw: unknown): DestructurableToolCall | undefined;
  formatToolCall(call: ToolCall, options: FormatToolCallOptions): FormattedToolCall[W];
}
