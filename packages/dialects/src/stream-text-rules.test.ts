import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type FilteredPiece,
  TagFilter,
  type TagFilterOptions,
  TextBuilder,
  TextDigest,
} from './stream-text.js';

const PLAIN = { think: false, callTag: undefined, trim: false } as const;
const THINK = { think: true, callTag: undefined, trim: false } as const;
const HERMES = { think: false, callTag: 'tool_call', trim: false } as const;
const BOTH = { think: true, callTag: 'tool_call', trim: false } as const;
const TRIM = { think: false, callTag: undefined, trim: true } as const;
const BOTH_TRIM = { think: true, callTag: 'tool_call', trim: true } as const;

const text = (value: string): FilteredPiece => ({ kind: 'text', text: value });
const reasoning = (value: string): FilteredPiece => ({ kind: 'reasoning', text: value });
const call = (value: string): FilteredPiece => ({ kind: 'call', text: value });

/** What the filter hands on for `chunks` pushed one after another, then the end (unless `end` is false). */
function filtered(
  options: TagFilterOptions,
  chunks: readonly string[],
  end = true,
): FilteredPiece[] {
  const filter = new TagFilter(options);
  const out: FilteredPiece[] = [];
  for (const chunk of chunks) filter.push(chunk, out);
  if (end) filter.end(out);
  return out;
}

/** `pieces` with neighbours of one kind (text, reasoning) joined; a call stays on its own. */
function joined(pieces: readonly FilteredPiece[]): FilteredPiece[] {
  const out: FilteredPiece[] = [];
  for (const piece of pieces) {
    const last = out.at(-1);
    if (last !== undefined && piece.kind !== 'call' && last.kind === piece.kind) {
      out[out.length - 1] = { kind: piece.kind, text: last.text + piece.text };
    } else out.push(piece);
  }
  return out;
}

/** Checks that `whole` cut in two at every position (and in three at every pair) gives `expected`, joined. */
function expectAtEveryCut(options: TagFilterOptions, whole: string, expected: FilteredPiece[]) {
  for (let first = 0; first <= whole.length; first++) {
    for (let second = first; second <= whole.length; second++) {
      const chunks = [whole.slice(0, first), whole.slice(first, second), whole.slice(second)];
      const pieces = filtered(options, chunks);
      expect(
        pieces.filter((piece) => piece.kind !== 'call' && piece.text === ''),
        `no empty piece, cut at ${first} and ${second}`,
      ).toEqual([]);
      expect(joined(pieces), `cut at ${first} and ${second}`).toEqual(expected);
    }
  }
}

/** How many times `JSON.parse` is asked while `run` runs. */
function parsesDuring(run: () => void): number {
  const parse = vi.spyOn(JSON, 'parse');
  run();
  const count = parse.mock.calls.length;
  parse.mockRestore();
  return count;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('TagFilter: passthrough', () => {
  it('is true only with no tag watched and no trimming', () => {
    expect(new TagFilter(PLAIN).passthrough).toBe(true);
    expect(new TagFilter(THINK).passthrough).toBe(false);
    expect(new TagFilter(HERMES).passthrough).toBe(false);
    expect(new TagFilter(TRIM).passthrough).toBe(false);
    expect(new TagFilter(BOTH_TRIM).passthrough).toBe(false);
  });

  it('with no tag watched, text that looks like the start of a tag is handed on at once', () => {
    expect(filtered(PLAIN, ['a <b', 'S', '<'], false)).toEqual([
      text('a <b'),
      text('S'),
      text('<'),
    ]);
    expect(filtered(HERMES, ['a <thi'], false)).toEqual([text('a <thi')]);
    expect(filtered(THINK, ['a <tool_c'], false)).toEqual([text('a <tool_c')]);
  });
});

describe('TagFilter: text, reasoning and call pieces', () => {
  it('a block at the very start has no empty text before it', () => {
    // Without readCalls a call piece has no `calls` at all.
    expect(filtered(HERMES, ['<tool_call>{"name":"f"}</tool_call>'])).toStrictEqual([
      { kind: 'call', text: '{"name":"f"}' },
    ]);
    expect(filtered(THINK, ['<think>why</think>'])).toEqual([reasoning('why')]);
  });

  it('hands on the text around a call block as it is when nothing is trimmed', () => {
    expect(filtered(HERMES, [' a <tool_call>{}</tool_call> b '])).toEqual([
      text(' a '),
      call('{}'),
      text(' b '),
    ]);
  });

  it('takes <think> out as reasoning as the pieces come, holding back only a possible closing tag', () => {
    const filter = new TagFilter(THINK);
    const out: FilteredPiece[] = [];
    filter.push('<think>', out);
    expect(out).toEqual([]);
    filter.push('why</thi', out);
    expect(out).toEqual([reasoning('why')]);
    filter.push('nk>', out);
    expect(out).toEqual([reasoning('why')]);
    filter.push('so', out);
    filter.end(out);
    expect(out).toEqual([reasoning('why'), text('so')]);
  });

  it('an empty <think> block gives no reasoning piece, and the text after it goes on as text', () => {
    expect(filtered(THINK, ['<think></think>x'])).toEqual([text('x')]);
    expect(filtered(THINK, ['<think>a</think>b<think>c</think>'])).toEqual([
      reasoning('a'),
      text('b'),
      reasoning('c'),
    ]);
  });

  it('with both tags watched, each block is taken out in the order it comes', () => {
    expect(filtered(BOTH, ['x<tool_call>{}</tool_call>y<think>r</think>z'])).toEqual([
      text('x'),
      call('{}'),
      text('y'),
      reasoning('r'),
      text('z'),
    ]);
    expect(filtered(BOTH, ['<think>r</think><tool_call>[]</tool_call>'])).toEqual([
      reasoning('r'),
      call('[]'),
    ]);
  });

  it('gives the same pieces, joined, however the text is cut, even inside a tag', () => {
    expectAtEveryCut(BOTH, 'a<think>r</think>b<tool_call>{"x":"</tool_call>"}</tool_call>c', [
      text('a'),
      reasoning('r'),
      text('b'),
      call('{"x":"</tool_call>"}'),
      text('c'),
    ]);
  });
});

describe('TagFilter: the end of the stream', () => {
  it('inside <think>, the held-back start of a closing tag ends the reasoning', () => {
    expect(filtered(THINK, ['<think>abc</th'])).toEqual([reasoning('abc'), reasoning('</th')]);
  });

  it('in text, the held-back start of an opening tag goes on as text', () => {
    expect(filtered(THINK, ['a<thi'])).toEqual([text('a'), text('<thi')]);
    expect(filtered(HERMES, ['a<', 'tool_'])).toEqual([text('a'), text('<tool_')]);
  });

  it('inside a call block, the block so far is one call piece', () => {
    expect(filtered(HERMES, ['<tool_call>{"name":"f"'])).toEqual([call('{"name":"f"')]);
    expect(filtered(HERMES, ['<tool_call>{}</tool_c'])).toEqual([call('{}</tool_c')]);
    expect(filtered(HERMES, ['<tool_call>{"a":"</tool_call>', 'b'])).toEqual([
      call('{"a":"</tool_call>b'),
    ]);
    expect(
      filtered(HERMES, ['x<tool_call>{"name":"f","arguments":{"q":"', 'a long answer"}}']),
    ).toEqual([text('x'), call('{"name":"f","arguments":{"q":"a long answer"}}')]);
  });

  it('right after an opening tag (an empty block), nothing more is handed on', () => {
    expect(filtered(HERMES, ['a<tool_call>'])).toEqual([text('a')]);
    expect(filtered(HERMES, ['<tool_call>', '', ''])).toEqual([]);
    expect(filtered(THINK, ['a<think>'])).toEqual([text('a')]);
  });

  it('ending again hands on nothing more', () => {
    const filter = new TagFilter(HERMES);
    const out: FilteredPiece[] = [];
    filter.push('a<', out);
    filter.end(out);
    filter.end(out);
    expect(out).toEqual([text('a'), text('<')]);
  });

  it('whitespace held back at the end is dropped, not put before later text', () => {
    const filter = new TagFilter(TRIM);
    const out: FilteredPiece[] = [];
    filter.push('a ', out);
    filter.end(out);
    filter.push('b', out);
    filter.end(out);
    expect(out).toEqual([text('a'), text('b')]);
  });
});

describe('TagFilter: trim holds back the whitespace at the edges of the text', () => {
  it('drops leading whitespace and holds trailing whitespace until more text comes', () => {
    expect(filtered(TRIM, ['  a ', ' b  '])).toEqual([text('a'), text('  b')]);
    expect(filtered(TRIM, ['a', '  '])).toEqual([text('a')]);
    expect(filtered(TRIM, ['a', '  ', 'b'])).toEqual([text('a'), text('  b')]);
    expect(filtered(TRIM, ['   ', '\n'])).toEqual([]);
  });

  it('hands on any text, whatever it says', () => {
    expect(filtered(TRIM, ['Stryker was here!'])).toEqual([text('Stryker was here!')]);
    expect(filtered(TRIM, ['Stryker was here! '])).toEqual([text('Stryker was here!')]);
  });

  it('after a removed block at the start, only the leading whitespace is dropped', () => {
    expect(filtered(BOTH_TRIM, ['<think>x</think>a b'])).toEqual([reasoning('x'), text('a b')]);
    expect(filtered(BOTH_TRIM, ['<tool_call>{}</tool_call>\n a b'])).toEqual([
      call('{}'),
      text('a b'),
    ]);
  });

  it('keeps the whitespace between text before and after a block, however the text is cut', () => {
    expectAtEveryCut(BOTH_TRIM, '  <think>x</think>\n a <tool_call>{}</tool_call> b  ', [
      reasoning('x'),
      text('a'),
      call('{}'),
      text('  b'),
    ]);
  });
});

describe('TagFilter: a call block ends where its body is JSON', () => {
  it.each([
    ['{"a":{"b":[1,[2]]}}</tool_call>x', [call('{"a":{"b":[1,[2]]}}'), text('x')]],
    ['[{"a":1},[]]</tool_call>', [call('[{"a":1},[]]')]],
    ['{"a":"}]"}</tool_call>', [call('{"a":"}]"}')]],
    ['  {"a":1}  </tool_call>', [call('  {"a":1}  ')]],
    ['12</tool_call>', [call('12')]],
    ['true </tool_call>x', [call('true '), text('x')]],
    ['-1.5e3\n</tool_call>', [call('-1.5e3\n')]],
    ['null</tool_call>', [call('null')]],
    ['"a}"</tool_call>', [call('"a}"')]],
  ])('%s closes at its closing tag', (body, expected) => {
    expect(filtered(HERMES, [`<tool_call>${body}`])).toEqual(expected);
  });

  it.each([
    ['{} x</tool_call>'],
    ['{"a":1}}</tool_call>'],
    ['1 x</tool_call>'],
    ['1 2</tool_call>'],
    ['tru</tool_call>'],
    [':</tool_call>'],
    ['{"a":{}</tool_call>'],
  ])('%s is not JSON: the block runs to the end of the stream', (body) => {
    expect(filtered(HERMES, [`<tool_call>${body}`])).toEqual([call(body)]);
  });

  it('a block no JSON text can begin with is never parsed', () => {
    let pieces: FilteredPiece[] = [];
    const count = parsesDuring(() => {
      pieces = filtered(HERMES, ['<tool_call>:</tool_call>:</tool_call>']);
    });
    expect(pieces).toEqual([call(':</tool_call>:</tool_call>')]);
    expect(count).toBe(0);
  });

  it('a scalar followed by other text is never parsed', () => {
    let pieces: FilteredPiece[] = [];
    const count = parsesDuring(() => {
      pieces = filtered(HERMES, ['<tool_call>1 x</tool_call>y</tool_call>']);
    });
    expect(pieces).toEqual([call('1 x</tool_call>y</tool_call>')]);
    expect(count).toBe(0);
  });

  it('a closing tag that did not end the block is not tried again when more text comes', () => {
    let pieces: FilteredPiece[] = [];
    const count = parsesDuring(() => {
      pieces = filtered(HERMES, ['<tool_call>1x</tool_call>', 'y']);
    });
    expect(pieces).toEqual([call('1x</tool_call>y')]);
    expect(count).toBe(1);
  });
});

describe('TagFilter: readCalls', () => {
  it('a closed block with calls is a call piece that carries them', () => {
    const blocks: string[] = [];
    const readCalls = (block: string) => {
      blocks.push(block);
      return [{ name: 'f' }];
    };
    expect(
      filtered({ ...HERMES, readCalls }, ['a<tool_call>{"name":"f"}</tool_call>b']),
    ).toStrictEqual([
      text('a'),
      { kind: 'call', text: '{"name":"f"}', calls: [{ name: 'f' }] },
      text('b'),
    ]);
    expect(blocks).toEqual(['{"name":"f"}']);
  });

  it('a closed block with no call in it goes on as text, tags and all', () => {
    const readCalls = () => [];
    expect(filtered({ ...HERMES, readCalls }, ['a<tool_call>{"x":1}</tool_call>b'])).toEqual([
      text('a'),
      text('<tool_call>{"x":1}</tool_call>'),
      text('b'),
    ]);
    expect(
      filtered({ ...BOTH_TRIM, readCalls }, [
        '<tool_call>{}</tool_call>  b <tool_call>[]</tool_call>',
      ]),
    ).toEqual([text('<tool_call>{}</tool_call>'), text('  b'), text(' <tool_call>[]</tool_call>')]);
  });

  it('a block cut off by the end of the stream is a call piece without calls read', () => {
    const readCalls = vi.fn(() => [{ name: 'f' }]);
    expect(filtered({ ...HERMES, readCalls }, ['<tool_call>{"name":"f"}'])).toStrictEqual([
      { kind: 'call', text: '{"name":"f"}' },
    ]);
    expect(readCalls).not.toHaveBeenCalled();
  });
});

describe('TextBuilder', () => {
  it('reads what was appended, across more than one batch, as often as asked', () => {
    const builder = new TextBuilder();
    for (let index = 0; index < 600; index++) builder.append('ab');
    expect(builder.length).toBe(1200);
    expect(builder.toString()).toBe('ab'.repeat(600));
    expect(builder.toString()).toBe('ab'.repeat(600));
    builder.append('c');
    expect(builder.toString()).toBe(`${'ab'.repeat(600)}c`);
    expect(builder.length).toBe(1201);
  });

  it('empty pieces add nothing; any other piece is kept', () => {
    const builder = new TextBuilder();
    expect(builder.toString()).toBe('');
    builder.append('');
    builder.append('');
    expect(builder.toString()).toBe('');
    expect(builder.length).toBe(0);
    builder.append('Stryker was here!');
    builder.append('');
    expect(builder.toString()).toBe('Stryker was here!');
    expect(builder.length).toBe(17);
  });
});

describe('TextDigest', () => {
  it('is a prefix only of texts that begin with what was appended', () => {
    const digest = new TextDigest();
    digest.append('a');
    digest.append('bc');
    expect(digest.length).toBe(3);
    expect(digest.prefixOf('abc')).toBe(true);
    expect(digest.prefixOf('abcd')).toBe(true);
    expect(digest.prefixOf('ab')).toBe(false);
    expect(digest.prefixOf('')).toBe(false);
    expect(digest.prefixOf('abd')).toBe(false);
    expect(digest.prefixOf('xbc')).toBe(false);
    expect(new TextDigest().prefixOf('anything')).toBe(true);
  });
});
