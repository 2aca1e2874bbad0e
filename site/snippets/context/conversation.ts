// A runnable context for the engines README's "Saving and loading conversations": an engine
// on the provider simulator (no key, no network) with an MCP weather server, scripted for a
// first loop and the continued one. The simulator checks every request as Anthropic would:
// two assistant messages in a row are refused (HTTP 400), so a snippet that continues the
// conversation wrongly fails here.

import type { ChatMessage } from '@crosswire/dialects';
import { createEngine } from '@crosswire/engines';
import { startSimulator } from '@crosswire/simulator';
import { connectWeatherServer } from '../weather-server.js';

const { weather, close: closeWeather } = await connectWeatherServer();

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
  await closeWeather();
  await simulator.close();
}
