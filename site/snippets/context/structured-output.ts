// A runnable context for the structured-output guide (docs/structured-output.md): engines on
// the provider simulator (no key, no network), which refuses what each provider refuses,
// including the rules of some models only (`modelFeatures` from the registry's data), and an
// MCP weather server. The simulator plays the model: it answers a trip to Oslo at once, and a
// trip to Bergen wrongly the first time ("three" days), rightly when asked again.

import { createEngine, modelRequestFeatures } from '@crosswire/engines';
import { defaultRegistry } from '@crosswire/registry';
import { type SimulatorResponder, startSimulator } from '@crosswire/simulator';
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
  async ({ city, day }) => ({ content: [{ type: 'text', text: `${city} ${day}: 14 °C, dry` }] }),
);
const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
await server.connect(serverTransport);
const weather = new Client({ name: 'docs', version: '1.0.0' });
await weather.connect(clientTransport);

const simulator = await startSimulator({
  modelFeatures: (model, provider) =>
    modelRequestFeatures(defaultRegistry.resolve({ provider, model })),
});

/** The model: a trip to Bergen is answered wrongly until the reply is sent back once. */
const planner: SimulatorResponder = (request) => {
  const body = JSON.stringify(request.body);
  if (!body.includes('Bergen')) return { type: 'text', text: '{"city":"Oslo","days":2}' };
  const retried = /"role":"assistant"/.test(body);
  return { type: 'text', text: `{"city":"Bergen","days":${retried ? 3 : '"three"'}}` };
};
simulator.script('anthropic', planner);
simulator.script('gemini', [{ type: 'text', text: '{"kind":"trip","city":"Oslo"}' }]);
simulator.script('groq', [
  {
    type: 'tool_calls',
    calls: [{ name: 'get_weather', arguments: { city: 'Oslo', day: 'Saturday' } }],
  },
  { type: 'text', text: 'Saturday is dry, 14 °C.' },
  { type: 'text', text: '{"city":"Oslo","days":2}' },
]);

/** Warnings go to standard output here, so the page shows them. */
const onWarning = (warning: { code: string; message: string }) =>
  console.log(`warning ${warning.code}: ${warning.message}`);
const apiKey = 'not-a-real-key';

export const engine = createEngine({
  provider: 'anthropic',
  model: 'claude-sonnet-5-5',
  apiKey,
  baseUrl: simulator.baseUrl('anthropic', 'anthropic'),
  onWarning,
});
export const gemini = createEngine({
  provider: 'gemini',
  model: 'gemini-3.5-flash',
  apiKey,
  baseUrl: simulator.baseUrl('gemini', 'gemini'),
  onWarning,
});
export const groq = createEngine({
  provider: 'groq',
  model: 'openai/gpt-oss-120b',
  apiKey,
  baseUrl: simulator.baseUrl('openai', 'groq'),
  onWarning,
});
export const mcpServers = [weather];

export async function teardown(): Promise<void> {
  await Promise.all([engine.close(), gemini.close(), groq.close()]);
  await weather.close();
  await server.close();
  await simulator.close();
}
