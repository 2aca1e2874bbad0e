// An MCP server (the official SDK, Streamable HTTP on 127.0.0.1) whose tool is idempotent by
// key: the tool call's idempotency key arrives in the request's
// `_meta["dev.crosswire/idempotency-key"]` (IDEMPOTENCY_KEY_META), and the first call
// with a key claims it in Redis (SET NX), runs, and stores its result; every later call with
// the same key (a worker that took over a job whose worker died mid-call) waits for that
// result and returns it without running again. This is the half of "exactly once" that a
// queue cannot give: the queue delivers a step at least once, the tool deduplicates.
//
// Redis keys (prefix `tool:`): `<key>:claim` (the lease of the run in progress),
// `<key>:result` (the stored result), `<key>:calls` (calls seen), `executions` (a list with
// one entry per real run; the test reads it).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { IDEMPOTENCY_KEY_META } from '@crosswire/engines';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the tool server: `{ url, close() }`.
 * - `redis`: an ioredis client (the server's own store; here the same Redis as the queue).
 * - `delayMs`: how long one run of `lookup` takes (long enough in the test to kill a worker
 *   while the call runs).
 * - `leaseMs`: how long a claim lasts without a result; a run that takes longer, or a server
 *   that dies mid-run, lets the next call with the key run again after it.
 * - `resultTtlSeconds`: how long a result is kept for replays (the deduplication window).
 * - `onRun(key)`: told when a run starts (the test uses it to kill a worker mid-call).
 */
export async function startToolServer({
  redis,
  delayMs = 0,
  leaseMs = 30_000,
  resultTtlSeconds = 24 * 3600,
  onRun = () => {},
} = {}) {
  const lookup = async ({ topic }, extra) => {
    const key = extra._meta?.[IDEMPOTENCY_KEY_META];
    if (typeof key !== 'string' || key === '') {
      await redis.incr('tool:unkeyed-calls');
      return run(topic);
    }
    await redis.incr(`tool:${key}:calls`);
    for (;;) {
      const stored = await redis.get(`tool:${key}:result`);
      if (stored !== null) return JSON.parse(stored);
      const owner = randomUUID();
      if ((await redis.set(`tool:${key}:claim`, owner, 'PX', leaseMs, 'NX')) === 'OK') {
        await redis.rpush('tool:executions', key);
        onRun(key);
        const result = await run(topic);
        await redis.set(`tool:${key}:result`, JSON.stringify(result), 'EX', resultTtlSeconds);
        return result;
      }
      // Another call with this key is running: wait for its result (or for its lease to end).
      await sleep(25);
    }
  };
  const run = async (topic) => {
    if (delayMs > 0) await sleep(delayMs);
    return { content: [{ type: 'text', text: `${topic}: ${topic.length} letters` }] };
  };

  const http = createServer(async (request, response) => {
    if (request.method !== 'POST') {
      response.writeHead(405).end();
      return;
    }
    // Stateless Streamable HTTP: one server and transport per request, as the SDK documents.
    const server = new McpServer({ name: 'lookup-tools', version: '1.0.0' });
    server.registerTool(
      'lookup',
      {
        description: 'Looks a topic up (idempotent by the call key in _meta).',
        inputSchema: { topic: z.string() },
      },
      lookup,
    );
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    response.on('close', () => {
      transport.close();
      server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request, response);
    } catch (error) {
      if (!response.headersSent) response.writeHead(500).end(String(error));
    }
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address();
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    close: () =>
      new Promise((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}
