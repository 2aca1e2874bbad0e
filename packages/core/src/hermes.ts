import { ValidationError } from './errors.js';
import { stripSchemaDialect } from './json-schema.js';
import type { ToolDefinition, ToolDefinitionInput } from './tool-definition.js';
import { parseToolDefinitions } from './tool-definition.js';
import type { HermesTool } from './tool-wire.js';
import { describe, isRecord, openAIFunctionTool, schemaOf } from './tool-wire-helpers.js';
import type { WarningHandler } from './warnings.js';

/*
 * Hermes prompt tool calling (NousResearch Hermes-Function-Calling, Langertha
 * Role::HermesTools): the tools go into the system prompt inside <tools></tools>, and the
 * model answers with <tool_call>{"name": ..., "arguments": {...}}</tool_call> in its text.
 */

/** The defaults of the Hermes tags. */
export const HERMES_DEFAULTS = Object.freeze({
  callTag: 'tool_call',
  toolsTag: 'tools',
  responseTag: 'tool_response',
  thinkTag: 'think',
  instructions:
    "You are a function calling AI model. You may call one or more functions to assist with the user query. Don't make assumptions about what values to plug into functions.",
});

/**
 * The default system prompt template (Langertha's `hermes_tool_prompt`). Placeholders:
 * `{instructions}`, `{tools}` (one tool JSON per line), `{toolsTag}`, `{callTag}`.
 */
export const HERMES_PROMPT_TEMPLATE = `{instructions}

You are provided with function signatures within <{toolsTag}></{toolsTag}> XML tags:
<{toolsTag}>
{tools}
</{toolsTag}>

For each function call, return a JSON object with function name and arguments within <{callTag}></{callTag}> XML tags:
<{callTag}>
{"name": "function_name", "arguments": {"arg1": "value1"}}
</{callTag}>`;

const TAG_NAME = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;

/** Checks a configurable tag name; throws {@link ValidationError} (`invalid_tag_name`). */
export function checkTagName(tag: string, option: string): string {
  if (typeof tag !== 'string' || !TAG_NAME.test(tag)) {
    throw new ValidationError(
      `${option} must be an XML tag name (letters, digits, _ . : -), got ${JSON.stringify(tag)}`,
      { path: option, code: 'invalid_tag_name' },
    );
  }
  return tag;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One Hermes tool in the chosen shape (`$schema` and friends removed: they cost tokens). */
export function hermesTool(tool: ToolDefinition, shape: 'openai' | 'mcp' = 'openai'): HermesTool {
  const schema = stripSchemaDialect(schemaOf(tool));
  if (shape === 'mcp') return { name: tool.name, ...describe(tool), inputSchema: schema };
  return openAIFunctionTool(tool, schema);
}

export interface HermesPromptOptions {
  /** The tag the model wraps a call in (default `tool_call`). */
  readonly callTag?: string;
  /** The tag around the tool list (default `tools`). */
  readonly toolsTag?: string;
  /** The instruction sentence(s) at the top (default {@link HERMES_DEFAULTS}.instructions). */
  readonly instructions?: string;
  /** A whole template; see {@link HERMES_PROMPT_TEMPLATE} for its placeholders. */
  readonly template?: string;
  /** The form of each tool (default `openai`). */
  readonly shape?: 'openai' | 'mcp';
  readonly onWarning?: WarningHandler;
}

/**
 * The system prompt that offers `tools` to a model without native tool calling and tells
 * it to answer with `<tool_call>{"name": ..., "arguments": ...}</tool_call>`.
 */
export function hermesToolsPrompt(
  tools: readonly ToolDefinitionInput[],
  options: HermesPromptOptions = {},
): string {
  const callTag = checkTagName(options.callTag ?? HERMES_DEFAULTS.callTag, 'callTag');
  const toolsTag = checkTagName(options.toolsTag ?? HERMES_DEFAULTS.toolsTag, 'toolsTag');
  const definitions = parseToolDefinitions(tools, { onWarning: options.onWarning });
  const toolsJson = definitions
    .map((tool) => JSON.stringify(hermesTool(tool, options.shape)))
    .join('\n');
  const template = options.template ?? HERMES_PROMPT_TEMPLATE;
  const values: Record<string, string> = {
    instructions: options.instructions ?? HERMES_DEFAULTS.instructions,
    tools: toolsJson,
    toolsTag,
    callTag,
  };
  // One pass, so a placeholder-like text inside a tool description is never expanded.
  const filled = template.replace(
    /\{(instructions|tools|toolsTag|callTag)\}/g,
    (_match, key: string) => values[key] ?? '',
  );
  return template.includes('{tools}') ? filled : filled.replace('%s', () => toolsJson);
}

export interface ThinkOptions {
  /** The thinking tag (default `think`). */
  readonly thinkTag?: string;
}

/**
 * The text without its thinking: every `<think>...</think>` pair, a leading part that
 * ends in `</think>` with no opening tag (templates that open the thinking in the prompt),
 * and an unclosed `<think>` to the end of the text.
 */
export function stripThinking(text: string, options: ThinkOptions = {}): string {
  const tag = escapeRegExp(checkTagName(options.thinkTag ?? HERMES_DEFAULTS.thinkTag, 'thinkTag'));
  const open = new RegExp(`<${tag}>`);
  const close = new RegExp(`</${tag}>`);
  let rest = text;
  const firstClose = rest.search(close);
  const firstOpen = rest.search(open);
  if (firstClose >= 0 && (firstOpen < 0 || firstClose < firstOpen)) {
    rest = rest.slice(firstClose).replace(close, '');
  }
  rest = rest.replace(new RegExp(`<${tag}>[\\s\\S]*?</${tag}>`, 'g'), '');
  const unclosed = rest.search(open);
  return unclosed >= 0 ? rest.slice(0, unclosed) : rest;
}

export interface HermesTextOptions extends ThinkOptions {
  /** The call tag (default `tool_call`). */
  readonly callTag?: string;
  /** Leave out calls inside the thinking (default true). */
  readonly thinkFilter?: boolean;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

interface BlockSpan {
  /** Index of the opening tag. */
  readonly from: number;
  /** Index after the closing tag (the text length for a cut-off block). */
  readonly to: number;
  /** The trimmed text between the tags. */
  readonly body: string;
}

/**
 * The `<tag>` blocks of a text. A closing tag inside a JSON string (an argument that
 * mentions `</tool_call>`) does not end a block: the first closing tag after which the
 * body is valid JSON does, else the first closing tag. A last block cut off by the end of
 * the text counts.
 */
function blockSpans(text: string, tag: string): BlockSpan[] {
  const openTag = `<${tag}>`;
  const closeTag = `</${tag}>`;
  const spans: BlockSpan[] = [];
  let position = 0;
  for (;;) {
    const open = text.indexOf(openTag, position);
    if (open < 0) break;
    const start = open + openTag.length;
    const firstClose = text.indexOf(closeTag, start);
    if (firstClose < 0) {
      spans.push({ from: open, to: text.length, body: text.slice(start).trim() });
      break;
    }
    let end = firstClose;
    for (let close = firstClose; close >= 0; close = text.indexOf(closeTag, close + 1)) {
      if (isJson(text.slice(start, close))) {
        end = close;
        break;
      }
    }
    spans.push({ from: open, to: end + closeTag.length, body: text.slice(start, end).trim() });
    position = end + closeTag.length;
  }
  return spans;
}

/**
 * The bodies of the `<tool_call>` blocks in order, trimmed (see the rules of a block
 * above: a closing tag inside a JSON string does not end it; a cut-off last block counts).
 * Calls inside `<think>...</think>` are left out unless `thinkFilter` is false.
 */
export function hermesCallBlocks(text: string, options: HermesTextOptions = {}): string[] {
  const tag = checkTagName(options.callTag ?? HERMES_DEFAULTS.callTag, 'callTag');
  const scanned = options.thinkFilter === false ? text : stripThinking(text, options);
  return blockSpans(scanned, tag).map((span) => span.body);
}

const NAME_FIELD = /"name"\s*:\s*"((?:[^"\\]|\\.)*)"/;

/**
 * The call structures of the `<tool_call>` blocks of `text`, in order: each decoded
 * object that has a non-empty `name` (an array in one block gives one call per named
 * object). A block that is not JSON but names a function (`"name": "x"`) gives
 * `{ name, arguments: <the block text> }`, so the call is kept and reads as undecodable.
 */
export function parseHermesToolCalls(
  text: string,
  options: HermesTextOptions = {},
): Record<string, unknown>[] {
  const calls: Record<string, unknown>[] = [];
  for (const block of hermesCallBlocks(text, options)) {
    let decoded: unknown;
    try {
      decoded = JSON.parse(block);
    } catch {
      const match = NAME_FIELD.exec(block);
      let name: unknown;
      try {
        name = match ? JSON.parse(`"${match[1]}"`) : undefined;
      } catch {
        name = undefined;
      }
      if (typeof name === 'string' && name !== '') calls.push({ name, arguments: block });
      continue;
    }
    for (const item of Array.isArray(decoded) ? decoded : [decoded]) {
      if (isRecord(item) && typeof item.name === 'string' && item.name !== '') calls.push(item);
    }
  }
  return calls;
}

/**
 * The reply text with the `<tool_call>` blocks (and a cut-off last one) removed and the
 * ends trimmed: the final text a Hermes reply shows. Thinking is left alone.
 */
export function stripToolCallTags(text: string, options: { callTag?: string } = {}): string {
  const tag = checkTagName(options.callTag ?? HERMES_DEFAULTS.callTag, 'callTag');
  let result = '';
  let position = 0;
  for (const span of blockSpans(text, tag)) {
    result += text.slice(position, span.from);
    position = span.to;
  }
  return (result + text.slice(position)).trim();
}

/**
 * The text of a reply body a Hermes engine reads: a string as is, an OpenAI-style body's
 * `choices[0].message.content` (a string, or text parts joined), or an Ollama-style
 * `message.content`. '' when there is none.
 */
export function hermesReplyText(body: unknown): string {
  if (typeof body === 'string') return body;
  if (!isRecord(body)) return '';
  let message: unknown;
  if (Array.isArray(body.choices)) {
    const choice = body.choices[0];
    message = isRecord(choice) ? choice.message : undefined;
  } else message = body.message;
  if (!isRecord(message)) return '';
  const content = message.content;
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : ''))
      .join('');
  }
  return '';
}
