// The abort helpers every await of the engine goes through, as a caller sees them: the typed
// error of an abort (its message, `during`, cause), the race against a signal and a deadline,
// and the listeners a linked signal leaves behind (none, once released).
import { getEventListeners } from 'node:events';
import { AbortedError } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import {
  abortedError,
  linkSignals,
  settleWithin,
  throwIfAborted,
  turnSignal,
  typedAbort,
} from './abortable.js';

const never = () => new Promise<never>(() => undefined);
const listeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length;

describe('abortedError, typedAbort, throwIfAborted', () => {
  it('makes an AbortedError naming what was interrupted, its cause the reason', () => {
    const controller = new AbortController();
    controller.abort(new Error('user left'));
    const error = abortedError(controller.signal, 'calling tool echo');
    expect(error).toBeInstanceOf(AbortedError);
    expect(error.code).toBe('aborted');
    expect(error.message).toBe('aborted while calling tool echo: user left');
    expect(error.during).toBe('calling tool echo');
    expect(error.cause).toBe(controller.signal.reason);
  });

  it('keeps an AbortedError given as the reason, as it is', () => {
    const first = new AbortedError('the first turn', 'stop');
    const controller = new AbortController();
    controller.abort(first);
    expect(abortedError(controller.signal, 'the second turn')).toBe(first);
  });

  it('types an error as the abort only when the signal has fired', () => {
    const raw = new DOMException('This operation was aborted', 'AbortError');
    const live = new AbortController();
    expect(typedAbort(raw, live.signal, 'reading')).toBe(raw);
    expect(typedAbort(raw, undefined, 'reading')).toBe(raw);
    const fired = new AbortController();
    fired.abort('closed');
    const typed = typedAbort(raw, fired.signal, 'reading') as AbortedError;
    expect(typed).toBeInstanceOf(AbortedError);
    expect(typed.message).toBe('aborted while reading: closed');
    const already = new AbortedError('writing', 'x');
    expect(typedAbort(already, live.signal, 'reading')).toBe(already);
  });

  it('throws only for a signal that has fired', () => {
    expect(() => throwIfAborted(undefined, 'sending')).not.toThrow();
    const controller = new AbortController();
    expect(() => throwIfAborted(controller.signal, 'sending')).not.toThrow();
    controller.abort();
    expect(() => throwIfAborted(controller.signal, 'sending')).toThrow(
      'aborted while sending: This operation was aborted',
    );
  });
});

describe('settleWithin', () => {
  it('is the promise itself without a signal or a deadline', () => {
    const promise = Promise.resolve(1);
    expect(settleWithin(promise, { during: 'x' })).toBe(promise);
  });

  it('settles as the promise does, and leaves no listener on the signal', async () => {
    const controller = new AbortController();
    await expect(
      settleWithin(Promise.resolve('value'), { signal: controller.signal, during: 'x' }),
    ).resolves.toBe('value');
    expect(listeners(controller.signal)).toBe(0);
    const failure = new Error('the server failed');
    await expect(
      settleWithin(Promise.reject(failure), {
        signal: controller.signal,
        during: 'x',
        timeoutMs: 10_000,
      }),
    ).rejects.toBe(failure);
    expect(listeners(controller.signal)).toBe(0);
  });

  it('rejects with AbortedError when the signal fires first, or has fired already', async () => {
    const controller = new AbortController();
    const race = settleWithin(never(), { signal: controller.signal, during: 'listing tools' });
    expect(listeners(controller.signal)).toBe(1);
    controller.abort('shutdown');
    await expect(race).rejects.toMatchObject({
      code: 'aborted',
      message: 'aborted while listing tools: shutdown',
    });
    expect(listeners(controller.signal)).toBe(0);
    let rejectLate: (error: Error) => void = () => undefined;
    const late = new Promise<never>((_resolve, reject) => {
      rejectLate = reject;
    });
    await expect(
      settleWithin(late, { signal: controller.signal, during: 'calling' }),
    ).rejects.toMatchObject({ message: 'aborted while calling: shutdown' });
    // The lost promise's later rejection is handled (vitest fails on an unhandled one).
    rejectLate(new Error('late'));
    await new Promise((resolve) => setTimeout(resolve, 5));
  });

  it('rejects with onTimeout() once the deadline passes, or a plain timeout error', async () => {
    const controller = new AbortController();
    await expect(
      settleWithin(never(), {
        signal: controller.signal,
        during: 'x',
        timeoutMs: 5,
        onTimeout: () => new Error('tool echo timed out'),
      }),
    ).rejects.toThrow('tool echo timed out');
    expect(listeners(controller.signal)).toBe(0);
    await expect(settleWithin(never(), { during: 'x', timeoutMs: 5 })).rejects.toThrow(
      'timed out after 5 ms',
    );
  });

  it('a promise settled in time is not replaced by the timeout later', async () => {
    let timeouts = 0;
    const value = await settleWithin(Promise.resolve(7), {
      during: 'x',
      timeoutMs: 5,
      onTimeout: () => {
        timeouts++;
        return new Error('late');
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(value).toBe(7);
    expect(timeouts).toBe(0);
  });
});

describe('linkSignals and turnSignal', () => {
  it('fires with the reason of whichever source fires, and unlinks itself from the others', () => {
    const first = new AbortController();
    const second = new AbortController();
    const linked = linkSignals([first.signal, undefined, second.signal]);
    expect(linked.signal.aborted).toBe(false);
    expect(listeners(first.signal)).toBe(1);
    expect(listeners(second.signal)).toBe(1);
    second.abort('second');
    expect(linked.signal.aborted).toBe(true);
    expect(linked.signal.reason).toBe('second');
    expect(listeners(first.signal)).toBe(0);
    first.abort('first');
    expect(linked.signal.reason).toBe('second');
  });

  it('starts aborted with the reason of a source that has fired, listening on none', () => {
    const live = new AbortController();
    const fired = new AbortController();
    fired.abort('done');
    const linked = linkSignals([live.signal, fired.signal]);
    expect(linked.signal.aborted).toBe(true);
    expect(linked.signal.reason).toBe('done');
    expect(listeners(live.signal)).toBe(0);
    linked.release();
  });

  it('leaves no listener once released, and never fires afterwards', () => {
    const source = new AbortController();
    const linked = linkSignals([source.signal]);
    linked.release();
    expect(listeners(source.signal)).toBe(0);
    source.abort('after');
    expect(linked.signal.aborted).toBe(false);
  });

  it('a turn signal puts one listener on the caller signal however many listen on it', async () => {
    const caller = new AbortController();
    const turn = turnSignal(caller.signal);
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    for (let index = 0; index < 20; index++) turn.signal.addEventListener('abort', () => undefined);
    // Node emits MaxListenersExceededWarning on a later tick.
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    expect(listeners(caller.signal)).toBe(1);
    expect(warnings).toEqual([]);
    caller.abort('stop');
    expect(turn.signal.reason).toBe('stop');
    expect(turnSignal(undefined).signal.aborted).toBe(false);
  });
});
