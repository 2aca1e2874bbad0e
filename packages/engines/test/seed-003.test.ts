// Seed 003 (`Langertha::Role::Tools`), rule by rule, through the engine's public names
// (spec/README.md): toolWireFormat, formatTools, responseToolCalls, extractToolCall,
// formatToolResults, responseTextContent, toolLoopResponse, toolLoopCalls, chatWithTools,
// supports('image_input'), capabilities().

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  type CrosswireWarning,
  createToolCall,
  extractToolCall,
  formatTools,
  PromptBlockedError,
  ProviderError,
  ToolLoopError,
  WIRE_FORMATS,
  type WireFormat,
} from '@crosswire/core';
import {
  formatToolResults,
  responseTextContent,
  responseToolCalls,
  toolLoopCalls,
  toolLoopResponse,
} from '@crosswire/dialects';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { ToolResult } from '@crosswire/tool-result';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectFixtures } from '../../../test-support/wire-fixtures.js';
import { createEngine, type Engine, type EngineOptions } from '../src/engine/engine.js';
import type { McpToolServer } from '../src/mcp/server.js';
import {
  connectInMemory,
  createFixtureServer,
  createPagedServer,
} from '../src/mcp/test-support/fixture-servers.js';

const { FIXTURES, readFixture } = dialectFixtures;

/** One provider of the registry per wire. */
const ENGINES: Readonly<Record<WireFormat, { provider: string; model: string }>> = {
  openai: { provider: 'openai', model: 'gpt-6.1-sol' },
  anthropic: { provider: 'anthropic', model: 'claude-sonnet-5-5' },
  gemini: { provider: 'gemini', model: 'gemini-3-flash-preview' },
  ollama: { provider: 'ollama', model: 'llama3.2' },
  responses: { provider: 'openai-responses', model: 'gpt-6.1-sol' },
  hermes: { provider: 'nousresearch', model: 'Hermes-4-405B' },
  bedrock: { provider: 'bedrock', model: 'us.anthropic.claude-sonnet-4-6' },
};

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

function engineFor(wire: WireFormat, options: Partial<EngineOptions> = {}): Engine {
  const engine = createEngine({ ...ENGINES[wire], apiKey: 'k', ...options });
  closers.push(() => engine.close());
  return engine;
}

function simulated(lane: string, options: Partial<EngineOptions> = {}): Engine {
  return engineFor('openai', {
    baseUrl: simulator.baseUrl('openai', lane),
    retry: { baseDelayMs: 1 },
    toolTimeoutMs: 300,
    ...options,
  });
}

function counting(server: McpToolServer): { server: McpToolServer; calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    server: {
      listTools: (params, options) => server.listTools(params, options),
      callTool: (params, schema, options) => {
        calls.push(params.name);
        return server.callTool(params, schema, options);
      },
    },
  };
}

describe('tool_wire_format: one tag per engine', () => {
  it.each(WIRE_FORMATS)('%s', (wire) => {
    expect(engineFor(wire).toolWireFormat).toBe(wire);
  });

  it('supports(image_input) and capabilities() come from the registry', () => {
    const engine = engineFor('anthropic');
    expect(engine.supports('image_input')).toBe(true);
    expect(engine.capabilities().image_input).toBe(true);
    const aki = createEngine({ provider: 'aki-anthropic', model: 'gemma-3-27b-it', apiKey: 'k' });
    closers.push(() => aki.close());
    expect(aki.dialectOptions.imageInput).toBe(false);
    // Flags, as engine_capabilities: unknown and false are both false.
    expect(aki.capabilities().tool_result_images).toBe(false);
    expect(Object.values(engine.capabilities()).every((flag) => typeof flag === 'boolean')).toBe(
      true,
    );
    expect(engine.capabilityDetails().image_input.value).toBe(true);
    const told: string[] = [];
    const unknownModel = createEngine({
      provider: 'openai',
      model: 'no-such-model',
      apiKey: 'k',
      onWarning: (warning) => told.push(warning.code),
    });
    expect(told).toEqual(['model_unknown']);
    closers.push(() => unknownModel.close());
    expect(unknownModel.capabilityDetails().image_input.value).toBe('unknown');
    expect(unknownModel.capabilities().image_input).toBe(false);
  });
});

describe('mcp_servers and tool_max_iterations', () => {
  it('servers given to createEngine are used when the call names none; none at all is an error', async () => {
    simulator.script('engine-servers', [
      { type: 'tool_calls', calls: [{ name: 'echo', arguments: { text: 'from the engine' } }] },
      { type: 'text', text: 'done' },
    ]);
    const engine = simulated('engine-servers', { mcpServers: [fixture] });
    expect(engine.mcpServers).toEqual([fixture]);
    expect(await engine.chatWithTools('go')).toBe('done');
    expect(simulator.received('engine-servers')[1]?.toolResults.map((r) => r.block)).toEqual([
      { role: 'tool', tool_call_id: 'call_1_0', content: 'from the engine' },
    ]);

    const bare = simulated('no-servers');
    expect(bare.mcpServers).toEqual([]);
    await expect(bare.chatWithTools('go')).rejects.toMatchObject({
      name: 'ToolLoopError',
      code: 'no_mcp_servers',
    });
    expect(simulator.received('no-servers')).toEqual([]);
  });

  it('defaults to 10 round trips; maxIterations sets it', async () => {
    expect(simulated('x').maxIterations).toBe(10);
    expect(simulated('x', { maxIterations: 20 }).maxIterations).toBe(20);

    simulator.script('ten', () => ({
      type: 'tool_calls',
      calls: [{ name: 'echo', arguments: { text: 'again' } }],
    }));
    const counted = counting(fixture);
    const error = await simulated('ten')
      .chatWithTools('go', { mcpServers: [counted.server] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ToolLoopError);
    expect((error as ToolLoopError).code).toBe('tool_loop_max_iterations');
    expect(simulator.received('ten')).toHaveLength(10);
    expect(counted.calls).toHaveLength(9);
  });

  it('maxIterations 2 with a model that always calls a tool: 2 requests, the tools run once, then the error', async () => {
    simulator.script('two', () => ({
      type: 'tool_calls',
      calls: [{ name: 'echo', arguments: { text: 'again' } }],
    }));
    const counted = counting(fixture);
    await expect(
      simulated('two', { maxIterations: 2 }).chatWithTools('go', {
        mcpServers: [counted.server],
      }),
    ).rejects.toMatchObject({
      code: 'tool_loop_max_iterations',
      message: 'tool loop reached maxIterations (2) and the model still asks for tools: echo',
    });
    expect(simulator.received('two')).toHaveLength(2);
    expect(counted.calls).toEqual(['echo']);
  });

  it('takes the messages simple_chat takes: a prompt, or messages where a string is a user message', async () => {
    simulator.script('messages', [{ type: 'text', text: 'hi' }]);
    const engine = simulated('messages', { mcpServers: [fixture] });
    expect(
      await engine.chatWithTools([{ role: 'system', content: 'be brief' }, 'first', 'second']),
    ).toBe('hi');
    expect(simulator.received('messages')[0]?.body).toMatchObject({
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: 'first' },
        { role: 'user', content: 'second' },
      ],
    });
  });
});

describe('format_tools', () => {
  it('MCP definitions become the wire tools payload of the engine', () => {
    const tools = [
      {
        name: 'echo',
        description: 'Echoes',
        inputSchema: {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          properties: { text: { type: 'string' } },
          required: ['text'],
        },
      },
    ];
    const parameters = {
      type: 'object',
      properties: { text: { type: 'string' } },
      required: ['text'],
    };
    expect(formatTools(engineFor('openai').toolWireFormat, tools)).toEqual([
      { type: 'function', function: { name: 'echo', description: 'Echoes', parameters } },
    ]);
    expect(formatTools(engineFor('anthropic').toolWireFormat, tools)).toEqual([
      { name: 'echo', description: 'Echoes', input_schema: parameters },
    ]);
    expect(formatTools(engineFor('responses').toolWireFormat, tools)).toEqual([
      { type: 'function', name: 'echo', description: 'Echoes', parameters, strict: false },
    ]);
    expect(formatTools(engineFor('ollama').toolWireFormat, tools)).toEqual([
      { type: 'function', function: { name: 'echo', description: 'Echoes', parameters } },
    ]);
    expect(formatTools(engineFor('gemini').toolWireFormat, tools)).toEqual([
      {
        functionDeclarations: [
          {
            name: 'echo',
            description: 'Echoes',
            parameters,
          },
        ],
      },
    ]);
    expect(formatTools(engineFor('hermes').toolWireFormat, tools)).toEqual([
      { type: 'function', function: { name: 'echo', description: 'Echoes', parameters } },
    ]);
  });
});

type Call = readonly [name: string, arguments: Record<string, unknown>];
type Expected =
  | readonly Call[]
  | { readonly throws: typeof ProviderError | typeof PromptBlockedError };

const berlin: Call = ['get_weather', { city: 'Berlin' }];
const paris: Call = ['get_weather', { city: 'Paris' }];
const screenshot: Call = ['screenshot', { url: 'https://example.com' }];
const parallel = [berlin, paris, screenshot] as const;
/** A call cut off by the token limit: its arguments do not decode, so they read as `{}`. */
const cutWriteFile: Call = ['write_file', {}];
const providerError = { throws: ProviderError };

/**
 * The tool calls each recorded reply under fixtures/wire/replies/ holds, in order, read off the
 * reply bodies by hand (or the error its parser throws); with `thinkTagFilter` on, where the
 * two differ. Every reply file is listed, so a new reply needs its expectation here.
 */
const REPLY_CALLS: Readonly<Record<WireFormat, Readonly<Record<string, Expected>>>> = {
  openai: {
    'content-chunks-mistral': [],
    error: providerError,
    'parallel-calls': parallel,
    refusal: [],
    text: [],
    'think-tags': [],
    'thinking-deepseek': [berlin],
    'thinking-openrouter': [berlin],
    'tool-calls': [berlin],
    'truncated-all': [cutWriteFile],
    truncated: [berlin, cutWriteFile],
  },
  anthropic: {
    error: providerError,
    'parallel-calls': parallel,
    refusal: [],
    text: [],
    thinking: [berlin],
    'tool-calls': [berlin],
    // Anthropic returns the partial input it had decoded when the limit hit.
    truncated: [['write_file', { path: 'notes.md' }]],
  },
  gemini: {
    error: providerError,
    'parallel-calls': parallel,
    'prompt-blocked': { throws: PromptBlockedError },
    refusal: [],
    text: [],
    thinking: [berlin],
    'tool-calls': [berlin],
    truncated: [],
  },
  ollama: {
    error: providerError,
    'parallel-calls': parallel,
    refusal: [],
    text: [],
    thinking: [berlin],
    'tool-calls': [berlin],
    truncated: [],
  },
  responses: {
    error: providerError,
    'parallel-calls': parallel,
    refusal: [],
    text: [],
    thinking: [berlin],
    'tool-calls': [berlin],
    truncated: [berlin, cutWriteFile],
  },
  hermes: {
    error: providerError,
    'parallel-calls': parallel,
    refusal: [],
    text: [],
    thinking: [berlin],
    'tool-calls': [berlin],
    truncated: [berlin, cutWriteFile],
  },
  bedrock: {
    error: providerError,
    'parallel-calls': parallel,
    refusal: [],
    text: [],
    thinking: [berlin],
    'tool-calls': [berlin],
    // Converse returns the input it had decoded when the limit hit, like Anthropic.
    truncated: [['write_file', { path: 'notes.md' }]],
  },
};
/** Where the reply reads differently with `thinkTagFilter` off: a call inside `<think>` counts. */
const UNFILTERED_CALLS: Readonly<Partial<Record<WireFormat, Readonly<Record<string, Expected>>>>> =
  { hermes: { thinking: [['draft', {}], berlin] } };

function replyNames(wire: WireFormat): string[] {
  return readdirSync(join(FIXTURES, 'replies', wire))
    .map((file) => file.replace(/\.json$/, ''))
    .sort();
}

describe('response_tool_calls and extract_tool_call', () => {
  it.each(WIRE_FORMATS)(
    '%s: every recorded reply gives the calls it holds, through both paths, in order',
    (wire) => {
      const cases = REPLY_CALLS[wire];
      expect(replyNames(wire)).toEqual(Object.keys(cases).sort());
      let checked = 0;
      for (const thinkTagFilter of [false, true]) {
        const engine = engineFor(wire, { dialect: { thinkTagFilter } });
        for (const [name, filtered] of Object.entries(cases)) {
          const expected = (!thinkTagFilter && UNFILTERED_CALLS[wire]?.[name]) || filtered;
          const body = readFixture(`replies/${wire}/${name}.json`);
          checked += 1;
          if ('throws' in expected) {
            expect(
              () => toolLoopResponse(engine.toolWireFormat, body, engine.dialectOptions),
              name,
            ).toThrow(expected.throws);
            continue;
          }
          const pairs = responseToolCalls(engine.toolWireFormat, body, engine.dialectOptions)
            .map((structure) => extractToolCall(engine.toolWireFormat, structure))
            .map((call) => [call?.name, call?.arguments]);
          expect(pairs, `${name} (thinkTagFilter ${thinkTagFilter})`).toEqual(expected);
          const calls = toolLoopResponse(
            engine.toolWireFormat,
            body,
            engine.dialectOptions,
          ).toolCalls;
          expect(
            calls.map((call) => [call.name, call.arguments]),
            name,
          ).toEqual(expected);
        }
      }
      expect(checked).toBe(2 * replyNames(wire).length);
    },
  );

  it('extractToolCall gives the name and the decoded arguments, also as a pair', () => {
    const engine = engineFor('openai');
    const raw = {
      id: 'c1',
      type: 'function',
      function: { name: 'echo', arguments: '{"text":"x"}' },
    };
    const call = extractToolCall(engine.toolWireFormat, raw);
    expect(call).toEqual(
      createToolCall({ id: 'c1', name: 'echo', arguments: '{"text":"x"}', raw, wire: 'openai' }),
    );
    expect(call).toMatchObject({ name: 'echo', arguments: { text: 'x' } });
    const [name, args] = call ?? [];
    expect([name, args]).toEqual(['echo', { text: 'x' }]);
    // A structure with no name is no call.
    expect(
      extractToolCall(engine.toolWireFormat, { id: 'c2', function: { arguments: '{}' } }),
    ).toBeUndefined();
  });

  it('anthropic, gemini, responses and ollama structures', () => {
    expect([
      ...(extractToolCall(engineFor('anthropic').toolWireFormat, {
        type: 'tool_use',
        id: 'toolu_1',
        name: 'echo',
        input: { text: 'a' },
      }) ?? []),
    ]).toEqual(['echo', { text: 'a' }]);
    expect([
      ...(extractToolCall(engineFor('gemini').toolWireFormat, {
        functionCall: { name: 'echo', args: { text: 'b' } },
      }) ?? []),
    ]).toEqual(['echo', { text: 'b' }]);
    expect([
      ...(extractToolCall(engineFor('responses').toolWireFormat, {
        type: 'function_call',
        call_id: 'call_1',
        name: 'echo',
        arguments: '{"text":"c"}',
      }) ?? []),
    ]).toEqual(['echo', { text: 'c' }]);
    expect([
      ...(extractToolCall(engineFor('ollama').toolWireFormat, {
        function: { name: 'echo', arguments: { text: 'd' } },
      }) ?? []),
    ]).toEqual(['echo', { text: 'd' }]);
  });

  it('hermes: each call is { name, arguments } parsed from the text; a call inside the thinking only without the filter', () => {
    const body = readFixture('replies/hermes/thinking.json');
    expect(
      responseToolCalls(
        engineFor('hermes', { dialect: { thinkTagFilter: true } }).toolWireFormat,
        body,
        engineFor('hermes', { dialect: { thinkTagFilter: true } }).dialectOptions,
      ),
    ).toEqual([{ name: 'get_weather', arguments: { city: 'Berlin' } }]);
    expect(
      responseToolCalls(
        engineFor('hermes').toolWireFormat,
        body,
        engineFor('hermes').dialectOptions,
      ),
    ).toEqual([
      { name: 'draft', arguments: {} },
      { name: 'get_weather', arguments: { city: 'Berlin' } },
    ]);
  });

  it('calls cut off by the token limit are still returned', () => {
    const engine = engineFor('openai');
    const raw = responseToolCalls(
      engine.toolWireFormat,
      readFixture('replies/openai/truncated.json'),
      engine.dialectOptions,
    );
    expect(raw.map((structure) => extractToolCall(engine.toolWireFormat, structure)?.name)).toEqual(
      ['get_weather', 'write_file'],
    );
    expect(extractToolCall(engine.toolWireFormat, raw[1])?.argumentsUndecodable).toBe(true);
  });
});

describe('response_text_content', () => {
  it('thinking stays out, content chunks become text, hermes tags are stripped, never throws', () => {
    expect(
      responseTextContent(
        engineFor('gemini').toolWireFormat,
        readFixture('replies/gemini/thinking.json'),
        engineFor('gemini').dialectOptions,
      ),
    ).toBe(
      toolLoopResponse(
        engineFor('gemini').toolWireFormat,
        readFixture('replies/gemini/thinking.json'),
        engineFor('gemini').dialectOptions,
      ).content,
    );
    expect(
      responseTextContent(
        engineFor('openai').toolWireFormat,
        {
          choices: [
            {
              message: {
                role: 'assistant',
                content: [
                  { type: 'text', text: 'Hello ' },
                  { type: 'text', text: 'world' },
                ],
              },
              finish_reason: 'stop',
            },
          ],
        },
        engineFor('openai').dialectOptions,
      ),
    ).toBe('Hello world');
    expect(
      responseTextContent(
        engineFor('hermes').toolWireFormat,
        {
          choices: [
            {
              message: {
                role: 'assistant',
                content: 'Checking.\n<tool_call>\n{"name": "echo", "arguments": {}}\n</tool_call>',
              },
              finish_reason: 'stop',
            },
          ],
        },
        engineFor('hermes').dialectOptions,
      ),
    ).toBe('Checking.');
    expect(
      responseTextContent(
        engineFor('anthropic').toolWireFormat,
        {
          content: [
            { type: 'thinking', thinking: 'hmm', signature: 's' },
            { type: 'text', text: 'answer' },
          ],
          stop_reason: 'end_turn',
        },
        engineFor('anthropic').dialectOptions,
      ),
    ).toBe('answer');
    expect(
      responseTextContent(
        engineFor('openai').toolWireFormat,
        { error: { message: 'bad' } },
        engineFor('openai').dialectOptions,
      ),
    ).toBe('');
    expect(
      responseTextContent(
        engineFor('gemini').toolWireFormat,
        undefined,
        engineFor('gemini').dialectOptions,
      ),
    ).toBe('');
  });

  it('<think> is filtered when thinkTagFilter is on', () => {
    const body = {
      choices: [
        {
          message: { role: 'assistant', content: '<think>secret</think>visible' },
          finish_reason: 'stop',
        },
      ],
    };
    expect(
      responseTextContent(
        engineFor('openai', { dialect: { thinkTagFilter: true } }).toolWireFormat,
        body,
        engineFor('openai', { dialect: { thinkTagFilter: true } }).dialectOptions,
      ),
    ).toBe('visible');
  });
});

describe('format_tool_results', () => {
  const bodies: Readonly<Record<WireFormat, unknown>> = {
    openai: readFixture('replies/openai/tool-calls.json'),
    anthropic: readFixture('replies/anthropic/tool-calls.json'),
    gemini: readFixture('replies/gemini/tool-calls.json'),
    ollama: readFixture('replies/ollama/tool-calls.json'),
    responses: readFixture('replies/responses/tool-calls.json'),
    hermes: readFixture('replies/hermes/tool-calls.json'),
    bedrock: readFixture('replies/bedrock/tool-calls.json'),
  };

  it.each(WIRE_FORMATS)(
    '%s: always a list (the echo first), whatever form each result takes',
    (wire) => {
      const engine = engineFor(wire);
      const body = bodies[wire];
      const [call] = toolLoopResponse(engine.toolWireFormat, body, engine.dialectOptions).toolCalls;
      const [raw] = responseToolCalls(engine.toolWireFormat, body, engine.dialectOptions);
      if (!call) throw new Error('fixture without a call');
      const content = [{ type: 'text' as const, text: 'sunny' }];
      const asToolResult = formatToolResults(
        engine.toolWireFormat,
        body,
        [new ToolResult({ name: call.name, id: call.id, content })],
        engine.dialectOptions,
      );
      expect(Array.isArray(asToolResult)).toBe(true);
      expect(asToolResult.length).toBeGreaterThanOrEqual(2);
      // The seed's pair, with a ToolCall or the raw structure, and the init object.
      expect(
        formatToolResults(
          engine.toolWireFormat,
          body,
          [{ toolCall: call, result: { content } }],
          engine.dialectOptions,
        ),
      ).toEqual(asToolResult);
      expect(
        formatToolResults(
          engine.toolWireFormat,
          body,
          [{ toolCall: raw, result: { content } }],
          engine.dialectOptions,
        ),
      ).toEqual(asToolResult);
      expect(
        formatToolResults(
          engine.toolWireFormat,
          body,
          [{ name: call.name, id: call.id, content }],
          engine.dialectOptions,
        ),
      ).toEqual(asToolResult);
    },
  );

  it('an error result keeps isError from the MCP result', () => {
    const engine = engineFor('anthropic');
    const body = bodies.anthropic;
    const [raw] = responseToolCalls(engine.toolWireFormat, body, engine.dialectOptions);
    const messages = formatToolResults(
      engine.toolWireFormat,
      body,
      [{ toolCall: raw, result: { content: [{ type: 'text', text: 'no' }], isError: true } }],
      engine.dialectOptions,
    );
    expect(messages[1]).toMatchObject({
      role: 'user',
      content: [{ type: 'tool_result', content: [{ type: 'text', text: 'no' }], is_error: true }],
    });
  });

  it('openai and ollama echo the reasoning back', () => {
    const openai = formatToolResults(
      engineFor('openai').toolWireFormat,
      {
        choices: [
          {
            message: {
              role: 'assistant',
              content: null,
              reasoning_content: 'R1',
              reasoning: 'R2',
              reasoning_details: [{ type: 'reasoning.text', text: 'R3' }],
              tool_calls: [
                { id: 'c1', type: 'function', function: { name: 'echo', arguments: '{}' } },
              ],
            },
            finish_reason: 'tool_calls',
          },
        ],
      },
      [{ name: 'echo', id: 'c1', content: [{ type: 'text', text: 'ok' }] }],
      engineFor('openai').dialectOptions,
    );
    expect(openai[0]).toMatchObject({
      role: 'assistant',
      reasoning_content: 'R1',
      reasoning: 'R2',
      reasoning_details: [{ type: 'reasoning.text', text: 'R3' }],
    });
    const ollama = formatToolResults(
      engineFor('ollama').toolWireFormat,
      {
        message: {
          role: 'assistant',
          content: '',
          thinking: 'T',
          tool_calls: [{ function: { name: 'echo', arguments: {} } }],
        },
        done: true,
      },
      [{ name: 'echo', id: '', content: [{ type: 'text', text: 'ok' }] }],
      engineFor('ollama').dialectOptions,
    );
    expect(ollama[0]).toMatchObject({ role: 'assistant', thinking: 'T' });
  });
});

describe('tool_loop_response', () => {
  it('a refused prompt throws prompt blocked: REASON; an error body throws the chat error', () => {
    const gemini = engineFor('gemini');
    expect(() =>
      toolLoopResponse(
        gemini.toolWireFormat,
        readFixture('replies/gemini/prompt-blocked.json'),
        gemini.dialectOptions,
      ),
    ).toThrow(PromptBlockedError);
    expect(() =>
      toolLoopResponse(
        gemini.toolWireFormat,
        readFixture('replies/gemini/prompt-blocked.json'),
        gemini.dialectOptions,
      ),
    ).toThrow('prompt blocked: SAFETY');
    expect(() =>
      toolLoopResponse(
        engineFor('openai').toolWireFormat,
        readFixture('replies/openai/error.json'),
        engineFor('openai').dialectOptions,
      ),
    ).toThrow(ProviderError);
  });

  it('hermes: the <tool_call> blocks are lifted into toolCalls and stripped from content', () => {
    const reply = toolLoopResponse(
      engineFor('hermes').toolWireFormat,
      {
        choices: [
          {
            message: {
              role: 'assistant',
              content:
                'Let me look.\n<tool_call>\n{"name": "echo", "arguments": {"text": "x"}}\n</tool_call>',
            },
            finish_reason: 'stop',
          },
        ],
      },
      engineFor('hermes').dialectOptions,
    );
    expect(reply.content).toBe('Let me look.');
    expect(reply.toolCalls.map((call) => [call.name, call.arguments])).toEqual([
      ['echo', { text: 'x' }],
    ]);
  });
});

describe('tool_loop_calls', () => {
  it('calls and data come back unchanged when the reply did not hit its limit', () => {
    const engine = engineFor('openai');
    const body = readFixture('replies/openai/parallel-calls.json');
    const reply = toolLoopResponse(engine.toolWireFormat, body, engine.dialectOptions);
    expect(
      toolLoopCalls(reply, reply.raw, {
        wire: engine.toolWireFormat,
        dialectOptions: engine.dialectOptions,
      }),
    ).toEqual({ calls: reply.toolCalls, data: body });
    const [calls, data] = toolLoopCalls(reply, body, {
      wire: engine.toolWireFormat,
      dialectOptions: engine.dialectOptions,
    });
    expect(calls).toEqual(reply.toolCalls);
    expect(data).toBe(body);
  });

  it('drops the cut-off call with one warning naming it; the data is a copy without it', () => {
    const warnings: CrosswireWarning[] = [];
    const engine = engineFor('openai', { onWarning: (warning) => warnings.push(warning) });
    const body = readFixture('replies/openai/truncated.json');
    const { calls, data } = toolLoopCalls(
      toolLoopResponse(engine.toolWireFormat, body, engine.dialectOptions),
      toolLoopResponse(engine.toolWireFormat, body, engine.dialectOptions).raw,
      { wire: engine.toolWireFormat, dialectOptions: engine.dialectOptions },
    );
    expect(calls.map((call) => call.name)).toEqual(['get_weather']);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.code).toBe('tool_call_arguments_truncated');
    expect(warnings[0]?.message).toMatch(
      /^dropped 1 tool call\(s\) .*\(finish_reason length\): write_file/,
    );
    expect(responseToolCalls(engine.toolWireFormat, data, engine.dialectOptions)).toHaveLength(1);
    expect(responseToolCalls(engine.toolWireFormat, body, engine.dialectOptions)).toHaveLength(2);
  });

  it('with no call left: tool call arguments truncated (finish_reason REASON)', () => {
    const engine = engineFor('openai');
    const reply = toolLoopResponse(
      engine.toolWireFormat,
      readFixture('replies/openai/truncated-all.json'),
      engine.dialectOptions,
    );
    expect(() =>
      toolLoopCalls(reply, reply.raw, {
        wire: engine.toolWireFormat,
        dialectOptions: engine.dialectOptions,
      }),
    ).toThrow(ToolLoopError);
    expect(() =>
      toolLoopCalls(reply, reply.raw, {
        wire: engine.toolWireFormat,
        dialectOptions: engine.dialectOptions,
      }),
    ).toThrow('tool call arguments truncated (finish_reason length)');
  });
});

describe('chat_with_tools_f', () => {
  it('unknown tool NAME and arguments are not valid JSON: REASON answer the call; the others run', async () => {
    simulator.script('answers', [
      {
        type: 'tool_calls',
        calls: [
          { name: 'nope', arguments: {} },
          { name: 'echo', arguments: '{"text": ' },
          { name: 'echo', arguments: { text: 'ran' } },
        ],
      },
      { type: 'text', text: 'fine' },
    ]);
    expect(await simulated('answers').chatWithTools('go', { mcpServers: [fixture] })).toBe('fine');
    expect(simulator.received('answers')[1]?.toolResults.map((r) => r.block)).toEqual([
      { role: 'tool', tool_call_id: 'call_1_0', content: 'unknown tool nope' },
      {
        role: 'tool',
        tool_call_id: 'call_1_1',
        content: `arguments are not valid JSON: ${errorOf('{"text": ')}`,
      },
      { role: 'tool', tool_call_id: 'call_1_2', content: 'ran' },
    ]);
  });

  it('a tool name offered by two servers is sent once, runs on the first, and the warning names both', async () => {
    const alpha = await connectInMemory(createPagedServer('alpha', [['shared']]));
    const beta = await connectInMemory(createPagedServer('beta', [['shared']]));
    closers.push(
      () => alpha.close(),
      () => beta.close(),
    );
    simulator.script('twice', [
      { type: 'tool_calls', calls: [{ name: 'shared' }] },
      { type: 'text', text: 'ok' },
    ]);
    const warnings: CrosswireWarning[] = [];
    await simulated('twice').chatWithTools('go', {
      mcpServers: [alpha, beta],
      onWarning: (warning) => warnings.push(warning),
    });
    expect(simulator.received('twice')[0]?.tools).toEqual(['shared']);
    expect(simulator.received('twice')[1]?.toolResults.map((r) => r.block)).toEqual([
      { role: 'tool', tool_call_id: 'call_1_0', content: 'shared ran on alpha' },
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toContain('"alpha" (mcpServers[0])');
    expect(warnings[0]?.message).toContain('"beta" (mcpServers[1])');
  });

  it('a refused prompt ends the loop with prompt blocked: REASON', async () => {
    simulator.script('blocked', [
      { type: 'raw', body: readFixture('replies/gemini/prompt-blocked.json') },
    ]);
    const engine = engineFor('gemini', {
      baseUrl: simulator.baseUrl('gemini', 'blocked'),
      retry: { baseDelayMs: 1 },
    });
    await expect(engine.chatWithTools('go', { mcpServers: [fixture] })).rejects.toMatchObject({
      name: 'PromptBlockedError',
      message: 'prompt blocked: SAFETY',
    });
  });

  it('an error in a 200 body fails the loop with the chat error', async () => {
    simulator.script('error-body', [
      { type: 'raw', body: readFixture('replies/openai/error.json') },
    ]);
    await expect(
      simulated('error-body').chatWithTools('go', { mcpServers: [fixture] }),
    ).rejects.toBeInstanceOf(ProviderError);
  });
});

function errorOf(text: string): string {
  try {
    JSON.parse(text);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}
