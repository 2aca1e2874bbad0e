// The MCP weather server the runnable snippet contexts share: `get_weather` answers 21 °C for
// today and 18 °C for any other day, over an in-memory transport (no process, no network).

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

/** A connected client of a new weather server; `close()` closes both ends. */
export async function connectWeatherServer(): Promise<{
  readonly weather: Client;
  close(): Promise<void>;
}> {
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
  return {
    weather,
    close: async () => {
      await weather.close();
      await server.close();
    },
  };
}
