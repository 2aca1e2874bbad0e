// A streamed structured reply on hand-made events (the chat-completions form: the JSON in the
// text): the object-delta pacing (a parse once the text reaches 32 characters, then once it has
// grown by a quarter and 32 more), the finish event with the object, and a refusal, an invalid
// reply or one nested too deep as the last event and then thrown. Expected events written by hand.
import type { ChatResponse, StreamEvent } from '@crosswire/dialects';
import { describe, expect, it } from 'vitest';
import { resolveOutput, StructuredOutputError } from './structured.js';
import { type ChatStreamEvent, withObjectEvents } from './structured-stream.js';

const NOTE = {
  type: 'object',
  properties: { city: { type: 'string' }, note: { type: 'string' } },
  required: ['city'],
};

const response = (content: string, refusal?: string): ChatResponse => ({
  content,
  toolCalls: [],
  finishReason: 'stop',
  usage: undefined,
  reasoning: undefined,
  refusal,
  raw: {},
});

async function* feed(pieces: readonly string[], refusal?: string): AsyncGenerator<StreamEvent> {
  for (const text of pieces) yield { type: 'text-delta', text };
  yield { type: 'finish', finishReason: 'stop', response: response(pieces.join(''), refusal) };
}

/** Every event given, and what was thrown at the end (undefined when nothing). */
async function collect(pieces: readonly string[], refusal?: string) {
  const events: ChatStreamEvent[] = [];
  let thrown: unknown;
  try {
    for await (const event of withObjectEvents(
      feed(pieces, refusal),
      'openai',
      {},
      resolveOutput({ schema: NOTE, name: 'answer' }),
    )) {
      events.push(event);
    }
  } catch (error) {
    thrown = error;
  }
  return { events, thrown };
}

describe('withObjectEvents: object-delta pacing', () => {
  it('32 characters: the first partial object; 3 more: none; then the finish with the object', async () => {
    const first = '{"city":"Oslo","note":"abcdefghi'; // 32 characters
    const { events, thrown } = await collect([first, 'j"}']);
    expect(thrown).toBeUndefined();
    expect(events).toEqual([
      { type: 'text-delta', text: first },
      { type: 'object-delta', object: { city: 'Oslo', note: 'abcdefghi' } },
      { type: 'text-delta', text: 'j"}' },
      {
        type: 'finish',
        finishReason: 'stop',
        response: { ...response(`${first}j"}`), object: { city: 'Oslo', note: 'abcdefghij' } },
      },
    ]);
  });

  it('31 characters: no partial object yet; at 34 the first', async () => {
    const first = '{"city":"Oslo","note":"abcdefgh'; // 31 characters
    const { events } = await collect([first, 'i"}']);
    expect(events.filter((event) => event.type === 'object-delta')).toEqual([
      { type: 'object-delta', object: { city: 'Oslo', note: 'abcdefghi' } },
    ]);
  });
});

describe('withObjectEvents: the next parse', () => {
  const first = '{"city":"Oslo","note":"abcdefghi'; // 32 characters

  it('waits until the text has grown by a quarter and 32 more: 72 characters, not 71', async () => {
    const { events } = await collect([first, 'k'.repeat(39), 'm', '"}']);
    expect(events.filter((event) => event.type === 'object-delta')).toEqual([
      { type: 'object-delta', object: { city: 'Oslo', note: 'abcdefghi' } },
      { type: 'object-delta', object: { city: 'Oslo', note: `abcdefghi${'k'.repeat(39)}m` } },
    ]);
  });

  it('gives no delta when the object read is the same as the last one', async () => {
    const { events } = await collect([first, `"${' '.repeat(39)}`, '}']);
    expect(events.filter((event) => event.type === 'object-delta')).toEqual([
      { type: 'object-delta', object: { city: 'Oslo', note: 'abcdefghi' } },
    ]);
  });
});

describe('withObjectEvents: a reply that cannot be given', () => {
  it('invalid: the error event last, then thrown', async () => {
    const { events, thrown } = await collect(['{"note":"x"}']);
    expect(thrown).toBeInstanceOf(StructuredOutputError);
    expect(thrown).toMatchObject({
      code: 'structured_output_invalid',
      message: 'the reply does not match output "answer": $.city: required property is missing',
    });
    expect(events.at(-1)).toEqual({ type: 'error', error: thrown });
  });

  it('refused: the error event last, then thrown', async () => {
    const { events, thrown } = await collect([''], 'I cannot.');
    expect(thrown).toMatchObject({
      code: 'structured_output_refused',
      message: 'the model refused to give output "answer": I cannot.',
    });
    expect(events.at(-1)).toEqual({ type: 'error', error: thrown });
  });

  it('nested 257 deep: refused as it arrives, before any partial object is built', async () => {
    const { events, thrown } = await collect(['['.repeat(257)]);
    expect(thrown).toMatchObject({
      code: 'structured_output_invalid',
      message: 'the reply does not match output "answer": $: nests deeper than 256 levels',
    });
    expect(events).toEqual([
      { type: 'text-delta', text: '['.repeat(257) },
      { type: 'error', error: thrown },
    ]);
  });

  it('256 deep is not refused while it arrives; brackets inside strings, escaped quotes too, are no nesting', async () => {
    const text = `{"city":"${'['.repeat(300)}\\"${'{'.repeat(300)}"}`;
    const { thrown } = await collect([text]);
    expect(thrown).toBeUndefined();
    const deep = await collect(['['.repeat(256)]);
    expect(deep.thrown).toMatchObject({
      message: expect.stringMatching(/^the reply does not match output "answer": \$: not JSON/),
    });
  });
});

describe('withObjectEvents: the nesting count, however the JSON arrives', () => {
  const NESTS = 'the reply does not match output "answer": $: nests deeper than 256 levels';
  const notJson = expect.stringMatching(/^the reply does not match output "answer": \$: not JSON/);

  it('brackets with spaces between them still nest: 257 levels are refused as they arrive', async () => {
    const text = `{"city":${'[ '.repeat(256)}`;
    const { events, thrown } = await collect([text]);
    expect(thrown).toMatchObject({ message: NESTS });
    expect(events).toEqual([
      { type: 'text-delta', text },
      { type: 'error', error: thrown },
    ]);
  });

  it('257 open braces are refused as they arrive, as 257 brackets are', async () => {
    const { thrown } = await collect(['{'.repeat(257)]);
    expect(thrown).toMatchObject({ message: NESTS });
  });

  it('after strings (an empty one, one with an escaped quote) the brackets count again', async () => {
    const { thrown } = await collect([`{"city":"","note":"x\\"y","n":${'['.repeat(256)}`]);
    expect(thrown).toMatchObject({ message: NESTS });
  });

  it('a first string that starts with an escaped quote ends where it ends: the brackets after it count', async () => {
    const { thrown } = await collect([`{"\\"q":"x","n":${'['.repeat(256)}`]);
    expect(thrown).toMatchObject({ message: NESTS });
  });

  it('closed levels are given back: four siblings 200 deep (arrays and objects) are a valid reply', async () => {
    const deepArray = `${'['.repeat(200)}${']'.repeat(200)}`;
    const deepObject = `${'{"a":'.repeat(199)}{}${'}'.repeat(199)}`;
    const text = `{"city":"Oslo","n":[${deepArray},${deepArray},${deepObject},${deepObject}]}`;
    const { events, thrown } = await collect([text]);
    expect(thrown).toBeUndefined();
    let array: unknown = [];
    for (let level = 1; level < 200; level++) array = [array];
    let object: unknown = {};
    for (let level = 1; level < 200; level++) object = { a: object };
    expect(events.at(-1)).toMatchObject({
      type: 'finish',
      response: { object: { city: 'Oslo', n: [array, array, object, object] } },
    });
  });

  it('the deepest level is kept: 257 opened and closed in one piece, then one more, is refused', async () => {
    const { thrown } = await collect([`${'['.repeat(257)}${']'.repeat(257)}[`]);
    expect(thrown).toMatchObject({ message: NESTS });
  });

  it('a closing bracket with nothing open does not lower the count', async () => {
    const { thrown } = await collect([']', '['.repeat(257)]);
    expect(thrown).toMatchObject({ message: NESTS });
    const shallow = await collect([']', '['.repeat(256)]);
    expect(shallow.thrown).toMatchObject({ message: notJson });
  });
});

describe('withObjectEvents: what a partial object is read from', () => {
  it('an empty partial object is never given', async () => {
    const { events } = await collect([`{${' '.repeat(31)}`, '"city":"Oslo"}']);
    expect(events.filter((event) => event.type === 'object-delta')).toEqual([]);
  });

  it('a reply in a ```json fence: the partial object is read from its first brace', async () => {
    const { events, thrown } = await collect([
      '```json\n{"city":"Oslo","note":"abcdefghij',
      '"}\n```',
    ]);
    expect(thrown).toBeUndefined();
    expect(events.filter((event) => event.type === 'object-delta')).toEqual([
      { type: 'object-delta', object: { city: 'Oslo', note: 'abcdefghij' } },
    ]);
  });

  it('a root with anyOf in the text form: the partial object is the reply itself', async () => {
    const either = {
      anyOf: [
        { type: 'object', properties: { city: { type: 'string' }, note: { type: 'string' } } },
        { type: 'object', properties: { error: { type: 'string' } } },
      ],
    };
    const first = '{"city":"Oslo","note":"abcdefghi'; // 32 characters
    const events: ChatStreamEvent[] = [];
    for await (const event of withObjectEvents(
      feed([first, 'j"}']),
      'openai',
      {},
      resolveOutput({ schema: either, name: 'answer' }),
    )) {
      events.push(event);
    }
    expect(events.filter((event) => event.type === 'object-delta')).toEqual([
      { type: 'object-delta', object: { city: 'Oslo', note: 'abcdefghi' } },
    ]);
    expect(events.at(-1)).toMatchObject({
      response: { object: { city: 'Oslo', note: 'abcdefghij' } },
    });
  });
});

describe('withObjectEvents: errors', () => {
  it('a refusal with no text before it: the error event is the only event', async () => {
    async function* refusedAtOnce(): AsyncGenerator<StreamEvent> {
      yield {
        type: 'finish',
        finishReason: 'refusal',
        response: { ...response('', 'No.'), finishReason: 'refusal' },
      };
    }
    const events: ChatStreamEvent[] = [];
    const thrown = await (async () => {
      for await (const event of withObjectEvents(
        refusedAtOnce(),
        'anthropic',
        {},
        resolveOutput({ schema: NOTE, name: 'answer' }),
      )) {
        events.push(event);
      }
    })().catch((error: unknown) => error);
    expect(thrown).toMatchObject({ code: 'structured_output_refused' });
    expect(events).toEqual([{ type: 'error', error: thrown }]);
  });

  it('a failure that is not a CrosswireError passes through without an error event', async () => {
    const failure = new TypeError('the event source broke');
    async function* broken(): AsyncGenerator<StreamEvent> {
      yield { type: 'text-delta', text: '{"city"' };
      throw failure;
    }
    const events: ChatStreamEvent[] = [];
    const thrown = await (async () => {
      for await (const event of withObjectEvents(
        broken(),
        'openai',
        {},
        resolveOutput({ schema: NOTE, name: 'answer' }),
      )) {
        events.push(event);
      }
    })().catch((error: unknown) => error);
    expect(thrown).toBe(failure);
    expect(events).toEqual([{ type: 'text-delta', text: '{"city"' }]);
  });
});

describe('withObjectEvents: the anthropic tool form on hand-made events', () => {
  it('text after the synthetic call started is not part of its arguments', async () => {
    async function* events(): AsyncGenerator<StreamEvent> {
      yield { type: 'tool-call-start', index: 0, id: 'toolu_1', name: 'answer' };
      yield {
        type: 'tool-call-delta',
        index: 0,
        argumentsDelta: '{"city":"Oslo","note":"abcdefghi',
      };
      yield { type: 'text-delta', text: ' and here a long aside written outside the call' };
      yield { type: 'tool-call-delta', index: 0, argumentsDelta: 'j"}' };
      yield {
        type: 'finish',
        finishReason: 'tool_use',
        response: {
          ...response(' and here a long aside written outside the call'),
          toolCalls: [
            {
              id: 'toolu_1',
              name: 'answer',
              arguments: { city: 'Oslo', note: 'abcdefghij' },
              rawArguments: { city: 'Oslo', note: 'abcdefghij' },
              argumentsUndecodable: false,
              argumentsError: undefined,
              wire: 'anthropic',
              raw: {},
            },
          ],
        },
      };
    }
    const seen: ChatStreamEvent[] = [];
    for await (const event of withObjectEvents(
      events(),
      'anthropic',
      { structuredOutput: 'tool' },
      resolveOutput({ schema: NOTE, name: 'answer' }),
    )) {
      seen.push(event);
    }
    expect(seen.filter((event) => event.type === 'object-delta')).toEqual([
      { type: 'object-delta', object: { city: 'Oslo', note: 'abcdefghi' } },
    ]);
    expect(seen.at(-1)).toMatchObject({
      type: 'finish',
      response: { object: { city: 'Oslo', note: 'abcdefghij' }, toolCalls: [] },
    });
  });
});
