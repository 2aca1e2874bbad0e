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
