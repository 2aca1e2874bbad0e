import { describe, expect, it } from 'vitest';
import { childController } from './abortable.js';

describe('childController', () => {
  it('aborts with the parent reason when the parent fires', () => {
    const parent = new AbortController();
    const { controller } = childController(parent.signal);
    expect(controller.signal.aborted).toBe(false);
    parent.abort('stop');
    expect(controller.signal.aborted).toBe(true);
    expect(controller.signal.reason).toBe('stop');
  });

  it('starts aborted under a parent that has fired', () => {
    const parent = new AbortController();
    parent.abort('gone');
    const { controller } = childController(parent.signal);
    expect(controller.signal.reason).toBe('gone');
  });

  it('is its own to abort, and after release the parent no longer reaches it', () => {
    const parent = new AbortController();
    const first = childController(parent.signal);
    first.controller.abort('timed out');
    expect(first.controller.signal.reason).toBe('timed out');
    expect(parent.signal.aborted).toBe(false);
    const second = childController(parent.signal);
    second.release();
    parent.abort('late');
    expect(second.controller.signal.aborted).toBe(false);
  });

  it('without a parent is a plain controller', () => {
    const { controller, release } = childController(undefined);
    release();
    expect(controller.signal.aborted).toBe(false);
  });
});
