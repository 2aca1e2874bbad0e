// The engine's documented defaults (README, createEngine options), each used without passing
// the option: the retry policy, the per-call MCP tool timeout, the stream idle timeout, the
// stream decoder's frame bound and the simulator's stream piece size.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createToolCall, type WireFormat } from '@crosswire/core';
import type { StreamEvent } from '@crosswire/dialects';
import { createStreamDecoder } from '@crosswire/dialects';
import { type Simulator, startSimulator, streamFrames } from '@crosswire/simulator';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEngine } from '../src/engine/engine.js';
import type { RetryEvent } from '../src/http/transport.js';
import { callTools } from '../src/mcp/call.js';
import { gatherTools } from '../src/mcp/gather.js';
import type { McpRequestOptions, McpToolServer } from '../src/mcp/server.js';

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
      model: 'gpt-6.1-sol',
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
      model: 'gpt-6.1-sol',
      apiKey: 'k',
      baseUrl: simulator.baseUrl('openai', 'default-tool-timeout'),
    });
    expect(await engine.chatWithTools('go', { mcpServers: [answering] })).toBe('finished');
    expect(options.map((option) => option?.timeout)).toEqual([60_000]);
    await engine.close();
  });
});

describe('streamIdleTimeoutMs (default 60 000 ms between chunks)', () => {
  it('a stream whose server goes silent after its headers fails at exactly 60 s', async () => {
    // Headers, then nothing: the only timer left to the test is the stream's idle timer.
    const server = createServer((request, response) => {
      request.resume();
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.flushHeaders();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const engine = createEngine({
      provider: 'openai',
      model: 'gpt-6.1-sol',
      apiKey: 'k',
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      retry: { maxRetries: 0 },
    });
    try {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const stream = engine.stream('hi');
      let failure: unknown;
      const pending = stream.finalText().catch((error: unknown) => {
        failure = error;
      });
      // The idle timer starts as the reply's headers are read (facts are set just before).
      while (stream.facts === undefined) await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(59_999);
      expect(failure).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      await pending;
      expect(failure).toMatchObject({
        code: 'stream_idle_timeout',
        details: { idleTimeoutMs: 60_000 },
        message:
          'openai sent nothing for 60000 ms in the middle of a stream; the connection was closed',
      });
    } finally {
      vi.useRealTimers();
      await engine.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('maxFrameSize (default 16 MiB per stream frame)', () => {
  const limit = 16 * 1024 * 1024;
  const frameErrors = (events: StreamEvent[]) =>
    events.flatMap((event) =>
      event.type === 'error'
        ? [[(event.error as { code?: string }).code, event.error.message]]
        : [],
    );

  it.each([
    ['openai', 'data: '],
    ['ollama', ''],
  ] as const)(
    '%s: an unfinished frame of 16 MiB is held, one character more is refused',
    (wire, prefix) => {
      const frame = `${prefix}${'x'.repeat(limit - prefix.length)}`;
      expect(frameErrors(createStreamDecoder(wire).push(frame))).toEqual([]);
      expect(frameErrors(createStreamDecoder(wire).push(`${frame}x`))).toEqual([
        [
          'stream_frame_too_large',
          'stream frame larger than maxFrameSize (16777216 characters); refused',
        ],
      ]);
    },
  );
});

describe('simulator pieceSize (default 8 characters per delta)', () => {
  const LANES: readonly { wire: WireFormat; provider: string; model: string }[] = [
    { wire: 'openai', provider: 'openai', model: 'gpt-6.1-sol' },
    { wire: 'anthropic', provider: 'anthropic', model: 'claude-sonnet-5-5' },
    { wire: 'gemini', provider: 'gemini', model: 'gemini-2.5-flash-lite' },
    { wire: 'ollama', provider: 'ollama', model: 'llama3.2' },
    { wire: 'responses', provider: 'openai-responses', model: 'gpt-6.1-sol' },
    { wire: 'hermes', provider: 'nousresearch', model: 'Hermes-4-405B' },
  ];
  const TEXT = 'abcdefghijklmnopqrstuvwxyz';
  const PIECES = ['abcdefgh', 'ijklmnop', 'qrstuvwx', 'yz'];

  it.each(LANES)(
    'a scripted reply on $wire streams its text 8 characters per delta',
    async (lane) => {
      const name = `default-piece-${lane.wire}`;
      simulator.script(name, [{ type: 'text', text: TEXT }]);
      const engine = createEngine({
        provider: lane.provider,
        model: lane.model,
        apiKey: 'k',
        baseUrl: simulator.baseUrl(lane.wire, name),
        onWarning: () => undefined,
      });
      const deltas: string[] = [];
      for await (const event of engine.stream('hi')) {
        if (event.type === 'text-delta') deltas.push(event.text);
      }
      await engine.close();
      expect(deltas).toEqual(PIECES);
    },
  );

  it('streamFrames without options cuts the text into 8-character deltas', () => {
    const body = {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1,
      model: 'm',
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: TEXT } }],
    };
    const frames = streamFrames('openai', body);
    expect(frames.at(-1)).toBe('data: [DONE]\n\n');
    const contents = frames.slice(0, -1).flatMap((frame) => {
      const data = JSON.parse(String(frame).slice('data: '.length)) as {
        choices?: { delta?: { content?: string | null } }[];
      };
      const content = data.choices?.[0]?.delta?.content;
      return typeof content === 'string' && content !== '' ? [content] : [];
    });
    expect(contents).toEqual(PIECES);
  });
});
