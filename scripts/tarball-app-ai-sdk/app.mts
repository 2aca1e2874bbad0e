// A second fresh app: every tarball plus the AI SDK (`ai`, `@ai-sdk/provider`, `@ai-sdk/openai`),
// which @crosswire/ai-sdk takes as optional peers. The middleware runs inside the AI SDK's own
// generateText against the loopback simulator, and the request shows the rewritten tool result.
// scripts/tarballs.mjs installs it, type-checks it and runs it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createOpenAI } from '@ai-sdk/openai';
import { crosswireMiddleware, supportsInToolResults } from '@crosswire/ai-sdk';
import { startSimulator } from '@crosswire/simulator';
import { generateText, wrapLanguageModel } from 'ai';

const png = readFileSync('login.png').toString('base64');
const simulator = await startSimulator();
try {
  simulator.script('ai-sdk', [{ type: 'text', text: 'A login form.' }]);
  const openai = createOpenAI({
    apiKey: 'not-a-real-key',
    baseURL: simulator.baseUrl('openai', 'ai-sdk'),
  });
  const model = wrapLanguageModel({
    model: openai.chat('gpt-6.1-sol'),
    middleware: crosswireMiddleware(),
  });
  const result = await generateText({
    model,
    messages: [
      { role: 'user', content: 'What is on the screen?' },
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: 'call_1', toolName: 'screenshot', input: {} }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'call_1',
            toolName: 'screenshot',
            output: {
              type: 'json',
              value: { content: [{ type: 'image', data: png, mimeType: 'image/png' }] },
            },
          },
        ],
      },
    ],
  });
  assert.equal(result.text, 'A login form.');
  const [received] = simulator.received('ai-sdk');
  assert.ok(received);
  assert.deepEqual(received.violations, []);
  const messages = (received.body as { messages: { role: string; content: unknown }[] }).messages;
  // The tool message holds the placeholder, and the image follows in a user message: the
  // delivery supportsInToolResults (and crosswire caps) names.
  assert.deepEqual(messages[2], {
    role: 'tool',
    tool_call_id: 'call_1',
    content: '[image] image/png (70 bytes)',
  });
  assert.equal(messages[3]?.role, 'user');
  assert.ok(JSON.stringify(messages[3]?.content).includes(`data:image/png;base64,${png}`));
  assert.equal(
    supportsInToolResults({ provider: 'openai.chat', modelId: 'gpt-6.1-sol' }, 'image').delivery,
    'user-message',
  );
} finally {
  await simulator.close();
}
console.log('ai-sdk app: ok');
