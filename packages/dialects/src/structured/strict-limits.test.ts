import type { WarningHandler } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../dialect.js';
import { preflight } from '../preflight/preflight.js';

// OpenAI's strict-mode limits hold across the whole schema
// (https://platform.openai.com/docs/guides/structured-outputs#supported-schemas): 10 levels of
// nesting, 5,000 properties, 1,000 enum values. A schema past one is refused with a 400, so
// preflight must name it and the request builder must not send it as strict. Each limit is
// tested at its exact boundary. Levels count every schema node on the way down: the root is
// level 1, each `properties` entry or `items` one more.

const closed = (properties: Record<string, unknown>) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

/** A strict schema whose deepest path has `levels` nodes (objects down to one string). */
function nested(levels: number): Record<string, unknown> {
  return levels === 1 ? { type: 'string' } : closed({ a: nested(levels - 1) });
}

const chat = (schema: object, name = 'trip') => ({
  model: 'gpt-4.1',
  messages: [{ role: 'user', content: 'Hi' }],
  response_format: { type: 'json_schema', json_schema: { name, schema, strict: true } },
});

const strictBreaks = (schema: object) =>
  preflight(chat(schema), { wire: 'openai' })
    .violations.filter((broken) => broken.rule === 'openai-structured-strict-schema')
    .map((broken) => [broken.path, broken.message]);

const SCHEMA = 'response_format.json_schema.schema';

/** What the request builder sends for `schema` asked as strict, and the warnings it gave. */
function built(schema: Record<string, unknown>) {
  const codes: string[] = [];
  const onWarning: WarningHandler = (warning) => codes.push(warning.code);
  const body = buildRequest(
    'openai',
    {
      model: 'gpt-4.1',
      messages: [{ role: 'user', content: 'Hi' }],
      output: { name: 'trip', schema, strict: true },
    },
    { onWarning },
  );
  const format = (body.response_format as { json_schema: { strict: boolean } }).json_schema;
  return { strict: format.strict, codes };
}

describe('strict schemas: nesting depth', () => {
  it('10 levels are strict; 11 are refused, at the first node too deep', () => {
    expect(strictBreaks(nested(10))).toEqual([]);
    expect(built(nested(10))).toEqual({ strict: true, codes: [] });

    const tooDeep = `$${'.properties.a'.repeat(10)}`;
    expect(strictBreaks(nested(11))).toEqual([
      [
        SCHEMA,
        `Invalid schema for response_format 'trip': ${tooDeep}: nested deeper than 10 levels`,
      ],
    ]);
    expect(built(nested(11))).toEqual({ strict: false, codes: ['structured_output_not_strict'] });
  });

  it('array items count as a level', () => {
    // root (1) → list (2) → items (3) → … : 1 + 1 + 8 = 10 levels, then one more.
    const listOf = (levels: number) => closed({ list: { type: 'array', items: nested(levels) } });
    expect(strictBreaks(listOf(8))).toEqual([]);
    expect(strictBreaks(listOf(9))).toEqual([
      [
        SCHEMA,
        `Invalid schema for response_format 'trip': $.properties.list.items${'.properties.a'.repeat(8)}: nested deeper than 10 levels`,
      ],
    ]);
  });
});

describe('strict schemas: the objects inside array items', () => {
  it('an open object as the items of an array is refused at its own path', () => {
    const schema = closed({
      tags: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
    });
    expect(strictBreaks(schema)).toEqual([
      [
        `${SCHEMA}.properties.tags.items`,
        "Invalid schema for response_format 'trip': In context=(), 'additionalProperties' is required to be supplied and to be false.",
      ],
      [
        `${SCHEMA}.properties.tags.items`,
        "Invalid schema for response_format 'trip': In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'name'.",
      ],
    ]);
  });

  it('the same items closed pass', () => {
    expect(
      strictBreaks(
        closed({ tags: { type: 'array', items: closed({ name: { type: 'string' } }) } }),
      ),
    ).toEqual([]);
  });
});

const strings = (count: number, prefix: string) =>
  Object.fromEntries(
    Array.from({ length: count }, (_, index) => [`${prefix}${index}`, { type: 'string' }]),
  );

describe('strict schemas: property and enum counts across the whole schema', () => {
  it('5,000 properties in all are strict; 5,001 are refused', () => {
    // 1 + 2,498 + 2,501 = 5,000 properties over two objects.
    const atLimit = closed({ left: closed(strings(2498, 'l')), right: closed(strings(2500, 'r')) });
    expect(strictBreaks(atLimit)).toEqual([]);
    expect(built(atLimit)).toEqual({ strict: true, codes: [] });

    const over = closed({ left: closed(strings(2499, 'l')), right: closed(strings(2500, 'r')) });
    expect(strictBreaks(over)).toEqual([
      [SCHEMA, "Invalid schema for response_format 'trip': more than 5000 properties in all"],
    ]);
    expect(built(over)).toEqual({ strict: false, codes: ['structured_output_not_strict'] });
  });

  it('1,000 enum values in all are strict; 1,001 are refused', () => {
    const values = (count: number, prefix: string) =>
      Array.from({ length: count }, (_, index) => `${prefix}${index}`);
    const withEnums = (first: number, second: number) =>
      closed({
        colour: { type: 'string', enum: values(first, 'c') },
        size: { type: 'string', enum: values(second, 's') },
      });
    expect(strictBreaks(withEnums(500, 500))).toEqual([]);
    expect(built(withEnums(500, 500))).toEqual({ strict: true, codes: [] });
    expect(strictBreaks(withEnums(500, 501))).toEqual([
      [SCHEMA, "Invalid schema for response_format 'trip': 1001 enum values in all (at most 1000)"],
    ]);
    expect(built(withEnums(500, 501))).toEqual({
      strict: false,
      codes: ['structured_output_not_strict'],
    });
  });
});
