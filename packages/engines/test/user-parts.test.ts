import { ValidationError } from '@crosswire/core';
import type { ConversationMessage } from '@crosswire/dialects';
import { type Simulator, startSimulator } from '@crosswire/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../src/engine/engine.js';

// A 1x1 PNG, base64, as an MCP server returns it in an ImageContent block.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const mcpImage = { type: 'image', data: PNG_BASE64, mimeType: 'image/png' } as const;

let simulator: Simulator;
const engines: Engine[] = [];

function engineFor(provider: string, model: string, lane = 'parts'): Engine {
  const engine = createEngine({
    provider,
    model,
    apiKey: 'test-key',
    baseUrl: simulator.baseUrl(provider === 'anthropic' ? 'anthropic' : 'openai', lane),
  });
  engines.push(engine);
  return engine;
}

beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.close()));
  await simulator.close();
});

describe('an MCP image block in a user message', () => {
  it('is sent as the wire image on anthropic and on openai', async () => {
    const input: ConversationMessage[] = [
      { role: 'user', content: [{ type: 'text', text: 'What is this?' }, mcpImage] },
    ];
    const anthropic = await engineFor('anthropic', 'claude-sonnet-5-5').buildRequest(input);
    expect(anthropic.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
        ],
      },
    ]);
    const openai = await engineFor('openai', 'gpt-6.1-sol').buildRequest(input);
    expect(openai.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
        ],
      },
    ]);
  });

  it('goes through engine.chat to the provider', async () => {
    simulator.script('chat-image', [{ type: 'text', text: 'A single pixel.' }]);
    const engine = engineFor('anthropic', 'claude-sonnet-5-5', 'chat-image');
    const reply = await engine.chat([{ role: 'user', content: ['Describe it.', mcpImage] }]);
    expect(reply.content).toBe('A single pixel.');
    const [request] = simulator.received('chat-image');
    expect(request?.violations).toEqual([]);
    expect((request?.body as { messages?: unknown[] } | undefined)?.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Describe it.' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
        ],
      },
    ]);
  });
});

describe('what a user message cannot hold', () => {
  async function refusal(input: unknown): Promise<ValidationError> {
    const engine = engineFor('anthropic', 'claude-sonnet-5-5', 'refused');
    const error = await engine.chat(input as ConversationMessage[]).catch((caught) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    // Refused before any request: the simulator heard nothing on this lane.
    expect(simulator.received('refused')).toEqual([]);
    return error as ValidationError;
  }

  it('names an unknown part by its place in the conversation', async () => {
    const error = await refusal([
      'hello',
      { role: 'user', content: ['look', { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }] },
    ]);
    expect(error.message).toBe(
      "messages[1].content[1]: unknown user content part, a part of type 'audio' (a part is a string, { type: 'text', text }, an Image, or an MCP image { type: 'image', data, mimeType })",
    );
    expect(error).toMatchObject({ code: 'invalid_user_part', path: 'messages[1].content[1]' });
  });

  it('names an MCP image with bad data or no mimeType', async () => {
    const bad = await refusal([
      { role: 'user', content: [{ type: 'image', data: '%%%', mimeType: 'image/png' }] },
    ]);
    expect(bad).toMatchObject({ code: 'invalid_user_part', path: 'messages[0].content[0]' });
    expect(bad.message).toMatch(/^messages\[0\]\.content\[0\]: .*base64/);
    const untyped = await refusal([
      { role: 'user', content: [{ type: 'image', data: PNG_BASE64 }] },
    ]);
    expect(untyped.message).toBe('messages[0].content[0]: an MCP image needs its mimeType');
  });

  it('refuses an unknown role and a message that is no object', async () => {
    const role = await refusal([{ role: 'bot', content: 'hi' }]);
    expect(role.message).toBe(
      'messages[0]: unknown role "bot" (a message\'s role is system, user, assistant or tool; provider-shaped messages come from formatToolResults)',
    );
    expect(role).toMatchObject({ code: 'invalid_message', path: 'messages[0]' });
    const missing = await refusal([{ content: 'hi' }]);
    expect(missing.message).toMatch(/^messages\[0\]: unknown role undefined \(/);
    const number = await refusal(['hi', 42]);
    expect(number.message).toMatch(/^messages\[1\]: a number, not a message \(/);
    const content = await refusal([{ role: 'user', content: { text: 'hi' } }]);
    expect(content.message).toBe(
      "messages[0].content: a user message's content is a string or a list of parts, not an object without a type",
    );
  });
});
