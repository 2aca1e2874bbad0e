// The readers of provider messages against oracles Crosswire did not write: messages typed
// with the official SDKs' request types (so `tsc` holds each one to what the provider
// accepts, including forms Crosswire never sends), the published OpenAPI documents (the
// bodies built from another wire's messages validate), and real replies recorded by the
// Vercel AI SDK and Pydantic AI and in Ollama's API reference (their calls, ids and Gemini
// signatures cross intact).
import { readFileSync } from 'node:fs';
import type { MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { Image } from '@crosswire/content-image';
import { WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import {
  buildRequest,
  type ChatMessage,
  DIALECTS,
  formatToolResults,
  neutralMessages,
  parseResponse,
  providerMessage,
} from '@crosswire/dialects';
import { SIMULATOR_WIRES } from '@crosswire/simulator';
import type { Content } from '@google/genai';
import type { Message as OllamaMessage } from 'ollama';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { loadConformanceOracle } from '../../../scripts/conformance-oracle.js';
import { PIXEL_PNG, reply, TOOLS } from '../../../test-support/dialect-conversation.js';
import { recordedReply } from '../../../test-support/recorded-replies.js';
import { richResult, TINY_PDF } from '../src/test-support/durable-conversation.js';

const PNG_URL = `data:image/png;base64,${PIXEL_PNG}`;

/** The neutral messages in words: roles, texts, images, calls and results. */
function described(messages: readonly ChatMessage[]): unknown[] {
  return messages.map((message) => {
    switch (message.role) {
      case 'system':
        return `system: ${message.content}`;
      case 'user': {
        const parts = typeof message.content === 'string' ? [message.content] : message.content;
        return `user: ${parts
          .map((part) =>
            part instanceof Image
              ? `[image ${part.mediaType}]`
              : typeof part === 'string'
                ? part
                : 'text' in part
                  ? part.text
                  : '?',
          )
          .join(' | ')}`;
      }
      case 'assistant':
        return {
          assistant: message.content,
          calls: (message.toolCalls ?? []).map(
            (call) => `${call.id} ${call.name} ${JSON.stringify(call.arguments)}`,
          ),
        };
      case 'tool':
        return {
          results: message.results.map((result) => ({
            call: `${result.id} ${result.name}`,
            isError: result.isError,
            content: result.content.map((block) => {
              const record = block as unknown as Record<string, unknown>;
              if (block.type === 'text') return record.text;
              if (block.type === 'image') return `[image ${record.mimeType}]`;
              if (block.type === 'json') return `[json ${JSON.stringify(record.value)}]`;
              return `[${block.type}]`;
            }),
          })),
        };
      default:
        return message.role;
    }
  });
}

/** Read `messages` of `wire` and collect the warnings. */
function read(wire: WireFormat, messages: readonly object[]) {
  const warnings: string[] = [];
  const neutral = neutralMessages(
    messages.map((message) => providerMessage(wire, structuredClone(message))),
    { onWarning: (warning) => warnings.push(warning.code) },
  );
  return { described: described(neutral), warnings };
}

/** The model a built request names where the simulator's rules depend on it. */
const MODEL_FOR: Partial<Record<WireFormat, string>> = {
  gemini: 'gemini-3-flash-preview',
  // Converse takes an image inside a toolResult only from the models AWS lists.
  bedrock: 'us.anthropic.claude-sonnet-4-6',
};

describe('messages typed with the official SDKs read as they mean', () => {
  it('anthropic (MessageParam): images, thinking, text, tool_use, an error tool_result', () => {
    const messages = [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Weather?' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL_PNG } },
          { type: 'image', source: { type: 'url', url: 'https://example.com/sky.png' } },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Use the tool.', signature: 'EqQBCkYIBxgCKkA' },
          { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix' },
          { type: 'text', text: 'Checking.' },
          { type: 'tool_use', id: 'toolu_01A', name: 'get_weather', input: { city: 'Oslo' } },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_01A',
            content: 'no such city',
            is_error: true,
          },
          { type: 'text', text: 'Try Bergen.' },
        ],
      },
    ] satisfies MessageParam[];
    expect(read('anthropic', messages)).toEqual({
      described: [
        'user: Weather? | [image image/png] | [image image/png]',
        { assistant: 'Checking.', calls: ['toolu_01A get_weather {"city":"Oslo"}'] },
        { results: [{ call: 'toolu_01A get_weather', isError: true, content: ['no such city'] }] },
        'user: Try Bergen.',
      ],
      warnings: ['cross_wire_reasoning_dropped'],
    });
  });

  it('openai (ChatCompletionMessageParam): developer text, image parts, a refusal, text-part results', () => {
    const messages = [
      { role: 'developer', content: [{ type: 'text', text: 'Be brief.' }] },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Weather?' },
          { type: 'image_url', image_url: { url: PNG_URL, detail: 'low' } },
        ],
      },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Oslo"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: [{ type: 'text', text: 'sunny' }] },
      { role: 'assistant', content: null, refusal: 'I cannot say more.' },
    ] satisfies ChatCompletionMessageParam[];
    expect(read('openai', messages)).toEqual({
      described: [
        'system: Be brief.',
        'user: Weather? | [image image/png]',
        { assistant: '', calls: ['call_1 get_weather {"city":"Oslo"}'] },
        { results: [{ call: 'call_1 get_weather', isError: false, content: ['sunny'] }] },
        { assistant: 'I cannot say more.', calls: [] },
      ],
      warnings: [],
    });
  });

  it('responses (ResponseInputItem): message items, reasoning, calls, outputs with image and file', () => {
    const messages = [
      {
        type: 'message',
        role: 'user',
        content: [
          { type: 'input_text', text: 'Weather?' },
          { type: 'input_image', image_url: PNG_URL, detail: 'auto' },
        ],
      },
      {
        type: 'reasoning',
        id: 'rs_1',
        summary: [{ type: 'summary_text', text: 'Use the tool.' }],
        encrypted_content: 'gAAAAABo',
      },
      {
        type: 'message',
        id: 'msg_1',
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: 'Checking.', annotations: [] }],
      },
      {
        type: 'function_call',
        id: 'fc_1',
        call_id: 'call_1',
        name: 'get_weather',
        arguments: '{"city":"Oslo"}',
      },
      {
        type: 'function_call_output',
        call_id: 'call_1',
        output: [
          { type: 'input_text', text: 'sunny' },
          { type: 'input_image', image_url: PNG_URL, detail: 'auto' },
          {
            type: 'input_file',
            filename: 'report.pdf',
            file_data: `data:application/pdf;base64,${TINY_PDF}`,
          },
        ],
      },
    ] satisfies ResponseInputItem[];
    expect(read('responses', messages)).toEqual({
      described: [
        'user: Weather? | [image image/png]',
        { assistant: 'Checking.', calls: ['call_1 get_weather {"city":"Oslo"}'] },
        {
          results: [
            {
              call: 'call_1 get_weather',
              isError: false,
              content: ['sunny', '[image image/png]', '[document]'],
            },
          ],
        },
      ],
      warnings: ['cross_wire_reasoning_dropped'],
    });
  });

  it('gemini (Content of @google/genai): thought parts, signed calls, output and error responses', () => {
    const messages = [
      {
        role: 'user',
        parts: [{ text: 'Weather?' }, { inlineData: { mimeType: 'image/png', data: PIXEL_PNG } }],
      },
      {
        role: 'model',
        parts: [
          { text: 'Thinking about it.', thought: true },
          {
            functionCall: { id: 'c1', name: 'get_weather', args: { city: 'Oslo' } },
            thoughtSignature: 'CiQB0e2KLQ==',
          },
          { functionCall: { id: 'c2', name: 'get_weather', args: { city: 'Bergen' } } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { id: 'c1', name: 'get_weather', response: { output: 'sunny' } } },
          {
            functionResponse: {
              id: 'c2',
              name: 'get_weather',
              response: { error: 'no such city' },
            },
          },
        ],
      },
    ] satisfies Content[];
    expect(read('gemini', messages)).toEqual({
      described: [
        'user: Weather? | [image image/png]',
        {
          assistant: '',
          calls: ['c1 get_weather {"city":"Oslo"}', 'c2 get_weather {"city":"Bergen"}'],
        },
        {
          results: [
            { call: 'c1 get_weather', isError: false, content: ['sunny'] },
            { call: 'c2 get_weather', isError: true, content: ['no such city'] },
          ],
        },
      ],
      warnings: ['cross_wire_reasoning_dropped'],
    });
  });

  it('ollama (Message of ollama-js): images, thinking, calls without ids, tool_name results', () => {
    const messages = [
      { role: 'user', content: 'Weather?', images: [PIXEL_PNG] },
      {
        role: 'assistant',
        content: '',
        thinking: 'Use the tool.',
        tool_calls: [{ function: { name: 'get_weather', arguments: { city: 'Oslo' } } }],
      },
      { role: 'tool', content: 'sunny', tool_name: 'get_weather' },
    ] satisfies OllamaMessage[];
    expect(read('ollama', messages)).toEqual({
      described: [
        'user: Weather? | [image image/png]',
        { assistant: '', calls: [' get_weather {"city":"Oslo"}'] },
        { results: [{ call: ' get_weather', isError: false, content: ['sunny'] }] },
      ],
      warnings: ['cross_wire_reasoning_dropped'],
    });
  });

  it("hermes: the NousResearch README's Python-dict call and its <tool_response>", () => {
    // https://github.com/NousResearch/Hermes-Function-Calling (README, example output).
    const messages = [
      {
        role: 'assistant',
        content:
          "<tool_call>\n{'arguments': {'symbol': 'TSLA'}, 'name': 'get_stock_fundamentals'}\n</tool_call>",
      },
      {
        role: 'tool',
        content:
          '<tool_response>\n{"name": "get_stock_fundamentals", "content": {"symbol": "TSLA", "pe_ratio": 49.6}}\n</tool_response>',
      },
    ];
    expect(read('hermes', messages)).toEqual({
      described: [
        { assistant: '', calls: [' get_stock_fundamentals {"symbol":"TSLA"}'] },
        {
          results: [
            {
              call: ' get_stock_fundamentals',
              isError: false,
              content: ['{"symbol":"TSLA","pe_ratio":49.6}'],
            },
          ],
        },
      ],
      warnings: [],
    });
  });
});

describe('bodies built from another wire’s provider messages validate against the OpenAPI documents', () => {
  const oracle = (document: string) =>
    loadConformanceOracle(
      new URL(`../../dialects/fixtures/conformance/${document}.json`, import.meta.url),
      {
        oneOfAsAnyOf: true,
      },
    );
  const openai = oracle('openai');
  const VALIDATORS = {
    openai: openai.validator('CreateChatCompletionRequest'),
    responses: openai.validator('CreateResponse'),
    gemini: oracle('gemini').validator('GenerateContentRequest'),
  };
  const MODELS = {
    openai: 'gpt-6.1-sol',
    responses: 'gpt-6.1-sol',
    gemini: 'gemini-3-flash-preview',
  };
  const options = {
    imageInput: true,
    nativePdf: true,
    imageFallback: 'user-message',
    onWarning: () => {},
  } as const;

  it.each(
    WIRE_FORMATS.flatMap((from) =>
      (['openai', 'responses', 'gemini'] as const)
        .filter((to) => to !== from)
        .map((to) => ({ from, to })),
    ),
  )('$from → $to', ({ from, to }) => {
    // A real reply where the AI SDK recorded one, else the hand-written parallel calls.
    const body = RECORDED_BODIES[from] ?? reply(from, 'parallel-calls');
    const calls = parseResponse(from, body).toolCalls;
    const provider = formatToolResults(
      from,
      body,
      calls.map((call, index) => richResult(call.name, call.id, index)),
      options,
    );
    const built = buildRequest(
      to,
      {
        model: MODELS[to],
        messages: [{ role: 'user', content: 'Weather?' }, ...provider],
        tools: TOOLS,
      },
      options,
    );
    const errors = VALIDATORS[to](built);
    // The community Gemini document types thoughtSignature as base64, which the sentinel
    // Google documents for calls Gemini did not make is not (see wire-truth.md).
    expect(
      errors.filter((error) => !/thoughtSignature must match format "byte"/.test(error)),
    ).toEqual([]);
  });
});

/** Real replies recorded by the AI SDK, per wire (hermes and ollama have none there). */
const RECORDED: Partial<Record<WireFormat, string>> = {
  openai: 'deepseek-tool-call.chunks.txt',
  anthropic: 'anthropic-json-tool.1.chunks.txt',
  gemini: 'google-tool-call-gemini3.chunks.txt',
  responses: 'responses-azure-tool-call.1.chunks.txt',
};
const RECORDED_BODIES: Partial<Record<WireFormat, unknown>> = Object.fromEntries(
  Object.entries(RECORDED).map(([wire, file]) => [
    wire,
    recordedReply(file, wire as WireFormat).raw,
  ]),
);
describe('real replies recorded by the AI SDK continue on every other wire', () => {
  it.each(Object.keys(RECORDED) as WireFormat[])('%s', (from) => {
    const recorded = recordedReply(RECORDED[from] as string, from);
    expect(recorded.toolCalls.length).toBeGreaterThan(0);
    const provider = formatToolResults(
      from,
      recorded.raw,
      recorded.toolCalls.map((call, index) => richResult(call.name, call.id, index)),
      { imageInput: true, nativePdf: true, onWarning: () => {} },
    );
    const neutral = neutralMessages(provider, { onWarning: () => {} });
    const read = neutral.flatMap((message) =>
      message.role === 'assistant' ? (message.toolCalls ?? []) : [],
    );
    expect(read.map((call) => [call.id, call.name, call.arguments])).toEqual(
      recorded.toolCalls.map((call) => [call.id, call.name, call.arguments]),
    );
    if (from === 'gemini') {
      // Gemini 3's own signature rides on the call, and goes back to Gemini from the neutral form.
      const body = buildRequest('gemini', { model: 'gemini-3-flash-preview', messages: neutral });
      expect(JSON.stringify(body)).toMatch(/"thoughtSignature":"EpEgCo4gAb4\+9vvWwdN\+/);
    }
    for (const to of WIRE_FORMATS.filter((wire) => wire !== from)) {
      const model = MODEL_FOR[to] ?? 'm';
      const body = buildRequest(
        to,
        { model, messages: [{ role: 'user', content: 'Go' }, ...provider], tools: TOOLS },
        { imageInput: true, nativePdf: true, imageFallback: 'user-message', onWarning: () => {} },
      );
      expect(SIMULATOR_WIRES[to].inspect(body, DIALECTS[to].path(model)).violations).toEqual([]);
    }
  });
});

/** Recorded non-streaming replies with calls (fixtures/replies/, sources in each README), by wire. */
const RECORDED_WITH_CALLS: readonly [file: string, wire: WireFormat, calls: number][] = [
  ['ai-sdk/anthropic-json-tool.1.json', 'anthropic', 1],
  ['ai-sdk/anthropic-tool-no-args.json', 'anthropic', 1],
  ['pydantic-ai/anthropic-parallel-tool-calls.json', 'anthropic', 4],
  ['pydantic-ai/anthropic-thinking-tool-call.json', 'anthropic', 1],
  ['ai-sdk/deepseek-tool-call.json', 'openai', 1],
  ['ai-sdk/groq-tool-call.json', 'openai', 1],
  ['ai-sdk/mistral-tool-call.json', 'openai', 1],
  ['ai-sdk/xai-tool-call.json', 'openai', 1],
  ['pydantic-ai/gemini-openai-compat-call-without-id.json', 'openai', 1],
  ['pydantic-ai/groq-parallel-tool-calls.json', 'openai', 2],
  ['pydantic-ai/ollama-cloud-reasoning-tool-call.json', 'openai', 1],
  ['pydantic-ai/openai-parallel-tool-calls.json', 'openai', 2],
  ['ai-sdk/google-tool-call.json', 'gemini', 1],
  ['pydantic-ai/gemini-parallel-calls.json', 'gemini', 3],
  ['ollama/chat-no-streaming-with-tools.json', 'ollama', 1],
  ['ollama/chat-with-tools.json', 'ollama', 1],
  ['ai-sdk/responses-azure-tool-call.1.json', 'responses', 1],
  ['pydantic-ai/responses-deepseek-reasoning-call.json', 'responses', 1],
  ['pydantic-ai/responses-parallel-calls.json', 'responses', 2],
  ['pydantic-ai/responses-reasoning-message-call.json', 'responses', 1],
];

describe('recorded real replies, answered, continue on every other wire', () => {
  it.each(RECORDED_WITH_CALLS)('%s (%s)', (file, from, count) => {
    const body = JSON.parse(
      readFileSync(new URL(`../../dialects/fixtures/replies/${file}`, import.meta.url), 'utf8'),
    ) as unknown;
    const parsed = parseResponse(from, body).toolCalls;
    expect(parsed).toHaveLength(count);
    const provider = formatToolResults(
      from,
      body,
      parsed.map((call, index) => richResult(call.name, call.id, index)),
      { imageInput: true, nativePdf: true, onWarning: () => {} },
    );
    const read = neutralMessages(provider, { onWarning: () => {} }).flatMap((message) =>
      message.role === 'assistant' ? (message.toolCalls ?? []) : [],
    );
    // A call that came without an id went out with a derived one (the openai echo derives it).
    expect(read.map((call) => [call.id, call.name, call.arguments])).toEqual(
      parsed.map((call) => [
        call.id === '' && from === 'openai'
          ? expect.stringMatching(/^call_cw_[0-9a-f]{8}_\d+$/)
          : call.id,
        call.name,
        call.arguments,
      ]),
    );
    for (const to of WIRE_FORMATS.filter((wire) => wire !== from)) {
      const model = MODEL_FOR[to] ?? 'm';
      const built = buildRequest(
        to,
        { model, messages: [{ role: 'user', content: 'Go' }, ...provider], tools: TOOLS },
        { imageInput: true, nativePdf: true, imageFallback: 'user-message', onWarning: () => {} },
      );
      const inspection = SIMULATOR_WIRES[to].inspect(built, DIALECTS[to].path(model));
      expect(inspection.violations).toEqual([]);
      expect(inspection.toolResults).toHaveLength(count);
    }
  });
});
