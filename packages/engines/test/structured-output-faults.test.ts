// A model's structured reply is hostile input (issue 39, item 3): a backtracking `pattern`,
// a reply nested 10,000 deep (plain and streamed), and a schema whose `$ref`s only point at
// each other each end in a typed error, on every wire, against the simulator on 127.0.0.1.
import { type CrosswireWarning, ValidationError, type WireFormat } from '@crosswire/core';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { createEngine, type Engine } from '../src/engine/engine.js';
import { StructuredOutputError } from '../src/engine/structured.js';
import type { ChatStreamEvent } from '../src/engine/structured-stream.js';

const LANES: readonly { wire: WireFormat; provider: string; model: string }[] = [
  { wire: 'openai', provider: 'openai', model: 'gpt-6.1-sol' },
  { wire: 'anthropic', provider: 'anthropic', model: 'claude-sonnet-5-5' },
  { wire: 'gemini', provider: 'gemini', model: 'gemini-2.5-flash-lite' },
  { wire: 'ollama', provider: 'ollama', model: 'llama3.2' },
  { wire: 'responses', provider: 'openai-responses', model: 'gpt-6.1-sol' },
  { wire: 'hermes', provider: 'nousresearch', model: 'Hermes-4-405B' },
];

/** `{"child":{"child":...{}...}}`, `depth` objects deep, as text (JSON.stringify would overflow). */
const deepText = (depth: number) => `${'{"child":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;
/**
 * `{"child":[[[...]]]}`, `depth` levels: every prefix of it closes into JSON, so each partial
 * object the stream builds is as deep as the text so far (JSON.stringify of one past about
 * 5,000 levels is a RangeError).
 */
const deepArrays = (depth: number) => `{"child":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

const TREE = {
  type: 'object',
  properties: { child: { $ref: '#' } },
  additionalProperties: false,
};

let simulator: Simulator;
const engines: Engine[] = [];
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.close()));
  await simulator.close();
});

function engineFor(lane: (typeof LANES)[number], name: string, warnings: CrosswireWarning[] = []) {
  const engine = createEngine({
    provider: lane.provider,
    model: lane.model,
    apiKey: 'k',
    baseUrl: simulator.baseUrl(lane.wire, name),
    retry: { maxRetries: 0 },
    discover: false,
    onWarning: (warning) => warnings.push(warning),
  });
  engines.push(engine);
  return engine;
}

describe.each(LANES)('hostile structured replies on $wire', (lane) => {
  it("pattern '^(a+)+$' against a 29-character reply: structured_output_invalid at once (was 32.8 s of blocked event loop)", async () => {
    const name = `pattern-${lane.wire}`;
    simulator.script(name, [{ type: 'object', value: { name: `${'a'.repeat(28)}!` } }]);
    const schema = {
      type: 'object',
      properties: { name: { type: 'string', pattern: '^(a+)+$' } },
      required: ['name'],
      additionalProperties: false,
    };
    const error = await engineFor(lane, name)
      .chat('name?', { output: { schema, name: 'person' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StructuredOutputError);
    expect(error).toMatchObject({
      code: 'structured_output_invalid',
      issues: [{ path: '$.name', message: 'must match the pattern "^(a+)+$"' }],
    });
  });

  it('a reply nested 10 000 deep against a recursive JSON Schema: structured_output_invalid, no RangeError', async () => {
    const name = `deep-${lane.wire}`;
    simulator.script(name, [{ type: 'object', text: deepText(10_000) }]);
    const error = await engineFor(lane, name)
      .chat('tree?', { output: { schema: TREE, name: 'tree' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StructuredOutputError);
    expect(error).toMatchObject({
      code: 'structured_output_invalid',
      issues: [{ path: '$', message: 'nests deeper than 256 levels' }],
    });
  });

  it('the same reply streamed: the last event is the error, then the iteration throws it', async () => {
    const name = `deep-stream-${lane.wire}`;
    simulator.script(name, [
      { type: 'object', text: deepArrays(10_000), stream: { chunkBytes: 4096 } },
    ]);
    const stream = engineFor(lane, name).stream('tree?', {
      output: { schema: TREE, name: 'tree' },
    });
    const events: ChatStreamEvent[] = [];
    const error = await (async () => {
      for await (const event of stream) events.push(event);
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StructuredOutputError);
    expect(error).toMatchObject({
      code: 'structured_output_invalid',
      issues: [{ path: '$', message: 'nests deeper than 256 levels' }],
    });
    expect(events.at(-1)).toEqual({ type: 'error', error });
    expect(events.filter((event) => event.type === 'error')).toHaveLength(1);
  });
});

describe('on one wire', () => {
  const lane = LANES[0] as (typeof LANES)[number];

  it('a zod schema gets the same depth bound before zod recurses', async () => {
    const name = 'deep-zod';
    simulator.script(name, [{ type: 'object', text: deepText(10_000) }]);
    type Node = { child?: Node };
    const Node: z.ZodType<Node> = z.lazy(() => z.object({ child: Node.optional() }));
    const error = await engineFor(lane, name)
      .chat('tree?', { output: { schema: Node, name: 'tree' } })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: 'structured_output_invalid',
      issues: [{ path: '$', message: 'nests deeper than 256 levels' }],
    });
  });

  it('a schema whose $refs only point at each other is refused before anything is sent', async () => {
    const name = 'ref-loop';
    const schema = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/a' } },
      $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } },
    };
    const error = await engineFor(lane, name)
      .chat('x', { output: { schema } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ code: 'invalid_output', path: 'output.schema.$defs.a.$ref' });
    expect(simulator.received(name)).toEqual([]);
  });

  it('a pattern RE2 cannot run is not checked, with one output_pattern_unchecked warning', async () => {
    const name = 'lookahead';
    simulator.script(name, [{ type: 'object', value: { code: 'xy' } }]);
    const warnings: CrosswireWarning[] = [];
    const schema = {
      type: 'object',
      properties: { code: { type: 'string', pattern: '^(?!x)' } },
      required: ['code'],
    };
    const reply = await engineFor(lane, name, warnings).chat('code?', { output: { schema } });
    expect(reply.object).toEqual({ code: 'xy' });
    expect(warnings.map((warning) => warning.code)).toEqual(['output_pattern_unchecked']);
  });
});
