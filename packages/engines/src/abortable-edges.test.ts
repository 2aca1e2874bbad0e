// Two edges of the abort helpers: a race with a signal but no deadline waits as long as the
// promise takes (no deadline of its own), and an AbortedError stays the error it is even when
// the signal fired with another reason. And a child controller keeps no listener on a parent
// that has fired.
import { getEventListeners } from 'node:events';
import { AbortedError } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { childController, settleWithin, typedAbort } from './abortable.js';

describe('the abort helpers at their edges', () => {
  it('a race with a signal and no deadline waits for a promise that takes its time', async () => {
    const controller = new AbortController();
    const slow = new Promise<string>((resolve) => setTimeout(() => resolve('late value'), 20));
    await expect(settleWithin(slow, { signal: controller.signal, during: 'x' })).resolves.toBe(
      'late value',
    );
  });

  it('an AbortedError is kept as it is, whatever reason the signal fired with', () => {
    const fired = new AbortController();
    fired.abort(new Error('shutdown'));
    const own = new AbortedError('the first turn', 'stop');
    expect(typedAbort(own, fired.signal, 'the second turn')).toBe(own);
  });

  it('a child controller leaves no listener on a parent that fired, released or not', () => {
    const parent = new AbortController();
    const { controller } = childController(parent.signal);
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(1);
    parent.abort('stop');
    expect(controller.signal.reason).toBe('stop');
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(0);
  });
});
