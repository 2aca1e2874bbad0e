import { setMaxListeners } from 'node:events';
import { AbortedError } from '@crosswire/core';

/**
 * Helpers that make every await of the tool loop end when the caller's signal fires or a
 * deadline passes, even when the awaited promise never settles (an MCP server that ignores
 * the SDK's own timeout and signal). A promise that loses a race still settles later: it is
 * given a no-op handler so its rejection is never reported as unhandled.
 */

/** The typed error of an abort: an `AbortedError` whose cause is the signal's reason. */
export function abortedError(signal: AbortSignal, during: string): AbortedError {
  const reason: unknown = signal.reason;
  return reason instanceof AbortedError ? reason : new AbortedError(during, reason);
}

/**
 * `error` as the loop reports it: an `AbortedError` when the signal has fired (whatever the
 * awaited code threw: a raw `DOMException`, the reason itself), else `error` unchanged.
 */
export function typedAbort(
  error: unknown,
  signal: AbortSignal | undefined,
  during: string,
): unknown {
  if (error instanceof AbortedError) return error;
  return signal?.aborted ? abortedError(signal, during) : error;
}

/** Throws `AbortedError` when `signal` has already fired. */
export function throwIfAborted(signal: AbortSignal | undefined, during: string): void {
  if (signal?.aborted) throw abortedError(signal, during);
}

/**
 * `promise`, or an `AbortedError` as soon as `signal` fires, or `onTimeout()` once `timeoutMs`
 * has passed (when given), whichever comes first. The listener and timer are removed when the
 * race ends.
 */
export function settleWithin<T>(
  promise: Promise<T>,
  limits: {
    readonly signal?: AbortSignal | undefined;
    readonly during: string;
    readonly timeoutMs?: number | undefined;
    readonly onTimeout?: (() => Error) | undefined;
  },
): Promise<T> {
  const { signal, during, timeoutMs, onTimeout } = limits;
  if (signal === undefined && timeoutMs === undefined) return promise;
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onAbort = () => finish(() => reject(abortedError(signal as AbortSignal, during)));
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      settle();
    };
    if (signal?.aborted) {
      // Lost before it started: its rejection still gets a handler.
      promise.catch(() => undefined);
      return onAbort();
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    if (timeoutMs !== undefined) {
      timer = setTimeout(
        () =>
          finish(() =>
            reject(onTimeout ? onTimeout() : new Error(`timed out after ${timeoutMs} ms`)),
          ),
        timeoutMs,
      );
    }
    // Handles the rejection even after the race is lost, so it is never reported as unhandled.
    promise.then(
      (value) => finish(() => resolve(value)),
      (error: unknown) => finish(() => reject(error)),
    );
  });
}

/** A signal that fires when any of its sources does, and the call that unlinks it from them. */
export interface LinkedSignal {
  readonly signal: AbortSignal;
  /** Removes the listeners on the sources (call it when the work the signal guards ends). */
  readonly release: () => void;
}

/**
 * One signal for several sources, linked by listeners that `release` removes: unlike
 * `AbortSignal.any`, which on Node 20 leaves a reference to the combined signal in every
 * source for good, a long-lived source (a process-wide shutdown signal passed to every call)
 * keeps nothing once the call released it.
 */
export function linkSignals(sources: readonly (AbortSignal | undefined)[]): LinkedSignal {
  const controller = new AbortController();
  const present = sources.filter((source): source is AbortSignal => source !== undefined);
  const fired = present.find((source) => source.aborted);
  if (fired !== undefined) {
    controller.abort(fired.reason);
    return { signal: controller.signal, release: () => undefined };
  }
  const listeners = present.map((source) => {
    const onAbort = () => {
      release();
      controller.abort(source.reason);
    };
    source.addEventListener('abort', onAbort, { once: true });
    return { source, onAbort };
  });
  const release = () => {
    for (const { source, onAbort } of listeners.splice(0)) {
      source.removeEventListener('abort', onAbort);
    }
  };
  return { signal: controller.signal, release };
}

/**
 * A controller of the caller's own that also aborts when `parent` fires (with its reason), and
 * the call that removes the listener on `parent`: one controller where a link of `parent` and a
 * second controller would make two.
 */
export function childController(parent: AbortSignal | undefined): {
  readonly controller: AbortController;
  readonly release: () => void;
} {
  const controller = new AbortController();
  if (parent === undefined) return { controller, release: () => undefined };
  if (parent.aborted) {
    controller.abort(parent.reason);
    return { controller, release: () => undefined };
  }
  const onAbort = () => controller.abort(parent.reason);
  parent.addEventListener('abort', onAbort, { once: true });
  return { controller, release: () => parent.removeEventListener('abort', onAbort) };
}

/**
 * The signal of one turn of concurrent calls: one listener on the caller's `signal` however
 * many calls the turn runs (each call listens on the turn's signal, which has no listener
 * limit, so Node's `MaxListenersExceededWarning` never reaches the caller's signal). Release
 * it when the turn ends.
 */
export function turnSignal(signal: AbortSignal | undefined): LinkedSignal {
  const linked = linkSignals([signal]);
  setMaxListeners(0, linked.signal);
  return linked;
}
