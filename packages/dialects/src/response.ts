import { emitWarning, type ToolCall, type WarningHandler, type WireFormat } from '@crosswire/core';

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
  /**
   * The part of `cacheWriteTokens` written for five minutes, where the wire says (Anthropic
   * `cache_creation.ephemeral_5m_input_tokens`).
   */
  readonly cacheWrite5mTokens?: number;
  /**
   * The part of `cacheWriteTokens` written for one hour, where the wire says (Anthropic
   * `cache_creation.ephemeral_1h_input_tokens`); priced apart (`Pricing.cacheWrite1h`).
   */
  readonly cacheWrite1hTokens?: number;
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

/** The counts a wire reader gives {@link UsageReader.usage}, each already read with `count`. */
export interface UsageCounts {
  readonly inputTokens?: number | undefined;
  readonly outputTokens?: number | undefined;
  readonly totalTokens?: number | undefined;
  readonly reasoningTokens?: number | undefined;
  readonly cacheReadTokens?: number | undefined;
  readonly cacheWriteTokens?: number | undefined;
  readonly cacheWrite5mTokens?: number | undefined;
  readonly cacheWrite1hTokens?: number | undefined;
  /**
   * Tokens the wire's total counts that are none of the above (Gemini's
   * `toolUsePromptTokenCount`): room in the total, not a field of `Usage`.
   */
  readonly otherTokens?: number | undefined;
}

const USAGE_FIELDS = [
  'inputTokens',
  'outputTokens',
  'totalTokens',
  'reasoningTokens',
  'cacheReadTokens',
  'cacheWriteTokens',
  'cacheWrite5mTokens',
  'cacheWrite1hTokens',
] as const;

/**
 * Reads a reply's token counts at the edge: a peer's numbers are checked before anything adds
 * or prices them. A count is a finite, non-negative safe integer (`null` or absent: not
 * reported); parts never exceed their whole (cache reads and writes at most the input, the
 * 5-minute and 1-hour writes at most the writes, input and output at most the total, the total
 * at most input, output, reasoning and the wire's other counted tokens together where the wire
 * counts reasoning apart, and no count above the model's context window when it is known). Anything
 * else is left out, and one `usage_invalid` warning names each field and why.
 */
export class UsageReader {
  readonly #wire: WireFormat;
  readonly #onWarning: WarningHandler | undefined;
  readonly #invalid: { field: string; reason: string }[] = [];
  readonly #window: number | undefined;

  /**
   * `contextWindow`: the model's context window in tokens (the registry's limits), when known;
   * no count of one request is more than that.
   */
  constructor(
    wire: WireFormat,
    onWarning: WarningHandler | undefined,
    contextWindow?: number | undefined,
  ) {
    this.#wire = wire;
    this.#onWarning = onWarning;
    this.#window = contextWindow;
  }

  /** `value` when it is a token count, else undefined (`field`, the wire's name, is reported). */
  count(value: unknown, field: string): number | undefined {
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
    const shown =
      typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? typeof value);
    this.#invalid.push({
      field,
      reason: `${field} is ${shown}, not a token count (a whole number from 0 to 2^53 - 1)`,
    });
    return undefined;
  }

  /** The usage, checked part against whole, without undefined fields; undefined when empty. */
  usage(counts: UsageCounts): Usage | undefined {
    const kept: Partial<Record<(typeof USAGE_FIELDS)[number], number>> = {};
    for (const field of USAGE_FIELDS) {
      const value = counts[field];
      if (value === undefined) continue;
      // A sum of counts (Anthropic's input) can leave the safe integers too.
      if (!Number.isSafeInteger(value) || value < 0) {
        this.#invalid.push({ field, reason: `${field} (${value}) is not a token count` });
      } else if (this.#window !== undefined && value > this.#window) {
        this.#invalid.push({
          field,
          reason: `${field} (${value}) is more than the model's context window (${this.#window})`,
        });
      } else kept[field] = value;
    }
    const drop = (field: (typeof USAGE_FIELDS)[number], why: string) => {
      this.#invalid.push({ field, reason: `${field} ${why}` });
      delete kept[field];
    };
    const input = kept.inputTokens;
    for (const part of ['cacheReadTokens', 'cacheWriteTokens'] as const) {
      const value = kept[part];
      if (value !== undefined && input !== undefined && value > input) {
        drop(part, `(${value}) is more than inputTokens (${input}), of which it is a part`);
      }
    }
    const writes = kept.cacheWriteTokens;
    const split = (kept.cacheWrite5mTokens ?? 0) + (kept.cacheWrite1hTokens ?? 0);
    if (split > (writes ?? 0)) {
      for (const part of ['cacheWrite5mTokens', 'cacheWrite1hTokens'] as const) {
        if (kept[part] !== undefined) {
          drop(
            part,
            `(${split} with the other lifetime) is more than cacheWriteTokens (${writes ?? 'absent'}), of which it is a part`,
          );
        }
      }
    }
    const total = kept.totalTokens;
    if (total !== undefined) {
      const parts = (input ?? 0) + (kept.outputTokens ?? 0);
      // A total above input and output is reasoning the output count leaves out (Gemini, xAI);
      // where the wire breaks it down, the total holds nothing more.
      const brokenDown = kept.reasoningTokens !== undefined || counts.otherTokens !== undefined;
      const most = parts + (kept.reasoningTokens ?? 0) + (counts.otherTokens ?? 0);
      if (total < parts) {
        drop(
          'totalTokens',
          `(${total}) is less than inputTokens and outputTokens together (${parts})`,
        );
      } else if (brokenDown && total > most) {
        drop(
          'totalTokens',
          `(${total}) is more than every token the reply counts together (${most})`,
        );
      }
    }
    if (this.#invalid.length > 0) {
      emitWarning(this.#onWarning, {
        code: 'usage_invalid',
        message: `${this.#wire}: the reply's usage is left out where it is not a consistent token count: ${this.#invalid.map((entry) => entry.reason).join('; ')}`,
        details: {
          wire: this.#wire,
          fields: this.#invalid.map((entry) => entry.field),
          reasons: this.#invalid.map((entry) => entry.reason),
        },
      });
    }
    return Object.keys(kept).length === 0 ? undefined : (kept as Usage);
  }
}
