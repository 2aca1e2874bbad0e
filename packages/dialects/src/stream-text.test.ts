import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FilteredPiece, TagFilter } from './stream-text.js';

const OPTIONS = { think: false, callTag: 'tool_call', trim: false } as const;

/** The call blocks the filter hands on for `text` pushed in `chunks`. */
function calls(text: string, cuts: readonly number[]): string[] {
  const filter = new TagFilter(OPTIONS);
  const out: FilteredPiece[] = [];
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    filter.push(text.slice(from, cut), out);
    from = cut;
  }
  filter.push(text.slice(from), out);
  filter.end(out);
  return out.filter((piece) => piece.kind === 'call').map((piece) => piece.text);
}

/** The definition: a block ends at the first closing tag after which its body is JSON. */
function firstBlock(body: string): string {
  const close = '</tool_call>';
  for (let at = body.indexOf(close); at !== -1; at = body.indexOf(close, at + 1)) {
    try {
      JSON.parse(body.slice(0, at));
      return body.slice(0, at);
    } catch {
      // not yet
    }
  }
  return body;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('TagFilter: a call block ends at the first closing tag after which its body is JSON', () => {
  it('agrees with the definition for any body and any split of it', () => {
    const piece = fc.constantFrom(
      '</tool_call>',
      '"',
      '\\',
      '{',
      '}',
      '[',
      ']',
      '1',
      '2e',
      ' ',
      '\n',
      'a',
      'true',
      ':',
      ',',
      '{"name":"f","arguments":{}}',
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 30 }).map((pieces) => pieces.join('')),
        fc.array(fc.nat(), { maxLength: 5 }),
        (body, rawCuts) => {
          const text = `<tool_call>${body}`;
          const cuts = rawCuts.map((cut) => cut % (text.length + 1));
          expect(calls(text, cuts)[0] ?? '').toBe(firstBlock(body));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reads a block with 10 000 closing tags inside one string with a bounded number of JSON.parse calls', () => {
    const inner = '</tool_call>'.repeat(10_000);
    const body = `{"name":"say","arguments":{"t":"${inner}"}}`;
    const text = `<tool_call>${body}</tool_call>after`;
    const parse = vi.spyOn(JSON, 'parse');
    const cuts = Array.from({ length: 100 }, (_, index) => Math.floor((text.length * index) / 100));
    expect(calls(text, cuts)).toEqual([body]);
    // Before, each closing tag reparsed the whole block so far: 10 001 parses, quadratic.
    expect(parse.mock.calls.length).toBeLessThanOrEqual(2);
  });

  it('a closing tag after a complete value and trailing garbage never ends the block', () => {
    expect(calls('<tool_call>{"a":1} x</tool_call>{"b":2}</tool_call>', [])).toEqual([
      '{"a":1} x</tool_call>{"b":2}</tool_call>',
    ]);
    expect(calls('<tool_call> 12 </tool_call>rest', [14])).toEqual([' 12 ']);
    expect(calls('<tool_call>"a</tool_call>b"</tool_call>', [])).toEqual(['"a</tool_call>b"']);
    // Escaped quotes do not end a string, at the top level or inside an object.
    expect(calls('<tool_call>"\\"" </tool_call>', [])).toEqual(['"\\"" ']);
    expect(calls('<tool_call>{"a":"\\"}</tool_call>"}</tool_call>', [5])).toEqual([
      '{"a":"\\"}</tool_call>"}',
    ]);
  });
});
