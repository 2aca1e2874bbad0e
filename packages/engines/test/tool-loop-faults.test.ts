/**
 * The tool loop against servers and replies that misbehave: it never hangs past the caller's
 * signal or its deadlines, never throws an untyped error, and never echoes a call without its
 * one result (issue 15, points 3, 5, 6 and 7). Every case runs in both modes: the plain loop
 * (`chatWithTools`/`runToolLoop`) and the streamed one (`streamWithTools`).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AbortedError, type CrosswireWarning, ToolLoopError } from '@crosswire/core';
import {
  type Inspection,
  SIMULATOR_WIRES,
  type Simulator,
  startSimulator,
  streamFrames,
} from '@crosswire/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatWithToolsOptions } from '../src/engine/chat-options.js';
import { createEngine, type Engine, type EngineOptions } from '../src/engine/engine.js';
import { DEFAULT_LIST_TOOLS_TIMEOUT_MS } from '../src/mcp/gather.js';
import type { McpRequestOptions, McpToolServer } from '../src/mcp/server.js';
import {
  connectInMemory,
  connectRawPeer,
  connectRawServer,
  createFixtureServer,
} from '../src/mcp/test-support/fixture-servers.js';

let simulator: Simulator;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await simulator.close();
});

function engine(
  lane: string,
  options: Partial<EngineOptions> & { provider?: 'openai' | 'anthropic' } = {},
): Engine {
  const provider = options.provider ?? 'openai';
  const created = createEngine({
    provider,
    model: options.model ?? (provider === 'anthropic' ? 'claude-sonnet-5-5' : 'gpt-6.1-sol'),
    apiKey: 'k',
    baseUrl: simulator.baseUrl(provider, lane),
    retry: { maxRetries: 0 },
    ...options,
  });
  closers.push(() => created.close());
  return created;
}

const never = <T>(): Promise<T> => new Promise<T>(() => {});
const echoTool = { name: 'echo', inputSchema: { type: 'object' } };

/** A server that lists `echo` and whose calls never settle (and ignore their signal). */
function hangingCallServer(): McpToolServer {
  return { listTools: async () => ({ tools: [echoTool] }), callTool: () => never() };
}

/** The deeply nested JSON `{"a":{"a":...1...}}`, `depth` objects deep, as text. */
function deepJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** The loop calls of an engine, run the way a mode runs them. */
interface LoopCalls {
  chatWithTools(input: string, options: ChatWithToolsOptions): Promise<string>;
  runToolLoop(input: string, options: ChatWithToolsOptions): ReturnType<Engine['runToolLoop']>;
}

function inMode(created: Engine, streamed: boolean): LoopCalls {
  return {
    chatWithTools: (input, options) =>
      streamed
        ? created.streamWithTools(input, options).finalText()
        : created.chatWithTools(input, options),
    runToolLoop: (input, options) =>
      streamed
        ? created.streamWithTools(input, options).finalResult()
        : created.runToolLoop(input, options),
  };
}

/** One request a {@link rawProvider} received, read with the simulator's own checks. */
interface RawReceived extends Inspection {
  readonly body: unknown;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A loopback provider that answers with `bodies` in turn, for reply shapes the simulator's
 * scripted steps cannot stream (calls without a name, `function: null`): as the wire's stream,
 * rendered by the simulator's own `streamFrames` (server-sent events), when the request asks
 * for one, else as JSON.
 * Each request is checked with the simulator's rules for the wire.
 */
async function rawProvider(
  wire: 'openai' | 'anthropic',
  bodies: readonly unknown[],
): Promise<{ baseUrl: string; received: RawReceived[] }> {
  const received: RawReceived[] = [];
  const server = createServer((request, response) => {
    readJson(request).then(
      (body) => {
        const path = new URL(request.url ?? '/', 'http://provider').pathname;
        received.push({ body, ...SIMULATOR_WIRES[wire].inspect(body, path) });
        const reply = bodies[received.length - 1];
        if ((body as { stream?: unknown }).stream === true) {
          response.writeHead(200, { 'content-type': 'text/event-stream' });
          response.end(streamFrames(wire, reply).join(''));
        } else {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(reply));
        }
      },
      (error: unknown) => response.destroy(error as Error),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

const MODES = [
  { mode: 'runToolLoop', streamed: false },
  { mode: 'streamWithTools', streamed: true },
] as const;

describe.each(MODES)('tool loop faults ($mode)', ({ mode, streamed }) => {
  const lane = (name: string) => `${name}-${mode}`;
  /** The loop calls of a fresh engine on lane `name` of the simulator, in this mode. */
  const run = (name: string, options: Parameters<typeof engine>[1] = {}) =>
    inMode(engine(lane(name), options), streamed);

  describe('the loop ends on the caller signal and on deadlines (point 3)', () => {
    it('rejects with AbortedError at once when listTools never settles and the signal is already aborted', async () => {
      const server: McpToolServer = { listTools: () => never(), callTool: () => never() };
      const controller = new AbortController();
      const reason = new Error('user stop');
      controller.abort(reason);
      const error = await run('abort-list-early')
        .chatWithTools('go', { mcpServers: [server], signal: controller.signal })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AbortedError);
      expect(error).toMatchObject({
        code: 'aborted',
        cause: reason,
        message: 'aborted while listing the tools of mcpServers[0]: user stop',
      });
    });

    it('rejects with AbortedError when the signal fires while listTools hangs', async () => {
      const server: McpToolServer = { listTools: () => never(), callTool: () => never() };
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 20);
      const error = await run('abort-list-late')
        .chatWithTools('go', { mcpServers: [server], signal: controller.signal })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AbortedError);
      // abort() without a reason: the platform's AbortError DOMException is the cause.
      expect((error as AbortedError).cause).toMatchObject({ name: 'AbortError' });
      expect((error as AbortedError).during).toBe('listing the tools of mcpServers[0]');
    });

    it('gives up on a server that never lists its tools after listToolsTimeoutMs', async () => {
      const hanging: McpToolServer = { listTools: () => never(), callTool: () => never() };
      const error = await run('list-timeout', { listToolsTimeoutMs: 50 })
        .chatWithTools('go', { mcpServers: [hangingCallServer(), hanging] })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ToolLoopError);
      expect(error).toMatchObject({
        code: 'mcp_list_tools_timeout',
        message: 'listing the tools of mcpServers[1] timed out after 50 ms',
        details: { server: 'mcpServers[1]', timeoutMs: 50 },
      });
      const perCall = await run('list-timeout-call')
        .chatWithTools('go', { mcpServers: [hanging], listToolsTimeoutMs: 30 })
        .catch((caught: unknown) => caught);
      expect(perCall).toMatchObject({ code: 'mcp_list_tools_timeout' });
    });

    it('lists tools with a 30 000 ms deadline by default, also given to the SDK as its timeout', async () => {
      expect(DEFAULT_LIST_TOOLS_TIMEOUT_MS).toBe(30_000);
      const seen: (McpRequestOptions | undefined)[] = [];
      simulator.script(lane('list-default'), [{ type: 'text', text: 'done' }]);
      const server: McpToolServer = {
        listTools: async (_params, options) => {
          seen.push(options);
          return { tools: [echoTool] };
        },
        callTool: () => never(),
      };
      await expect(run('list-default').chatWithTools('go', { mcpServers: [server] })).resolves.toBe(
        'done',
      );
      expect(seen.map((options) => options?.timeout)).toEqual([30_000]);
    });

    it('ends a callTool that never settles as soon as the signal fires, not at toolTimeoutMs', async () => {
      simulator.script(lane('abort-call'), [{ type: 'tool_calls', calls: [{ name: 'echo' }] }]);
      const controller = new AbortController();
      const reason = new Error('user stop');
      const loop = run('abort-call', { toolTimeoutMs: 600_000 }).chatWithTools('go', {
        mcpServers: [hangingCallServer()],
        signal: controller.signal,
      });
      // Abort once the call is running (the provider has answered with it).
      const waitForCall = async () => {
        while (simulator.received(lane('abort-call')).length === 0) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      };
      await waitForCall();
      setTimeout(() => controller.abort(reason), 20);
      const error = await loop.catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AbortedError);
      expect(error).toMatchObject({
        code: 'aborted',
        cause: reason,
        message: 'aborted while calling tool echo: user stop',
      });
    });

    it('types an abort while the provider request is in flight', async () => {
      simulator.script(lane('abort-request'), [{ type: 'text', text: 'late', delayMs: 2000 }]);
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error('user stop')), 50);
      const error = await run('abort-request')
        .chatWithTools('go', { mcpServers: [hangingCallServer()], signal: controller.signal })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AbortedError);
      expect(error).toMatchObject({
        code: 'aborted',
        message: expect.stringContaining('user stop'),
      });
    });
  });

  describe('deeply nested JSON never ends the loop with a RangeError (point 5)', () => {
    it('answers string arguments nested 10 000 levels deep with an error result', async () => {
      const fixture = await connectInMemory(createFixtureServer());
      closers.push(() => fixture.close());
      simulator.script(lane('deep-args'), [
        {
          type: 'tool_calls',
          calls: [
            { name: 'echo', id: 'call_deep', arguments: deepJson(10_000) },
            { name: 'echo', id: 'call_ok', arguments: { text: 'fine' } },
          ],
        },
        { type: 'text', text: 'recovered' },
      ]);
      const result = await run('deep-args').runToolLoop('go', { mcpServers: [fixture] });
      expect(result.text).toBe('recovered');
      const second = simulator.received(lane('deep-args'))[1];
      // The streamed mode really streams: the simulator recorded a stream for the first reply.
      expect(simulator.received(lane('deep-args'))[0]?.stream !== undefined).toBe(streamed);
      expect(second?.violations).toEqual([]);
      expect(second?.toolResults.map((received) => [received.id, received.block])).toEqual([
        [
          'call_deep',
          {
            role: 'tool',
            tool_call_id: 'call_deep',
            content: 'arguments are not valid JSON: nested deeper than 256 levels',
          },
        ],
        ['call_ok', { role: 'tool', tool_call_id: 'call_ok', content: 'fine' }],
      ]);
      expect(result.turns[0]?.toolCalls.map((call) => call.failure)).toEqual([
        'arguments_not_json',
        undefined,
      ]);
    });

    it('answers object arguments nested 4 000 levels deep (Anthropic input) and echoes them as {}', async () => {
      // 4 000: deep enough to overflow a recursive copy, shallow enough for the simulator to send.
      let deep: Record<string, unknown> = { leaf: 1 };
      for (let level = 0; level < 4_000; level++) deep = { a: deep };
      const provider = await rawProvider('anthropic', [
        {
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          model: 'claude-sonnet-5-5',
          content: [{ type: 'tool_use', id: 'toolu_deep', name: 'echo', input: deep }],
          stop_reason: 'tool_use',
          usage: { input_tokens: 1, output_tokens: 1 },
        },
        SIMULATOR_WIRES.anthropic.reply(
          { type: 'text', text: 'recovered' },
          { model: 'claude-sonnet-5-5', turn: 2 },
        ),
      ]);
      const result = await run('deep-input', {
        provider: 'anthropic',
        baseUrl: provider.baseUrl,
      }).runToolLoop('go', { mcpServers: [hangingCallServer()] });
      expect(result.text).toBe('recovered');
      const second = provider.received[1];
      expect(
        (provider.received[0]?.body as { stream?: unknown } | undefined)?.stream === true,
      ).toBe(streamed);
      expect(second?.violations).toEqual([]);
      const messages = (second?.body as { messages: unknown[] } | undefined)?.messages ?? [];
      expect(messages[1]).toEqual({
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_deep', name: 'echo', input: {} }],
      });
      expect(second?.toolResults.map((received) => received.block)).toEqual([
        {
          type: 'tool_result',
          tool_use_id: 'toolu_deep',
          content: [
            { type: 'text', text: 'arguments are not valid JSON: nested deeper than 256 levels' },
          ],
          is_error: true,
        },
      ]);
    });

    it('sends a tool content block nested 10 000 levels deep as a placeholder', async () => {
      let deep: unknown = 'leaf';
      for (let level = 0; level < 10_000; level++) deep = [deep];
      const raw = await connectRawServer({
        content: [
          { type: 'text', text: 'before' },
          { type: 'future_block', mimeType: 'application/x-tree', tree: deep },
        ],
      });
      closers.push(() => raw.close());
      simulator.script(lane('deep-item'), [
        { type: 'tool_calls', calls: [{ name: 'malformed', id: 'call_1' }] },
        { type: 'text', text: 'recovered' },
      ]);
      const warnings: CrosswireWarning[] = [];
      const result = await run('deep-item').runToolLoop('go', {
        mcpServers: [raw],
        onWarning: (warning) => warnings.push(warning),
      });
      expect(result.text).toBe('recovered');
      expect(simulator.received(lane('deep-item'))[1]?.toolResults[0]?.block).toEqual({
        role: 'tool',
        tool_call_id: 'call_1',
        content: 'before\n[future_block] application/x-tree',
      });
      expect(warnings).toContainEqual(
        expect.objectContaining({
          code: 'unknown_content_block',
          message: 'content[1]: block nests deeper than 256 levels; it is sent as a placeholder',
        }),
      );
    });
  });

  describe('every echoed call gets exactly one result (point 6)', () => {
    const reply = (calls: unknown[]) => ({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      model: 'gpt-6.1-sol',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: null, tool_calls: calls },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
    const answered = SIMULATOR_WIRES.openai.reply(
      { type: 'text', text: 'answered' },
      { model: 'gpt-6.1-sol', turn: 2 },
    );
    const call = (id: string, name: unknown, args = '{"text":"hi"}') => ({
      id,
      type: 'function',
      function: { name, arguments: args },
    });

    it('leaves nameless calls and function: null out of the echo, with one warning', async () => {
      const fixture = await connectInMemory(createFixtureServer());
      closers.push(() => fixture.close());
      const provider = await rawProvider('openai', [
        reply([
          call('call_a', 'echo'),
          call('call_b', ''),
          { id: 'call_c', type: 'function', function: null },
          call('call_d', undefined),
        ]),
        answered,
      ]);
      const warnings: CrosswireWarning[] = [];
      const result = await run('nameless', { baseUrl: `${provider.baseUrl}/v1` }).runToolLoop(
        'go',
        {
          mcpServers: [fixture],
          onWarning: (warning) => warnings.push(warning),
        },
      );
      expect(result.text).toBe('answered');
      const second = provider.received[1];
      expect(
        (provider.received[0]?.body as { stream?: unknown } | undefined)?.stream === true,
      ).toBe(streamed);
      expect(second?.violations).toEqual([]);
      const messages = (second?.body as { messages: unknown[] } | undefined)?.messages ?? [];
      expect(messages.slice(1)).toEqual([
        { role: 'assistant', content: null, tool_calls: [call('call_a', 'echo')] },
        { role: 'tool', tool_call_id: 'call_a', content: 'hi' },
      ]);
      expect(warnings.filter((warning) => warning.code === 'tool_call_dropped')).toEqual([
        expect.objectContaining({
          message:
            'openai: 3 tool call(s) of the reply cannot be answered and are left out of the conversation: (no name), (no name), (no name)',
        }),
      ]);
    });

    it('runs the first of two calls with the same id and leaves the repeat out', async () => {
      const peer = await connectRawPeer({
        pages: [[echoTool]],
        call: (params) => ({ content: [{ type: 'text', text: JSON.stringify(params.arguments) }] }),
      });
      closers.push(() => peer.client.close());
      const provider = await rawProvider('openai', [
        reply([
          call('call_x', 'echo', '{"text":"first"}'),
          call('call_x', 'echo', '{"text":"second"}'),
          call('call_x', 'echo', '{"text":"first"}'),
          call('call_y', 'echo', '{"text":"other"}'),
        ]),
        answered,
      ]);
      const warnings: CrosswireWarning[] = [];
      const result = await run('duplicate-ids', { baseUrl: `${provider.baseUrl}/v1` }).runToolLoop(
        'go',
        { mcpServers: [peer.client], onWarning: (warning) => warnings.push(warning) },
      );
      expect(result.text).toBe('answered');
      expect(peer.calls.map((received) => received.arguments)).toEqual([
        { text: 'first' },
        { text: 'other' },
      ]);
      const second = provider.received[1];
      expect(
        (provider.received[0]?.body as { stream?: unknown } | undefined)?.stream === true,
      ).toBe(streamed);
      expect(second?.violations).toEqual([]);
      expect(second?.toolResults.map((received) => received.id)).toEqual(['call_x', 'call_y']);
      expect(warnings.map((warning) => warning.code)).toContain('tool_call_dropped');
    });
  });

  describe('a tool result that is not an object (point 7)', () => {
    it.each([
      ['a string', 'text'],
      ['a number', 42],
      ['null', null],
      ['an array', [1, 2]],
    ])('reports %s as malformed_result at once, not as a timeout', async (kind, value) => {
      const raw = await connectRawServer(value);
      closers.push(() => raw.close());
      const name = `not-object-${kind.replace(' ', '-')}`;
      simulator.script(lane(name), [
        { type: 'tool_calls', calls: [{ name: 'malformed', id: 'call_1' }] },
        { type: 'text', text: 'noted' },
      ]);
      const result = await run(name, { toolTimeoutMs: 600_000 }).runToolLoop('go', {
        mcpServers: [raw],
      });
      expect(result.text).toBe('noted');
      expect(result.turns[0]?.toolCalls[0]?.failure).toBe('malformed_result');
      expect(simulator.received(lane(name))[1]?.toolResults[0]?.block).toEqual({
        role: 'tool',
        tool_call_id: 'call_1',
        content: `tool malformed returned a malformed result: the result is ${kind}, not an object`,
      });
    });
  });
});
