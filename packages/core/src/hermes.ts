import { ValidationError } from './errors.js';
import { stripSchemaDialect } from './json-schema.js';
import { parsePythonLiteral } from './python-literal.js';
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
 * The default system prompt template of Hermes prompt tool calling. Placeholders:
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
  const tag = checkTagName(options.thinkTag ?? HERMES_DEFAULTS.thinkTag, 'thinkTag');
  const openTag = `<${tag}>`;
  const closeTag = `</${tag}>`;
  let rest = text;
  const firstClose = rest.indexOf(closeTag);
  const firstOpen = rest.indexOf(openTag);
  if (firstClose >= 0 && (firstOpen < 0 || firstClose < firstOpen)) {
    rest = rest.slice(firstClose + closeTag.length);
  }
  // One pass with indexOf (a regex with a lazy body rescans the text from every unclosed tag).
  let kept = '';
  let position = 0;
  for (;;) {
    const open = rest.indexOf(openTag, position);
    if (open < 0) return kept + rest.slice(position);
    kept += rest.slice(position, open);
    const close = rest.indexOf(closeTag, open + openTag.length);
    if (close < 0) return kept; // an unclosed tag hides the rest of the text
    position = close + closeTag.length;
  }
}

export interface HermesTextOptions extends ThinkOptions {
  /** The call tag (default `tool_call`). */
  readonly callTag?: string;
  /** Leave out calls inside the thinking (default true). */
  readonly thinkFilter?: boolean;
}

const OPENERS: Readonly<Record<string, string>> = { '{': '}', '[': ']', '(': ')' };

/** False when the quotes or brackets of `text` do not close (so no literal can decode). */
function balanced(text: string): boolean {
  const expected: string[] = [];
  let quote = '';
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] as string;
    if (quote !== '') {
      if (char === '\\') index += 1;
      else if (text.startsWith(quote, index)) {
        index += quote.length - 1;
        quote = '';
      }
    } else if (char === '"' || char === "'") {
      // A Python triple-quoted string may hold its quote character alone ('''it's''').
      quote = text.startsWith(char.repeat(3), index) ? char.repeat(3) : char;
      index += quote.length - 1;
    } else if (Object.hasOwn(OPENERS, char)) expected.push(OPENERS[char] as string);
    else if (char === '}' || char === ']' || char === ')') {
      if (expected.pop() !== char) return false;
    }
  }
  return quote === '' && expected.length === 0;
}

/**
 * A call block's text decoded: JSON first, then a Python literal (the NousResearch reference
 * parser falls back to `ast.literal_eval`; its README's example output is a Python dict).
 * Undefined when it is neither.
 */
export function decodeHermesCall(text: string): { value: unknown } | undefined {
  // A failed JSON.parse is slow (tens of microseconds); a reply of thousands of broken blocks
  // would pay that for each, so text that cannot be a literal is refused first.
  if (!balanced(text)) return undefined;
  try {
    return { value: JSON.parse(text) };
  } catch {
    const literal = parsePythonLiteral(text);
    return literal.ok ? { value: literal.value } : undefined;
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
 * Where the block whose body starts at `start` ends: the first closing tag outside a quoted
 * string of the call (so an argument that mentions `</tool_call>` does not end it), or -1
 * when a string runs to the end of the text.
 */
function closeOutsideStrings(text: string, start: number, closeTag: string): number {
  let quote = '';
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (quote !== '') {
      if (char === '\\') index += 1;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '<' && text.startsWith(closeTag, index)) return index;
  }
  return -1;
}

/**
 * The `<tag>` blocks of a text, in one linear pass. A block whose body is a JSON or Python
 * object or list ends at the first closing tag outside its quoted strings when the body up to
 * there decodes (an argument may mention `</tool_call>`); any other body ends at the first
 * closing tag. Once a block falls back to its first closing tag although a string ran past
 * it, every later block ends at its first closing tag too, so no part of the text is scanned
 * twice. A last block cut off by the end of the text counts.
 */
function blockSpans(text: string, tag: string): BlockSpan[] {
  const openTag = `<${tag}>`;
  const closeTag = `</${tag}>`;
  const spans: BlockSpan[] = [];
  let position = 0;
  let fallBack = false;
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
    const structured = /^\s*[[{]/.test(text.slice(start, firstClose));
    if (structured && !fallBack) {
      const close = closeOutsideStrings(text, start, closeTag);
      if (close === firstClose) end = close;
      else if (close > firstClose && decodeHermesCall(text.slice(start, close)) !== undefined) {
        end = close;
      } else fallBack = true;
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

const NAME_FIELD = /(["'])name\1\s*:\s*(["'])((?:(?!\2)[^\\]|\\.)*)\2/;

/** The name a block that does not decode still spells out (`"name": "x"`), if any. */
function spelledName(block: string): string | undefined {
  const match = NAME_FIELD.exec(block);
  if (!match) return undefined;
  const decoded = decodeHermesCall(`${match[2]}${match[3]}${match[2]}`);
  const name = decoded?.value;
  return typeof name === 'string' && name !== '' ? name : undefined;
}

/**
 * The calls of one block's body: each decoded object (JSON, or a Python literal) that has a
 * non-empty `name` (an array gives one call per named object). A body that does not decode
 * but spells out a name gives `{ name, arguments: <the body> }`, a call whose arguments read
 * as undecodable. `[]` for a block that holds no call.
 */
function blockCalls(block: string): Record<string, unknown>[] {
  const decoded = decodeHermesCall(block);
  if (decoded === undefined) {
    const name = spelledName(block);
    return name === undefined ? [] : [{ name, arguments: block }];
  }
  const items = Array.isArray(decoded.value) ? decoded.value : [decoded.value];
  return items.filter(
    (item): item is Record<string, unknown> =>
      isRecord(item) && typeof item.name === 'string' && item.name !== '',
  );
}

/**
 * The call structures of the `<tool_call>` blocks of `text`, in order: each decoded
 * object (JSON, or a Python dict as the NousResearch reference reads it) that has a non-empty
 * `name` (an array in one block gives one call per named object). A block that does not
 * decode but names a function (`"name": "x"`) gives `{ name, arguments: <the block text> }`,
 * so the call is kept and reads as undecodable. Blocks with no call in them are
 * {@link unreadableHermesBlocks}.
 */
export function parseHermesToolCalls(
  text: string,
  options: HermesTextOptions = {},
): Record<string, unknown>[] {
  return hermesCallBlocks(text, options).flatMap(blockCalls);
}

/**
 * The bodies of the `<tool_call>` blocks of `text` that hold no call (neither JSON nor a
 * Python literal, and no function name in them): {@link stripToolCallTags} leaves them in
 * the text, so the reader sees what the model wrote.
 */
export function unreadableHermesBlocks(text: string, options: HermesTextOptions = {}): string[] {
  return hermesCallBlocks(text, options).filter((block) => blockCalls(block).length === 0);
}

/**
 * The reply text with the `<tool_call>` blocks that hold a call (and a cut-off last one that
 * does) removed and the ends trimmed: the final text a Hermes reply shows. A block with no
 * call in it stays, so nothing the model wrote is lost. Thinking is left alone.
 */
export function stripToolCallTags(text: string, options: { callTag?: string } = {}): string {
  const tag = checkTagName(options.callTag ?? HERMES_DEFAULTS.callTag, 'callTag');
  let result = '';
  let position = 0;
  for (const span of blockSpans(text, tag)) {
    if (blockCalls(span.body).length === 0) continue;
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
