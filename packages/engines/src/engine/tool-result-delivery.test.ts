// The engine sends a tool's image the way the registry's answer says (`Resolution.delivery`,
// `engine.toolResultDelivery`): the request after a tool call, read on the simulator, carries
// the image inside the tool result, in a user message after the results, on the tool message,
// or nowhere.
import { createRegistry, type ToolResultDelivery } from '@crosswire/registry';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type EngineOptions } from './engine.js';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let simulator: Simulator;
let client: Client;
let server: McpServer;

beforeAll(async () => {
  simulator = await startSimulator();
  server = new McpServer({ name: 'camera', version: '1.0.0' });
  server.registerTool('screenshot', { description: 'Takes a screenshot.' }, async () => ({
    content: [{ type: 'image', data: PNG, mimeType: 'image/png' }],
  }));
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  client = new Client({ name: 'delivery-test', version: '1.0.0' });
  await client.connect(clientTransport);
});

afterAll(async () => {
  await client.close();
  await server.close();
  await simulator.close();
});

// No provider in the data serves a vision model on the Hermes wire; this one does.
const hermesVision = createRegistry({
  entries: [
    {
      id: 'hermes-vision',
      name: 'Hermes vision test server',
      tool_wire_format: 'hermes',
      base_url: 'http://127.0.0.1:9/v1',
      chat_path: '/chat/completions',
      auth: null,
      docs: 'https://example.test/docs',
      offerings: [{ id: 'qwen2.5-vl', model: 'alibaba/qwen2.5-vl-7b-instruct' }],
    },
  ],
});

/** Where the PNG sits in a request body: the delivery it shows. */
function whereTheImageWent(body: unknown): ToolResultDelivery {
  const found = (
    value: unknown,
    holders: readonly Record<string, unknown>[],
  ): string | undefined => {
    if (typeof value === 'string') {
      if (!value.includes(PNG)) return undefined;
      const tool = holders.find(
        (holder) =>
          holder.role === 'tool' ||
          holder.type === 'tool_result' ||
          holder.type === 'function_call_output' ||
          'functionResponse' in holder,
      );
      if (tool === undefined) return 'user-message';
      // Ollama's own form: the images on the tool message itself.
      return tool.role === 'tool' && Array.isArray(tool.images) ? 'tool-message' : 'native';
    }
    if (Array.isArray(value)) {
      for (const item of value) {
        const where = found(item, holders);
        if (where !== undefined) return where;
      }
      return undefined;
    }
    if (typeof value === 'object' && value !== null) {
      const record = value as Record<string, unknown>;
      for (const item of Object.values(record)) {
        const where = found(item, [...holders, record]);
        if (where !== undefined) return where;
      }
    }
    return undefined;
  };
  return (found(body, []) as ToolResultDelivery | undefined) ?? 'placeholder';
}

async function sentAfterTheCall(
  lane: string,
  wire: string,
  options: Omit<EngineOptions, 'apiKey' | 'baseUrl'>,
) {
  simulator.script(lane, [
    { type: 'tool_calls', calls: [{ name: 'screenshot' }] },
    { type: 'text', text: 'A login form.' },
  ]);
  const engine = createEngine({
    ...options,
    apiKey: 'not-a-real-key',
    baseUrl: simulator.baseUrl(wire as 'openai', lane),
  });
  try {
    await engine.runToolLoop('What is on the screen?', { mcpServers: [client] });
    // The last request is the one after the call (Ollama's model metadata request comes first).
    const after = simulator.received(lane).at(-1);
    expect(after?.violations).toEqual([]);
    return { answer: engine.toolResultDelivery('image'), sent: whereTheImageWent(after?.body) };
  } finally {
    await engine.close();
  }
}

describe('the engine sends a tool image as the registry answers', () => {
  it.each([
    // provider, model, wire of the simulator URL, engine options, the delivery (by hand)
    ['openai', 'gpt-6.1-sol', 'openai', {}, 'user-message'],
    ['ollama', 'qwen2.5vl:7b', 'ollama', {}, 'user-message'],
    ['hermes-vision', 'qwen2.5-vl', 'hermes', { registry: 'hermes-vision' }, 'user-message'],
    ['ollama', 'llama3.2', 'ollama', {}, 'placeholder'],
    ['openai', 'gpt-6.1-sol', 'openai', { dialect: { imageFallback: 'none' } }, 'placeholder'],
    [
      'ollama',
      'qwen2.5vl:7b',
      'ollama',
      { dialect: { imageFallback: 'tool-message' } },
      'tool-message',
    ],
    ['anthropic', 'claude-sonnet-5-5', 'anthropic', {}, 'native'],
    ['gemini', 'gemini-2.5-flash-lite', 'gemini', {}, 'user-message'],
    ['gemini', 'gemini-3.8-flash', 'gemini', {}, 'native'],
  ] as const)('%s %s (%s wire, %j): %s', async (provider, model, wire, given, expected) => {
    const options = 'registry' in given ? { registry: hermesVision } : given;
    const lane = `${provider}-${model}-${JSON.stringify(options).length}-${expected}`.replace(
      /[^\w.-]/g,
      '-',
    );
    const { answer, sent } = await sentAfterTheCall(lane, wire, {
      provider,
      model,
      ...options,
    });
    expect(answer.delivery).toBe(expected);
    expect(sent).toBe(expected);
  });
});
