import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSseReader, type SseEvent } from './sse.js';

class TooLarge extends Error {}

function read(chunks: readonly string[], maxFrameSize = 1_000_000): SseEvent[] {
  const events: SseEvent[] = [];
  const reader = createSseReader(
    (event) => events.push(event),
    maxFrameSize,
    () => {
      throw new TooLarge('too large');
    },
  );
  for (const chunk of chunks) reader.feed(chunk);
  reader.end();
  return events;
}

/** `text` cut at the given offsets (any position, between CR and LF too). */
function splitAt(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const point of [...points, text.length]) {
    out.push(text.slice(from, point));
    from = point;
  }
  return out;
}

const data = (...values: string[]) => values.map((value) => ({ event: undefined, data: value }));

// The examples of the HTML specification, section 9.2.5 "Event stream interpretation"
// (https://html.spec.whatwg.org/multipage/server-sent-events.html), with what it says they give.
const SPEC_EXAMPLES: readonly { name: string; stream: string; events: SseEvent[] }[] = [
  {
    name: 'data lines joined with LF',
    stream: 'data: YHOO\ndata: +2\ndata: 10\n\n',
    events: data('YHOO\n+2\n10'),
  },
  {
    name: 'a comment, ids, no space after the colon, two spaces',
    stream:
      ': test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n',
    // The last block has no blank line after it: read at the end all the same (see sse.ts).
    events: data('first event', 'second event', ' third event'),
  },
  {
    name: 'a field name alone, and empty data',
    stream: 'data\n\ndata\ndata\n\ndata:',
    events: data('', '\n', ''),
  },
  {
    name: 'one space after the colon is dropped',
    stream: 'data:test\n\ndata: test\n\n',
    events: data('test', 'test'),
  },
];

const ENDINGS = { LF: '\n', CR: '\r', CRLF: '\r\n' } as const;

describe('SSE reader: the specification examples', () => {
  for (const example of SPEC_EXAMPLES) {
    for (const [ending, eol] of Object.entries(ENDINGS)) {
      it(`${example.name} (${ending} line endings, any split)`, () => {
        const stream = example.stream.replaceAll('\n', eol);
        expect(read([stream])).toEqual(example.events);
        fc.assert(
          fc.property(fc.array(fc.nat(), { maxLength: 8 }), (cuts) => {
            expect(read(splitAt(stream, cuts))).toEqual(example.events);
          }),
        );
      });
    }
  }

  it('ignores unknown fields, an unreadable retry, ids and comments; keeps the event type', () => {
    const stream =
      'x-trace: abc\nretry: soon\nretry: 3000\nid: 7\n: keep-alive\nevent: ping\ndata: {}\n\n';
    expect(read([stream])).toEqual([{ event: 'ping', data: '{}' }]);
  });

  it('drops a byte order mark at the start only', () => {
    expect(read(['\uFEFFdata: a\n\n', 'data: \uFEFFb\n\n'])).toEqual(data('a', '\uFEFFb'));
  });

  it('an event with no data field dispatches nothing', () => {
    expect(read(['event: ping\n\n', 'id: 3\n\n'])).toEqual([]);
  });
});

describe('SSE reader: the frame bound', () => {
  const frame = `data: ${'x'.repeat(5000)}\n\n`;

  it('refuses a frame over the bound however it is chunked (one chunk too)', () => {
    expect(() => read([frame], 1000)).toThrow(TooLarge);
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 6 }), (cuts) => {
        expect(() => read(splitAt(frame, cuts), 1000)).toThrow(TooLarge);
      }),
    );
  });

  it('counts the data of many short lines of one event', () => {
    const lines = `${'data: 0123456789\n'.repeat(200)}\n`;
    expect(() => read([lines], 1000)).toThrow(TooLarge);
    expect(read([lines], 3000)).toHaveLength(1);
  });

  it('counts a long line that never ends', () => {
    const reader = createSseReader(
      () => undefined,
      1000,
      () => {
        throw new TooLarge('too large');
      },
    );
    for (let i = 0; i < 99; i++) reader.feed('aaaaaaaaaa');
    expect(() => reader.feed('aaaaaaaaaaa')).toThrow(TooLarge);
  });

  it('accepts many frames each under the bound', () => {
    expect(read([`data: ${'x'.repeat(900)}\n\n`.repeat(50)], 1000)).toHaveLength(50);
  });
});
