// The structured-output request checked against the official SDKs' own helpers, which this
// project did not write (issue 38, item 6): for five schemas (flat, nested, optional, unions,
// recursive), what the engine sends equals what the helper builds, or differs in one of the
// listed, documented ways (docs/design-notes/structured-output.md, "Checked against oracles"):
// - openai-node `zodResponseFormat` / `zodTextFormat` (openai 6.49): the helper keeps `$schema`
//   and writes draft-07 `definitions`; Crosswire sends no `$schema` and keeps `$defs` (OpenAI
//   takes both). For an optional property the helper throws (strict mode needs every property
//   required); Crosswire sends it required and nullable, and reads a null back as absent.
// - @anthropic-ai/sdk `zodOutputFormat` (its `transformJSONSchema`, 1.15): the helper writes
//   the keywords output_config.format does not take (numeric bounds) into the description;
//   Crosswire leaves them out (the reply is validated against them). The helper drops `type`
//   beside an `enum`; Crosswire keeps it. For a recursive schema the helper sends
//   output_config.format, which the API refuses ("Circular reference detected in schema
//   definitions", egonSchiele/agency-lang#487); Crosswire sends the synthetic tool.
import { zodOutputFormat } from '@anthropic-ai/sdk/helpers/zod';
import { zodResponseFormat, zodTextFormat } from 'openai/helpers/zod';
import { afterAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createEngine, type Engine } from '../src/engine/engine.js';

type Json = Record<string, unknown>;

interface Node {
  name: string;
  children: Node[];
}
const TreeNode: z.ZodType<Node> = z.lazy(() =>
  z.object({ name: z.string(), children: z.array(TreeNode) }),
);
const SCHEMAS = {
  flat: z.object({ city: z.string(), days: z.number().int() }),
  nested: z.object({
    trip: z.object({ city: z.string(), stops: z.array(z.object({ name: z.string() })) }),
  }),
  optional: z.object({ city: z.string(), days: z.number().int().optional() }),
  unions: z.object({ value: z.union([z.string(), z.number()]), kind: z.enum(['a', 'b']) }),
  recursive: z.object({ root: TreeNode }),
};
type Case = keyof typeof SCHEMAS;

const engines: Engine[] = [];
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.close()));
});

async function sent(provider: string, model: string, schema: z.ZodType): Promise<Json> {
  const engine = createEngine({
    provider,
    model,
    apiKey: 'k',
    discover: false,
    baseUrl: 'http://127.0.0.1:9',
    onWarning: (warning) => {
      throw new Error(`unexpected warning ${warning.code}`);
    },
  });
  engines.push(engine);
  return engine.buildRequest('Plan', { output: { name: 'out', schema } });
}

/** A JSON value with every object's keys sorted, for comparing by value. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sorted((value as Json)[key])]),
  );
}

/** openai-node's helper output with the listed differences applied: no `$schema`, `$defs`. */
function asCrosswireSendsOpenAi(schema: Json): Json {
  const text = JSON.stringify(schema).replaceAll('#/definitions/', '#/$defs/');
  const { $schema: _dialect, definitions, ...rest } = JSON.parse(text) as Json;
  return definitions === undefined ? rest : { ...rest, $defs: definitions };
}

/** The Anthropic helper's output with the listed differences applied. */
function asCrosswireSendsAnthropic(node: unknown, original: unknown): unknown {
  if (Array.isArray(node))
    return node.map((item, index) =>
      asCrosswireSendsAnthropic(item, (original as unknown[])[index]),
    );
  if (typeof node !== 'object' || node === null) return node;
  const source = (original ?? {}) as Json;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    // the helper's description of keywords it could not send
    if (key === 'description' && typeof value === 'string' && /^\{.*\}$/.test(value)) continue;
    out[key] = asCrosswireSendsAnthropic(value, source[key]);
  }
  if (Array.isArray(out.enum) && out.type === undefined && source.type !== undefined) {
    out.type = source.type;
  }
  return out;
}

describe('openai: zodResponseFormat and zodTextFormat as oracles', () => {
  const cases: Case[] = ['flat', 'nested', 'unions', 'recursive'];
  it.each(cases)('%s: the same json_schema format, up to the listed differences', async (name) => {
    const schema = SCHEMAS[name];
    const helper = zodResponseFormat(schema, 'out');
    const chat = await sent('openai', 'gpt-6.1-sol', schema);
    expect(sorted(chat.response_format)).toEqual(
      sorted({
        type: 'json_schema',
        json_schema: {
          name: 'out',
          strict: true,
          schema: asCrosswireSendsOpenAi(helper.json_schema.schema as Json),
        },
      }),
    );
    const text = zodTextFormat(schema, 'out');
    const responses = await sent('openai-responses', 'gpt-6.1-sol', schema);
    expect(sorted((responses.text as Json).format)).toEqual(
      sorted({
        type: 'json_schema',
        name: 'out',
        strict: true,
        schema: asCrosswireSendsOpenAi(text.schema as Json),
      }),
    );
  });

  it('optional: the helper refuses; Crosswire sends it required and nullable', async () => {
    expect(() => zodResponseFormat(SCHEMAS.optional, 'out')).toThrow(/optional\(\)/);
    const chat = await sent('openai', 'gpt-6.1-sol', SCHEMAS.optional);
    expect(((chat.response_format as Json).json_schema as Json).schema).toEqual({
      type: 'object',
      properties: {
        city: { type: 'string' },
        days: { type: ['integer', 'null'], minimum: -9007199254740991, maximum: 9007199254740991 },
      },
      required: ['city', 'days'],
      additionalProperties: false,
    });
  });
});

describe('anthropic: zodOutputFormat (transformJSONSchema) as the oracle', () => {
  const cases: Case[] = ['flat', 'nested', 'optional', 'unions'];
  it.each(cases)(
    '%s: the same output_config.format, up to the listed differences',
    async (name) => {
      const schema = SCHEMAS[name];
      const helper = zodOutputFormat(schema);
      const body = await sent('anthropic', 'claude-sonnet-5-5', schema);
      expect(sorted((body.output_config as Json).format)).toEqual(
        sorted({
          type: 'json_schema',
          schema: asCrosswireSendsAnthropic(helper.schema, z.toJSONSchema(schema)),
        }),
      );
    },
  );

  it('recursive: the helper sends output_config.format, which the API refuses; Crosswire the tool form', async () => {
    const helper = zodOutputFormat(SCHEMAS.recursive);
    expect(JSON.stringify(helper.schema)).toContain('"$ref":"#/$defs/__schema0"');
    const heard: string[] = [];
    const engine = createEngine({
      provider: 'anthropic',
      model: 'claude-sonnet-5-5',
      apiKey: 'k',
      discover: false,
      baseUrl: 'http://127.0.0.1:9',
      onWarning: (warning) => heard.push(warning.code),
    });
    engines.push(engine);
    const body = await engine.buildRequest('Plan', {
      output: { name: 'out', schema: SCHEMAS.recursive },
    });
    expect(body.output_config).toBeUndefined();
    expect(sorted((body.tools as Json[])[0]?.input_schema)).toEqual(
      sorted(
        asCrosswireSendsOpenAi(
          zodResponseFormat(SCHEMAS.recursive, 'out').json_schema.schema as Json,
        ),
      ),
    );
    expect(heard).toEqual(['structured_output_mechanism']);
  });
});
