import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where `saveConversation` puts large payloads, by content hash. Keys are
 * `sha256-<64 hex digits>` of the bytes, so a store may treat `put` of a key it holds as done
 * (the bytes are the same), and several conversations share one copy of an image. Any store
 * with put and get by key fits: memory, a folder, S3 or another object store.
 */
export interface BlobStore {
  /** Keeps `bytes` under `key`; `mediaType` (when known) may become the object's content type. */
  put(key: string, bytes: Uint8Array, info: { readonly mediaType?: string }): Promise<void>;
  /** The bytes stored under `key`, or undefined when there are none. */
  get(key: string): Promise<Uint8Array | undefined>;
}

/** The content-hash key of `bytes`: `sha256-<hex>`. */
export function blobKey(bytes: Uint8Array): string {
  return `sha256-${createHash('sha256').update(bytes).digest('hex')}`;
}

/** A {@link BlobStore} in memory (tests, one process). */
export class MemoryBlobStore implements BlobStore {
  readonly #blobs = new Map<string, Uint8Array>();

  async put(key: string, bytes: Uint8Array): Promise<void> {
    if (!this.#blobs.has(key)) this.#blobs.set(key, Uint8Array.from(bytes));
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    const bytes = this.#blobs.get(key);
    return bytes === undefined ? undefined : Uint8Array.from(bytes);
  }

  /** How many blobs are held. */
  get size(): number {
    return this.#blobs.size;
  }
}

const KEY = /^sha256-[0-9a-f]{64}$/;

/**
 * A {@link BlobStore} in a folder: one file per blob, named by its key. A write goes to a
 * temporary file first and is renamed into place, so a reader never sees half a blob, and
 * two processes writing the same key write the same bytes.
 */
export class FileBlobStore implements BlobStore {
  readonly directory: string;

  constructor(directory: string) {
    this.directory = directory;
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.#file(key);
    await mkdir(this.directory, { recursive: true });
    const temporary = `${file}.${randomUUID()}.tmp`;
    await writeFile(temporary, bytes);
    await rename(temporary, file);
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    try {
      return new Uint8Array(await readFile(this.#file(key)));
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  #file(key: string): string {
    // Only content-hash keys: a key is never a path that leaves the folder.
    if (!KEY.test(key)) throw new TypeError(`not a blob key: ${JSON.stringify(key)}`);
    return join(this.directory, key);
  }
}
