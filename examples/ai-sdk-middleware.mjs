// Crosswire inside the Vercel AI SDK: one `wrapLanguageModel` line, and an MCP tool's
// screenshot reaches the model the way Crosswire sends it on each wire. Runs against the
// loopback provider simulator (no key, no network) and prints what each request carried.
// Run: node examples/ai-sdk-middleware.mjs
import assert from 'node:assert/strict';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { crosswireMiddleware } from '@crosswire/ai-sdk';
import { startSimulator } from '@crosswire/simulator';
import { generateText, jsonSchema, stepCountIs, tool, wrapLanguageModel } from 'ai';

// A 1x1 PNG, as an MCP tool (e.g. a browser) would return it in a CallToolResult.
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const screenshot = tool({
  description: 'A screenshot of the current page.',
  inputSchema: jsonSchema({ type: 'object', properties: {} }),
  execute: async () => ({
    content: [
      { type: 'text', text: 'The login page:' },
      { type: 'image', data: PNG, mimeType: 'image/png' },
    ],
  }),
});

const simulator = await startSimulator();
const models = {
  'openai.chat gpt-4o': (base) =>
    createOpenAI({ apiKey: 'sk-demo', baseURL: `${base}/v1` }).chat('gpt-4o'),
  'anthropic claude-sonnet-4-5': (base) =>
    createAnthropic({ apiKey: 'sk-demo', baseURL: `${base}/v1` })('claude-sonnet-4-5'),
};
const wires = { 'openai.chat gpt-4o': 'openai', 'anthropic claude-sonnet-4-5': 'anthropic' };
try {
  for (const [name, create] of Object.entries(models)) {
    const lane = name.replace(/\W/g, '-');
    simulator.script(lane, [
      { type: 'tool_calls', calls: [{ name: 'screenshot', arguments: {}, id: 'call_1' }] },
      { type: 'text', text: 'I see the login page.' },
    ]);
    const model = wrapLanguageModel({
      model: create(simulator.baseUrl(wires[name], lane)),
      middleware: crosswireMiddleware({
        onWarning: (warning) => console.log('warning:', warning.message),
      }),
    });
    const { text } = await generateText({
      model,
      tools: { screenshot },
      prompt: 'What is on the page?',
      stopWhen: stepCountIs(3),
    });
    const [, second] = simulator.received(lane);
    assert.deepEqual(second.violations, []);
    console.log(`\n${name}: "${text}"`);
    console.log(
      JSON.stringify(second.body.messages.slice(2), null, 1).replaceAll(PNG, '<png base64>'),
    );
  }
} finally {
  await simulator.close();
}
