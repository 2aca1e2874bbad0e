import {
  type ContentBlock,
  carriesNative,
  describeValue,
  emitWarning,
  isWireFormat,
  nativeNeedsVision,
  parseCallToolResult,
  parseContent,
  parseContentBlock,
  UnknownWireFormatError,
  ValidationError,
  type WarningHandler,
  type WireFormat,
} from '@crosswire/core';
import { compactBase64, isNativeImage, isTextResource } from './media.js';
import { withoutStructuredMedia } from './structured-media.js';
import type {
  ToolResultBlock,
  ToolResultData,
  ToolResultToOptionAliases,
  ToolResultToOptions,
} from './wire-blocks.js';
import { TOOL_RESULT_RENDERERS } from './wires/index.js';

/** What `new ToolResult(...)` takes. */
export interface ToolResultInit {
  /** The tool's name (Gemini, Hermes and Ollama key results by it). Default ''. */
  readonly name?: string;
  /** The provider call id this result answers. Default '' (Gemini and Ollama then send none). */
  readonly id?: string;
  /**
   * The MCP-style content array: MCP blocks, Anthropic-native blocks, typed items
   * ({@link ToolResultContent}). Parsed block by block; an unknown or malformed block is kept
   * as an `UnknownBlock` and sent as a placeholder. Default [].
   */
  readonly content?: readonly unknown[];
  /** True when the tool failed (Anthropic's `is_error`). Default false. */
  readonly isError?: boolean;
  /** MCP `structuredContent`: a JSON object. */
  readonly structuredContent?: Readonly<Record<string, unknown>> | null;
}

/** Options of the constructor and of {@link ToolResult.fromCallToolResult}. */
export interface ToolResultOptions {
  /** Told once per unknown or malformed content block (default: `process.emitWarning`). */
  readonly onWarning?: WarningHandler;
}

/** The call a result answers, for {@link ToolResult.fromCallToolResult}. */
export interface ToolResultCall {
  readonly name?: string;
  readonly id?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * A frozen copy of plain data: plain objects and arrays are copied and frozen, everything else
 * (strings, numbers, class instances) kept as is. Copying means the caller's own objects are
 * never frozen behind its back; strings are shared, so a 1 MiB payload is not copied.
 */
function frozenCopy(value: unknown, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return value;
  if (Array.isArray(value)) {
    seen.add(value);
    const copy = value.map((item) => frozenCopy(item, seen));
    seen.delete(value);
    return Object.freeze(copy);
  }
  if (!isPlainObject(value)) return value;
  seen.add(value);
  // fromEntries defines own properties, so a `__proto__` key stays data, not a prototype.
  const copy = Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, frozenCopy(item, seen)]),
  );
  seen.delete(value);
  return Object.freeze(copy);
}

/** A JSON value normalized by one encode/decode round (Dates become strings, undefined goes). */
function jsonRoundTrip(value: unknown): { ok: true; value: unknown } | { ok: false } {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? { ok: false } : { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Payloads without whitespace, so every wire can put them in a data URL as they are. */
function compactPayloads(block: ContentBlock): ContentBlock {
  switch (block.type) {
    case 'image':
      if (isNativeImage(block)) {
        if (block.source.type !== 'base64') return block;
        const data = compactBase64(block.source.data);
        return data === block.source.data ? block : { ...block, source: { ...block.source, data } };
      }
      return { ...block, data: compactBase64(block.data) };
    case 'audio':
      return { ...block, data: compactBase64(block.data) };
    case 'resource':
      if (isTextResource(block.resource)) return block;
      return {
        ...block,
        resource: { ...block.resource, blob: compactBase64(block.resource.blob) },
      };
    case 'document':
      if (block.source.type !== 'base64') return block;
      return { ...block, source: { ...block.source, data: compactBase64(block.source.data) } };
    default:
      return block;
  }
}

/** A block that already is a parsed UnknownBlock (content of another ToolResult). */
function isUnknownBlock(raw: unknown): raw is ContentBlock & { type: 'unknown' } {
  return (
    isRecord(raw) &&
    raw.type === 'unknown' &&
    typeof raw.reason === 'string' &&
    'raw' in raw &&
    (raw.originalType === undefined || typeof raw.originalType === 'string')
  );
}

/**
 * How deep a content block or `structuredContent` may nest (objects and arrays). A deeper
 * block becomes a placeholder; deeper `structuredContent` is refused. Copying, validating
 * and encoding such values would overflow the call stack.
 */
export const MAX_CONTENT_DEPTH = 256;

/**
 * True when `value` nests objects or arrays more than {@link MAX_CONTENT_DEPTH} levels deep.
 * Iterative. A cycle does not count as depth (the copy keeps a cyclic reference as it is) and
 * a shared object is walked once.
 */
function nestsTooDeep(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const onPath = new Set<object>();
  const walked = new Set<object>();
  const stack: { node: object; leaving: boolean }[] = [{ node: value, leaving: false }];
  while (stack.length > 0) {
    const { node, leaving } = stack.pop() as { node: object; leaving: boolean };
    if (leaving) {
      onPath.delete(node);
      walked.add(node);
      continue;
    }
    if (onPath.has(node) || walked.has(node)) continue;
    onPath.add(node);
    if (onPath.size > MAX_CONTENT_DEPTH) return true;
    stack.push({ node, leaving: true });
    for (const inner of Object.values(node)) {
      if (typeof inner === 'object' && inner !== null) stack.push({ node: inner, leaving: false });
    }
  }
  return false;
}

/** The top-level scalar fields of a block (and of its `resource`): what a placeholder names. */
function shallowFields(raw: unknown): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  if (!isRecord(raw)) return fields;
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value !== 'object' || value === null) {
      Object.defineProperty(fields, key, { value, enumerable: true });
    } else if (key === 'resource') {
      fields.resource = shallowFields(value);
    }
  }
  return fields;
}

function parseBlocks(input: unknown, onWarning: WarningHandler | undefined): ContentBlock[] {
  if (!Array.isArray(input)) return parseContent(input, { onWarning }); // throws ValidationError
  return input.map((raw, index): ContentBlock => {
    if (nestsTooDeep(raw)) {
      const originalType = isRecord(raw) && typeof raw.type === 'string' ? raw.type : undefined;
      const reason = `block nests deeper than ${MAX_CONTENT_DEPTH} levels`;
      emitWarning(onWarning, {
        code: 'unknown_content_block',
        message: `content[${index}]: ${reason}; it is sent as a placeholder`,
        details: { index, originalType },
      });
      return { type: 'unknown', originalType, reason, raw: shallowFields(raw) };
    }
    // Content taken from another ToolResult keeps its unknown blocks as they were.
    const block = isUnknownBlock(raw) ? raw : parseContentBlock(raw);
    if (block.type === 'unknown') {
      if (block === raw) return block;
      emitWarning(onWarning, {
        code: 'unknown_content_block',
        message: `content[${index}]: ${block.reason}; it is sent as a placeholder`,
        details: { index, originalType: block.originalType },
      });
      return block;
    }
    if (block.type === 'json') {
      const normalized = jsonRoundTrip(block.value);
      if (!normalized.ok) {
        emitWarning(onWarning, {
          code: 'unknown_content_block',
          message: `content[${index}]: json item value is not JSON-serializable; it is sent as a placeholder`,
          details: { index, originalType: 'json' },
        });
        return {
          type: 'unknown',
          originalType: 'json',
          reason: 'json item value is not JSON-serializable',
          raw,
        };
      }
      return { ...block, value: normalized.value };
    }
    return compactPayloads(block);
  });
}

function requireString(value: unknown, path: string): string {
  if (value === undefined) return '';
  if (typeof value !== 'string') {
    throw new ValidationError(`${path} must be a string, got ${describeValue(value)}`, { path });
  }
  return value;
}

function requireStructuredContent(value: unknown): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) {
    throw new ValidationError(`structuredContent must be an object, got ${describeValue(value)}`, {
      path: 'structuredContent',
    });
  }
  if (nestsTooDeep(value)) {
    throw new ValidationError(`structuredContent nests deeper than ${MAX_CONTENT_DEPTH} levels`, {
      path: 'structuredContent',
    });
  }
  const normalized = jsonRoundTrip(value);
  if (!normalized.ok) {
    throw new ValidationError('structuredContent must be JSON-serializable', {
      path: 'structuredContent',
    });
  }
  return normalized.value as Record<string, unknown>;
}

const RESPONSE_TAG = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;

/** A flag as a boolean (a Perl-style 1 or 0 too), or undefined when not given. */
function flag(value: unknown): boolean | undefined {
  return value === undefined || value === null ? undefined : Boolean(value);
}

/**
 * The options with the Langertha spellings folded in and the flags made booleans, so the
 * renderers can test `=== true` / `=== false` (a `nativePdf: 0` must mean false).
 */
function resolveOptions(
  options: ToolResultToOptions & ToolResultToOptionAliases,
): ToolResultToOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new ValidationError(`to() options must be an object, got ${describeValue(options)}`, {
      path: 'options',
    });
  }
  const imageInput = flag(options.imageInput ?? options.image_input);
  const nativePdf = flag(options.nativePdf ?? options.native_pdf);
  const sourceBlocks = flag(options.sourceBlocks ?? options.source_blocks);
  const responseTag = options.responseTag ?? options.response_tag;
  if (
    responseTag !== undefined &&
    (typeof responseTag !== 'string' || !RESPONSE_TAG.test(responseTag))
  ) {
    throw new ValidationError(
      `responseTag must be an XML tag name, got ${JSON.stringify(responseTag)}`,
      { path: 'responseTag' },
    );
  }
  return {
    ...(imageInput === undefined ? {} : { imageInput }),
    ...(nativePdf === undefined ? {} : { nativePdf }),
    ...(sourceBlocks === undefined ? {} : { sourceBlocks }),
    ...(responseTag === undefined ? {} : { responseTag }),
    ...(options.onWarning === undefined ? {} : { onWarning: options.onWarning }),
  };
}

/**
 * The immutable, provider-neutral result of one tool execution. `to(wire)` renders
 * the result block each provider wire takes; the message envelope around it (arity, the
 * assistant echo) belongs to the engine.
 *
 * ```ts
 * const result = new ToolResult({ name: 'get_weather', id: 'call_1', content: [{ type: 'text', text: 'Sunny' }] });
 * result.to('anthropic'); // { type: 'tool_result', tool_use_id: 'call_1', content: [{ type: 'text', text: 'Sunny' }] }
 * ```
 */
export class ToolResult implements ToolResultData {
  readonly name: string;
  readonly id: string;
  /** The parsed, frozen content blocks (unknown or malformed ones as `UnknownBlock`). */
  readonly content: readonly ContentBlock[];
  readonly isError: boolean;
  readonly structuredContent: Readonly<Record<string, unknown>> | undefined;

  /**
   * Validates and keeps a frozen copy (`init` itself is neither changed nor frozen). Throws {@link ValidationError} (naming the field in `path`) when
   * `init` is not an object, `name`/`id` is not a string, `content` is not an array, `isError`
   * is not a boolean, or `structuredContent` is not a JSON object. A bad block inside
   * `content` is not an error: it is kept and sent as a placeholder, and `onWarning` is told.
   */
  constructor(init: ToolResultInit, options: ToolResultOptions = {}) {
    if (!isRecord(init)) {
      throw new ValidationError(`a ToolResult needs an object, got ${describeValue(init)}`, {
        path: '',
      });
    }
    this.name = requireString(init.name, 'name');
    this.id = requireString(init.id, 'id');
    if (init.isError !== undefined && typeof init.isError !== 'boolean') {
      throw new ValidationError(`isError must be a boolean, got ${describeValue(init.isError)}`, {
        path: 'isError',
      });
    }
    this.isError = init.isError === true;
    this.structuredContent = frozenCopy(requireStructuredContent(init.structuredContent)) as
      | Readonly<Record<string, unknown>>
      | undefined;
    const content = init.content === undefined ? [] : parseBlocks(init.content, options.onWarning);
    this.content = frozenCopy(content) as readonly ContentBlock[];
    Object.freeze(this);
  }

  /**
   * Whether `wire`'s tool-result block carries `kind` natively: the same function as the
   * `carriesNative` export (core's facts table), also reachable on the class as
   * `ToolResult.carriesNative(wire, kind)`.
   */
  static readonly carriesNative: typeof carriesNative = carriesNative;

  /** Whether a model needs vision to read `kind` natively on `wire`: core's `nativeNeedsVision`. */
  static readonly nativeNeedsVision: typeof nativeNeedsVision = nativeNeedsVision;

  /**
   * A ToolResult from what an MCP client's `callTool` returned (`{ content, structuredContent,
   * isError }`), for the call `{ name, id }` it answers. Missing content is [], a legacy
   * `{ toolResult }` becomes one text block of its JSON. Throws {@link ValidationError} when
   * `result` is not an object or a field has the wrong type.
   */
  static fromCallToolResult(
    call: ToolResultCall,
    result: unknown,
    options: ToolResultOptions = {},
  ): ToolResult {
    // The legacy `{ toolResult }` form and a non-object are core's to read (and to refuse).
    if (!isRecord(result) || (!('content' in result) && 'toolResult' in result)) {
      const parsed = parseCallToolResult(result, options);
      return new ToolResult({ ...call, ...parsed }, options);
    }
    // Otherwise the constructor parses the content once (the base64 check is the costly part).
    return new ToolResult(
      {
        name: call.name,
        id: call.id,
        content: result.content as readonly unknown[] | undefined,
        isError: result.isError as boolean | undefined,
        structuredContent: result.structuredContent as Record<string, unknown> | undefined,
      },
      options,
    );
  }

  /**
   * The result block for `wire` (see the package README for each wire's shape and rules).
   * Pure and synchronous. Options: `{ imageInput, nativePdf, sourceBlocks, responseTag,
   * onWarning }`; the snake_case spellings (`image_input`, ...) are accepted too, and a flag may
   * be any truthy or falsy value (`1`, `0`). Throws {@link UnknownWireFormatError} for a wire
   * that is not one of the six, and {@link ValidationError} for a `responseTag` that is not an
   * XML name.
   */
  to<W extends WireFormat>(
    wire: W,
    options: ToolResultToOptions & ToolResultToOptionAliases = {},
  ): ToolResultBlock<W> {
    if (!isWireFormat(wire)) throw new UnknownWireFormatError(wire);
    const resolved = resolveOptions(options);
    return TOOL_RESULT_RENDERERS[wire](
      withoutStructuredMedia(this, wire, resolved),
      resolved,
    ) as ToolResultBlock<W>;
  }

  /** The fields as plain data (what `JSON.stringify(result)` writes). */
  toJSON(): {
    name: string;
    id: string;
    content: readonly ContentBlock[];
    isError: boolean;
    structuredContent?: Readonly<Record<string, unknown>>;
  } {
    const json = { name: this.name, id: this.id, content: this.content, isError: this.isError };
    return this.structuredContent === undefined
      ? json
      : { ...json, structuredContent: this.structuredContent };
  }
}
