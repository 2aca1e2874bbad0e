// Prompt caching on the wire: Anthropic `cache_control` breakpoints, OpenAI and Responses
// `prompt_cache_key` / `prompt_cache_retention`. Applied to a body a dialect built, so the
// request builders stay as they are; one entry per wire.
import { emitWarning, isDeeplyFrozen, type WarningHandler, type WireFormat } from '@crosswire/core';
import type { RuleBreak } from './preflight/types.js';
import { asArray, asRecord, isRecord, type JsonObject } from './support/json.js';
import { sha256Hex } from './support/sha256.js';

/** Anthropic allows at most this many `cache_control` breakpoints in one request. */
export const ANTHROPIC_MAX_BREAKPOINTS = 4;

/**
 * Explicit prompt-cache settings. Every field is optional; the rest is what `'auto'` does.
 */
export interface PromptCacheOptions {
  /** Anthropic: place `cache_control` breakpoints (default true). */
  readonly breakpoints?: boolean;
  /** Anthropic: the breakpoints' lifetime (`5m`, the API's default when absent, or `1h`). */
  readonly ttl?: '5m' | '1h';
  /** OpenAI and Responses: `prompt_cache_key` (default: the loop id). */
  readonly key?: string;
  /** OpenAI and Responses: `prompt_cache_retention` (not sent unless given). */
  readonly retention?: 'in_memory' | '24h';
}

/** `'auto'`, `'off'`, or explicit options (see {@link PromptCacheOptions}). */
export type PromptCache = 'auto' | 'off' | PromptCacheOptions;

/** What the endpoint takes, from the registry's quirks (a refused or ignored field is not sent). */
export interface PromptCacheEndpoint {
  /** False when the endpoint refuses or ignores `cache_control`. Default true. */
  readonly cacheControl?: boolean;
  /** False when the endpoint refuses or ignores `prompt_cache_key`. Default true. */
  readonly promptCacheKey?: boolean;
  /** The model: picks the minimum cacheable length of a breakpoint's prefix. */
  readonly model?: string;
}

/** The settings of one request. */
export interface PromptCacheRequest extends PromptCacheEndpoint {
  readonly setting: PromptCache;
  /** The loop id, the default `prompt_cache_key`. Without one (plain `chat`) no key is sent. */
  readonly loopId?: string;
  /** Told of each repair (`prompt_cache_key_shortened`, `prompt_cache_ttl_raised`). */
  readonly onWarning?: WarningHandler;
}

/**
 * The documented minimum cacheable prompt length (tokens) by Anthropic model: a prefix shorter
 * than this is not cached, so no breakpoint is spent on it. From Anthropic's prompt-caching page
 * as quoted in anthropics/anthropic-sdk-python#1194 and docs.orq.ai/docs/proxy/prompt-caching
 * (Sonnet 4.6). Models not listed (the 5.x line) take the documented floor, 1,024: a breakpoint
 * under a model's real minimum is harmless (nothing is cached), one withheld loses the saving.
 */
export const ANTHROPIC_MIN_CACHEABLE_TOKENS: readonly (readonly [RegExp, number])[] = [
  [/^claude-(opus-4-[56]|haiku-4-5)/, 4096],
  [/^claude-(sonnet-4-6|3-5-haiku|3-haiku|haiku-3)/, 2048],
  [/^claude-(sonnet-4-5|opus-4-1|opus-4|sonnet-4|3-7-sonnet|sonnet-3-7)/, 1024],
];
const DEFAULT_MIN_CACHEABLE_TOKENS = 1024;

/** The answers of {@link anthropicMinCacheableTokens} by model (asked on every request). */
const MIN_TOKENS_BY_MODEL = new Map<string, number>();
const MIN_TOKENS_REMEMBERED = 64;

/** The minimum cacheable prefix of an Anthropic model (tokens). */
export function anthropicMinCacheableTokens(model: string | undefined): number {
  if (model === undefined) return DEFAULT_MIN_CACHEABLE_TOKENS;
  const known = MIN_TOKENS_BY_MODEL.get(model);
  if (known !== undefined) return known;
  const bare = model.replace(/^.*\//, '');
  const tokens =
    ANTHROPIC_MIN_CACHEABLE_TOKENS.find(([pattern]) => pattern.test(bare))?.[1] ??
    DEFAULT_MIN_CACHEABLE_TOKENS;
  if (MIN_TOKENS_BY_MODEL.size >= MIN_TOKENS_REMEMBERED) MIN_TOKENS_BY_MODEL.clear();
  MIN_TOKENS_BY_MODEL.set(model, tokens);
  return tokens;
}

/**
 * The token estimate used to weigh a prefix: one token per 4 characters of its JSON (the rule
 * of thumb OpenAI and Anthropic give for English text), rounded up. Deterministic, so the
 * simulator and the breakpoint placement agree.
 */
export function estimateTokens(value: unknown): number {
  const text = typeof value === 'string' ? value : JSON.stringify(value ?? null);
  return Math.ceil(text.length / 4);
}

/** Token estimates of deeply frozen values (the tool loop's turns): they cannot change. */
const ESTIMATES = new WeakMap<object, number>();

/** {@link estimateTokens}, remembered for a deeply frozen value. */
function rememberedEstimate(value: unknown): number {
  if (typeof value !== 'object' || value === null) return estimateTokens(value);
  const known = ESTIMATES.get(value);
  if (known !== undefined) return known;
  const tokens = estimateTokens(value);
  if (isDeeplyFrozen(value)) ESTIMATES.set(value, tokens);
  return tokens;
}

/**
 * A running token estimate of a growing prefix, for placing breakpoints: only whether a prefix
 * reaches `minimum` matters, and a longer prefix reaches it whenever a shorter one does, so once
 * the running estimate is there nothing more is weighed. A long conversation costs what its
 * first `minimum` tokens cost, not a JSON.stringify per message.
 */
function prefixWeigher(minimum: number): (value: unknown) => number {
  let running = 0;
  return (value) => {
    if (running < minimum) running += rememberedEstimate(value);
    return running;
  };
}

function options(setting: PromptCache): PromptCacheOptions | undefined {
  if (setting === 'off') return undefined;
  return setting === 'auto' ? {} : setting;
}

/** Blocks that may carry `cache_control` (thinking blocks may not). */
const CACHEABLE_BLOCKS = new Set([
  'text',
  'image',
  'document',
  'search_result',
  'tool_use',
  'tool_result',
]);

function isEmptyText(block: JsonObject): boolean {
  return block.type === 'text' && (typeof block.text !== 'string' || block.text.trim() === '');
}

/** One `cache_control` breakpoint: where it is and its lifetime. */
export interface CacheBreakpoint {
  /** `tools[0]`, `system[1]`, `messages[3].content[0]`, `messages[3].content[0].content[1]`. */
  readonly path: string;
  /** `1h`, or `5m` (the API's default when `ttl` is absent). */
  readonly ttl: string;
}

/** The breakpoints of an Anthropic body in the API's order, and the ones on empty text blocks. */
export interface AnthropicMarkers {
  readonly breakpoints: readonly CacheBreakpoint[];
  readonly emptyMarked: readonly RuleBreak[];
}

/** The markers walk, and what it saw on the way that the media rules want to know. */
export interface MarkersWalk extends AnthropicMarkers {
  /**
   * False only when no message holds an image or document block at any depth: the preflight
   * media rules then skip their own walk of the conversation.
   */
  readonly media: boolean;
}

function ttlOf(marker: unknown): string {
  const ttl = asRecord(marker).ttl;
  return typeof ttl === 'string' ? ttl : '5m';
}

/** The two spellings of a block's place: ours (`messages[3].content[0]`) and the API's (`messages.3.content.0`). */
function blockPaths(root: 'system' | 'messages', at: readonly number[]) {
  const [first = 0, ...rest] = at;
  let path = root === 'system' ? `system[${first}]` : `messages[${first}]`;
  let apiPath = `${root}.${first}`;
  for (const index of rest) {
    path += `.content[${index}]`;
    apiPath += `.content.${index}`;
  }
  return { path, apiPath };
}

/**
 * The blocks inside a block, then its own breakpoint (and an empty marked text): a tool_result's
 * own marker closes a prefix that holds its content, so the content's markers come first.
 * `at` is the block's place (one shared stack); a path is spelled out only for a marker.
 * True when the block, or a block inside it, is an image or a document.
 */
function visitBlock(
  block: unknown,
  root: 'system' | 'messages',
  at: number[],
  breakpoints: CacheBreakpoint[],
  emptyMarked: RuleBreak[],
): boolean {
  if (!isRecord(block)) return false;
  let media = block.type === 'image' || block.type === 'document';
  const inner = block.content;
  if (Array.isArray(inner)) {
    for (let index = 0; index < inner.length; index++) {
      at.push(index);
      if (visitBlock(inner[index], root, at, breakpoints, emptyMarked)) media = true;
      at.pop();
    }
  }
  if (block.cache_control === undefined) return media;
  const { path, apiPath } = blockPaths(root, at);
  breakpoints.push({ path, ttl: ttlOf(block.cache_control) });
  if (isEmptyText(block)) {
    emptyMarked.push({
      path: `${apiPath}.text`,
      message: `${apiPath}.text: cache_control cannot be set for empty text blocks`,
    });
  }
  return media;
}

/**
 * Deeply frozen messages found without a `cache_control` and without media (the tool loop's
 * turns: placement marks copies of them): a growing conversation is walked once per message.
 */
const PLAIN = new WeakSet<object>();

/**
 * Every `cache_control` of an Anthropic body (tools, system blocks, message blocks, tool_result
 * content) in the order the API reads them, with its TTL, and every one on an empty text
 * block. One walk over the conversation (the tool loop's frozen turns are walked once each);
 * nothing is remembered of the body itself, so a messages array changed in place between two
 * calls is read as it is now.
 */
export function anthropicMarkers(body: Readonly<Record<string, unknown>>): AnthropicMarkers {
  const { breakpoints, emptyMarked } = walkMarkers(body);
  return { breakpoints, emptyMarked };
}

/**
 * {@link anthropicMarkers}, and whether a message holds media: one walk that the breakpoint
 * rules and the media rules of a preflight call share (two walks of every block before).
 */
export function walkMarkers(body: Readonly<Record<string, unknown>>): MarkersWalk {
  const breakpoints: CacheBreakpoint[] = [];
  const emptyMarked: RuleBreak[] = [];
  let media = false;
  const tools = asArray(body.tools);
  for (let index = 0; index < tools.length; index++) {
    const tool = tools[index];
    if (isRecord(tool) && tool.cache_control !== undefined) {
      breakpoints.push({ path: `tools[${index}]`, ttl: ttlOf(tool.cache_control) });
    }
  }
  // One stack for every place, written in place: emptying it (length 0) would drop its
  // storage and make a new one for the next block, an allocation per block of the conversation.
  const at: number[] = [];
  const system = asArray(body.system);
  for (let index = 0; index < system.length; index++) {
    at[0] = index;
    // Cut back only when a deeper place was left in it (setting length is not free).
    if (at.length !== 1) at.length = 1;
    visitBlock(system[index], 'system', at, breakpoints, emptyMarked);
  }
  const messages = asArray(body.messages);
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index];
    if (!isRecord(message) || PLAIN.has(message)) continue;
    const content = message.content;
    if (!Array.isArray(content)) continue;
    const before = breakpoints.length;
    let held = false;
    for (let inner = 0; inner < content.length; inner++) {
      at[0] = index;
      at[1] = inner;
      if (at.length !== 2) at.length = 2;
      if (visitBlock(content[inner], 'messages', at, breakpoints, emptyMarked)) held = true;
    }
    if (held) media = true;
    else if (breakpoints.length === before && isDeeplyFrozen(message)) PLAIN.add(message);
  }
  return { breakpoints, emptyMarked, media };
}

/** Every `cache_control` in an Anthropic body: tools, system blocks, message blocks, tool_result content. */
export function anthropicBreakpoints(body: Readonly<Record<string, unknown>>): string[] {
  return walkMarkers(body).breakpoints.map((breakpoint) => breakpoint.path);
}

/**
 * The breakpoints that come after a shorter-lived one (a `1h` after a `5m`), which Anthropic
 * refuses: "a ttl='1h' cache_control block must not come after a ttl='5m' cache_control block"
 * (cnighswonger/claude-code-cache-fix#44).
 */
export function misorderedTtls(markers: AnthropicMarkers): CacheBreakpoint[] {
  const found: CacheBreakpoint[] = [];
  let sawShort = false;
  for (const breakpoint of markers.breakpoints) {
    if (breakpoint.ttl === '1h') {
      if (sawShort) found.push(breakpoint);
    } else sawShort = true;
  }
  return found;
}

/** `marker` with a one-hour lifetime. */
function longLived(block: JsonObject): JsonObject {
  return { ...block, cache_control: { ...asRecord(block.cache_control), ttl: '1h' } };
}

/** `block` with the breakpoints at `raise` (positions in walk order) made one-hour ones. */
function raiseBlock(block: unknown, position: { at: number }, raise: ReadonlySet<number>): unknown {
  if (!isRecord(block)) return block;
  let out = block;
  const inner = block.content;
  if (Array.isArray(inner)) {
    const next = inner.map((child) => raiseBlock(child, position, raise));
    if (next.some((child, index) => child !== inner[index])) out = { ...block, content: next };
  }
  if (block.cache_control !== undefined) {
    if (raise.has(position.at)) out = longLived(out);
    position.at += 1;
  }
  return out;
}

/**
 * A body whose TTLs Anthropic accepts: every breakpoint before a one-hour one becomes a
 * one-hour one too, so longer lifetimes come first. Raising never shortens a lifetime anyone
 * asked for (the later prefix is kept an hour anyway, and it holds the earlier one); the price
 * is the one-hour write rate on the raised prefixes. Told to `onWarning` as
 * `prompt_cache_ttl_raised` (rule `anthropic-cache-ttl-order`).
 */
function orderedTtls(body: Record<string, unknown>, request: PromptCacheRequest) {
  const markers = walkMarkers(body);
  if (misorderedTtls(markers).length === 0) return body;
  let lastLong = -1;
  markers.breakpoints.forEach((breakpoint, index) => {
    if (breakpoint.ttl === '1h') lastLong = index;
  });
  const raise = new Set<number>();
  const raised: string[] = [];
  markers.breakpoints.forEach((breakpoint, index) => {
    if (index < lastLong && breakpoint.ttl !== '1h') {
      raise.add(index);
      raised.push(breakpoint.path);
    }
  });
  const position = { at: 0 };
  const out: Record<string, unknown> = { ...body };
  if (Array.isArray(body.tools)) {
    out.tools = body.tools.map((tool) => {
      if (!isRecord(tool) || tool.cache_control === undefined) return tool;
      const changed = raise.has(position.at) ? longLived(tool) : tool;
      position.at += 1;
      return changed;
    });
  }
  if (Array.isArray(body.system)) {
    out.system = body.system.map((block) => raiseBlock(block, position, raise));
  }
  if (Array.isArray(body.messages)) {
    out.messages = body.messages.map((message) => {
      if (!isRecord(message) || !Array.isArray(message.content)) return message;
      return {
        ...message,
        content: message.content.map((block) => raiseBlock(block, position, raise)),
      };
    });
  }
  emitWarning(request.onWarning, {
    code: 'prompt_cache_ttl_raised',
    message: `anthropic: a ttl '1h' breakpoint came after shorter ones, which the API refuses; ${raised.join(', ')} now keep 1h too (rule anthropic-cache-ttl-order)`,
    details: { wire: 'anthropic', rule: 'anthropic-cache-ttl-order', paths: raised },
  });
  return out;
}

interface Placement {
  /** The prefix it closes, for the minimum length. */
  readonly prefixTokens: number;
  readonly apply: (marker: JsonObject) => void;
}

/** The last block of `content` that can carry a breakpoint, or undefined. */
function lastCacheable(content: unknown[]): number | undefined {
  for (let index = content.length - 1; index >= 0; index--) {
    const block = content[index];
    if (isRecord(block) && CACHEABLE_BLOCKS.has(String(block.type)) && !isEmptyText(block)) {
      return index;
    }
  }
  return undefined;
}

/** A breakpoint on message `index` (its content made a block list when it was a string). */
function messagePlacement(
  messages: unknown[],
  index: number,
  prefixTokens: number,
): Placement | undefined {
  const message = messages[index];
  if (!isRecord(message)) return undefined;
  if (typeof message.content === 'string') {
    if (message.content.trim() === '') return undefined;
    const text = message.content;
    return {
      prefixTokens,
      apply: (marker) => {
        messages[index] = { ...message, content: [{ type: 'text', text, cache_control: marker }] };
      },
    };
  }
  const content = asArray(message.content);
  const at = lastCacheable(content);
  // No block to mark, or the block is marked already (a tool result's own breakpoint).
  if (at === undefined || (content[at] as JsonObject).cache_control !== undefined) {
    return undefined;
  }
  return {
    prefixTokens,
    apply: (marker) => {
      const blocks = [...content];
      blocks[at] = { ...(blocks[at] as JsonObject), cache_control: marker };
      messages[index] = { ...message, content: blocks };
    },
  };
}

/**
 * Anthropic: breakpoints where a loop's prefix is stable, in this order of priority: the
 * last tool, the system prompt, the last message of the previous turn (the user message
 * before the last assistant reply: the end of the prefix the previous request cached) and the
 * last message (what the next request will read). Never more than 4 with the ones already in
 * the body (a tool result's `cache_control`), none on an empty or thinking block, none on a
 * prefix shorter than the model's minimum cacheable length.
 */
function anthropicCache(
  body: Record<string, unknown>,
  request: PromptCacheRequest,
  settings: PromptCacheOptions | undefined,
): Record<string, unknown> {
  return orderedTtls(placeBreakpoints(body, request, settings), request);
}

/** The marked copies of deeply frozen tools, by the marker's JSON. */
const MARKED_TOOLS = new WeakMap<JsonObject, Map<string, JsonObject>>();

/**
 * `tool` with the breakpoint `marker`. A deeply frozen tool (the tool loop's formatted tools)
 * gets one frozen copy per marker, the same object on every request: the preflight tool rules
 * remember their answer for the same frozen tools, so a loop's tools are checked once, not on
 * every request. Any other tool gets a fresh copy.
 */
function markedTool(tool: JsonObject, marker: JsonObject): JsonObject {
  if (!isDeeplyFrozen(tool)) return { ...tool, cache_control: marker };
  const key = JSON.stringify(marker);
  let copies = MARKED_TOOLS.get(tool);
  if (copies === undefined) {
    copies = new Map();
    MARKED_TOOLS.set(tool, copies);
  }
  let marked = copies.get(key);
  if (marked === undefined) {
    marked = Object.freeze({ ...tool, cache_control: Object.freeze({ ...marker }) });
    copies.set(key, marked);
  }
  return marked;
}

function placeBreakpoints(
  body: Record<string, unknown>,
  request: PromptCacheRequest,
  settings: PromptCacheOptions | undefined,
): Record<string, unknown> {
  if (settings === undefined || settings.breakpoints === false || request.cacheControl === false)
    return body;
  const budget = ANTHROPIC_MAX_BREAKPOINTS - anthropicBreakpoints(body).length;
  if (budget <= 0) return body;
  const minimum = anthropicMinCacheableTokens(request.model);
  const out: Record<string, unknown> = { ...body };
  const tools = Array.isArray(body.tools) ? [...body.tools] : undefined;
  const messages = Array.isArray(body.messages) ? [...body.messages] : [];
  const weigh = prefixWeigher(minimum);
  const candidates: Placement[] = [];

  if (tools && tools.length > 0) {
    const running = weigh(body.tools);
    const last = tools.length - 1;
    const tool = tools[last];
    if (isRecord(tool) && tool.cache_control === undefined) {
      candidates.push({
        prefixTokens: running,
        apply: (marker) => {
          tools[last] = markedTool(tool, marker);
        },
      });
    }
  }
  if (typeof body.system === 'string' && body.system.trim() !== '') {
    const running = weigh(body.system);
    const text = body.system;
    candidates.push({
      prefixTokens: running,
      apply: (marker) => {
        out.system = [{ type: 'text', text, cache_control: marker }];
      },
    });
  } else if (Array.isArray(body.system)) {
    const running = weigh(body.system);
    const system = [...body.system];
    const at = lastCacheable(system);
    if (at !== undefined && (system[at] as JsonObject).cache_control === undefined) {
      candidates.push({
        prefixTokens: running,
        apply: (marker) => {
          system[at] = { ...(system[at] as JsonObject), cache_control: marker };
          out.system = system;
        },
      });
    }
  }
  const prefixes = messages.map(weigh);
  const lastAssistant = messages.findLastIndex(
    (message) => isRecord(message) && message.role === 'assistant',
  );
  const turnEnds = [...new Set([lastAssistant - 1, messages.length - 1])].filter(
    (index) => index >= 0,
  );
  for (const index of turnEnds) {
    const placement = messagePlacement(messages, index, prefixes[index] ?? 0);
    if (placement) candidates.push(placement);
  }

  const marker: JsonObject = {
    type: 'ephemeral',
    ...(settings.ttl === undefined ? {} : { ttl: settings.ttl }),
  };
  // The latest breakpoints matter most (each reads every earlier cached prefix), then the tools.
  const chosen = candidates.filter((candidate) => candidate.prefixTokens >= minimum);
  for (const candidate of chosen.slice(-budget)) candidate.apply(marker);
  if (tools) out.tools = tools;
  if (Array.isArray(body.messages)) out.messages = messages;
  return out;
}

/** The longest `prompt_cache_key` OpenAI takes (OpenAPI `maxLength: 64`). */
export const PROMPT_CACHE_KEY_MAX_LENGTH = 64;

/**
 * A `prompt_cache_key` OpenAI takes: a key of at most 64 characters as it is; a longer one
 * (a long loop id) as its first 47 characters, `-` and 16 hex digits of its SHA-256, so the
 * same long key always gives the same short one and two long keys stay apart.
 */
export function promptCacheKey(key: string): string {
  const characters = [...key];
  if (characters.length <= PROMPT_CACHE_KEY_MAX_LENGTH) return key;
  return `${characters.slice(0, 47).join('')}-${sha256Hex(key).slice(0, 16)}`;
}

/** OpenAI Chat Completions and Responses: `prompt_cache_key` (the loop id) and the retention asked for. */
function openaiCache(wire: 'openai' | 'responses') {
  return (
    body: Record<string, unknown>,
    request: PromptCacheRequest,
    settings: PromptCacheOptions | undefined,
  ): Record<string, unknown> => {
    if (settings === undefined || request.promptCacheKey === false) return body;
    const given = settings.key ?? request.loopId;
    const key = given === undefined ? undefined : promptCacheKey(given);
    if (given !== undefined && key !== given) {
      const rule = `${wire}-prompt-cache-key-length`;
      emitWarning(request.onWarning, {
        code: 'prompt_cache_key_shortened',
        message: `${wire}: prompt_cache_key has ${[...given].length} characters, more than the ${PROMPT_CACHE_KEY_MAX_LENGTH} the API takes; sent as "${key}", derived from it by SHA-256 (rule ${rule})`,
        details: { wire, rule, key },
      });
    }
    const fields: Record<string, unknown> = {
      ...(key === undefined || body.prompt_cache_key !== undefined
        ? {}
        : { prompt_cache_key: key }),
      ...(settings.retention === undefined || body.prompt_cache_retention !== undefined
        ? {}
        : { prompt_cache_retention: settings.retention }),
    };
    return Object.keys(fields).length === 0 ? body : { ...body, ...fields };
  };
}

/**
 * The Bedrock models Converse documents prompt caching for, with where their cache points may
 * go: Claude on the tools, the system prompt and the messages (at most 4); Nova on the system
 * prompt and the messages only. https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html
 * Any other model gets no cache point (Converse refuses one it does not support).
 */
export const BEDROCK_CACHE_MODELS: readonly (readonly [RegExp, { readonly tools: boolean }])[] = [
  [/^(?:[a-z]+\.)?anthropic\.claude-/, { tools: true }],
  [/^(?:[a-z]+\.)?amazon\.nova-/, { tools: false }],
];

/** Converse allows at most this many `cachePoint` blocks in one request (Claude's limit). */
export const BEDROCK_MAX_CACHE_POINTS = 4;

/**
 * Every `cachePoint` block of a Converse body: tools, system and message blocks. Plain loops,
 * a path only for a point found: this runs on every request, over the whole conversation.
 */
export function bedrockCachePoints(body: Readonly<Record<string, unknown>>): string[] {
  const found: string[] = [];
  const tools = asArray((body.toolConfig as JsonObject | undefined)?.tools);
  for (let index = 0; index < tools.length; index++) {
    if (hasCachePoint(tools[index])) found.push(`toolConfig.tools[${index}]`);
  }
  const system = asArray(body.system);
  for (let index = 0; index < system.length; index++) {
    if (hasCachePoint(system[index])) found.push(`system[${index}]`);
  }
  const messages = asArray(body.messages);
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index];
    if (!isRecord(message)) continue;
    const content = asArray(message.content);
    for (let inner = 0; inner < content.length; inner++) {
      if (hasCachePoint(content[inner])) found.push(`messages[${index}].content[${inner}]`);
    }
  }
  return found;
}

function hasCachePoint(block: unknown): boolean {
  return isRecord(block) && block.cachePoint !== undefined;
}

/**
 * Bedrock Converse: `cachePoint` blocks where a loop's prefix is stable, as on Anthropic (the
 * last tool where the model caches tools, the system prompt, the end of the previous turn and
 * the last message), each a block of its own after what it closes; never more than 4 with the
 * ones already there, none on a prefix shorter than the model's minimum.
 */
function bedrockCache(
  body: Record<string, unknown>,
  request: PromptCacheRequest,
  settings: PromptCacheOptions | undefined,
): Record<string, unknown> {
  if (settings === undefined || settings.breakpoints === false || request.cacheControl === false)
    return body;
  const model = request.model ?? '';
  const caching = BEDROCK_CACHE_MODELS.find(([pattern]) => pattern.test(model))?.[1];
  if (caching === undefined) return body;
  const budget = BEDROCK_MAX_CACHE_POINTS - bedrockCachePoints(body).length;
  if (budget <= 0) return body;
  const minimum = anthropicMinCacheableTokens(model.replace(/^(?:[a-z]+\.)?anthropic\./, ''));
  const point: JsonObject = {
    cachePoint: { type: 'default', ...(settings.ttl === undefined ? {} : { ttl: settings.ttl }) },
  };
  const out: Record<string, unknown> = { ...body };
  const config = isRecord(body.toolConfig) ? body.toolConfig : undefined;
  const tools = asArray(config?.tools);
  const messages = [...asArray(body.messages)];
  const weigh = prefixWeigher(minimum);
  const candidates: Placement[] = [];
  if (caching.tools && config !== undefined && tools.length > 0) {
    candidates.push({
      prefixTokens: weigh(tools),
      apply: () => {
        out.toolConfig = { ...config, tools: [...tools, point] };
      },
    });
  }
  const system = asArray(body.system);
  if (system.length > 0) {
    candidates.push({
      prefixTokens: weigh(system),
      apply: () => {
        out.system = [...system, point];
      },
    });
  }
  const prefixes = messages.map(weigh);
  const lastAssistant = messages.findLastIndex(
    (message) => isRecord(message) && message.role === 'assistant',
  );
  for (const index of new Set([lastAssistant - 1, messages.length - 1])) {
    const message = messages[index];
    if (index < 0 || !isRecord(message) || asArray(message.content).length === 0) continue;
    candidates.push({
      prefixTokens: prefixes[index] ?? 0,
      apply: () => {
        messages[index] = { ...message, content: [...asArray(message.content), point] };
      },
    });
  }
  const chosen = candidates.filter((candidate) => candidate.prefixTokens >= minimum);
  for (const candidate of chosen.slice(-budget)) candidate.apply(point);
  if (Array.isArray(body.messages)) out.messages = messages;
  return out;
}

const unchanged = (body: Record<string, unknown>) => body;

const BY_WIRE: Readonly<
  Record<
    WireFormat,
    (
      body: Record<string, unknown>,
      request: PromptCacheRequest,
      settings: PromptCacheOptions | undefined,
    ) => Record<string, unknown>
  >
> = {
  anthropic: anthropicCache,
  openai: openaiCache('openai'),
  responses: openaiCache('responses'),
  // Gemini 2.5+ caches implicitly; explicit cachedContents is an opt-in of its own.
  gemini: unchanged,
  // Ollama keeps its KV cache per loaded model; Hermes servers (vLLM, llama.cpp) cache prefixes themselves.
  ollama: unchanged,
  hermes: unchanged,
  bedrock: bedrockCache,
};

/**
 * `body` (as a dialect built it) with the prompt-cache fields of `wire`: see
 * {@link PromptCache}. `'off'` places nothing; on anthropic the TTLs of the breakpoints already
 * in the body (a tool result's own) are still put in the order the API takes. Never changes
 * `body` itself.
 */
export function applyPromptCache(
  wire: WireFormat,
  body: Record<string, unknown>,
  request: PromptCacheRequest,
): Record<string, unknown> {
  return BY_WIRE[wire](body, request, options(request.setting));
}
