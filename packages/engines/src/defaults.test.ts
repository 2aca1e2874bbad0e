// The engine's documented defaults (README, createEngine options), each used without passing
// the option: the retry policy and the per-call MCP tool timeout.
import { createToolCall } from '@crosswire/core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEngine } from './engine.js';
import type { RetryEvent } from './http/transport.js';
import { callTools } from './mcp/call.js';
import { gatherTools } from './mcp/gather.js';
import type { McpRequestOptions, McpToolServer } from './mcp/server.js';
import { type Simulator, startSimulator } from './simulator/index.js';

let simulator: Simulator;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => {
  await simulator.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A server with one tool that never answers, recording the options of each call. */
function hangingServer(): { server: McpToolServer; options: (McpRequestOptions | undefined)[] } {
  const options: (McpRequestOptions | undefined)[] = [];
  return {
    options,
    server: {
      async listTools() {
        return { tools: [{ name: 'hang', inputSchema: { type: 'object' } }] };
      },
      callTool(_params, _schema, callOptions) {
        options.push(callOptions);
        return new Promise(() => undefined);
      },
    },
  };
}

const hang = createToolCall({ id: 'c1', name: 'hang', arguments: '{}', raw: {}, wire: 'openai' });

describe('retry (default { maxRetries: 2, baseDelayMs: 500, maxDelayMs: 30000 })', () => {
  it('an engine given no retry option makes 3 attempts, then fails with the last error', async () => {
    const busy = {
      type: 'error',
      status: 503,
      message: 'busy (simulated)',
      // Zero wait, so the test checks the attempt count without the default backoff's time.
      headers: { 'retry-after-ms': '0' },
    } as const;
    simulator.script('default-retries', [busy, busy, busy, { type: 'text', text: 'too late' }]);
    const retries: RetryEvent[] = [];
    const engine = createEngine({
      provider: 'openai',
      model: 'gpt-5.1',
      apiKey: 'k',
      baseUrl: simulator.baseUrl('openai', 'default-retries'),
      onRetry: (event) => retries.push(event),
    });
    await expect(engine.chat('hi')).rejects.toMatchObject({ status: 503 });
    expect(simulator.received('default-retries')).toHaveLength(3);
    expect(retries.map((event) => [event.attempt, event.status, event.delayMs])).toEqual([
      [1, 503, 0],
      [2, 503, 0],
    ]);
    await engine.close();
  });
});

describe('toolTimeoutMs (default 60 000 ms per MCP tool call)', () => {
  it('a call with no timeout given times out at exactly 60 s, and the SDK is told 60 s', async () => {
    const { server, options } = hangingServer();
    const roster = await gatherTools([server]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let settled = false;
    const pending = callTools(roster, [hang]).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const [output] = await pending;
    expect([output?.failure, output?.result.isError, output?.result.content]).toEqual([
      'timeout',
      true,
      [{ type: 'text', text: 'tool hang timed out after 60000 ms' }],
    ]);
    expect(options.map((option) => option?.timeout)).toEqual([60_000]);
  });

  it('chatWithTools on an engine given no toolTimeoutMs passes 60 s to each tool call', async () => {
    const { server, options } = hangingServer();
    const answering: McpToolServer = {
      listTools: () => server.listTools(),
      callTool: (params, schema, callOptions) => {
        void server.callTool(params, schema, callOptions);
        return Promise.resolve({ content: [{ type: 'text', text: 'done' }] });
      },
    };
    simulator.script('default-tool-timeout', [
      { type: 'tool_calls', calls: [{ name: 'hang', arguments: {} }] },
      { type: 'text', text: 'finished' },
    ]);
    const engine = createEngine({
      provider: 'openai',
      model: 'gpt-5.1',
      apiKey: 'k',
      baseUrl: simulator.baseUrl('openai', 'default-tool-timeout'),
    });
    expect(await engine.chatWithTools('go', { mcpServers: [answering] })).toBe('finished');
    expect(options.map((option) => option?.timeout)).toEqual([60_000]);
    await engine.close();
  });
});
