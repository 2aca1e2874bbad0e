import { createHash } from 'node:crypto';
import { type ConversationMessage, wireMessage } from '@crosswire/dialects';
import { describe, expect, test } from 'vitest';
import { bigPngBase64 } from '../mcp/test-support/fixture-servers.js';
import { type BlobStore, MemoryBlobStore } from './blob-store.js';
import type { ConversationDocument } from './conversation.js';
import { ConversationError } from './errors.js';
import { loadConversation, saveConversation } from './media.js';

/** `sha256-<hex>` of the bytes, as the stored format defines a blob key. */
const sha = (bytes: Uint8Array) => `sha256-${createHash('sha256').update(bytes).digest('hex')}`;

/** A store that records every put (key, size, info) and keeps the bytes in memory. */
function recordingStore() {
  const inner = new MemoryBlobStore();
  const puts: { key: string; bytes: number; info: unknown }[] = [];
  const store: BlobStore = {
    async put(key, bytes, info) {
      puts.push({ key, bytes: bytes.byteLength, info });
      await inner.put(key, bytes);
    },
    get: (key) => inner.get(key),
  };
  return { store, puts };
}

/** A text that is not base64 (it has spaces): `count` characters. */
const prose = (count: number) => 'word '.repeat(count).slice(0, count);

async function rejection(run: () => Promise<unknown>): Promise<ConversationError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConversationError);
    return error as ConversationError;
  }
  throw new Error('expected a rejection');
}

describe('saveConversation: which strings move and how they are described', () => {
  test('a data: URL keeps its prefix inline and gives the blob its media type', async () => {
    const png = bigPngBase64(900);
    const url = `data:image/png;base64,${png}`;
    const { store, puts } = recordingStore();
    const messages: ConversationMessage[] = [wireMessage('openai', { image_url: url })];
    const document = await saveConversation(messages, { blobStore: store, minBlobBytes: 1024 });
    const key = sha(Buffer.from(png, 'base64'));
    expect(document.messages).toStrictEqual([
      {
        role: 'wire',
        wire: 'openai',
        message: { image_url: '' },
        media: [
          {
            path: ['message', 'image_url'],
            blob: key,
            encoding: 'base64',
            prefix: 'data:image/png;base64,',
            bytes: 900,
            mediaType: 'image/png',
          },
        ],
      },
    ]);
    expect(puts).toEqual([{ key, bytes: 900, info: { mediaType: 'image/png' } }]);
    expect(await loadConversation(document, { blobStore: store })).toEqual(messages);
  });

  test('plain base64 is stored as its bytes with no media type', async () => {
    const png = bigPngBase64(900);
    const { store, puts } = recordingStore();
    await saveConversation([wireMessage('openai', { b64: png })], {
      blobStore: store,
      minBlobBytes: 1024,
    });
    expect(puts).toEqual([{ key: sha(Buffer.from(png, 'base64')), bytes: 900, info: {} }]);
  });

  test('a long text that is not base64 is stored as its UTF-8 bytes and comes back', async () => {
    const text = `${'é'.repeat(600)} ${prose(600)}`;
    const { store, puts } = recordingStore();
    const messages: ConversationMessage[] = [{ role: 'assistant', content: text }];
    const document = await saveConversation(messages, { blobStore: store, minBlobBytes: 1024 });
    const bytes = Buffer.from(text, 'utf8');
    expect(bytes.byteLength).toBe(1801);
    expect(document.messages).toStrictEqual([
      {
        role: 'assistant',
        content: '',
        media: [{ path: ['content'], blob: sha(bytes), encoding: 'utf8', bytes: 1801 }],
      },
    ]);
    expect(puts).toEqual([{ key: sha(bytes), bytes: 1801, info: {} }]);
    expect(await loadConversation(document, { blobStore: store })).toEqual(messages);
  });

  test('a data: URL with nothing after its prefix is stored as text', async () => {
    const url = `data:text/plain;note=${'n'.repeat(1100)};base64,`;
    const { store } = recordingStore();
    const messages: ConversationMessage[] = [wireMessage('openai', { url })];
    const document = await saveConversation(messages, { blobStore: store, minBlobBytes: 1024 });
    expect(document.messages[0]).toStrictEqual({
      role: 'wire',
      wire: 'openai',
      message: { url: '' },
      media: [
        {
          path: ['message', 'url'],
          blob: sha(Buffer.from(url, 'utf8')),
          encoding: 'utf8',
          bytes: url.length,
        },
      ],
    });
    expect(await loadConversation(document, { blobStore: store })).toEqual(messages);
  });

  test('array items move from minBlobBytes characters on; shorter ones and values other than strings stay', async () => {
    const atMinimum = prose(1024);
    const below = prose(1023);
    const { store } = recordingStore();
    const messages: ConversationMessage[] = [
      wireMessage('openai', {
        parts: ['short', below, atMinimum, 7, { text: 'x' }, { length: 5000 }],
      }),
    ];
    const document = await saveConversation(messages, { blobStore: store, minBlobBytes: 1024 });
    expect(document.messages[0]).toStrictEqual({
      role: 'wire',
      wire: 'openai',
      message: { parts: ['short', below, '', 7, { text: 'x' }, { length: 5000 }] },
      media: [
        {
          path: ['message', 'parts', 2],
          blob: sha(Buffer.from(atMinimum, 'utf8')),
          encoding: 'utf8',
          bytes: 1024,
        },
      ],
    });
    expect(await loadConversation(document, { blobStore: store })).toEqual(messages);
  });
});

describe('loadConversation refuses what it cannot put back', () => {
  const text = prose(2000);
  const key = sha(Buffer.from(text, 'utf8'));
  /** A saved one-entry conversation (its text in `store`) as plain JSON. */
  async function saved(store: BlobStore): Promise<ConversationDocument> {
    const document = await saveConversation([{ role: 'user', content: text }], {
      blobStore: store,
      minBlobBytes: 1024,
    });
    return JSON.parse(JSON.stringify(document)) as ConversationDocument;
  }

  test('an entry that is null is an invalid entry', async () => {
    const error = await rejection(() =>
      loadConversation(
        { format: 'crosswire.conversation', version: 1, messages: [null] },
        { blobStore: new MemoryBlobStore() },
      ),
    );
    expect({ code: error.code, path: error.path }).toEqual({
      code: 'invalid_conversation',
      path: 'messages[0]',
    });
  });

  test('a blob the store does not have', async () => {
    const document = await saved(new MemoryBlobStore());
    const error = await rejection(() =>
      loadConversation(document, { blobStore: new MemoryBlobStore() }),
    );
    expect({
      code: error.code,
      path: error.path,
      message: error.message,
      details: error.details,
    }).toEqual({
      code: 'blob_missing',
      path: 'messages[0].media[0]',
      message: `messages[0].media[0]: the blob store has no ${key}`,
      details: { path: 'messages[0].media[0]', blob: key },
    });
  });

  test('a blob of another size, or with other bytes of the same size', async () => {
    const document = await saved(new MemoryBlobStore());
    const shorter: BlobStore = { put: async () => {}, get: async () => new Uint8Array(3) };
    const short = await rejection(() => loadConversation(document, { blobStore: shorter }));
    expect({
      code: short.code,
      path: short.path,
      message: short.message,
      details: short.details,
    }).toEqual({
      code: 'blob_corrupt',
      path: 'messages[0].media[0]',
      message: `messages[0].media[0]: the blob store's ${key} has 3 bytes; the reference says 2000`,
      details: { path: 'messages[0].media[0]', blob: key },
    });
    const other: BlobStore = { put: async () => {}, get: async () => new Uint8Array(2000) };
    const wrong = await rejection(() => loadConversation(document, { blobStore: other }));
    expect({
      code: wrong.code,
      path: wrong.path,
      message: wrong.message,
      details: wrong.details,
    }).toEqual({
      code: 'blob_corrupt',
      path: 'messages[0].media[0]',
      message: `messages[0].media[0]: the blob store's bytes for ${key} do not have that hash`,
      details: { path: 'messages[0].media[0]', blob: key },
    });
  });

  test.each([
    ['a key the entry does not have', ['nothere', 'x']],
    ['a key under a key the entry does not have', ['nothere', 'deeper', 'x']],
    ['a key under a string', ['role', 0]],
    ['a string that was not emptied', ['role']],
    ['no key at all', []],
  ])('a reference path to %s', async (_name, path) => {
    const store = new MemoryBlobStore();
    const document = await saved(store);
    (document.messages[0] as { media: { path: unknown }[] }).media[0] = {
      ...(document.messages[0] as { media: object[] }).media[0],
      path,
    };
    const error = await rejection(() => loadConversation(document, { blobStore: store }));
    expect({ code: error.code, path: error.path, message: error.message }).toEqual({
      code: 'invalid_conversation',
      path: 'messages[0].media[0]',
      message: `messages[0].media[0]: path ${JSON.stringify(path)} does not lead to an emptied string of the entry`,
    });
  });

  test('a reference path through a null value', async () => {
    const store = new MemoryBlobStore();
    const document = await saveConversation([wireMessage('openai', { content: null, text })], {
      blobStore: store,
      minBlobBytes: 1024,
    });
    const copy = JSON.parse(JSON.stringify(document)) as ConversationDocument;
    (copy.messages[0] as { media: { path: unknown }[] }).media[0] = {
      ...(copy.messages[0] as { media: object[] }).media[0],
      path: ['message', 'content', 'x'],
    };
    const error = await rejection(() => loadConversation(copy, { blobStore: store }));
    expect({ code: error.code, path: error.path, message: error.message }).toEqual({
      code: 'invalid_conversation',
      path: 'messages[0].media[0]',
      message:
        'messages[0].media[0]: path ["message","content","x"] does not lead to an emptied string of the entry',
    });
  });
});

describe('MemoryBlobStore', () => {
  test('a put of a key it holds is done already: the first bytes stay', async () => {
    const store = new MemoryBlobStore();
    await store.put('k', Uint8Array.from([1, 2, 3]));
    await store.put('k', Uint8Array.from([9]));
    expect(store.size).toBe(1);
    expect(await store.get('k')).toEqual(Uint8Array.from([1, 2, 3]));
  });
});
