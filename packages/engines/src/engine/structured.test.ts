// The `output` option made ready, beside the code: the option checks with their exact errors,
// the request the dialects send (defaults named in the TSDoc), the reply's parse and check (JSON
// Schema and zod), the tool name a turn gets when one of its tools already takes the output's,
// and the texts of the errors and of the repair prompt. Every expected value is written by hand.
import { type CrosswireWarning, deepFreeze } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import {
  checkStructured,
  invalidOutputError,
  outputRequest,
  refusedOutputError,
  repairPrompt,
  resolveOutput,
  StructuredOutputError,
} from './structured.js';

const CITY = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
} as const;

describe('resolveOutput: the option checks', () => {
  it.each([
    [
      'no schema',
      { schema: undefined },
      'output.schema',
      'output.schema must be a zod schema or a JSON Schema object',
    ],
    [
      'a schema that is a string',
      { schema: 'x' },
      'output.schema',
      'output.schema must be a zod schema or a JSON Schema object',
    ],
    [
      'an empty name',
      { schema: CITY, name: '' },
      'output.name',
      `output.name "" must be 1 to 64 letters, digits, '_' or '-' (the providers' rule for a format or tool name)`,
    ],
    [
      'a name of 65 characters',
      { schema: CITY, name: 'a'.repeat(65) },
      'output.name',
      `output.name "${'a'.repeat(65)}" must be 1 to 64 letters, digits, '_' or '-' (the providers' rule for a format or tool name)`,
    ],
    [
      'a name with a space',
      { schema: CITY, name: 'my answer' },
      'output.name',
      `output.name "my answer" must be 1 to 64 letters, digits, '_' or '-' (the providers' rule for a format or tool name)`,
    ],
    [
      'a name with a dot inside',
      { schema: CITY, name: 'a.b' },
      'output.name',
      `output.name "a.b" must be 1 to 64 letters, digits, '_' or '-' (the providers' rule for a format or tool name)`,
    ],
    [
      'repair -1',
      { schema: CITY, repair: -1 },
      'output.repair',
      'output.repair must be a whole number ≥ 0, got -1',
    ],
    [
      'repair 1.5',
      { schema: CITY, repair: 1.5 },
      'output.repair',
      'output.repair must be a whole number ≥ 0, got 1.5',
    ],
  ] as const)('%s', (_name, option, path, message) => {
    expect(() => resolveOutput(option as never)).toThrow(
      expect.objectContaining({ code: 'invalid_output', path, message }),
    );
  });

  it("a zod schema JSON Schema cannot express: invalid_output, with zod's reason", () => {
    expect(() => resolveOutput({ schema: z.object({ when: z.date() }) })).toThrow(
      expect.objectContaining({
        code: 'invalid_output',
        path: 'output.schema',
        message: expect.stringMatching(/^output\.schema cannot be used: ./),
      }),
    );
  });

  it('a name of 64 letters, digits, _ and - is taken; repair 0 is taken', () => {
    const name = `${'a'.repeat(60)}_-9Z`;
    expect(resolveOutput({ schema: CITY, name, repair: 0 }).request.name).toBe(name);
  });
});

describe('resolveOutput: the request and its defaults', () => {
  it('defaults: name response, strict true, repair 0, no description; the schema a copy', () => {
    const schema = { ...CITY };
    const resolved = resolveOutput({ schema });
    expect(resolved.request).toStrictEqual({ name: 'response', schema: CITY, strict: true });
    expect(resolved.request.schema).not.toBe(schema);
    expect(resolved.repair).toBe(0);
  });

  it('as given: name, description, strict false, repair 2', () => {
    const resolved = resolveOutput({
      schema: CITY,
      name: 'weather',
      description: 'The city asked about',
      strict: false,
      repair: 2,
    });
    expect(resolved.request).toStrictEqual({
      name: 'weather',
      description: 'The city asked about',
      schema: CITY,
      strict: false,
    });
    expect(resolved.repair).toBe(2);
  });

  it('once per option object whose schema cannot change: the same resolution again', () => {
    const frozen = { schema: deepFreeze(structuredClone(CITY)) };
    expect(resolveOutput(frozen)).toBe(resolveOutput(frozen));
    const zod = { schema: z.object({ city: z.string() }) };
    expect(resolveOutput(zod)).toBe(resolveOutput(zod));
    expect(resolveOutput({ schema: CITY })).not.toBe(resolveOutput({ schema: CITY }));
  });

  it('reads a JSON Schema edited in place, and the option fields changed since, afresh', async () => {
    const schema = structuredClone(CITY) as unknown as {
      properties: Record<string, unknown>;
      required: string[];
    };
    const option: { schema: Record<string, unknown>; name?: string } = { schema };
    const before = resolveOutput(option);
    schema.properties.days = { type: 'integer' };
    schema.required = ['city', 'days'];
    const after = resolveOutput(option);
    // What is sent and what the reply is checked against both follow the edit...
    expect(after.request.schema).toEqual({
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'integer' } },
      required: ['city', 'days'],
    });
    expect(await after.validate({ city: 'Oslo' })).toEqual({
      ok: false,
      issues: [{ path: '$.days', message: 'required property is missing' }],
    });
    // ...and the first resolution kept its own frozen copy, sent and checked alike.
    expect(before.request.schema).toEqual(CITY);
    expect(Object.isFrozen(before.request.schema)).toBe(true);
    expect(await before.validate({ city: 'Oslo' })).toEqual({ ok: true, value: { city: 'Oslo' } });
    const frozen: { schema: Record<string, unknown>; name?: string } = {
      schema: deepFreeze(structuredClone(CITY)),
    };
    const first = resolveOutput(frozen);
    frozen.name = 'trip';
    expect(resolveOutput(frozen).request.name).toBe('trip');
    expect(first.request.name).toBe('response');
  });

  it('a zod schema goes as its JSON Schema', () => {
    expect(resolveOutput({ schema: z.object({ city: z.string() }) }).request.schema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
      additionalProperties: false,
    });
  });

  it('onWarning hears of a pattern the linear-time engine cannot run, at the first check', async () => {
    const warnings: CrosswireWarning[] = [];
    const resolved = resolveOutput({ schema: { type: 'string', pattern: '(?=a)' } }, (warning) =>
      warnings.push(warning),
    );
    await resolved.validate('b');
    expect(warnings.map((warning) => warning.code)).toEqual(['output_pattern_unchecked']);
  });
});

describe('checkStructured', () => {
  it('JSON Schema: the value, or the issues', async () => {
    const resolved = resolveOutput({ schema: CITY });
    expect(await checkStructured(resolved, { text: '{"city":"Oslo"}' })).toEqual({
      ok: true,
      value: { city: 'Oslo' },
    });
    expect(await checkStructured(resolved, { text: '{"city":1}' })).toEqual({
      ok: false,
      issues: [{ path: '$.city', message: 'expected string, got integer' }],
    });
  });

  it('a value the wire gave is used as it is, not parsed from the text', async () => {
    const resolved = resolveOutput({ schema: CITY });
    expect(await checkStructured(resolved, { text: 'not json', value: { city: 'Oslo' } })).toEqual({
      ok: true,
      value: { city: 'Oslo' },
    });
  });

  it("text that is not JSON: one issue at $ with the parser's reason", async () => {
    const checked = await checkStructured(resolveOutput({ schema: CITY }), { text: '{"city":' });
    expect(checked).toEqual({
      ok: false,
      issues: [{ path: '$', message: expect.stringMatching(/^not JSON: ./) }],
    });
  });

  it('a reply nested deeper than 256 levels: one issue, before any check', async () => {
    let value: unknown = 1;
    for (let level = 0; level < 300; level++) value = [value];
    expect(await checkStructured(resolveOutput({ schema: {} }), { text: '', value })).toEqual({
      ok: false,
      issues: [{ path: '$', message: 'nests deeper than 256 levels' }],
    });
  });

  it('zod: its output (defaults applied), or its issues with their paths', async () => {
    const resolved = resolveOutput({
      schema: z.object({ days: z.array(z.number()), unit: z.string().default('C') }),
    });
    expect(await checkStructured(resolved, { text: '{"days":[1,2]}' })).toEqual({
      ok: true,
      value: { days: [1, 2], unit: 'C' },
    });
    expect(await checkStructured(resolved, { text: '{"days":[1,"x"],"unit":"F"}' })).toEqual({
      ok: false,
      issues: [{ path: '$.days[1]', message: 'Invalid input: expected number, received string' }],
    });
  });
});

describe('outputRequest', () => {
  const resolved = () => resolveOutput({ schema: CITY, name: 'answer' });
  const tool = (name: string) => ({ name, description: 'x', inputSchema: { type: 'object' } });

  it('no tools, or tools of other names: the resolved request itself', () => {
    const ready = resolved();
    expect(outputRequest(ready, undefined, 'anthropic')).toBe(ready.request);
    expect(outputRequest(ready, [], 'anthropic')).toBe(ready.request);
    expect(outputRequest(ready, [tool('search')], 'anthropic')).toBe(ready.request);
  });

  it('a tool already named like the output: the output gets a tool name of its own', () => {
    const request = outputRequest(resolved(), [tool('answer')], 'anthropic');
    expect(request).toEqual({
      name: 'answer',
      schema: CITY,
      strict: true,
      toolName: 'answer_output',
    });
  });
});

describe('the errors and the repair prompt', () => {
  const issues = (count: number) =>
    Array.from({ length: count }, (_, index) => ({ path: `$[${index}]`, message: 'bad' }));

  it('invalid: five issues named, the rest counted, the attempts when more than one', () => {
    const error = invalidOutputError('answer', '[]', issues(7), 3);
    expect(error).toBeInstanceOf(StructuredOutputError);
    expect(error).toMatchObject({
      code: 'structured_output_invalid',
      message:
        'the reply does not match output "answer" after 3 attempts: $[0]: bad; $[1]: bad; $[2]: bad; $[3]: bad; $[4]: bad (and 2 more)',
      text: '[]',
      refusal: undefined,
      details: { text: '[]', issues: issues(7), refusal: undefined },
    });
    expect(error.issues).toEqual(issues(7));
    expect(invalidOutputError('answer', 'x', issues(5), 1).message).toBe(
      'the reply does not match output "answer": $[0]: bad; $[1]: bad; $[2]: bad; $[3]: bad; $[4]: bad',
    );
  });

  it('refused: the reason, or that none was given', () => {
    expect(refusedOutputError('answer', 'I cannot help with that.')).toMatchObject({
      code: 'structured_output_refused',
      message: 'the model refused to give output "answer": I cannot help with that.',
      text: '',
      issues: [],
      refusal: 'I cannot help with that.',
      details: { text: '', issues: [], refusal: 'I cannot help with that.' },
    });
    expect(refusedOutputError('answer', '').message).toBe(
      'the model refused to give output "answer": (no reason given)',
    );
  });

  it('the repair prompt names at most twenty issues', () => {
    const named = issues(20)
      .map((issue) => `${issue.path}: bad`)
      .join('; ');
    expect(repairPrompt(issues(21))).toBe(
      `Your answer does not match the required JSON schema: ${named}. Answer again with only the corrected JSON.`,
    );
  });
});
