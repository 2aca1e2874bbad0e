// Acceptance tests written from seed 003, the name table and issues 7 and 8 only: engines
// from the registry, the lower-level seams, and chatWithTools against a real loopback
// provider and real MCP servers (official SDK, in memory).

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CrosswireError,
  type CrosswireWarning,
  extractToolCall,
  formatTools,
} from '@crosswire/core';
import {
  formatToolResults,
  responseTextContent,
  responseToolCalls,
  toolLoopCalls,
  toolLoopResponse,
} from '@crosswire/dialects';
import { createEngine, type Engine } from '@crosswire/engines';
import { defaultRegistry } from '@crosswire/registry';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

// ---------------------------------------------------------------------------------------
// A scripted OpenAI chat-completions provider on 127.0.0.1.

type Json = Record<string, unknown>;

interface FakeProvider {
  baseUrl: string;
  requests: Json[];
  headers: IncomingMessage['headers'][];
  close: () => Promise<void>;
}

const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
  await Promise.all(
    servers
      .splice(0)
      .map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
  );
});

/** An engine for the openai provider's gpt-6.1-sol pointed at `provider`; closed after each test. */
const engines: Engine[] = [];
function openaiEngine(provider: FakeProvider, apiKey = 'k'): Engine {
  const engine = createEngine({
    provider: 'openai',
    model: 'gpt-6.1-sol',
    apiKey,
    baseUrl: provider.baseUrl,
  });
  engines.push(engine);
  return engine;
}

async function startOpenAIProvider(
  script: (turn: number, body: Json) => Json,
): Promise<FakeProvider> {
  const requests: Json[] = [];
  const headers: IncomingMessage['headers'][] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
      requests.push(body);
      headers.push(request.headers);
      if (!request.url?.endsWith('/chat/completions')) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: `no route ${request.url}` } }));
        return;
      }
      const reply = script(requests.length, body);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    headers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function toolCallsReply(
  calls: Array<{ id: string; name: string; arguments: string }>,
  finishReason = 'tool_calls',
): Json {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1,
    model: 'gpt-6.1-sol',
    choices: [
      {
        index: 0,
        finish_reason: finishReason,
        message: {
          role: 'assistant',
          content: null,
          tool_calls: calls.map((call) => ({
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: call.arguments },
          })),
        },
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  };
}

function textReply(text: string): Json {
  return {
    id: 'chatcmpl-2',
    object: 'chat.completion',
    created: 2,
    model: 'gpt-6.1-sol',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: text } }],
    usage: { prompt_tokens: 20, completion_tokens: 2, total_tokens: 22 },
  };
}

// ---------------------------------------------------------------------------------------
// MCP servers (official SDK) connected in memory.

async function mcpClient(label: string, extraTools = true): Promise<Client> {
  const server = new McpServer({ name: `calc-${label}`, version: '1.0.0' });
  server.registerTool(
    'add',
    { description: 'Add two numbers', inputSchema: { a: z.number(), b: z.number() } },
    async ({ a, b }) => ({ content: [{ type: 'text', text: `${label}:${a + b}` }] }),
  );
  if (extraTools) {
    server.registerTool(
      'echo',
      { description: 'Echo text', inputSchema: { text: z.string() } },
      async ({ text }) => ({ content: [{ type: 'text', text }] }),
    );
  }
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: 'acceptance', version: '1.0.0' });
  await client.connect(clientTransport);
  return client;
}

type Message = { role: string; content?: unknown; tool_call_id?: string; tool_calls?: unknown };

function toolMessages(request: Json): Message[] {
  return (request.messages as Message[]).filter((message) => message.role === 'tool');
}

function toolMessageText(message: Message | undefined): string {
  if (message === undefined) return '';
  return typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
}

// ---------------------------------------------------------------------------------------

/**
 * AKI.IO's own model ids (`llama3_8b_chat`) and a made-up name have no entry: the engine tells
 * `model_unknown`, and nothing else.
 */
const unknownName = (warning: CrosswireWarning) => expect(warning.code).toBe('model_unknown');

describe('createEngine from registry data', () => {
  it('each provider engine declares its toolWireFormat', () => {
    const wires = Object.fromEntries(
      [
        ['openai', 'gpt-6.1-sol'],
        ['anthropic', 'claude-sonnet-4-6'],
        ['gemini', 'gemini-3.8-flash'],
        ['ollama', 'llama3.2'],
        ['openai-responses', 'gpt-6.1-sol'],
        ['aki', 'llama3_8b_chat'],
      ].map(([provider, model]) => [
        provider,
        createEngine({
          provider: provider as string,
          model: model as string,
          apiKey: 'k',
          onWarning: unknownName,
        }).toolWireFormat,
      ]),
    );
    expect(wires).toEqual({
      openai: 'openai',
      anthropic: 'anthropic',
      gemini: 'gemini',
      ollama: 'ollama',
      'openai-responses': 'responses',
      aki: 'hermes',
    });
  });

  it("a misspelt model warns model_unknown once, in the registry's words, with the closest name", () => {
    const told: CrosswireWarning[] = [];
    const engine = createEngine({
      provider: 'anthropic',
      model: 'claude-sonet-5-5',
      apiKey: 'k',
      onWarning: (warning) => void told.push(warning),
    });
    const [notice] = defaultRegistry.resolve('anthropic', 'claude-sonet-5-5').notices;
    expect(told).toEqual([notice]);
    expect(told[0]?.details?.suggestions).toEqual(['claude-sonnet-5-5']);
    expect(told[0]?.message).toContain('(did you mean "claude-sonnet-5-5"?)');
    // Still answered from the family template, as before.
    expect(engine.supports('image_input')).toBe(true);
  });

  it("supports('image_input') follows the model", () => {
    expect(
      createEngine({ provider: 'anthropic', model: 'claude-sonnet-4-6', apiKey: 'k' }).supports(
        'image_input',
      ),
    ).toBe(true);
    expect(
      createEngine({
        provider: 'openai',
        model: 'no-such-model-xyz',
        apiKey: 'k',
        onWarning: unknownName,
      }).supports('image_input'),
    ).toBe(false);
  });

  it('capabilities() reports the derived tool-result flags', () => {
    const anthropic = createEngine({
      provider: 'anthropic',
      model: 'claude-sonnet-4-6',
      apiKey: 'k',
    }).capabilities();
    expect(anthropic).toMatchObject({
      image_input: true,
      tool_result_images: true,
      tool_result_pdf: true,
    });
    const openai = createEngine({
      provider: 'openai',
      model: 'gpt-6.1-sol',
      apiKey: 'k',
    }).capabilities();
    expect(openai).toMatchObject({
      image_input: true,
      tool_result_images: false,
      tool_result_pdf: false,
    });
  });

  it('an AKI.IO /anthropic engine never claims tool-result images', () => {
    const engine = createEngine({
      provider: 'aki-anthropic',
      model: 'qwen3-vl-30b',
      apiKey: 'k',
      onWarning: unknownName,
    });
    expect(engine.toolWireFormat).toBe('anthropic');
    expect(engine.supports('tool_result_images')).toBe(false);
  });
});

describe('seams on an openai engine', () => {
  const engine = createEngine({ provider: 'openai', model: 'gpt-6.1-sol', apiKey: 'k' });
  const body = toolCallsReply([
    { id: 'call_1', name: 'add', arguments: '{"a":1,"b":2}' },
    { id: 'call_2', name: 'echo', arguments: '{"text":"hi"}' },
  ]);

  it('formatTools gives OpenAI function tools', () => {
    expect(
      formatTools(engine.toolWireFormat, [
        {
          name: 'add',
          description: 'Add',
          inputSchema: { type: 'object', properties: { a: { type: 'number' } } },
        },
      ]),
    ).toEqual([
      {
        type: 'function',
        function: {
          name: 'add',
          description: 'Add',
          parameters: { type: 'object', properties: { a: { type: 'number' } } },
        },
      },
    ]);
  });

  it('responseToolCalls returns the raw structures in order', () => {
    const raw = responseToolCalls(
      engine.toolWireFormat,
      body,
      engine.dialectOptions,
    ) as Array<Json>;
    expect(raw).toHaveLength(2);
    expect(raw[0]).toMatchObject({ id: 'call_1', function: { name: 'add' } });
    expect(raw[1]).toMatchObject({ id: 'call_2', function: { name: 'echo' } });
  });

  it('extractToolCall gives name and decoded arguments', () => {
    const raw = responseToolCalls(
      engine.toolWireFormat,
      body,
      engine.dialectOptions,
    ) as Array<Json>;
    const extracted = extractToolCall(engine.toolWireFormat, raw[0]);
    expect(extracted).toMatchObject({ name: 'add', arguments: { a: 1, b: 2 } });
  });

  it('responseTextContent reads the final text', () => {
    expect(
      responseTextContent(engine.toolWireFormat, textReply('All done.'), engine.dialectOptions),
    ).toBe('All done.');
  });

  it('responseTextContent of an unreadable body is the empty string', () => {
    expect(
      responseTextContent(engine.toolWireFormat, { nothing: true }, engine.dialectOptions),
    ).toBe('');
  });

  it('toolLoopResponse gives content, toolCalls and raw', () => {
    const reply = toolLoopResponse(engine.toolWireFormat, body, engine.dialectOptions);
    expect(reply.toolCalls.map((call) => call.name)).toEqual(['add', 'echo']);
    expect(reply.raw).toEqual(body);
  });

  it('formatToolResults is always a list: assistant echo then one tool message per result', () => {
    const reply = toolLoopResponse(engine.toolWireFormat, body, engine.dialectOptions);
    const messages = formatToolResults(
      engine.toolWireFormat,
      body,
      [
        { toolCall: reply.toolCalls[0], result: { content: [{ type: 'text', text: '3' }] } },
        { toolCall: reply.toolCalls[1], result: { content: [{ type: 'text', text: 'hi' }] } },
      ],
      engine.dialectOptions,
    );
    expect(Array.isArray(messages)).toBe(true);
    expect(messages).toHaveLength(3);
    expect(messages[0]).toMatchObject({ role: 'assistant' });
    expect(messages[1]).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });
    expect(messages[2]).toMatchObject({ role: 'tool', tool_call_id: 'call_2' });
  });

  it('toolLoopCalls on a complete reply returns the calls and the body unchanged', () => {
    const reply = toolLoopResponse(engine.toolWireFormat, body, engine.dialectOptions);
    const { calls, data } = toolLoopCalls(reply, reply.raw, {
      wire: engine.toolWireFormat,
      dialectOptions: engine.dialectOptions,
    });
    expect(calls.map((call) => call.name)).toEqual(['add', 'echo']);
    expect(data).toEqual(body);
  });

  it('toolLoopCalls on a truncated reply with only a cut call throws tool call arguments truncated', () => {
    const truncated = toolCallsReply(
      [{ id: 'call_t', name: 'add', arguments: '{"a":1,' }],
      'length',
    );
    const reply = toolLoopResponse(engine.toolWireFormat, truncated, engine.dialectOptions);
    expect(() =>
      toolLoopCalls(reply, reply.raw, {
        wire: engine.toolWireFormat,
        dialectOptions: engine.dialectOptions,
      }),
    ).toThrow(/tool call arguments truncated \(finish_reason length\)/);
  });
});

describe('seams on other wires', () => {
  it('anthropic formatToolResults is a list: assistant echo and a user turn with tool_result blocks', () => {
    const engine = createEngine({ provider: 'anthropic', model: 'claude-sonnet-4-6', apiKey: 'k' });
    const body = {
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_1', name: 'add', input: { a: 1, b: 2 } }],
      stop_reason: 'tool_use',
    };
    const reply = toolLoopResponse(engine.toolWireFormat, body, engine.dialectOptions);
    const messages = formatToolResults(
      engine.toolWireFormat,
      body,
      [{ toolCall: reply.toolCalls[0], result: { content: [{ type: 'text', text: '3' }] } }],
      engine.dialectOptions,
    ) as Array<Json>;
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatchObject({ role: 'assistant' });
    expect(messages[1]).toMatchObject({
      role: 'user',
      content: [expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_1' })],
    });
  });

  it('anthropic responseTextContent leaves thinking out', () => {
    const engine = createEngine({ provider: 'anthropic', model: 'claude-sonnet-4-6', apiKey: 'k' });
    expect(
      responseTextContent(
        engine.toolWireFormat,
        {
          content: [
            { type: 'thinking', thinking: 'secret', signature: 's' },
            { type: 'text', text: 'Answer' },
          ],
        },
        engine.dialectOptions,
      ),
    ).toBe('Answer');
  });

  it('gemini responseTextContent leaves thought parts out', () => {
    const engine = createEngine({
      provider: 'gemini',
      model: 'gemini-2.5-flash-lite',
      apiKey: 'k',
    });
    expect(
      responseTextContent(
        engine.toolWireFormat,
        {
          candidates: [
            { content: { role: 'model', parts: [{ text: 'hmm', thought: true }, { text: 'Hi' }] } },
          ],
        },
        engine.dialectOptions,
      ),
    ).toBe('Hi');
  });

  it('hermes responseToolCalls parses <tool_call> tags; responseTextContent strips them', () => {
    const engine = createEngine({
      provider: 'aki',
      model: 'llama3_8b_chat',
      apiKey: 'k',
      onWarning: unknownName,
    });
    const content = 'Let me add.\n<tool_call>{"name":"add","arguments":{"a":4,"b":5}}</tool_call>';
    const body = { choices: [{ finish_reason: 'stop', message: { role: 'assistant', content } }] };
    expect(responseToolCalls(engine.toolWireFormat, body, engine.dialectOptions)).toEqual([
      { name: 'add', arguments: { a: 4, b: 5 } },
    ]);
    expect(responseTextContent(engine.toolWireFormat, body, engine.dialectOptions).trim()).toBe(
      'Let me add.',
    );
  });

  it('an AKI.IO /anthropic engine keeps the placeholder for a tool-result image', () => {
    const engine = createEngine({
      provider: 'aki-anthropic',
      model: 'qwen3-vl-30b',
      apiKey: 'k',
      onWarning: unknownName,
    });
    const body = {
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_i', name: 'shot', input: {} }],
      stop_reason: 'tool_use',
    };
    const reply = toolLoopResponse(engine.toolWireFormat, body, engine.dialectOptions);
    const messages = formatToolResults(
      engine.toolWireFormat,
      body,
      [
        {
          toolCall: reply.toolCalls[0],
          result: { content: [{ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }] },
        },
      ],
      engine.dialectOptions,
    );
    const text = JSON.stringify(messages);
    expect(text).not.toContain('"type":"image"');
    expect(text).not.toContain('iVBORw0KGgo=');
  });
});

describe('chatWithTools over a loopback OpenAI provider and MCP servers', () => {
  it('runs a tool call then returns the final text', async () => {
    const provider = await startOpenAIProvider((turn) =>
      turn === 1
        ? toolCallsReply([{ id: 'call_1', name: 'add', arguments: '{"a":2,"b":3}' }])
        : textReply('The sum is 5.'),
    );
    const engine = openaiEngine(provider, 'sk-test');
    const client = await mcpClient('one');
    const result = await engine.chatWithTools([{ role: 'user', content: 'What is 2+3?' }], {
      mcpServers: [client],
    });
    expect(result).toBe('The sum is 5.');
    expect(provider.requests).toHaveLength(2);
    const tools = provider.requests[0]?.tools as Array<{ function: { name: string } }>;
    expect(tools.map((tool) => tool.function.name).sort()).toEqual(['add', 'echo']);
    const [toolMessage] = toolMessages(provider.requests[1] as Json);
    expect(toolMessage?.tool_call_id).toBe('call_1');
    expect(toolMessageText(toolMessage)).toContain('one:5');
    expect(provider.headers[0]?.authorization).toBe('Bearer sk-test');
    await client.close();
  });

  it('an unknown tool is answered with an error result "unknown tool NAME" and the other calls run', async () => {
    const provider = await startOpenAIProvider((turn) =>
      turn === 1
        ? toolCallsReply([
            { id: 'call_u', name: 'nope', arguments: '{}' },
            { id: 'call_a', name: 'add', arguments: '{"a":1,"b":1}' },
          ])
        : textReply('ok'),
    );
    const engine = openaiEngine(provider);
    const client = await mcpClient('one');
    await engine.chatWithTools([{ role: 'user', content: 'go' }], { mcpServers: [client] });
    const results = toolMessages(provider.requests[1] as Json);
    expect(results.map((message) => message.tool_call_id)).toEqual(['call_u', 'call_a']);
    expect(toolMessageText(results[0])).toContain('unknown tool nope');
    expect(toolMessageText(results[1])).toContain('one:2');
    await client.close();
  });

  it('undecodable arguments are answered with an error result and the loop goes on', async () => {
    const provider = await startOpenAIProvider((turn) =>
      turn === 1
        ? toolCallsReply([{ id: 'call_b', name: 'add', arguments: '{"a":1,,}' }])
        : textReply('retrying done'),
    );
    const engine = openaiEngine(provider);
    const client = await mcpClient('one');
    const result = await engine.chatWithTools([{ role: 'user', content: 'go' }], {
      mcpServers: [client],
    });
    expect(result).toBe('retrying done');
    const [message] = toolMessages(provider.requests[1] as Json);
    expect(message?.tool_call_id).toBe('call_b');
    expect(toolMessageText(message)).toMatch(/arguments are not valid JSON: /);
    await client.close();
  });

  it('a truncated reply with only a cut call fails with tool call arguments truncated', async () => {
    const provider = await startOpenAIProvider(() =>
      toolCallsReply([{ id: 'call_t', name: 'add', arguments: '{"a":1,"b' }], 'length'),
    );
    const engine = openaiEngine(provider);
    const client = await mcpClient('one');
    await expect(
      engine.chatWithTools([{ role: 'user', content: 'go' }], { mcpServers: [client] }),
    ).rejects.toThrow(/tool call arguments truncated \(finish_reason length\)/);
    await client.close();
  });

  it('a truncated reply with a complete call runs it, drops the cut one and warns', async () => {
    const provider = await startOpenAIProvider((turn) =>
      turn === 1
        ? toolCallsReply(
            [
              { id: 'call_ok', name: 'add', arguments: '{"a":3,"b":4}' },
              { id: 'call_cut', name: 'echo', arguments: '{"text":"unfin' },
            ],
            'length',
          )
        : textReply('seven'),
    );
    const warnings: unknown[] = [];
    const engine = createEngine({
      provider: 'openai',
      model: 'gpt-6.1-sol',
      apiKey: 'k',
      baseUrl: provider.baseUrl,
      onWarning: (warning: unknown) => warnings.push(warning),
    });
    const client = await mcpClient('one');
    await engine.chatWithTools([{ role: 'user', content: 'go' }], { mcpServers: [client] });
    const second = provider.requests[1] as Json;
    expect(toolMessages(second).map((message) => message.tool_call_id)).toEqual(['call_ok']);
    expect(JSON.stringify(second)).not.toContain('call_cut');
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings[0])).toContain('echo');
    await client.close();
  });

  it('maxIterations ends the loop with a typed error', async () => {
    const provider = await startOpenAIProvider((turn) =>
      toolCallsReply([{ id: `call_${turn}`, name: 'add', arguments: '{"a":1,"b":1}' }]),
    );
    const engine = openaiEngine(provider);
    const client = await mcpClient('one');
    const failure = engine.chatWithTools([{ role: 'user', content: 'loop' }], {
      mcpServers: [client],
      maxIterations: 3,
    });
    await expect(failure).rejects.toBeInstanceOf(CrosswireError);
    expect(provider.requests.length).toBe(3);
    await client.close();
  });

  it('a tool name offered by two servers is sent once, runs on the first, and warns naming both', async () => {
    const provider = await startOpenAIProvider((turn) =>
      turn === 1
        ? toolCallsReply([{ id: 'call_d', name: 'add', arguments: '{"a":5,"b":5}' }])
        : textReply('ten'),
    );
    const warnings: unknown[] = [];
    const engine = createEngine({
      provider: 'openai',
      model: 'gpt-6.1-sol',
      apiKey: 'k',
      baseUrl: provider.baseUrl,
      onWarning: (warning: unknown) => warnings.push(warning),
    });
    const first = await mcpClient('first');
    const second = await mcpClient('second', false);
    await engine.chatWithTools([{ role: 'user', content: 'go' }], { mcpServers: [first, second] });
    const tools = provider.requests[0]?.tools as Array<{ function: { name: string } }>;
    expect(tools.filter((tool) => tool.function.name === 'add')).toHaveLength(1);
    expect(toolMessageText(toolMessages(provider.requests[1] as Json)[0])).toContain('first:10');
    expect(warnings).toHaveLength(1);
    const warningText = JSON.stringify(warnings[0]);
    expect(warningText).toContain('add');
    expect(warningText).toContain('calc-first');
    expect(warningText).toContain('calc-second');
    await first.close();
    await second.close();
  });
});

describe('chatWithTools: more of the loop rules', () => {
  it('accepts a plain prompt string like simple_chat', async () => {
    const provider = await startOpenAIProvider((turn) =>
      turn === 1
        ? toolCallsReply([{ id: 'call_s', name: 'echo', arguments: '{"text":"pong"}' }])
        : textReply('pong back'),
    );
    const engine = openaiEngine(provider);
    const client = await mcpClient('one');
    expect(await engine.chatWithTools('ping', { mcpServers: [client] })).toBe('pong back');
    const messages = provider.requests[0]?.messages as Message[];
    expect(messages.at(-1)).toMatchObject({ role: 'user' });
    expect(JSON.stringify(messages.at(-1))).toContain('ping');
    await client.close();
  });

  it('maxIterations defaults to 10', async () => {
    const provider = await startOpenAIProvider((turn) =>
      toolCallsReply([{ id: `call_${turn}`, name: 'add', arguments: '{"a":1,"b":1}' }]),
    );
    const engine = openaiEngine(provider);
    const client = await mcpClient('one');
    await expect(engine.chatWithTools('loop', { mcpServers: [client] })).rejects.toThrow(
      /maxIterations/,
    );
    expect(provider.requests).toHaveLength(10);
    await client.close();
  });

  it('a tool that throws becomes an error result for that call; the other calls still run', async () => {
    const server = new McpServer({ name: 'faulty', version: '1.0.0' });
    server.registerTool('boom', { description: 'Fails', inputSchema: {} }, async () => {
      throw new Error('kaboom');
    });
    server.registerTool('fine', { description: 'Works', inputSchema: {} }, async () => ({
      content: [{ type: 'text', text: 'fine result' }],
    }));
    server.registerTool('refuse', { description: 'isError', inputSchema: {} }, async () => ({
      content: [{ type: 'text', text: 'refused politely' }],
      isError: true,
    }));
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await server.connect(serverTransport);
    const client = new Client({ name: 'acceptance', version: '1.0.0' });
    await client.connect(clientTransport);
    const provider = await startOpenAIProvider((turn) =>
      turn === 1
        ? toolCallsReply([
            { id: 'c1', name: 'boom', arguments: '{}' },
            { id: 'c2', name: 'fine', arguments: '{}' },
            { id: 'c3', name: 'refuse', arguments: '{}' },
          ])
        : textReply('done'),
    );
    const engine = openaiEngine(provider);
    expect(await engine.chatWithTools('go', { mcpServers: [client] })).toBe('done');
    const results = toolMessages(provider.requests[1] as Json);
    expect(results.map((message) => message.tool_call_id)).toEqual(['c1', 'c2', 'c3']);
    expect(toolMessageText(results[0])).toContain('kaboom');
    expect(toolMessageText(results[1])).toContain('fine result');
    expect(toolMessageText(results[2])).toContain('refused politely');
    await client.close();
  });

  it('no MCP server configured is an error', async () => {
    const engine = createEngine({
      provider: 'openai',
      model: 'gpt-6.1-sol',
      apiKey: 'k',
      baseUrl: 'http://127.0.0.1:9/v1',
    });
    await expect(engine.chatWithTools('go', { mcpServers: [] })).rejects.toBeInstanceOf(
      CrosswireError,
    );
  });
});

describe('chatWithTools on other wires over loopback', () => {
  async function startRawProvider(script: (turn: number, body: Json) => Json): Promise<{
    origin: string;
    requests: Json[];
    paths: string[];
    headers: IncomingMessage['headers'][];
  }> {
    const requests: Json[] = [];
    const paths: string[] = [];
    const headers: IncomingMessage['headers'][] = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
        requests.push(body);
        paths.push(request.url ?? '');
        headers.push(request.headers);
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(script(requests.length, body)));
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const { port } = server.address() as AddressInfo;
    return { origin: `http://127.0.0.1:${port}`, requests, paths, headers };
  }

  const anthropicScript = (turn: number): Json =>
    turn === 1
      ? {
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          model: 'claude-sonnet-4-6',
          content: [{ type: 'tool_use', id: 'toolu_1', name: 'add', input: { a: 20, b: 22 } }],
          stop_reason: 'tool_use',
          usage: { input_tokens: 1, output_tokens: 1 },
        }
      : {
          id: 'msg_2',
          type: 'message',
          role: 'assistant',
          model: 'claude-sonnet-4-6',
          content: [{ type: 'text', text: 'forty-two' }],
          stop_reason: 'end_turn',
          usage: { input_tokens: 1, output_tokens: 1 },
        };

  it('anthropic: tools as input_schema, tool_result blocks back, final text', async () => {
    const provider = await startRawProvider(anthropicScript);
    const engine = createEngine({
      provider: 'anthropic',
      model: 'claude-sonnet-4-6',
      apiKey: 'ak',
      baseUrl: provider.origin,
    });
    const client = await mcpClient('one');
    expect(await engine.chatWithTools('add', { mcpServers: [client] })).toBe('forty-two');
    expect(provider.paths).toEqual(['/v1/messages', '/v1/messages']);
    expect(provider.headers[0]?.['x-api-key']).toBe('ak');
    const tools = provider.requests[0]?.tools as Array<Json>;
    expect(tools.find((tool) => tool.name === 'add')).toMatchObject({
      input_schema: { type: 'object' },
    });
    const last = ((provider.requests[1] as Json).messages as Message[]).at(-1);
    expect(last).toMatchObject({
      role: 'user',
      content: [expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_1' })],
    });
    expect(JSON.stringify(last)).toContain('one:42');
    await client.close();
  });

  it('anthropic: a base URL that already ends in /v1 is not doubled', async () => {
    const provider = await startRawProvider(anthropicScript);
    const engine = createEngine({
      provider: 'anthropic',
      model: 'claude-sonnet-4-6',
      apiKey: 'ak',
      baseUrl: `${provider.origin}/v1`,
    });
    const client = await mcpClient('one');
    await engine.chatWithTools('add', { mcpServers: [client] });
    expect(provider.paths).toEqual(['/v1/messages', '/v1/messages']);
    await client.close();
  });

  it('hermes (AKI.IO): tools in the system prompt, <tool_call> in the text, result back, final text', async () => {
    const provider = await startRawProvider((turn) => ({
      id: `c${turn}`,
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          finish_reason: 'stop',
          message: {
            role: 'assistant',
            content:
              turn === 1
                ? '<think>I should add</think>\n<tool_call>{"name":"add","arguments":{"a":4,"b":5}}</tool_call>'
                : 'nine',
          },
        },
      ],
    }));
    const engine = createEngine({
      provider: 'aki',
      model: 'llama3_8b_chat',
      apiKey: 'k',
      baseUrl: `${provider.origin}/v1`,
      onWarning: unknownName,
    });
    const client = await mcpClient('one');
    expect(await engine.chatWithTools('add 4 and 5', { mcpServers: [client] })).toBe('nine');
    const first = provider.requests[0] as Json;
    expect(first.tools).toBeUndefined();
    const system = (first.messages as Message[])[0];
    expect(system?.role).toBe('system');
    expect(String(system?.content)).toContain('<tools>');
    expect(String(system?.content)).toContain('"add"');
    expect(JSON.stringify(provider.requests[1])).toContain('one:9');
    await client.close();
  });
});
