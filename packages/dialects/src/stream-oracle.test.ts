// Recorded provider streams (fixtures/streams/oracle: the SDKs' own fixtures and vercel/ai
// recordings, sources and licences in manifest.json) read by Crosswire's decoders, compared with
// what the official SDKs' accumulators made of the same bytes (expectations.sdk.json, written once
// by scripts/record-stream-expectations.mjs) and, for Ollama and Hermes, with expectations written
// by hand from their documented formats (expectations.hand.json). Never recomputed here.
import { readFileSync } from 'node:fs';
import { CrosswireError, type WireFormat } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { decodeStream } from './stream-decoder.js';
import type { StreamEvent } from './stream-types.js';

interface Entry {
  readonly name: string;
  readonly wire: WireFormat;
  readonly file: string;
  readonly source: string;
  readonly licence: string;
  readonly transform: string;
}
interface Expected {
  readonly oracle: string;
  readonly text?: string;
  readonly refusal?: string | null;
  readonly reasoning?: string;
  readonly calls?: readonly { id: string; name?: string; arguments: unknown }[];
  readonly usage?: Record<string, number>;
  readonly stopReason?: string | null;
  readonly error?: string;
}

const DIR = new URL('../fixtures/streams/oracle/', import.meta.url);
const json = <T>(file: string): T => JSON.parse(readFileSync(new URL(file, DIR), 'utf8')) as T;
const MANIFEST = json<Entry[]>('manifest.json');
const EXPECTED: Record<string, Expected> = {
  ...json<Record<string, Expected>>('expectations.sdk.json'),
  ...json<Record<string, Expected>>('expectations.hand.json'),
};

/**
 * Where Crosswire reads a recorded stream differently from the SDK on purpose (or where the
 * SDK is the one that is wrong). A difference not listed fails the test; so does a listed one
 * that no longer occurs.
 */
const DIFFERENCES: readonly {
  readonly stream: string;
  readonly field: keyof Expected;
  readonly reason: string;
}[] = [
  {
    stream: 'anthropic/incomplete-partial-json-response',
    field: 'calls',
    reason:
      'cut off by max_tokens inside the tool input: the SDK partial-parses the JSON into an object; Crosswire marks the call argumentsUndecodable and keeps the text as sent, so a cut-off call is never run with half its arguments (the echo still carries the object, stream-trailers.test.ts)',
  },
  {
    stream: 'openai/stream-emits-refusal-logprobs-events-chatcompletionstream',
    field: 'text',
    reason:
      'a refusal-only reply: the SDK leaves content null; Crosswire also gives the refusal as the final text (README: refusal is final text too), and in `refusal`, which agrees',
  },
  ...[
    'openai/deepseek-reasoning',
    'openai/deepseek-tool-call',
    'openai/xai-tool-call',
    'openai/xai-text',
    'openai/groq-reasoning',
  ].map((stream) => ({
    stream,
    field: 'reasoning' as const,
    reason:
      "openai-node's ChatCompletionStream keeps fields outside its types by Object.assign (lib/ChatCompletionStream.js: `Object.assign(choice.message, rest)`), so `reasoning_content` / `reasoning` end as the last piece, or absent; Crosswire joins every piece (as DeepSeek, xAI and Groq document)",
  })),
  {
    stream: 'openai/mistral-tool-call',
    field: 'calls',
    reason:
      'Mistral streams tool_calls without `index`; the SDK keys calls by index and drops the call; Crosswire takes a missing index as the next call (the reply asked for `weather`)',
  },
  ...(['text', 'reasoning', 'calls', 'usage'] as const).map((field) => ({
    stream: 'responses/openai-reasoning-encrypted-content.1',
    field,
    reason:
      'vercel/ai recorded four replies of a multi-step run into one file (four response.created ... response.completed); one HTTP stream carries one response, so Crosswire finishes at the first response.completed (its call `calculator`, call_AB6AaRZ1FYZB2RwS6A5vbdqn) and reads no further; the SDK reads on and returns the last response',
  })),
  {
    stream: 'gemini/google-stream-no-args-tool-call',
    field: 'calls',
    reason:
      'Vertex streamed function-call arguments (opt-in `streamFunctionCallArguments`, which Crosswire never sends): the SDK counts every nameless `partialArgs` piece as a call (13); Crosswire keeps the 4 named calls; neither assembles `partialArgs`',
  },
];

/** The same bytes, delivered in different pieces. */
const CHUNKINGS: Record<string, (bytes: Uint8Array) => Uint8Array[]> = {
  whole: (bytes) => [bytes],
  '1 byte': (bytes) => Array.from(bytes, (_, i) => bytes.subarray(i, i + 1)),
  '7 bytes': (bytes) => sizes(bytes, [7]),
  uneven: (bytes) => sizes(bytes, [1, 64, 3, 500, 2, 31]),
};
function sizes(bytes: Uint8Array, pattern: readonly number[]): Uint8Array[] {
  const pieces: Uint8Array[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = pattern[i % pattern.length] ?? 1;
    pieces.push(bytes.subarray(at, at + size));
    at += size;
  }
  return pieces;
}

interface Read {
  readonly events: StreamEvent[];
  readonly outcome: Partial<Expected>;
}

async function read(wire: WireFormat, chunks: readonly Uint8Array[]): Promise<Read> {
  const events: StreamEvent[] = [];
  try {
    for await (const event of decodeStream(wire, chunks)) events.push(event);
  } catch (error) {
    if (!(error instanceof CrosswireError)) throw error;
    return { events, outcome: { error: error.message } };
  }
  const finish = events.at(-1);
  if (finish?.type !== 'finish') throw new Error(`no finish: ${JSON.stringify(finish)}`);
  const response = finish.response;
  return {
    events,
    outcome: {
      text: response.content,
      refusal: response.refusal ?? null,
      reasoning: response.reasoning ?? '',
      calls: response.toolCalls.map((call) => ({
        id: call.id,
        name: call.name,
        arguments: call.argumentsUndecodable ? call.rawArguments : call.arguments,
      })),
      usage: { ...response.usage },
      stopReason: response.finishReason ?? null,
    },
  };
}

/** The fields where Crosswire's outcome differs from the expectation (fields it states only). */
function differences(expected: Expected, actual: Read['outcome']): (keyof Expected)[] {
  const fields = Object.keys(expected).filter((field) => field !== 'oracle') as (keyof Expected)[];
  return fields.filter((field) => {
    if (field === 'error') return actual.error === undefined;
    try {
      expect(actual[field]).toEqual(expected[field]);
      return false;
    } catch {
      return true;
    }
  });
}

describe('recorded streams: sources and expectations are data', () => {
  it('holds at least 40 recorded streams across the six wires, each with source and licence', () => {
    expect(MANIFEST.length).toBeGreaterThanOrEqual(40);
    expect(new Set(MANIFEST.map((entry) => entry.wire))).toEqual(
      new Set(['anthropic', 'openai', 'responses', 'gemini', 'ollama', 'hermes']),
    );
    for (const entry of MANIFEST) {
      expect(entry.source, entry.name).toMatch(/^https:\/\//);
      expect(entry.licence, entry.name).toMatch(/MIT|Apache-2\.0/);
      expect(EXPECTED[entry.name], entry.name).toBeDefined();
    }
  });

  it('lists each difference from an SDK once, for a stream that exists', () => {
    for (const difference of DIFFERENCES) {
      expect(
        MANIFEST.some((entry) => entry.name === difference.stream),
        difference.stream,
      ).toBe(true);
      expect(difference.reason.length).toBeGreaterThan(20);
    }
  });
});

describe.each(MANIFEST)('$name ($wire)', (entry) => {
  const bytes = new Uint8Array(readFileSync(new URL(entry.file, DIR)));
  const expected = EXPECTED[entry.name] as Expected;

  it('equals the expectation, except for the listed differences', async () => {
    const { outcome } = await read(entry.wire, [bytes]);
    const found = differences(expected, outcome).map((field) => ({
      field,
      crosswire: outcome[field],
      expected: expected[field],
    }));
    const listed = DIFFERENCES.filter((difference) => difference.stream === entry.name).map(
      (difference) => difference.field,
    );
    expect(found.filter((difference) => !listed.includes(difference.field))).toEqual([]);
    expect(
      listed.filter((field) => !found.some((difference) => difference.field === field)),
    ).toEqual([]);
  });

  it.each(Object.keys(CHUNKINGS))('gives the same events chunked %s', async (chunking) => {
    const whole = await read(entry.wire, [bytes]);
    const split = await read(
      entry.wire,
      (CHUNKINGS[chunking] as (b: Uint8Array) => Uint8Array[])(bytes),
    );
    expect(split.outcome).toEqual(whole.outcome);
    // Text and reasoning may arrive in other pieces; their sum and everything else is the same.
    const merged = (events: readonly StreamEvent[]) => {
      const out: StreamEvent[] = [];
      for (const event of events) {
        const previous = out.at(-1);
        if (
          (event.type === 'text-delta' || event.type === 'reasoning-delta') &&
          previous?.type === event.type
        ) {
          out[out.length - 1] = { ...event, text: previous.text + event.text };
        } else out.push(event);
      }
      return out;
    };
    expect(merged(split.events)).toEqual(merged(whole.events));
  });

  it('streams what the final reply holds: its text, and a start for each of its calls', async () => {
    const { events, outcome } = await read(entry.wire, [bytes]);
    if (outcome.error !== undefined) {
      expect(events.at(-1)?.type).toBe('error');
      return;
    }
    const streamed = events.flatMap((event) => (event.type === 'text-delta' ? [event.text] : []));
    expect(streamed.join('')).toBe(outcome.text);
    const starts = events.flatMap((event) =>
      event.type === 'tool-call-start' ? [{ id: event.id, name: event.name }] : [],
    );
    expect(starts).toEqual(outcome.calls?.map((call) => ({ id: call.id, name: call.name })));
    const ends = events.filter((event) => event.type === 'tool-call-end');
    expect(ends).toHaveLength(outcome.calls?.length ?? 0);
  });
});
