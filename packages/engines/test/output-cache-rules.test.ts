// Structured output and prompt caching that the providers accept (issue 38): every request the
// issue lists as going out today and refused by the provider is, against the strict simulator
// (which enforces the same rule catalogue, with the registry's request features), repaired,
// sent by another mechanism, or refused before sending, with a warning or an error that names
// the rule. Each case quotes the provider's 400 where one is public.
import { type CrosswireWarning, createToolCall } from '@crosswire/core';
import { PreflightRefusedError } from '@crosswire/dialects';
import { defaultRegistry } from '@crosswire/registry';
import { type Simulator, type SimulatorStep, startSimulator } from '@crosswire/simulator';
import { ToolResult } from '@crosswire/tool-result';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { modelRequestFeatures } from '../src/engine/model-settings.js';

let simulator: Simulator;
const engines: Engine[] = [];

beforeAll(async () => {
  simulator = await startSimulator({
    modelFeatures: (model, provider) =>
      modelRequestFeatures(defaultRegistry.resolve({ provider: provider ?? 'anthropic', model })),
  });
});
afterAll(async () => {
  await simulator.close();
  await Promise.all(engines.map((engine) => engine.close()));
});

type Json = Record<string, unknown>;

function engineFor(
  lane: string,
  provider: string,
  model: string,
  heard: CrosswireWarning[],
  extra: Partial<Parameters<typeof createEngine>[0]> = {},
) {
  const wire = defaultRegistry.resolve({ provider, model }).wire ?? 'openai';
  const engine = createEngine({
    provider,
    model,
    apiKey: 'k',
    baseUrl: simulator.baseUrl(wire, lane),
    retry: { maxRetries: 0 },
    discover: false,
    onWarning: (warning) => heard.push(warning),
    ...extra,
  });
  engines.push(engine);
  return engine;
}

/** The warnings heard, as `code rule`. */
const said = (heard: readonly CrosswireWarning[]) =>
  heard.map((warning) => `${warning.code} ${String((warning.details as Json | undefined)?.rule)}`);

/** The one request of a lane: its status and body. */
function sent(lane: string, index = 0) {
  const request = simulator.received(lane)[index];
  return { status: request?.status, body: (request?.body ?? {}) as Json };
}

const object = (value: unknown): SimulatorStep => ({ type: 'object', value });

describe('OpenAI and Responses strict mode', () => {
  it('an output array without items gets items: {} and goes with strict: false', async () => {
    const heard: CrosswireWarning[] = [];
    simulator.script('strict-items', [object({ stops: ['Oslo'] })]);
    const reply = await engineFor('strict-items', 'openai', 'gpt-6.1-sol', heard).chat('Plan', {
      output: {
        name: 'trip',
        schema: {
          type: 'object',
          properties: { stops: { type: 'array' } },
          required: ['stops'],
          additionalProperties: false,
        },
      },
    });
    expect(reply.object).toEqual({ stops: ['Oslo'] });
    const { status, body } = sent('strict-items');
    expect(status).toBe(200);
    expect(body.response_format).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'trip',
        schema: {
          type: 'object',
          properties: { stops: { type: 'array', items: {} } },
          required: ['stops'],
          additionalProperties: false,
        },
        strict: false,
      },
    });
    expect(said(heard)).toEqual([
      'structured_output_repaired openai-structured-array-items',
      'structured_output_not_strict openai-structured-strict-schema',
    ]);
    expect(((heard[1]?.details ?? {}) as Json).reasons).toEqual([
      "$.properties.stops.items: schema must have a 'type' key",
    ]);
  });

  const closed = (properties: Json) => ({
    type: 'object',
    properties,
    required: Object.keys(properties),
    additionalProperties: false,
  });
  const values = (count: number, width: number, prefix: string) =>
    Array.from({ length: count }, (_, index) => `${prefix}${String(index).padStart(width, '0')}`);

  it.each([
    [
      'two enums of 600 values (1,000 in all)',
      closed({
        a: { type: 'string', enum: values(600, 3, 'a') },
        b: { type: 'string', enum: values(600, 3, 'b') },
      }),
      '1200 enum values in all (at most 1000)',
    ],
    [
      'one enum of 300 values and 18,000 characters (15,000 above 250 values)',
      closed({ a: { type: 'string', enum: values(300, 59, 'x') } }),
      '$.properties.a: an enum of more than 250 values has 18000 characters (at most 15000)',
    ],
    [
      '130,000 characters of names and enum values (120,000 in all)',
      closed(Object.fromEntries(values(130, 999, 'p').map((name) => [name, { type: 'string' }]))),
      '130000 characters of property names, definition names, enum and const values in all (at most 120000)',
    ],
  ])('%s: strict: false, with the limit named', async (_case, schema, reason) => {
    const heard: CrosswireWarning[] = [];
    const lane = `strict-limit-${reason.length}`;
    simulator.script(lane, [{ type: 'text', text: '{}' }]);
    await engineFor(lane, 'openai-responses', 'gpt-6.1-sol', heard)
      .chat('Plan', { output: { name: 'big', schema } })
      .catch(() => undefined);
    const { status, body } = sent(lane);
    expect(status).toBe(200);
    expect(((body.text as Json).format as Json).strict).toBe(false);
    expect(said(heard)).toEqual([
      'structured_output_not_strict responses-structured-strict-schema',
    ]);
    expect(((heard[0]?.details ?? {}) as Json).reasons).toEqual([reason]);
  });
});

describe('an OpenAI model without json_schema (gpt-4o-2024-05-13): JSON mode and the schema prompt', () => {
  it.each([
    ['openai', 'response_format'],
    ['openai-responses', 'text'],
  ] as const)('%s', async (provider, field) => {
    const heard: CrosswireWarning[] = [];
    const lane = `prompt-mode-${provider}`;
    simulator.script(lane, [object({ city: 'Oslo' })]);
    const engine = engineFor(lane, provider, 'gpt-4o-2024-05-13', heard);
    expect(engine.structuredOutput().mechanism).toBe('prompt');
    const reply = await engine.chat('Plan', {
      output: {
        name: 'trip',
        schema: { type: 'object', properties: { city: { type: 'string' } } },
      },
    });
    expect(reply.object).toEqual({ city: 'Oslo' });
    const { status, body } = sent(lane);
    expect(status).toBe(200);
    expect(field === 'text' ? (body.text as Json).format : body.response_format).toEqual({
      type: 'json_object',
    });
    expect(JSON.stringify(body)).toContain("Here's the json schema you must adhere to");
    expect(heard.map((warning) => warning.code)).toEqual(['model_retired']);
  });
});

describe('prompt_cache_key longer than 64 characters', () => {
  const long = `loop-${'x'.repeat(95)}`;

  it('is sent as a 64-character key derived by SHA-256, with a warning', async () => {
    const heard: CrosswireWarning[] = [];
    simulator.script('cache-key', [{ type: 'text', text: 'ok' }]);
    await engineFor('cache-key', 'openai', 'gpt-6.1-sol', heard).chat('Hi', {
      promptCache: { key: long },
    });
    const { status, body } = sent('cache-key');
    expect(status).toBe(200);
    // 47 characters, "-", the first 16 hex digits of SHA-256 (node:crypto gives 49b1cdde82793246)
    expect(body.prompt_cache_key).toBe(`loop-${'x'.repeat(42)}-49b1cdde82793246`);
    expect(said(heard)).toEqual(['prompt_cache_key_shortened openai-prompt-cache-key-length']);
  });

  it('a long key through extra is refused before sending; without preflight the simulator quotes the 400', async () => {
    const heard: CrosswireWarning[] = [];
    const engine = engineFor('cache-key-extra', 'openai', 'gpt-6.1-sol', heard);
    const refused = await engine
      .chat('Hi', { extra: { prompt_cache_key: long } })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PreflightRefusedError);
    expect((refused as PreflightRefusedError).rule).toBe('openai-prompt-cache-key-length');
    expect(simulator.received('cache-key-extra')).toEqual([]);
    const lenient = engineFor('cache-key-extra', 'openai', 'gpt-6.1-sol', heard, {
      preflight: false,
    });
    const error = await lenient
      .chat('Hi', { extra: { prompt_cache_key: long } })
      .catch((failure: unknown) => failure);
    expect(String(error)).toContain(
      "Invalid 'prompt_cache_key': string too long. Expected a string with maximum length 64",
    );
    expect(heard).toEqual([]);
  });
});

describe('Anthropic output_config.format with schemas it refuses: the tool form', () => {
  const node = {
    type: 'object',
    properties: {
      name: { type: 'string' },
      children: { type: 'array', items: { $ref: '#/$defs/node' } },
    },
    required: ['name', 'children'],
  };
  const optional = (count: number) => ({
    type: 'object',
    properties: Object.fromEntries(
      Array.from({ length: count }, (_, index) => [`p${index}`, { type: 'string' }]),
    ),
  });
  const unions = (count: number) => {
    const names = Array.from({ length: count }, (_, index) => `u${index}`);
    return {
      type: 'object',
      properties: Object.fromEntries(names.map((name) => [name, { type: ['string', 'null'] }])),
      required: names,
    };
  };
  it.each([
    [
      'recursive $defs',
      {
        type: 'object',
        properties: { root: { $ref: '#/$defs/node' } },
        required: ['root'],
        $defs: { node },
      },
      'anthropic-output-format-recursive',
    ],
    ['25 optional properties', optional(25), 'anthropic-output-format-optional'],
    ['17 union-typed properties', unions(17), 'anthropic-output-format-unions'],
    [
      'an enum of objects',
      { type: 'object', properties: { at: { enum: [{ x: 1 }, { x: 2 }] } }, required: ['at'] },
      'anthropic-output-format-enum',
    ],
  ])('%s: the synthetic tool carries it, with the rule named', async (_case, schema, rule) => {
    const heard: CrosswireWarning[] = [];
    const lane = `anthropic-${rule}`;
    simulator.script(lane, [{ type: 'text', text: 'unused' }]);
    await engineFor(lane, 'anthropic', 'claude-sonnet-5-5', heard)
      .chat('Plan', { output: { name: 'plan', schema } })
      .catch(() => undefined);
    const { status, body } = sent(lane);
    expect(status).toBe(200);
    expect(body.output_config).toBeUndefined();
    expect(body.tool_choice).toEqual({ type: 'tool', name: 'plan' });
    expect((body.tools as Json[]).map((tool) => tool.name)).toEqual(['plan']);
    expect(said(heard)).toEqual([`structured_output_mechanism ${rule}`]);
  });

  it("a string format output_config does not keep ('uri-reference') is left out, with a warning", async () => {
    const heard: CrosswireWarning[] = [];
    simulator.script('anthropic-format', [object({ link: 'https://example.com/a' })]);
    const reply = await engineFor('anthropic-format', 'anthropic', 'claude-sonnet-5-5', heard).chat(
      'Link',
      {
        output: {
          name: 'link',
          schema: {
            type: 'object',
            properties: {
              link: { type: 'string', format: 'uri-reference' },
              at: { type: 'string', format: 'date' },
            },
            required: ['link'],
          },
        },
      },
    );
    expect(reply.object).toEqual({ link: 'https://example.com/a' });
    expect(((sent('anthropic-format').body.output_config as Json).format as Json).schema).toEqual({
      type: 'object',
      properties: { link: { type: 'string' }, at: { type: 'string', format: 'date' } },
      required: ['link'],
      additionalProperties: false,
    });
    expect(said(heard)).toEqual([
      'structured_output_repaired anthropic-output-format-string-format',
    ]);
  });
});

describe('Anthropic models matched by name, not by a date read as a version', () => {
  it.each(['claude-sonnet-4-20250514', 'claude-opus-4-20250514', 'claude-sonnet-4-0'])(
    '%s gets the tool form, as its alias does',
    async (model) => {
      const heard: CrosswireWarning[] = [];
      const lane = `by-name-${model}`;
      simulator.script(lane, [object({ city: 'Oslo' })]);
      const engine = engineFor(lane, 'anthropic', model, heard);
      expect(engine.structuredOutput().mechanism).toBe('tool');
      const reply = await engine.chat('Plan', {
        output: {
          name: 'trip',
          schema: { type: 'object', properties: { city: { type: 'string' } } },
        },
      });
      expect(reply.object).toEqual({ city: 'Oslo' });
      expect(sent(lane).body.output_config).toBeUndefined();
      // All three were retired on 2026-06-15: they still resolve, with the warning.
      expect(heard.map((warning) => warning.code)).toEqual(['model_retired']);
    },
  );

  it('forcing output_config on claude-sonnet-4-20250514 is refused before sending (the quoted 400)', async () => {
    const heard: CrosswireWarning[] = [];
    const engine = engineFor('by-name-forced', 'anthropic', 'claude-sonnet-4-20250514', heard, {
      dialect: { structuredOutput: 'native' },
    });
    const error = await engine
      .chat('Plan', { output: { name: 'trip', schema: { type: 'object', properties: {} } } })
      .catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PreflightRefusedError);
    expect((error as PreflightRefusedError).rule).toBe('anthropic-output-format-model');
    expect(String(error)).toContain('output_config.format: Extra inputs are not permitted');
    expect(heard.map((warning) => warning.code)).toEqual(['model_retired']);
  });
});

describe('the Anthropic tool form done right', () => {
  const TOOL = { name: 'trip', inputSchema: { type: 'object', properties: {} } };

  it('thinking on: tool_choice auto, the reply read and validated as usual', async () => {
    const heard: CrosswireWarning[] = [];
    simulator.script('tool-thinking', [object({ city: 'Oslo' })]);
    const reply = await engineFor('tool-thinking', 'anthropic', 'claude-3-7-sonnet', heard).chat(
      'Plan',
      {
        output: {
          name: 'trip',
          schema: { type: 'object', properties: { city: { type: 'string' } } },
        },
        extra: { thinking: { type: 'enabled', budget_tokens: 1024 } },
      },
    );
    expect(reply.object).toEqual({ city: 'Oslo' });
    const { status, body } = sent('tool-thinking');
    expect(status).toBe(200);
    expect(body.tool_choice).toEqual({ type: 'auto' });
    expect(said(heard)).toEqual(['tool_choice_relaxed anthropic-thinking-forced-tool-choice']);
  });

  it('an output named like a user tool goes as a tool of its own name', async () => {
    const heard: CrosswireWarning[] = [];
    simulator.script('tool-collide', [
      { type: 'tool_calls', calls: [{ name: 'trip_output', arguments: { city: 'Oslo' } }] },
    ]);
    const reply = await engineFor('tool-collide', 'anthropic', 'claude-3-7-sonnet', heard).chat(
      'Plan',
      {
        tools: [TOOL],
        output: {
          name: 'trip',
          schema: { type: 'object', properties: { city: { type: 'string' } } },
        },
      },
    );
    expect(reply.object).toEqual({ city: 'Oslo' });
    expect(reply.toolCalls).toEqual([]);
    const { status, body } = sent('tool-collide');
    expect(status).toBe(200);
    expect((body.tools as Json[]).map((tool) => tool.name)).toEqual(['trip', 'trip_output']);
    expect(body.tool_choice).toEqual({ type: 'any' });
    expect(said(heard)).toEqual(['output_tool_renamed anthropic-tool-names-unique']);
  });

  it('an array root rides in a value property and comes back unwrapped', async () => {
    const heard: CrosswireWarning[] = [];
    simulator.script('tool-array', [
      { type: 'tool_calls', calls: [{ name: 'cities', arguments: { value: ['Oslo', 'Bergen'] } }] },
    ]);
    const reply = await engineFor('tool-array', 'anthropic', 'claude-3-7-sonnet', heard).chat(
      'List',
      { output: { name: 'cities', schema: { type: 'array', items: { type: 'string' } } } },
    );
    expect(reply.object).toEqual(['Oslo', 'Bergen']);
    expect((sent('tool-array').body.tools as Json[])[0]?.input_schema).toEqual({
      type: 'object',
      properties: { value: { type: 'array', items: { type: 'string' } } },
      required: ['value'],
      additionalProperties: false,
    });
    expect(heard).toEqual([]);
  });

  it("toolChoice 'required' on claude-fable-5-1 goes as auto, with the rule named", async () => {
    const heard: CrosswireWarning[] = [];
    simulator.script('tool-fable', [{ type: 'text', text: 'ok' }]);
    await engineFor('tool-fable', 'anthropic', 'claude-fable-5-1', heard).chat('Go', {
      tools: [TOOL],
      toolChoice: 'required',
    });
    const { status, body } = sent('tool-fable');
    expect(status).toBe(200);
    expect(body.tool_choice).toEqual({ type: 'auto' });
    expect(said(heard)).toEqual(['tool_choice_relaxed anthropic-forced-tool-choice-model']);
  });
});

describe('Anthropic cache TTLs: longer lifetimes first', () => {
  const call = createToolCall({
    id: 'toolu_1',
    name: 'read',
    arguments: '{}',
    raw: {},
    wire: 'anthropic',
  });
  const conversation = (ttl: '5m' | '1h') => [
    { role: 'system' as const, content: `Rules. ${'Be exact. '.repeat(600)}` },
    { role: 'user' as const, content: `Read it. ${'Context. '.repeat(600)}` },
    { role: 'assistant' as const, content: '', toolCalls: [call] },
    {
      role: 'tool' as const,
      results: [
        new ToolResult({
          name: 'read',
          id: 'toolu_1',
          content: [
            {
              type: 'text',
              text: `The file. ${'Line. '.repeat(600)}`,
              cache_control: { type: 'ephemeral', ...(ttl === '1h' ? { ttl } : {}) },
            },
          ],
        }),
      ],
    },
  ];
  const ttls = (body: Json) =>
    JSON.stringify(body)
      .match(/"cache_control":\{[^}]*\}/g)
      ?.map((marker) => (marker.includes('"1h"') ? '1h' : '5m'));

  it("promptCache { ttl: '1h' } around a tool result's own 5m marker: the 5m one is raised", async () => {
    const heard: CrosswireWarning[] = [];
    simulator.script('ttl-1h', [{ type: 'text', text: 'ok' }]);
    await engineFor('ttl-1h', 'anthropic', 'claude-sonnet-5-5', heard).chat(conversation('5m'), {
      promptCache: { ttl: '1h' },
    });
    const { status, body } = sent('ttl-1h');
    expect(status).toBe(200);
    expect(ttls(body)).toEqual(['1h', '1h', '1h', '1h']);
    expect(said(heard)).toEqual(['prompt_cache_ttl_raised anthropic-cache-ttl-order']);
    expect(((heard[0]?.details ?? {}) as Json).paths).toEqual([
      'messages[2].content[0].content[0]',
    ]);
  });

  it("'auto' (5m) before a tool result's 1h marker: the earlier breakpoints are raised", async () => {
    const heard: CrosswireWarning[] = [];
    simulator.script('ttl-auto', [{ type: 'text', text: 'ok' }]);
    await engineFor('ttl-auto', 'anthropic', 'claude-sonnet-5-5', heard).chat(conversation('1h'), {
      promptCache: 'auto',
    });
    const { status, body } = sent('ttl-auto');
    expect(status).toBe(200);
    expect(ttls(body)).toEqual(['1h', '1h', '1h', '5m']);
    expect(said(heard)).toEqual(['prompt_cache_ttl_raised anthropic-cache-ttl-order']);
    expect(((heard[0]?.details ?? {}) as Json).paths).toEqual([
      'system[0]',
      'messages[0].content[0]',
    ]);
  });
});

describe('Gemini: const and the responseSchema subset', () => {
  it('const goes as a one-value enum in responseJsonSchema', async () => {
    const heard: CrosswireWarning[] = [];
    simulator.script('gemini-const', [object({ kind: 'trip' })]);
    const reply = await engineFor('gemini-const', 'gemini', 'gemini-3-flash-preview', heard).chat(
      'Plan',
      {
        output: {
          name: 'plan',
          schema: { type: 'object', properties: { kind: { const: 'trip' } }, required: ['kind'] },
        },
      },
    );
    expect(reply.object).toEqual({ kind: 'trip' });
    expect((sent('gemini-const').body.generationConfig as Json).responseJsonSchema).toEqual({
      type: 'object',
      properties: { kind: { enum: ['trip'] } },
      required: ['kind'],
    });
    expect(said(heard)).toEqual(['structured_output_repaired gemini-response-json-schema-const']);
  });

  it('an array without items in the responseSchema subset gets items', async () => {
    const heard: CrosswireWarning[] = [];
    simulator.script('gemini-items', [object({ tags: ['a'] })]);
    const reply = await engineFor('gemini-items', 'gemini', 'gemini-1.5-pro', heard).chat('Tag', {
      output: {
        name: 'tags',
        schema: { type: 'object', properties: { tags: { type: 'array' } }, required: ['tags'] },
      },
    });
    expect(reply.object).toEqual({ tags: ['a'] });
    const { status, body } = sent('gemini-items');
    expect(status).toBe(200);
    expect(((body.generationConfig as Json).responseSchema as Json).properties).toEqual({
      tags: { type: 'array', items: {} },
    });
    // gemini-1.5-pro is gone from Google's list (answered from the family template).
    expect(said(heard)).toEqual([
      'model_unknown undefined',
      'structured_output_repaired gemini-response-schema-array-items',
    ]);
  });
});

describe('extra merges, it does not replace', () => {
  const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

  it.each([
    ['anthropic', 'claude-sonnet-5-5', { output_config: { effort: 'low' } }, 'output_config'],
    ['openai-responses', 'gpt-6.1-sol', { text: { verbosity: 'low' } }, 'text'],
    [
      'gemini',
      'gemini-3-flash-preview',
      { generationConfig: { thinkingConfig: { thinkingBudget: 128 } } },
      'generationConfig',
    ],
  ] as const)(
    '%s: a knob through extra sits beside the format',
    async (provider, model, extra, field) => {
      const heard: CrosswireWarning[] = [];
      const lane = `extra-${provider}`;
      simulator.script(lane, [object({ city: 'Oslo' })]);
      const reply = await engineFor(lane, provider, model, heard).chat('Plan', {
        output: { name: 'trip', schema },
        extra,
      });
      expect(reply.object).toEqual({ city: 'Oslo' });
      const carried = sent(lane).body[field] as Json;
      const knob = Object.keys((extra as Record<string, Json>)[field] as Json)[0] as string;
      expect(Object.keys(carried).sort()).toEqual(
        [
          knob,
          provider === 'anthropic'
            ? 'format'
            : provider === 'gemini'
              ? 'responseJsonSchema'
              : 'format',
          ...(provider === 'gemini' ? ['responseMimeType'] : []),
        ].sort(),
      );
      expect(heard).toEqual([]);
    },
  );

  it('a value the request set that extra sets differently: extra_overrides names the path', async () => {
    const heard: CrosswireWarning[] = [];
    simulator.script('extra-override', [{ type: 'text', text: 'ok' }]);
    await engineFor('extra-override', 'gemini', 'gemini-3-flash-preview', heard).chat('Plan', {
      maxTokens: 100,
      extra: { generationConfig: { maxOutputTokens: 200, temperature: 0 } },
    });
    expect(sent('extra-override').body.generationConfig).toEqual({
      maxOutputTokens: 200,
      temperature: 0,
    });
    expect(heard.map((warning) => [warning.code, (warning.details as Json).paths])).toEqual([
      ['extra_overrides', ['generationConfig.maxOutputTokens']],
    ]);
  });
});
