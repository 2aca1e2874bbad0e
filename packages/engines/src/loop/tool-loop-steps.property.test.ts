// Property: whatever step a loop crashes at (after the step ran, before its state was saved),
// in whatever order its tool steps run, and however often a saved step is delivered again,
// the loop resumed from its stored state ends with the requests and answer of an
// uninterrupted runToolLoop; a tool runs again only after a crash, and then with the same
// idempotency key; a call with a stored result never runs again.
import { WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { opening, PIXEL_PNG } from '../../../../test-support/dialect-conversation.js';
import { parseToolLoopState, serializeToolLoopState } from '../durable/tool-loop-state.js';
import { connectInMemory } from '../mcp/test-support/fixture-servers.js';
import { recordedEngine } from '../test-support/recorded-engine.js';
import { runToolLoop } from './tool-loop.js';
import {
  IDEMPOTENCY_KEY_META,
  runModelStep,
  runnableToolLoopSteps,
  runToolStep,
  startToolLoop,
  type ToolLoopState,
} from './tool-loop-steps.js';

/** The recorded replies of a loop: three parallel calls, one call, then the answer. */
const REPLIES = ['parallel-calls', 'tool-calls', 'text'];
const replyFor = (iteration: number) => REPLIES[iteration - 1] ?? 'text';

/** Executions of the server's tools: the key each carried. */
const executions: unknown[] = [];
let client: Client;

beforeAll(async () => {
  const server = new McpServer({ name: 'weather', version: '1.0.0' });
  server.registerTool(
    'get_weather',
    { description: 'Current weather for a city.', inputSchema: { city: z.string() } },
    async ({ city }, extra) => {
      executions.push(extra._meta?.[IDEMPOTENCY_KEY_META]);
      return { content: [{ type: 'text', text: `${city}: sunny, 22°C` }] };
    },
  );
  server.registerTool(
    'screenshot',
    { description: 'A screenshot of a web page.', inputSchema: { url: z.string() } },
    async ({ url }, extra) => {
      executions.push(extra._meta?.[IDEMPOTENCY_KEY_META]);
      return {
        content: [
          { type: 'text', text: `Screenshot of ${url}` },
          { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' },
        ],
      };
    },
  );
  client = await connectInMemory(server);
});
afterAll(() => client.close());

/** What an uninterrupted loop sends, per wire. */
const reference = new Map<WireFormat, { text: string; bodies: string[] }>();

async function uninterrupted(wire: WireFormat) {
  const known = reference.get(wire);
  if (known) return known;
  const engine = recordedEngine(wire, replyFor);
  const result = await runToolLoop(engine, opening(), { mcpServers: [client] });
  const value = { text: result.text, bodies: engine.sent.map((request) => request.body) };
  reference.set(wire, value);
  return value;
}

const save = (state: ToolLoopState) => JSON.stringify(serializeToolLoopState(state));

/** One delivery of a step: which runnable step, crash before saving, delivered again after. */
const delivery = fc.record({
  pick: fc.nat({ max: 5 }),
  crash: fc.boolean(),
  again: fc.boolean(),
});

describe('crashes at any step', () => {
  test('the resumed loop ends as an uninterrupted one, each call run once unless it crashed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...WIRE_FORMATS),
        fc.array(delivery, { minLength: 20, maxLength: 20 }),
        async (wire, deliveries) => {
          const expected = await uninterrupted(wire);
          const engine = recordedEngine(wire, replyFor);
          executions.length = 0;
          let stored = save(startToolLoop(opening(), { loopId: 'p' }));
          const crashedKeys: string[] = [];
          let turns = 0;
          for (let index = 0; ; index++) {
            const state = parseToolLoopState(stored);
            const steps = runnableToolLoopSteps(state);
            const chosen = deliveries[index % deliveries.length] ?? {
              pick: 0,
              crash: false,
              again: false,
            };
            // A crash at most once per step, so the loop ends.
            const step = steps[chosen.pick % steps.length];
            if (!step || step.kind === 'done') {
              expect(step?.kind === 'done' && step.text).toBe(expected.text);
              break;
            }
            const crash = chosen.crash && !crashedKeys.includes(step.key);
            const next =
              step.kind === 'model'
                ? await runModelStep(engine, state, { mcpServers: [client] })
                : await runToolStep(state, step.callId, { mcpServers: [client] });
            if (crash) {
              crashedKeys.push(step.key);
              continue;
            }
            stored = save(next);
            if (step.kind === 'tool' && chosen.again) {
              // The queue delivers the finished step again: nothing runs.
              const before = executions.length;
              const again = parseToolLoopState(stored);
              expect(await runToolStep(again, step.callId, { mcpServers: [client] })).toBe(again);
              expect(executions.length).toBe(before);
            }
            turns++;
            expect(turns).toBeLessThan(40);
          }
          // Every request of an iteration is the uninterrupted loop's request.
          for (const request of engine.sent) {
            expect(request.body).toBe(expected.bodies[request.iteration - 1]);
          }
          // Each call ran once, plus once more per crash of its step, always with its key.
          const calls = 4;
          expect(executions).toHaveLength(
            calls + crashedKeys.filter((key) => !key.endsWith(':model')).length,
          );
          const counts = new Map<unknown, number>();
          for (const key of executions) counts.set(key, (counts.get(key) ?? 0) + 1);
          expect(counts.size).toBe(calls);
          for (const [key, count] of counts) {
            expect(typeof key === 'string' && /^p:[12]:call:/.test(key)).toBe(true);
            expect(count).toBe(1 + crashedKeys.filter((crashed) => crashed === key).length);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
