// Save → load → continue, end to end: a tool loop runs on the simulator, its conversation is
// stored as JSON and loaded back, and the loop continued from the loaded conversation sends
// byte for byte the requests the loop continued from the original sends.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { denyPrivateHosts } from '@crosswire/content-image';
import { WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import type { ConversationMessage } from '@crosswire/dialects';
import { type Simulator, type SimulatorStep, startSimulator } from '@crosswire/simulator';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createEngine, type Engine } from '../engine/engine.js';
import {
  connectInMemory,
  createFixtureServer,
  PNG_BASE64,
} from '../mcp/test-support/fixture-servers.js';
import { ENGINE_PROVIDERS, richConversation } from '../test-support/durable-conversation.js';
import { parseConversation, serializeConversation } from './conversation.js';

/** A "public" made-up host mapped onto loopback. */
const loopbackAsPublic = denyPrivateHosts({
  resolver: async () => [{ address: '127.0.0.1', family: 4 }],
  allow: ['127.0.0.1/32'],
});

let simulator: Simulator;
let tools: Client;
let images: Server;
let imageUrl: string;
const engines: Engine[] = [];

beforeAll(async () => {
  simulator = await startSimulator();
  tools = await connectInMemory(createFixtureServer());
  const png = Buffer.from(PNG_BASE64, 'base64');
  images = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length) });
    response.end(png);
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imageUrl = `http://images.example.test:${(images.address() as AddressInfo).port}/sky.png`;
});
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.close()));
  await tools.close();
  await simulator.close();
  images.closeAllConnections();
  await new Promise((resolve) => images.close(resolve));
});

function engine(wire: WireFormat, lane: string): Engine {
  const created = createEngine({
    ...ENGINE_PROVIDERS[wire],
    apiKey: 'k',
    baseUrl: simulator.baseUrl(wire, lane),
    retry: { maxRetries: 0 },
    inlineImages: { urlFilter: loopbackAsPublic },
    // The requests compared are the chat requests; model discovery is tested on its own.
    discover: false,
  });
  engines.push(created);
  return created;
}

const TURN: readonly SimulatorStep[] = [
  {
    type: 'tool_calls',
    text: 'Checking.',
    calls: [{ name: 'snapshot' }, { name: 'report' }, { name: 'echo', arguments: { text: 'hi' } }],
  },
  { type: 'text', text: 'Done.' },
];

async function continueOn(
  wire: WireFormat,
  lane: string,
  messages: readonly ConversationMessage[],
): Promise<string[]> {
  simulator.script(lane, TURN);
  // The loop's messages end with the model's answer: a user message continues them.
  // One cache key for both runs: the requests are compared byte for byte.
  await engine(wire, lane).runToolLoop([...messages, { role: 'user', content: 'Once more?' }], {
    mcpServers: [tools],
    promptCache: { key: 'continued' },
  });
  return simulator.received(lane).map((request) => {
    expect(request.violations).toEqual([]);
    return JSON.stringify(request.body);
  });
}

describe('save → load → continue', () => {
  test.each(WIRE_FORMATS)('%s: the continued loop sends identical requests', async (wire) => {
    simulator.script(`${wire}-first`, TURN);
    const first = await engine(wire, `${wire}-first`).runToolLoop(
      richConversation(wire, imageUrl),
      { mcpServers: [tools] },
    );
    const stored = JSON.stringify(serializeConversation(first.messages));
    const loaded = parseConversation(stored);

    expect(first.messages.at(-1)).toEqual({ role: 'assistant', content: 'Done.' });
    const fromOriginal = await continueOn(wire, `${wire}-original`, first.messages);
    const fromLoaded = await continueOn(wire, `${wire}-loaded`, loaded);
    expect(fromOriginal).toHaveLength(2);
    expect(fromLoaded).toEqual(fromOriginal);
  });
});
