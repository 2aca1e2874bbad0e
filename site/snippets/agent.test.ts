// A test of an agent against the provider simulator: real HTTP on 127.0.0.1, a real MCP
// server and client, the request checked as the provider would check it.
import { createEngine } from '@crosswire/engines';
import { faults, type Simulator, startSimulator } from '@crosswire/simulator';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

let simulator: Simulator;
let tools: Client;

beforeAll(async () => {
  simulator = await startSimulator(); // 127.0.0.1, a free port
  const server = new McpServer({ name: 'shop', version: '1.0.0' });
  server.registerTool(
    'find_product',
    { description: 'Find a product by name.', inputSchema: { name: z.string() } },
    async ({ name }) => ({ content: [{ type: 'text', text: `${name}: 12.50 EUR, in stock` }] }),
  );
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  tools = new Client({ name: 'test', version: '1.0.0' });
  await tools.connect(clientTransport);
});

afterAll(async () => {
  await tools.close();
  await simulator.close();
});

describe('the shop agent', () => {
  for (const provider of ['openai', 'anthropic', 'gemini'] as const) {
    it(`looks the product up before it answers (${provider})`, async () => {
      const lane = `price-${provider}`;
      simulator.script(lane, [
        faults.rateLimited(0), // a 429 first: the engine retries
        { type: 'tool_calls', calls: [{ name: 'find_product', arguments: { name: 'teapot' } }] },
        { type: 'text', text: 'The teapot costs 12.50 EUR.' },
      ]);
      const engine = createEngine({
        provider,
        model: 'test-model',
        apiKey: 'not-a-real-key', // any key: the simulator checks none
        baseUrl: simulator.baseUrl(provider, lane), // the wire of these three is their name
      });
      try {
        const result = await engine.runToolLoop('How much is the teapot?', { mcpServers: [tools] });
        expect(result.text).toBe('The teapot costs 12.50 EUR.');
        const requests = simulator.received(lane);
        expect(requests.map((request) => request.status)).toEqual([429, 200, 200]);
        // What the model was sent as the tool's result, on this provider's wire.
        expect(requests[2]?.toolResults.map((toolResult) => toolResult.name)).toEqual([
          'find_product',
        ]);
        expect(requests.flatMap((request) => request.violations)).toEqual([]);
      } finally {
        await engine.close();
      }
    });
  }
});
