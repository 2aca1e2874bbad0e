// crosswireMiddleware in the real `langchain` createAgent loop, with each provider's real LangChain
// integration pointed at @crosswire/simulator on 127.0.0.1, and a real MCP server (official SDK)
// reached through @langchain/mcp-adapters: `snapshot` returns a text, a PNG and a PDF, `broken`
// fails. With the middleware every request passes the simulator's rules; without it, the same run
// shows the failures LangChain users report (langchain-ai/langchainjs#11684, #10297).
import type { Simulator } from '@crosswire/simulator';
import { startSimulator } from '@crosswire/simulator';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXT, runAgent, toolTurn } from './test-support/agent-run.js';
import { CHAT_MODELS, type ChatModelName } from './test-support/chat-models.js';
import { adapterTools, type Mcp, PDF, PNG, startMcp } from './test-support/mcp-fixture.js';

let strict: Simulator;
/** Records what breaks a rule and answers anyway, to show every failure of one run. */
let recording: Simulator;
let mcp: Mcp;
let tools: { default: StructuredToolInterface[]; standard: StructuredToolInterface[] };

beforeAll(async () => {
  strict = await startSimulator();
  recording = await startSimulator({ enforce: false });
  mcp = await startMcp();
  tools = {
    default: await adapterTools(mcp.client, false),
    standard: await adapterTools(mcp.client, true),
  };
});
afterAll(async () => {
  await mcp.close();
  await strict.close();
  await recording.close();
});

const PLACEHOLDERS =
  'page title: Example\n[image] image/png (852 bytes)\n[resource] application/pdf <file:///reports/q3.pdf> (191 bytes)';
const imageLabel = (callId: string) =>
  `The tool results above returned 1 image(s), attached here in order: snapshot (${callId}).`;

/**
 * Per model: the tool turn of the second request (after `snapshot`) and the error result of the
 * third (after `broken`), written by hand from each wire's rules; `callId` is the id the model's
 * call carried (@langchain/ollama mints its own).
 */
const EXPECTED: Record<
  ChatModelName,
  {
    readonly snapshot: (callId: string) => unknown[];
    readonly broken: unknown;
    readonly warnings: readonly string[];
  }
> = {
  'ChatOpenAI gpt-6.1-sol (Chat Completions)': {
    snapshot: (callId) => [
      { role: 'tool', content: PLACEHOLDERS, name: 'snapshot', tool_call_id: callId },
      {
        role: 'user',
        content: [
          { type: 'text', text: imageLabel(callId) },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
        ],
      },
    ],
    broken: { role: 'tool', content: ERROR_TEXT, name: 'broken', tool_call_id: 'call_2' },
    warnings: [],
  },
  'ChatOpenAI gpt-6.1-sol (Responses)': {
    snapshot: (callId) => [
      {
        type: 'function_call_output',
        call_id: callId,
        output: [
          { type: 'input_text', text: 'page title: Example' },
          { type: 'input_image', image_url: `data:image/png;base64,${PNG}` },
          {
            type: 'input_file',
            filename: 'q3.pdf',
            file_data: `data:application/pdf;base64,${PDF}`,
          },
        ],
      },
    ],
    broken: { type: 'function_call_output', call_id: 'call_2', output: ERROR_TEXT },
    warnings: [],
  },
  'ChatOpenAI gpt-3.5-turbo (text only)': {
    snapshot: (callId) => [
      { role: 'tool', content: PLACEHOLDERS, name: 'snapshot', tool_call_id: callId },
    ],
    broken: { role: 'tool', content: ERROR_TEXT, name: 'broken', tool_call_id: 'call_2' },
    warnings: ['tool_result_image_placeholder'],
  },
  'ChatAnthropic claude-sonnet-5-5': {
    snapshot: (callId) => [
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: callId,
            content: [
              { type: 'text', text: 'page title: Example' },
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
              {
                type: 'document',
                source: { type: 'base64', media_type: 'application/pdf', data: PDF },
              },
            ],
          },
        ],
      },
    ],
    broken: {
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 'call_2',
          content: [{ type: 'text', text: ERROR_TEXT }],
          is_error: true,
        },
      ],
    },
    warnings: [],
  },
  'ChatGoogleGenerativeAI gemini-3-flash-preview': {
    snapshot: (callId) => [
      {
        role: 'user',
        parts: [{ functionResponse: { name: 'snapshot', response: { result: PLACEHOLDERS } } }],
      },
      {
        role: 'user',
        parts: [
          { text: imageLabel(callId) },
          { inlineData: { mimeType: 'image/png', data: PNG } },
          {
            text: `The tool results above returned 1 PDF document(s), attached here in order: snapshot (${callId}).`,
          },
          { inlineData: { mimeType: 'application/pdf', data: PDF } },
        ],
      },
    ],
    broken: {
      role: 'user',
      parts: [
        { functionResponse: { name: 'broken', response: { error: { details: ERROR_TEXT } } } },
      ],
    },
    warnings: [],
  },
  'ChatOllama qwen2.5vl': {
    snapshot: (callId) => [
      { role: 'tool', content: PLACEHOLDERS },
      { role: 'user', content: imageLabel(callId) },
      { role: 'user', content: '', images: [PNG] },
    ],
    broken: { role: 'tool', content: ERROR_TEXT },
    warnings: [],
  },
  'ChatOllama qwen3 (text only)': {
    snapshot: () => [{ role: 'tool', content: PLACEHOLDERS }],
    broken: { role: 'tool', content: ERROR_TEXT },
    warnings: ['tool_result_image_placeholder'],
  },
};

/**
 * @langchain/ollama 1.3 writes no `tool_name` on a tool message, with or without the middleware
 * (it copies the content only), so the simulator cannot match a result to its call on that wire.
 * Per request of a run: these violations, and no other.
 */
const NEEDS_NAME = (index: number) => `messages[${index}]: tool message needs tool_name`;
const UNNAMED = (index: number) =>
  `messages[${index}]: tool result for an unnamed tool answers no call of the previous assistant turn`;
const OLLAMA_OWN: Partial<Record<ChatModelName, readonly (readonly string[])[]>> = {
  'ChatOllama qwen2.5vl': [
    [],
    [NEEDS_NAME(2), UNNAMED(2), 'messages[3]: tool call snapshot has no result'],
    [
      NEEDS_NAME(2),
      NEEDS_NAME(6),
      UNNAMED(2),
      'messages[3]: tool call snapshot has no result',
      UNNAMED(6),
      'end of messages: tool call broken has no result',
    ],
  ],
  'ChatOllama qwen3 (text only)': [
    [],
    [NEEDS_NAME(2), UNNAMED(2), 'end of messages: tool call snapshot has no result'],
    [
      NEEDS_NAME(2),
      NEEDS_NAME(4),
      UNNAMED(2),
      'messages[3]: tool call snapshot has no result',
      UNNAMED(4),
      'end of messages: tool call broken has no result',
    ],
  ],
};

const NAMES = Object.keys(CHAT_MODELS) as ChatModelName[];

describe('createAgent with crosswireMiddleware, against the simulator', () => {
  it('covers every chat model of the fixture', () => {
    expect(NAMES).toEqual(Object.keys(EXPECTED));
    expect(NAMES).toHaveLength(7);
  });

  for (const name of NAMES) {
    for (const form of ['default', 'standard'] as const) {
      it(`${name}, MCP tools with the adapters' ${form} blocks: every rule holds, the tool turn is Crosswire's`, async () => {
        const ollama = CHAT_MODELS[name].wire === 'ollama';
        const run = await runAgent(ollama ? recording : strict, name, tools[form], {
          middleware: true,
        });
        expect(run.error).toBeUndefined();
        expect(run.answer).toBe('done');
        const [first, second, third] = run.requests;
        expect(run.requests).toHaveLength(3);
        expect(run.requests.map((request) => request.violations)).toEqual(
          OLLAMA_OWN[name] ?? [[], [], []],
        );
        expect(first?.status).toBe(200);
        expect(toolTurn(second)).toEqual(EXPECTED[name].snapshot(run.callIds[0] ?? ''));
        expect(toolTurn(third)).toEqual([EXPECTED[name].broken]);
        expect(run.warnings.map((warning) => warning.code)).toEqual(EXPECTED[name].warnings);
      });
    }
  }
});
