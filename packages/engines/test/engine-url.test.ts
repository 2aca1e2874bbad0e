/**
 * Request URLs on every wire: the chat path goes after the base URL's path and before its
 * query, which is kept (Azure OpenAI's `?api-version=...`); a fragment is refused.
 */
import { ValidationError, type WireFormat } from '@crosswire/core';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';

/** Each wire's chat path as the registry gives it, and its streaming path (written down). */
const LANES: readonly {
  wire: WireFormat;
  provider: string;
  model: string;
  chatPath: string;
  streamPath: string;
}[] = [
  {
    wire: 'openai',
    provider: 'openai',
    model: 'gpt-6.1-sol',
    chatPath: '/chat/completions',
    streamPath: '/chat/completions',
  },
  {
    wire: 'anthropic',
    provider: 'anthropic',
    model: 'claude-sonnet-5-5',
    chatPath: '/v1/messages',
    streamPath: '/v1/messages',
  },
  {
    wire: 'gemini',
    provider: 'gemini',
    model: 'gemini-2.5-flash-lite',
    chatPath: '/models/gemini-2.5-flash-lite:generateContent',
    streamPath: '/models/gemini-2.5-flash-lite:streamGenerateContent?alt=sse',
  },
  {
    wire: 'ollama',
    provider: 'ollama',
    model: 'llama3.2',
    chatPath: '/api/chat',
    streamPath: '/api/chat',
  },
  {
    wire: 'responses',
    provider: 'openai-responses',
    model: 'gpt-6.1-sol',
    chatPath: '/responses',
    streamPath: '/responses',
  },
  {
    wire: 'hermes',
    provider: 'nousresearch',
    model: 'Hermes-4-405B',
    chatPath: '/chat/completions',
    streamPath: '/chat/completions',
  },
];

const QUERY = 'api-version=2024-10-21&tenant=research';

let simulator: Simulator;
const engines: Engine[] = [];

beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.close()));
  await simulator.close();
});

describe.each(LANES)('request URLs on $wire', (lane) => {
  it('keep the base URL query after the chat path, for chat and stream', async () => {
    const name = `${lane.wire}-query`;
    simulator.script(name, [
      { type: 'text', text: 'plain' },
      { type: 'text', text: 'streamed' },
    ]);
    const base = simulator.baseUrl(lane.wire, name);
    const engine = createEngine({
      provider: lane.provider,
      model: lane.model,
      apiKey: 'sk-url',
      baseUrl: `${base}/?${QUERY}`,
      onWarning: () => undefined,
      // The URLs compared are the chat requests'; model discovery is tested on its own.
      discover: false,
    });
    engines.push(engine);
    expect(engine.baseUrl).toBe(`${base}?${QUERY}`);
    expect(engine.endpoint).toBe(`${base}${lane.chatPath}?${QUERY}`);
    expect((await engine.chat('hi')).content).toBe('plain');
    expect(await engine.stream('hi').finalText()).toBe('streamed');
    const [plain, streamed] = simulator.received(name);
    const streamQuery = lane.streamPath.includes('?') ? `&${lane.streamPath.split('?')[1]}` : '';
    expect([plain?.path, streamed?.path]).toEqual([
      `${lane.chatPath}?${QUERY}`,
      `${lane.streamPath.split('?')[0]}?${QUERY}${streamQuery}`,
    ]);
    expect([plain?.violations, streamed?.violations]).toEqual([[], []]);
  });
});

describe('base URLs with a query or a fragment', () => {
  it('an Azure-style deployment URL keeps api-version at the end', () => {
    const engine = createEngine({
      provider: 'openai',
      model: 'gpt-6.1-sol',
      apiKey: 'k',
      baseUrl: 'https://example.openai.azure.com/openai/deployments/gpt-4o?api-version=2024-10-21',
    });
    engines.push(engine);
    expect(engine.endpoint).toBe(
      'https://example.openai.azure.com/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21',
    );
  });

  it('a version segment before the query is still not doubled', () => {
    const engine = createEngine({
      provider: 'anthropic',
      model: 'claude-sonnet-5-5',
      apiKey: 'k',
      baseUrl: 'https://proxy.example/anthropic/v1?team=research',
    });
    engines.push(engine);
    expect(engine.endpoint).toBe('https://proxy.example/anthropic/v1/messages?team=research');
  });

  it('Gemini streaming replaces an alt parameter of the base URL with alt=sse, keeping the rest', async () => {
    const name = 'gemini-alt';
    simulator.script(name, [{ type: 'text', text: 'streamed' }]);
    const engine = createEngine({
      provider: 'gemini',
      model: 'gemini-2.5-flash-lite',
      apiKey: 'k',
      baseUrl: `${simulator.baseUrl('gemini', name)}?alt=json&team=x`,
    });
    engines.push(engine);
    expect(await engine.stream('hi').finalText()).toBe('streamed');
    expect(simulator.received(name)[0]?.path).toBe(
      '/models/gemini-2.5-flash-lite:streamGenerateContent?team=x&alt=sse',
    );
  });

  it('a base URL with a fragment is refused at createEngine (a fragment is never sent)', () => {
    for (const baseUrl of [
      'https://host/v1#section',
      'https://host/v1?x=1#',
      'https://host/#/v1',
    ]) {
      let error: unknown;
      try {
        createEngine({ provider: 'openai', model: 'gpt-6.1-sol', apiKey: 'k', baseUrl });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({
        code: 'invalid_base_url',
        path: 'baseUrl',
        message:
          'baseUrl must not have a fragment (#...): a fragment is never sent to the server; put parameters in the query (?name=value)',
      });
    }
  });
});
