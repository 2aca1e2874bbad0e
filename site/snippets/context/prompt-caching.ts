// A runnable context for the prompt caching guide (docs/prompt-caching-and-cost.md): an
// Anthropic engine on the provider simulator with caching on (it counts each request's input
// tokens, one per 4 characters of its JSON, and reports cache reads and writes by Anthropic's
// rules), an MCP weather server, and standing instructions long enough to be cached. The
// simulator plays the model: two tool calls, then the answer, for each of two loops.

import { createEngine } from '@crosswire/engines';
import { startSimulator } from '@crosswire/simulator';
import { connectWeatherServer } from '../weather-server.js';

const { weather, close: closeWeather } = await connectWeatherServer();

const simulator = await startSimulator({ caching: true });
const oneLoop = [
  {
    type: 'tool_calls',
    calls: [{ name: 'get_weather', arguments: { city: 'Paris', day: 'today' } }],
  },
  {
    type: 'tool_calls',
    calls: [{ name: 'get_weather', arguments: { city: 'Paris', day: 'tomorrow' } }],
  },
  { type: 'text', text: 'Today 21 °C, tomorrow 18 °C.' },
] as const;
simulator.script('loops', [...oneLoop, ...oneLoop]);

export const engine = createEngine({
  provider: 'anthropic',
  model: 'claude-sonnet-5-5',
  apiKey: 'not-a-real-key',
  baseUrl: simulator.baseUrl('anthropic', 'loops'),
});
export const mcpServers = [weather];

/** An agent's standing instructions: about 1,700 tokens, past what Anthropic caches at least. */
export const instructions = Array.from(
  { length: 70 },
  (_, index) =>
    `Rule ${index + 1}: answer briefly, in metric units, and name the tool each figure came from.`,
).join('\n');

export async function teardown(): Promise<void> {
  await engine.close();
  await closeWeather();
  await simulator.close();
}
