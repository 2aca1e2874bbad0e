// The middleware's wrapModelCall on hand-built requests: what it leaves alone, what it renders
// once, and its options. (The real createAgent loop is in agent.test.ts.)
import type { CrosswireWarning } from '@crosswire/core';
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { ChatOllama } from '@langchain/ollama';
import { ChatOpenAI } from '@langchain/openai';
import { FakeToolCallingModel } from 'langchain';
import { describe, expect, it } from 'vitest';
import { type CrosswireMiddlewareOptions, crosswireMiddleware } from './index.js';
import { PNG, SNAPSHOT } from './test-support/mcp-fixture.js';

const chat = new ChatOpenAI({ model: 'gpt-6.1-sol', apiKey: 'k' });

interface Request {
  readonly model: object;
  readonly messages: BaseMessage[];
  readonly tools: unknown[];
}

/** One wrapModelCall: the request the model would get, and the warnings. */
async function call(
  request: Request,
  middleware = crosswireMiddleware({ onWarning: () => {} }),
): Promise<Request> {
  let seen: Request | undefined;
  await middleware.wrapModelCall?.(request as never, async (passed) => {
    seen = passed as unknown as Request;
    return new AIMessage('ok');
  });
  if (seen === undefined) throw new Error('the handler was not called');
  return seen;
}

const conversation = (...tail: BaseMessage[]): BaseMessage[] => [
  new HumanMessage('Look at the page.'),
  new AIMessage({ content: '', tool_calls: [{ id: 'call_1', name: 'snapshot', args: {} }] }),
  ...tail,
];

const snapshotMessage = () =>
  new ToolMessage({ tool_call_id: 'call_1', name: 'snapshot', content: JSON.stringify(SNAPSHOT) });

function collecting(options: CrosswireMiddlewareOptions = {}) {
  const warnings: CrosswireWarning[] = [];
  const middleware = crosswireMiddleware({
    ...options,
    onWarning: (warning) => warnings.push(warning),
  });
  return { warnings, middleware };
}

describe('crosswireMiddleware leaves alone what it does not rewrite', () => {
  it('a request without tool messages: the same request object', async () => {
    const request = { model: chat, messages: [new HumanMessage('hi')], tools: [] };
    expect(await call(request)).toBe(request);
  });

  it('the text of calls that did not fail: the same request object', async () => {
    const request = {
      model: chat,
      messages: conversation(new ToolMessage({ tool_call_id: 'call_1', content: 'sunny' })),
      tools: [],
    };
    expect(await call(request)).toBe(request);
  });

  it('an unknown chat model class: untouched, with one warning however many calls', async () => {
    const { warnings, middleware } = collecting();
    const request = {
      model: new FakeToolCallingModel({}),
      messages: conversation(snapshotMessage()),
      tools: [],
    };
    expect(await call(request, middleware)).toBe(request);
    expect(await call(request, middleware)).toBe(request);
    expect(warnings.map((warning) => [warning.code, warning.details])).toEqual([
      ['langchain_unknown_chat_model', { className: 'FakeToolCallingModel', model: '' }],
    ]);
  });
});

describe('crosswireMiddleware rewrites the request, never the conversation', () => {
  it('with no options, an image follows the results on Chat Completions (imageFallback defaults to user-message)', async () => {
    const original = snapshotMessage();
    const messages = conversation(original);
    const seen = await call({ model: chat, messages, tools: [] });
    expect(seen.messages.map((message) => message.type)).toEqual(['human', 'ai', 'tool', 'human']);
    expect(seen.messages[3]?.content).toEqual([
      {
        type: 'text',
        text: 'The tool results above returned 1 image(s), attached here in order: snapshot (call_1).',
      },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
    ]);
    // The agent's own messages are as the tool returned them.
    expect(messages).toHaveLength(3);
    expect(messages[2]).toBe(original);
    expect(original.content).toBe(JSON.stringify(SNAPSHOT));
  });

  it("imageFallback: 'none': the placeholder only", async () => {
    const { middleware } = collecting({ imageFallback: 'none' });
    const seen = await call(
      { model: chat, messages: conversation(snapshotMessage()), tools: [] },
      middleware,
    );
    expect(seen.messages.map((message) => message.type)).toEqual(['human', 'ai', 'tool']);
  });

  it('provider and model override what the class says', async () => {
    const { warnings, middleware } = collecting({ provider: 'ollama', model: 'qwen3' });
    const seen = await call(
      {
        model: new ChatOllama({ model: 'qwen2.5vl' }),
        messages: conversation(snapshotMessage()),
        tools: [],
      },
      middleware,
    );
    expect(seen.messages.map((message) => message.type)).toEqual(['human', 'ai', 'tool']);
    expect(warnings.map((warning) => warning.code)).toEqual(['tool_result_image_placeholder']);
  });

  it('a growing conversation: each tool message is rendered once per model, not on every turn', async () => {
    const { warnings, middleware } = collecting({ model: 'gpt-3.5-turbo' });
    const first = snapshotMessage();
    let messages = conversation(first);
    const turns: Request[] = [];
    for (let turn = 0; turn < 3; turn++) {
      turns.push(await call({ model: chat, messages, tools: [] }, middleware));
      messages = [
        ...messages,
        new AIMessage({
          content: '',
          tool_calls: [{ id: `call_${turn + 2}`, name: 'snapshot', args: {} }],
        }),
        new ToolMessage({ tool_call_id: `call_${turn + 2}`, name: 'snapshot', content: 'sunny' }),
      ];
    }
    // One warning for the one image, though the message went out three times.
    expect(warnings.map((warning) => warning.code)).toEqual(['tool_result_image_placeholder']);
    // The same rendered message each turn.
    expect(turns[1]?.messages[2]).toBe(turns[0]?.messages[2]);
    expect(turns[2]?.messages[2]).toBe(turns[0]?.messages[2]);
    // A new message object is rendered (and warned about) again.
    await call({ model: chat, messages: conversation(snapshotMessage()), tools: [] }, middleware);
    expect(warnings).toHaveLength(2);
  });
});
