// Issue 13, cross-wire continuity: each wire's reader turns its provider messages back into
// neutral messages, a request of another wire builds them, and what cannot cross is decided
// (reasoning), reported (anything else) or refused (a message no reader can read).
import { Image } from '@crosswire/content-image';
import { type ToolCall, WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import {
  anthropicToolUseId,
  buildRequest,
  type ChatMessage,
  type ConversationMessage,
  DIALECTS,
  type DialectOptions,
  formatToolResults,
  imagesNeedingBytes,
  neutralMessages,
  parseResponse,
  providerMessage,
  responsesCallId,
  wireMessage,
} from '@crosswire/dialects';
import { SIMULATOR_WIRES } from '@crosswire/simulator';
import { ToolResult } from '@crosswire/tool-result';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reply, TOOLS } from '../../../test-support/dialect-conversation.js';
import { createEngine } from '../src/engine/engine.js';
import { richResult, TINY_PDF } from '../src/test-support/durable-conversation.js';

const MODELS: Record<WireFormat, string> = {
  openai: 'gpt-6.1-sol',
  anthropic: 'claude-sonnet-5-5',
  gemini: 'gemini-3-flash-preview',
  ollama: 'llama3.2',
  responses: 'gpt-6.1-sol',
  hermes: 'NousResearch/Hermes-3-Llama-3.1-8B',
  bedrock: 'us.anthropic.claude-sonnet-4-6',
};

const RICH: DialectOptions = { imageInput: true, nativePdf: true, onWarning: () => {} };

/** One result's content, each block in a word: `text:...`, `image:type`, `document:type`, `json:...`. */
function blocks(result: ToolResult): string[] {
  return result.content.map((block) => {
    const record = block as unknown as Record<string, unknown>;
    if (block.type === 'text') return `text:${record.text}`;
    if (block.type === 'image') return `image:${record.mimeType}`;
    if (block.type === 'document') {
      return `document:${(record.source as Record<string, unknown>).media_type}`;
    }
    if (block.type === 'json') return `json:${JSON.stringify(record.value)}`;
    return block.type;
  });
}

function calls(message: ChatMessage | undefined): [string, string, unknown][] {
  if (message?.role !== 'assistant') throw new Error(`not an assistant turn: ${message?.role}`);
  return (message.toolCalls ?? []).map((call) => [call.id, call.name, call.arguments]);
}

function results(message: ChatMessage | undefined) {
  if (message?.role !== 'tool') throw new Error(`not a tool turn: ${message?.role}`);
  return message.results.map((result) => ({
    id: result.id,
    name: result.name,
    isError: result.isError,
    content: blocks(result),
    structured: result.structuredContent,
  }));
}

/** The recorded parallel-call reply of `wire`, answered with rich results, as provider messages. */
function parallelTurn(wire: WireFormat) {
  const body = reply(wire, 'parallel-calls');
  const parsed = parseResponse(wire, body).toolCalls;
  return formatToolResults(
    wire,
    body,
    parsed.map((call, index) => richResult(call.name, call.id, index)),
    RICH,
  );
}

/** The string form a rich result has on the string wires (openai, ollama, hermes). */
const stringForm = (name: string, index: number) =>
  `text:${name} #${index}: sunny, 22°C\n[image] image/png (68 bytes)\n[resource] application/pdf <file:///report.pdf> (176 bytes)\n{"city":"Berlin","celsius":22}\n[video] <https://example.com/clip.mp4>`;
/** The blocks a rich result has where blocks travel (anthropic, responses). */
const richBlocks = (name: string, index: number) => [
  `text:${name} #${index}: sunny, 22°C`,
  'image:image/png',
  'document:application/pdf',
  'text:{"city":"Berlin","celsius":22}',
  'text:[video] <https://example.com/clip.mp4>',
];
/** Gemini sent the structured content alone as the response, the image and PDF as inlineData. */
const geminiBlocks = ['json:{"celsius":22}', 'image:image/png', 'document:application/pdf'];

/** Per wire: the ids of the recorded parallel calls, the content of results #0 and #2, and whether #1's error crossed. */
const EXPECTED: Record<
  WireFormat,
  {
    ids: [string, string, string];
    first: string[];
    third: string[];
    errorCrosses: boolean;
    /** The structured content results #0 and #2 keep (only Gemini sends it). */
    structured?: Record<string, unknown>;
  }
> = {
  openai: {
    ids: [
      'call_B0hcmH8lDnH2yIh8u9X5Xn1W',
      'call_Q2bUG7NwZxg5ld0nL6cNQsGV',
      'call_xW0mzC8B8Qd4mQh8Jx1l5gYF',
    ],
    first: [stringForm('get_weather', 0)],
    third: [stringForm('screenshot', 2)],
    errorCrosses: false,
  },
  anthropic: {
    ids: [
      'toolu_01Berlin9qw90lq917835lq9',
      'toolu_01Paris99qw90lq917835lq9',
      'toolu_01Shot999qw90lq917835lq9',
    ],
    first: richBlocks('get_weather', 0),
    third: richBlocks('screenshot', 2),
    errorCrosses: true,
  },
  gemini: {
    ids: ['', '', ''],
    first: geminiBlocks,
    third: geminiBlocks,
    // Sent under `response.error`, read back as an error.
    errorCrosses: true,
    structured: { celsius: 22 },
  },
  ollama: {
    ids: ['', '', ''],
    first: [stringForm('get_weather', 0)],
    third: [stringForm('screenshot', 2)],
    errorCrosses: false,
  },
  responses: {
    ids: ['call_berlin01', 'call_paris002', 'call_shot0003'],
    first: richBlocks('get_weather', 0),
    third: richBlocks('screenshot', 2),
    errorCrosses: false,
  },
  hermes: {
    ids: ['', '', ''],
    first: [stringForm('get_weather', 0)],
    third: [stringForm('screenshot', 2)],
    errorCrosses: false,
  },
  // The json item goes as a `json` member and reads back as one; `status: 'error'` crosses.
  bedrock: {
    ids: [
      'tooluse_Berlin0QmRJ6eAyJE5GIl7Q',
      'tooluse_Paris00QmRJ6eAyJE5GIl7Q',
      'tooluse_Shot000QmRJ6eAyJE5GIl7Q',
    ],
    first: [
      'text:get_weather #0: sunny, 22°C',
      'image:image/png',
      'document:application/pdf',
      'json:{"city":"Berlin","celsius":22}',
      'text:[video] <https://example.com/clip.mp4>',
    ],
    third: [
      'text:screenshot #2: sunny, 22°C',
      'image:image/png',
      'document:application/pdf',
      'json:{"city":"Berlin","celsius":22}',
      'text:[video] <https://example.com/clip.mp4>',
    ],
    errorCrosses: true,
  },
};

describe("each wire's reader gives back what its provider messages carry", () => {
  it.each(WIRE_FORMATS)(
    '%s: calls with ids and arguments, results with content and names',
    (wire) => {
      const neutral = neutralMessages(parallelTurn(wire));
      const { ids, first, third, errorCrosses, structured } = EXPECTED[wire];
      expect(neutral.map((message) => message.role)).toEqual(['assistant', 'tool']);
      expect(calls(neutral[0])).toEqual([
        [ids[0], 'get_weather', { city: 'Berlin' }],
        [ids[1], 'get_weather', { city: 'Paris' }],
        [ids[2], 'screenshot', { url: 'https://example.com' }],
      ]);
      expect(results(neutral[1])).toEqual([
        { id: ids[0], name: 'get_weather', isError: false, content: first, structured },
        {
          id: ids[1],
          name: 'get_weather',
          isError: errorCrosses,
          content: ['text:no such city'],
          structured: undefined,
        },
        { id: ids[2], name: 'screenshot', isError: false, content: third, structured },
      ]);
    },
  );

  it('gemini: each call keeps its part, and so its thought signature, as data', () => {
    const neutral = neutralMessages(parallelTurn('gemini'));
    const raws = (neutral[0] as unknown as { toolCalls: ToolCall[] }).toolCalls.map(
      (call) => call.raw,
    );
    expect(raws.map((raw) => (raw as { thoughtSignature?: string }).thoughtSignature)).toEqual([
      'CiQB0e2KLXBhcmFsbGVsLXNpZ25hdHVyZQ==',
      undefined,
      undefined,
    ]);
    // Built on Gemini again from the neutral form: Gemini's own signature, not the sentinel.
    const body = buildRequest('gemini', { model: MODELS.gemini, messages: neutral });
    const model = (body.contents as { parts: Record<string, unknown>[] }[])[0];
    expect(model?.parts.map((part) => part.thoughtSignature)).toEqual([
      'CiQB0e2KLXBhcmFsbGVsLXNpZ25hdHVyZQ==',
      undefined,
      undefined,
    ]);
  });

  it('a result takes its name from the call it answers, also in an earlier run', () => {
    const [echo, ...tools] = parallelTurn('openai');
    const conversation: ConversationMessage[] = [
      { role: 'user', content: 'Weather?' },
      echo as ConversationMessage,
      { role: 'user', content: 'interruption' },
      ...tools,
    ];
    const neutral = neutralMessages(conversation);
    expect(results(neutral[3]).map((result) => result.name)).toEqual([
      'get_weather',
      'get_weather',
      'screenshot',
    ]);
  });

  it('a result that answers no call is refused (wire_message_unreadable)', () => {
    const orphan = providerMessage('openai', {
      role: 'tool',
      tool_call_id: 'call_nowhere',
      content: 'ok',
    });
    expect(() => neutralMessages([orphan])).toThrow(
      'a openai tool result for call "call_nowhere" answers no call of the conversation',
    );
    expect(() => buildRequest('anthropic', { model: 'm', messages: [orphan] })).toThrow(
      expect.objectContaining({ code: 'wire_message_unreadable' }),
    );
  });

  it('a message of an unknown role is refused, naming it', () => {
    const odd = wireMessage('anthropic', { role: 'system', content: 'x' });
    expect(() => neutralMessages([odd])).toThrow(
      'a anthropic provider message cannot be read for another wire: unknown role "system"',
    );
  });
});

describe('reasoning: verbatim on its own wire, left out on another', () => {
  const THINKING: Record<WireFormat, string> = {
    openai: 'thinking-deepseek',
    anthropic: 'thinking',
    gemini: 'thinking',
    ollama: 'thinking',
    responses: 'thinking',
    hermes: 'thinking',
    bedrock: 'thinking',
  };
  /** What marks the reasoning in each wire's body. */
  const MARK: Record<WireFormat, string> = {
    openai: '"reasoning_content"',
    anthropic: '"signature"',
    gemini: '"thought":true',
    ollama: '"thinking"',
    responses: '"encrypted_content"',
    hermes: '<think>',
    bedrock: '"reasoningContent"',
  };

  function thinkingTurn(wire: WireFormat): ConversationMessage[] {
    const body = reply(wire, THINKING[wire]);
    const parsed = parseResponse(wire, body).toolCalls;
    return [
      { role: 'user', content: 'Weather in Berlin?' },
      ...formatToolResults(
        wire,
        body,
        parsed.map((call, index) => richResult(call.name, call.id, index)),
        RICH,
      ),
    ];
  }

  it.each(WIRE_FORMATS)('%s: the same wire sends it back as it came', (wire) => {
    const warnings: string[] = [];
    const body = buildRequest(
      wire,
      { model: MODELS[wire], messages: thinkingTurn(wire) },
      { ...RICH, onWarning: (warning) => warnings.push(warning.code) },
    );
    expect(JSON.stringify(body)).toContain(MARK[wire]);
    expect(warnings).not.toContain('cross_wire_reasoning_dropped');
  });

  it.each(WIRE_FORMATS)(
    '%s: every other wire gets no reasoning, and one warning says so',
    (from) => {
      for (const to of WIRE_FORMATS.filter((wire) => wire !== from)) {
        const warnings: string[] = [];
        const body = buildRequest(
          to,
          { model: MODELS[to], messages: thinkingTurn(from), tools: TOOLS },
          { ...RICH, onWarning: (warning) => warnings.push(warning.code) },
        );
        const sent = JSON.stringify(body);
        for (const mark of Object.values(MARK)) {
          // Hermes' tools prompt says "<tool_call>", never "<think>"; every mark is absent.
          expect(sent).not.toContain(mark);
        }
        expect(warnings.filter((code) => code === 'cross_wire_reasoning_dropped')).toHaveLength(1);
        const { violations } = SIMULATOR_WIRES[to].inspect(body, DIALECTS[to].path(MODELS[to]));
        expect(violations).toEqual([]);
      }
    },
  );
});

describe('what the neutral form cannot hold is reported, not lost in silence', () => {
  it('a Responses built-in tool item and an Anthropic user document', () => {
    const warnings: string[] = [];
    const onWarning = (warning: { code: string; message: string }) =>
      warnings.push(`${warning.code}: ${warning.message}`);
    neutralMessages(
      [
        providerMessage('responses', { type: 'web_search_call', id: 'ws_1', status: 'completed' }),
        providerMessage('anthropic', {
          role: 'user',
          content: [
            { type: 'text', text: 'Read this.' },
            {
              type: 'document',
              source: { type: 'base64', media_type: 'application/pdf', data: TINY_PDF },
            },
          ],
        }),
      ],
      { onWarning },
    );
    expect(warnings).toEqual([
      'cross_wire_content_dropped: responses: a "web_search_call" item cannot go to another wire; it is left out',
      'cross_wire_content_dropped: anthropic: a user "document" block cannot go to another wire; it is left out',
    ]);
  });
});

describe('Anthropic tool_use ids (anthropic-tool-use-id-pattern)', () => {
  it('keeps an id Anthropic accepts and spells out any other', () => {
    expect(anthropicToolUseId('toolu_01Berlin9qw90lq917835lq9')).toBe(
      'toolu_01Berlin9qw90lq917835lq9',
    );
    expect(anthropicToolUseId('call_B0hcmH8lDnH2yIh8u9X5Xn1W')).toBe(
      'call_B0hcmH8lDnH2yIh8u9X5Xn1W',
    );
    expect(anthropicToolUseId('functions.get_weather:0')).toBe('cw_functions_2e_get__weather_3a_0');
    expect(anthropicToolUseId('a b/ü')).toBe('cw_a_20_b_2f__fc_');
    // An id in the mapped spelling is mapped too, so it cannot meet a mapped one.
    expect(anthropicToolUseId('cw_functions_2e_get__weather_3a_0')).toBe(
      'cw_cw__functions__2e__get____weather__3a__0',
    );
  });

  it('every mapped id matches the pattern, and two different ids never meet', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 20 }),
        fc.string({ minLength: 1, maxLength: 20 }),
        (a, b) => {
          expect(anthropicToolUseId(a)).toMatch(/^[a-zA-Z0-9_-]+$/);
          if (a !== b) expect(anthropicToolUseId(a)).not.toBe(anthropicToolUseId(b));
        },
      ),
      { numRuns: 400 },
    );
    // Near misses that a replace-by-underscore mapping would merge.
    const ids = ['a.b', 'a:b', 'a_b', 'a__b', 'a/b', 'cw_a_2e_b', 'a_2e_b'];
    expect(new Set(ids.map(anthropicToolUseId)).size).toBe(ids.length);
  });

  it("Kimi's functions.get_weather:0 goes out mapped, the same on the call and its result, in every request", () => {
    // Kimi K2 (Moonshot's OpenAI-compatible API) names calls `functions.<name>:<index>`.
    const kimi = {
      choices: [
        {
          message: {
            role: 'assistant',
            content: '',
            tool_calls: [
              {
                id: 'functions.get_weather:0',
                type: 'function',
                function: { name: 'get_weather', arguments: '{"city":"Berlin"}' },
              },
              {
                id: 'functions.get_weather:1',
                type: 'function',
                function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
              },
            ],
          },
          finish_reason: 'tool_calls',
        },
      ],
    };
    const turn = parseResponse('openai', kimi).toolCalls;
    const answered = turn.map((call) => richResult(call.name, call.id, 0));
    for (const messages of [
      formatToolResults('openai', kimi, answered, RICH),
      [
        { role: 'assistant' as const, content: '', toolCalls: turn },
        { role: 'tool' as const, results: answered },
      ],
    ]) {
      const conversation: ConversationMessage[] = [
        { role: 'user', content: 'Weather?' },
        ...messages,
      ];
      const body = buildRequest(
        'anthropic',
        { model: MODELS.anthropic, messages: conversation },
        RICH,
      );
      const [, assistant, user] = body.messages as { content: Record<string, unknown>[] }[];
      expect(assistant?.content.map((block) => block.id)).toEqual([
        'cw_functions_2e_get__weather_3a_0',
        'cw_functions_2e_get__weather_3a_1',
      ]);
      expect(user?.content.map((block) => block.tool_use_id)).toEqual([
        'cw_functions_2e_get__weather_3a_0',
        'cw_functions_2e_get__weather_3a_1',
      ]);
      expect(SIMULATOR_WIRES.anthropic.inspect(body, '/v1/messages').violations).toEqual([]);
      // The next turn's request names them the same.
      const next = buildRequest(
        'anthropic',
        {
          model: MODELS.anthropic,
          messages: [
            ...conversation,
            { role: 'assistant', content: 'Sunny.' },
            { role: 'user', content: 'More?' },
          ],
        },
        RICH,
      );
      expect((next.messages as unknown[]).slice(0, 3)).toEqual(body.messages);
      // Other wires take the id as it is.
      const openai = buildRequest('openai', { model: MODELS.openai, messages: conversation }, RICH);
      expect(JSON.stringify(openai)).toContain('"tool_call_id":"functions.get_weather:0"');
    }
  });
});

describe('Responses call ids (responses-call-id-length)', () => {
  it('keeps an id of up to 64 characters and shortens a longer one, the same for call and output', () => {
    expect(responsesCallId('c'.repeat(64))).toBe('c'.repeat(64));
    // SHA-256 of 65 "c"s, first 40 hex digits (sha256sum of `printf 'c%.0s' {1..65}`).
    expect(responsesCallId('c'.repeat(65))).toBe(
      'call_cw_b30855e510446ac34706c5acafeedefd5122fe94',
    );
    const long = createCall('x'.repeat(80));
    const body = buildRequest('responses', {
      model: MODELS.responses,
      messages: [
        { role: 'user', content: 'Go' },
        { role: 'assistant', content: '', toolCalls: [long] },
        {
          role: 'tool',
          results: [new ToolResult({ name: 'get_weather', id: long.id, content: [] })],
        },
      ],
    });
    const [, call, output] = body.input as Record<string, unknown>[];
    expect(call?.call_id).toBe(output?.call_id);
    expect(String(call?.call_id)).toHaveLength(48);
    expect(SIMULATOR_WIRES.responses.inspect(body, '/responses').violations).toEqual([]);
  });
});

function createCall(id: string): ToolCall {
  return parseResponse('openai', {
    choices: [
      {
        message: {
          role: 'assistant',
          tool_calls: [
            { id, type: 'function', function: { name: 'get_weather', arguments: '{}' } },
          ],
        },
      },
    ],
  }).toolCalls[0] as ToolCall;
}

describe('images of provider messages that a wire needs as bytes', () => {
  it('are listed by imagesNeedingBytes, and the request builds with the same Image objects', () => {
    const conversation: ConversationMessage[] = [
      providerMessage('anthropic', {
        role: 'user',
        content: [
          { type: 'text', text: 'What is this?' },
          { type: 'image', source: { type: 'url', url: 'https://example.com/cat.png' } },
        ],
      }),
    ];
    const first = imagesNeedingBytes('gemini', conversation);
    expect(first).toHaveLength(1);
    expect(first[0]).toBeInstanceOf(Image);
    expect(imagesNeedingBytes('gemini', conversation)[0]).toBe(first[0]);
    // Anthropic takes the URL itself: nothing to fetch there.
    expect(imagesNeedingBytes('anthropic', conversation)).toEqual([]);
  });
});

describe('through an engine', () => {
  it("a gemini engine builds on an anthropic loop's provider messages", async () => {
    const warnings: string[] = [];
    const gemini = createEngine({
      provider: 'gemini',
      model: MODELS.gemini,
      apiKey: 'k',
      onWarning: (warning) => warnings.push(warning.code),
    });
    const body = reply('anthropic', 'thinking');
    const parsed = parseResponse('anthropic', body).toolCalls;
    const messages: ConversationMessage[] = [
      { role: 'user', content: 'Weather in Berlin?' },
      ...formatToolResults(
        'anthropic',
        body,
        parsed.map((call, index) => richResult(call.name, call.id, index)),
        RICH,
      ),
      { role: 'user', content: 'And tomorrow?' },
    ];
    const built = await gemini.buildRequest(messages);
    const { violations, toolResults } = SIMULATOR_WIRES.gemini.inspect(
      built,
      DIALECTS.gemini.path(MODELS.gemini),
    );
    expect(violations).toEqual([]);
    expect(toolResults.map((result) => result.name)).toEqual(parsed.map((call) => call.name));
    expect(warnings).toContain('cross_wire_reasoning_dropped');
  });
});

describe('anthropic with extended thinking: an open tool cycle from another wire (anthropic-thinking-tool-cycle)', () => {
  const THINKING = { thinking: { type: 'enabled', budget_tokens: 1024 } };
  function build(from: WireFormat, extra?: Record<string, unknown>) {
    const warnings: string[] = [];
    const body = buildRequest(
      'anthropic',
      {
        model: MODELS.anthropic,
        messages: [{ role: 'user', content: 'Weather?' }, ...parallelTurn(from)],
        ...(extra === undefined ? {} : { extra }),
      },
      { ...RICH, onWarning: (warning) => warnings.push(warning.code) },
    );
    const { violations } = SIMULATOR_WIRES.anthropic.inspect(body, '/v1/messages');
    return { warnings, violations };
  }

  it('is refused by the API, so the builder warns and the simulator refuses it', () => {
    const { warnings, violations } = build('openai', THINKING);
    expect(warnings).toContain('anthropic_thinking_block_missing');
    expect(violations.join('\n')).toContain('must start with a thinking block');
  });

  it('needs nothing without thinking, or when the cycle carries its own thinking block', () => {
    expect(build('openai').warnings).not.toContain('anthropic_thinking_block_missing');
    const body = reply('anthropic', 'thinking');
    const calls = parseResponse('anthropic', body).toolCalls;
    const warnings: string[] = [];
    const own = buildRequest(
      'anthropic',
      {
        model: MODELS.anthropic,
        messages: [
          { role: 'user', content: 'Weather?' },
          ...formatToolResults(
            'anthropic',
            body,
            calls.map((call, index) => richResult(call.name, call.id, index)),
            RICH,
          ),
        ],
        extra: THINKING,
      },
      { ...RICH, onWarning: (warning) => warnings.push(warning.code) },
    );
    expect(warnings).not.toContain('anthropic_thinking_block_missing');
    expect(SIMULATOR_WIRES.anthropic.inspect(own, '/v1/messages').violations).toEqual([]);
  });
});
