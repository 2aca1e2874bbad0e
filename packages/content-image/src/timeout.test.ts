import { ImageFetchError } from '@crosswire/core';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { DEFAULT_TIMEOUT_MS, FALLBACK_TIMEOUT_MS } from './fetch-options.js';
import { Image } from './image.js';
import { OPEN_NETWORK, startServer, type TestServer } from './test-support/servers.js';

/**
 * The deadline's length, with fake timers (only setTimeout and clearTimeout, so sockets and
 * polling stay real). In a file of its own: undici keeps module-level timers, and these fake
 * ones must not leak into the other fetch tests.
 */
let server: TestServer;
beforeAll(async () => {
  // Headers never come: only the deadline ends these fetches.
  server = await startServer('127.0.0.1', () => {});
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
});

/** Waits (in real time) until the server has seen `count` requests. */
async function requestsArrived(count: number): Promise<void> {
  while (server.hits.length < count) await new Promise((resolve) => setImmediate(resolve));
}

async function deadlineOf(options: { timeoutMs?: number }): Promise<{
  error: ImageFetchError;
  settledBefore: boolean;
}> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const before = server.hits.length;
  let settled = false;
  const fetching = Image.fromUrl(`${server.origin}/hang.png?${before}`)
    .ensureBase64({ ...OPEN_NETWORK, ...options })
    .finally(() => {
      settled = true;
    });
  fetching.catch(() => {});
  await requestsArrived(before + 1);
  const expected =
    options.timeoutMs === undefined
      ? DEFAULT_TIMEOUT_MS
      : options.timeoutMs === 0
        ? FALLBACK_TIMEOUT_MS
        : options.timeoutMs;
  await vi.advanceTimersByTimeAsync(expected - 1);
  const settledBefore = settled;
  await vi.advanceTimersByTimeAsync(1);
  let error: unknown;
  try {
    await fetching;
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ImageFetchError);
  return { error: error as ImageFetchError, settledBefore };
}

describe('timeoutMs', () => {
  test('defaults to 30 s, the seed default', async () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
    const { error, settledBefore } = await deadlineOf({});
    expect(settledBefore).toBe(false);
    expect(error.code).toBe('image_fetch_timeout');
    expect(error.message).toMatch(
      /did not arrive within inline_image_fetch_timeout \(30000 ms\): timed out at the overall deadline$/,
    );
    expect(error.details).toMatchObject({ timeoutMs: 30_000 });
  });

  test('0 stands for 180 s (the seed: the transport default stays, never no deadline)', async () => {
    expect(FALLBACK_TIMEOUT_MS).toBe(180_000);
    const { error, settledBefore } = await deadlineOf({ timeoutMs: 0 });
    expect(settledBefore).toBe(false);
    expect(error.code).toBe('image_fetch_timeout');
    expect(error.message).toBe(
      `image at ${server.origin}/hang.png?${server.hits.length - 1} did not arrive within inline_image_fetch_timeout (180000 ms): timed out at the overall deadline`,
    );
  });

  test('a value in milliseconds is the deadline for the whole fetch', async () => {
    const { error, settledBefore } = await deadlineOf({ timeoutMs: 5000 });
    expect(settledBefore).toBe(false);
    expect(error.details).toMatchObject({ timeoutMs: 5000 });
  });
});
