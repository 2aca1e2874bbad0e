// A tool-calling agent: one MCP server, one engine, the tool loop.
// With ANTHROPIC_API_KEY set it talks to Anthropic; without, to the provider simulator on
// 127.0.0.1, which plays the model (no key, no network).
import { createEngine } from '@crosswire/engines';
import { startSimulator } from '@crosswire/simulator';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

// 1. An MCP server with one tool. Here it runs in this process; a stdio or HTTP server
//    connects the same way (StdioClientTransport, StreamableHTTPClientTransport).
const server = new McpServer({ name: 'weather', version: '1.0.0' });
server.registerTool(
  'get_weather',
  { description: 'Current weather for a city.', inputSchema: { city: z.string() } },
  async ({ city }) => ({ content: [{ type: 'text', text: `${city}: 21 °C, light wind` }] }),
);
const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
await server.connect(serverTransport);
const weather = new Client({ name: 'quick-start', version: '1.0.0' });
await weather.connect(clientTransport);

// 2. The simulator, when there is no key: it answers with a tool call, then with text.
const simulator = process.env.ANTHROPIC_API_KEY ? undefined : await startSimulator();
simulator?.script('quick-start', [
  { type: 'tool_calls', calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }] },
  { type: 'text', text: 'It is 21 °C in Paris, with a light wind.' },
]);

// 3. An engine for a model, built from the registry's data. The simulator checks every
//    request as Anthropic would, but takes any key: the engine needs one for a provider
//    that requires a key, so a placeholder goes with the simulator's URL.
const engine = createEngine({
  provider: 'anthropic',
  model: 'claude-sonnet-5-5',
  ...(simulator && {
    apiKey: 'not-a-real-key',
    baseUrl: simulator.baseUrl('anthropic', 'quick-start'),
  }),
});

try {
  // 4. The tool loop: the model calls tools, the engine runs them on the MCP server and sends
  //    the results back, until the model answers (or maxIterations).
  const result = await engine.runToolLoop('What is the weather in Paris?', {
    mcpServers: [weather],
    maxIterations: 5,
    signal: AbortSignal.timeout(60_000),
  });
  console.log(result.text);
  for (const turn of result.turns) {
    const calls = turn.toolCalls.map((call) => ` ${call.name}${call.isError ? ' (error)' : ''}`);
    console.log(`turn ${turn.iteration}: ${turn.finishReason}${calls.join(',')}`);
  }
  console.log(`tokens: ${result.usage.inputTokens} in, ${result.usage.outputTokens} out`);
} finally {
  await engine.close();
  await weather.close();
  await simulator?.close();
}
