// The tool loop, streamed: the same run as `runToolLoop` (the same rule code), with each
// turn's reply streamed and every step reported as an event, pulled by the consumer.
import { CrosswireError } from '@crosswire/core';
import type { ChatMessage } from '@crosswire/dialects';
import { linkSignals } from '../abortable.js';
import type { ChatExchange, ChatWithToolsOptions, ToolLoopEngine } from '../engine/chat-options.js';
import { type ChatStream, EventStream } from '../engine/chat-stream.js';
import type { ChatStreamEvent } from '../engine/structured-stream.js';
import { runToolLoop, type ToolLoopProgress, type ToolLoopResult } from './tool-loop.js';

/** An engine the streaming loop can use: the loop's engine that also streams a turn. */
export interface StreamingToolLoopEngine extends ToolLoopEngine {
  stream(
    input: Parameters<ToolLoopEngine['exchange']>[0],
    options?: Parameters<ToolLoopEngine['exchange']>[1],
    iteration?: number,
  ): ChatStream;
}

/** A reply event of one turn, marked with the turn's iteration (1-based). */
export type TurnStreamEvent = ChatStreamEvent & { readonly iteration: number };

/**
 * One event of a streamed tool loop: `turn-start`, the turn's reply events (text and
 * reasoning deltas, tool-call start/delta/end, usage, finish; each with its `iteration`),
 * `tool-call-run` for each call about to run, `tool-result` with the one result each call got,
 * `turn-end` with the turn's record, and `loop-finish` with the whole run's result last.
 */
export type ToolLoopStreamEvent =
  | TurnStreamEvent
  | ToolLoopProgress
  | { readonly type: 'loop-finish'; readonly result: ToolLoopResult };

/**
 * A streamed tool loop: iterate it for the events, or call `finalText()` / `finalResult()`.
 * Breaking out of the iteration stops the run (the turn's connection is closed, running tool
 * calls are told to stop through the signal).
 */
export class ToolLoopStream extends EventStream<ToolLoopStreamEvent, ToolLoopResult> {
  constructor(source: () => AsyncGenerator<ToolLoopStreamEvent, void, undefined>) {
    super(source, (event) => (event.type === 'loop-finish' ? event.result : undefined));
  }

  /** The run's result, as `runToolLoop` returns it. */
  finalResult(): Promise<ToolLoopResult> {
    return this.final();
  }

  /** The final answer's text, as `chatWithTools` returns it. */
  async finalText(): Promise<string> {
    return (await this.final()).text;
  }
}

interface Pending {
  readonly event: ToolLoopStreamEvent;
  readonly taken: () => void;
}

/**
 * Runs the tool loop with streamed turns. Pull-based: the loop waits until the consumer took
 * each event before it goes on, so nothing piles up between them.
 */
export function streamToolLoop(
  engine: StreamingToolLoopEngine,
  messages: readonly ChatMessage[],
  options: ChatWithToolsOptions,
): ToolLoopStream {
  return new ToolLoopStream(() => events(engine, messages, options));
}

async function* events(
  engine: StreamingToolLoopEngine,
  messages: readonly ChatMessage[],
  options: ChatWithToolsOptions,
): AsyncGenerator<ToolLoopStreamEvent, void, undefined> {
  const stop = new AbortController();
  // Linked by listeners removed at the end (not AbortSignal.any, which leaks into a caller's
  // long-lived signal on Node 20).
  const linked = linkSignals([options.signal, stop.signal]);
  const signal = linked.signal;
  const queue: Pending[] = [];
  let wake: (() => void) | undefined;
  let closed = false;
  const report = (event: ToolLoopStreamEvent) =>
    new Promise<void>((resolve) => {
      if (closed) return resolve();
      queue.push({ event, taken: resolve });
      wake?.();
    });
  const exchange = async (
    input: Parameters<ToolLoopEngine['exchange']>[0],
    chatOptions: Parameters<ToolLoopEngine['exchange']>[1],
    iteration?: number,
  ): Promise<ChatExchange> => {
    const started = performance.now();
    const stream = engine.stream(input, chatOptions, iteration);
    for await (const event of stream) await report({ ...event, iteration: iteration ?? 0 });
    const response = await stream.finalResponse();
    const facts = stream.facts;
    return {
      response,
      url: facts?.url ?? '',
      status: facts?.status ?? 200,
      attempts: facts?.attempts ?? 1,
      // The whole turn's reply, from sending to its last event (reading it included).
      durationMs: performance.now() - started - (facts?.prepareMs ?? 0),
      prepareMs: facts?.prepareMs ?? 0,
    };
  };
  let outcome: { ok: true; result: ToolLoopResult } | { ok: false; error: unknown } | undefined;
  const running = runToolLoop(
    engine,
    messages,
    { ...options, signal },
    { exchange, report, method: 'streamWithTools' },
  ).then(
    (result) => {
      outcome = { ok: true, result };
    },
    (error: unknown) => {
      outcome = { ok: false, error };
    },
  );
  void running.finally(() => wake?.());
  let last: ToolLoopStreamEvent | undefined;
  try {
    for (;;) {
      const next = queue.shift();
      if (next !== undefined) {
        last = next.event;
        try {
          yield next.event;
        } finally {
          // Also when the consumer stops at this event: the run waits for it to be taken, and
          // finishRun below waits for the run.
          next.taken();
        }
        continue;
      }
      if (outcome !== undefined) break;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = undefined;
    }
    if (outcome?.ok === false) {
      const { error } = outcome;
      // The failure is the last event (a turn's stream already sent it), then thrown.
      if (error instanceof CrosswireError && !(last?.type === 'error' && last.error === error)) {
        const iteration = last !== undefined && 'iteration' in last ? last.iteration : 0;
        yield { type: 'error', error, iteration };
      }
      throw error;
    }
    if (outcome?.ok) yield { type: 'loop-finish', result: outcome.result };
  } finally {
    await finishRun();
  }

  async function finishRun(): Promise<void> {
    if (outcome === undefined) {
      // The consumer stopped early: stop the run and let it settle.
      closed = true;
      stop.abort(new CrosswireError('stream_closed', 'the tool loop stream was closed early'));
      for (const pending of queue.splice(0)) pending.taken();
      await running;
    }
    linked.release();
  }
}
