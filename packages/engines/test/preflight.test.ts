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
};

/** Warnings the engines told (a non-portable tool name warns `tool_name_not_portable`). */
const warned: string[] = [];

function engineFor(wire: WireFormat, lane: string, preflightOn = true) {
  return createEngine({
    ...ENGINES[wire],
    apiKey: 'k',
    baseUrl: simulator.baseUrl(wire, lane),
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
  it.each([
    ['openai', 'calendar.read', 'openai-tool-name', 'tools[0].function.name'],
    ['responses', 'calendar.read', 'responses-tool-name', 'tools[0].name'],
    ['anthropic', 'calendar.read', 'anthropic-tool-name', 'tools[0].name'],
    ['gemini', '1password_lookup', 'gemini-tool-name', 'tools[0].functionDeclarations[0].name'],
  ] as const)('%s: a tool named %s → %s at %s', async (wire, name, rule, path) => {
    const lane = `refuse-${wire}`;
    const engine = engineFor(wire, lane);
    await expect(engine.chat('hi', { tools: [tool(name)] })).rejects.toMatchObject({
      code: 'request_refused_preflight',
      rule,
      path,
    });
    expect(simulator.received(lane)).toHaveLength(0);
    // core's portable-name warning knows OpenAI's pattern, not Gemini's first-character rule.
    expect(warned.splice(0)).toEqual(wire === 'gemini' ? [] : ['tool_name_not_portable']);
    await engine.close();
  });

  it('preflight: false sends it, and the simulator answers the 400 the provider would', async () => {
    const engine = engineFor('openai', 'refuse-off', false);
    await expect(engine.chat('hi', { tools: [tool('calendar.read')] })).rejects.toMatchObject({
      status: 400,
    });
    const [received] = simulator.received('refuse-off');
    expect(received?.violations.join('\n')).toContain('string does not match pattern');
    expect(warned.splice(0)).toEqual(['tool_name_not_portable']);
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

  it('for random MCP tool names, the engine either sends a body the simulator accepts or refuses before sending', async () => {
    let lane = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...WIRE_FORMATS), anyMcpName, async (wire, name) => {
        const id = `names-${lane++}`;
        const engine = engineFor(wire, id);
        try {
          await engine.chat('hi', { tools: [tool(name)] });
        } catch (error) {
          const code = (error as { code?: string }).code;
          // A name the tool schema itself refuses (empty) is a validation error; either way nothing was sent.
          expect(['request_refused_preflight', 'invalid_tool_definition']).toContain(code);
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
    expect(warned.splice(0).filter((code) => code !== 'tool_name_not_portable')).toEqual([]);
  });
});
