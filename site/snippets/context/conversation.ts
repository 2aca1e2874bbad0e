// A runnable context for the engines README's "Saving and loading conversations": an engine
// on the provider simulator (no key, no network) with an MCP weather server, scripted for a
// first loop and the continued one. The simulator checks every request as Anthropic would:
// two assistant messages in a row are refused (HTTP 400), so a snippet that continues the
// conversation wrongly fails here.

import type { ChatMessage } from '@crosswire/dialects';
import { createEngine } from '@crosswire/engines';
import { startSimulator } from '@crosswire/simulator';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'weather', version: '1.0.0' });
server.registerTool(
  'get_weather',
  {
    description: 'Weather for a city and a day.',
    inputSchema: { city: z.string(), day: z.string() },
  },
  async ({ city, day }) => ({
    content: [{ type: 'text', text: `${city} ${day}: ${day === 'today' ? 21 : 18} °C` }],
  }),
);
const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
await server.connect(serverTransport);
const weather = new Client({ name: 'docs', version: '1.0.0' });
await weather.connect(clientTransport);

const simulator = await startSimulator();
simulator.script('conversation', [
  {
    type: 'tool_calls',
    calls: [{ name: 'get_weather', arguments: { city: 'Paris', day: 'today' } }],
  },
  { type: 'text', text: 'It is 21 °C in Paris today.' },
  {
    type: 'tool_calls',
    calls: [{ name: 'get_weather', arguments: { city: 'Paris', day: 'tomorrow' } }],
  },
  { type: 'text', text: 'Tomorrow it will be 18 °C.' },
]);

export const engine = createEngine({
  provider: 'anthropic',
  model: 'claude-sonnet-5-5',
  apiKey: 'not-a-real-key',
  baseUrl: simulator.baseUrl('anthropic', 'conversation'),
});
export const mcpServers = [weather];
export const messages: ChatMessage[] = [{ role: 'user', content: 'Weather in Paris today?' }];

export async function teardown(): Promise<void> {
  await engine.close();
  await weather.close();
  await server.close();
  await simulator.close();
}
