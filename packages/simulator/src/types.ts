import type { WireFormat } from '@crosswire/core';
import type { ModelRequestFeatures } from '@crosswire/dialects';
import type { PromptUsage } from './prompt-cache.js';
import type { SimulatorStreamOptions, StreamRecord } from './stream.js';

/** One tool call the simulated model makes. */
export interface SimulatedCall {
  readonly name: string;
  /**
   * The arguments: an object, or (on the string-argument wires openai, responses and hermes)
   * the raw string to send, so a test can send JSON that does not decode.
   */
  readonly arguments?: Readonly<Record<string, unknown>> | string;
  /** The call id; minted when absent (`call_<turn>_<index>`). Not sent on ollama and hermes, which have none. */
  readonly id?: string;
}

/** One scripted reply of the simulated provider. */
export type SimulatorStep = (
  | {
      readonly type: 'text';
      readonly text: string;
      /** `length` sends the wire's token-limit reason (`length`, `max_tokens`, `MAX_TOKENS`, `incomplete`). */
      readonly finish?: 'stop' | 'length';
    }
  | {
      readonly type: 'tool_calls';
      readonly calls: readonly SimulatedCall[];
      /** Text before the calls. */
      readonly text?: string;
      /** Reply with the wire's token-limit reason, as when the last call's arguments were cut off. */
      readonly finish?: 'stop' | 'length';
    }
  | {
      /**
       * A structured reply, in the mechanism the request asked for: the JSON of `value` (or
       * `text` as it is, for a reply that is not JSON) as the reply's text; on anthropic with
       * a forced synthetic tool (`tool_choice` `tool`, or `any` with the format tool last), that
       * tool's call with `value` as its input.
       */
      readonly type: 'object';
      readonly value?: unknown;
      readonly text?: string;
    }
  | {
      /** An HTTP error reply in the wire's error shape. */
      readonly type: 'error';
      readonly status: number;
      readonly message?: string;
      readonly code?: string;
    }
  | {
      /** Any body and status, sent as JSON unchanged. */
      readonly type: 'raw';
      readonly status?: number;
      readonly body: unknown;
    }
) & {
  /** Extra reply headers (`retry-after`, rate-limit headers). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Wait this long before answering. */
  readonly delayMs?: number;
  /** How the reply streams when the request asks for a stream (split, delay, fail mid-stream). */
  readonly stream?: SimulatorStreamOptions;
};

/** A tool result as one request carried it, in the wire's own shape. */
export interface ReceivedToolResult {
  /** The call id it answers ('' on wires without ids). */
  readonly id: string;
  /** The tool name, where the wire names it. */
  readonly name: string;
  /** The result block exactly as sent (the tool message, tool_result block, functionResponse, ...). */
  readonly block: unknown;
}

/** What the simulator read and checked in one request. */
export interface Inspection {
  readonly model: string | undefined;
  /** Names of the tools offered (native `tools` or the Hermes `<tools>` prompt). */
  readonly tools: readonly string[];
  /** The results of the latest tool turn in the conversation (after the last assistant call turn). */
  readonly toolResults: readonly ReceivedToolResult[];
  /** Every broken rule; a request with any is answered with HTTP 400 and the list. */
  readonly violations: readonly string[];
}

/** One request the simulator received. */
export interface SimulatorRequest extends Inspection {
  readonly lane: string;
  readonly wire: WireFormat;
  readonly path: string;
  /** Request headers; credentials (`authorization`, `x-api-key`, `x-goog-api-key`) are redacted. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
  /** The HTTP status the simulator answered with. */
  readonly status: number;
  /**
   * 1-based count of model requests on this lane; a model-list request (`listModels`, Ollama's
   * `/api/show`) carries the count of those before it.
   */
  readonly turn: number;
  /** Set when the reply streamed: writes made, and how the stream ended (updated live). */
  readonly stream?: Readonly<StreamRecord>;
}

/** Reply context a wire needs to render a step. */
export interface ReplyContext {
  readonly model: string;
  readonly turn: number;
  /**
   * The input tokens with the cache reads and writes of this request, when the simulator
   * counts them (`caching: true`); without it a reply reports `10 * turn` input tokens.
   */
  readonly usage?: PromptUsage;
}

/** What a wire's checks know besides the body and the path. */
export interface InspectContext {
  /** The registry provider the lane plays, for provider-only rules. */
  readonly provider?: string;
  /** The request headers (names lower-case, credentials not redacted), for the auth checks. */
  readonly headers?: Readonly<Record<string, string>>;
  /** What the model named by the request accepts where that differs by model. */
  readonly features?: (model: string) => ModelRequestFeatures | undefined;
}

/** One wire's half of the simulator: checks a request, renders replies in the wire's shape. */
export interface SimulatorWire {
  /** True when `path` (after the lane prefix) is this wire's endpoint. */
  matches(path: string): boolean;
  /**
   * The model named by the request (body or path); `provider` for provider-only rules,
   * `features` for the rules of some models only (what the model accepts, by its name).
   */
  inspect(body: unknown, path: string, context?: InspectContext): Inspection;
  reply(
    step: Extract<SimulatorStep, { type: 'text' | 'tool_calls' }>,
    context: ReplyContext,
  ): unknown;
  errorBody(status: number, message: string, code: string | undefined): unknown;
}
