import { createEngine } from '@crosswire/engines';
import { startSimulator } from '@crosswire/engines/simulator';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Redis } from 'ioredis';
import { startRedisServer } from './redis-server.mjs';
import { startToolServer } from './tool-server.mjs';

const redisServer = await startRedisServer();
const redis = new Redis(redisServer.url);
const tools = await startToolServer({ redis, delayMs: 50 });
const simulator = await startSimulator({
  fallback: (req) => {
    const results = req.body.messages.filter((m) => m.role === 'tool').length;
    if (results === 0)
      return {
        type: 'tool_calls',
        calls: [
          { name: 'lookup', arguments: { topic: 'alpha' } },
          { name: 'lookup', arguments: { topic: 'beta' } },
        ],
      };
    if (results === 2)
      return { type: 'tool_calls', calls: [{ name: 'lookup', arguments: { topic: 'alphabeta' } }] };
    return { type: 'text', text: `done after ${results} results` };
  },
});
const client = new Client({ name: 'w', version: '1' });
await client.connect(new StreamableHTTPClientTransport(new URL(tools.url)));
const engine = createEngine({
  provider: 'openai',
  model: 'gpt-5.1',
  apiKey: 'sk-x',
  baseUrl: simulator.baseUrl('openai', 'loop-1'),
});
const result = await engine.runToolLoop('Research alpha and beta', { mcpServers: [client] });
console.log(result.text, result.turns.length, await redis.get('tool:unkeyed-calls'));
console.log(JSON.stringify(result.messages).slice(0, 600));
await client.close();
await engine.close();
await simulator.close();
await tools.close();
redis.disconnect();
await redisServer.stop();
