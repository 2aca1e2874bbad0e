import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wireMessage } from '@crosswire/dialects';
import { afterAll, describe, expect, test } from 'vitest';
import { FileBlobStore, MemoryBlobStore } from './blob-store.js';
import { parseConversation, serializeConversation } from './conversation.js';
import { jsonCopy } from './json-copy.js';

// Issue 27: what JSON would carry, written down by hand (JSON.stringify's documented rules).

describe('jsonCopy: the value as JSON carries it', () => {
  test('NaN and the infinities become null, as JSON.stringify writes them', () => {
    expect(
      jsonCopy(
        { a: Number.NaN, b: Number.POSITIVE_INFINITY, c: [Number.NEGATIVE_INFINITY], d: 1.5 },
        'm',
      ),
    ).toEqual({ a: null, b: null, c: [null], d: 1.5 });
  });

  test('an object shared by two fields (no cycle) is copied twice, not refused', () => {
    const shared = { city: 'Berlin' };
    const copied = jsonCopy({ first: shared, second: shared, list: [shared, shared] }, 'm');
    expect(copied).toEqual({
      first: { city: 'Berlin' },
      second: { city: 'Berlin' },
      list: [{ city: 'Berlin' }, { city: 'Berlin' }],
    });
  });

  test('a real cycle is refused with the path', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(() => jsonCopy(cyclic, 'm')).toThrow(
      expect.objectContaining({
        code: 'conversation_not_serializable',
        path: 'm.self',
        message: 'm.self refers to itself (a cycle), which JSON cannot hold',
      }),
    );
  });

  test('undefined, function and symbol values leave their key out; an undefined item is null', () => {
    const copied = jsonCopy(
      { a: undefined, f: () => 1, s: Symbol('s'), b: 1, list: [undefined, () => 1, 2] },
      'm',
    );
    expect(copied).toStrictEqual({ b: 1, list: [null, null, 2] });
  });

  test('toJSON is called, as JSON.stringify calls it', () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    expect(jsonCopy({ at, custom: { toJSON: () => ({ kept: true }) } }, 'm')).toStrictEqual({
      at: '2026-01-02T03:04:05.000Z',
      custom: { kept: true },
    });
  });

  test('the copy is made of plain data properties, like those JSON.parse makes', () => {
    const copied = jsonCopy({ a: 1 }, 'm') as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(copied, 'a')).toEqual({
      value: 1,
      writable: true,
      enumerable: true,
      configurable: true,
    });
    delete copied.a;
    expect(copied).toStrictEqual({});
  });

  test('a BigInt in an array is refused with the index in the path', () => {
    expect(() => jsonCopy({ list: ['a', 2n] }, 'm')).toThrow(
      expect.objectContaining({
        code: 'conversation_not_serializable',
        path: 'm.list[1]',
        message: 'm.list[1] is a BigInt, which JSON cannot hold',
      }),
    );
  });

  test('arrays count toward the depth bound: 512 levels are copied, 513 are refused', () => {
    const arrays = (depth: number): unknown => {
      let value: unknown = 'bottom';
      for (let level = 0; level < depth; level++) value = [value];
      return value;
    };
    expect(jsonCopy(arrays(512), 'm')).toEqual(arrays(512));
    const path = `m${'[0]'.repeat(512)}`;
    expect(() => jsonCopy(arrays(513), 'm')).toThrow(
      expect.objectContaining({
        code: 'conversation_not_serializable',
        path,
        message: `${path} is nested deeper than 512 levels; refused`,
      }),
    );
  });

  test('saving a conversation whose wire message shares an object works', () => {
    const args = { type: 'object', properties: {} };
    const message = wireMessage('openai', {
      role: 'assistant',
      content: 'hi',
      extra: { before: args, after: args },
    });
    const document = serializeConversation([{ role: 'user', content: 'hello' }, message]);
    const loaded = parseConversation(JSON.parse(JSON.stringify(document)));
    expect(loaded[1]).toEqual({
      role: 'wire',
      wire: 'openai',
      message: {
        role: 'assistant',
        content: 'hi',
        extra: {
          before: { type: 'object', properties: {} },
          after: { type: 'object', properties: {} },
        },
      },
    });
  });
});

describe('blob stores', () => {
  const KEY = `sha256-${'a'.repeat(64)}`;

  test('MemoryBlobStore.get returns a copy: changing it leaves the stored bytes as they were', async () => {
    const store = new MemoryBlobStore();
    await store.put(KEY, new Uint8Array([1, 2, 3]));
    const first = await store.get(KEY);
    first?.fill(9);
    expect(await store.get(KEY)).toEqual(new Uint8Array([1, 2, 3]));
  });

  const directory = mkdtempSync(join(tmpdir(), 'crosswire-blobs-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  test('FileBlobStore takes only `sha256-<64 hex>` keys, with or without a slash', async () => {
    const store = new FileBlobStore(directory);
    await store.put(KEY, new Uint8Array([4, 5]));
    expect(await store.get(KEY)).toEqual(new Uint8Array([4, 5]));
    for (const key of [
      '..',
      'notes.txt',
      'sha256-abc',
      `sha256-${'A'.repeat(64)}`,
      '../x',
      `${KEY}x`,
    ]) {
      await expect(store.put(key, new Uint8Array([1]))).rejects.toThrow(
        `not a blob key: ${JSON.stringify(key)}`,
      );
      await expect(store.get(key)).rejects.toThrow(TypeError);
    }
  });
});
