import { ChatAnthropic } from '@langchain/anthropic';
import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { ChatOpenAI } from '@langchain/openai';
import { describe, expect, it } from 'vitest';
import { callFrozen, deepFreeze } from '../../../test-support/deep-freeze.js';
import { crosswireMiddleware, mcpToolMessage, toolMessageContent } from './index.js';
import { PNG, SNAPSHOT } from './test-support/mcp-fixture.js';

// What a tool returned is read, never written: the content for a ToolMessage is built anew,
// and the middleware rewrites the request, never the agent's own messages (the README: "the
// agent's state keeps the tool messages as the tools returned them").

/** A CallToolResult with every kind of block the renderers rewrite, and structured content. */
const callToolResult = () => ({
  ...structuredClone(SNAPSHOT),
  structuredContent: { title: 'Example', thumbnail: `data:image/png;base64,${PNG}` },
});

/** @langchain/mcp-adapters' default form: text and an `image_url` data URL. */
const adapterBlocks = () => [
  { type: 'text', text: 'page title: Example' },
  { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
];

describe('pure: the tool-message renderers', () => {
  // gpt-4o sees images, but not inside a Chat Completions tool message: two placeholders (the
  // result's, then the adapter blocks'). The data: URL in the structured content is always one.
  it.each([
    [
      'openai',
      'gpt-4o',
      [
        'tool_result_image_placeholder',
        'structured_content_media_replaced',
        'tool_result_image_placeholder',
      ],
    ],
    ['anthropic', 'claude-sonnet-4-5', ['structured_content_media_replaced']],
    [undefined, undefined, ['structured_content_media_replaced']],
  ] as const)(
    'toolMessageContent (provider %s) reads a frozen result',
    (provider, model, codes) => {
      const heard: string[] = [];
      const onWarning = (warning: { code: string }) => heard.push(warning.code);
      const options = { provider, model, name: 'snapshot', toolCallId: 'call_1', onWarning };
      callFrozen(callToolResult(), (result) => toolMessageContent(result, options));
      callFrozen(adapterBlocks(), (blocks) => toolMessageContent(blocks, options));
      expect(heard).toEqual(codes);
    },
  );

  it('mcpToolMessage keeps the frozen result as its artifact, unchanged', () => {
    const message = callFrozen(callToolResult(), (result) =>
      mcpToolMessage(result, { name: 'snapshot', toolCallId: 'call_1', onWarning: () => {} }),
    );
    expect(message.artifact).toMatchObject(callToolResult());
  });
});

describe('pure: the middleware', () => {
  const requestWith = (model: object) => {
    const artifact = deepFreeze(callToolResult());
    return {
      model,
      tools: [],
      messages: [
        new HumanMessage('Look at the page.'),
        new AIMessage({ content: '', tool_calls: [{ id: 'call_1', name: 'snapshot', args: {} }] }),
        new ToolMessage({
          tool_call_id: 'call_1',
          name: 'snapshot',
          content: JSON.stringify(SNAPSHOT),
          artifact,
        }),
      ],
    };
  };

  it.each([
    ['ChatOpenAI', () => new ChatOpenAI({ model: 'gpt-4o', apiKey: 'k' })],
    ['ChatAnthropic', () => new ChatAnthropic({ model: 'claude-sonnet-4-5', apiKey: 'k' })],
  ])(
    '%s: wrapModelCall leaves the agent’s messages and their artifacts as they were',
    async (_, chat) => {
      const request = requestWith(chat());
      const middleware = crosswireMiddleware({ onWarning: () => {} });
      // The list and what the tool returned are frozen (requestWith); LangChain's message objects
      // fill fields of their own lazily, so they are compared by their serialized form.
      const before = structuredClone(request.messages.map((message) => message.toDict()));
      let passed: typeof request | undefined;
      await middleware.wrapModelCall?.(
        { ...request, messages: Object.freeze([...request.messages]) } as never,
        async (rewritten) => {
          passed = rewritten as unknown as typeof request;
          return new AIMessage('ok');
        },
      );
      expect(request.messages.map((message) => message.toDict())).toEqual(before);
      expect(passed?.messages).not.toBe(request.messages);
      expect((request.messages[2] as ToolMessage).artifact).toEqual(callToolResult());
    },
  );
});
