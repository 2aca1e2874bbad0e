// A fresh app that uses the packed tarballs the way the READMEs show, with `import`.
// scripts/tarballs.mjs installs the tarballs next to it, type-checks it and runs it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { supportsInToolResults } from '@crosswire/ai-sdk';
import { main } from '@crosswire/cli';
import { denyPrivateHosts, Image } from '@crosswire/content-image';
import { carriesNative, formatTools, nativeNeedsVision, toolCallsFrom } from '@crosswire/core';
import { buildRequest, parseResponse } from '@crosswire/dialects';
import { createEngine } from '@crosswire/engines';
import { otelHooks } from '@crosswire/otel';
import { createRegistry, defaultRegistry, supports } from '@crosswire/registry';
import { startSimulator } from '@crosswire/simulator';
import { ToolResult, ToolResultContent } from '@crosswire/tool-result';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

// The root README: one tool result on three wires.
const png = readFileSync('login.png').toString('base64');
const result = new ToolResult({
  name: 'screenshot',
  id: 'call_1',
  content: [
    { type: 'text', text: 'The login page:' },
    { type: 'image', data: png, mimeType: 'image/png' },
  ],
});
assert.deepEqual(result.to('anthropic', { imageInput: true }), {
  type: 'tool_result',
  tool_use_id: 'call_1',
  content: [
    { type: 'text', text: 'The login page:' },
    { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } },
  ],
});
assert.deepEqual(result.to('openai'), {
  role: 'tool',
  tool_call_id: 'call_1',
  content: 'The login page:\n[image] image/png (70 bytes)',
});
assert.equal(
  result.to('hermes'),
  '<tool_response>\n{"name":"screenshot","content":"The login page:\\n[image] image/png (70 bytes)"}\n</tool_response>',
);
assert.equal(carriesNative('gemini', 'image'), true);
assert.equal(nativeNeedsVision('anthropic', 'pdf'), false);
assert.deepEqual(ToolResultContent.json({ temperature: 22 }), {
  type: 'json',
  value: { temperature: 22 },
});

// core: tools out, calls back.
const tools = [{ name: 'get_weather', inputSchema: { type: 'object' as const, properties: {} } }];
assert.deepEqual(formatTools('anthropic', tools), [
  { name: 'get_weather', input_schema: { type: 'object', properties: {} } },
]);
const calls = toolCallsFrom('anthropic', {
  content: [{ type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }],
});
assert.equal(calls.length, 1);
assert.deepEqual(calls[0]?.arguments, { city: 'Paris' });

// content-image: serializers and the private-network filter.
const image = Image.fromUrl('https://images.example/cat.png', { detail: 'low' });
assert.deepEqual(image.toOpenAI(), {
  type: 'image_url',
  image_url: { url: 'https://images.example/cat.png', detail: 'low' },
});
assert.equal(await denyPrivateHosts()(new URL('http://10.0.0.5/x.png')), false);

// registry: derived capabilities, and a local patch.
assert.equal(supports({ provider: 'openai', model: 'gpt-5.4' }, 'tool_result_images'), false);
assert.equal(supports({ provider: 'openai-responses', model: 'gpt-5.4' }, 'tool_result_pdf'), true);
const registry = createRegistry({
  extends: defaultRegistry,
  entries: [
    {
      id: 'moonshot-anthropic',
      quirks: { tool_result_images: 'never' },
      quirk_sources: { tool_result_images: { evidence: 'live', date: '2026-11-29' } },
    },
  ],
});
assert.equal(registry.supports('moonshot-anthropic', 'kimi-k2.6', 'tool_result_images'), false);

// dialects: the exact body for your own transport, and the reply read back.
assert.deepEqual(
  buildRequest('anthropic', {
    model: 'claude-sonnet-5-5',
    messages: [{ role: 'user', content: 'Hi' }],
  }),
  { model: 'claude-sonnet-5-5', max_tokens: 4096, messages: [{ role: 'user', content: 'Hi' }] },
);
assert.equal(
  parseResponse('anthropic', {
    content: [{ type: 'text', text: 'Hello.' }],
    stop_reason: 'end_turn',
  }).content,
  'Hello.',
);

// engines: the tool loop over an MCP server, against the loopback simulator.
const server = new McpServer({ name: 'app', version: '1.0.0' });
server.registerTool('screenshot', { description: 'Takes a screenshot.' }, async () => ({
  content: [{ type: 'image', data: png, mimeType: 'image/png' }],
}));
const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
await server.connect(serverTransport);
const browser = new Client({ name: 'my-app', version: '1.0.0' });
await browser.connect(clientTransport);

const simulator = await startSimulator();
simulator.script('demo', [
  { type: 'tool_calls', calls: [{ name: 'screenshot' }] },
  { type: 'text', text: 'It shows a login form.' },
]);
const engine = createEngine({
  provider: 'anthropic',
  model: 'claude-sonnet-5-5',
  apiKey: 'x',
  baseUrl: simulator.baseUrl('anthropic', 'demo'),
});
try {
  assert.equal(engine.supports('image_input'), true);
  const answer = await engine.chatWithTools('What is on the page?', { mcpServers: [browser] });
  assert.equal(answer, 'It shows a login form.');
  const received = simulator.received('demo');
  assert.equal(received.length, 2);
  assert.deepEqual(received[1]?.violations, []);
} finally {
  await engine.close();
  await simulator.close();
  await browser.close();
  await server.close();
}

// ai-sdk, without the AI SDK installed (its peers are optional): the registry's answer.
assert.deepEqual(
  {
    ...supportsInToolResults(
      { provider: 'anthropic.messages', modelId: 'claude-sonnet-5-5' },
      'image',
    ),
    reasons: [],
  },
  {
    supported: true,
    delivery: 'native',
    wireCarries: true,
    wire: 'anthropic',
    provider: 'anthropic',
    model: 'claude-sonnet-5-5',
    known: true,
    reasons: [],
  },
);

// otel: the hooks go into createEngine as they are (no SDK installed: the API's no-op tracer).
const traced = createEngine({ provider: 'openai', apiKey: 'sk-app', ...otelHooks() });
assert.equal(traced.model.length > 0, true);
await traced.close();

// cli: the command as a function.
let output = '';
const status = await main(['caps', 'anthropic', 'claude-sonnet-5-5', '--json'], {
  stdout: (text) => {
    output += text;
  },
});
assert.equal(status, 0);
assert.equal(typeof JSON.parse(output), 'object');

console.log('esm app: ok');
