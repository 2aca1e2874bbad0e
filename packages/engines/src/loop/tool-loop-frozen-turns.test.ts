// The turns the tool loop adds to its conversation are its own, frozen all the way down, so
// the passes over every later request remember what they found in them; what the provider
// answered (the reply a hook or the caller sees) is never frozen behind its back.
import { isDeeplyFrozen, WIRE_FORMATS } from '@crosswire/core';
import type { ChatMessage } from '@crosswire/dialects';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../engine/engine.js';
import { ENGINE_PROVIDERS } from '../test-support/durable-conversation.js';
import { runModelStep, runToolStep, startToolLoop } from './tool-loop-steps.js';

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(() => simulator.close());

const server = {
  async listTools() {
    return {
      tools: [{ name: 'lookup', description: 'Looks up.', inputSchema: { type: 'object' } }],
    };
  },
  async callTool() {
    return { content: [{ type: 'text', text: 'found it' }] };
  },
};

describe('the tool loop freezes the turns it adds', () => {
  it.each(WIRE_FORMATS)(
    '%s: each tool turn deeply frozen, the reply and the result left mutable',
    async (wire) => {
      const lane = `frozen-${wire}`;
      const script = [
        { type: 'tool_calls' as const, calls: [{ name: 'lookup', arguments: { q: 'a' } }] },
        { type: 'text' as const, text: 'Done.' },
      ];
      simulator.script(lane, script);
      const engine = createEngine({
        ...ENGINE_PROVIDERS[wire],
        apiKey: 'k',
        baseUrl: simulator.baseUrl(wire, lane),
        retry: { maxRetries: 0 },
      });
      const options = { mcpServers: [server] };
      const asked = await runModelStep(engine, startToolLoop('Look a up.'), options);
      const reply = asked.reply?.body;
      const answered = await runToolStep(asked, asked.pendingCalls[0]?.callId ?? '', options);
      const done = await runModelStep(engine, answered, options);
      expect(done.text).toBe('Done.');
      const turns = done.messages.filter((message) => (message as ChatMessage).role === 'wire');
      expect(turns.length).toBeGreaterThanOrEqual(2);
      for (const turn of turns) expect(isDeeplyFrozen(turn)).toBe(true);
      // The echo is a copy: the reply as the provider sent it is not frozen.
      expect(Object.isFrozen(reply)).toBe(false);

      // runToolLoop hands back a conversation the caller may change.
      simulator.script(`${lane}-run`, script);
      const running = createEngine({
        ...ENGINE_PROVIDERS[wire],
        apiKey: 'k',
        baseUrl: simulator.baseUrl(wire, `${lane}-run`),
        retry: { maxRetries: 0 },
      });
      const result = await running.runToolLoop('Look a up.', options);
      await Promise.all([engine.close(), running.close()]);
      for (const message of result.messages) {
        expect(Object.isFrozen(message)).toBe(false);
        for (const value of Object.values(message)) {
          if (typeof value === 'object' && value !== null)
            expect(Object.isFrozen(value)).toBe(false);
        }
      }
    },
  );
});
