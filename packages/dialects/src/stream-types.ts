// The streaming vocabulary every wire shares: the typed events a streamed reply gives, and the
// interface each `src/wires/<wire>-stream.ts` implements.
import type { CrosswireError, ToolCall } from '@crosswire/core';
import type { DialectOptions } from './dialect-types.js';
import type { ChatResponse, Usage } from './response.js';

/** A piece of the answer's text (thinking, `<think>` and Hermes `<tool_call>` text never appear here). */
export interface TextDeltaEvent {
  readonly type: 'text-delta';
  readonly text: string;
}

/** A piece of the model's reasoning (thinking blocks, thought parts, `reasoning_content`, `<think>`). */
export interface ReasoningDeltaEvent {
  readonly type: 'reasoning-delta';
  readonly text: string;
}

/** A tool call begins. `index` is its position among the reply's calls (0-based). */
export interface ToolCallStartEvent {
  readonly type: 'tool-call-start';
  readonly index: number;
  /** The provider's call id ('' where the wire has none: Hermes, Ollama, most Gemini). */
  readonly id: string;
  readonly name: string;
}

/** A piece of a call's arguments as the wire sends them (JSON text, possibly partial). */
export interface ToolCallDeltaEvent {
  readonly type: 'tool-call-delta';
  readonly index: number;
  readonly argumentsDelta: string;
}

/**
 * A call is complete: its arguments decoded once, by the same rules as a reply that was not
 * streamed (a call cut off by the token limit reads `argumentsUndecodable`). The ends come
 * together when the reply is complete, just before `usage` and `finish`.
 */
export interface ToolCallEndEvent {
  readonly type: 'tool-call-end';
  readonly index: number;
  readonly toolCall: ToolCall;
}

/** The token counts of the reply (once, before `finish`, when the wire reported any). */
export interface UsageEvent {
  readonly type: 'usage';
  readonly usage: Usage;
}

/**
 * The reply is complete. `response` equals the parse of the same reply when not streamed
 * (`raw` is the reply body put together from the stream, so a tool turn echoes it exactly).
 */
export interface FinishEvent {
  readonly type: 'finish';
  readonly finishReason: string | undefined;
  readonly response: ChatResponse;
}

/**
 * The stream failed: a provider error event in the middle of the stream (`ProviderError`),
 * a blocked prompt (`PromptBlockedError`), a stream that ended before its end marker
 * (`ProviderError` `stream_truncated`), a chunk that is not JSON (`stream_bad_chunk`). It is
 * the last event; the iteration then throws the same error.
 */
export interface ErrorEvent {
  readonly type: 'error';
  readonly error: CrosswireError;
}

/** One event of a streamed reply, the same union on every wire. */
export type StreamEvent =
  | TextDeltaEvent
  | ReasoningDeltaEvent
  | ToolCallStartEvent
  | ToolCallDeltaEvent
  | ToolCallEndEvent
  | UsageEvent
  | FinishEvent
  | ErrorEvent;

/**
 * One frame of the byte stream: an SSE event, one NDJSON line (`event` undefined), or an
 * event-stream message (`event` its `:event-type`, `data` its payload as text).
 */
export interface StreamFrame {
  readonly event: string | undefined;
  readonly data: string;
}

/** What a wire's stream state hands its events to. Text goes through the tag filter. */
export interface StreamEmitter {
  text(text: string): void;
  reasoning(text: string): void;
  /**
   * A call begins; returns its index among the reply's calls. A call without a name is not
   * one the reply will have: it gets no event and the index -1, whose deltas are dropped.
   */
  toolStart(id: string, name: string): number;
  toolDelta(index: number, argumentsDelta: string): void;
}

/** The per-reply state of one wire's stream: reads frames, puts the reply body back together. */
export interface WireStreamState {
  /**
   * Reads one frame (its JSON already decoded into `data`). Throws a `CrosswireError` for a
   * provider error event or a blocked prompt.
   */
  frame(event: string | undefined, data: unknown, emit: StreamEmitter): void;
  /** Whether the wire's end marker arrived (`[DONE]`/a finish reason, `message_stop`, `done: true`...). */
  complete(): boolean;
  /**
   * Whether the wire's last frame arrived (`message_stop`, `data: [DONE]`, `response.completed`,
   * Ollama's `done: true`): nothing after it belongs to this reply, so the decoder finishes
   * there without waiting for the connection to close. Absent where only the end of the bytes
   * tells (Gemini, whose usage may follow its finish reason).
   */
  ended?(): boolean;
  /** The reply body as the endpoint sends it when not streaming, put together from the frames. */
  body(): unknown;
}

/**
 * How a stream's bytes are cut into frames: `sse` (server-sent events), `ndjson` (one JSON
 * object per line, Ollama) or `aws-eventstream` (AWS's binary event-stream messages: Bedrock's
 * ConverseStream, and InvokeModelWithResponseStream, whose `chunk` events carry the model's own
 * stream events as base64 `bytes`).
 */
export type StreamFraming = 'sse' | 'ndjson' | 'aws-eventstream';

/** One wire's streaming half: how to ask for a stream and how to read it. */
export interface WireStream {
  /** How the wire's own endpoint frames its stream. */
  readonly framing: StreamFraming;
  /** A frame whose data is this text is the end marker and not JSON (`[DONE]` on Chat Completions). */
  readonly doneData?: string;
  /** Whether `<tool_call>` tags in the text are calls (Hermes). */
  readonly callTags: boolean;
  /** The streaming path from the non-streaming one (Gemini: `:streamGenerateContent?alt=sse`). */
  path(chatPath: string): string;
  /** The non-streaming body with the wire's stream switch set. */
  request(body: Record<string, unknown>): Record<string, unknown>;
  start(options: DialectOptions): WireStreamState;
}
