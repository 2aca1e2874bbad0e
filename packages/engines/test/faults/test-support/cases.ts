/**
 * The fault and load cases behind the fault suite and RELIABILITY.md: a misbehaving provider
 * (a loopback HTTP server), misbehaving MCP servers (the official SDK, in memory and over
 * stdio), and 200 concurrent tool loops against the simulator. Each case opens what it needs
 * and closes it before it returns; `prepareCases()` starts the one simulator they share.
 */
import { fileURLToPath } from 'node:url';
import type { CrosswireWarning } from '@crosswire/core';
import { type Simulator, type SimulatorStep, startSimulator } from '@crosswire/simulator';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Agent } from 'undici';
import { createEngine, type Engine, type EngineOptions } from '../../../src/engine/engine.js';
import type { ToolLoopResult } from '../../../src/loop/tool-loop.js';
import type { McpToolServer } from '../../../src/mcp/server.js';
import {
  bigPngBase64,
  connectInMemory,
  connectRawPeer,
  connectRawServer,
  createFixtureServer,
  createPagedServer,
  createTaskServer,
  manyToolsServer,
} from '../../../src/mcp/test-support/fixture-servers.js';
import {
  type Behaviour,
  endlessBody,
  sendJson,
  startBadProvider,
  trickle,
} from './bad-provider.js';
import { type CaseOutcome, errorOutcome, type FaultCase } from './harness.js';

let simulator: Simulator | undefined;

/** Starts the simulator the MCP and load cases share (before any case is measured). */
export async function prepareCases(): Promise<void> {
  simulator ??= await startSimulator();
}

/** Closes what {@link prepareCases} started. */
export async function closeCases(): Promise<void> {
  await simulator?.close();
  simulator = undefined;
}

function sim(): Simulator {
  if (!simulator) throw new Error('call prepareCases() first');
  return simulator;
}

const RETRY = { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 200 } as const;

function engineAt(baseUrl: string, options: Partial<EngineOptions> = {}): Engine {
  return createEngine({
    provider: 'openai',
    model: 'gpt-6.1-sol',
    apiKey: 'k',
    baseUrl,
    retry: RETRY,
    timeoutMs: 2_000,
    ...options,
  });
}

const OK_REPLY = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  model: 'gpt-6.1-sol',
  choices: [{ index: 0, message: { role: 'assistant', content: 'fine' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
};

const rateLimited =
  (headers: Record<string, string>): Behaviour =>
  (_request, response) =>
    sendJson(
      response,
      429,
      { error: { message: 'slow down', type: 'rate_limit_exceeded' } },
      headers,
    );

interface ProviderCaseInit {
  readonly name: string;
  readonly promise: string;
  readonly expectedCode: string;
  readonly expectedAttempts: number;
  readonly behave: Behaviour;
  readonly engine?: Partial<EngineOptions>;
  readonly maxMs?: number;
  readonly maxMemoryMb?: number;
}

/** One `engine.chat` against a provider that misbehaves as `behave` says. */
function providerCase(init: ProviderCaseInit): FaultCase {
  return {
    group: 'provider',
    name: init.name,
    promise: init.promise,
    expectedCode: init.expectedCode,
    expectedAttempts: init.expectedAttempts,
    maxMs: init.maxMs ?? 10_000,
    maxMemoryMb: init.maxMemoryMb ?? 64,
    async run(): Promise<CaseOutcome> {
      const server = await startBadProvider(init.behave);
      const engine = engineAt(server.baseUrl, init.engine);
      try {
        const reply = await engine.chat('hello');
        return {
          summary: `answered \`${reply.content}\` after ${server.requests()} attempt(s)`,
          code: 'ok',
          attempts: server.requests(),
        };
      } catch (error) {
        const outcome = errorOutcome(error);
        const length = error instanceof Error ? error.message.length : 0;
        return {
          ...outcome,
          summary: `${outcome.summary.replace(/ after \d+ attempt\(s\)/, '')} after ${server.requests()} attempt(s); message ${length} chars`,
          attempts: server.requests(),
        };
      } finally {
        await engine.close();
        await server.close();
      }
    },
  };
}

const HUGE_ERROR_BYTES = 60 * 1024 * 1024;

export const PROVIDER_CASES: readonly FaultCase[] = [
  providerCase({
    name: 'reset mid-body',
    promise: 'retried, then a typed error',
    expectedCode: 'provider_unreachable',
    expectedAttempts: 3,
    behave: (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
      response.write('{"id":"chatcmpl-1","choices":[');
      setTimeout(() => response.socket?.resetAndDestroy(), 10);
    },
  }),
  providerCase({
    name: 'reset before any reply',
    promise: 'retried, then a typed error',
    expectedCode: 'provider_unreachable',
    expectedAttempts: 3,
    behave: (_request, response) => {
      response.socket?.resetAndDestroy();
    },
  }),
  providerCase({
    name: 'headers trickled a byte at a time',
    promise: 'the per-attempt deadline ends each attempt',
    expectedCode: 'provider_timeout',
    expectedAttempts: 3,
    engine: { timeoutMs: 300 },
    behave: (_request, response) => {
      if (response.socket) trickle(response.socket, 'HTTP/1.1 200 OK\r\nX-Slow: yes\r\n', 40);
    },
  }),
  providerCase({
    name: 'endless body',
    promise: 'cut off at the response size cap, memory bounded',
    expectedCode: 'provider_response_too_large',
    expectedAttempts: 1,
    engine: { timeoutMs: 60_000 },
    maxMs: 30_000,
    maxMemoryMb: 400,
    behave: (_request, response) => endlessBody(response),
  }),
  providerCase({
    name: '429 storm, Retry-After: 0',
    promise: 'retried as told, then a typed error',
    expectedCode: 'provider_rate_limited',
    expectedAttempts: 3,
    behave: rateLimited({ 'retry-after': '0' }),
  }),
  providerCase({
    name: '429 storm, Retry-After: 0.05 (fractional seconds)',
    promise: 'retried as told, then a typed error',
    expectedCode: 'provider_rate_limited',
    expectedAttempts: 3,
    behave: rateLimited({ 'retry-after': '0.05' }),
  }),
  providerCase({
    name: '429 storm, Retry-After: an HTTP-date in the past',
    promise: 'retried at once, then a typed error',
    expectedCode: 'provider_rate_limited',
    expectedAttempts: 3,
    behave: rateLimited({ 'retry-after': 'Thu, 01 Jan 2015 00:00:00 GMT' }),
  }),
  providerCase({
    name: '429 storm, retry-after-ms: 20',
    promise: 'retried as told, then a typed error',
    expectedCode: 'provider_rate_limited',
    expectedAttempts: 3,
    behave: rateLimited({ 'retry-after-ms': '20' }),
  }),
  providerCase({
    name: '429 storm, Retry-After: soon (unreadable)',
    promise: 'retried with backoff, then a typed error',
    expectedCode: 'provider_rate_limited',
    expectedAttempts: 3,
    behave: rateLimited({ 'retry-after': 'soon' }),
  }),
  providerCase({
    name: '429, Retry-After: 86400 (longer than maxDelayMs)',
    promise: 'no wait at all: a typed error at once',
    expectedCode: 'provider_rate_limited',
    expectedAttempts: 1,
    behave: rateLimited({ 'retry-after': '86400' }),
  }),
  providerCase({
    name: '429, Retry-After: an HTTP-date a day ahead',
    promise: 'no wait at all: a typed error at once',
    expectedCode: 'provider_rate_limited',
    expectedAttempts: 1,
    behave: rateLimited({ 'retry-after': new Date(Date.now() + 86_400_000).toUTCString() }),
  }),
  providerCase({
    name: '5xx storm (500, 502, 503, 504)',
    promise: 'retried, then a typed error',
    expectedCode: 'provider_error',
    expectedAttempts: 3,
    behave: (_request, response, attempt) =>
      sendJson(response, [500, 502, 503, 504][(attempt - 1) % 4] as number, {
        error: { message: 'upstream trouble' },
      }),
  }),
  providerCase({
    name: '503 then 429 then a reply',
    promise: 'recovers: the reply after 3 attempts',
    expectedCode: 'ok',
    expectedAttempts: 3,
    behave: (_request, response, attempt) => {
      if (attempt === 1) sendJson(response, 503, { error: { message: 'busy' } });
      else if (attempt === 2) rateLimited({ 'retry-after': '0' })(_request, response, attempt);
      else sendJson(response, 200, OK_REPLY);
    },
  }),
  providerCase({
    name: 'huge error body (60 MB error.message)',
    promise: 'a typed error, memory bounded',
    expectedCode: 'provider_error',
    expectedAttempts: 1,
    maxMs: 30_000,
    maxMemoryMb: 800,
    // Reading 60 MB can outlast the suite's 2 s attempt deadline on a loaded runner; the case is
    // about the size of the error, not about the deadline.
    engine: { timeoutMs: 20_000 },
    behave: (_request, response) => {
      const body = Buffer.alloc(HUGE_ERROR_BYTES + 40, 0x61);
      body.write('{"error":{"message":"', 0);
      body.write('"}}', body.length - 3);
      response.writeHead(400, {
        'content-type': 'application/json',
        'content-length': String(body.length),
      });
      response.end(body);
    },
  }),
  providerCase({
    name: 'HTML page with 200',
    promise: 'a typed error, not retried',
    expectedCode: 'provider_bad_response',
    expectedAttempts: 1,
    behave: (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><html><body><h1>Welcome to nginx!</h1></body></html>');
    },
  }),
  providerCase({
    name: 'HTML proxy error page with 502',
    promise: 'retried, then a typed error',
    expectedCode: 'provider_error',
    expectedAttempts: 3,
    behave: (_request, response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<html><body>502 Bad Gateway</body></html>');
    },
  }),
];

/** An SDK `Server` listing one tool, whose `tools/list` never answers. */
function hangingListServer(): Server {
  const server = new Server({ name: 'hangs', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => new Promise(() => {}));
  return server;
}

/** A server whose every `tools/list` page takes `pageMs` and names a next page, forever. */
function slowPagingServer(pageMs: number): Server {
  const server = new Server({ name: 'pages', version: '1.0.0' }, { capabilities: { tools: {} } });
  let pages = 0;
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    pages++;
    await new Promise((resolve) => setTimeout(resolve, pageMs));
    return {
      tools: [{ name: `t${pages}`, inputSchema: { type: 'object' as const } }],
      nextCursor: String(pages),
    };
  });
  return server;
}

interface LoopCaseInit {
  readonly name: string;
  readonly promise: string;
  readonly expectedCode: string;
  /** `name → failure` of the first turn's calls, as the table shows them. */
  readonly expectedDetail?: readonly string[];
  readonly steps: readonly SimulatorStep[];
  /** The servers, and how to close them. */
  readonly servers: () => Promise<{ servers: McpToolServer[]; close: () => Promise<void> }>;
  readonly abortAfterMs?: number;
  readonly engine?: Partial<EngineOptions>;
  readonly maxMs?: number;
  readonly maxMemoryMb?: number;
}

let lanes = 0;

function describeRun(result: ToolLoopResult): readonly string[] {
  return (result.turns[0]?.toolCalls ?? []).map(
    (call) => `${call.name} → ${call.failure ?? (call.isError ? 'error result' : 'result')}`,
  );
}

/** One `runToolLoop` against the simulator with servers that misbehave. */
function loopCase(init: LoopCaseInit): FaultCase {
  return {
    group: 'mcp',
    name: init.name,
    promise: init.promise,
    expectedCode: init.expectedCode,
    ...(init.expectedDetail ? { expectedDetail: init.expectedDetail } : {}),
    maxMs: init.maxMs ?? 10_000,
    maxMemoryMb: init.maxMemoryMb ?? 64,
    async run(): Promise<CaseOutcome> {
      const lane = `fault-${++lanes}`;
      sim().script(lane, init.steps);
      const { servers, close } = await init.servers();
      const engine = engineAt(sim().baseUrl('openai', lane), {
        toolTimeoutMs: 300,
        listToolsTimeoutMs: 300,
        ...init.engine,
      });
      const controller = new AbortController();
      const timer =
        init.abortAfterMs === undefined
          ? undefined
          : setTimeout(() => controller.abort(new Error('caller gave up')), init.abortAfterMs);
      const warnings: CrosswireWarning[] = [];
      try {
        const result = await engine.runToolLoop('go', {
          mcpServers: servers,
          signal: controller.signal,
          onWarning: (warning) => warnings.push(warning),
        });
        const detail = describeRun(result);
        const warned = [...new Set(warnings.map((warning) => warning.code))];
        return {
          summary: `answered \`${result.text}\`${detail.length ? `; ${detail.join(', ')}` : ''}${warned.length ? `; warnings ${warned.join(', ')}` : ''}`,
          code: 'ok',
          detail,
        };
      } catch (error) {
        return errorOutcome(error);
      } finally {
        clearTimeout(timer);
        await engine.close();
        await close();
      }
    },
  };
}

async function inMemory(...made: Promise<Client>[]) {
  const servers = await Promise.all(made);
  return { servers, close: async () => void (await Promise.all(servers.map((s) => s.close()))) };
}

const STDIO_SERVER = fileURLToPath(new URL('./stdio-faulty-server.mjs', import.meta.url));

/** The faulty stdio server in a child process; closing the client ends the child. */
async function stdioServer() {
  const client = new Client({ name: 'crosswire-faults', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [STDIO_SERVER],
    stderr: 'ignore',
  });
  await client.connect(transport);
  return {
    servers: [client],
    close: async () => {
      await client.close();
    },
  };
}

const callThen = (calls: { name: string; arguments?: Record<string, unknown> }[]) =>
  [
    { type: 'tool_calls', calls },
    { type: 'text', text: 'done' },
  ] as const satisfies readonly SimulatorStep[];

const FIFTY_MB_IMAGE = 50 * 1024 * 1024;

export const MCP_CASES: readonly FaultCase[] = [
  loopCase({
    name: 'tools/list never answers',
    promise: 'ends at listToolsTimeoutMs with a typed error',
    expectedCode: 'mcp_list_tools_timeout',
    steps: [{ type: 'text', text: 'unused' }],
    servers: () => inMemory(connectInMemory(hangingListServer())),
  }),
  loopCase({
    name: 'tools/list pages forever, each inside the timeout',
    promise: 'ends at listToolsTimeoutMs for the whole listing, typed',
    expectedCode: 'mcp_list_tools_timeout',
    steps: [{ type: 'text', text: 'unused' }],
    servers: () => inMemory(connectInMemory(slowPagingServer(100))),
  }),
  loopCase({
    name: 'tools/list never answers, caller aborts',
    promise: 'ends at once on the signal, typed',
    expectedCode: 'aborted',
    steps: [{ type: 'text', text: 'unused' }],
    servers: () => inMemory(connectInMemory(hangingListServer())),
    engine: { listToolsTimeoutMs: 600_000 },
    abortAfterMs: 50,
  }),
  loopCase({
    name: 'tool call never answers',
    promise: 'an error result at toolTimeoutMs; the loop goes on',
    expectedCode: 'ok',
    expectedDetail: ['slow → timeout', 'echo → result'],
    steps: callThen([{ name: 'slow' }, { name: 'echo', arguments: { text: 'alive' } }]),
    servers: () => inMemory(connectInMemory(createFixtureServer({ slowMs: 600_000 }))),
  }),
  loopCase({
    name: 'tool call never answers, caller aborts',
    promise: 'ends at once on the signal, typed',
    expectedCode: 'aborted',
    steps: callThen([{ name: 'slow' }]),
    servers: () => inMemory(connectInMemory(createFixtureServer({ slowMs: 600_000 }))),
    engine: { toolTimeoutMs: 600_000 },
    abortAfterMs: 150,
  }),
  loopCase({
    name: 'stdio server hangs in a call',
    promise: 'an error result at toolTimeoutMs; no child process left',
    expectedCode: 'ok',
    expectedDetail: ['hang → timeout', 'echo → result'],
    steps: callThen([{ name: 'hang' }, { name: 'echo', arguments: { text: 'alive' } }]),
    servers: stdioServer,
  }),
  loopCase({
    name: 'stdio server crashes mid-call',
    promise: 'an error result for each call in flight; no child process left',
    expectedCode: 'ok',
    expectedDetail: ['crash → mcp_error'],
    steps: callThen([{ name: 'crash' }]),
    servers: stdioServer,
  }),
  loopCase({
    name: 'result is not an object',
    promise: 'malformed_result at once, not a timeout',
    expectedCode: 'ok',
    expectedDetail: ['malformed → malformed_result'],
    steps: callThen([{ name: 'malformed' }]),
    servers: () => inMemory(connectRawServer('a bare string')),
    engine: { toolTimeoutMs: 600_000 },
  }),
  loopCase({
    name: 'result content is not a list',
    promise: 'malformed_result for that call only',
    expectedCode: 'ok',
    expectedDetail: ['malformed → malformed_result'],
    steps: callThen([{ name: 'malformed' }]),
    servers: () => inMemory(connectRawServer({ content: { type: 'text', text: 'x' } })),
  }),
  loopCase({
    name: 'unknown and malformed blocks',
    promise: 'the valid blocks go through, each bad one a placeholder',
    expectedCode: 'ok',
    expectedDetail: ['malformed → result'],
    steps: callThen([{ name: 'malformed' }]),
    servers: () =>
      inMemory(
        connectRawServer({
          content: [
            { type: 'text', text: 'ok' },
            { type: 'hologram', uri: 'x:y' },
            { type: 'image', data: 42 },
          ],
        }),
      ),
  }),
  loopCase({
    name: '50 MB image result, maxToolResultBytes 128 MiB',
    promise: 'sent as a placeholder on a text-only tool wire, memory bounded',
    expectedCode: 'ok',
    expectedDetail: ['snapshot → result'],
    steps: callThen([{ name: 'snapshot' }]),
    servers: () =>
      inMemory(connectInMemory(createFixtureServer({ imageBase64: bigPngBase64(FIFTY_MB_IMAGE) }))),
    engine: { toolTimeoutMs: 30_000, timeoutMs: 30_000, maxToolResultBytes: 128 * 1024 * 1024 },
    maxMs: 30_000,
    maxMemoryMb: 800,
  }),
  loopCase({
    name: '100,000 tools listed by one server',
    promise:
      'the first 1,000 kept (a warning); more than the 128 OpenAI takes: refused before sending',
    expectedCode: 'too_many_tools',
    steps: callThen([{ name: 't5' }]),
    servers: async () => ({ servers: [manyToolsServer(100_000)], close: async () => undefined }),
  }),
  loopCase({
    name: '100,000 tools listed, maxToolsPerServer 100',
    promise: 'the first 100 offered, with a warning; the loop runs',
    expectedCode: 'ok',
    expectedDetail: ['t5 → result'],
    steps: callThen([{ name: 't5' }]),
    servers: async () => ({ servers: [manyToolsServer(100_000)], close: async () => undefined }),
    engine: { maxToolsPerServer: 100 },
  }),
  loopCase({
    name: '50 MB image result',
    promise: 'over maxToolResultBytes (16 MiB): an error result that says so, memory bounded',
    expectedCode: 'ok',
    expectedDetail: ['snapshot → result_too_large'],
    steps: callThen([{ name: 'snapshot' }]),
    servers: () =>
      inMemory(connectInMemory(createFixtureServer({ imageBase64: bigPngBase64(FIFTY_MB_IMAGE) }))),
    engine: { toolTimeoutMs: 30_000 },
    maxMs: 30_000,
    maxMemoryMb: 800,
  }),
  loopCase({
    name: '50 MB text result',
    promise:
      'an error result that says it is over maxToolResultBytes (16 MiB); none of it forwarded',
    expectedCode: 'ok',
    expectedDetail: ['big → result_too_large'],
    steps: callThen([{ name: 'big' }]),
    servers: async () => {
      const { client } = await connectRawPeer({
        pages: [[{ name: 'big', inputSchema: { type: 'object' } }]],
        call: () => ({ content: [{ type: 'text', text: 'x'.repeat(50 * 1024 * 1024) }] }),
      });
      return { servers: [client], close: () => client.close() };
    },
    engine: { toolTimeoutMs: 30_000 },
    maxMs: 30_000,
    maxMemoryMb: 800,
  }),
  loopCase({
    name: 'task-only tool (execution.taskSupport "required")',
    promise: "run as an MCP task through the SDK client's task API",
    expectedCode: 'ok',
    expectedDetail: ['long_sum → result'],
    steps: callThen([{ name: 'long_sum', arguments: { a: 2, b: 40 } }]),
    servers: () => inMemory(connectInMemory(createTaskServer())),
  }),
  loopCase({
    name: 'task-only tool on a server object without the task API',
    promise: 'not offered to the model (a warning); a call of it is unknown_tool',
    expectedCode: 'ok',
    expectedDetail: ['long_sum → unknown_tool'],
    steps: callThen([{ name: 'long_sum', arguments: { a: 2, b: 40 } }]),
    servers: async () => {
      const client = await connectInMemory(createTaskServer());
      const plain: McpToolServer = {
        listTools: (params, options) => client.listTools(params, options),
        callTool: (params, _schema, options) => client.callTool(params, undefined, options),
      };
      return { servers: [plain], close: () => client.close() };
    },
  }),
  loopCase({
    name: 'twelve calls in one turn with a caller signal',
    promise: 'one abort listener on the signal, no MaxListenersExceededWarning',
    expectedCode: 'ok',
    expectedDetail: Array.from({ length: 12 }, () => 'echo → result'),
    steps: callThen(
      Array.from({ length: 12 }, (_, index) => ({ name: 'echo', arguments: { text: `${index}` } })),
    ),
    servers: () => inMemory(connectInMemory(createFixtureServer())),
  }),
  loopCase({
    name: 'two servers offer the same tool name',
    promise: 'sent once, runs on the first server, with a warning',
    expectedCode: 'ok',
    expectedDetail: ['shared → result'],
    steps: callThen([{ name: 'shared' }]),
    servers: () =>
      inMemory(
        connectInMemory(createPagedServer('alpha', [['shared']])),
        connectInMemory(createPagedServer('beta', [['shared', 'own']])),
      ),
  }),
];

const LOAD_LOOPS = 200;

/** 200 tool loops at once against the simulator and one in-memory MCP server. */
export const LOAD_CASE: FaultCase = {
  group: 'load',
  name: `${LOAD_LOOPS} concurrent tool loops`,
  promise: 'all answered, no handle left open, memory bounded',
  expectedCode: 'ok',
  maxMs: 45_000,
  maxMemoryMb: 400,
  async run(): Promise<CaseOutcome> {
    const client = await connectInMemory(createFixtureServer());
    // One connection pool for every loop, as one app process would have.
    const dispatcher = new Agent({ keepAliveTimeout: 1_000 });
    try {
      const runs = Array.from({ length: LOAD_LOOPS }, async (_, index) => {
        const lane = `load-${++lanes}`;
        sim().script(
          lane,
          callThen([
            { name: 'echo', arguments: { text: `loop ${index}` } },
            { name: 'weather', arguments: { city: 'Oslo' } },
          ]),
        );
        // Deadlines far above what a loop needs: a retry would consume the next scripted reply.
        const engine = engineAt(sim().baseUrl('openai', lane), {
          toolTimeoutMs: 30_000,
          timeoutMs: 30_000,
          dispatcher,
        });
        try {
          const result = await engine.runToolLoop('go', { mcpServers: [client] });
          const calls = result.turns[0]?.toolCalls ?? [];
          return result.text === 'done' &&
            calls.length === 2 &&
            calls.every((call) => !call.isError)
            ? undefined
            : `${result.text}: ${calls.map((call) => `${call.name} ${call.failure ?? call.isError}`).join(', ')}`;
        } catch (error) {
          return errorOutcome(error).summary;
        } finally {
          await engine.close();
        }
      });
      const problems = (await Promise.all(runs)).filter((problem) => problem !== undefined);
      const answered = LOAD_LOOPS - problems.length;
      return {
        summary: `${answered} of ${LOAD_LOOPS} loops answered (2 provider requests and 2 tool calls each)${problems.length ? `; first problem: ${problems[0]}` : ''}`,
        code: answered === LOAD_LOOPS ? 'ok' : 'not_all_answered',
      };
    } finally {
      await dispatcher.close();
      await client.close();
    }
  },
};

export const ALL_CASES: readonly FaultCase[] = [...PROVIDER_CASES, ...MCP_CASES, LOAD_CASE];
