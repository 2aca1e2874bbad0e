import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AbortedError, type CrosswireWarning, createToolCall } from '@crosswire/core';
import type { ChatMessage } from '@crosswire/dialects';
import { LISTING_KINDS } from '@crosswire/registry';
import { SIMULATED_LISTINGS, type Simulator, startSimulator } from '@crosswire/simulator';
import { ToolResult } from '@crosswire/tool-result';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PIXEL_PNG } from '../../../test-support/dialect-conversation.js';
import { createEngine } from '../src/index.js';

// Engines for local servers learn the model's capabilities from the server's own metadata on
// first use (Ollama's /api/show here), so a model no data file names still gets its tool's
// images when it sees images, and the placeholder when it does not.

let simulator: Simulator;
beforeAll(async () => {
  // Any chat request gets a plain answer: what is under test is the request the engine builds.
  simulator = await startSimulator({ fallback: () => ({ type: 'text', text: 'ok' }) });
});
afterAll(async () => simulator.close());

const call = createToolCall({
  id: 'call_1',
  name: 'screenshot',
  arguments: { url: 'https://example.com' },
});
const conversation: ChatMessage[] = [
  { role: 'user', content: 'What does the page show?' },
  { role: 'assistant', content: '', toolCalls: [call] },
  {
    role: 'tool',
    results: [
      new ToolResult({
        name: 'screenshot',
        id: 'call_1',
        content: [
          { type: 'text', text: 'Screenshot of https://example.com' },
          { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' },
        ],
      }),
    ],
  },
];

function collect() {
  const warnings: CrosswireWarning[] = [];
  return { warnings, onWarning: (warning: CrosswireWarning) => void warnings.push(warning) };
}

/** The messages of the chat request the lane received. */
function chatMessages(lane: string): Record<string, unknown>[] {
  const chat = simulator.received(lane).filter((request) => request.path.endsWith('/api/chat'));
  expect(chat).toHaveLength(1);
  const body = chat[0]?.body as { messages?: Record<string, unknown>[] } | undefined;
  return body?.messages ?? [];
}

describe('an Ollama engine learns vision from /api/show on first use', () => {
  it('a model that sees images (says /api/show) gets the tool image; no data file names it', async () => {
    simulator.listModels('sees', 'ollama', [{ id: 'acme-vl:7b', vision: true, tools: true }]);
    const { warnings, onWarning } = collect();
    const engine = createEngine({
      provider: 'ollama',
      model: 'acme-vl:7b',
      baseUrl: simulator.baseUrl('ollama', 'sees'),
      onWarning,
    });
    // Before the first request: the static data, which does not know the model.
    expect(engine.resolution().via).toBe('default');
    expect(engine.dialectOptions.imageFallbackInput).toBe(false);
    await engine.chat(conversation);
    expect(simulator.received('sees').map((request) => [request.path, request.model])).toEqual([
      ['/api/show', 'acme-vl:7b'],
      ['/api/chat', 'acme-vl:7b'],
    ]);
    const messages = chatMessages('sees');
    expect(messages.at(-1)).toMatchObject({ role: 'user', images: [PIXEL_PNG] });
    expect(engine.supports('image_input')).toBe(true);
    expect(engine.capabilityDetails().image_input.evidence).toBe('listing');
    expect(warnings).toEqual([]);
    // Once per engine: a second request asks nothing more.
    await engine.chat(conversation);
    expect(
      simulator.received('sees').filter((request) => request.path === '/api/show'),
    ).toHaveLength(1);
  });

  it('a text-only model (says /api/show) gets the placeholder alone', async () => {
    simulator.listModels('blind', 'ollama', [{ id: 'acme-text:7b', tools: true }]);
    const { warnings, onWarning } = collect();
    const engine = createEngine({
      provider: 'ollama',
      model: 'acme-text:7b',
      baseUrl: simulator.baseUrl('ollama', 'blind'),
      onWarning,
    });
    await engine.chat(conversation);
    const body = JSON.stringify(chatMessages('blind'));
    expect(body).not.toContain(PIXEL_PNG);
    expect(body).toContain('[image] image/png');
    expect(engine.capabilityDetails().image_input).toMatchObject({
      value: false,
      evidence: 'listing',
    });
    expect(warnings).toEqual([]);
  });

  it('discover: false asks nothing and keeps the static data', async () => {
    simulator.listModels('off', 'ollama', [{ id: 'acme-vl:7b', vision: true }]);
    const engine = createEngine({
      provider: 'ollama',
      model: 'acme-vl:7b',
      baseUrl: simulator.baseUrl('ollama', 'off'),
      discover: false,
    });
    await engine.chat(conversation);
    expect(simulator.received('off').map((request) => request.path)).toEqual(['/api/chat']);
    expect(JSON.stringify(chatMessages('off'))).not.toContain(PIXEL_PNG);
  });

  it('a failing discovery is a warning, and the static data applies', async () => {
    // The model is not on the server: /api/show answers 404.
    simulator.listModels('missing', 'ollama', [{ id: 'other:1b' }]);
    const { warnings, onWarning } = collect();
    const engine = createEngine({
      provider: 'ollama',
      model: 'llava',
      baseUrl: simulator.baseUrl('ollama', 'missing'),
      onWarning,
    });
    await engine.chat(conversation);
    expect(warnings.map((warning) => [warning.code, warning.message])).toEqual([
      [
        'model_discovery_failed',
        `learning the capabilities of model "llava" from provider "ollama" failed, so the registry's static data applies: reading the model list of provider "ollama" failed: POST ${simulator.baseUrl('ollama', 'missing')}/api/show answered HTTP 404`,
      ],
    ]);
    // llava sees images by the data files: the image goes out all the same.
    expect(chatMessages('missing').at(-1)).toMatchObject({ role: 'user', images: [PIXEL_PNG] });
    expect(engine.resolution().learned).toBeUndefined();
  });

  it('cloud providers discover only when asked', async () => {
    simulator.listModels('cloud', 'openai', [{ id: 'gpt-6.1-sol' }]);
    const quiet = createEngine({
      provider: 'openai',
      model: 'gpt-6.1-sol',
      apiKey: 'k',
      baseUrl: simulator.baseUrl('openai', 'cloud'),
    });
    await quiet.chat('Hi');
    expect(simulator.received('cloud').map((request) => request.path)).toEqual([
      '/chat/completions',
    ]);
    const asked = createEngine({
      provider: 'openai',
      model: 'gpt-6.1-sol',
      apiKey: 'k',
      baseUrl: simulator.baseUrl('openai', 'cloud'),
      discover: true,
    });
    const resolution = await asked.discover();
    expect(resolution.learned?.listing.endpoint).toBe(
      `${simulator.baseUrl('openai', 'cloud')}/models`,
    );
    expect(simulator.received('cloud').at(-1)?.headers.authorization).toBe('Bearer [redacted]');
  });
});

describe("the caller's signal bounds discovery on first use", () => {
  // An Ollama server that takes the request and never answers: only the signal can end it.
  let silent: Server;
  let base: string;
  const asked: IncomingMessage[] = [];
  const closed: string[] = [];
  beforeAll(async () => {
    silent = createServer((request) => {
      asked.push(request);
      request.socket.once('close', () => closed.push(request.url ?? ''));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('an endpoint that never answers: chat rejects with AbortedError when the signal fires, not after discoverTimeoutMs, and the request is closed', async () => {
    const { warnings, onWarning } = collect();
    const engine = createEngine({
      provider: 'ollama',
      model: 'llava',
      baseUrl: base,
      // Far beyond the test's own timeout: only the caller's signal can end this in time.
      discoverTimeoutMs: 600_000,
      onWarning,
    });
    const error = await engine
      .chat('Hi', { signal: AbortSignal.timeout(200) })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AbortedError);
    expect((error as AbortedError).message).toMatch(
      /^aborted while learning the capabilities of model "llava" from provider "ollama" \(discovery on first use\): /,
    );
    // The discovery itself was stopped (its one request closed), and nothing was warned.
    await expect.poll(() => closed).toEqual(['/api/show']);
    expect(asked.map((request) => [request.method, request.url])).toEqual([['POST', '/api/show']]);
    expect(warnings).toEqual([]);
    // The next call starts discovery again.
    const again = await engine
      .buildRequest('Hi', { signal: AbortSignal.timeout(50) })
      .catch((caught: unknown) => caught);
    expect(again).toBeInstanceOf(AbortedError);
    await expect.poll(() => closed).toEqual(['/api/show', '/api/show']);
    expect(asked.length).toBe(2);
  });

  it('a caller without a signal keeps the discovery going for everyone', async () => {
    const engine = createEngine({
      provider: 'ollama',
      model: 'llava',
      baseUrl: base,
      discoverTimeoutMs: 600_000,
      onWarning: () => {},
    });
    const before = closed.length;
    const pinned = engine.discover();
    const aborted = await engine
      .discover({ signal: AbortSignal.abort(new Error('gone')) })
      .catch((caught: unknown) => caught);
    expect(aborted).toBeInstanceOf(AbortedError);
    await expect.poll(() => asked.length).toBe(3);
    expect(closed.length).toBe(before);
    // Left pending on purpose: the server is closed after the suite, which ends it.
    void pinned;
  });
});

describe('the simulator and the registry', () => {
  it('the simulator answers the listing of every kind the registry reads (the lists are kept apart by the layering)', () => {
    expect([...SIMULATED_LISTINGS]).toEqual([...LISTING_KINDS]);
  });
});
