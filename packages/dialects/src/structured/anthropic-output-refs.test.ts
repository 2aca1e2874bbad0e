import { deepFreeze } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import {
  anthropicFormatObstacles,
  anthropicNativeSchema,
  wrappedRootSchema,
  wrapsRoot,
} from './anthropic-output.js';

// What output_config.format refuses, read the way Anthropic reads `$ref`s: a cycle counts only
// when the root can reach it, definition names are JSON Pointer tokens (`~1` is `/`, `~0` is
// `~`), and a reference to no definition, or to another document, leads nowhere.

const object = (properties: Record<string, unknown>, extra: object = {}) => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  ...extra,
});
const rules = (schema: Record<string, unknown>) =>
  anthropicFormatObstacles(schema).map((obstacle) => obstacle.rule);

describe('recursive schemas', () => {
  it('a cycle through the root names the root', () => {
    expect(anthropicFormatObstacles(object({ next: { $ref: '#' } }))).toEqual([
      {
        rule: 'anthropic-output-format-recursive',
        reason: 'the schema is recursive (a $ref cycle through the root)',
      },
    ]);
  });

  it('a cycle back to the root through a definition names the root', () => {
    const schema = object(
      { x: { $ref: '#/$defs/a' } },
      { $defs: { a: object({ back: { $ref: '#' } }) } },
    );
    expect(anthropicFormatObstacles(schema)).toEqual([
      {
        rule: 'anthropic-output-format-recursive',
        reason: 'the schema is recursive (a $ref cycle through the root)',
      },
    ]);
  });

  it('definition names are JSON Pointer tokens', () => {
    const schema = object(
      { a: { $ref: '#/$defs/a~1b~0c' } },
      { $defs: { 'a/b~c': object({ again: { $ref: '#/$defs/a~1b~0c' } }) } },
    );
    expect(anthropicFormatObstacles(schema)).toEqual([
      {
        rule: 'anthropic-output-format-recursive',
        reason: 'the schema is recursive (a $ref cycle through "a/b~c")',
      },
    ]);
  });

  it('a self-referencing definition the root never reaches is no cycle', () => {
    const schema = object(
      { a: { type: 'string' } },
      { $defs: { loop: { type: 'array', items: { $ref: '#/$defs/loop' } } } },
    );
    expect(rules(schema)).toEqual([]);
  });

  it('a definition reached twice by two paths (a diamond) is no cycle', () => {
    const schema = object(
      { a: { $ref: '#/$defs/left' }, b: { $ref: '#/$defs/right' } },
      {
        $defs: {
          left: object({ leaf: { $ref: '#/$defs/leaf' } }),
          right: object({ leaf: { $ref: '#/$defs/leaf' } }),
          leaf: { type: 'string' },
        },
      },
    );
    expect(rules(schema)).toEqual([]);
  });

  it('a $ref to no definition, to another document or into a nested list leads nowhere', () => {
    const schema = object(
      {
        a: { $ref: '#/$defs/missing' },
        b: { $ref: 'https://example.com/schema.json' },
        c: { $ref: '#/$defs/self/items' },
        d: { anyOf: [{ $ref: '#/$defs/self' }] },
      },
      { $defs: { self: { type: 'array', items: { type: 'string' } } } },
    );
    expect(rules(schema)).toEqual([]);
  });

  it('references in a list, a map or one subschema are all followed', () => {
    const through = (node: unknown) =>
      rules(object({ a: { $ref: '#/definitions/d' } }, { definitions: { d: node } }));
    expect(through({ anyOf: [{ type: 'null' }, { $ref: '#/definitions/d' }] })).toEqual([
      'anthropic-output-format-recursive',
    ]);
    expect(through(object({ x: { $ref: '#/definitions/d' } }))).toEqual([
      'anthropic-output-format-recursive',
    ]);
    expect(through({ type: 'array', items: { $ref: '#/definitions/d' } })).toEqual([
      'anthropic-output-format-recursive',
    ]);
  });

  it('a definition with definitions of its own: only references the root reaches count', () => {
    const schema = object(
      { a: { $ref: '#/$defs/outer' }, b: { $ref: '#/$defs/old' } },
      {
        $defs: {
          outer: { type: 'string', $defs: { inner: { $ref: '#/$defs/outer' } } },
          old: { type: 'string', definitions: { inner: { $ref: '#/$defs/old' } } },
        },
      },
    );
    expect(rules(schema)).toEqual([]);
  });

  it('a reference into another document, below a definition or not a string is not a reference to it', () => {
    const schema = object(
      {
        a: { $ref: 'other.json#/$defs/loop' },
        b: { $ref: '#/$defs/loop/items' },
        c: { $ref: ['#/$defs/loop'] },
        n: { type: 'integer', minimum: 1 },
      },
      { $defs: { loop: { type: 'array', items: { $ref: '#/$defs/loop' } } } },
    );
    expect(rules(schema)).toEqual([]);
  });

  it('a definition that is not a schema, or one named "undefined", is no trouble', () => {
    const schema = object(
      { a: { $ref: '#/$defs/empty' }, b: { type: 'string' } },
      {
        $defs: {
          empty: null,
          undefined: { $ref: '#/$defs/undefined' },
        },
      },
    );
    expect(rules(schema)).toEqual([]);
  });

  it('values that are not schemas (const, examples) are not searched for references', () => {
    expect(
      rules(
        object({
          c: { const: { $ref: '#' } },
          m: { const: { x: { $ref: '#' } } },
          e: { type: 'object', examples: [{ $ref: '#' }] },
        }),
      ),
    ).toEqual([]);
  });
});

describe('optional, union and enum counts', () => {
  it('a required that is not a list leaves every property optional', () => {
    const names = Array.from({ length: 25 }, (_, index) => `p${index}`);
    const schema = {
      type: 'object',
      properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
      required: 'p0',
    };
    expect(rules(schema)).toEqual(['anthropic-output-format-optional']);
  });

  it('required properties are not optional, however many', () => {
    const names = Array.from({ length: 30 }, (_, index) => `p${index}`);
    expect(
      rules({
        type: 'object',
        properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
        required: names,
      }),
    ).toEqual([]);
  });

  it('property schemas that are not objects are no unions', () => {
    const names = Array.from({ length: 17 }, (_, index) => `p${index}`);
    expect(
      rules({
        type: 'object',
        properties: Object.fromEntries(names.map((name) => [name, true])),
        required: names,
      }),
    ).toEqual([]);
    expect(rules(object({ a: null }))).toEqual([]);
  });

  it('a one-type list is no union; oneOf is', () => {
    const many = (property: unknown) =>
      object(Object.fromEntries(Array.from({ length: 17 }, (_, index) => [`u${index}`, property])));
    expect(rules(many({ type: ['string'] }))).toEqual([]);
    expect(rules(many({ oneOf: [{ type: 'string' }, { type: 'integer' }] }))).toEqual([
      'anthropic-output-format-unions',
    ]);
    expect(anthropicFormatObstacles(many({ type: ['string', 'integer'] }))).toEqual([
      {
        rule: 'anthropic-output-format-unions',
        reason: '17 properties with a union type in all (at most 16)',
      },
    ]);
  });

  it('every enum with an object value is named', () => {
    expect(
      anthropicFormatObstacles(
        object({ a: { enum: [{ x: 1 }] }, b: { enum: [null] }, c: { enum: ['x', [1]] } }),
      ),
    ).toEqual([
      {
        rule: 'anthropic-output-format-enum',
        reason: 'an enum with an object or array value at $.properties.a, $.properties.c',
      },
    ]);
  });

  it('the answer is remembered per frozen schema object and cannot be changed', () => {
    const schema = deepFreeze(object({ next: { $ref: '#' } }));
    const first = anthropicFormatObstacles(schema);
    expect(anthropicFormatObstacles(schema)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
  });

  it('a schema that is not frozen is read afresh: an edit since the last call is seen', () => {
    const schema = object({ name: { type: 'string' } });
    expect(anthropicFormatObstacles(schema)).toEqual([]);
    (schema.properties as Record<string, unknown>).next = { $ref: '#' };
    expect(anthropicFormatObstacles(schema).map((found) => found.rule)).toEqual([
      'anthropic-output-format-recursive',
    ]);
  });
});

describe('the native schema and the tool form', () => {
  it('formats are dropped wherever they are, and a format that is not a string is left alone', () => {
    const schema = {
      type: 'object',
      properties: {
        list: { type: 'array', items: { type: 'string', format: 'iri' } },
        odd: { type: 'string', format: 5 },
        link: { type: 'string', format: 'uri' },
      },
      required: ['list', 'odd', 'link'],
    };
    const made = anthropicNativeSchema(schema);
    expect(made).toEqual({
      schema: {
        type: 'object',
        properties: {
          list: { type: 'array', items: { type: 'string' } },
          odd: { type: 'string', format: 5 },
          link: { type: 'string', format: 'uri' },
        },
        required: ['list', 'odd', 'link'],
        additionalProperties: false,
      },
      droppedFormats: ['$.properties.list.items (iri)'],
    });
    // Not frozen: made afresh (the same answer); a frozen schema's is remembered.
    expect(anthropicNativeSchema(schema)).not.toBe(made);
    expect(anthropicNativeSchema(schema)).toEqual(made);
    const frozen = deepFreeze(structuredClone(schema));
    expect(anthropicNativeSchema(frozen)).toBe(anthropicNativeSchema(frozen));
  });

  it('a root with allOf, no type and no properties, or properties that are not a map is wrapped', () => {
    expect(wrapsRoot({ type: 'object', allOf: [{ type: 'object' }] })).toBe(true);
    expect(wrapsRoot({})).toBe(true);
    expect(wrapsRoot({ properties: true })).toBe(true);
    expect(wrapsRoot({ type: 'array', properties: {}, items: {} })).toBe(true);
    expect(wrapsRoot({ type: 'object', anyOf: [{ required: ['a'] }, { required: ['b'] }] })).toBe(
      true,
    );
  });

  it('the wrapped root takes definitions up and leaves $schema and $id behind', () => {
    expect(wrappedRootSchema({ type: 'string' })).toStrictEqual({
      type: 'object',
      properties: { value: { type: 'string' } },
      required: ['value'],
      additionalProperties: false,
    });
    expect(
      wrappedRootSchema({
        $id: 'https://example.com/stops',
        anyOf: [{ $ref: '#/definitions/stop' }, { type: 'null' }],
        definitions: { stop: { type: 'string' } },
      }),
    ).toStrictEqual({
      type: 'object',
      properties: { value: { anyOf: [{ $ref: '#/definitions/stop' }, { type: 'null' }] } },
      required: ['value'],
      additionalProperties: false,
      definitions: { stop: { type: 'string' } },
    });
  });
});
