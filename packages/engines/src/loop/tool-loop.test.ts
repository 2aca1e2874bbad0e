import { fileURLToPath } from 'node:url';
import type { CrosswireWarning } from '@crosswire/core';
import { faults, type Simulator, startSimulator } from '@crosswire/simulator';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatWithToolsOptions } from '../engine/chat-options.js';
import { createEngine, type Engine, type EngineOptions } from '../engine/engine.js';
import type { McpToolServer } from '../mcp/server.js';
import {
  connectInMemory,
  connectRawServer,
  createFixtureServer,
  createPagedServer,
  PDF_BASE64,
  PNG_BASE64,
} from '../mcp/test-support/fixture-servers.js';

let simulator: Simulator;
let fixture: Client;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  simulator = await startSimulator();
  fixture = await connectInMemory(createFixtureServer());
  closers.push(() => fixture.close());
});
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await simulator.close();
});

function engine(lane: string, options: Partial<EngineOptions> = {}): Engine {
  const created = createEngine({
    provider: 'openai',
    model: 'gpt-6.1-sol',
    apiKey: 'k',
    baseUrl: simulator.baseUrl('openai', lane),
    retry: { baseDelayMs: 1 },
    toolTimeoutMs: 300,
    ...options,
  });
  closers.push(() => created.close());
  return created;
}

/** Counts the calls each tool got, wrapping a server. */
function counting(server: McpToolServer): { server: McpToolServer; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  return {
    calls,
    server: {
      listTools: (params, options) => server.listTools(params, options),
      callTool: (params, schema, options) => {
        calls.set(params.name, (calls.get(params.name) ?? 0) + 1);
        return server.callTool(params, schema, options);
      },
      getServerVersion: () => server.getServerVersion?.(),
    },
  };
}

// Every loop rule holds for the streamed loop too: each test runs once per mode.
const MODES = [
  { mode: 'runToolLoop', streamed: false },
  { mode: 'streamWithTools', streamed: true },
] as const;

describe.each(MODES)('chatWithTools ($mode)', ({ mode, streamed }) => {
  const lane = (name: string) => (streamed ? `${name}-${mode}` : name);
  /** The engine, with chatWithTools and runToolLoop run the way this mode runs them. */
  const loopEngine = (name: string, options: Partial<EngineOptions> = {}) => {
    const created = engine(name, options);
    return {
      chatWithTools: (input: string, loopOptions: ChatWithToolsOptions) =>
        streamed
          ? created.streamWithTools(input, loopOptions).finalText()
          : created.chatWithTools(input, loopOptions),
      runToolLoop: (input: string, loopOptions: ChatWithToolsOptions) =>
        streamed
          ? created.streamWithTools(input, loopOptions).finalResult()
          : created.runToolLoop(input, loopOptions),
    };
  };

  it('runs the calls, sends one result per call and returns the final text', async () => {
    simulator.script(lane('basic'), [
      {
        type: 'tool_calls',
        calls: [{ name: 'echo', arguments: { text: 'ping' } }, { name: 'snapshot' }],
      },
      { type: 'text', text: 'all done' },
    ]);
    const text = await loopEngine(lane('basic')).chatWithTools('use the tools', {
      mcpServers: [fixture],
    });
    expect(text).toBe('all done');
    const [first, second] = simulator.received(lane('basic'));
    expect(first?.tools).toEqual([
      'echo',
      'snapshot',
      'report',
      'readme',
      'link',
      'fail',
      'slow',
      'throws',
      'weather',
    ]);
    expect(second?.violations).toEqual([]);
    expect(second?.toolResults.map((result) => result.block)).toEqual([
      { role: 'tool', tool_call_id: 'call_1_0', content: 'ping' },
      {
        role: 'tool',
        tool_call_id: 'call_1_1',
        content: 'the snapshot:\n[image] image/png (70 bytes)',
      },
    ]);
  });

  it('answers an unknown tool and undecodable arguments with error results and goes on', async () => {
    simulator.script(lane('errors'), [
      {
        type: 'tool_calls',
        calls: [
          { name: 'nope', arguments: {} },
          { name: 'echo', arguments: '{"text": ' },
          { name: 'echo', arguments: { text: 'fine' } },
        ],
      },
      { type: 'text', text: 'recovered' },
    ]);
    const text = await loopEngine(lane('errors')).chatWithTools('go', { mcpServers: [fixture] });
    expect(text).toBe('recovered');
    const results = simulator
      .received(lane('errors'))[1]
      ?.toolResults.map((result) => result.block);
    expect(results).toEqual([
      { role: 'tool', tool_call_id: 'call_1_0', content: 'unknown tool nope' },
      {
        role: 'tool',
        tool_call_id: 'call_1_1',
        content: expect.stringMatching(/^arguments are not valid JSON: /),
      },
      { role: 'tool', tool_call_id: 'call_1_2', content: 'fine' },
    ]);
  });

  it('drops calls cut off by the token limit with one warning, and fails when none is left', async () => {
    simulator.script(lane('truncated'), [
      {
        type: 'tool_calls',
        calls: [
          { name: 'echo', arguments: { text: 'whole' } },
          { name: 'echo', arguments: '{"text": "cut of' },
        ],
        finish: 'length',
      },
      { type: 'text', text: 'ok then' },
    ]);
    const warnings: CrosswireWarning[] = [];
    const text = await loopEngine(lane('truncated')).chatWithTools('go', {
      mcpServers: [fixture],
      onWarning: (warning) => warnings.push(warning),
    });
    expect(text).toBe('ok then');
    expect(warnings.map((warning) => warning.code)).toEqual(['tool_call_arguments_truncated']);
    const second = simulator.received(lane('truncated'))[1];
    expect(second?.violations).toEqual([]);
    expect(second?.toolResults.map((result) => result.id)).toEqual(['call_1_0']);

    simulator.script(lane('all-truncated'), [
      {
        type: 'tool_calls',
        calls: [{ name: 'echo', arguments: '{"text": "cu' }],
        finish: 'length',
      },
    ]);
    await expect(
      loopEngine(lane('all-truncated')).chatWithTools('go', { mcpServers: [fixture] }),
    ).rejects.toMatchObject({
      name: 'ToolLoopError',
      code: 'tool_call_arguments_truncated',
      message: expect.stringMatching(/^tool call arguments truncated \(finish_reason length\)/),
    });
    expect(simulator.received(lane('all-truncated'))).toHaveLength(1);
  });

  it('ends with ToolLoopError after maxIterations replies that still ask for tools', async () => {
    simulator.script(lane('forever'), () => ({
      type: 'tool_calls',
      calls: [{ name: 'echo', arguments: { text: 'again' } }],
    }));
    const counted = counting(fixture);
    await expect(
      loopEngine(lane('forever')).chatWithTools('go', {
        mcpServers: [counted.server],
        maxIterations: 3,
      }),
    ).rejects.toMatchObject({
      name: 'ToolLoopError',
      code: 'tool_loop_max_iterations',
      message: 'tool loop reached maxIterations (3) and the model still asks for tools: echo',
    });
    expect(simulator.received(lane('forever'))).toHaveLength(3);
    expect(counted.calls.get('echo')).toBe(2);
  });

  it('sends a duplicate tool once and runs it on the first server, with a warning', async () => {
    const alpha = await connectInMemory(createPagedServer('alpha', [['shared']]));
    const beta = await connectInMemory(createPagedServer('beta', [['shared', 'only-beta']]));
    closers.push(
      () => alpha.close(),
      () => beta.close(),
    );
    simulator.script(lane('dupes'), [
      { type: 'tool_calls', calls: [{ name: 'shared' }, { name: 'only-beta' }] },
      { type: 'text', text: 'done' },
    ]);
    const warnings: CrosswireWarning[] = [];
    await loopEngine(lane('dupes')).chatWithTools('go', {
      mcpServers: [alpha, beta],
      onWarning: (warning) => warnings.push(warning),
    });
    const [first, second] = simulator.received(lane('dupes'));
    expect(first?.tools).toEqual(['shared', 'only-beta']);
    expect(
      second?.toolResults.map((result) => (result.block as { content: string }).content),
    ).toEqual(['shared ran on alpha', 'only-beta ran on beta']);
    expect(warnings.map((warning) => warning.code)).toEqual(['duplicate_tool']);
  });

  it('turns timeouts, MCP errors, thrown errors and malformed results into error results; the others still run', async () => {
    const raw = await connectRawServer({ content: 'not an array' }, 'garbled');
    closers.push(() => raw.close());
    simulator.script(lane('faulty-tools'), [
      {
        type: 'tool_calls',
        calls: [
          { name: 'slow' },
          { name: 'throws' },
          { name: 'fail' },
          { name: 'garbled' },
          { name: 'echo', arguments: { text: 'alive' } },
        ],
      },
      { type: 'text', text: 'survived' },
    ]);
    const result = await loopEngine(lane('faulty-tools')).runToolLoop('go', {
      mcpServers: [fixture, raw],
    });
    expect(result.text).toBe('survived');
    expect(
      simulator
        .received('faulty-tools')[1]
        ?.toolResults.map((received) => (received.block as { content: string }).content),
    ).toEqual([
      'tool slow timed out after 300 ms',
      'kaput',
      'the disk is full',
      expect.stringMatching(/^tool garbled returned a malformed result: /),
      'alive',
    ]);
    expect(
      result.turns[0]?.toolCalls.map((call) => [call.name, call.isError, call.failure]),
    ).toEqual([
      ['slow', true, 'timeout'],
      ['throws', true, undefined],
      ['fail', true, undefined],
      ['garbled', true, 'malformed_result'],
      ['echo', false, undefined],
    ]);
  });

  it('loses nothing when the provider answers 429 and 500 mid-loop: each call runs once', async () => {
    simulator.script(lane('flaky'), [
      faults.rateLimited(0),
      {
        type: 'tool_calls',
        calls: [
          { name: 'echo', arguments: { text: 'one' } },
          { name: 'weather', arguments: { city: 'Oslo' } },
        ],
      },
      faults.serverError(),
      faults.rateLimited(0),
      { type: 'text', text: 'steady' },
    ]);
    const counted = counting(fixture);
    const result = await loopEngine(lane('flaky')).runToolLoop('go', {
      mcpServers: [counted.server],
    });
    expect(result.text).toBe('steady');
    expect(Object.fromEntries(counted.calls)).toEqual({ echo: 1, weather: 1 });
    expect(simulator.received(lane('flaky')).map((record) => record.status)).toEqual([
      429, 200, 500, 429, 200,
    ]);
    expect(
      result.turns.map((turn) => [turn.iteration, turn.attempts, turn.toolCalls.length]),
    ).toEqual([
      [1, 2, 2],
      [2, 3, 0],
    ]);
    expect(result.usage.inputTokens).toBeGreaterThan(0);
  });

  it('refuses to start without servers and stops on the caller signal', async () => {
    // The refusal names the method the caller called.
    await expect(
      loopEngine(lane('none')).chatWithTools('go', { mcpServers: [] }),
    ).rejects.toMatchObject({
      code: 'no_mcp_servers',
      message: `${streamed ? 'streamWithTools' : 'chatWithTools'} needs at least one MCP server in mcpServers`,
      details: { method: streamed ? 'streamWithTools' : 'chatWithTools' },
    });
    if (!streamed) {
      await expect(
        createEngine({ provider: 'openai', model: 'gpt-6.1-sol', apiKey: 'k' }).runToolLoop('go'),
      ).rejects.toMatchObject({
        code: 'no_mcp_servers',
        message: 'runToolLoop needs at least one MCP server in mcpServers',
      });
    }
    simulator.script(lane('abort'), [{ type: 'tool_calls', calls: [{ name: 'slow' }] }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user stop')), 100);
    await expect(
      loopEngine(lane('abort'), { toolTimeoutMs: 5000 }).chatWithTools('go', {
        mcpServers: [fixture],
        signal: controller.signal,
      }),
    ).rejects.toThrow('user stop');
  });
});

describe('chatWithTools over stdio', () => {
  it('runs the loop against the SDK fixture server in a child process', async () => {
    const script = fileURLToPath(new URL('../mcp/test-support/stdio-server.ts', import.meta.url));
    const client = new Client({ name: 'crosswire-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['--import', 'tsx', script],
        stderr: 'pipe',
      }),
    );
    closers.push(() => client.close());
    simulator.script('stdio', [
      {
        type: 'tool_calls',
        calls: [{ name: 'echo', arguments: { text: 'via stdio' } }, { name: 'report' }],
      },
      { type: 'text', text: 'read it' },
    ]);
    const result = await engine('stdio', {
      provider: 'gemini',
      model: 'gemini-3-flash-preview',
      baseUrl: simulator.baseUrl('gemini', 'stdio'),
    }).runToolLoop('go', { mcpServers: [client] });
    expect(result.text).toBe('read it');
    expect(result.turns[0]?.toolCalls.map((call) => call.server)).toEqual([
      '"stdio-fixture" (mcpServers[0])',
      '"stdio-fixture" (mcpServers[0])',
    ]);
    expect(simulator.received('stdio')[1]?.toolResults.map((received) => received.block)).toEqual([
      { functionResponse: { name: 'echo', response: { result: 'via stdio' } } },
      {
        functionResponse: {
          name: 'report',
          response: { result: '' },
          parts: [{ inlineData: { mimeType: 'application/pdf', data: PDF_BASE64 } }],
        },
      },
    ]);
  });
});

describe('tool results follow capabilities and quirks', () => {
  async function snapshotResult(provider: string, model: string, lane: string): Promise<unknown> {
    simulator.script(lane, [
      { type: 'tool_calls', calls: [{ name: 'snapshot' }, { name: 'readme' }] },
      { type: 'text', text: 'seen' },
    ]);
    const loop = createEngine({
      provider,
      model,
      apiKey: 'k',
      baseUrl: simulator.baseUrl('anthropic', lane),
    });
    closers.push(() => loop.close());
    await loop.chatWithTools('look', { mcpServers: [fixture] });
    return simulator
      .received(lane)[1]
      ?.toolResults.map((result) => (result.block as { content: unknown }).content);
  }

  it('sends a native image and a document to Anthropic, placeholders and text to the AKI.IO /anthropic shim', async () => {
    expect(await snapshotResult('anthropic', 'claude-sonnet-5-5', 'claude')).toEqual([
      [
        { type: 'text', text: 'the snapshot:' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
      ],
      [
        {
          type: 'document',
          source: { type: 'text', media_type: 'text/plain', data: '# Readme\nhello' },
        },
      ],
    ]);
    expect(await snapshotResult('aki-anthropic', 'gemma-3-27b-it', 'aki')).toEqual([
      [
        { type: 'text', text: 'the snapshot:' },
        { type: 'text', text: '[image] image/png (70 bytes)' },
      ],
      [{ type: 'text', text: '# Readme\nhello' }],
    ]);
  });
});
