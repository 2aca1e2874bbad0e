import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Image } from '@crosswire/content-image';
import { WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import { buildRequest, type ConversationMessage, isProviderMessage } from '@crosswire/dialects';
import { ToolResult } from '@crosswire/tool-result';
import { afterAll, describe, expect, test } from 'vitest';
import { MODELS, TOOLS } from '../../../../test-support/dialect-conversation.js';
import { bigPngBase64 } from '../mcp/test-support/fixture-servers.js';
import { richConversation } from '../test-support/durable-conversation.js';
import { blobKey, FileBlobStore, MemoryBlobStore } from './blob-store.js';
import { serializeConversation } from './conversation.js';
import { DEFAULT_MIN_BLOB_BYTES, loadConversation, saveConversation } from './media.js';

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

const BIG = bigPngBase64(200_000);

/** A conversation with a 200 kB image twice (a user part and a tool result) and a long text. */
function bigConversation(wire: WireFormat): ConversationMessage[] {
  return [
    ...richConversation(wire, 'https://example.com/sky.png'),
    {
      role: 'user',
      content: [
        'And this one?',
        Image.fromBase64(BIG, { mediaType: 'image/png' }),
        Image.fromUrl(`data:image/png;base64,${BIG}`),
      ],
    },
    { role: 'assistant', content: 'x'.repeat(70_000) },
    {
      role: 'tool',
      results: [
        new ToolResult({
          name: 'screenshot',
          id: 'c9',
          content: [{ type: 'image', data: BIG, mimeType: 'image/png' }],
        }),
      ],
    },
  ];
}

/** Without URL images, which gemini and ollama would have to fetch. */
function withoutUrlImages(messages: readonly ConversationMessage[]): ConversationMessage[] {
  return messages.map((message) => {
    const content = (message as { content?: unknown }).content;
    if (isProviderMessage(message) || !Array.isArray(content)) return message;
    return {
      ...message,
      content: content.filter((part) => !(part instanceof Image && part.url)),
    } as ConversationMessage;
  });
}

function requestText(wire: WireFormat, messages: readonly ConversationMessage[]): string {
  return JSON.stringify(
    buildRequest(
      wire,
      { model: MODELS[wire], messages: withoutUrlImages(messages), tools: TOOLS },
      { imageInput: true, nativePdf: true, inlineImages: true },
    ),
  );
}

describe('saveConversation and loadConversation', () => {
  test.each(WIRE_FORMATS)(
    '%s: large payloads go to the store; the loaded conversation is the same',
    async (wire) => {
      const store = new MemoryBlobStore();
      const original = bigConversation(wire);
      const document = await saveConversation(original, { blobStore: store, minBlobBytes: 1024 });
      const row = JSON.stringify(document);
      expect(row.length).toBeLessThan(30_000);
      expect(row).not.toContain(BIG.slice(0, 200));
      // One blob per distinct payload: the big image is stored once.
      const keys = new Set(
        document.messages.flatMap((entry) => (entry.media ?? []).map((m) => m.blob)),
      );
      expect(store.size).toBe(keys.size);
      const loaded = await loadConversation(row, { blobStore: store });
      expect(requestText(wire, loaded)).toBe(requestText(wire, original));
      expect(serializeConversation(loaded)).toEqual(serializeConversation(original));
    },
  );

  test('a reference records where the string goes, how it is encoded, its size and type', async () => {
    const store = new MemoryBlobStore();
    const document = await saveConversation(
      [
        { role: 'user', content: [Image.fromBase64(BIG, { mediaType: 'image/png' })] },
        { role: 'system', content: 'é'.repeat(1100) },
        { role: 'wire', wire: 'openai', message: { url: `data:image/png;base64,${BIG}` } },
      ],
      { blobStore: store, minBlobBytes: 1024 },
    );
    const bytes = Buffer.from(BIG, 'base64');
    expect(document.messages).toEqual([
      {
        role: 'user',
        content: [{ type: 'image', source: 'bytes', data: '', mediaType: 'image/png' }],
        media: [
          {
            path: ['content', 0, 'data'],
            blob: blobKey(bytes),
            encoding: 'base64',
            bytes: bytes.byteLength,
          },
        ],
      },
      {
        role: 'system',
        content: '',
        media: [
          {
            path: ['content'],
            blob: blobKey(Buffer.from('é'.repeat(1100))),
            encoding: 'utf8',
            bytes: 2200,
          },
        ],
      },
      {
        role: 'wire',
        wire: 'openai',
        message: { url: '' },
        media: [
          {
            path: ['message', 'url'],
            blob: blobKey(bytes),
            encoding: 'base64',
            prefix: 'data:image/png;base64,',
            bytes: bytes.byteLength,
            mediaType: 'image/png',
          },
        ],
      },
    ]);
    expect(store.size).toBe(2);
  });

  test('strings shorter than minBlobBytes stay inline; the default is 64 KiB', async () => {
    expect(DEFAULT_MIN_BLOB_BYTES).toBe(65_536);
    const store = new MemoryBlobStore();
    const document = await saveConversation(
      [
        { role: 'system', content: 'a'.repeat(65_535) },
        { role: 'user', content: 'b'.repeat(65_536) },
      ],
      { blobStore: store },
    );
    expect(document.messages[0]?.media).toBeUndefined();
    expect(document.messages[1]?.media).toHaveLength(1);
    // Below 1024, short strings the format checks (a role, a source) could move too.
    await expect(
      saveConversation([], { blobStore: store, minBlobBytes: 1023 }),
    ).rejects.toMatchObject({
      code: 'conversation_not_serializable',
      message: 'minBlobBytes must be an integer of at least 1024, got 1023',
    });
  });

  test('a missing or altered blob is refused, naming the reference', async () => {
    const store = new MemoryBlobStore();
    const document = await saveConversation([{ role: 'system', content: 'z'.repeat(2000) }], {
      blobStore: store,
      minBlobBytes: 1024,
    });
    const missing = loadConversation(document, { blobStore: new MemoryBlobStore() });
    await expect(missing).rejects.toMatchObject({
      code: 'blob_missing',
      path: 'messages[0].media[0]',
    });
    const key = document.messages[0]?.media?.[0]?.blob as string;
    // 'z' x 2000 is base64: the blob is its 1500 bytes; the altered one has as many.
    const altered = { put: async () => {}, get: async () => Buffer.from('y'.repeat(1500)) };
    await expect(loadConversation(document, { blobStore: altered })).rejects.toMatchObject({
      code: 'blob_corrupt',
      message: `messages[0].media[0]: the blob store's bytes for ${key} do not have that hash`,
    });
    const resized = JSON.parse(JSON.stringify(document));
    resized.messages[0].media[0].bytes = 5;
    await expect(loadConversation(resized, { blobStore: store })).rejects.toMatchObject({
      code: 'blob_corrupt',
      path: 'messages[0].media[0]',
      message: `messages[0].media[0]: the blob store's ${key} has 1500 bytes; the reference says 5`,
    });
    const moved = JSON.parse(JSON.stringify(document));
    moved.messages[0].media[0].path = ['nowhere'];
    await expect(loadConversation(moved, { blobStore: store })).rejects.toMatchObject({
      code: 'invalid_conversation',
    });
  });

  test('FileBlobStore keeps one file per key and survives a new instance', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'crosswire-blobs-'));
    folders.push(folder);
    const document = await saveConversation(bigConversation('anthropic'), {
      blobStore: new FileBlobStore(folder),
      minBlobBytes: 1024,
    });
    const files = await readdir(folder);
    expect(files.every((file) => /^sha256-[0-9a-f]{64}$/.test(file))).toBe(true);
    const loaded = await loadConversation(JSON.stringify(document), {
      blobStore: new FileBlobStore(folder),
    });
    expect(requestText('anthropic', loaded)).toBe(
      requestText('anthropic', bigConversation('anthropic')),
    );
    const store = new FileBlobStore(folder);
    expect(await store.get(`sha256-${'0'.repeat(64)}`)).toBeUndefined();
    await expect(store.get('../../etc/passwd')).rejects.toThrow('not a blob key');
    await writeFile(join(folder, 'unrelated.txt'), 'x');
  });
});
