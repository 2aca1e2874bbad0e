import { type CrosswireWarning, deepFreeze } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { buildRequest, parseResponse, readStructured } from '../dialect.js';
import { withArrayItems } from './schema-nodes.js';
import { schemaPrompt } from './schema-prompt.js';

// The array repair every JSON-schema wire applies (an array without `items` gets `items: {}`),
// the schema prompt of the prompt-only mode, and the empty refusal an OpenAI reply may carry.

describe('withArrayItems: arrays without items, wherever they are', () => {
  it('repairs arrays in one subschema, a map and a list, each at its path', () => {
    const schema = {
      type: 'object',
      properties: {
        list: { type: 'array', items: { type: 'array' } },
        either: { anyOf: [{ type: 'ARRAY' }, { type: 'null' }] },
        maybe: { type: ['array', 'null'] },
        text: { type: ['string', 'null'] },
      },
      required: ['list'],
    };
    expect(withArrayItems(schema)).toEqual({
      schema: {
        type: 'object',
        properties: {
          list: { type: 'array', items: { type: 'array', items: {} } },
          either: { anyOf: [{ type: 'ARRAY', items: {} }, { type: 'null' }] },
          maybe: { type: ['array', 'null'], items: {} },
          text: { type: ['string', 'null'] },
        },
        required: ['list'],
      },
      repaired: ['$.properties.list.items', '$.properties.either.anyOf[0]', '$.properties.maybe'],
    });
  });

  it('copies only along the changed path: an unchanged schema comes back as it was given', () => {
    const untouched = { type: 'object', properties: { a: { type: 'string' } } };
    const union = { anyOf: [{ type: 'string' }, { type: 'null' }] };
    const schema = {
      type: 'object',
      properties: { untouched, union, list: { type: 'array' } },
      items: { type: 'string' },
    };
    const { schema: out } = withArrayItems(schema);
    const properties = out.properties as Record<string, unknown>;
    expect(properties.untouched).toBe(untouched);
    expect(properties.union).toBe(union);
    expect(out.items).toBe(schema.items);
    const whole = {
      type: 'object',
      properties: { union, untouched },
      additionalProperties: false,
    };
    expect(withArrayItems(whole)).toEqual({ schema: whole, repaired: [] });
    expect(withArrayItems(whole).schema).toBe(whole);
  });

  it('values that are not schemas are left alone (enum members, const, examples)', () => {
    const schema = {
      type: 'object',
      properties: {
        e: { enum: [{ type: 'array' }] },
        c: { const: { type: 'array' } },
        c2: { const: { x: { type: 'array' } } },
        n: { anyOf: [null, { type: 'string' }] },
        x: { type: 'string', examples: [{ type: 'array' }] },
        odd: { type: 'object', properties: 'none' },
      },
    };
    expect(withArrayItems(schema)).toEqual({ schema, repaired: [] });
  });
});

describe('the schema prompt (openai and responses in prompt mode)', () => {
  it('names the output and its description, then gives the schema', () => {
    expect(
      schemaPrompt({
        name: 'trip',
        description: 'A trip plan.',
        schema: { type: 'object', $schema: 'https://json-schema.org/draft/2020-12/schema' },
        strict: true,
      }),
    ).toBe(
      'Answer with one JSON object (trip) and nothing else. A trip plan. Here\'s the json schema you must adhere to:\n<schema>\n{"type":"object"}\n</schema>',
    );
  });

  it('goes first in the messages in prompt mode only, and never without an output', () => {
    const output = { name: 'trip', schema: { type: 'object' }, strict: true };
    const messages = [{ role: 'user' as const, content: 'Plan' }];
    const prompted = buildRequest(
      'openai',
      { model: 'gpt-4.1', messages, output },
      { structuredOutput: 'prompt' },
    );
    expect(prompted.messages).toEqual([
      {
        role: 'system',
        content:
          'Answer with one JSON object (trip) and nothing else. Here\'s the json schema you must adhere to:\n<schema>\n{"type":"object"}\n</schema>',
      },
      { role: 'user', content: 'Plan' },
    ]);
    expect(prompted.response_format).toEqual({ type: 'json_object' });
    const plain = buildRequest(
      'openai',
      { model: 'gpt-4.1', messages },
      { structuredOutput: 'prompt' },
    );
    expect(plain.messages).toEqual([{ role: 'user', content: 'Plan' }]);
    const schemaMode = buildRequest('openai', { model: 'gpt-4.1', messages, output });
    expect(schemaMode.messages).toEqual([{ role: 'user', content: 'Plan' }]);
  });
});

describe('reading and sending on the openai wire', () => {
  const output = { name: 'trip', schema: { type: 'object' }, strict: true };

  it('an empty refusal is no refusal: the content is the reply', () => {
    const reply = parseResponse('openai', {
      choices: [
        {
          message: { role: 'assistant', content: '{"city":"Oslo"}', refusal: '' },
          finish_reason: 'stop',
        },
      ],
    });
    expect(readStructured('openai', reply, output)).toEqual({ text: '{"city":"Oslo"}' });
  });

  it('a schema sent loose warns of nothing; the same frozen schema object sends the same strict schema', () => {
    const warnings: CrosswireWarning[] = [];
    const onWarning = (warning: CrosswireWarning) => warnings.push(warning);
    const schema = deepFreeze({ type: 'object', properties: { city: { type: 'string' } } });
    const send = (strict: boolean) =>
      (
        buildRequest(
          'openai',
          {
            model: 'gpt-4.1',
            messages: [{ role: 'user', content: 'x' }],
            output: { name: 'trip', schema, strict },
          },
          { onWarning },
        ).response_format as { json_schema: { schema: object } }
      ).json_schema.schema;
    expect(send(false)).toBe(schema);
    const first = send(true);
    expect(send(true)).toBe(first);
    expect(warnings).toEqual([]);
  });

  it('a schema that is not frozen is made strict afresh on every request', () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } } };
    const send = () =>
      (
        buildRequest('openai', {
          model: 'gpt-4.1',
          messages: [{ role: 'user', content: 'x' }],
          output: { name: 'trip', schema, strict: true },
        }).response_format as { json_schema: { schema: object } }
      ).json_schema.schema;
    const first = send();
    const second = send();
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
  });
});
