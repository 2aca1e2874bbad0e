// A LangChain agent (createAgent) whose MCP tool returns a screenshot, with Crosswire's middleware,
// tested against the provider simulator: real HTTP on 127.0.0.1, a real MCP server and client.
import { crosswireMiddleware } from '@crosswire/langchain';
import { startSimulator } from '@crosswire/simulator';
import { loadMcpTools } from '@langchain/mcp-adapters';
import { ChatOpenAI } from '@langchain/openai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createAgent } from 'langchain';
import { expect, it } from 'vitest';

// A 1x1 PNG: what a browser tool's screenshot would be.
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

it('the agent sees the screenshot, and OpenAI accepts every request', async () => {
  // The MCP server: one tool that returns text and an image.
  const server = new McpServer({ name: 'browser', version: '1.0.0' });
  server.registerTool('screenshot', { description: 'Screenshot the page.' }, async () => ({
    content: [
      { type: 'text', text: 'The login page:' },
      { type: 'image', data: PNG, mimeType: 'image/png' },
    ],
  }));
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const browser = new Client({ name: 'agent', version: '1.0.0' });
  await browser.connect(clientTransport);

  // The simulator plays the model: it asks for a screenshot, then answers.
  const simulator = await startSimulator();
  simulator.script('login', [
    { type: 'tool_calls', calls: [{ name: 'screenshot', arguments: {}, id: 'call_1' }] },
    { type: 'text', text: 'It shows a login form.' },
  ]);

  try {
    const agent = createAgent({
      model: new ChatOpenAI({
        model: 'gpt-6.1-sol',
        apiKey: 'not-needed',
        configuration: { baseURL: `${simulator.baseUrl('openai', 'login')}/v1` },
      }),
      tools: await loadMcpTools('browser', browser),
      middleware: [crosswireMiddleware()],
    });
    const state = await agent.invoke({
      messages: [{ role: 'user', content: 'What is on the page?' }],
    });
    expect(state.messages.at(-1)?.text).toBe('It shows a login form.');

    // Chat Completions takes no image in a tool message: the placeholder goes there, and the
    // screenshot in a user message right after it, which the model sees.
    const [first, second] = simulator.received('login');
    expect([first?.violations, second?.violations]).toEqual([[], []]);
    const { messages } = (second?.body ?? { messages: [] }) as { messages: unknown[] };
    expect(messages.slice(2)).toEqual([
      {
        role: 'tool',
        name: 'screenshot',
        tool_call_id: 'call_1',
        content: 'The login page:\n[image] image/png (70 bytes)',
      },
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: 'The tool results above returned 1 image(s), attached here in order: screenshot (call_1).',
          },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
        ],
      },
    ]);
  } finally {
    await simulator.close();
    await browser.close();
    await server.close();
  }
});
