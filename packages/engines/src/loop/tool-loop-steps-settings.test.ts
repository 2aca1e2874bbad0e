// The step API's settings: what a loop checks before it sends anything (startToolLoop's input,
// maxIterations, the MCP servers, the number of tools) and the chat options a model step sends
// (maxTokens, temperature, toolChoice, extra, timeoutMs), with onWarning reaching the rendering
// of tool results. Requests go to the simulator or to a recorded engine.
import {
  type CrosswireWarning,
  ProviderError,
  type ToolDefinition,
  ToolLoopError,
  type WireFormat,
} from '@crosswire/core';
import { type Simulator, type SimulatorStep, startSimulator } from '@crosswire/simulator';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TOOLS } from '../../../../test-support/dialect-conversation.js';
import type { ChatInput, ChatOptions, ToolLoopEngine } from '../engine/chat-options.js';
import { createEngine, type Engine } from '../engine/engine.js';
import type { ToolRoster } from '../mcp/gather.js';
import {
  connectInMemory,
  createLedgerServer,
  manyToolsServer,
  PNG_BASE64,
} from '../mcp/test-support/fixture-servers.js';
import { ENGINE_PROVIDERS } from '../test-support/durable-conversation.js';
import { recordedEngine } from '../test-support/recorded-engine.js';
import {
  type ModelStepOptions,
  runModelStep,
  runToolStep,
  startToolLoop,
  ToolLoopStepError,
} from './tool-loop-steps.js';

/** Tools offered without a server (for model steps that run no tool). */
const ROSTER: ToolRoster = { tools: TOOLS as unknown as ToolDefinition[], route: () => undefined };

/** `count` tools named t0, t1, ... offered without a server. */
const manyTools = (count: number): ToolRoster => ({
  tools: Array.from({ length: count }, (_, index) => ({
    name: `t${index}`,
    inputSchema: { type: 'object' as const },
  })),
  route: () => undefined,
});

let simulator: Simulator;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
  await simulator.close();
});

/** An openai engine on simulator lane `lane`, which first gets `script`. */
function engine(lane: string, script: readonly SimulatorStep[]): Engine {
  simulator.script(lane, script);
  const created = createEngine({
    ...ENGINE_PROVIDERS.openai,
    apiKey: 'k',
    baseUrl: simulator.baseUrl('openai', lane),
    retry: { maxRetries: 0 },
    discover: false,
  });
  closers.push(() => created.close());
  return created;
}

/** The bodies the simulator received on `lane`, without the tools (their names are checked). */
function received(lane: string): unknown[] {
  return simulator.received(lane).map((request) => {
    expect(request.violations).toEqual([]);
    const { tools: _tools, ...body } = request.body as Record<string, unknown>;
    return { ...body, toolNames: request.tools };
  });
}

/** The error `promise` rejects with (a test that gets no error fails). */
const caught = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    (value) => expect.fail(`expected an error, got ${JSON.stringify(value)}`),
    (error: unknown) => error,
  );

/** One model step from the start on a recorded engine that answers in text. */
function firstStep(wire: WireFormat, options: ModelStepOptions) {
  const recorded = recordedEngine(wire, () => 'text');
  const run = runModelStep(recorded, startToolLoop('go', { loopId: 's' }), options);
  return { recorded, run, refused: () => caught(run) };
}

const TEXT: readonly SimulatorStep[] = [{ type: 'text', text: 'Done.' }];

describe('startToolLoop checks its input', () => {
  test('a loopId that is not a non-empty string is refused', () => {
    expect(() => startToolLoop('hi', { loopId: '' })).toThrow(
      new ToolLoopStepError(
        'invalid_tool_loop_start',
        'startToolLoop: loopId must be a non-empty string, got ""',
      ),
    );
    for (const [loopId, shown] of [
      [42, '42'],
      [{ id: 'a' }, '{"id":"a"}'],
      [false, 'false'],
    ] as const) {
      let error: unknown;
      try {
        startToolLoop('hi', { loopId: loopId as unknown as string });
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(ToolLoopStepError);
      expect(error).toMatchObject({
        code: 'invalid_tool_loop_start',
        message: `startToolLoop: loopId must be a non-empty string, got ${shown}`,
      });
    }
  });

  test('input that is neither a prompt nor an array of messages is refused', () => {
    for (const input of [{ role: 'user', content: 'hi' }, undefined, null, 42]) {
      let error: unknown;
      try {
        startToolLoop(input as unknown as ChatInput, { loopId: 'a' });
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(ToolLoopStepError);
      expect(error).toMatchObject({
        code: 'invalid_tool_loop_start',
        message: 'startToolLoop takes a prompt or an array of messages',
      });
    }
  });

  test('strings in an array of messages are user messages', () => {
    expect(
      startToolLoop(['hi', { role: 'assistant', content: 'Hello.' }, 'again'], { loopId: 'm' })
        .messages,
    ).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'Hello.' },
      { role: 'user', content: 'again' },
    ]);
  });
});

describe('maxIterations must be a positive integer', () => {
  test.each([
    [0, '0'],
    [-1, '-1'],
    [1.5, '1.5'],
    [0.5, '0.5'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, 'Infinity'],
  ])('%s is refused before anything is sent', async (maxIterations, shown) => {
    const { recorded, refused } = firstStep('openai', { roster: ROSTER, maxIterations });
    const error = await refused();
    expect(error).toBeInstanceOf(ToolLoopError);
    expect(error).toMatchObject({
      code: 'invalid_max_iterations',
      message: `maxIterations must be a positive integer, got ${shown}`,
    });
    expect(recorded.sent).toEqual([]);
  });

  test('it is checked before the servers are', async () => {
    const { refused } = firstStep('openai', { maxIterations: 0 });
    expect(await refused()).toMatchObject({
      code: 'invalid_max_iterations',
      message: 'maxIterations must be a positive integer, got 0',
    });
  });

  test('chatWithTools refuses it too, and the provider is not asked', async () => {
    const created = engine('max-chat', TEXT);
    const error = await caught(
      created.chatWithTools('go', { mcpServers: [manyToolsServer(1)], maxIterations: 2.5 }),
    );
    expect(error).toBeInstanceOf(ToolLoopError);
    expect(error).toMatchObject({
      code: 'invalid_max_iterations',
      message: 'maxIterations must be a positive integer, got 2.5',
    });
    expect(simulator.received('max-chat')).toEqual([]);
  });
});

describe('a model step needs MCP servers or a roster', () => {
  test.each([
    ['no mcpServers', {}],
    ['an empty mcpServers', { mcpServers: [] }],
  ])('%s: no_mcp_servers, and nothing is sent', async (_name, options) => {
    const { recorded, refused } = firstStep('openai', options);
    const error = await refused();
    expect(error).toBeInstanceOf(ToolLoopError);
    expect(error).toMatchObject({
      code: 'no_mcp_servers',
      message: 'runModelStep needs at least one MCP server in mcpServers',
    });
    expect(recorded.sent).toEqual([]);
  });

  test('a tool step without servers or a roster fails the same way', async () => {
    const pending = await runModelStep(
      recordedEngine('openai', () => 'tool-calls'),
      startToolLoop('go', { loopId: 't' }),
      { roster: ROSTER },
    );
    const callId = pending.pendingCalls[0]?.callId as string;
    expect(await caught(runToolStep(pending, callId))).toMatchObject({
      code: 'no_mcp_servers',
      message: 'runToolStep needs at least one MCP server in mcpServers',
    });
  });
});

describe('the number of tools one request may offer', () => {
  test("more than the wire's documented limit fails with too_many_tools, before any request", async () => {
    const { recorded, refused } = firstStep('openai', { roster: manyTools(129) });
    const error = await refused();
    expect(error).toBeInstanceOf(ToolLoopError);
    expect(error).toMatchObject({
      code: 'too_many_tools',
      message:
        "the MCP servers offer 129 tools and one openai request may offer at most 128 (the wire's documented limit); nothing was sent",
      details: { tools: 129, limit: 128, wire: 'openai' },
    });
    expect(recorded.sent).toEqual([]);
  });

  test('tools listed from the servers are counted the same way', async () => {
    const { recorded, refused } = firstStep('openai', { mcpServers: [manyToolsServer(130)] });
    expect(await refused()).toMatchObject({
      code: 'too_many_tools',
      message:
        "the MCP servers offer 130 tools and one openai request may offer at most 128 (the wire's documented limit); nothing was sent",
      details: { tools: 130, limit: 128, wire: 'openai' },
    });
    expect(recorded.sent).toEqual([]);
  });

  test.each([
    ['openai at its limit', 'openai', 128, undefined],
    ['a wire that documents no limit', 'gemini', 300, undefined],
    ['maxToolsPerRequest above the wire limit', 'openai', 129, 200],
    ['maxToolsPerRequest exactly met', 'gemini', 2, 2],
  ] as const)('%s: the request offers every tool', async (_name, wire, count, max) => {
    const { recorded, run } = firstStep(wire, {
      roster: manyTools(count),
      ...(max === undefined ? {} : { maxToolsPerRequest: max }),
    });
    expect(await run).toMatchObject({ iteration: 1, pendingCalls: [] });
    expect(recorded.sent).toHaveLength(1);
    const body = recorded.sent[0]?.body ?? '';
    expect(body).toContain(`"t${count - 1}"`);
    expect(body).not.toContain(`"t${count}"`);
  });

  test('maxToolsPerRequest sets the limit on any wire, and the message says so', async () => {
    const { recorded, refused } = firstStep('gemini', {
      roster: manyTools(3),
      maxToolsPerRequest: 2,
    });
    const error = await refused();
    expect(error).toBeInstanceOf(ToolLoopError);
    expect(error).toMatchObject({
      code: 'too_many_tools',
      message:
        'the MCP servers offer 3 tools and one gemini request may offer at most 2 (maxToolsPerRequest); nothing was sent',
      details: { tools: 3, limit: 2, wire: 'gemini' },
    });
    expect(recorded.sent).toEqual([]);
  });

  test('maxToolsPerRequest below the wire limit wins on openai', async () => {
    const { refused } = firstStep('openai', { roster: ROSTER, maxToolsPerRequest: 1 });
    expect(await refused()).toMatchObject({
      code: 'too_many_tools',
      message:
        'the MCP servers offer 2 tools and one openai request may offer at most 1 (maxToolsPerRequest); nothing was sent',
      details: { tools: 2, limit: 1, wire: 'openai' },
    });
  });
});

describe('the chat options a model step sends', () => {
  test('maxTokens, temperature, toolChoice and extra reach the request body', async () => {
    const created = engine('opts', TEXT);
    await runModelStep(created, startToolLoop('go', { loopId: 'o' }), {
      roster: ROSTER,
      maxTokens: 300,
      temperature: 0.4,
      toolChoice: { name: 'get_weather' },
      extra: { seed: 7 },
    });
    expect(received('opts')).toEqual([
      {
        model: 'gpt-6.1-sol',
        messages: [{ role: 'user', content: 'go' }],
        tool_choice: { type: 'function', function: { name: 'get_weather' } },
        max_completion_tokens: 300,
        temperature: 0.4,
        seed: 7,
        prompt_cache_key: 'o',
        toolNames: ['get_weather', 'screenshot'],
      },
    ]);
  });

  test('zero values are sent too', async () => {
    const created = engine('zeros', TEXT);
    await runModelStep(created, startToolLoop('go', { loopId: 'z' }), {
      roster: ROSTER,
      maxTokens: 0,
      temperature: 0,
      toolChoice: 'none',
    });
    expect(received('zeros')).toEqual([
      {
        model: 'gpt-6.1-sol',
        messages: [{ role: 'user', content: 'go' }],
        tool_choice: 'none',
        max_completion_tokens: 0,
        temperature: 0,
        prompt_cache_key: 'z',
        toolNames: ['get_weather', 'screenshot'],
      },
    ]);
  });

  test('options not given send no field', async () => {
    const created = engine('bare', TEXT);
    await runModelStep(created, startToolLoop('go', { loopId: 'b' }), { roster: ROSTER });
    expect(received('bare')).toEqual([
      {
        model: 'gpt-6.1-sol',
        messages: [{ role: 'user', content: 'go' }],
        prompt_cache_key: 'b',
        toolNames: ['get_weather', 'screenshot'],
      },
    ]);
  });

  test('timeoutMs bounds the provider request', async () => {
    const created = engine('slow', [{ type: 'text', text: 'late', delayMs: 2000 }]);
    const error = await caught(
      runModelStep(created, startToolLoop('go', { loopId: 'slow' }), {
        roster: ROSTER,
        timeoutMs: 50,
      }),
    );
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      code: 'provider_timeout',
      message: `openai did not answer in time (${simulator.baseUrl('openai', 'slow')}/chat/completions)`,
    });
  });

  describe('a wrapper engine', () => {
    /**
     * A `ToolLoopEngine` that lays its own defaults under the options the loop passes (as a
     * wrapper of the public interface may), recording what it was given.
     */
    function withDefaults(inner: Engine, defaults: ChatOptions, seen: ChatOptions[]) {
      return {
        toolWireFormat: inner.toolWireFormat,
        dialectOptions: inner.dialectOptions,
        exchange: (input: ChatInput, options: ChatOptions = {}, iteration?: number) => {
          seen.push(options);
          return inner.exchange(input, { ...defaults, ...options }, iteration);
        },
      } satisfies ToolLoopEngine;
    }

    const DEFAULTS: ChatOptions = {
      maxTokens: 64,
      temperature: 0.1,
      toolChoice: 'required',
      extra: { seed: 1 },
      timeoutMs: 20_000,
    };

    test('keeps its defaults when the loop gives none: the loop passes no empty field', async () => {
      const seen: ChatOptions[] = [];
      const wrapped = withDefaults(engine('wrapped', TEXT), DEFAULTS, seen);
      await runModelStep(wrapped, startToolLoop('go', { loopId: 'w' }), { roster: ROSTER });
      expect(seen).toStrictEqual([{ tools: ROSTER.tools, promptCache: { key: 'w' }, loopId: 'w' }]);
      expect(received('wrapped')).toEqual([
        {
          model: 'gpt-6.1-sol',
          messages: [{ role: 'user', content: 'go' }],
          tool_choice: 'required',
          max_completion_tokens: 64,
          temperature: 0.1,
          seed: 1,
          prompt_cache_key: 'w',
          toolNames: ['get_weather', 'screenshot'],
        },
      ]);
    });

    test("gets the loop's options over its defaults", async () => {
      const seen: ChatOptions[] = [];
      const wrapped = withDefaults(engine('over', TEXT), DEFAULTS, seen);
      await runModelStep(wrapped, startToolLoop('go', { loopId: 'v' }), {
        roster: ROSTER,
        maxTokens: 500,
        temperature: 0.9,
        toolChoice: 'auto',
        extra: { seed: 2 },
        timeoutMs: 30_000,
      });
      expect(seen).toStrictEqual([
        {
          tools: ROSTER.tools,
          maxTokens: 500,
          temperature: 0.9,
          toolChoice: 'auto',
          extra: { seed: 2 },
          timeoutMs: 30_000,
          promptCache: { key: 'v' },
          loopId: 'v',
        },
      ]);
      expect(received('over')).toEqual([
        {
          model: 'gpt-6.1-sol',
          messages: [{ role: 'user', content: 'go' }],
          tool_choice: 'auto',
          max_completion_tokens: 500,
          temperature: 0.9,
          seed: 2,
          prompt_cache_key: 'v',
          toolNames: ['get_weather', 'screenshot'],
        },
      ]);
    });
  });
});

describe("onWarning with the engine's dialect settings", () => {
  /** A photo call, its tool step on a ledger server whose photo is `imageBase64`, then the next model step. */
  async function photoTurn(lane: string, imageBase64: string, warnings: CrosswireWarning[]) {
    const { server } = createLedgerServer(imageBase64);
    const client = await connectInMemory(server);
    closers.push(() => client.close());
    const created = engine(lane, [
      { type: 'tool_calls', calls: [{ name: 'photo', id: 'call_p' }] },
      { type: 'text', text: 'Nice.' },
    ]);
    const onWarning = (warning: CrosswireWarning) => warnings.push(warning);
    const options = { mcpServers: [client], onWarning };
    const pending = await runModelStep(created, startToolLoop('go', { loopId: lane }), options);
    const answered = await runToolStep(pending, 'call_p', options);
    await runModelStep(created, answered, options);
    const second = received(lane)[1] as { messages: unknown[] };
    return second.messages.slice(1);
  }

  test('a tool result image goes out as the engine renders images', async () => {
    const warnings: CrosswireWarning[] = [];
    expect(await photoTurn('photo', PNG_BASE64, warnings)).toMatchInlineSnapshot(`
      [
        {
          "content": null,
          "role": "assistant",
          "tool_calls": [
            {
              "function": {
                "arguments": "{}",
                "name": "photo",
              },
              "id": "call_p",
              "type": "function",
            },
          ],
        },
        {
          "content": "the photo:
      [image] image/png (70 bytes)",
          "role": "tool",
          "tool_call_id": "call_p",
        },
        {
          "content": [
            {
              "text": "The tool results above returned 1 image(s), attached here in order: photo (call_p).",
              "type": "text",
            },
            {
              "image_url": {
                "url": "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
              },
              "type": "image_url",
            },
          ],
          "role": "user",
        },
      ]
    `);
    expect(warnings).toEqual([]);
  });

  test("a warning while rendering the results reaches the step's onWarning", async () => {
    const warnings: CrosswireWarning[] = [];
    // "hello", labelled image/png.
    expect(await photoTurn('not-png', 'aGVsbG8=', warnings)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_p', type: 'function', function: { name: 'photo', arguments: '{}' } },
        ],
      },
      {
        role: 'tool',
        tool_call_id: 'call_p',
        content: 'the photo:\n[image] image/png (5 bytes)',
      },
    ]);
    expect(warnings).toEqual([
      {
        code: 'image_bytes_mismatch',
        message:
          'the bytes of an image labelled image/png from tool photo are not image/png; it is not attached',
        details: { toolName: 'photo', callId: 'call_p', mediaType: 'image/png' },
      },
    ]);
  });
});
