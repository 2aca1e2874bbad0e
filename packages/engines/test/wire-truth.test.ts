// Regression tests for request bodies the real providers refuse (issue 13, "Wire truth"). Each
// test names the source of the rule it enforces; see also docs/provider-rules.md.
import { type CrosswireWarning, createToolCall, type ToolCall } from '@crosswire/core';
import {
  buildRequest,
  type DialectOptions,
  formatToolResults,
  parseResponse,
} from '@crosswire/dialects';
import { ToolResult } from '@crosswire/tool-result';
import { describe, expect, it } from 'vitest';
import { PIXEL_PNG, reply, resultFor } from '../../../test-support/dialect-conversation.js';
import { createEngine } from '../src/engine/engine.js';
import { TINY_PDF } from '../src/test-support/durable-conversation.js';

function collect() {
  const warnings: CrosswireWarning[] = [];
  return { warnings, onWarning: (warning: CrosswireWarning) => warnings.push(warning) };
}

describe('anthropic: no empty or whitespace-only text', () => {
  // "text content blocks must be non-empty": vercel/ai#5576, anthropics/claude-code#59812.
  it('blank text parts of a user turn are left out, the rest kept in order', () => {
    const body = buildRequest('anthropic', {
      model: 'claude-sonnet-4-5',
      messages: [
        {
          role: 'user',
          content: [{ type: 'text', text: '' }, 'Hello', { type: 'text', text: ' \n ' }],
        },
      ],
    });
    expect(body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'Hello' }] }]);
  });

  it('a user or assistant turn of blank text only is left out, with a warning', () => {
    const { warnings, onWarning } = collect();
    const body = buildRequest(
      'anthropic',
      {
        model: 'claude-sonnet-4-5',
        messages: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: '  ' },
          { role: 'user', content: [' '] },
          { role: 'user', content: 'Again' },
        ],
      },
      { onWarning },
    );
    expect(body.messages).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'user', content: 'Again' },
    ]);
    expect(warnings.map((warning) => [warning.code, warning.details?.index])).toEqual([
      ['empty_message_dropped', 1],
      ['empty_message_dropped', 2],
    ]);
  });

  it('an assistant turn with calls and blank text sends only the tool_use blocks', () => {
    const body = buildRequest('anthropic', {
      model: 'claude-sonnet-4-5',
      messages: [
        { role: 'user', content: 'Weather?' },
        {
          role: 'assistant',
          content: '\n',
          toolCalls: [
            {
              id: 'toolu_1',
              name: 'weather',
              arguments: { city: 'Oslo' },
              rawArguments: { city: 'Oslo' },
              argumentsUndecodable: false,
              argumentsError: undefined,
              wire: 'anthropic',
              raw: undefined,
            },
          ],
        },
      ],
    });
    expect((body.messages as unknown[])[1]).toEqual({
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Oslo' } }],
    });
  });
});

describe('gemini: every replayed call carries a thoughtSignature', () => {
  // Gemini 3: HTTP 400 "Function call is missing a thought_signature"; Google documents
  // `skip_thought_signature_validator` for calls Gemini did not produce:
  // https://ai.google.dev/gemini-api/docs/thought-signatures
  it('a conversation begun on openai continues on gemini with the documented sentinel', () => {
    const calls = parseResponse('openai', reply('openai', 'parallel-calls')).toolCalls;
    const body = buildRequest('gemini', {
      model: 'gemini-3-flash-preview',
      messages: [
        { role: 'user', content: 'Weather in Berlin and Paris?' },
        { role: 'assistant', content: '', toolCalls: calls },
        { role: 'tool', results: calls.map(resultFor) },
      ],
    });
    const model = (body.contents as { role: string; parts: unknown[] }[])[1];
    expect(model?.role).toBe('model');
    expect(model?.parts.length).toBe(calls.length);
    for (const part of model?.parts ?? []) {
      expect(part).toHaveProperty('thoughtSignature', 'skip_thought_signature_validator');
    }
  });

  it('calls echoed from a Gemini reply keep the signatures Gemini sent', () => {
    const body = reply('gemini', 'parallel-calls');
    const calls = parseResponse('gemini', body).toolCalls;
    const request = buildRequest('gemini', {
      model: 'gemini-3-flash-preview',
      messages: [
        { role: 'user', content: 'Weather?' },
        { role: 'assistant', content: '', toolCalls: calls },
        { role: 'tool', results: calls.map(resultFor) },
      ],
    });
    const sent = (request.contents as { parts: Record<string, unknown>[] }[])[1]?.parts ?? [];
    const received = (
      (body as { candidates: { content: { parts: Record<string, unknown>[] } }[] }).candidates[0]
        ?.content.parts ?? []
    ).filter((part) => 'functionCall' in part);
    expect(sent.map((part) => part.thoughtSignature)).toEqual(
      received.map((part) => part.thoughtSignature),
    );
  });
});

describe('calls without an id get a derived one on the wires that pair by id', () => {
  // Responses: `call_id` has `minLength: 1` in the OpenAPI document (FunctionToolCall and
  // FunctionCallOutputItemParam); Anthropic: tool_use `id` is required and tool_result
  // `tool_use_id` must name it; Chat Completions: `tool_call_id` is required.
  const IDS = ['call_cw_1_0', 'call_cw_1_1', 'call_cw_1_2'];
  const ANSWER_IDS = ['call_cw_1_2', 'call_cw_1_0', 'call_cw_1_1'];
  const geminiCalls = () => parseResponse('gemini', reply('gemini', 'parallel-calls')).toolCalls;
  const conversation = () => {
    const calls = geminiCalls();
    return {
      model: 'm',
      messages: [
        { role: 'user' as const, content: 'Weather?' },
        { role: 'assistant' as const, content: '', toolCalls: calls },
        // The screenshot answered first: a result pairs with the unanswered call of its name.
        {
          role: 'tool' as const,
          results: [calls[2], calls[0], calls[1]].map((call) => resultFor(call as ToolCall)),
        },
      ],
    };
  };

  it('the recorded Gemini 2.x calls have no id (the case this covers)', () => {
    expect(geminiCalls().map((call) => [call.name, call.id])).toEqual([
      ['get_weather', ''],
      ['get_weather', ''],
      ['screenshot', ''],
    ]);
  });

  it('responses: every function_call and its output share one non-empty call_id', () => {
    const input = buildRequest('responses', conversation()).input as Record<string, unknown>[];
    const calls = input.filter((item) => item.type === 'function_call');
    const outputs = input.filter((item) => item.type === 'function_call_output');
    expect(calls.map((item) => item.call_id)).toEqual(IDS);
    expect(outputs.map((item) => item.call_id)).toEqual(ANSWER_IDS);
    for (const call of calls) expect(call).not.toHaveProperty('id');
  });

  it('anthropic: tool_use ids and tool_use_ids match', () => {
    const messages = buildRequest('anthropic', conversation()).messages as {
      content: Record<string, unknown>[];
    }[];
    expect(messages[1]?.content.map((block) => block.id)).toEqual(IDS);
    expect(messages[2]?.content.map((block) => block.tool_use_id)).toEqual(ANSWER_IDS);
  });

  it('openai: tool_calls ids and tool_call_ids match', () => {
    const messages = buildRequest('openai', conversation()).messages as Record<string, unknown>[];
    const ids = ((messages[1]?.tool_calls ?? []) as { id: string }[]).map((call) => call.id);
    expect(ids).toEqual(IDS);
    expect(messages.slice(2).map((message) => message.tool_call_id)).toEqual(ANSWER_IDS);
  });

  it('the same conversation gives the same ids every time', () => {
    expect(buildRequest('responses', conversation())).toEqual(
      buildRequest('responses', conversation()),
    );
  });

  it("responses: an openai call's `call_...` id is never sent as the item id (it must be `fc_...`)", () => {
    const calls = parseResponse('openai', reply('openai', 'tool-calls')).toolCalls;
    const input = buildRequest('responses', {
      model: 'm',
      messages: [
        { role: 'user', content: 'Weather?' },
        { role: 'assistant', content: '', toolCalls: calls },
        { role: 'tool', results: calls.map(resultFor) },
      ],
    }).input as Record<string, unknown>[];
    const call = input.find((item) => item.type === 'function_call');
    expect(call?.call_id).toBe(calls[0]?.id);
    expect(call).not.toHaveProperty('id');
  });
});

describe('hermes: Python-dict calls, unreadable blocks, servers that parse calls', () => {
  const chatReply = (message: Record<string, unknown>) => ({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    model: 'NousResearch/Hermes-2-Pro-Llama-3-8B',
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }],
  });

  // The NousResearch Hermes-Function-Calling README's own example output; its reference parser
  // falls back to ast.literal_eval. Before: dropped, and the loop ended with "Sure." as answer.
  it("reads the README's Python-dict call", () => {
    const body = chatReply({
      content:
        "Sure.\n<tool_call>\n{'arguments': {'symbol': 'TSLA'}, 'name': 'get_stock_fundamentals'}\n</tool_call>",
    });
    const parsed = parseResponse('hermes', body);
    expect(parsed.content).toBe('Sure.');
    expect(parsed.toolCalls.map((call) => [call.name, call.arguments])).toEqual([
      ['get_stock_fundamentals', { symbol: 'TSLA' }],
    ]);
  });

  it('a block that cannot be read is warned about and stays in the text', () => {
    const { warnings, onWarning } = collect();
    const body = chatReply({ content: 'Let me see. <tool_call>get_stock(TSLA)</tool_call>' });
    const parsed = parseResponse('hermes', body, { onWarning });
    expect(parsed.toolCalls).toEqual([]);
    expect(parsed.content).toBe('Let me see. <tool_call>get_stock(TSLA)</tool_call>');
    expect(warnings.map((warning) => [warning.code, warning.details?.block])).toEqual([
      ['hermes_call_unreadable', 'get_stock(TSLA)'],
    ]);
  });

  // vLLM and llama.cpp run a Hermes parser and return `tool_calls` with ids; Chat Completions
  // requires `tool_call_id` on each tool message (CreateChatCompletionRequest).
  it('results answer server-parsed calls by tool_call_id, with no false mismatch warning', () => {
    const { warnings, onWarning } = collect();
    const body = chatReply({
      content: null,
      tool_calls: [
        {
          id: 'chatcmpl-tool-a1',
          type: 'function',
          function: { name: 'get_weather', arguments: '{"city":"Berlin"}' },
        },
        {
          id: 'chatcmpl-tool-b2',
          type: 'function',
          function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
        },
      ],
    });
    const calls = parseResponse('hermes', body).toolCalls;
    const messages = formatToolResults('hermes', body, calls.map(resultFor), { onWarning });
    expect(warnings).toEqual([]);
    expect(messages.slice(1).map((message) => [message.role, message.tool_call_id])).toEqual([
      ['tool', 'chatcmpl-tool-a1'],
      ['tool', 'chatcmpl-tool-b2'],
    ]);
  });

  it('text calls (no server parser) still send no tool_call_id', () => {
    const body = reply('hermes', 'tool-calls');
    const calls = parseResponse('hermes', body).toolCalls;
    const messages = formatToolResults('hermes', body, calls.map(resultFor), {
      onWarning: () => {},
    });
    for (const message of messages.slice(1)) expect(message).not.toHaveProperty('tool_call_id');
  });
});

describe('tool images on wires whose tool result cannot carry them', () => {
  const screenshot = () => {
    const calls = parseResponse('gemini', reply('gemini', 'parallel-calls')).toolCalls;
    return { calls, results: calls.map(resultFor) };
  };
  const conversation = (calls: readonly ToolCall[], results: ReturnType<typeof resultFor>[]) => ({
    model: 'gemini-2.5-flash',
    messages: [
      { role: 'user' as const, content: 'Weather and a screenshot?' },
      { role: 'assistant' as const, content: '', toolCalls: calls },
      { role: 'tool' as const, results },
    ],
  });

  // Gemini 2.x refuses images inside functionResponse; the AI SDK (@ai-sdk/google,
  // appendLegacyToolResultParts) sends them as inlineData parts beside the functionResponse
  // parts of the same user turn. Evidence cited in registry data/providers/gemini.json.
  it('gemini 2.x: the images follow the functionResponse parts as inlineData', () => {
    const { calls, results } = screenshot();
    const body = buildRequest('gemini', conversation(calls, results), {
      imageFallback: 'user-message',
      imageFallbackInput: true,
    });
    const turn = (body.contents as { parts: Record<string, unknown>[] }[])[2];
    expect(turn?.parts.map((part) => Object.keys(part)[0])).toEqual([
      'functionResponse',
      'functionResponse',
      'functionResponse',
      'text',
      'inlineData',
    ]);
    expect(turn?.parts[4]).toEqual({ inlineData: { mimeType: 'image/png', data: PIXEL_PNG } });
    expect(turn?.parts[3]).toEqual({
      text: 'The tool results above returned 1 image(s), attached here in order: screenshot.',
    });
  });

  it('gemini: nothing extra when the model sees no images, or the result carries them (Gemini 3)', () => {
    const { calls, results } = screenshot();
    for (const options of [
      { imageFallback: 'user-message' as const, imageFallbackInput: false },
      { imageFallback: 'user-message' as const, imageInput: true },
      { imageFallbackInput: true },
    ]) {
      const body = buildRequest('gemini', conversation(calls, results), options);
      const parts = (body.contents as { parts: Record<string, unknown>[] }[])[2]?.parts ?? [];
      expect(parts.map((part) => Object.keys(part)[0])).toEqual([
        'functionResponse',
        'functionResponse',
        'functionResponse',
      ]);
    }
  });

  it('the registry turns the gemini fallback on for Gemini 2.x models that see images', () => {
    const engine = createEngine({ provider: 'gemini', model: 'gemini-2.5-flash', apiKey: 'k' });
    expect(engine.dialectOptions).toMatchObject({
      imageFallback: 'user-message',
      imageFallbackInput: true,
      imageInput: false,
    });
  });

  // The Ollama server takes `images` on any message role (server/prompt.go walks every
  // message; api.Message has `images`): the option puts them on the tool message itself.
  it("ollama: imageFallback 'tool-message' puts each result's images on its tool message", () => {
    const { calls, results } = screenshot();
    const body = buildRequest(
      'ollama',
      { ...conversation(calls, results), model: 'llava' },
      { imageFallback: 'tool-message', imageFallbackInput: true },
    );
    const tools = (body.messages as Record<string, unknown>[]).filter((m) => m.role === 'tool');
    expect(tools.map((message) => message.images)).toEqual([undefined, undefined, [PIXEL_PNG]]);
    expect((body.messages as unknown[]).length).toBe(2 + 3);
  });

  it('ollama: a vision model gets the images after the results by default; imageFallback none opts out', () => {
    const { calls, results } = screenshot();
    const engine = createEngine({ provider: 'ollama', model: 'llava' });
    expect(engine.dialectOptions.imageFallback).toBe('user-message');
    const body = buildRequest(
      'ollama',
      { ...conversation(calls, results), model: 'llava' },
      engine.dialectOptions,
    );
    const messages = body.messages as Record<string, unknown>[];
    expect(messages.at(-1)?.role).toBe('user');
    expect(messages.at(-1)?.images).toEqual([PIXEL_PNG]);
    const optedOut = createEngine({
      provider: 'ollama',
      model: 'llava',
      dialect: { imageFallback: 'none' },
    });
    const plain = buildRequest(
      'ollama',
      { ...conversation(calls, results), model: 'llava' },
      optedOut.dialectOptions,
    );
    expect(JSON.stringify(plain)).not.toContain(PIXEL_PNG);
  });

  it('a text-only model gets the placeholder alone on openai and ollama', () => {
    const { calls, results } = screenshot();
    for (const [provider, wire, model] of [
      ['ollama', 'ollama', 'llama3.2'],
      ['openai', 'openai', 'gpt-3.5-turbo'],
    ] as const) {
      const engine = createEngine({ provider, model, apiKey: 'k', onWarning: () => {} });
      expect(engine.dialectOptions.imageFallbackInput, `${provider} ${model}`).toBe(false);
      const body = buildRequest(
        wire,
        { ...conversation(calls, results), model },
        engine.dialectOptions,
      );
      expect(JSON.stringify(body), `${provider} ${model}`).not.toContain(PIXEL_PNG);
      expect(JSON.stringify(body)).toContain('[image] image/png');
    }
  });
});

// Found by the AI SDK differential test (ai-sdk-differential.test.ts): on Gemini 2.x a tool's
// PDF never reached the model (only its placeholder did), while the AI SDK (@ai-sdk/google
// 3.0.141, appendLegacyToolResultParts; vercel/ai#16994, which fixed vercel/ai#16072) sends it
// as an inlineData part beside the functionResponse parts, as it does images.
describe('gemini 2.x: tool PDFs beside the functionResponse (source: the AI SDK)', () => {
  const report = new ToolResult({
    name: 'quarterly_report',
    id: 'call_report',
    content: [
      { type: 'text', text: 'The report:' },
      {
        type: 'resource',
        resource: { uri: 'file:///q3.pdf', mimeType: 'application/pdf', blob: TINY_PDF },
      },
    ],
  });
  const call = createToolCall({ id: 'call_report', name: 'quarterly_report', arguments: {} });
  const request = {
    model: 'gemini-2.5-flash',
    messages: [
      { role: 'user' as const, content: 'Summarize the report.' },
      { role: 'assistant' as const, content: '', toolCalls: [call] },
      { role: 'tool' as const, results: [report] },
    ],
  };
  const resultTurn = (options: DialectOptions) =>
    (buildRequest('gemini', request, options).contents as { parts: unknown[] }[])[2]?.parts;

  it('a model that reads PDFs gets them as inlineData after a label, the placeholder stays', () => {
    expect(resultTurn({ imageFallback: 'user-message', pdfFallbackInput: true })).toEqual([
      {
        functionResponse: {
          id: 'call_report',
          name: 'quarterly_report',
          response: {
            result: 'The report:\n[resource] application/pdf <file:///q3.pdf> (176 bytes)',
          },
        },
      },
      {
        text: 'The tool results above returned 1 PDF document(s), attached here in order: quarterly_report (call_report).',
      },
      { inlineData: { mimeType: 'application/pdf', data: TINY_PDF } },
    ]);
  });

  it('an empty PDF payload is not attached (its placeholder stays)', () => {
    const empty = new ToolResult({
      name: 'quarterly_report',
      id: 'call_report',
      content: [
        {
          type: 'resource',
          resource: { uri: 'file:///e.pdf', mimeType: 'application/pdf', blob: '' },
        },
      ],
    });
    const body = buildRequest(
      'gemini',
      {
        ...request,
        messages: [...request.messages.slice(0, 2), { role: 'tool', results: [empty] }],
      },
      { imageFallback: 'user-message', pdfFallbackInput: true },
    );
    const parts = (body.contents as { parts: unknown[] }[])[2]?.parts ?? [];
    expect(parts.map((part) => Object.keys(part as object))).toEqual([['functionResponse']]);
  });

  it('nothing extra by default, without pdf_input, or where the result carries the PDF (Gemini 3)', () => {
    for (const options of [
      {},
      { imageFallback: 'user-message' as const },
      { imageFallback: 'user-message' as const, pdfFallbackInput: false },
      { pdfFallbackInput: true },
      { imageFallback: 'user-message' as const, pdfFallbackInput: true, nativePdf: true },
    ]) {
      const parts = resultTurn(options) ?? [];
      expect(parts.map((part) => Object.keys(part as object))).toEqual([['functionResponse']]);
    }
  });

  it('the registry turns it on for Gemini 2.x (pdf_input, no tool_result_pdf), not Gemini 3', () => {
    const engine = (model: string) => createEngine({ provider: 'gemini', model, apiKey: 'k' });
    expect(engine('gemini-2.5-flash').dialectOptions).toMatchObject({
      imageFallback: 'user-message',
      pdfFallbackInput: true,
      nativePdf: false,
    });
    expect(engine('gemini-3-flash-preview').dialectOptions).toMatchObject({ nativePdf: true });
  });
});
