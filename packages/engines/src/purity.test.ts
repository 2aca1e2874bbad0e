import { WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import {
  type ChatMessage,
  type ChatResponse,
  type ConversationMessage,
  formatToolResults,
  parseResponse,
} from '@crosswire/dialects';
import type { Pricing } from '@crosswire/registry';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { ToolResult } from '@crosswire/tool-result';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callFrozen,
  callFrozenAsync,
  callUnfrozenAsync,
} from '../../../test-support/deep-freeze.js';
import { PIXEL_PNG, reply } from '../../../test-support/dialect-conversation.js';
import { pngHeaderOfSize } from '../../../test-support/png-header.js';
import { withCost } from './cost/cost.js';
import {
  MemoryBlobStore,
  parseToolLoopState,
  saveConversation,
  serializeConversation,
  serializeToolLoopState,
} from './durable/index.js';
import { jsonCopy } from './durable/json-copy.js';
import {
  costOf,
  createEngine,
  type Engine,
  gatherTools,
  nextToolLoopStep,
  recordApproval,
  recordToolResult,
  runModelStep,
  runnableToolLoopSteps,
  runToolStep,
  startToolLoop,
  summarizePayloads,
  type ToolLoopState,
  type ToolRoster,
} from './index.js';
import { createAnnotatedServer } from './mcp/test-support/annotated-server.js';
import { bigPngBase64, connectInMemory } from './mcp/test-support/fixture-servers.js';
import { richConversation } from './test-support/durable-conversation.js';

// Functions documented to return a copy (or the value unchanged) are called on a deeply frozen
// input (a write throws) and the input compared with a copy taken before.

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
/** A long pure-base64 payload (Anthropic's `source.data`). */
const LONG = 'QUJD'.repeat(1024);
const PRICES: Pricing = {
  input: 3,
  output: 15,
  cacheRead: 0.3,
  currency: 'USD',
  source: 's',
  date: '2026-01-01',
};

describe('pure: copies for logs, state and cost', () => {
  it('summarizePayloads summarises a copy', () => {
    const event = {
      body: {
        messages: [
          {
            role: 'user',
            content: [
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: LONG } },
              { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
            ],
          },
        ],
      },
    };
    const summary = callFrozen(event, (frozen) => summarizePayloads(frozen));
    expect(JSON.stringify(summary)).not.toContain(PNG);
    expect(JSON.stringify(summary)).not.toContain(LONG);
  });

  it('jsonCopy copies without writing to the value', () => {
    const state = { turn: 2, calls: [{ id: 'a', arguments: { city: 'Berlin' } }], at: undefined };
    expect(callFrozen(state, (frozen) => jsonCopy(frozen, 'state'))).toEqual({
      turn: 2,
      calls: [{ id: 'a', arguments: { city: 'Berlin' } }],
    });
  });

  it('costOf reads usage and prices without writing to them', () => {
    const cost = callFrozen(
      { usage: { inputTokens: 1000, outputTokens: 10, cacheReadTokens: 500 }, prices: PRICES },
      ({ usage, prices }) => costOf(usage, prices),
    );
    expect(cost?.total).toBe(0.0018);
  });

  it('withCost adds the cost to a copy, and gives the reply itself when there is no price', () => {
    const reply = {
      content: 'hi',
      toolCalls: [],
      finishReason: 'stop',
      usage: { inputTokens: 1000, outputTokens: 10 },
      raw: {},
    } as unknown as ChatResponse;
    const priced = callFrozen(reply, (frozen) => withCost(frozen, PRICES));
    expect(priced.cost?.total).toBe(0.00315);
    expect('cost' in reply).toBe(false);
    expect(withCost(reply, undefined)).toBe(reply);
  });
});

describe('pure: storing a conversation and a loop state', () => {
  /** The rich conversation of the durable tests, and a provider turn holding a large image. */
  const conversation = (wire: WireFormat): ConversationMessage[] => {
    const body = reply(wire, 'tool-calls');
    const calls = parseResponse(wire, body).toolCalls;
    const large = calls.map(
      (call) =>
        new ToolResult({
          name: call.name,
          id: call.id,
          content: [{ type: 'image', data: bigPngBase64(4096), mimeType: 'image/png' }],
        }),
    );
    return [
      ...richConversation(wire, 'https://example.com/sky.png'),
      ...formatToolResults(wire, body, large, { imageInput: true }),
    ];
  };

  it.each(WIRE_FORMATS.map((wire) => [wire] as const))(
    '%s: serializeConversation and saveConversation copy the messages (payloads go to the store)',
    async (wire) => {
      const blobStore = new MemoryBlobStore();
      const document = await callFrozenAsync(conversation(wire), (messages) => {
        serializeConversation(messages);
        return saveConversation(messages, { blobStore, minBlobBytes: 1024 });
      });
      expect(JSON.stringify(document)).not.toContain(bigPngBase64(4096).slice(0, 64));
      // The payloads are blanked in the document only, also when the messages are not frozen.
      const messages = conversation(wire);
      const before = JSON.stringify(serializeConversation(messages));
      await callUnfrozenAsync(messages, (input) =>
        saveConversation(input, { blobStore, minBlobBytes: 1024 }),
      );
      expect(JSON.stringify(serializeConversation(messages))).toBe(before);
    },
  );
});

describe('pure: the steps of a tool loop never change the state they are given', () => {
  let simulator: Simulator;
  let files: Client;
  let roster: ToolRoster;
  let engine: Engine;

  beforeAll(async () => {
    simulator = await startSimulator();
    files = await connectInMemory(createAnnotatedServer('files').server);
    roster = await gatherTools([files]);
    engine = createEngine({
      provider: 'openai',
      model: 'gpt-6.1-sol',
      apiKey: 'k',
      baseUrl: simulator.baseUrl('openai', 'pure-steps'),
      retry: { maxRetries: 0 },
      discover: false,
    });
    simulator.script('pure-steps', (request) =>
      (request.body as { messages: { role: string }[] }).messages.some(
        (message) => message.role === 'tool',
      )
        ? { type: 'text', text: 'Done.' }
        : {
            type: 'tool_calls',
            calls: [
              { name: 'read_file', arguments: { path: 'b.txt' }, id: 'call_read' },
              { name: 'delete_file', arguments: { path: 'a.txt' }, id: 'call_delete' },
              { name: 'send_email', arguments: { to: 'ops@example.test' }, id: 'call_email' },
            ],
          },
    );
  });
  afterAll(async () => {
    await files.close();
    await engine.close();
    await simulator.close();
  });

  /**
   * Runs `step` on `state` twice, its stored form compared before and after each: on the state
   * as a queue worker holds it (loaded from its stored form, not frozen), then on `state`
   * frozen deeply (a write throws). Returns the second run's state.
   */
  async function step<R>(state: ToolLoopState, run: (state: ToolLoopState) => R): Promise<R> {
    const stored = JSON.stringify(serializeToolLoopState(state));
    const loaded = parseToolLoopState(stored);
    await run(loaded);
    expect(JSON.stringify(serializeToolLoopState(loaded))).toBe(stored);
    const result = await callFrozenAsync(state, async (frozen) => run(frozen));
    expect(JSON.stringify(serializeToolLoopState(state))).toBe(stored);
    return result;
  }

  it('from the prompt to the answer, with approvals, results recorded and tool steps', async () => {
    const input = [
      { role: 'system' as const, content: 'You tidy files.' },
      {
        role: 'user' as const,
        content: [
          'Clean up, here is the folder.',
          { type: 'image' as const, data: PIXEL_PNG, mimeType: 'image/png' },
        ],
      },
    ];
    const start = callFrozen(input, (messages) => startToolLoop(messages, { loopId: 'P' }));
    const asked = await step(start, (state) =>
      runModelStep(engine, state, { roster, approval: 'unless-read-only' }),
    );
    await step(asked, (state) => [nextToolLoopStep(state), runnableToolLoopSteps(state)]);
    const approved = await step(asked, (state) =>
      recordApproval(state, 'call_delete', { approved: true, arguments: { path: 'c.txt' } }),
    );
    const decided = await step(approved, (state) =>
      recordApproval(state, 'call_email', { approved: false, reason: 'not today' }),
    );
    const read = await step(decided, (state) => runToolStep(state, 'call_read', { roster }));
    const result = read.pendingCalls[0]?.result as ToolResult;
    await step(decided, (state) => recordToolResult(state, 'call_read', result));
    const deleted = await step(read, (state) => runToolStep(state, 'call_delete', { roster }));
    const answered = await step(deleted, (state) => runToolStep(state, 'call_email', { roster }));
    const done = await step(answered, (state) => runModelStep(engine, state, { roster }));
    expect(done.text).toBe('Done.');
    expect(nextToolLoopStep(done)).toEqual({ kind: 'done', text: 'Done.' });
  });
});

describe('pure: an engine never changes the conversation it is given', () => {
  let simulator: Simulator;
  beforeAll(async () => {
    simulator = await startSimulator();
  });
  afterAll(async () => {
    await simulator.close();
  });

  /** A conversation holding an image over Anthropic's 8000-pixel side, as the caller keeps it. */
  const conversation = (): ChatMessage[] => [
    { role: 'system', content: 'You describe pictures.' },
    {
      role: 'user',
      content: [
        'Here is the panorama and a thumbnail.',
        { type: 'image', data: pngHeaderOfSize(9000, 100, 400), mimeType: 'image/png' },
        { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' },
      ],
    },
  ];

  it('chat and buildRequest send a copy with the placeholder; the frozen messages keep their images', async () => {
    const heard: string[] = [];
    const seen: unknown[] = [];
    const engine = createEngine({
      provider: 'anthropic',
      model: 'claude-sonnet-5-5',
      apiKey: 'k',
      baseUrl: simulator.baseUrl('anthropic', 'pure-chat'),
      retry: { maxRetries: 0 },
      imageLimits: 'placeholder',
      promptCache: { ttl: '1h' },
      onWarning: (warning) => heard.push(warning.code),
      onRequest: (event) => seen.push(event.body),
      // A middleware that changes a copy, as documented.
      middleware: [
        {
          name: 'tagger',
          request: (request) => ({ body: { ...request.body, metadata: { user_id: 'u1' } } }),
        },
      ],
    });
    simulator.script('pure-chat', [{ type: 'text', text: 'A wide view.' }]);
    const reply = await callFrozenAsync(conversation(), (messages) => engine.chat(messages));
    expect(reply.content).toBe('A wide view.');
    await callFrozenAsync(conversation(), (messages) => engine.buildRequest(messages));
    await engine.close();
    // The request the provider got had the placeholder; the conversation still has the image.
    expect(JSON.stringify(seen[0])).not.toContain(pngHeaderOfSize(9000, 100, 400));
    expect(heard).toEqual(['image_over_limit']);
  });
});
