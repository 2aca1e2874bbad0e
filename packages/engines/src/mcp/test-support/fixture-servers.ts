/**
 * MCP servers for tests, built with the official SDK: a high-level `McpServer` whose tools
 * return every kind of output, a low-level `Server` that paginates `tools/list`, and a raw
 * JSON-RPC peer that answers `tools/call` with malformed content (the SDK's own servers
 * refuse to send that).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CallToolRequestSchema,
  type JSONRPCMessage,
  LATEST_PROTOCOL_VERSION,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** A 1×1 transparent PNG. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
/** A minimal PDF. */
export const PDF_BASE64 = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString(
  'base64',
);

/** A PNG-signed payload of `bytes` bytes (valid enough for media sniffing, used for size tests). */
export function bigPngBase64(bytes: number): string {
  const buffer = Buffer.alloc(bytes, 7);
  Buffer.from(PNG_BASE64, 'base64').copy(buffer, 0, 0, 16);
  return buffer.toString('base64');
}

export interface FixtureServerOptions {
  readonly name?: string;
  /** Base64 of the image `snapshot` returns. Default: a 1×1 PNG. */
  readonly imageBase64?: string;
  /** How long `slow` sleeps. Default 10 s (longer than any test's call timeout). */
  readonly slowMs?: number;
}

/** Tool names of {@link createFixtureServer}, one per kind of output. */
export const FIXTURE_TOOLS = [
  'echo',
  'snapshot',
  'report',
  'readme',
  'link',
  'fail',
  'slow',
  'throws',
  'weather',
] as const;

export function createFixtureServer(options: FixtureServerOptions = {}): McpServer {
  const server = new McpServer({ name: options.name ?? 'fixture', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echoes its text', inputSchema: { text: z.string() } },
    async ({ text }) => ({ content: [{ type: 'text', text }] }),
  );
  server.registerTool('snapshot', { description: 'Returns an image' }, async () => ({
    content: [
      { type: 'text', text: 'the snapshot:' },
      { type: 'image', data: options.imageBase64 ?? PNG_BASE64, mimeType: 'image/png' },
    ],
  }));
  server.registerTool('report', { description: 'Returns a PDF' }, async () => ({
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
  }));
  server.registerTool('readme', { description: 'Returns a text resource' }, async () => ({
    content: [
      {
        type: 'resource',
        resource: { uri: 'file:///README.md', mimeType: 'text/markdown', text: '# Readme\nhello' },
      },
    ],
  }));
  server.registerTool('link', { description: 'Returns a resource link' }, async () => ({
    content: [
      { type: 'resource_link', name: 'data.csv', uri: 'file:///data.csv', mimeType: 'text/csv' },
    ],
  }));
  server.registerTool('fail', { description: 'Reports an error' }, async () => ({
    content: [{ type: 'text', text: 'the disk is full' }],
    isError: true,
  }));
  server.registerTool('slow', { description: 'Takes too long' }, async (extra) => {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, options.slowMs ?? 10_000);
      extra.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    return { content: [{ type: 'text', text: 'finally' }] };
  });
  server.registerTool('throws', { description: 'Throws' }, async () => {
    throw new Error('kaput');
  });
  server.registerTool(
    'weather',
    {
      description: 'Weather with structured output',
      inputSchema: { city: z.string() },
      outputSchema: { city: z.string(), celsius: z.number() },
    },
    async ({ city }) => ({
      content: [{ type: 'text', text: JSON.stringify({ city, celsius: 22 }) }],
      structuredContent: { city, celsius: 22 },
    }),
  );
  return server;
}

/** Connects a fresh SDK `Client` to `server` over an in-memory transport pair. */
export async function connectInMemory(
  server: McpServer | Server,
  clientName = 'crosswire-test',
): Promise<Client> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: clientName, version: '1.0.0' });
  await client.connect(clientTransport);
  return client;
}

/** A low-level `Server` whose `tools/list` returns `pages` one page per cursor. */
export function createPagedServer(name: string, pages: readonly (readonly string[])[]): Server {
  const server = new Server({ name, version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    const index = request.params?.cursor ? Number(request.params.cursor) : 0;
    const names = pages[index] ?? [];
    return {
      tools: names.map((toolName) => ({
        name: toolName,
        description: `${toolName} on ${name}`,
        inputSchema: { type: 'object' as const, properties: {} },
      })),
      ...(index + 1 < pages.length ? { nextCursor: String(index + 1) } : {}),
    };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => ({
    content: [{ type: 'text', text: `${request.params.name} ran on ${name}` }],
  }));
  return server;
}

/** What {@link connectRawPeer} serves. */
export interface RawPeerOptions {
  /** `tools/list` pages, one per cursor (`"1"`, `"2"`...). */
  readonly pages: readonly (readonly Record<string, unknown>[])[];
  /** The `result` of a `tools/call`, from its params. */
  readonly call: (params: { name: string; arguments?: unknown }) => unknown;
}

/**
 * A client connected to a raw JSON-RPC peer (no SDK server, which would refuse to send a
 * malformed result) that pages `tools/list` and answers `tools/call` with whatever `call`
 * returns. Counts the `tools/call` requests it got in `calls`.
 */
export async function connectRawPeer(
  options: RawPeerOptions,
): Promise<{ client: Client; calls: { name: string; arguments?: unknown }[] }> {
  const calls: { name: string; arguments?: unknown }[] = [];
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  serverTransport.onmessage = (message: JSONRPCMessage) => {
    if (!('id' in message) || !('method' in message)) return;
    const reply = (payload: unknown) =>
      void serverTransport.send({
        jsonrpc: '2.0',
        id: message.id,
        result: payload,
      } as JSONRPCMessage);
    const params = (message.params ?? {}) as Record<string, unknown>;
    if (message.method === 'initialize') {
      reply({
        protocolVersion: LATEST_PROTOCOL_VERSION,
        capabilities: { tools: {} },
        serverInfo: { name: 'raw', version: '0.0.1' },
      });
    } else if (message.method === 'tools/list') {
      const index = typeof params.cursor === 'string' ? Number(params.cursor) : 0;
      reply({
        tools: options.pages[index] ?? [],
        ...(index + 1 < options.pages.length ? { nextCursor: String(index + 1) } : {}),
      });
    } else if (message.method === 'tools/call') {
      const call = params as { name: string; arguments?: unknown };
      calls.push(call);
      reply(options.call(call));
    }
  };
  await serverTransport.start();
  const client = new Client({ name: 'crosswire-test', version: '1.0.0' });
  await client.connect(clientTransport);
  return { client, calls };
}

/**
 * A client connected to a raw JSON-RPC peer that lists one tool, `malformed`, and answers
 * every `tools/call` with `result`, whatever it is.
 */
export async function connectRawServer(result: unknown, toolName = 'malformed'): Promise<Client> {
  const peer = await connectRawPeer({
    pages: [[{ name: toolName, inputSchema: { type: 'object' } }]],
    call: () => result,
  });
  return peer.client;
}

/** One execution of a ledger tool: which tool, with what, and the idempotency key it carried. */
export interface LedgerEntry {
  readonly tool: string;
  readonly arguments: Record<string, unknown>;
  /** `_meta["dev.crosswire/idempotency-key"]` of the request; undefined when none was sent. */
  readonly key: unknown;
}

/**
 * A server whose tools record every execution in `ledger`: `charge` (a side effect that must
 * not run twice), `lookup` (a text answer) and `photo` (an image).
 */
export function createLedgerServer(imageBase64 = PNG_BASE64): {
  server: McpServer;
  ledger: LedgerEntry[];
} {
  const ledger: LedgerEntry[] = [];
  const server = new McpServer({ name: 'ledger', version: '1.0.0' });
  const record = (tool: string, args: Record<string, unknown>, meta: unknown) => {
    ledger.push({
      tool,
      arguments: args,
      key: (meta as Record<string, unknown> | undefined)?.['dev.crosswire/idempotency-key'],
    });
    // How often this tool ran so far (other tools running concurrently do not count).
    return ledger.filter((entry) => entry.tool === tool).length;
  };
  server.registerTool(
    'charge',
    { description: 'Charges an amount', inputSchema: { amount: z.number() } },
    async (args, extra) => ({
      content: [
        { type: 'text', text: `charged ${args.amount} (#${record('charge', args, extra._meta)})` },
      ],
    }),
  );
  server.registerTool(
    'lookup',
    { description: 'Looks a word up', inputSchema: { word: z.string() } },
    async (args, extra) => {
      record('lookup', args, extra._meta);
      return { content: [{ type: 'text', text: `${args.word}: a word` }] };
    },
  );
  server.registerTool('photo', { description: 'Takes a photo' }, async (extra) => {
    record('photo', {}, extra._meta);
    return {
      content: [
        { type: 'text', text: 'the photo:' },
        { type: 'image', data: imageBase64, mimeType: 'image/png' },
      ],
    };
  });
  return { server, ledger };
}

/** A server with one task-only tool (as server-everything has), on the SDK's task store. */
/**
 * A server with a task-only tool `long_sum` (its result is stored `finishAfterMs` after the
 * task starts, 10 ms by default; never with `neverFinish`; the client polls every 5 ms) and a
 * plain tool.
 */
export function createTaskServer(
  options: { neverFinish?: boolean; finishAfterMs?: number } = {},
): McpServer {
  const server = new McpServer(
    { name: 'tasks', version: '1.0.0' },
    {
      capabilities: { tasks: { requests: { tools: { call: {} } } } },
      taskStore: new InMemoryTaskStore(),
    },
  );
  server.experimental.tasks.registerToolTask(
    'long_sum',
    {
      description: 'Adds two numbers, as a task',
      inputSchema: { a: z.number(), b: z.number() },
      execution: { taskSupport: 'required' },
    },
    {
      async createTask({ a, b }, { taskStore }) {
        const task = await taskStore.createTask({ ttl: 60_000, pollInterval: 5 });
        if (!options.neverFinish) {
          setTimeout(() => {
            void taskStore.storeTaskResult(task.taskId, 'completed', {
              content: [{ type: 'text', text: String(a + b) }],
            });
          }, options.finishAfterMs ?? 10);
        }
        return { task };
      },
      getTask: (_args, { taskId, taskStore }) => taskStore.getTask(taskId),
      getTaskResult: (_args, { taskId, taskStore }) => taskStore.getTaskResult(taskId) as never,
    },
  );
  server.registerTool('plain', { inputSchema: {} }, async () => ({
    content: [{ type: 'text', text: 'plain ran' }],
  }));
  return server;
}

/** A plain server object (no SDK client) that lists `count` tools named t0, t1, ... in one page. */
export function manyToolsServer(count: number): {
  listTools(): Promise<{ tools: { name: string; inputSchema: { type: 'object' } }[] }>;
  callTool(params: { name: string }): Promise<unknown>;
} {
  const tools = Array.from({ length: count }, (_, index) => ({
    name: `t${index}`,
    inputSchema: { type: 'object' as const },
  }));
  return {
    listTools: async () => ({ tools }),
    callTool: async (params) => ({ content: [{ type: 'text', text: `${params.name} ran` }] }),
  };
}
