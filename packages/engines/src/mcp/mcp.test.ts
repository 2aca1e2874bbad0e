import { getEventListeners } from 'node:events';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { CrosswireWarning, ToolCall } from '@crosswire/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callTools } from './call.js';
import { gatherTools } from './gather.js';
import type { McpToolServer } from './server.js';
import { call, closedAfterAll } from './test-support/calls.js';
import {
  connectInMemory,
  connectRawPeer,
  connectRawServer,
  createFixtureServer,
  createPagedServer,
  FIXTURE_TOOLS,
  PDF_BASE64,
  PNG_BASE64,
} from './test-support/fixture-servers.js';

const track = closedAfterAll();

describe('gatherTools', () => {
  it('keeps no listing alive after gathering with a caller signal (the SDK never removes its abort listener)', async () => {
    const client = await track(connectInMemory(createPagedServer('alpha', [['a1']])));
    const requestSignals: WeakRef<AbortSignal>[] = [];
    const server: McpToolServer = {
      listTools: (params, options) => {
        if (options?.signal) requestSignals.push(new WeakRef(options.signal));
        return client.listTools(params, options);
      },
      callTool: () => Promise.reject(new Error('not called')),
    };
    const caller = new AbortController();
    for (let round = 0; round < 5; round++) {
      const roster = await gatherTools([server], { signal: caller.signal });
      expect(roster.tools.map((tool) => tool.name)).toEqual(['a1']);
    }
    expect(getEventListeners(caller.signal, 'abort')).toEqual([]);
    // A WeakRef holds its target until the job that made it ends: collect a few times, later.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    for (let pass = 0; pass < 5; pass++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      gc();
    }
    expect(requestSignals).toHaveLength(5);
    // The SDK client may hold its latest request a while; the earlier ones must be gone (with
    // AbortSignal.any every one of them stayed).
    const alive = requestSignals.filter((ref) => ref.deref() !== undefined);
    expect(alive.length).toBeLessThanOrEqual(1);
  });

  it('follows nextCursor over every page and keeps server order', async () => {
    const alpha = await track(
      connectInMemory(createPagedServer('alpha', [['a1', 'a2'], ['a3'], ['a4']])),
    );
    const beta = await track(connectInMemory(createPagedServer('beta', [['b1']])));
    const roster = await gatherTools([alpha, beta]);
    expect(roster.tools.map((tool) => tool.name)).toEqual(['a1', 'a2', 'a3', 'a4', 'b1']);
    expect(roster.route('a4')?.serverLabel).toBe('"alpha" (mcpServers[0])');
    expect(roster.route('b1')?.serverIndex).toBe(1);
    expect(roster.route('nope')).toBeUndefined();
  });

  it('keeps output-schema validation for the tools of every page (SDK 1.x cache bug worked around)', async () => {
    const typed = (name: string) => ({
      name,
      inputSchema: { type: 'object' },
      outputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
    });
    const peer = await connectRawPeer({
      pages: [[typed('first')], [typed('second')]],
      call: () => ({ content: [], structuredContent: { n: 'not a number' } }),
    });
    await track(peer.client);
    // The bug: after paging by hand, the SDK checks only the last page's tools.
    await peer.client.listTools();
    await peer.client.listTools({ cursor: '1' });
    await expect(peer.client.callTool({ name: 'first' })).resolves.toMatchObject({
      structuredContent: { n: 'not a number' },
    });
    const roster = await gatherTools([peer.client]);
    expect(roster.tools.map((tool) => tool.name)).toEqual(['first', 'second']);
    const outputs = await callTools(roster, [call('first'), call('second')]);
    expect(outputs.map((output) => [output.failure, output.result.isError])).toEqual([
      ['mcp_error', true],
      ['mcp_error', true],
    ]);
    expect(outputs.map((output) => output.result.content)).toEqual(
      ['first', 'second'].map(() => [
        {
          type: 'text',
          text: expect.stringContaining(
            "Structured content does not match the tool's output schema",
          ),
        },
      ]),
    );
  });

  it('sends a duplicate name once, runs it on the first server and warns naming both', async () => {
    const alpha = await track(connectInMemory(createPagedServer('alpha', [['shared', 'a']])));
    const beta = await track(connectInMemory(createPagedServer('beta', [['b'], ['shared']])));
    const warnings: CrosswireWarning[] = [];
    const roster = await gatherTools([alpha, beta], {
      onWarning: (warning) => warnings.push(warning),
    });
    expect(roster.tools.map((tool) => tool.name)).toEqual(['shared', 'a', 'b']);
    expect(warnings).toEqual([
      {
        code: 'duplicate_tool',
        message:
          'tool "shared" is offered by "alpha" (mcpServers[0]) and "beta" (mcpServers[1]); it is sent once and runs on "alpha" (mcpServers[0])',
        details: { tool: 'shared', servers: ['"alpha" (mcpServers[0])', '"beta" (mcpServers[1])'] },
      },
    ]);
    const [output] = await callTools(roster, [call('shared')]);
    expect(output?.result.content).toEqual([{ type: 'text', text: 'shared ran on alpha' }]);
  });

  it('accepts any object with listTools and callTool, and stops a cursor loop', async () => {
    let listed = 0;
    const looping: McpToolServer = {
      async listTools() {
        listed++;
        return {
          tools: [{ name: `t${listed}`, inputSchema: { type: 'object' } }],
          nextCursor: 'same',
        };
      },
      async callTool() {
        return { content: [] };
      },
    };
    const warnings: CrosswireWarning[] = [];
    const roster = await gatherTools([looping], { onWarning: (warning) => warnings.push(warning) });
    expect(roster.tools.map((tool) => tool.name)).toEqual(['t1', 't2']);
    expect(warnings.map((warning) => warning.code)).toEqual(['tool_list_truncated']);
  });

  it('leaves out a tool whose definition no wire could send, with a warning', async () => {
    const odd: McpToolServer = {
      async listTools() {
        return {
          tools: [
            { name: 'good', inputSchema: { type: 'object' } },
            { name: 'bad', inputSchema: { type: 'string' } },
          ],
        };
      },
      async callTool() {
        return { content: [] };
      },
    };
    const warnings: CrosswireWarning[] = [];
    const roster = await gatherTools([odd], { onWarning: (warning) => warnings.push(warning) });
    expect(roster.tools.map((tool) => tool.name)).toEqual(['good']);
    expect(roster.route('bad')).toBeUndefined();
    expect(warnings.map((warning) => warning.code)).toEqual(['invalid_tool_definition']);
  });

  it("a tool named '' is left out with a warning, never silently (no wire can send it)", async () => {
    const nameless: McpToolServer = {
      async listTools() {
        return {
          tools: [
            { name: '', inputSchema: { type: 'object' } },
            { name: 'good', inputSchema: { type: 'object' } },
          ],
        };
      },
      async callTool() {
        return { content: [] };
      },
    };
    const warnings: CrosswireWarning[] = [];
    const roster = await gatherTools([nameless], {
      onWarning: (warning) => warnings.push(warning),
    });
    expect(roster.tools.map((tool) => tool.name)).toEqual(['good']);
    expect(warnings.map((warning) => [warning.code, warning.message])).toEqual([
      [
        'invalid_tool_definition',
        'mcpServers[0] offers an invalid tool definition, left out: tool "".name: must be a non-empty string',
      ],
    ]);
  });

  it('fails with a ToolLoopError naming a server whose listing fails', async () => {
    const broken: McpToolServer = {
      async listTools() {
        throw new Error('connection closed');
      },
      async callTool() {
        return {};
      },
    };
    await expect(gatherTools([broken])).rejects.toMatchObject({
      name: 'ToolLoopError',
      code: 'mcp_list_tools_failed',
      message: 'listing the tools of mcpServers[0] failed: connection closed',
    });
  });
});

describe('callTools over the SDK in memory', () => {
  it('returns every kind of output, one per call, in call order', async () => {
    const client = await track(connectInMemory(createFixtureServer()));
    const roster = await gatherTools([client]);
    expect(roster.tools.map((tool) => tool.name)).toEqual([...FIXTURE_TOOLS]);
    const outputs = await callTools(
      roster,
      [
        call('echo', { text: 'hi' }),
        call('snapshot'),
        call('report'),
        call('readme'),
        call('link'),
        call('fail'),
        call('throws'),
        call('weather', { city: 'Oslo' }),
      ],
      { timeoutMs: 2000 },
    );
    expect(
      outputs.map((output) => ({
        content: output.result.content,
        structuredContent: output.result.structuredContent,
        isError: output.result.isError,
        failure: output.failure,
      })),
    ).toEqual([
      {
        content: [{ type: 'text', text: 'hi' }],
        structuredContent: undefined,
        isError: false,
        failure: undefined,
      },
      {
        content: [
          { type: 'text', text: 'the snapshot:' },
          { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
        ],
        structuredContent: undefined,
        isError: false,
        failure: undefined,
      },
      {
        content: [
          {
            type: 'resource',
            resource: {
              uri: 'file:///reports/q3%20summary',
              mimeType: 'application/pdf',
              blob: PDF_BASE64,
            },
          },
        ],
        structuredContent: undefined,
        isError: false,
        failure: undefined,
      },
      {
        content: [
          {
            type: 'resource',
            resource: {
              uri: 'file:///README.md',
              mimeType: 'text/markdown',
              text: '# Readme\nhello',
            },
          },
        ],
        structuredContent: undefined,
        isError: false,
        failure: undefined,
      },
      {
        content: [
          {
            type: 'resource_link',
            name: 'data.csv',
            uri: 'file:///data.csv',
            mimeType: 'text/csv',
          },
        ],
        structuredContent: undefined,
        isError: false,
        failure: undefined,
      },
      {
        content: [{ type: 'text', text: 'the disk is full' }],
        structuredContent: undefined,
        isError: true,
        failure: undefined,
      },
      {
        content: [{ type: 'text', text: 'kaput' }],
        structuredContent: undefined,
        isError: true,
        failure: undefined,
      },
      {
        content: [{ type: 'text', text: '{"city":"Oslo","celsius":22}' }],
        structuredContent: { city: 'Oslo', celsius: 22 },
        isError: false,
        failure: undefined,
      },
    ]);
  });

  it('answers unknown tools, bad arguments and timeouts with error outputs while the others run', async () => {
    const client = await track(connectInMemory(createFixtureServer()));
    const roster = await gatherTools([client]);
    const undecodable: ToolCall = {
      ...call('echo'),
      arguments: {},
      rawArguments: '{"text": "cut',
      argumentsUndecodable: true,
      argumentsError: 'arguments are not valid JSON: Unterminated string in JSON at position 13',
    };
    const outputs = await callTools(
      roster,
      [call('slow'), call('nope'), undecodable, call('echo', { text: 'still here' })],
      { timeoutMs: 150 },
    );
    expect(
      outputs.map((output) => [output.failure, output.result.isError, output.result.content]),
    ).toEqual([
      ['timeout', true, [{ type: 'text', text: 'tool slow timed out after 150 ms' }]],
      ['unknown_tool', true, [{ type: 'text', text: 'unknown tool nope' }]],
      [
        'arguments_not_json',
        true,
        [
          {
            type: 'text',
            text: 'arguments are not valid JSON: Unterminated string in JSON at position 13',
          },
        ],
      ],
      [undefined, false, [{ type: 'text', text: 'still here' }]],
    ]);
  });

  it('keeps the valid blocks of a result the SDK schema would reject; the bad ones become placeholders', async () => {
    const peer = await connectRawPeer({
      pages: [[{ name: 'mixed', inputSchema: { type: 'object' } }]],
      call: () => ({
        content: [
          { type: 'text', text: 'before' },
          { type: 'hologram', frames: 3 },
          { type: 'image', data: 42, mimeType: 'image/png' },
          { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
        ],
        structuredContent: { ok: true },
      }),
    });
    await track(peer.client);
    // The SDK's own schema refuses the whole result for the one unknown block.
    await expect(peer.client.callTool({ name: 'mixed' })).rejects.toMatchObject({
      name: '$ZodError',
    });
    const roster = await gatherTools([peer.client]);
    const warnings: CrosswireWarning[] = [];
    const [output] = await callTools(roster, [call('mixed')], {
      onWarning: (warning) => warnings.push(warning),
    });
    expect(output?.failure).toBeUndefined();
    expect(output?.result.isError).toBe(false);
    expect(output?.result.structuredContent).toEqual({ ok: true });
    expect(output?.result.content).toEqual([
      { type: 'text', text: 'before' },
      {
        type: 'unknown',
        originalType: 'hologram',
        reason: "unknown block type 'hologram'",
        raw: { type: 'hologram', frames: 3 },
      },
      {
        type: 'unknown',
        originalType: 'image',
        reason: "malformed 'image' block: data: Invalid input: expected string, received number",
        raw: { type: 'image', data: 42, mimeType: 'image/png' },
      },
      { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
    ]);
    expect(warnings.map((warning) => warning.message)).toEqual([
      "content[1]: unknown block type 'hologram'; it is sent as a placeholder",
      "content[2]: malformed 'image' block: data: Invalid input: expected string, received number; it is sent as a placeholder",
    ]);
    // The tool ran once: the loose schema is given to callTool, there is no second request.
    // (The two requests are the direct SDK call above and the loop's.)
    expect(peer.calls.map((request) => request.name)).toEqual(['mixed', 'mixed']);
    expect(output?.result.to('openai')).toEqual({
      role: 'tool',
      tool_call_id: 'call_mixed',
      content: expect.stringContaining('before'),
    });
  });

  it('still turns a result that is no object at all into an error output', async () => {
    const client = await track(connectRawServer({ content: 'not an array' }, 'garbled'));
    const roster = await gatherTools([client]);
    const [output] = await callTools(roster, [call('garbled')]);
    expect([output?.failure, output?.result.isError, output?.result.content]).toEqual([
      'malformed_result',
      true,
      [
        {
          type: 'text',
          text: 'tool garbled returned a malformed result: content must be an array of content blocks, got a string',
        },
      ],
    ]);
  });

  it('keeps the SDK output-schema check on a loosely parsed result', async () => {
    const peer = await connectRawPeer({
      pages: [
        [
          {
            name: 'typed',
            inputSchema: { type: 'object' },
            outputSchema: {
              type: 'object',
              properties: { n: { type: 'number' } },
              required: ['n'],
            },
          },
        ],
      ],
      call: () => ({ content: [{ type: 'text', text: 'x' }], structuredContent: { n: 'one' } }),
    });
    await track(peer.client);
    const roster = await gatherTools([peer.client]);
    const [output] = await callTools(roster, [call('typed')]);
    expect(output?.failure).toBe('mcp_error');
    expect(output?.result.content).toEqual([
      {
        type: 'text',
        text: expect.stringMatching(
          /^tool typed failed: MCP error -32602: Structured content does not match the tool's output schema/,
        ),
      },
    ]);
  });

  it('a ZodError from a client that ignores the loose schema is an error output', async () => {
    const server: McpToolServer = {
      async listTools() {
        return { tools: [{ name: 'strict', inputSchema: { type: 'object' } }] };
      },
      async callTool() {
        throw Object.assign(new Error('[]'), {
          name: 'ZodError',
          issues: [{ path: ['content', 0], message: 'Invalid input' }],
        });
      },
    };
    const roster = await gatherTools([server]);
    const [output] = await callTools(roster, [call('strict')]);
    expect([output?.failure, output?.result.content]).toEqual([
      'malformed_result',
      [{ type: 'text', text: 'tool strict returned a malformed result: content.0: Invalid input' }],
    ]);
  });

  it('turns a result that is not an object into an error output', async () => {
    const server: McpToolServer = {
      async listTools() {
        return { tools: [{ name: 'odd', inputSchema: { type: 'object' } }] };
      },
      async callTool() {
        return 'just a string';
      },
    };
    const roster = await gatherTools([server]);
    const [output] = await callTools(roster, [call('odd')]);
    expect(output?.result.content).toEqual([
      {
        type: 'text',
        text: 'tool odd returned a malformed result: a tool result must be an object, got a string',
      },
    ]);
  });

  it('turns an McpError thrown by a low-level server into an error output', async () => {
    const server: McpToolServer = {
      async listTools() {
        return { tools: [{ name: 'boom', inputSchema: { type: 'object' } }] };
      },
      callTool() {
        throw Object.assign(new Error('MCP error -32603: internal'), {
          name: 'McpError',
          code: -32603,
        });
      },
    };
    const roster = await gatherTools([server]);
    const [output] = await callTools(roster, [call('boom')]);
    expect([output?.failure, output?.result.content]).toEqual([
      'mcp_error',
      [{ type: 'text', text: 'tool boom failed: MCP error -32603: internal' }],
    ]);
  });

  it('rejects the turn when the caller aborts (not an error result)', async () => {
    const client = await track(connectInMemory(createFixtureServer()));
    const roster = await gatherTools([client]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('user stop')), 30);
    await expect(callTools(roster, [call('slow')], { signal: controller.signal })).rejects.toThrow(
      'user stop',
    );
  });
});

describe('callTools, for any turn', () => {
  it('answers every call with exactly one result with its name and id, in call order', async () => {
    const behaviours = [
      'ok',
      'error-result',
      'throws',
      'mcp-error',
      'not-an-object',
      'bad-content',
      'hangs',
    ] as const;
    const server: McpToolServer = {
      async listTools() {
        return { tools: behaviours.map((name) => ({ name, inputSchema: { type: 'object' } })) };
      },
      async callTool({ name }) {
        switch (name) {
          case 'ok':
            return { content: [{ type: 'text', text: 'fine' }] };
          case 'error-result':
            return { content: [{ type: 'text', text: 'no' }], isError: true };
          case 'throws':
            throw new Error('boom');
          case 'mcp-error':
            throw Object.assign(new Error('MCP error -32603: x'), {
              name: 'McpError',
              code: -32603,
            });
          case 'not-an-object':
            return 7;
          case 'bad-content':
            return { content: 'text' };
          default:
            return new Promise(() => undefined);
        }
      },
    };
    const roster = await gatherTools([server]);
    const arbitraryCall = fc.record({
      name: fc.constantFrom(...behaviours, 'unknown-tool'),
      undecodable: fc.boolean(),
      id: fc.string({ maxLength: 6 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(arbitraryCall, { maxLength: 12 }), async (specs) => {
        const calls = specs.map((spec) => ({
          ...call(spec.name, {}, spec.id),
          argumentsUndecodable: spec.undecodable,
          argumentsError: spec.undecodable ? 'arguments are not valid JSON: cut' : undefined,
        }));
        const outputs = await callTools(roster, calls, { timeoutMs: 20 });
        expect(outputs.map((output) => [output.result.name, output.result.id])).toEqual(
          specs.map((spec) => [spec.name, spec.id]),
        );
        outputs.forEach((output, index) => {
          const spec = specs[index];
          expect(output.result.isError).toBe(!(spec?.name === 'ok' && !spec.undecodable));
        });
      }),
      { numRuns: 40 },
    );
  });
});

describe('callTools over stdio', () => {
  it('lists and runs the fixture tools in a child process', async () => {
    const script = fileURLToPath(new URL('./test-support/stdio-server.ts', import.meta.url));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', script],
      stderr: 'pipe',
    });
    const client = new Client({ name: 'crosswire-test', version: '1.0.0' });
    await client.connect(transport);
    await track(client);
    const roster = await gatherTools([client]);
    expect(roster.route('echo')?.serverLabel).toBe('"stdio-fixture" (mcpServers[0])');
    const outputs = await callTools(
      roster,
      [call('echo', { text: 'over stdio' }), call('snapshot'), call('slow')],
      {
        timeoutMs: 300,
      },
    );
    expect(outputs.map((output) => output.result.content)).toEqual([
      [{ type: 'text', text: 'over stdio' }],
      [
        { type: 'text', text: 'the snapshot:' },
        { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
      ],
      [{ type: 'text', text: 'tool slow timed out after 300 ms' }],
    ]);
  });
});
