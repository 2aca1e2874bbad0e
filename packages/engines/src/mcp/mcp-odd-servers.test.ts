// What a caller of the tool loop's MCP layer sees when a server or its client does something
// odd: a thrown `null`, an error that only looks like an SDK error, a task API that went away
// after listing, a result holding `undefined`, a transport that is not connected; the options
// a task stream is given, what the server's signal says when a call times out, and that a call
// leaves no listener on the caller's signal. Plain server objects written for each case.
import { getEventListeners } from 'node:events';
import type { CrosswireWarning } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { callTool, callTools } from './call.js';
import { gatherTools, rosterForWire } from './gather.js';
import { malformedResultReason, watchMalformedResponses } from './malformed-responses.js';
import { exceedsBytes } from './result-size.js';
import type { McpToolServer } from './server.js';
import { call } from './test-support/calls.js';
import { OBJECT, server, text } from './test-support/plain-server.js';

describe('calls that fail oddly', () => {
  it('a thrown null, or an error that only looks like an SDK or zod error, is a plain failure', async () => {
    // A function named ZodError carrying issues: not an error object at all.
    const ZodError = Object.assign(function ZodError() {}, {
      issues: [{ path: [], message: 'x' }],
    });
    const roster = await gatherTools([
      server(['nothing', 'coded', 'prefixed', 'classy'], (params) => {
        if (params.name === 'nothing') throw null;
        if (params.name === 'coded')
          throw Object.assign(new Error('E1'), { name: 'McpError', code: 'E1' });
        if (params.name === 'prefixed')
          throw Object.assign(new Error('schema'), { name: 'MyZodError', issues: [] });
        throw ZodError;
      }),
    ]);
    const outputs = await callTools(roster, [
      call('nothing'),
      call('coded'),
      call('prefixed'),
      call('classy'),
    ]);
    expect(outputs.map((output) => [output.failure, text(output)])).toEqual([
      ['threw', 'tool nothing failed: null'],
      ['threw', 'tool coded failed: E1'],
      ['threw', 'tool prefixed failed: schema'],
      ['threw', `tool classy failed: ${String(ZodError)}`],
    ]);
  });

  it('reports the time the request took, within the time the call took', async () => {
    const roster = await gatherTools([
      server(['ok', 'bad'], (params) => {
        if (params.name === 'bad') throw new Error('no');
        return { content: [] };
      }),
    ]);
    const before = performance.now();
    const [ok, bad] = await callTools(roster, [call('ok'), call('bad')]);
    const took = performance.now() - before;
    for (const output of [ok, bad]) {
      expect(output?.durationMs).toBeGreaterThanOrEqual(0);
      expect(output?.durationMs).toBeLessThanOrEqual(took);
    }
  });

  it("tells the server's signal why the call was given up: the tool timeout", async () => {
    let reason: unknown;
    const roster = await gatherTools([
      server(['slow'], (_params, options) => {
        const signal = (options as { signal: AbortSignal }).signal;
        return new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            reason = signal.reason;
            reject(signal.reason);
          });
        });
      }),
    ]);
    const [output] = await callTools(roster, [call('slow')], { timeoutMs: 30 });
    expect([output?.failure, text(output)]).toEqual(['timeout', 'tool slow timed out after 30 ms']);
    expect(reason).toMatchObject({ code: 'tool_timeout', message: 'timed out after 30 ms' });
  });

  it("leaves no listener on the caller's signal once a call has ended", async () => {
    const caller = new AbortController();
    const roster = await gatherTools([
      server(['ok', 'bad'], (params) => {
        if (params.name === 'bad') throw new Error('no');
        return { content: [] };
      }),
    ]);
    await callTool(roster, call('ok'), { signal: caller.signal });
    await callTool(roster, call('bad'), { signal: caller.signal });
    await callTools(roster, [call('ok'), call('bad')], { signal: caller.signal });
    expect(getEventListeners(caller.signal, 'abort')).toEqual([]);
  });
});

describe('task-only tools', () => {
  const taskTool = { name: 'render', inputSchema: OBJECT, execution: { taskSupport: 'required' } };

  it('the task stream gets the call timeout, its signal and a task of default lifetime', async () => {
    const seen: unknown[] = [];
    const tasks: McpToolServer = {
      async listTools() {
        return { tools: [taskTool] };
      },
      async callTool() {
        throw new Error('a plain call of a task-only tool');
      },
      experimental: {
        tasks: {
          async *callToolStream(params, _schema, options) {
            seen.push(params, options);
            yield { type: 'result', result: { content: [{ type: 'text', text: 'done' }] } };
          },
        },
      },
    };
    const roster = await gatherTools([tasks]);
    const [output] = await callTools(roster, [call('render', { scene: 1 })], { timeoutMs: 4321 });
    expect(text(output)).toBe('done');
    expect(seen).toEqual([
      { name: 'render', arguments: { scene: 1 } },
      { timeout: 4321, signal: expect.any(AbortSignal), task: {} },
    ]);
  });

  it('a server whose task API went away after listing: the call fails naming the server', async () => {
    const tasks: Record<string, unknown> = {
      async listTools() {
        return { tools: [taskTool] };
      },
      async callTool() {
        throw new Error('a plain call of a task-only tool');
      },
      experimental: { tasks: { callToolStream: async function* () {} } },
    };
    const roster = await gatherTools([tasks as unknown as McpToolServer]);
    delete tasks.experimental;
    const [output] = await callTools(roster, [call('render')]);
    expect([output?.failure, text(output)]).toEqual([
      'threw',
      'tool render failed: mcpServers[0] offers no task API for tool render',
    ]);
  });

  it('an execution field of null is no task requirement', async () => {
    const plain = server(['x'], () => ({ content: [] }), {
      listTools: async () => ({ tools: [{ name: 'plain', inputSchema: OBJECT, execution: null }] }),
    });
    const roster = await gatherTools([plain]);
    expect(roster.route('plain')?.taskRequired).toBe(false);
  });
});

describe('listing', () => {
  it('asks the first page with no params at all, then each with its cursor', async () => {
    const asked: unknown[] = [];
    const paging: McpToolServer = {
      async listTools(params) {
        asked.push(params);
        return asked.length === 1
          ? { tools: [], nextCursor: 'p2' }
          : { tools: [{ name: 'last', inputSchema: OBJECT }] };
      },
      callTool: async () => ({}),
    };
    await gatherTools([paging]);
    expect(asked).toEqual([undefined, { cursor: 'p2' }]);
  });

  it('a listing that rejects with null or an error fails naming the server, its cause kept', async () => {
    const cause = new Error('connection reset');
    for (const [thrown, message] of [
      [null, 'listing the tools of mcpServers[0] failed: null'],
      [cause, 'listing the tools of mcpServers[0] failed: connection reset'],
    ] as const) {
      const failing: McpToolServer = {
        listTools: async () => {
          throw thrown;
        },
        callTool: async () => ({}),
      };
      const error = await gatherTools([failing]).catch((caught: unknown) => caught);
      expect(error).toMatchObject({
        code: 'mcp_list_tools_failed',
        message,
        details: { server: 'mcpServers[0]' },
      });
      expect((error as Error).cause).toBe(thrown);
    }
  });

  it('the warnings of a tool left out, and of a list cut at maxToolsPerServer, say which tool and server', async () => {
    const warnings: CrosswireWarning[] = [];
    const listing = server(['x'], () => ({}), {
      listTools: async () => ({
        tools: [
          { name: 'bad', inputSchema: 'not a schema' },
          { name: 'a', inputSchema: OBJECT },
          { name: 'b', inputSchema: OBJECT },
        ],
      }),
      getServerVersion: () => ({ name: 'files' }),
    });
    await gatherTools([listing], {
      maxToolsPerServer: 2,
      onWarning: (warning) => warnings.push(warning),
    });
    expect(warnings.map(({ code, details }) => ({ code, details }))).toEqual([
      {
        code: 'tool_list_truncated',
        details: { server: '"files" (mcpServers[0])', maxToolsPerServer: 2 },
      },
      {
        code: 'invalid_tool_definition',
        details: { tool: 'bad', server: '"files" (mcpServers[0])' },
      },
    ]);
  });
});

/** 24 chained definitions, each used twice by the one before: 2^24 copies once inlined. */
function chainedDefs(links: number): Record<string, unknown> {
  const $defs: Record<string, unknown> = {};
  for (let index = 0; index < links; index++) {
    $defs[`d${index}`] =
      index === links - 1
        ? { type: 'string' }
        : {
            type: 'object',
            properties: {
              a: { $ref: `#/$defs/d${index + 1}` },
              b: { $ref: `#/$defs/d${index + 1}` },
            },
          };
  }
  return { type: 'object', properties: { root: { $ref: '#/$defs/d0' } }, $defs };
}

describe('rosterForWire', () => {
  it('leaves out, with a warning naming the wire, a tool one wire cannot send; the others stay', async () => {
    const listing = server(['x'], () => ({}), {
      listTools: async () => ({
        tools: [
          { name: 'echo', inputSchema: OBJECT },
          { name: 'chained', inputSchema: chainedDefs(24) },
          { name: 'last', inputSchema: OBJECT },
        ],
      }),
      getServerVersion: () => ({ name: 'hostile' }),
    });
    const roster = await gatherTools([listing]);
    const warnings: CrosswireWarning[] = [];
    const gemini = rosterForWire(roster, 'gemini', (warning) => warnings.push(warning));
    expect(gemini.tools.map((tool) => tool.name)).toEqual(['echo', 'last']);
    expect(Object.isFrozen(gemini.tools)).toBe(true);
    expect(gemini.route('chained')).toBeUndefined();
    expect(gemini.route('echo')).toBe(roster.route('echo'));
    expect(gemini.route('nope')).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      code: 'invalid_tool_definition',
      details: { tool: 'chained', server: '"hostile" (mcpServers[0])', wire: 'gemini' },
    });
    expect(warnings[0]?.message).toMatch(
      /^"hostile" \(mcpServers\[0\]\) offers tool "chained", which the gemini wire cannot send; it is left out: tool schema refused for gemini: /,
    );
    // Every other wire sends it.
    expect(rosterForWire(roster, 'openai', () => undefined)).toBe(roster);
  });

  it('names "an MCP server" for a tool no route knows', async () => {
    const listing = server(['x'], () => ({}), {
      listTools: async () => ({ tools: [{ name: 'chained', inputSchema: chainedDefs(24) }] }),
    });
    const orphan = { tools: (await gatherTools([listing])).tools, route: () => undefined };
    const warnings: CrosswireWarning[] = [];
    rosterForWire(orphan, 'gemini', (warning) => warnings.push(warning));
    expect(warnings[0]?.message).toMatch(/^an MCP server offers tool "chained", which the gemini/);
    expect(warnings[0]?.details).toEqual({
      tool: 'chained',
      server: 'an MCP server',
      wire: 'gemini',
    });
  });
});

describe('the watch on an SDK transport', () => {
  /** A connected client's transport as the loop finds it: `onmessage` records what it gets. */
  function connected() {
    const received: unknown[] = [];
    const transport = {
      onmessage(message: unknown) {
        received.push(message);
      },
    };
    return { server: { transport } as unknown as McpToolServer, transport, received };
  }

  it('replaces a response whose result is not an object with a JSON-RPC error for the same id', () => {
    const { server: watchedServer, transport, received } = connected();
    watchMalformedResponses(watchedServer);
    watchMalformedResponses(watchedServer);
    for (const result of ['text', 3, null, [1], undefined, true]) {
      transport.onmessage({ jsonrpc: '2.0', id: 7, result });
    }
    const kinds = ['a string', 'a number', 'null', 'an array', 'missing', 'a boolean'];
    expect(received).toEqual(
      kinds.map((kind) => ({
        jsonrpc: '2.0',
        id: 7,
        error: {
          code: -32603,
          message: `the result is ${kind}, not an object`,
          data: { crosswire: 'malformed_result', reason: `the result is ${kind}, not an object` },
        },
      })),
    );
    expect(malformedResultReason((received[0] as { error: unknown }).error)).toBe(
      'the result is a string, not an object',
    );
  });

  it('passes every other message through untouched', () => {
    const { server: watchedServer, transport, received } = connected();
    watchMalformedResponses(watchedServer);
    const messages = [
      { jsonrpc: '2.0', id: 1, result: { content: [] } },
      { jsonrpc: '2.0', id: 2, error: { code: -1, message: 'no' } },
      { jsonrpc: '2.0', method: 'notifications/progress', params: {} },
      { jsonrpc: '2.0', id: 3, method: 'ping', result: 'odd' },
      { jsonrpc: '2.0', result: 'no id' },
      null,
      'text',
    ];
    for (const message of messages) transport.onmessage(message);
    expect(received).toHaveLength(messages.length);
    for (const [index, message] of received.entries()) expect(message).toBe(messages[index]);
  });

  it('leaves alone a server without a transport, or one not connected yet', async () => {
    const idle = { onmessage: undefined };
    for (const transport of [null, idle, 'stdio']) {
      const plain = server(['a'], () => ({ content: [] }), { transport });
      const roster = await gatherTools([plain]);
      expect(roster.tools.map((tool) => tool.name)).toEqual(['a']);
    }
    expect(idle.onmessage).toBeUndefined();
    expect(malformedResultReason({ data: null })).toBeUndefined();
  });
});

describe('exceedsBytes', () => {
  it('counts a string as long as the cap by its UTF-8 bytes, and a field holding undefined as its key', () => {
    expect(exceedsBytes('ééé', 3)).toBe(true);
    expect(exceedsBytes('abc', 3)).toBe(false);
    expect(exceedsBytes({ a: undefined, f: () => 1 }, 10)).toBe(false);
    expect(exceedsBytes({ a: undefined }, 4)).toBe(true);
  });
});
