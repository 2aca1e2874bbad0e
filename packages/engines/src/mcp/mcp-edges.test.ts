// What a caller of the tool loop's MCP layer sees at its edges: the exact error output of each
// way a call can fail, the `_meta` and arguments a server receives, the server labels, and the
// warnings and errors of listing, on plain server objects written for each case.
import type { CrosswireWarning, ToolCall } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { callTool, callTools } from './call.js';
import { gatherTools, offersTasks, rosterForWire } from './gather.js';
import { malformedResultReason } from './malformed-responses.js';
import { exceedsBytes } from './result-size.js';
import { type McpCallToolParams, type McpToolServer, serverLabel } from './server.js';
import { call } from './test-support/calls.js';
import { OBJECT, server, text } from './test-support/plain-server.js';

describe('calls', () => {
  it('sends the arguments as a copy and the meta as _meta, with the timeout given', async () => {
    const seen: { params: McpCallToolParams; options: unknown }[] = [];
    const roster = await gatherTools([
      server(['lookup'], (params, options) => {
        seen.push({ params, options });
        return { content: [{ type: 'text', text: 'found' }] };
      }),
    ]);
    const args = { city: 'Oslo' };
    const output = await callTool(roster, call('lookup', args), {
      timeoutMs: 1234,
      meta: { idempotencyKey: 'loop:1:call:c1' },
    });
    expect(output.failure).toBeUndefined();
    expect(output.server).toBe('mcpServers[0]');
    expect(seen[0]?.params).toEqual({
      name: 'lookup',
      arguments: { city: 'Oslo' },
      _meta: { idempotencyKey: 'loop:1:call:c1' },
    });
    expect(seen[0]?.params.arguments).not.toBe(args);
    expect(seen[0]?.options).toMatchObject({ timeout: 1234 });
    const plain = await callTools(roster, [call('lookup')]);
    expect(seen[1]?.params).toEqual({ name: 'lookup', arguments: {} });
    expect(seen[1]?.options).toMatchObject({ timeout: 60_000 });
    expect(plain[0]?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('an unknown tool and undecodable arguments ask no server: no label, no duration', async () => {
    let asked = 0;
    const roster = await gatherTools([server(['known'], () => asked++)]);
    const undecodable: ToolCall = {
      ...call('known'),
      argumentsUndecodable: true,
      argumentsError: undefined,
    };
    const [unknown, bad] = await callTools(roster, [call('nope'), undecodable]);
    expect(asked).toBe(0);
    expect([unknown?.failure, unknown?.server, unknown?.durationMs, text(unknown)]).toEqual([
      'unknown_tool',
      undefined,
      0,
      'unknown tool nope',
    ]);
    expect([bad?.failure, bad?.server, bad?.durationMs, text(bad)]).toEqual([
      'arguments_not_json',
      undefined,
      0,
      'arguments are not valid JSON: undecodable',
    ]);
    expect(bad?.result.isError).toBe(true);
    expect(bad?.result.id).toBe('call_known');
    expect(bad?.result.name).toBe('known');
  });

  it("a server's request timeout (MCP -32001) is the timeout failure", async () => {
    const roster = await gatherTools([
      server(['slow'], () => {
        throw Object.assign(new Error('MCP error -32001: Request timed out'), {
          name: 'McpError',
          code: -32001,
        });
      }),
    ]);
    const [output] = await callTools(roster, [call('slow')], { timeoutMs: 250 });
    expect([output?.failure, text(output)]).toEqual([
      'timeout',
      'tool slow timed out after 250 ms',
    ]);
  });

  it('a thrown value that is not an Error, and an error with a number code but no McpError name', async () => {
    const roster = await gatherTools([
      server(['raw', 'coded'], (params) => {
        if (params.name === 'raw') throw 'disk full';
        throw Object.assign(new Error('EIO'), { code: 5 });
      }),
    ]);
    const [raw, coded] = await callTools(roster, [call('raw'), call('coded')]);
    expect([raw?.failure, text(raw)]).toEqual(['threw', 'tool raw failed: disk full']);
    expect([coded?.failure, text(coded)]).toEqual(['threw', 'tool coded failed: EIO']);
    expect(raw?.server).toBe('mcpServers[0]');
  });

  it('a zod error names at most five issues, the result itself as (result)', async () => {
    const issues = [
      { path: [], message: 'expected object' },
      { path: ['content', 1, 'type'], message: 'a' },
      { path: ['b'], message: 'b' },
      { path: ['c'], message: 'c' },
      { path: ['d'], message: 'd' },
      { path: ['e'], message: 'e' },
    ];
    const roster = await gatherTools([
      server(['strict', 'classic'], (params) => {
        throw Object.assign(new Error('[]'), {
          name: params.name === 'strict' ? '$ZodError' : 'ZodError',
          issues,
        });
      }),
    ]);
    const outputs = await callTools(roster, [call('strict'), call('classic')]);
    for (const output of outputs) {
      expect([output.failure, text(output)]).toEqual([
        'malformed_result',
        `tool ${output.call.name} returned a malformed result: (result): expected object; content.1.type: a; b: b; c: c; d: d`,
      ]);
    }
    const notZod = await gatherTools([
      server(['fake'], () => {
        throw Object.assign(new Error('looks like zod'), { name: 'ZodErrorX', issues });
      }),
    ]);
    const [fake] = await callTools(notZod, [call('fake')]);
    expect([fake?.failure, text(fake)]).toEqual(['threw', 'tool fake failed: looks like zod']);
    const noIssues = await gatherTools([
      server(['bare'], () => {
        throw Object.assign(new Error('no issues'), { name: 'ZodError', issues: 'x' });
      }),
    ]);
    const [bare] = await callTools(noIssues, [call('bare')]);
    expect(bare?.failure).toBe('threw');
  });

  it('a result over maxToolResultBytes is refused by its size, one at the cap forwarded', async () => {
    const result = { content: [{ type: 'text', text: 'abcd' }] };
    // content: 7+4, the array 2+1, the block's keys 4+4 and 4+4, 'text' 4, 'abcd' 4: 38 bytes.
    expect(exceedsBytes(result, 38)).toBe(false);
    expect(exceedsBytes(result, 37)).toBe(true);
    expect(exceedsBytes({ n: 1, ok: true }, 5 + 8 + 6 + 8)).toBe(false);
    expect(exceedsBytes({ n: 1, ok: true }, 5 + 8 + 6 + 7)).toBe(true);
    expect(exceedsBytes('é'.repeat(3), 6)).toBe(false);
    expect(exceedsBytes('é'.repeat(3), 5)).toBe(true);
    expect(exceedsBytes(null, 0)).toBe(false);
    const roster = await gatherTools([server(['big'], () => result)]);
    const [over] = await callTools(roster, [call('big')], { maxToolResultBytes: 37 });
    expect([over?.failure, over?.server, text(over)]).toEqual([
      'result_too_large',
      'mcpServers[0]',
      'tool big returned a result larger than 37 bytes (maxToolResultBytes); it is not forwarded',
    ]);
    const [fits] = await callTools(roster, [call('big')], { maxToolResultBytes: 38 });
    expect(fits?.failure).toBeUndefined();
  });
});

describe('task-only tools on servers without a working task API', () => {
  const taskTool = { name: 'render', inputSchema: OBJECT, execution: { taskSupport: 'required' } };

  it('a task stream that ends without a result, or with an error message, is an error output', async () => {
    const streams: Record<string, () => AsyncIterable<{ type: string; error?: unknown }>> = {
      empty: async function* () {
        yield { type: 'taskCreated' };
      },
      failing: async function* () {
        yield { type: 'error', error: new Error('the render farm is down') };
      },
    };
    for (const [kind, stream] of Object.entries(streams)) {
      const tasks: McpToolServer = {
        async listTools() {
          return { tools: [taskTool] };
        },
        async callTool() {
          throw new Error('a plain call of a task-only tool');
        },
        experimental: { tasks: { callToolStream: stream } },
      };
      const roster = await gatherTools([tasks]);
      const [output] = await callTools(roster, [call('render')]);
      expect(text(output)).toBe(
        kind === 'empty'
          ? 'tool render failed: the task of tool render ended without a result'
          : 'tool render failed: the render farm is down',
      );
    }
  });

  it('offersTasks is false for a server whose experimental getter throws', () => {
    const throwing = {
      listTools: async () => ({ tools: [] }),
      callTool: async () => ({}),
      get experimental(): never {
        throw new Error('no');
      },
    } as McpToolServer;
    expect(offersTasks(throwing)).toBe(false);
    const without: McpToolServer = { listTools: throwing.listTools, callTool: throwing.callTool };
    expect(offersTasks(without)).toBe(false);
  });
});

describe('server labels', () => {
  it('names a server by its own name when it gives one, else by its place', () => {
    const named = { getServerVersion: () => ({ name: 'weather', version: '1' }) };
    const nameless = { getServerVersion: () => ({ name: '' }) };
    const throwing = {
      getServerVersion: () => {
        throw new Error('not connected');
      },
    };
    expect(serverLabel(named as unknown as McpToolServer, 2)).toBe('"weather" (mcpServers[2])');
    expect(serverLabel(nameless as unknown as McpToolServer, 0)).toBe('mcpServers[0]');
    expect(serverLabel(throwing as unknown as McpToolServer, 1)).toBe('mcpServers[1]');
    expect(serverLabel({} as McpToolServer, 3)).toBe('mcpServers[3]');
  });
});

describe('listing', () => {
  it('a reply without a tools array fails naming the server', async () => {
    const broken: McpToolServer = {
      listTools: async () => ({ tools: 'none' }) as never,
      callTool: async () => ({}),
      getServerVersion: () => ({ name: 'files' }),
    };
    await expect(gatherTools([broken])).rejects.toMatchObject({
      code: 'mcp_list_tools_failed',
      message: 'listing the tools of "files" (mcpServers[0]) failed: the reply has no tools array',
      details: { server: '"files" (mcpServers[0])' },
    });
    const empty: McpToolServer = {
      listTools: async () => undefined as never,
      callTool: broken.callTool,
    };
    await expect(gatherTools([empty])).rejects.toMatchObject({ code: 'mcp_list_tools_failed' });
  });

  it("a server's own list timeout (MCP -32001) is mcp_list_tools_timeout with the deadline", async () => {
    const slow: McpToolServer = {
      listTools: async () => {
        throw Object.assign(new Error('MCP error -32001: Request timed out'), { code: -32001 });
      },
      callTool: async () => ({}),
    };
    await expect(gatherTools([slow], { timeoutMs: 700 })).rejects.toMatchObject({
      code: 'mcp_list_tools_timeout',
      message: 'listing the tools of mcpServers[0] timed out after 700 ms',
      details: { server: 'mcpServers[0]', timeoutMs: 700 },
    });
    const thrown: McpToolServer = {
      listTools: async () => {
        throw 'refused';
      },
      callTool: async () => ({}),
    };
    await expect(gatherTools([thrown])).rejects.toMatchObject({
      message: 'listing the tools of mcpServers[0] failed: refused',
    });
  });

  it('asks each page with the cursor before it, and stops after maxPages with a warning', async () => {
    const cursors: (string | undefined)[] = [];
    const paging: McpToolServer = {
      async listTools(params) {
        cursors.push(params?.cursor);
        const page = cursors.length;
        return {
          tools: [{ name: `t${page}`, inputSchema: OBJECT }, null as never],
          nextCursor: `p${page}`,
        };
      },
      callTool: async () => ({}),
    };
    const warnings: CrosswireWarning[] = [];
    const roster = await gatherTools([paging], {
      maxPages: 3,
      onWarning: (warning) => warnings.push(warning),
    });
    expect(cursors).toEqual([undefined, 'p1', 'p2']);
    expect(roster.tools.map((tool) => tool.name)).toEqual(['t1', 't2', 't3']);
    expect(warnings.map(({ code, message, details }) => ({ code, message, details }))).toEqual([
      {
        code: 'tool_list_truncated',
        message:
          'mcpServers[0] kept paginating tools/list (3 pages); the rest of its tools are not offered',
        details: { server: 'mcpServers[0]', pages: 3 },
      },
    ]);
  });

  it('an empty cursor ends the listing; the tools of every page are cached once, not one page', async () => {
    const cached: unknown[][] = [];
    let page = 0;
    const paging = {
      async listTools() {
        page++;
        return {
          tools: [{ name: `p${page}`, inputSchema: OBJECT }],
          nextCursor: page === 1 ? 'next' : '',
        };
      },
      callTool: async () => ({}),
      cacheToolMetadata(tools: unknown[]) {
        cached.push(tools.map((tool) => (tool as { name: string }).name));
      },
    };
    const roster = await gatherTools([paging]);
    expect(roster.tools.map((tool) => tool.name)).toEqual(['p1', 'p2']);
    expect(cached).toEqual([['p1', 'p2']]);
    const single = {
      ...paging,
      listTools: async () => ({ tools: [{ name: 'only', inputSchema: OBJECT }] }),
    };
    cached.length = 0;
    await gatherTools([single]);
    expect(cached).toEqual([]);
  });

  it('the task-only warning and the duplicate warning say which tool and server', async () => {
    const warnings: CrosswireWarning[] = [];
    const first = server(['shared', 'shared'], () => ({}));
    const second: McpToolServer = {
      async listTools() {
        return {
          tools: [
            { name: 'shared', inputSchema: OBJECT },
            { name: 'render', inputSchema: OBJECT, execution: { taskSupport: 'required' } },
          ],
        };
      },
      callTool: async () => ({}),
      getServerVersion: () => ({ name: 'media' }),
    };
    const roster = await gatherTools([first, second], {
      onWarning: (warning) => warnings.push(warning),
    });
    expect(roster.tools.map((tool) => tool.name)).toEqual(['shared']);
    expect(roster.route('shared')?.serverIndex).toBe(0);
    expect(roster.route('render')).toBeUndefined();
    expect(warnings.map(({ code, message, details }) => ({ code, message, details }))).toEqual([
      {
        code: 'duplicate_tool',
        message:
          'tool "shared" is offered by mcpServers[0] and "media" (mcpServers[1]); it is sent once and runs on mcpServers[0]',
        details: { tool: 'shared', servers: ['mcpServers[0]', '"media" (mcpServers[1])'] },
      },
      {
        code: 'task_tool_not_offered',
        message:
          'tool "render" of "media" (mcpServers[1]) requires task-based execution (execution.taskSupport "required") and the server object offers no task API (experimental.tasks.callToolStream); it is not offered to the model',
        details: { tool: 'render', server: '"media" (mcpServers[1])' },
      },
    ]);
  });

  it('rosterForWire keeps the roster as it is when every tool can be sent', async () => {
    const roster = await gatherTools([server(['a', 'b'], () => ({}))]);
    expect(rosterForWire(roster, 'openai', undefined)).toBe(roster);
  });
});

describe('malformed results', () => {
  it('reads the reason only from the mark the watcher puts in an error', () => {
    expect(
      malformedResultReason({
        data: { crosswire: 'malformed_result', reason: 'the result is null, not an object' },
      }),
    ).toBe('the result is null, not an object');
    expect(malformedResultReason({ data: { crosswire: 'other', reason: 'x' } })).toBeUndefined();
    expect(
      malformedResultReason({ data: { crosswire: 'malformed_result', reason: 3 } }),
    ).toBeUndefined();
    expect(malformedResultReason({ data: 'text' })).toBeUndefined();
    expect(malformedResultReason(null)).toBeUndefined();
  });
});
