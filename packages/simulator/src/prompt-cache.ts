// How the simulator counts prompt-cache tokens, by each provider's rules, so that tests and the
// bench see what caching saves. Token counts use dialects' `estimateTokens` (one token per 4
// characters of JSON, rounded up): the same estimate the Anthropic breakpoint placement uses.
import type { WireFormat } from '@crosswire/core';
import {
  anthropicMinCacheableTokens,
  estimateTokens,
  isRecord,
  type JsonObject,
} from '@crosswire/dialects';

/** The input side of one reply's usage. */
export interface PromptUsage {
  /** Every input token, cached ones included. */
  readonly input: number;
  readonly cacheRead: number;
  readonly cacheWrite: number;
}

/** OpenAI caches prompts of at least 1,024 tokens, in 128-token steps beyond that. */
export const OPENAI_CACHE_MIN_TOKENS = 1024;
export const OPENAI_CACHE_STEP_TOKENS = 128;
/** Gemini 2.5+ implicit caching: the smallest prefix it reads from the cache (2.5 Flash). */
export const GEMINI_CACHE_MIN_TOKENS = 1024;

/** What one lane remembers between requests. */
export interface LaneCache {
  /** Anthropic: the prefixes written at a breakpoint (their canonical text). */
  readonly anthropic: Set<string>;
  /** OpenAI, Responses, Gemini: the canonical text of earlier prompts (the latest 32). */
  readonly prompts: string[];
}

export function newLaneCache(): LaneCache {
  return { anthropic: new Set(), prompts: [] };
}

const withoutMarker = (block: unknown): unknown => {
  if (!isRecord(block) || block.cache_control === undefined) return block;
  const { cache_control: _marker, ...rest } = block;
  return rest;
};

/** Anthropic's prompt as blocks in cache order (tools, system, messages), each with its marker. */
function anthropicBlocks(body: JsonObject): { text: string; marked: boolean }[] {
  const blocks: { text: string; marked: boolean }[] = [];
  const add = (block: unknown, prefix: string) =>
    blocks.push({
      text: `${prefix}${JSON.stringify(withoutMarker(block))}`,
      marked: isRecord(block) && block.cache_control !== undefined,
    });
  for (const tool of Array.isArray(body.tools) ? body.tools : []) add(tool, 'tool:');
  if (typeof body.system === 'string') add({ type: 'text', text: body.system }, 'system:');
  else for (const block of Array.isArray(body.system) ? body.system : []) add(block, 'system:');
  for (const message of Array.isArray(body.messages) ? body.messages : []) {
    if (!isRecord(message)) continue;
    const content =
      typeof message.content === 'string'
        ? [{ type: 'text', text: message.content }]
        : Array.isArray(message.content)
          ? message.content
          : [];
    content.forEach((block, index) => {
      add(block, `${String(message.role)}${index === 0 ? '>' : '+'}`);
      // A breakpoint inside a tool_result's content marks the result block's prefix.
      if (isRecord(block) && Array.isArray(block.content)) {
        const inner = block.content.some((part) => isRecord(part) && part.cache_control);
        if (inner) (blocks.at(-1) as { marked: boolean }).marked = true;
      }
    });
  }
  return blocks;
}

/**
 * Bedrock Converse's prompt as blocks in cache order (tools, system, messages): a `cachePoint`
 * block marks the block before it, where the prefix it closes ends.
 */
function bedrockBlocks(body: JsonObject): { text: string; marked: boolean }[] {
  const blocks: { text: string; marked: boolean }[] = [];
  const add = (list: unknown, prefix: string) => {
    for (const [index, block] of (Array.isArray(list) ? list : []).entries()) {
      if (isRecord(block) && block.cachePoint !== undefined) {
        const last = blocks.at(-1);
        if (last) last.marked = true;
        continue;
      }
      blocks.push({
        text: `${prefix}${index === 0 ? '>' : '+'}${JSON.stringify(block)}`,
        marked: false,
      });
    }
  };
  add(isRecord(body.toolConfig) ? body.toolConfig.tools : undefined, 'tool');
  add(body.system, 'system');
  for (const message of Array.isArray(body.messages) ? body.messages : []) {
    if (isRecord(message)) add(message.content, String(message.role));
  }
  return blocks;
}

/**
 * Anthropic (and Bedrock's cache points, which follow Anthropic's rules): a read is the longest
 * prefix that ends at a breakpoint of this request and was written at a breakpoint of an
 * earlier one; the write is the rest of the prefix up to this request's last breakpoint. A
 * prefix under the model's minimum cacheable length is neither.
 */
function anthropicUsage(body: JsonObject, cache: LaneCache): PromptUsage {
  return breakpointUsage(
    anthropicBlocks(body),
    anthropicMinCacheableTokens(typeof body.model === 'string' ? body.model : undefined),
    cache,
  );
}

function breakpointUsage(
  blocks: readonly { text: string; marked: boolean }[],
  minimum: number,
  cache: LaneCache,
): PromptUsage {
  const input = estimateTokens(blocks.map((block) => block.text).join(''));
  let prefix = '';
  let read = 0;
  let written = 0;
  const breakpoints: string[] = [];
  for (const block of blocks) {
    prefix += block.text;
    if (!block.marked) continue;
    const tokens = estimateTokens(prefix);
    if (tokens < minimum) continue;
    breakpoints.push(prefix);
    if (cache.anthropic.has(prefix)) read = tokens;
    else written = tokens;
  }
  const cacheWrite = written > read ? written - read : 0;
  for (const marked of breakpoints) cache.anthropic.add(marked);
  return { input, cacheRead: read, cacheWrite };
}

function commonPrefix(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  let index = 0;
  while (index < length && a.charCodeAt(index) === b.charCodeAt(index)) index++;
  return index;
}

/** The longest prefix `prompt` shares with an earlier prompt of the lane, in tokens. */
function repeatedPrefixTokens(prompt: string, cache: LaneCache): number {
  let longest = 0;
  for (const earlier of cache.prompts) longest = Math.max(longest, commonPrefix(prompt, earlier));
  cache.prompts.push(prompt);
  if (cache.prompts.length > 32) cache.prompts.shift();
  return Math.floor(longest / 4);
}

/** OpenAI (both APIs): the longest repeated prefix of at least 1,024 tokens, in 128-token steps. */
function openaiUsage(prompt: string, cache: LaneCache): PromptUsage {
  const input = estimateTokens(prompt);
  const repeated = Math.min(repeatedPrefixTokens(prompt, cache), input);
  const cacheRead =
    repeated < OPENAI_CACHE_MIN_TOKENS
      ? 0
      : OPENAI_CACHE_MIN_TOKENS +
        Math.floor((repeated - OPENAI_CACHE_MIN_TOKENS) / OPENAI_CACHE_STEP_TOKENS) *
          OPENAI_CACHE_STEP_TOKENS;
  return { input, cacheRead, cacheWrite: 0 };
}

/** Gemini: implicit reads of a repeated prefix of at least 1,024 tokens. */
function geminiUsage(prompt: string, cache: LaneCache): PromptUsage {
  const input = estimateTokens(prompt);
  const repeated = Math.min(repeatedPrefixTokens(prompt, cache), input);
  return { input, cacheRead: repeated < GEMINI_CACHE_MIN_TOKENS ? 0 : repeated, cacheWrite: 0 };
}

/** The prompt as one canonical text, tools first (what a prefix cache sees). */
const promptText = (...parts: unknown[]) =>
  parts.map((part) => JSON.stringify(part ?? null)).join('');

const BY_WIRE: Readonly<
  Record<WireFormat, ((body: JsonObject, cache: LaneCache) => PromptUsage) | undefined>
> = {
  anthropic: anthropicUsage,
  openai: (body, cache) => openaiUsage(promptText(body.tools, body.messages), cache),
  responses: (body, cache) =>
    openaiUsage(promptText(body.tools, body.instructions, body.input), cache),
  gemini: (body, cache) =>
    geminiUsage(promptText(body.tools, body.systemInstruction, body.contents), cache),
  ollama: undefined,
  hermes: undefined,
  // The model is in the path: the smallest documented minimum applies.
  bedrock: (body, cache) =>
    breakpointUsage(bedrockBlocks(body), anthropicMinCacheableTokens(undefined), cache),
};

/** The usage of one request on a lane, by `wire`'s caching rules (undefined: the wire has none). */
export function promptUsage(
  wire: WireFormat,
  body: unknown,
  cache: LaneCache,
): PromptUsage | undefined {
  const count = BY_WIRE[wire];
  return count && isRecord(body) ? count(body, cache) : undefined;
}
