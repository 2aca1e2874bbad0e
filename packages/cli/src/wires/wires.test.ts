import { WIRE_FORMATS } from '@crosswire/core';
import { createEngine } from '@crosswire/engines';
import { startSimulator } from '@crosswire/simulator';
import { describe, expect, it } from 'vitest';
import { DEMO_TOOLS, startDemoMcp } from '../demo/mcp-server.js';
import { DEMO_MODELS, demoRegistry } from '../demo/run-demo.js';
import { DELIVERED_TOOL_RESULTS } from './index.js';

describe('DELIVERED_TOOL_RESULTS', () => {
  it('finds in each wire body exactly the tool results the provider simulator read there', async () => {
    const simulator = await startSimulator();
    const mcp = await startDemoMcp();
    const registry = demoRegistry();
    try {
      for (const wire of WIRE_FORMATS) {
        simulator.script(wire, [
          {
            type: 'tool_calls',
            calls: DEMO_TOOLS.map((tool) => ({
              name: tool.name,
              arguments: tool.arguments,
              id: `call_${tool.name}`,
            })),
          },
          { type: 'text', text: 'done' },
        ]);
        const engine = createEngine({
          provider: `demo-${wire}`,
          model: DEMO_MODELS[wire].vision,
          registry,
          baseUrl: simulator.baseUrl(wire, wire),
        });
        await engine.chatWithTools('go', { mcpServers: [mcp.client] });
        await engine.close();
        const last = simulator.received(wire).at(-1);
        const ours = DELIVERED_TOOL_RESULTS[wire](last?.body);
        expect(ours.map((result) => result.block)).toEqual(
          last?.toolResults.map((result) => result.block),
        );
        expect(ours.map((result) => result.name ?? result.callId?.replace(/^call_/, ''))).toEqual(
          DEMO_TOOLS.map((tool) => tool.name),
        );
      }
    } finally {
      await mcp.close();
      await simulator.close();
    }
  });

  it('finds nothing in bodies of the wrong shape', () => {
    for (const wire of WIRE_FORMATS) {
      for (const body of [undefined, null, 'text', [], { messages: 'x', contents: 3, input: {} }]) {
        expect(DELIVERED_TOOL_RESULTS[wire](body)).toEqual([]);
      }
    }
  });
});
