import type { ToolCall } from '@crosswire/core';

/**
 * Token counts as the wire reported them, mapped onto one vocabulary.
 *
 * `inputTokens` is always every input token of the request, cached ones included, on every
 * wire: Anthropic's `input_tokens + cache_creation_input_tokens + cache_read_input_tokens`;
 * Chat Completions' `prompt_tokens`; Responses' `input_tokens`; Gemini's `promptTokenCount`.
 * `cacheReadTokens` and `cacheWriteTokens` are the parts of it read from and written to the
 * provider's prompt cache, where the wire reports them (a reported 0 stays 0).
 */
export interface Usage {
  /** All input tokens, cache reads and writes included. */
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  readonly totalTokens?: number;
  /** Tokens spent on reasoning, where the wire reports them (Gemini, OpenAI, Responses). */
  readonly reasoningTokens?: number;
  /**
   * Input tokens read from the prompt cache (part of `inputTokens`): Anthropic
   * `cache_read_input_tokens`, Chat Completions `prompt_tokens_details.cached_tokens`,
   * Responses `input_tokens_details.cached_tokens`, Gemini `cachedContentTokenCount`.
   */
  readonly cacheReadTokens?: number;
  /**
   * Input tokens written to the prompt cache (part of `inputTokens`): Anthropic
   * `cache_creation_input_tokens`; no other wire reports writes.
   */
  readonly cacheWriteTokens?: number;
}

/**
 * One parsed reply of any wire (named `ChatResponse` because `Response` is fetch's).
 */
export interface ChatResponse {
  /** The final text: thinking and thought parts out, `<think>` filtered when asked, Hermes tags stripped. */
  readonly content: string;
  /** The calls the model asked for, in reply order. */
  readonly toolCalls: readonly ToolCall[];
  /** As the wire spells it: `stop`, `length`, `tool_calls`, `end_turn`, `max_tokens`, `MAX_TOKENS`, `incomplete`... */
  readonly finishReason: string | undefined;
  readonly usage: Usage | undefined;
  /** The model's reasoning text, where the wire returned it (thinking blocks, thought parts, `reasoning_content`...). */
  readonly reasoning: string | undefined;
  /**
   * The model's refusal text where the wire has a field for it (OpenAI `refusal`, Responses
   * `refusal` parts; Anthropic: a `refusal` stop's text, else its `stop_details.explanation`).
   */
  readonly refusal: string | undefined;
  /** The decoded body: what the assistant echo of `formatToolResults` is built from. */
  readonly raw: unknown;
}

/** Finish reasons that mean "the reply hit its token limit" on one of the wires. */
export const TOKEN_LIMIT_FINISH_REASONS: readonly string[] = Object.freeze([
  'length',
  'max_tokens',
  'MAX_TOKENS',
  'incomplete',
]);

/** True when `finishReason` says the reply was cut off by its token limit. */
export function hitTokenLimit(finishReason: string | undefined): boolean {
  return finishReason !== undefined && TOKEN_LIMIT_FINISH_REASONS.includes(finishReason);
}

/** A usage object without its undefined fields, or undefined when nothing was reported. */
export function usageOf(usage: {
  inputTokens?: number | undefined;
  outputTokens?: number | undefined;
  totalTokens?: number | undefined;
  reasoningTokens?: number | undefined;
  cacheReadTokens?: number | undefined;
  cacheWriteTokens?: number | undefined;
}): Usage | undefined {
  const entries = Object.entries(usage).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return undefined;
  return Object.fromEntries(entries) as Usage;
}
