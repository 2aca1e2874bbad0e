// One zod schema, six wires, against the strict simulator: `chat`, `stream`, the tool loop
// (plain and streamed) and the step API give the validated object; `repair` recovers; a wrong
// reply and a refusal are typed errors; Groq-style endpoints get the two-step form.
import type { WireFormat } from '@crosswire/core';
import { STRUCTURED_WITH_TOOLS_REFUSED } from '@crosswire/dialects';
import { defaultRegistry } from '@crosswire/registry';
import { type Simulator, type SimulatorStep, startSimulator } from '@crosswire/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { modelRequestFeatures } from '../src/engine/model-settings.js';
import {
  type ChatStreamEvent,
  runModelStep,
  StructuredOutputError,
  startToolLoop,
} from '../src/index.js';
import { connectInMemory, createFixtureServer } from '../src/mcp/test-support/fixture-servers.js';

interface Lane {
  readonly wire: WireFormat;
  readonly provider: string;
  readonly model: string;
  readonly field: string;
  /** A dialect override (anthropic's synthetic-tool mode). */
  readonly mode?: 'tool';
}

const LANES: readonly Lane[] = [
  { wire: 'openai', provider: 'openai', model: 'gpt-6.1-sol', field: 'response_format' },
  { wire: 'anthropic', provider: 'anthropic', model: 'claude-sonnet-5-5', field: 'output_config' },
  // Gemini 3 takes tools and a JSON response together (Gemini 2.x: the two-step form below).
  {
    wire: 'gemini',
    provider: 'gemini',
    model: 'gemini-3-flash-preview',
    field: 'generationConfig',
  },
  { wire: 'ollama', provider: 'ollama', model: 'llama3.2', field: 'format' },
  { wire: 'responses', provider: 'openai-responses', model: 'gpt-6.1-sol', field: 'text' },
  { wire: 'hermes', provider: 'nousresearch', model: 'Hermes-4-405B', field: 'messages' },
  {
    wire: 'anthropic',
    provider: 'anthropic',
    model: 'claude-sonnet-5-5',
    field: 'tools',
    mode: 'tool',
  },
];

const Trip = z.object({
  city: z.string(),
  days: z.number().int().optional(),
  sights: z.array(z.string()),
});
const OUTPUT = { schema: Trip, name: 'trip' } as const;
const RIGHT = { city: 'Oslo', days: 3, sights: ['Opera', 'Vigeland park'] };
const WRONG = { city: 5, sights: 'none' };

let simulator: Simulator;
const engines: Engine[] = [];
const warnings: string[] = [];

beforeAll(async () => {
  simulator = await startSimulator({
    providers: { 'groq-loop': 'groq', 'groq-refused': 'groq', 'gemini2-loop': 'gemini' },
    // The strict simulator knows what each model accepts, from the registry's data.
    modelFeatures: (model, provider) =>
      modelRequestFeatures(defaultRegistry.resolve({ provider: provider ?? 'gemini', model })),
  });
});
afterAll(async () => {
  await simulator.close();
  await Promise.all(engines.map((engine) => engine.close()));
});

function engineFor(
  lane: { provider: string; model: string; wire: WireFormat; mode?: 'tool' },
  name: string,
  heard: string[] = warnings,
) {
  const engine = createEngine({
    ...(lane.mode === undefined ? {} : { dialect: { structuredOutput: lane.mode } }),
    provider: lane.provider,
    model: lane.model,
    apiKey: 'sk-structured',
    baseUrl: simulator.baseUrl(lane.wire, name),
    retry: { maxRetries: 0 },
    // Model discovery (Ollama's /api/show) is tested on its own (discovery.test.ts).
    discover: false,
    onWarning: (warning) => heard.push(warning.code),
  });
  engines.push(engine);
  return engine;
}

const object = (value: unknown): SimulatorStep => ({ type: 'object', value });
const ECHO: SimulatorStep = {
  type: 'tool_calls',
  calls: [{ name: 'echo', arguments: { text: 'Oslo' } }],
};

describe.each(LANES)('structured output on $wire $mode', (lane) => {
  const wire = `${lane.wire}${lane.mode ?? ''}`;
  it('chat gives the validated object; content keeps the text', async () => {
    const name = `${wire}-chat`;
    simulator.script(name, [object(RIGHT)]);
    const reply = await engineFor(lane, name).chat('Plan a trip', { output: OUTPUT });
    expect(reply.object).toEqual(RIGHT);
    const typed: { city: string; days?: number | undefined; sights: string[] } = reply.object;
    expect(typed.city).toBe('Oslo');
    expect(reply.toolCalls).toEqual([]);
    const [request] = simulator.received(name);
    expect(request?.status).toBe(200);
    const body = (request?.body ?? {}) as Record<string, unknown>;
    expect(JSON.stringify(body[lane.field])).toContain('sights');
  });

  it('stream emits object-delta events and the validated object', async () => {
    const name = `${wire}-stream`;
    simulator.script(name, [{ ...object(RIGHT), stream: { chunkBytes: 9 } }]);
    const stream = engineFor(lane, name).stream('Plan a trip', { output: OUTPUT });
    const events: ChatStreamEvent[] = [];
    for await (const event of stream) events.push(event);
    const deltas = events.filter((event) => event.type === 'object-delta');
    expect(deltas.length).toBeGreaterThan(0);
    expect(RIGHT.city.startsWith(String(deltas[0]?.object.city ?? ''))).toBe(true);
    const response = (await stream.finalResponse()) as { object?: unknown };
    expect(response.object).toEqual(RIGHT);
  });

  it('the tool loop runs the tools, then gives the object (plain and streamed)', async () => {
    const client = await connectInMemory(createFixtureServer());
    const name = `${wire}-loop`;
    simulator.script(name, [ECHO, object(RIGHT), ECHO, object(RIGHT)]);
    const engine = engineFor(lane, name);
    const result = await engine.runToolLoop('Plan', { mcpServers: [client], output: OUTPUT });
    expect(result.object).toEqual(RIGHT);
    expect(result.turns).toHaveLength(2);
    const streamed = await engine
      .streamWithTools('Plan', { mcpServers: [client], output: OUTPUT })
      .finalResult();
    expect(streamed.object).toEqual(RIGHT);
    expect(simulator.received(name).map((request) => request.status)).toEqual([200, 200, 200, 200]);
    await client.close();
  });

  it('the step API: runModelStep keeps the object in the state', async () => {
    const client = await connectInMemory(createFixtureServer());
    const name = `${wire}-step`;
    simulator.script(name, [object(RIGHT)]);
    const state = await runModelStep(engineFor(lane, name), startToolLoop('Plan'), {
      mcpServers: [client],
      output: OUTPUT,
    });
    expect(state.object).toEqual(RIGHT);
    await client.close();
  });

  it('a wrong reply is StructuredOutputError with the issues and the raw text', async () => {
    const name = `${wire}-wrong`;
    simulator.script(name, [object(WRONG)]);
    const error = await engineFor(lane, name)
      .chat('Plan', { output: OUTPUT })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StructuredOutputError);
    const failure = error as StructuredOutputError;
    expect(failure.code).toBe('structured_output_invalid');
    expect(failure.issues.map((issue) => issue.path)).toEqual(['$.city', '$.sights']);
    expect(JSON.parse(failure.text)).toEqual(WRONG);
  });

  it('repair: 1 sends the issues back and takes the corrected reply', async () => {
    const name = `${wire}-repair`;
    simulator.script(name, [object(WRONG), object(RIGHT)]);
    const reply = await engineFor(lane, name).chat('Plan', { output: { ...OUTPUT, repair: 1 } });
    expect(reply.object).toEqual(RIGHT);
    const [, second] = simulator.received(name);
    expect(second?.status).toBe(200);
    expect(JSON.stringify(second?.body)).toContain('$.city');
  });
});

describe('Groq: tools and structured output never in one request', () => {
  it('the preflight rule names exactly the providers with the registry quirk', () => {
    const quirked = defaultRegistry
      .providers()
      .filter((provider) => provider.quirks.structured_output_with_tools === false)
      .map((provider) => provider.id)
      .sort();
    expect(quirked).toEqual(['cerebras', 'groq']);
    expect([...STRUCTURED_WITH_TOOLS_REFUSED]).toEqual(quirked);
  });

  const groq = { wire: 'openai' as const, provider: 'groq', model: 'openai/gpt-oss-120b' };

  it('the loop does the tool turns without output and asks for the object without tools', async () => {
    const client = await connectInMemory(createFixtureServer());
    const heard: string[] = [];
    simulator.script('groq-loop', [ECHO, { type: 'text', text: 'Oslo it is.' }, object(RIGHT)]);
    const result = await engineFor(groq, 'groq-loop', heard).runToolLoop('Plan', {
      mcpServers: [client],
      output: OUTPUT,
    });
    expect(result.object).toEqual(RIGHT);
    const sent = simulator.received('groq-loop');
    expect(sent.map((request) => request.status)).toEqual([200, 200, 200]);
    const body = (index: number) => sent[index]?.body as Record<string, unknown>;
    expect(
      [0, 1, 2].map((index) => [index, 'tools' in body(index), 'response_format' in body(index)]),
    ).toEqual([
      [0, true, false],
      [1, true, false],
      [2, false, true],
    ]);
    simulator.script('groq-loop', [ECHO, { type: 'text', text: 'Oslo it is.' }, object(RIGHT)]);
    const streamed = await engineFor(groq, 'groq-loop', heard)
      .streamWithTools('Plan', { mcpServers: [client], output: OUTPUT })
      .finalResult();
    expect(streamed.object).toEqual(RIGHT);
    expect(simulator.received('groq-loop').map((request) => request.status)).toEqual([
      200, 200, 200, 200, 200, 200,
    ]);
    // Once per engine, naming the rule the two-step form keeps.
    expect(heard).toEqual(['structured_output_two_step', 'structured_output_two_step']);
    await client.close();
  });

  it('the simulator refuses tools with a json_schema response_format on a groq lane', async () => {
    const engine = createEngine({
      provider: 'groq',
      model: 'llama-3.3-70b-versatile',
      apiKey: 'sk-structured',
      baseUrl: simulator.baseUrl('openai', 'groq-refused'),
      retry: { maxRetries: 0 },
      preflight: false,
      onWarning: () => undefined,
    });
    engines.push(engine);
    const error = await engine
      .chat('Plan', {
        tools: [{ name: 'f', inputSchema: { type: 'object' } }],
        extra: { response_format: { type: 'json_schema', json_schema: { name: 'x', schema: {} } } },
      })
      .catch((caught: unknown) => caught);
    expect(String(error)).toContain(
      'tools cannot be used together with a json_schema response_format',
    );
  });
});

describe('Gemini 2.x: function tools and a JSON response never in one request', () => {
  const gemini2 = { wire: 'gemini' as const, provider: 'gemini', model: 'gemini-2.5-flash-lite' };

  it('the loop goes in two steps, with a warning naming the rule', async () => {
    const client = await connectInMemory(createFixtureServer());
    const heard: string[] = [];
    const caught: unknown[] = [];
    simulator.script('gemini2-loop', [ECHO, { type: 'text', text: 'Oslo it is.' }, object(RIGHT)]);
    const engine = createEngine({
      provider: 'gemini',
      model: gemini2.model,
      apiKey: 'k',
      baseUrl: simulator.baseUrl('gemini', 'gemini2-loop'),
      retry: { maxRetries: 0 },
      onWarning: (warning) => {
        heard.push(warning.code);
        caught.push(warning.details);
      },
    });
    engines.push(engine);
    const result = await engine.runToolLoop('Plan', { mcpServers: [client], output: OUTPUT });
    expect(result.object).toEqual(RIGHT);
    const sent = simulator.received('gemini2-loop');
    expect(sent.map((request) => request.status)).toEqual([200, 200, 200]);
    const config = (index: number) =>
      ((sent[index]?.body ?? {}) as Record<string, unknown>).generationConfig as
        | Record<string, unknown>
        | undefined;
    expect([0, 1, 2].map((index) => config(index)?.responseMimeType)).toEqual([
      undefined,
      undefined,
      'application/json',
    ]);
    expect(heard).toEqual(['structured_output_two_step']);
    expect(caught).toEqual([
      { provider: 'gemini', model: 'gemini-2.5-flash-lite', rule: 'gemini-json-mime-with-tools' },
    ]);
    await client.close();
  });

  it('the strict simulator refuses tools with a JSON response on Gemini 2.5 (the quoted 400)', async () => {
    const engine = createEngine({
      provider: 'gemini',
      model: gemini2.model,
      apiKey: 'k',
      baseUrl: simulator.baseUrl('gemini', 'gemini2-refused'),
      retry: { maxRetries: 0 },
      preflight: false,
    });
    engines.push(engine);
    const error = await engine
      .chat('Plan', {
        tools: [{ name: 'f', inputSchema: { type: 'object' } }],
        extra: { generationConfig: { responseMimeType: 'application/json' } },
      })
      .catch((failure: unknown) => failure);
    expect(String(error)).toContain(
      "Function calling with a response mime type: 'application/json' is unsupported",
    );
  });
});

describe('refusals are typed errors, never an empty object', () => {
  it('openai refusal', async () => {
    simulator.script('refusal-openai', [
      {
        type: 'raw',
        body: {
          id: 'chatcmpl-1',
          object: 'chat.completion',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: null, refusal: "I can't help with that." },
              finish_reason: 'stop',
            },
          ],
        },
      },
    ]);
    const error = await engineFor(LANES[0] as (typeof LANES)[number], 'refusal-openai')
      .chat('Plan', { output: OUTPUT })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StructuredOutputError);
    expect((error as StructuredOutputError).code).toBe('structured_output_refused');
    expect((error as StructuredOutputError).refusal).toBe("I can't help with that.");
  });

  it('anthropic refusal stop', async () => {
    simulator.script('refusal-anthropic', [
      {
        type: 'raw',
        body: {
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          model: 'claude-sonnet-5-5',
          content: [{ type: 'text', text: 'No.' }],
          stop_reason: 'refusal',
          usage: { input_tokens: 1, output_tokens: 1 },
        },
      },
    ]);
    const error = await engineFor(LANES[1] as (typeof LANES)[number], 'refusal-anthropic')
      .chat('Plan', { output: OUTPUT })
      .catch((caught: unknown) => caught);
    expect((error as StructuredOutputError).code).toBe('structured_output_refused');
  });
});

describe('explain names the mechanism', () => {
  it.each([
    ['openai', 'gpt-6.1-sol', 'a request with output uses openai response_format'],
    ['anthropic', 'claude-sonnet-5-5', 'a request with output uses anthropic output_config.format'],
    ['moonshot-anthropic', 'kimi-k3', 'a request with output uses anthropic tool'],
    [
      'gemini',
      'gemini-2.5-flash-lite',
      'gemini responseJsonSchema; with tools, the tool turns go without it and a last turn without tools asks for the object (rule gemini-json-mime-with-tools)',
    ],
    ['gemini', 'gemini-3-flash-preview', 'a request with output uses gemini responseJsonSchema'],
    // An unlisted Gemini before 2.5 (family template, version 1.5): the responseSchema subset.
    ['gemini', 'gemini-1.5-pro', 'a request with output uses gemini responseSchema'],
    ['nousresearch', 'Hermes-4-405B', 'a request with output uses hermes prompt'],
    [
      'groq',
      'openai/gpt-oss-120b',
      'openai response_format; with tools, the tool turns go without it',
    ],
  ] as const)('%s %s', (provider, model, said) => {
    const heard: string[] = [];
    const engine = createEngine({
      provider,
      ...(model === undefined ? {} : { model }),
      apiKey: 'k',
      onWarning: (warning) => heard.push(warning.code),
    });
    engines.push(engine);
    const reasons = engine.explain('structured_output');
    expect(reasons[0]).toMatch(/^structured_output: /);
    expect(reasons.at(-1)).toContain(said);
    // Google's list no longer has 1.5: the name is answered from the family template.
    expect(heard).toEqual(model === 'gemini-1.5-pro' ? ['model_unknown'] : []);
  });
});

describe('warnings', () => {
  it('no warning in the runs above', () => {
    expect(warnings).toEqual([]);
  });
});

describe('a JSON Schema output the caller edits', () => {
  const lane = LANES[0] as Lane;
  const tripSchema = () => ({
    type: 'object',
    properties: { city: { type: 'string' } } as Record<string, unknown>,
    required: ['city'],
    additionalProperties: false,
  });
  const sent = (name: string, at: number) =>
    JSON.stringify(
      ((simulator.received(name)[at]?.body ?? {}) as Record<string, unknown>).response_format,
    );

  it('chat sends it as it is now: an edit between two calls goes out with the second', async () => {
    const name = 'openai-edited-chat';
    simulator.script(name, [object({ city: 'Oslo' }), object({ city: 'Oslo', days: 3 })]);
    const schema = tripSchema();
    const output = { schema, name: 'trip' };
    const engine = engineFor(lane, name);
    await engine.chat('Plan', { output });
    schema.properties.days = { type: 'integer' };
    schema.required = ['city', 'days'];
    expect((await engine.chat('Plan', { output })).object).toEqual({ city: 'Oslo', days: 3 });
    expect(sent(name, 0)).not.toContain('days');
    expect(sent(name, 1)).toContain('"days":{"type":"integer"}');
  });

  it('a tool loop reads it once, when it starts: an edit during the loop changes no turn', async () => {
    const name = 'openai-edited-loop';
    simulator.script(name, [ECHO, object({ city: 'Oslo' })]);
    const schema = tripSchema();
    const server = {
      async listTools() {
        return {
          tools: [{ name: 'echo', inputSchema: { type: 'object', properties: {} } }],
        };
      },
      async callTool() {
        schema.properties.days = { type: 'integer' };
        schema.required = ['city', 'days'];
        return { content: [{ type: 'text' as const, text: 'Oslo' }] };
      },
    };
    const result = await engineFor(lane, name).runToolLoop('Plan', {
      mcpServers: [server],
      output: { schema, name: 'trip' },
    });
    // The object without `days` is valid by the schema the loop started with.
    expect(result.object).toEqual({ city: 'Oslo' });
    expect(sent(name, 0)).toEqual(sent(name, 1));
    expect(sent(name, 1)).not.toContain('days');
  });
});

describe('strict mode nulls inside $defs', () => {
  it('an optional property of a definition, sent as null by strict mode, is left out before the check', async () => {
    const name = 'openai-defs-nulls';
    // What strict mode makes the model send: every property, null where it has nothing.
    simulator.script(name, [object({ home: { street: 'Main 1', unit: null } })]);
    const schema = {
      type: 'object',
      properties: { home: { $ref: '#/$defs/address' } },
      required: ['home'],
      additionalProperties: false,
      $defs: {
        address: {
          type: 'object',
          properties: { street: { type: 'string' }, unit: { type: 'string' } },
          required: ['street'],
          additionalProperties: false,
        },
      },
    };
    const reply = await engineFor(LANES[0] as Lane, name).chat('Where?', {
      output: { schema, name: 'place' },
    });
    expect(reply.object).toEqual({ home: { street: 'Main 1' } });
  });
});
