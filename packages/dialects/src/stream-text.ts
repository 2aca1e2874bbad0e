// The incremental tag filter of streamed text: `<think>` (with `thinkTagFilter`) and Hermes
// `<tool_call>` blocks are taken out of the text as it streams, even when a tag is split
// across chunks, so no tag text ever reaches a text delta.

/** What the filter hands on: answer text, reasoning, or one whole call block's inner text. */
export type FilteredPiece =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'reasoning'; readonly text: string }
  | {
      readonly kind: 'call';
      readonly text: string;
      /** The block's calls, when the filter was given `readCalls`. */
      readonly calls?: readonly Record<string, unknown>[];
    };

export interface TagFilterOptions {
  /** Take `<think>...</think>` out as reasoning. */
  readonly think: boolean;
  /** Take `<callTag>...</callTag>` blocks out as calls (Hermes); undefined for none. */
  readonly callTag: string | undefined;
  /** The final text is trimmed (Hermes, or a filtered `<think>`): hold back edge whitespace. */
  readonly trim: boolean;
  /**
   * Reads a closed call block's calls. A block with none in it (JSON without a named call)
   * goes on as text, tags and all, as the final text keeps it. Without it, every block is a call.
   */
  readonly readCalls?: ((block: string) => readonly Record<string, unknown>[]) | undefined;
}

const THINK_OPEN = '<think>';
const THINK_CLOSE = '</think>';

const JSON_SPACE = new Set([' ', '\t', '\n', '\r']);
const SCALAR_CHAR = /[0-9A-Za-z+\-.]/;

/**
 * Tells, for growing prefixes of one call block, whether the prefix is a JSON text, in time
 * linear in the block however many closing tags it holds. It scans each character once,
 * tracking strings, escapes and bracket depth; a prefix can only be JSON where the scan is
 * outside every string and container, right after the one top-level value (or inside a
 * top-level scalar), and there `JSON.parse` is asked once: the top-level value of a JSON text
 * ends where its brackets close, so a longer prefix is JSON only if that same value is and
 * only whitespace follows. A character other than whitespace after the value means no prefix
 * from there on is JSON.
 */
class JsonPrefixScanner {
  #at = 0;
  #state: 'before' | 'container' | 'string' | 'scalar' | 'after' | 'dead' = 'before';
  #depth = 0;
  #inString = false;
  #escaped = false;
  /** Where the top-level value ended (state `after`), and whether it parsed (once). */
  #valueEnd = 0;
  #valueValid: boolean | undefined;

  /** Scans the next part of the block (each character once, whatever the chunking). */
  feed(chunk: string): void {
    for (let index = 0; index < chunk.length && this.#state !== 'dead'; index++, this.#at++) {
      this.#step(chunk[index] as string);
    }
  }

  /** Whether the block fed so far is a JSON text; `text()` gives it when a parse is needed. */
  isJson(text: () => string): boolean {
    if (this.#state === 'scalar') return isJson(text());
    if (this.#state !== 'after') return false;
    this.#valueValid ??= isJson(text().slice(0, this.#valueEnd));
    return this.#valueValid;
  }

  #step(char: string): void {
    switch (this.#state) {
      case 'before':
        if (JSON_SPACE.has(char)) break;
        if (char === '{' || char === '[') {
          this.#state = 'container';
          this.#depth = 1;
        } else if (char === '"') this.#state = 'string';
        else if (SCALAR_CHAR.test(char)) this.#state = 'scalar';
        else this.#state = 'dead';
        break;
      case 'string':
        if (this.#escaped) this.#escaped = false;
        else if (char === '\\') this.#escaped = true;
        else if (char === '"') this.#ended(this.#at + 1);
        break;
      case 'scalar':
        if (SCALAR_CHAR.test(char)) break;
        this.#ended(this.#at);
        if (!JSON_SPACE.has(char)) this.#state = 'dead';
        break;
      case 'after':
        if (!JSON_SPACE.has(char)) this.#state = 'dead';
        break;
      case 'container':
        if (this.#inString) {
          if (this.#escaped) this.#escaped = false;
          else if (char === '\\') this.#escaped = true;
          else if (char === '"') this.#inString = false;
        } else if (char === '"') this.#inString = true;
        else if (char === '{' || char === '[') this.#depth++;
        else if (char === '}' || char === ']') {
          this.#depth--;
          if (this.#depth === 0) this.#ended(this.#at + 1);
        }
        break;
    }
  }

  #ended(at: number): void {
    this.#state = 'after';
    this.#valueEnd = at;
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads text piece by piece. In text, a tail that could begin a watched tag is held back until
 * the next piece says what it is. A call block ends at the first closing tag after which its
 * body is JSON (a closing tag inside a JSON string does not end it), as the non-streaming
 * parser reads it; a block or thinking cut off by the end of the stream ends there.
 */
export class TagFilter {
  readonly #options: TagFilterOptions;
  readonly #openTags: string[];
  #state: 'text' | 'think' | 'call' = 'text';
  #buffer = '';
  /** Where to look for the next closing tag in the buffer, inside a call block. */
  #searchFrom = 0;
  /**
   * The open call block up to the buffer: scanned, and with no closing tag left to try. The
   * buffer then stays short (a possible tag start and the new text), so appending to it never
   * copies the block again.
   */
  #block = new TextBuilder();
  /** Reads the open call block as JSON once, so each closing tag costs no reparse. */
  #json = new JsonPrefixScanner();
  #started = false;
  #heldSpace = '';

  constructor(options: TagFilterOptions) {
    this.#options = options;
    this.#openTags = [
      ...(options.think ? [THINK_OPEN] : []),
      ...(options.callTag === undefined ? [] : [`<${options.callTag}>`]),
    ];
  }

  /** True when the filter changes nothing (no tag watched, no trimming): text passes as it is. */
  get passthrough(): boolean {
    return this.#openTags.length === 0 && !this.#options.trim;
  }

  push(text: string, out: FilteredPiece[]): void {
    this.#buffer += text;
    this.#drain(out, false);
  }

  end(out: FilteredPiece[]): void {
    // Draining at the end hands on all of a text or thinking buffer (nothing is held back), so
    // what is left is a call block the stream cut off: it ends there. Outside a call block the
    // block is empty and so is the buffer.
    this.#drain(out, true);
    const cut = this.#block.toString() + this.#buffer;
    if (cut !== '') out.push({ kind: 'call', text: cut });
    this.#block = new TextBuilder();
    this.#buffer = '';
    // Trailing whitespace of a trimmed text is not part of the final text.
    this.#heldSpace = '';
  }

  #drain(out: FilteredPiece[], atEnd: boolean): void {
    for (;;) {
      if (this.#state === 'text') {
        const found = this.#firstOpenTag();
        if (found === undefined) {
          const hold = atEnd ? 0 : this.#partialTagLength();
          const emit = this.#buffer.slice(0, this.#buffer.length - hold);
          if (emit !== '') this.#text(emit, out);
          this.#buffer = this.#buffer.slice(emit.length);
          return;
        }
        if (found.at > 0) this.#text(this.#buffer.slice(0, found.at), out);
        this.#buffer = this.#buffer.slice(found.at + found.tag.length);
        this.#state = found.tag === THINK_OPEN ? 'think' : 'call';
        this.#searchFrom = 0;
        this.#json = new JsonPrefixScanner();
        this.#block = new TextBuilder();
        continue;
      }
      if (this.#state === 'think') {
        const close = this.#buffer.indexOf(THINK_CLOSE);
        if (close === -1) {
          const hold = atEnd ? 0 : partialSuffix(this.#buffer, [THINK_CLOSE]);
          const emit = this.#buffer.slice(0, this.#buffer.length - hold);
          if (emit !== '') out.push({ kind: 'reasoning', text: emit });
          this.#buffer = this.#buffer.slice(emit.length);
          return;
        }
        if (close > 0) out.push({ kind: 'reasoning', text: this.#buffer.slice(0, close) });
        this.#buffer = this.#buffer.slice(close + THINK_CLOSE.length);
        this.#state = 'text';
        continue;
      }
      const closeTag = `</${this.#options.callTag}>`;
      const close = this.#buffer.indexOf(closeTag, this.#searchFrom);
      if (close === -1) {
        // Everything but a possible start of the closing tag joins the block.
        this.#toBlock(this.#buffer.length - (closeTag.length - 1));
        this.#searchFrom = 0;
        return;
      }
      this.#toBlock(close);
      if (!this.#json.isJson(() => this.#block.toString())) {
        this.#searchFrom = 1; // past this closing tag's '<'
        continue;
      }
      const block = this.#block.toString();
      this.#block = new TextBuilder();
      this.#buffer = this.#buffer.slice(closeTag.length);
      this.#state = 'text';
      const calls = this.#options.readCalls?.(block);
      if (calls?.length === 0) {
        this.#text(`<${this.#options.callTag}>${block}${closeTag}`, out);
        continue;
      }
      out.push(
        calls === undefined ? { kind: 'call', text: block } : { kind: 'call', text: block, calls },
      );
    }
  }

  /** Moves the first `count` characters of the buffer to the open call block. */
  #toBlock(count: number): void {
    if (count <= 0) return;
    const moved = this.#buffer.slice(0, count);
    this.#json.feed(moved);
    this.#block.append(moved);
    this.#buffer = this.#buffer.slice(count);
  }

  #firstOpenTag(): { at: number; tag: string } | undefined {
    let best: { at: number; tag: string } | undefined;
    for (const tag of this.#openTags) {
      const at = this.#buffer.indexOf(tag);
      if (at !== -1 && (best === undefined || at < best.at)) best = { at, tag };
    }
    return best;
  }

  #partialTagLength(): number {
    return partialSuffix(this.#buffer, this.#openTags);
  }

  /** Hands on text, holding back whitespace at the edges when the final text is trimmed. */
  #text(text: string, out: FilteredPiece[]): void {
    if (!this.#options.trim) {
      out.push({ kind: 'text', text });
      return;
    }
    let piece = this.#started ? this.#heldSpace + text : text.replace(/^\s+/, '');
    if (piece === '') return;
    const trailing = /\s+$/.exec(piece);
    this.#heldSpace = trailing ? trailing[0] : '';
    piece = trailing ? piece.slice(0, trailing.index) : piece;
    if (piece === '') return;
    this.#started = true;
    out.push({ kind: 'text', text: piece });
  }
}

/** The length of the longest tail of `text` that is a proper prefix of one of `tags`. */
function partialSuffix(text: string, tags: readonly string[]): number {
  let longest = 0;
  for (const tag of tags) {
    for (let length = Math.min(tag.length - 1, text.length); length > longest; length--) {
      if (text.endsWith(tag.slice(0, length))) {
        longest = length;
        break;
      }
    }
  }
  return longest;
}

/**
 * A string built from many small pieces without keeping one heap object per piece and without
 * copying what was built: pieces are joined in batches of 512 into flat strings, and those are
 * joined once when the text is read (and again only when more came since). Each character is
 * copied a bounded number of times, so building a reply is linear in its length.
 */
export class TextBuilder {
  #batches: string[] = [];
  #pieces: string[] = [];
  #length = 0;

  append(piece: string): void {
    if (piece === '') return;
    this.#pieces.push(piece);
    this.#length += piece.length;
    if (this.#pieces.length >= 512) this.#flush();
  }

  get length(): number {
    return this.#length;
  }

  toString(): string {
    this.#flush();
    if (this.#batches.length > 1) this.#batches = [flat(this.#batches.join(''))];
    return this.#batches[0] ?? '';
  }

  #flush(): void {
    if (this.#pieces.length === 0) return;
    this.#batches.push(flat(this.#pieces.join('')));
    this.#pieces = [];
  }
}

/** `text` flattened now, so it is one string and not a chain of the pieces it was joined from. */
function flat(text: string): string {
  text.charCodeAt(0);
  return text;
}

/**
 * What was handed on as text, kept as its length and two running hashes instead of a copy:
 * enough to tell whether a final text begins with it (a stream's text is not held twice).
 */
export class TextDigest {
  #length = 0;
  #a = 0x811c9dc5;
  #b = 0x9e3779b9;

  append(piece: string): void {
    let a = this.#a;
    let b = this.#b;
    for (let at = 0; at < piece.length; at++) {
      const code = piece.charCodeAt(at);
      a = Math.imul(a ^ code, 0x01000193);
      b = Math.imul(b ^ code, 0x5bd1e995) ^ (b >>> 15);
    }
    this.#a = a;
    this.#b = b;
    this.#length += piece.length;
  }

  get length(): number {
    return this.#length;
  }

  /** Whether `text` begins with what was appended. */
  prefixOf(text: string): boolean {
    if (text.length < this.#length) return false;
    const other = new TextDigest();
    other.append(text.slice(0, this.#length));
    return other.#a === this.#a && other.#b === this.#b;
  }
}
