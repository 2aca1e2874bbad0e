// Payloads by reference: large strings of a stored conversation move to a blob store, and the
// document keeps where each one goes back (`media` on the entry).
import type { ConversationMessage } from '@crosswire/dialects';
import { type BlobStore, blobKey } from './blob-store.js';
import {
  type ConversationDocument,
  checkEntry,
  decodeMessage,
  type MediaReference,
  readEnvelope,
  serializeConversation,
} from './conversation.js';
import { ConversationError } from './errors.js';
import { jsonCopy } from './json-copy.js';

/** Strings this long or longer go to the blob store by default (64 KiB). */
export const DEFAULT_MIN_BLOB_BYTES = 64 * 1024;

/**
 * The smallest `minBlobBytes`: far above any string the format constrains (a role, a
 * `source`, a wire name), which must stay inline to be checked before the blobs are read.
 */
export const MIN_BLOB_BYTES_FLOOR = 1024;

export interface SaveConversationOptions {
  readonly blobStore: BlobStore;
  /** Strings of at least this many characters are stored as blobs. Default 64 KiB, at least 1024. */
  readonly minBlobBytes?: number;
}

export interface LoadConversationOptions {
  readonly blobStore: BlobStore;
}

const DATA_URL_PREFIX = /^data:[^,]*;base64,/;

/**
 * `serializeConversation`, with every string of at least `minBlobBytes` characters (image and
 * PDF payloads, data: URLs, long texts: wherever they are, provider messages included) written
 * to `blobStore` by content hash and replaced by `''`; the entry's `media` list says where each
 * goes back. Base64 payloads are stored as their bytes, with the media type when known. The
 * payloads are blanked in the document only: `messages` are not changed.
 */
export async function saveConversation(
  messages: readonly ConversationMessage[],
  options: SaveConversationOptions,
): Promise<ConversationDocument> {
  const minimum = options.minBlobBytes ?? DEFAULT_MIN_BLOB_BYTES;
  if (!Number.isInteger(minimum) || minimum < MIN_BLOB_BYTES_FLOOR) {
    throw new ConversationError(
      'conversation_not_serializable',
      `minBlobBytes must be an integer of at least ${MIN_BLOB_BYTES_FLOOR}, got ${String(minimum)}`,
    );
  }
  const document = serializeConversation(messages);
  const entries = [];
  for (const entry of document.messages) {
    const media: MediaReference[] = [];
    // The document is fresh objects throughout (strings aside), so it is changed in place.
    const found = largeStrings(entry, minimum);
    for (const { holder, key, path } of found) {
      const value = holder[key] as string;
      const blob = asBlob(value);
      const reference: MediaReference = {
        path,
        blob: blobKey(blob.bytes),
        encoding: blob.encoding,
        ...(blob.prefix ? { prefix: blob.prefix } : {}),
        bytes: blob.bytes.byteLength,
        ...(blob.mediaType ? { mediaType: blob.mediaType } : {}),
      };
      await options.blobStore.put(
        reference.blob,
        blob.bytes,
        blob.mediaType ? { mediaType: blob.mediaType } : {},
      );
      holder[key] = '';
      media.push(reference);
    }
    entries.push(media.length === 0 ? entry : { ...entry, media });
  }
  return { ...document, messages: entries };
}

/**
 * `parseConversation` for a document whose payloads may be in `blobStore`: each referenced
 * blob is read, its hash checked (`blob_corrupt` when the bytes are not the ones stored),
 * and put back (`blob_missing` when the store has none), then every entry is checked.
 */
export async function loadConversation(
  input: unknown,
  options: LoadConversationOptions,
): Promise<ConversationMessage[]> {
  const { messages } = readEnvelope(input);
  const loaded: ConversationMessage[] = [];
  for (const [index, entry] of messages.entries()) {
    const path = `messages[${index}]`;
    const media = (entry as { media?: unknown } | null)?.media;
    if (media === undefined) {
      loaded.push(decodeMessage(entry, path));
      continue;
    }
    const { media: references, ...rest } = entry as { media: unknown };
    // Checks the entry's shape, references included, before any blob is read.
    checkEntry(entry, path);
    const restored = jsonCopy(rest, path) as Record<string, unknown>;
    for (const [at, reference] of (references as MediaReference[]).entries()) {
      const where = `${path}.media[${at}]`;
      const bytes = await options.blobStore.get(reference.blob);
      if (bytes === undefined) {
        throw new ConversationError(
          'blob_missing',
          `${where}: the blob store has no ${reference.blob}`,
          { path: where, details: { blob: reference.blob } },
        );
      }
      if (bytes.byteLength !== reference.bytes) {
        throw new ConversationError(
          'blob_corrupt',
          `${where}: the blob store's ${reference.blob} has ${bytes.byteLength} bytes; the reference says ${reference.bytes}`,
          { path: where, details: { blob: reference.blob } },
        );
      }
      if (blobKey(bytes) !== reference.blob) {
        throw new ConversationError(
          'blob_corrupt',
          `${where}: the blob store's bytes for ${reference.blob} do not have that hash`,
          { path: where, details: { blob: reference.blob } },
        );
      }
      const text =
        (reference.prefix ?? '') +
        Buffer.from(bytes).toString(reference.encoding === 'base64' ? 'base64' : 'utf8');
      placeAt(restored, reference.path, text, where);
    }
    loaded.push(decodeMessage(restored, path));
  }
  return loaded;
}

interface Found {
  readonly holder: Record<string | number, unknown>;
  readonly key: string | number;
  readonly path: (string | number)[];
}

function largeStrings(value: unknown, minimum: number): Found[] {
  const found: Found[] = [];
  const visit = (node: unknown, path: (string | number)[]) => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => {
        if (typeof item === 'string' && item.length >= minimum) {
          found.push({
            holder: node as unknown as Record<number, unknown>,
            key: index,
            path: [...path, index],
          });
        } else visit(item, [...path, index]);
      });
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, item] of Object.entries(node)) {
        if (typeof item === 'string' && item.length >= minimum) {
          found.push({ holder: node as Record<string, unknown>, key, path: [...path, key] });
        } else visit(item, [...path, key]);
      }
    }
  };
  visit(value, []);
  return found;
}

interface Blob {
  readonly bytes: Uint8Array;
  readonly encoding: 'base64' | 'utf8';
  readonly prefix?: string;
  readonly mediaType?: string;
}

/** The bytes a string is made of: base64 (after a data: URL prefix) when it is exactly that. */
function asBlob(value: string): Blob {
  const prefix = DATA_URL_PREFIX.exec(value)?.[0];
  const payload = prefix === undefined ? value : value.slice(prefix.length);
  const decoded = Buffer.from(payload, 'base64');
  if (payload.length > 0 && decoded.toString('base64') === payload) {
    const mediaType = prefix?.slice(5, -8).split(';')[0];
    return {
      bytes: decoded,
      encoding: 'base64',
      ...(prefix ? { prefix } : {}),
      ...(mediaType ? { mediaType } : {}),
    };
  }
  return { bytes: Buffer.from(value, 'utf8'), encoding: 'utf8' };
}

function placeAt(
  root: Record<string, unknown>,
  path: readonly (string | number)[],
  text: string,
  where: string,
): void {
  let holder: unknown = root;
  for (const key of path.slice(0, -1)) {
    holder = (holder as Record<string | number, unknown> | null)?.[key];
  }
  const last = path[path.length - 1];
  const current =
    last === undefined || typeof holder !== 'object' || holder === null
      ? undefined
      : (holder as Record<string | number, unknown>)[last];
  if (current !== '' || last === undefined || !Object.hasOwn(holder as object, last)) {
    throw new ConversationError(
      'invalid_conversation',
      `${where}: path ${JSON.stringify(path)} does not lead to an emptied string of the entry`,
      { path: where },
    );
  }
  (holder as Record<string | number, unknown>)[last] = text;
}
