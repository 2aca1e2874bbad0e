// Preflight in the engine (issue 25): every request is checked against the provider's
// documented rules (the catalogue of @crosswire/dialects) before any byte is sent; the
// simulator refuses the same rules, so a request the engine lets through is one it accepts.
import { WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import { buildRequest, DIALECTS, preflight } from '@crosswire/dialects';
import { SIMULATOR_WIRES, type Simulator, startSimulator } from '@crosswire/simulator';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../src/engine/engine.js';

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator({ fallback: () => ({ type: 'text', text: 'ok' }) });
});
afterAll(async () => {
  await simulator.close();
});

const ENGINES: Readonly<Record<WireFormat, { provider: string; model: string }>> = {
  openai: { provider: 'openai', model: 'gpt-5.1' },
  anthropic: { provider: 'anthropic', model: 'claude-sonnet-4-5' },
  gemini: { provider: 'gemini', model: 'gemini-2.5-flash' },
  ollama: { provider: 'ollama', model: 'llama3.2' },
  responses: { provider: 'openai-responses', model: 'gpt-5.1' },
  hermes: { provider: 'nousresearch', model: 'Hermes-4-405B' },
  bedrock: { provider: 'bedrock', model: 'us.anthropic.claude-sonnet-4-6' },
};

/** Warnings the engines told (none expected). */
const warned: string[] = [];

function engineFor(wire: WireFormat, lane: string, preflightOn = true) {
  return createEngine({
    ...ENGINES[wire],
    apiKey: 'k',
    baseUrl: simulator.baseUrl(wire, lane),
    // Model discovery (Ollama's /api/show) is tested on its own (discovery.test.ts).
    discover: false,
    // The registry's model lifecycle warnings (model_deprecated...) are not this test's subject.
    onWarning: (warning) => {
      if (!warning.code.startsWith('model_')) warned.push(warning.code);
    },
    ...(preflightOn ? {} : { preflight: false }),
  });
}

const tool = (
  name: string,
  inputSchema: Record<string, unknown> = { type: 'object', properties: {} },
) => ({ name, inputSchema: { type: 'object', ...inputSchema } });

describe('the engine refuses a request that breaks a documented rule, before sending it', () => {
  // Tool names the engine builds are repaired (test/tool-names.test.ts); a body part the
  // caller writes (`extra`) is not, and the rule still refuses it.
  it.each([
    [
      'openai',
      { type: 'function', function: { name: 'calendar.read', parameters: {} } },
      'openai-tool-name',
      'tools[0].function.name',
    ],
    [
      'responses',
      { type: 'function', name: 'calendar.read', parameters: {} },
      'responses-tool-name',
      'tools[0].name',
    ],
    [
      'anthropic',
      { name: 'calendar.read', input_schema: { type: 'object' } },
      'anthropic-tool-name',
      'tools[0].name',
    ],
    [
      'gemini',
      { functionDeclarations: [{ name: '1password_lookup' }] },
      'gemini-tool-name',
      'tools[0].functionDeclarations[0].name',
    ],
  ] as const)(
    '%s: a tool the caller wrote into the body → %s at %s',
    async (wire, written, rule, path) => {
      const lane = `refuse-${wire}`;
      const engine = engineFor(wire, lane);
      await expect(engine.chat('hi', { extra: { tools: [written] } })).rejects.toMatchObject({
        code: 'request_refused_preflight',
        rule,
        path,
      });
      expect(simulator.received(lane)).toHaveLength(0);
      expect(warned.splice(0)).toEqual([]);
      await engine.close();
    },
  );

  it('the same tool names given as tools go out repaired, and are accepted', async () => {
    for (const [wire, name] of [
      ['openai', 'calendar.read'],
      ['responses', 'calendar.read'],
      ['anthropic', 'calendar.read'],
      ['gemini', '1password_lookup'],
    ] as const) {
      const lane = `repair-${wire}`;
      const engine = engineFor(wire, lane);
      await engine.chat('hi', { tools: [tool(name)] });
      expect(simulator.received(lane).map((received) => received.status)).toEqual([200]);
      await engine.close();
    }
    expect(warned.splice(0)).toEqual([]);
  });

  it('preflight: false sends it, and the simulator answers the 400 the provider would', async () => {
    const engine = engineFor('openai', 'refuse-off', false);
    const tools = [{ type: 'function', function: { name: 'calendar.read', parameters: {} } }];
    await expect(engine.chat('hi', { extra: { tools } })).rejects.toMatchObject({
      status: 400,
    });
    const [received] = simulator.received('refuse-off');
    expect(received?.violations.join('\n')).toContain('string does not match pattern');
    expect(warned.splice(0)).toEqual([]);
    await engine.close();
  });

  it('an array parameter without items goes out with items: {} on every wire, and is accepted', async () => {
    const schema = { type: 'object', properties: { paths: { type: 'array' } } };
    for (const wire of WIRE_FORMATS) {
      const lane = `items-${wire}`;
      const engine = engineFor(wire, lane);
      await engine.chat('hi', { tools: [tool('read_multiple_files', schema)] });
      const [received] = simulator.received(lane);
      expect(received?.status).toBe(200);
      expect(JSON.stringify(received?.body)).not.toMatch(/"type":"(array|ARRAY)"(?!,"items")/);
      await engine.close();
    }
  });
});

// Random MCP tool schemas: nested objects, arrays with and without items, unions.
const schemaArbitrary = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.constant({ type: 'string' }),
    fc.constant({ type: 'array' }),
    fc.constant({ type: ['array', 'null'] }),
    tie('array'),
    tie('object'),
  ),
  array: fc.record({ type: fc.constant('array'), items: tie('node') }),
  object: fc.record({
    type: fc.constant('object'),
    properties: fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), tie('node'), { maxKeys: 3 }),
  }),
}));

const portableName = fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_-]{0,40}$/);
const anyMcpName = fc.oneof(
  portableName,
  fc.string({ minLength: 0, maxLength: 80 }),
  fc.constantFrom(
    'calendar.read',
    'caldav-mcp.create-event',
    '1password_lookup',
    'get weather',
    'météo',
  ),
);

describe('property: every request built for the engine passes preflight on every wire', () => {
  it('for random tool schemas (arrays without items included), the built body breaks no rule', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...WIRE_FORMATS),
        portableName,
        schemaArbitrary.object,
        (wire, name, inputSchema) => {
          const body = buildRequest(
            wire,
            {
              model: ENGINES[wire].model,
              messages: [{ role: 'user', content: 'hi' }],
              tools: [tool(name, inputSchema)],
            },
            { onWarning: () => {} },
          );
          expect(preflight(body, { wire, model: ENGINES[wire].model }).violations).toEqual([]);
          const inspection = SIMULATOR_WIRES[wire].inspect(
            body,
            DIALECTS[wire].path(ENGINES[wire].model),
          );
          expect(inspection.violations).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('for random MCP tool names, the engine sends a body the simulator accepts (an empty name is refused before sending)', async () => {
    let lane = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...WIRE_FORMATS), anyMcpName, async (wire, name) => {
        const id = `names-${lane++}`;
        const engine = engineFor(wire, id);
        try {
          await engine.chat('hi', { tools: [tool(name)] });
        } catch (error) {
          const code = (error as { code?: string }).code;
          // Only a name no wire can carry (empty) is refused, with a typed error; nothing was sent.
          expect(name).toBe('');
          expect(code).toBe('empty_tool_name');
          expect(simulator.received(id)).toHaveLength(0);
          return;
        } finally {
          await engine.close();
        }
        const [received] = simulator.received(id);
        expect(received?.status).toBe(200);
      }),
      { numRuns: 60 },
    );
    expect(warned.splice(0)).toEqual([]);
  });
});
