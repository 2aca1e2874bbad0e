/*
 * A reader of Python literals, for Hermes tool calls written as Python dicts
 * (`{'name': 'f', 'arguments': {'a': True}}`, the NousResearch README's own example output).
 * It reads what `ast.literal_eval` reads for such calls and nothing else: dicts, lists,
 * tuples, strings (single, double and triple quotes, `r`/`u` prefixes, adjacent strings
 * joined), numbers, True/False/None (and JSON's true/false/null, which models mix in). It
 * never evaluates anything. Nesting is bounded, so a hostile reply cannot exhaust the stack.
 */

/** How deep dicts, lists and tuples may nest. */
export const PYTHON_LITERAL_MAX_DEPTH = 256;

export type PythonLiteralResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: string };

/** What the reader throws: a plain object, not an Error (no stack to capture; failing is common). */
class LiteralSyntaxError {
  constructor(readonly message: string) {}
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '\n': '',
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

const KEYWORDS: Readonly<Record<string, unknown>> = {
  True: true,
  False: false,
  None: null,
  true: true,
  false: false,
  null: null,
};

const NUMBER =
  /[+-]?(?:0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d+)?)/y;
const WORD = /[A-Za-z_][A-Za-z0-9_]*/y;

class Reader {
  position = 0;
  constructor(private readonly text: string) {}

  fail(what: string): never {
    throw new LiteralSyntaxError(`${what} at position ${this.position}`);
  }

  skipSpace(): void {
    while (this.position < this.text.length && /\s/.test(this.text[this.position] as string)) {
      this.position += 1;
    }
  }

  peek(): string {
    return this.text[this.position] ?? '';
  }

  value(depth: number): unknown {
    this.skipSpace();
    const char = this.peek();
    if (char === '{') return this.dict(depth + 1);
    if (char === '[') return this.sequence(']', depth + 1);
    if (char === '(') return this.sequence(')', depth + 1);
    if (char === '"' || char === "'") return this.strings();
    const word = this.match(WORD);
    if (word !== undefined) {
      const lower = word.toLowerCase();
      if ((lower === 'r' || lower === 'u') && (this.peek() === '"' || this.peek() === "'")) {
        this.position -= word.length;
        return this.strings();
      }
      if (Object.hasOwn(KEYWORDS, word)) return KEYWORDS[word];
      this.position -= word.length;
      this.fail(`unexpected name '${word}'`);
    }
    const number = this.match(NUMBER);
    if (number !== undefined) return this.number(number);
    return this.fail(char === '' ? 'unexpected end' : `unexpected '${char}'`);
  }

  match(pattern: RegExp): string | undefined {
    pattern.lastIndex = this.position;
    const found = pattern.exec(this.text);
    if (!found || found[0] === '' || found[0] === '+' || found[0] === '-') return undefined;
    this.position += found[0].length;
    return found[0];
  }

  number(text: string): number {
    const clean = text.replace(/_/g, '');
    const sign = clean.startsWith('-') ? -1 : 1;
    const digits = clean.replace(/^[+-]/, '');
    const value = /^0[xob]/i.test(digits) ? Number(digits.toLowerCase()) : Number(digits);
    if (!Number.isFinite(value)) this.fail(`bad number '${text}'`);
    return sign * value;
  }

  checkDepth(depth: number): void {
    if (depth > PYTHON_LITERAL_MAX_DEPTH) {
      this.fail(`nested deeper than ${PYTHON_LITERAL_MAX_DEPTH} levels`);
    }
  }

  dict(depth: number): Record<string, unknown> {
    this.checkDepth(depth);
    this.position += 1; // {
    const result: Record<string, unknown> = {};
    for (;;) {
      this.skipSpace();
      if (this.peek() === '}') break;
      const key = this.value(depth);
      if (typeof key !== 'string' && typeof key !== 'number')
        this.fail('a dict key must be a string or a number');
      this.skipSpace();
      if (this.peek() !== ':') this.fail("expected ':'");
      this.position += 1;
      // defineProperty: a '__proto__' key stays a plain key.
      Object.defineProperty(result, String(key), {
        value: this.value(depth),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      this.skipSpace();
      if (this.peek() === ',') {
        this.position += 1;
        continue;
      }
      if (this.peek() !== '}') this.fail("expected ',' or '}'");
      break;
    }
    this.position += 1; // }
    return result;
  }

  sequence(close: string, depth: number): unknown[] {
    this.checkDepth(depth);
    this.position += 1;
    const items: unknown[] = [];
    for (;;) {
      this.skipSpace();
      if (this.peek() === close) break;
      items.push(this.value(depth));
      this.skipSpace();
      if (this.peek() === ',') {
        this.position += 1;
        continue;
      }
      if (this.peek() !== close) this.fail(`expected ',' or '${close}'`);
      break;
    }
    this.position += 1;
    return items;
  }

  /** One string literal or several adjacent ones, joined as Python joins them. */
  strings(): string {
    let text = this.string();
    for (;;) {
      const before = this.position;
      this.skipSpace();
      const char = this.peek();
      const next = this.text[this.position + 1];
      const prefixed = /[rRuU]/.test(char) && (next === '"' || next === "'");
      if (char === '"' || char === "'" || prefixed) text += this.string();
      else {
        this.position = before;
        return text;
      }
    }
  }

  string(): string {
    let raw = false;
    if (/[rRuU]/.test(this.peek())) {
      raw = /[rR]/.test(this.peek());
      this.position += 1;
    }
    const quote = this.peek();
    const triple = this.text.startsWith(quote.repeat(3), this.position);
    const delimiter = triple ? quote.repeat(3) : quote;
    this.position += delimiter.length;
    let out = '';
    for (;;) {
      if (this.position >= this.text.length) this.fail('unterminated string');
      if (this.text.startsWith(delimiter, this.position)) {
        this.position += delimiter.length;
        return out;
      }
      const char = this.text[this.position] as string;
      if (char === '\n' && !triple) this.fail('line break in a string');
      if (char !== '\\') {
        out += char;
        this.position += 1;
        continue;
      }
      if (raw) {
        // A raw string keeps the backslash; it still cannot end on an escaped quote.
        out += this.text.slice(this.position, this.position + 2);
        this.position += 2;
        continue;
      }
      out += this.escape();
    }
  }

  escape(): string {
    const char = this.text[this.position + 1] ?? '';
    this.position += 2;
    if (Object.hasOwn(SIMPLE_ESCAPES, char)) return SIMPLE_ESCAPES[char] as string;
    const hexLength = char === 'x' ? 2 : char === 'u' ? 4 : char === 'U' ? 8 : 0;
    if (hexLength > 0) {
      const hex = this.text.slice(this.position, this.position + hexLength);
      if (!new RegExp(`^[0-9a-fA-F]{${hexLength}}$`).test(hex)) this.fail(`bad \\${char} escape`);
      this.position += hexLength;
      const code = Number.parseInt(hex, 16);
      if (code > 0x10ffff) this.fail(`bad \\${char} escape`);
      return String.fromCodePoint(code);
    }
    if (/[0-7]/.test(char)) {
      let octal = char;
      while (octal.length < 3 && /[0-7]/.test(this.peek())) {
        octal += this.peek();
        this.position += 1;
      }
      return String.fromCodePoint(Number.parseInt(octal, 8));
    }
    // Python keeps an unknown escape as written.
    return `\\${char}`;
  }
}

/**
 * Reads `text` as one Python literal (see the file comment for what is read). Never throws
 * and never evaluates: `{ ok: false, error }` for anything else.
 */
export function parsePythonLiteral(text: string): PythonLiteralResult {
  const reader = new Reader(text);
  try {
    const value = reader.value(0);
    reader.skipSpace();
    if (reader.position < text.length) reader.fail('unexpected text after the value');
    return { ok: true, value };
  } catch (error) {
    if (error instanceof LiteralSyntaxError) return { ok: false, error: error.message };
    throw error;
  }
}
