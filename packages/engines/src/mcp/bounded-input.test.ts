// What an MCP server sends is bounded: tools per server and per request, a result's size,
// task-only tools, and the abort listeners a turn of calls puts on the caller's signal.
import { getEventListeners } from 'node:events';
import { type CrosswireWarning, ToolLoopError } from '@crosswire/core';
import { parseResponse } from '@crosswire/dialects';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runToolLoop } from '../loop/tool-loop.js';
import { callTools } from './call.js';
import { DEFAULT_MAX_TOOLS_PER_SERVER, gatherTools } from './gather.js';
import { DEFAULT_MAX_TOOL_RESULT_BYTES } from './result-size.js';
import type { McpTool, McpToolServer } from './server.js';
import { call, closedAfterAll } from './test-support/calls.js';
import {
  connectInMemory,
  connectRawPeer,
  createPagedServer,
  createTaskServer,
} from './test-support/fixture-servers.js';

const track = closedAfterAll();

/** A plain server object that lists `count` tools named t0, t1, ... in one page. */
function manyTools(count: number): McpToolServer {
  const tools: McpTool[] = Array.from({ length: count }, (_, index) => ({
    name: `t${index}`,
    inputSchema: { type: 'object' },
  }));
  return {
    listTools: async () => ({ tools }),
    callTool: async () => ({ content: [{ type: 'text', text: 'ran' }] }),
  };
}

let warnings: CrosswireWarning[] = [];
const onWarning = (warning: CrosswireWarning) => {
  warnings.push(warning);
};
beforeEach(() => {
  warnings = [];
});

describe('tools per server', () => {
  it('keeps the first 1 000 tools of a server by default and warns that the rest are not offered', async () => {
    expect(DEFAULT_MAX_TOOLS_PER_SERVER).toBe(1000);
    const roster = await gatherTools([manyTools(100_000)], { onWarning });
    expect(roster.tools).toHaveLength(1000);
    expect(roster.tools.at(-1)?.name).toBe('t999');
    expect(roster.route('t1000')).toBeUndefined();
    expect(warnings).toEqual([
      expect.objectContaining({
        code: 'tool_list_truncated',
        message:
          'mcpServers[0] lists more than 1000 tools (maxToolsPerServer); the first 1000 are offered, the rest are not',
      }),
    ]);
  });

  it('maxToolsPerServer stops reading pages once the cap is reached', async () => {
    const client = await track(
      connectInMemory(createPagedServer('alpha', [['a1', 'a2'], ['a3', 'a4'], ['a5']])),
    );
    const pages: (string | undefined)[] = [];
    const server: McpToolServer = {
      listTools: (params, options) => {
        pages.push(params?.cursor);
        return client.listTools(params, options);
      },
      callTool: (params, _schema, options) => client.callTool(params, undefined, options),
      getServerVersion: () => client.getServerVersion(),
    };
    const roster = await gatherTools([server], { maxToolsPerServer: 3, onWarning });
    expect(roster.tools.map((tool) => tool.name)).toEqual(['a1', 'a2', 'a3']);
    expect(pages).toEqual([undefined, '1']);
    expect(warnings.map((warning) => warning.message)).toEqual([
      '"alpha" (mcpServers[0]) lists more than 3 tools (maxToolsPerServer); the first 3 are offered, the rest are not',
    ]);
  });
});

describe('tools per request', () => {
  const unreachable = {
    toolWireFormat: 'openai' as const,
    dialectOptions: {},
    exchange: () => Promise.reject(new Error('sent')),
  };

  it("refuses more tools than the wire's documented limit before any request is sent", async () => {
    const error = await runToolLoop(unreachable, [{ role: 'user', content: 'hi' }], {
      mcpServers: [manyTools(129)],
      onWarning,
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      name: 'ToolLoopError',
      code: 'too_many_tools',
      message:
        "the MCP servers offer 129 tools and one openai request may offer at most 128 (the wire's documented limit); nothing was sent",
    });
    expect(warnings).toEqual([]);
  });

  it('sends 128 tools on openai, and any number on a wire that documents no limit', async () => {
    for (const [wire, count] of [
      ['openai', 128],
      ['anthropic', 500],
    ] as const) {
      const error = await runToolLoop(
        { ...unreachable, toolWireFormat: wire },
        [{ role: 'user', content: 'hi' }],
        { mcpServers: [manyTools(count)], onWarning },
      ).catch((caught: unknown) => caught);
      expect((error as Error).message).toBe('sent');
    }
  });

  it('maxToolsPerRequest sets the limit on any wire', async () => {
    const error = await runToolLoop(
      { ...unreachable, toolWireFormat: 'gemini' },
      [{ role: 'user', content: 'hi' }],
      { mcpServers: [manyTools(11)], maxToolsPerRequest: 10, onWarning },
    ).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: 'too_many_tools',
      message:
        'the MCP servers offer 11 tools and one gemini request may offer at most 10 (maxToolsPerRequest); nothing was sent',
    });
  });
});

describe('maxToolResultBytes', () => {
  async function textPeer(text: string) {
    const { client } = await connectRawPeer({
      pages: [[{ name: 'big', inputSchema: { type: 'object' } }]],
      call: () => ({ content: [{ type: 'text', text }] }),
    });
    await track(client);
    return gatherTools([client]);
  }

  it('turns a result over 16 MiB into an error result that says so, forwarding none of it', async () => {
    expect(DEFAULT_MAX_TOOL_RESULT_BYTES).toBe(16_777_216);
    const roster = await textPeer('x'.repeat(17 * 1024 * 1024));
    const [output] = await callTools(roster, [call('big')], { onWarning });
    expect(output?.failure).toBe('result_too_large');
    expect(output?.result.isError).toBe(true);
    expect(output?.result.content).toEqual([
      {
        type: 'text',
        text: 'tool big returned a result larger than 16777216 bytes (maxToolResultBytes); it is not forwarded',
      },
    ]);
  });

  it('forwards a result under the cap whole, and counts UTF-8 bytes', async () => {
    const roster = await textPeer('é'.repeat(600));
    const under = await callTools(roster, [call('big')], { maxToolResultBytes: 1300 });
    expect(under[0]?.failure).toBeUndefined();
    expect(under[0]?.result.content).toEqual([{ type: 'text', text: 'é'.repeat(600) }]);
    // 600 characters are 1 200 bytes: over a 1 100-byte cap.
    const over = await callTools(roster, [call('big')], { maxToolResultBytes: 1100 });
    expect(over[0]?.failure).toBe('result_too_large');
  });
});

describe('task-only tools (execution.taskSupport "required")', () => {
  it('runs one as an MCP task through the SDK client, and its result answers the call', async () => {
    const client = await track(connectInMemory(createTaskServer()));
    const roster = await gatherTools([client], { onWarning });
    expect(roster.tools.map((tool) => tool.name)).toEqual(['long_sum', 'plain']);
    expect(roster.route('long_sum')?.taskRequired).toBe(true);
    // A plain tools/call of it always fails: the SDK refuses it itself.
    await expect(client.callTool({ name: 'long_sum', arguments: { a: 1, b: 2 } })).rejects.toThrow(
      'requires task-based execution',
    );
    const outputs = await callTools(roster, [call('long_sum', { a: 2, b: 40 }), call('plain')], {
      onWarning,
    });
    expect(outputs.map((output) => [output.failure, output.result.content])).toEqual([
      [undefined, [{ type: 'text', text: '42' }]],
      [undefined, [{ type: 'text', text: 'plain ran' }]],
    ]);
    expect(warnings).toEqual([]);
  });

  it('is not offered by a server object without the task API, with a warning', async () => {
    const client = await track(connectInMemory(createTaskServer()));
    const plain: McpToolServer = {
      listTools: (params, options) => client.listTools(params, options),
      callTool: (params, _schema, options) => client.callTool(params, undefined, options),
    };
    const roster = await gatherTools([plain], { onWarning });
    expect(roster.tools.map((tool) => tool.name)).toEqual(['plain']);
    expect(roster.route('long_sum')).toBeUndefined();
    expect(warnings).toEqual([
      expect.objectContaining({
        code: 'task_tool_not_offered',
        message:
          'tool "long_sum" of mcpServers[0] requires task-based execution (execution.taskSupport "required") and the server object offers no task API (experimental.tasks.callToolStream); it is not offered to the model',
      }),
    ]);
  });

  it("is bounded by the call's timeout and by the caller's signal", async () => {
    const client = await track(connectInMemory(createTaskServer({ neverFinish: true })));
    const roster = await gatherTools([client]);
    const [timedOut] = await callTools(roster, [call('long_sum', { a: 1, b: 1 })], {
      timeoutMs: 100,
    });
    expect(timedOut?.failure).toBe('timeout');
    expect(timedOut?.result.content).toEqual([
      { type: 'text', text: 'tool long_sum timed out after 100 ms' },
    ]);
    const caller = new AbortController();
    const running = callTools(roster, [call('long_sum', { a: 1, b: 1 })], {
      signal: caller.signal,
    });
    setTimeout(() => caller.abort(new Error('shutdown')), 50);
    await expect(running).rejects.toMatchObject({ name: 'AbortedError' });
    expect(getEventListeners(caller.signal, 'abort')).toEqual([]);
  });
});

describe('abort listeners of a turn', () => {
  const seen: string[] = [];
  const onProcessWarning = (warning: Error) => {
    seen.push(warning.name);
  };
  beforeEach(() => {
    seen.length = 0;
    process.on('warning', onProcessWarning);
  });
  afterEach(() => {
    process.off('warning', onProcessWarning);
  });

  /** A server whose `probe` reports how many abort listeners the caller's signal has. */
  function probeServer(signal: AbortSignal, counts: number[]): McpServer {
    const server = new McpServer({ name: 'probe', version: '1.0.0' });
    server.registerTool('probe', { inputSchema: { n: z.number() } }, async () => {
      counts.push(getEventListeners(signal, 'abort').length);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { content: [{ type: 'text', text: 'probed' }] };
    });
    return server;
  }

  it('twelve calls in one turn put one listener on the caller signal, and no MaxListenersExceededWarning', async () => {
    const caller = new AbortController();
    const counts: number[] = [];
    const client = await track(connectInMemory(probeServer(caller.signal, counts)));
    const roster = await gatherTools([client], { signal: caller.signal });
    const calls = Array.from({ length: 12 }, (_, n) => call('probe', { n }, `call_${n}`));
    const outputs = await callTools(roster, calls, { signal: caller.signal });
    expect(outputs.every((output) => output.failure === undefined)).toBe(true);
    expect(counts).toHaveLength(12);
    expect(Math.max(...counts)).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([]);
    expect(getEventListeners(caller.signal, 'abort')).toEqual([]);
  });

  it('a task polled many times leaves no MaxListenersExceededWarning', async () => {
    // Each status request of the SDK adds a listener to the call's signal and keeps it until
    // the call ends: 200 ms at a 5 ms poll interval is dozens of them.
    const caller = new AbortController();
    const client = await track(connectInMemory(createTaskServer({ finishAfterMs: 200 })));
    const roster = await gatherTools([client], { signal: caller.signal });
    const outputs = await callTools(roster, [call('long_sum', { a: 2, b: 40 })], {
      signal: caller.signal,
    });
    expect(outputs.map((output) => [output.failure, output.result.content])).toEqual([
      [undefined, [{ type: 'text', text: '42' }]],
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([]);
    expect(getEventListeners(caller.signal, 'abort')).toEqual([]);
  });

  it('the tool loop runs a turn of twelve calls with the same single listener', async () => {
    const caller = new AbortController();
    const counts: number[] = [];
    const client = await track(connectInMemory(probeServer(caller.signal, counts)));
    let turn = 0;
    const engine = {
      toolWireFormat: 'openai' as const,
      dialectOptions: {},
      exchange: async () => {
        turn++;
        const message =
          turn === 1
            ? {
                role: 'assistant',
                content: null,
                tool_calls: Array.from({ length: 12 }, (_, n) => ({
                  id: `call_${n}`,
                  type: 'function',
                  function: { name: 'probe', arguments: JSON.stringify({ n }) },
                })),
              }
            : { role: 'assistant', content: 'done' };
        const raw = {
          id: `r${turn}`,
          object: 'chat.completion',
          model: 'gpt-6.1-sol',
          choices: [{ index: 0, message, finish_reason: turn === 1 ? 'tool_calls' : 'stop' }],
        };
        return {
          response: parseResponse('openai', raw),
          url: 'http://127.0.0.1/',
          status: 200,
          attempts: 1,
          durationMs: 0,
          prepareMs: 0,
        };
      },
    };
    const result = await runToolLoop(engine, [{ role: 'user', content: 'hi' }], {
      mcpServers: [client],
      signal: caller.signal,
      onWarning,
    });
    expect(result.text).toBe('done');
    expect(counts).toHaveLength(12);
    expect(Math.max(...counts)).toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([]);
    expect(getEventListeners(caller.signal, 'abort')).toEqual([]);
  });
});

describe('the listing deadline', () => {
  it('bounds the whole listing, not each page: pages that each arrive in time still end at listToolsTimeoutMs', async () => {
    // A real SDK server whose every page takes 40 ms and names a next page, forever: each page
    // is well inside a 100 ms timeout, so a per-page deadline would read 100 pages (4 s).
    const server = new Server({ name: 'slow', version: '1.0.0' }, { capabilities: { tools: {} } });
    const cursors: (string | undefined)[] = [];
    server.setRequestHandler(ListToolsRequestSchema, async (request) => {
      cursors.push(request.params?.cursor);
      await new Promise((resolve) => setTimeout(resolve, 40));
      const page = cursors.length;
      return {
        tools: [{ name: `t${page}`, inputSchema: { type: 'object' as const } }],
        nextCursor: String(page),
      };
    });
    const client = await track(connectInMemory(server));
    const error = await gatherTools([client], { timeoutMs: 100, onWarning }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ToolLoopError);
    expect(error).toMatchObject({
      code: 'mcp_list_tools_timeout',
      message: 'listing the tools of "slow" (mcpServers[0]) timed out after 100 ms',
      details: { server: '"slow" (mcpServers[0])', timeoutMs: 100 },
    });
    // Two or three pages fit in 100 ms; never the hundred a per-page deadline allows.
    expect(cursors.length).toBeLessThanOrEqual(3);
    expect(warnings).toEqual([]);
  });
});
