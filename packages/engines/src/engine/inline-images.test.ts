// `inlineImages` as a caller of the engine relies on it: each image fetched once, never more
// than `concurrency` at a time (4 by default), the options handed to `ensureBase64` as given
// (an option left out is not passed at all), the first failure stopping the fetches still
// running, and the caller's signal reaching every fetch and released afterwards. The images
// here record what they are asked, so the counts are exact.
import { getEventListeners } from 'node:events';
import type { Image } from '@crosswire/content-image';
import { describe, expect, it } from 'vitest';
import { inlineImages } from './inline-images.js';

interface Recording {
  readonly image: Image;
  readonly asked: Record<string, unknown>[];
}

/** An image without its payload whose fetch takes `wait()`, recording what it is asked. */
function recording(log: { running: number; most: number }, wait = () => Promise.resolve()) {
  const asked: Record<string, unknown>[] = [];
  let fetched = false;
  const image = {
    get hasBase64() {
      return fetched;
    },
    async ensureBase64(options: Record<string, unknown>) {
      asked.push(options);
      log.running += 1;
      log.most = Math.max(log.most, log.running);
      try {
        await wait();
      } finally {
        log.running -= 1;
      }
      fetched = true;
      return 'AAAA';
    },
  } as unknown as Image;
  return { image, asked } satisfies Recording;
}

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

describe('inlineImages', () => {
  it('fetches each image once, four at a time by default, and none that has its payload', async () => {
    const log = { running: 0, most: 0 };
    const images = Array.from({ length: 9 }, () => recording(log, tick));
    const first = images[0] as Recording;
    await inlineImages([first.image, ...images.map((entry) => entry.image), first.image]);
    expect(images.map((entry) => entry.asked.length)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(log.most).toBe(4);
    // Fetched now: a second call asks nothing.
    await inlineImages(images.map((entry) => entry.image));
    expect(images.map((entry) => entry.asked.length)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
    await inlineImages([]);
  });

  it('runs `concurrency` fetches at once, at least one, never more than there are images', async () => {
    for (const [concurrency, count, most] of [
      [2, 5, 2],
      [1, 3, 1],
      [0, 3, 1],
      [-3, 2, 1],
      [8, 3, 3],
    ] as const) {
      const log = { running: 0, most: 0 };
      const images = Array.from({ length: count }, () => recording(log, tick));
      await inlineImages(
        images.map((entry) => entry.image),
        { concurrency },
      );
      expect([concurrency, log.most]).toEqual([concurrency, most]);
      expect(images.every((entry) => entry.asked.length === 1)).toBe(true);
    }
  });

  it('hands each option to ensureBase64 as given, and leaves out the ones not given', async () => {
    const log = { running: 0, most: 0 };
    const urlFilter = () => true;
    const onWarning = () => undefined;
    const full = recording(log);
    await inlineImages([full.image], {
      maxBytes: 1234,
      urlFilter,
      allowPrivateNetwork: false,
      timeoutMs: 5678,
      onWarning,
    });
    expect(full.asked).toEqual([
      {
        maxBytes: 1234,
        urlFilter,
        allowPrivateNetwork: false,
        timeoutMs: 5678,
        signal: expect.any(AbortSignal),
        onWarning,
      },
    ]);
    const bare = recording(log);
    await inlineImages([bare.image]);
    expect(Object.keys(bare.asked[0] as object)).toEqual(['signal']);
  });

  it('the first failure rejects and stops the fetches still running', async () => {
    const log = { running: 0, most: 0 };
    const signals: AbortSignal[] = [];
    const slow = recording(log, () => new Promise<void>(() => undefined));
    const failing = recording(log, async () => {
      await tick();
      throw new Error('404 for cat.png');
    });
    const never = {
      get hasBase64() {
        return false;
      },
      ensureBase64(options: { signal: AbortSignal }) {
        signals.push(options.signal);
        return new Promise((_resolve, reject) => {
          options.signal.addEventListener('abort', () => reject(options.signal.reason));
        });
      },
    } as unknown as Image;
    const failure = await inlineImages([never, failing.image, slow.image], {
      concurrency: 2,
    }).catch((error: unknown) => error);
    expect((failure as Error).message).toBe('404 for cat.png');
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[0]?.reason).toBe(failure);
    expect(slow.asked).toEqual([]);
  });

  it("aborts every fetch with the caller's reason, and leaves no listener on the caller's signal", async () => {
    const caller = new AbortController();
    const seen: AbortSignal[] = [];
    const waiting = {
      get hasBase64() {
        return false;
      },
      ensureBase64(options: { signal: AbortSignal }) {
        seen.push(options.signal);
        return new Promise((_resolve, reject) => {
          options.signal.addEventListener('abort', () => reject(options.signal.reason));
          caller.abort(new Error('user left'));
        });
      },
    } as unknown as Image;
    await expect(inlineImages([waiting], { signal: caller.signal })).rejects.toThrow('user left');
    expect(seen[0]?.reason).toEqual(new Error('user left'));

    const kept = new AbortController();
    const listeners = () => getEventListeners(kept.signal, 'abort').length;
    const log = { running: 0, most: 0 };
    const fine = recording(log);
    await inlineImages([fine.image], { signal: kept.signal });
    expect(listeners()).toBe(0);
    const broken = recording(log, async () => {
      throw new Error('refused');
    });
    await expect(inlineImages([broken.image], { signal: kept.signal })).rejects.toThrow('refused');
    expect(listeners()).toBe(0);
  });
});
