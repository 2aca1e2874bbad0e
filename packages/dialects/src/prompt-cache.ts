// Prompt caching on the wire: Anthropic `cache_control` breakpoints, OpenAI and Responses
// `prompt_cache_key` / `prompt_cache_retention`. Applied to a body a dialect built, so the
// request builders stay as they are; one entry per wire.
import type { WireFormat } from '@crosswire/core';
import { asArray, isRecord, type JsonObject } from './support/json.js';

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

/** The minimum cacheable prefix of an Anthropic model (tokens). */
export function anthropicMinCacheableTokens(model: string | undefined): number {
  if (model === undefined) return DEFAULT_MIN_CACHEABLE_TOKENS;
  const bare = model.replace(/^.*\//, '');
  for (const [pattern, tokens] of ANTHROPIC_MIN_CACHEABLE_TOKENS) {
    if (pattern.test(bare)) return tokens;
  }
  return DEFAULT_MIN_CACHEABLE_TOKENS;
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

/** Every `cache_control` in an Anthropic body: tools, system blocks, message blocks, tool_result content. */
export function anthropicBreakpoints(body: Readonly<Record<string, unknown>>): string[] {
  const found: string[] = [];
  asArray(body.tools).forEach((tool, index) => {
    if (isRecord(tool) && tool.cache_control !== undefined) found.push(`tools[${index}]`);
  });
  asArray(body.system).forEach((block, index) => {
    if (isRecord(block) && block.cache_control !== undefined) found.push(`system[${index}]`);
  });
  asArray(body.messages).forEach((message, index) => {
    if (!isRecord(message)) return;
    asArray(message.content).forEach((block, inner) => {
      if (!isRecord(block)) return;
      const path = `messages[${index}].content[${inner}]`;
      if (block.cache_control !== undefined) found.push(path);
      asArray(block.content).forEach((part, deepest) => {
        if (isRecord(part) && part.cache_control !== undefined) {
          found.push(`${path}.content[${deepest}]`);
        }
      });
    });
  });
  return found;
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
  settings: PromptCacheOptions,
): Record<string, unknown> {
  if (settings.breakpoints === false || request.cacheControl === false) return body;
  const budget = ANTHROPIC_MAX_BREAKPOINTS - anthropicBreakpoints(body).length;
  if (budget <= 0) return body;
  const minimum = anthropicMinCacheableTokens(request.model);
  const out: Record<string, unknown> = { ...body };
  const tools = Array.isArray(body.tools) ? [...body.tools] : undefined;
  const messages = Array.isArray(body.messages) ? [...body.messages] : [];
  let running = 0;
  const candidates: Placement[] = [];

  if (tools && tools.length > 0) {
    running += estimateTokens(tools);
    const last = tools.length - 1;
    const tool = tools[last];
    if (isRecord(tool) && tool.cache_control === undefined) {
      candidates.push({
        prefixTokens: running,
        apply: (marker) => {
          tools[last] = { ...tool, cache_control: marker };
        },
      });
    }
  }
  if (typeof body.system === 'string' && body.system.trim() !== '') {
    running += estimateTokens(body.system);
    const text = body.system;
    candidates.push({
      prefixTokens: running,
      apply: (marker) => {
        out.system = [{ type: 'text', text, cache_control: marker }];
      },
    });
  } else if (Array.isArray(body.system)) {
    running += estimateTokens(body.system);
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
  const prefixes: number[] = [];
  for (const message of messages) {
    running += estimateTokens(message);
    prefixes.push(running);
  }
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

/** OpenAI Chat Completions and Responses: `prompt_cache_key` (the loop id) and the retention asked for. */
function openaiCache(
  body: Record<string, unknown>,
  request: PromptCacheRequest,
  settings: PromptCacheOptions,
): Record<string, unknown> {
  if (request.promptCacheKey === false) return body;
  const key = settings.key ?? request.loopId;
  const fields: Record<string, unknown> = {
    ...(key === undefined || body.prompt_cache_key !== undefined ? {} : { prompt_cache_key: key }),
    ...(settings.retention === undefined || body.prompt_cache_retention !== undefined
      ? {}
      : { prompt_cache_retention: settings.retention }),
  };
  return Object.keys(fields).length === 0 ? body : { ...body, ...fields };
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

/** Every `cachePoint` block of a Converse body: tools, system and message blocks. */
export function bedrockCachePoints(body: Readonly<Record<string, unknown>>): string[] {
  const found: string[] = [];
  asArray((body.toolConfig as JsonObject | undefined)?.tools).forEach((tool, index) => {
    if (isRecord(tool) && tool.cachePoint !== undefined) found.push(`toolConfig.tools[${index}]`);
  });
  asArray(body.system).forEach((block, index) => {
    if (isRecord(block) && block.cachePoint !== undefined) found.push(`system[${index}]`);
  });
  asArray(body.messages).forEach((message, index) => {
    if (!isRecord(message)) return;
    asArray(message.content).forEach((block, inner) => {
      if (isRecord(block) && block.cachePoint !== undefined) {
        found.push(`messages[${index}].content[${inner}]`);
      }
    });
  });
  return found;
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
  settings: PromptCacheOptions,
): Record<string, unknown> {
  if (settings.breakpoints === false || request.cacheControl === false) return body;
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
  let running = 0;
  const candidates: Placement[] = [];
  if (caching.tools && config !== undefined && tools.length > 0) {
    running += estimateTokens(tools);
    candidates.push({
      prefixTokens: running,
      apply: () => {
        out.toolConfig = { ...config, tools: [...tools, point] };
      },
    });
  }
  const system = asArray(body.system);
  if (system.length > 0) {
    running += estimateTokens(system);
    candidates.push({
      prefixTokens: running,
      apply: () => {
        out.system = [...system, point];
      },
    });
  }
  const prefixes = messages.map((message) => {
    running += estimateTokens(message);
    return running;
  });
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
      settings: PromptCacheOptions,
    ) => Record<string, unknown>
  >
> = {
  anthropic: anthropicCache,
  openai: openaiCache,
  responses: openaiCache,
  // Gemini 2.5+ caches implicitly; explicit cachedContents is an opt-in of its own.
  gemini: unchanged,
  // Ollama keeps its KV cache per loaded model; Hermes servers (vLLM, llama.cpp) cache prefixes themselves.
  ollama: unchanged,
  hermes: unchanged,
  bedrock: bedrockCache,
};

/**
 * `body` (as a dialect built it) with the prompt-cache fields of `wire`: see
 * {@link PromptCache}. `'off'` returns it unchanged. Never changes `body` itself.
 */
export function applyPromptCache(
  wire: WireFormat,
  body: Record<string, unknown>,
  request: PromptCacheRequest,
): Record<string, unknown> {
  const settings = options(request.setting);
  if (settings === undefined) return body;
  return BY_WIRE[wire](body, request, settings);
}
