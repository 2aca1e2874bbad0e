import {
  type CrosswireWarning,
  ToolLoopError,
  WIRE_FORMATS,
  type WireFormat,
} from '@crosswire/core';
import { ToolResult } from '@crosswire/tool-result';
import { describe, expect, it } from 'vitest';
import { PIXEL_PNG, reply, resultFor } from '../../../test-support/dialect-conversation.js';
import {
  type DialectOptions,
  formatToolResults,
  parseResponse,
  toolLoopCalls,
  toolLoopResponse,
} from './dialect.js';
import { toolResultImages } from './dialect-images.js';
import { isProviderMessage, PROVIDER_MESSAGE_WIRE } from './messages.js';
import { asJson, golden } from './test-support/dialect-golden.js';

function turn(wire: WireFormat, name: string, options: DialectOptions = {}) {
  const body = reply(wire, name);
  const calls = parseResponse(wire, body, options).toolCalls;
  return formatToolResults(wire, body, calls.map(resultFor), options);
}

describe.each(WIRE_FORMATS)('%s tool turns', (wire) => {
  it('parallel calls: the echo plus one result block per call, as a list (golden)', () => {
    const messages = asJson(turn(wire, 'parallel-calls', { imageInput: true }));
    expect(messages).toEqual(golden(`tool-turns/${wire}-parallel.json`, messages));
  });

  it('thinking: the echo carries the reasoning back (golden)', () => {
    const name = wire === 'openai' ? 'thinking-deepseek' : 'thinking';
    const messages = asJson(turn(wire, name));
    expect(messages).toEqual(golden(`tool-turns/${wire}-thinking.json`, messages));
  });

  it("every element is the provider's own message, marked with the wire", () => {
    for (const message of turn(wire, 'tool-calls')) {
      expect(isProviderMessage(message)).toBe(true);
      expect(message[PROVIDER_MESSAGE_WIRE]).toBe(wire);
      expect(Object.keys(message)).not.toContain('wire');
    }
  });

  it('warns when the results do not answer the calls one to one', () => {
    const warnings: string[] = [];
    const body = reply(wire, 'parallel-calls');
    const calls = parseResponse(wire, body).toolCalls;
    formatToolResults(wire, body, calls.slice(1).map(resultFor), {
      onWarning: (w) => warnings.push(w.code),
    });
    expect(warnings).toEqual(['tool_results_mismatch']);
  });
});

describe('the shapes each wire needs', () => {
  it('anthropic: all results in ONE user message', () => {
    const messages = turn('anthropic', 'parallel-calls');
    expect(messages).toHaveLength(2);
    const results = messages[1] as unknown as {
      role: string;
      content: { type: string; tool_use_id: string }[];
    };
    expect(results.role).toBe('user');
    expect(results.content.map((block) => block.tool_use_id)).toEqual([
      'toolu_01Berlin9qw90lq917835lq9',
      'toolu_01Paris99qw90lq917835lq9',
      'toolu_01Shot999qw90lq917835lq9',
    ]);
  });

  it('anthropic: thinking blocks go back with their signatures', () => {
    const echo = turn('anthropic', 'thinking')[0] as unknown as {
      content: { type: string; signature?: string }[];
    };
    expect(echo.content.map((block) => block.type)).toEqual([
      'thinking',
      'redacted_thinking',
      'tool_use',
    ]);
    expect(echo.content[0]?.signature).toMatch(/^WaUjzky/);
  });

  it('gemini: one user content with a functionResponse part per call; thought signatures kept', () => {
    const messages = turn('gemini', 'thinking');
    expect(messages).toHaveLength(2);
    const echo = messages[0] as unknown as { role: string; parts: Record<string, unknown>[] };
    expect(echo.role).toBe('model');
    expect(echo.parts.map((part) => part.thoughtSignature)).toEqual([
      undefined,
      'CiQB0e2KLXRleHQtc2lnbmF0dXJl',
      'CiQB0e2KLXRoaW5raW5nLWNhbGwtc2ln',
    ]);
  });

  it('openai: DeepSeek reasoning_content and OpenRouter reasoning / reasoning_details go back', () => {
    const deepseek = turn('openai', 'thinking-deepseek')[0] as Record<string, unknown>;
    expect(deepseek.reasoning_content).toMatch(/^The user wants/);
    const openrouter = turn('openai', 'thinking-openrouter')[0] as Record<string, unknown>;
    expect(openrouter.reasoning).toBe('Need live data, so call the weather tool.');
    expect(openrouter.reasoning_details).toEqual([
      expect.objectContaining({ type: 'reasoning.text', signature: 'EqQBCkgIBxABGAIiQL1t' }),
    ]);
  });

  it('ollama: thinking goes back', () => {
    const echo = turn('ollama', 'thinking')[0] as Record<string, unknown>;
    expect(echo.thinking).toBe('The user wants the weather in Berlin, so I call get_weather.');
  });

  it('responses: reasoning items and function_call items, then one function_call_output each', () => {
    const items = turn('responses', 'thinking').map(
      (message) => (message as unknown as { type: string }).type,
    );
    expect(items).toEqual(['reasoning', 'function_call', 'function_call_output']);
  });

  it('hermes: the assistant text, then one tool message per result; resultRole user and responseTag honoured', () => {
    const messages = turn('hermes', 'parallel-calls', {
      hermes: { resultRole: 'user', responseTag: 'fn_response' },
    });
    expect(messages.map((message) => (message as unknown as { role: string }).role)).toEqual([
      'assistant',
      'user',
      'user',
      'user',
    ]);
    expect((messages[1] as { content?: string } | undefined)?.content).toMatch(
      /^<fn_response>\n\{"name":"get_weather"/,
    );
  });
});

describe("imageFallback: 'user-message'", () => {
  const options: DialectOptions = { imageFallback: 'user-message', imageInput: true };

  it.each(['openai', 'ollama', 'hermes'] as const)(
    '%s: one user message with the images follows the results (golden)',
    (wire) => {
      const messages = asJson(turn(wire, 'parallel-calls', options));
      expect(messages).toEqual(golden(`tool-turns/${wire}-image-fallback.json`, messages));
      const last = (messages as { role: string }[]).at(-1);
      expect(last?.role).toBe('user');
    },
  );

  it('openai: the user message carries the PNG as a data: URL and names the call', () => {
    const last = turn('openai', 'parallel-calls', options).at(-1);
    expect(last).toEqual({
      role: 'user',
      content: [
        {
          type: 'text',
          text: 'The tool results above returned 1 image(s), attached here in order: screenshot (call_xW0mzC8B8Qd4mQh8Jx1l5gYF).',
        },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${PIXEL_PNG}` } },
      ],
    });
  });

  it('ollama: raw base64 in images', () => {
    const last = turn('ollama', 'parallel-calls', options).at(-1) as unknown as {
      images: string[];
    };
    expect(last.images).toEqual([PIXEL_PNG]);
  });

  it('leaves out bytes that are not the image they claim, with a warning', () => {
    const warnings: CrosswireWarning[] = [];
    const html = Buffer.from('<html>not a png</html>').toString('base64');
    const results = [
      new ToolResult({
        name: 'shot',
        id: 'call_1',
        content: [
          { type: 'image', data: html, mimeType: 'image/png' },
          { type: 'image', data: '', mimeType: 'image/jpeg' },
          { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' },
        ],
      }),
    ];
    const images = toolResultImages(results, { onWarning: (w) => warnings.push(w) });
    expect(images).toEqual([
      { toolName: 'shot', callId: 'call_1', mediaType: 'image/png', base64: PIXEL_PNG },
    ]);
    expect(warnings).toEqual([
      {
        code: 'image_bytes_mismatch',
        message:
          'the bytes of an image labelled image/png from tool shot are not image/png; it is not attached',
        details: { toolName: 'shot', callId: 'call_1', mediaType: 'image/png' },
      },
      {
        code: 'image_bytes_mismatch',
        message:
          'the bytes of an image labelled image/jpeg from tool shot are not image/jpeg; it is not attached',
        details: { toolName: 'shot', callId: 'call_1', mediaType: 'image/jpeg' },
      },
    ]);
  });

  it('is off by default, without imageInput, and when no result has an image', () => {
    const count = (wire: WireFormat, name: string, opts: DialectOptions) =>
      turn(wire, name, opts).length;
    expect(count('openai', 'parallel-calls', { imageInput: true })).toBe(4);
    expect(count('openai', 'parallel-calls', { imageFallback: 'user-message' })).toBe(4);
    expect(count('openai', 'tool-calls', options)).toBe(2);
  });

  it('the result block keeps its placeholder', () => {
    const shot = turn('openai', 'parallel-calls', options)[3] as unknown as { content: string };
    expect(shot.content).toContain('[image] image/png');
  });
});

describe('toolLoopCalls', () => {
  it('a reply that did not hit its limit: calls and body unchanged', () => {
    const body = reply('openai', 'parallel-calls');
    const response = toolLoopResponse('openai', body);
    const { calls, body: same } = toolLoopCalls(response);
    expect(calls).toEqual(response.toolCalls);
    expect(same).toBe(body);
  });

  it.each([
    ['openai', 'truncated', 'length'],
    ['responses', 'truncated', 'incomplete'],
    ['hermes', 'truncated', 'length'],
  ] as const)(
    '%s: drops the undecodable call, warns once naming it, returns a body without it',
    (wire, name, reason) => {
      const body = reply(wire, name);
      const response = toolLoopResponse(wire, body);
      expect(response.finishReason).toBe(reason);
      const warnings: { code: string; message: string }[] = [];
      const result = toolLoopCalls(response, body, { onWarning: (w) => warnings.push(w) });
      expect(result.calls.map((call) => call.name)).toEqual(['get_weather']);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]?.code).toBe('tool_call_arguments_truncated');
      expect(warnings[0]?.message).toContain('write_file');
      expect(warnings[0]?.message).toContain(`finish_reason ${reason}`);
      // The pruned body gives the next turn no call without a result.
      expect(toolLoopResponse(wire, result.body).toolCalls.map((call) => call.name)).toEqual([
        'get_weather',
      ]);
      expect(toolLoopResponse(wire, body).toolCalls).toHaveLength(2); // the input is not mutated
      const echo = formatToolResults(wire, result.body, result.calls.map(resultFor), {
        onWarning: () => {},
      });
      expect(asJson(echo)).toEqual(golden(`tool-turns/${wire}-truncated.json`, echo));
    },
  );

  it('every call cut off: ToolLoopError tool_call_arguments_truncated with the seed wording', () => {
    const response = toolLoopResponse('openai', reply('openai', 'truncated-all'));
    let caught: unknown;
    try {
      toolLoopCalls(response);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ToolLoopError);
    expect((caught as ToolLoopError).code).toBe('tool_call_arguments_truncated');
    expect((caught as ToolLoopError).message).toBe(
      'tool call arguments truncated (finish_reason length); raise maxTokens',
    );
  });

  it('an undecodable call on a reply that did not hit its limit is kept (the loop answers it with an error result)', () => {
    const body = structuredClone(reply('openai', 'truncated')) as {
      choices: { finish_reason: string }[];
    };
    (body.choices[0] as { finish_reason: string }).finish_reason = 'tool_calls';
    const { calls } = toolLoopCalls(toolLoopResponse('openai', body));
    expect(calls.map((call) => call.argumentsUndecodable)).toEqual([false, true]);
  });

  it('MAX_TOKENS and max_tokens count as the limit too', () => {
    const gemini = toolLoopResponse('gemini', reply('gemini', 'truncated'));
    expect(gemini.finishReason).toBe('MAX_TOKENS');
    expect(toolLoopCalls(gemini).calls).toEqual([]);
    const anthropic = toolLoopResponse('anthropic', reply('anthropic', 'truncated'));
    expect(anthropic.finishReason).toBe('max_tokens');
    expect(toolLoopCalls(anthropic).calls.map((call) => call.name)).toEqual(['write_file']);
  });
});

describe('toolLoopResponse on hermes', () => {
  it('lifts the <tool_call> tags and strips them from the text', () => {
    const response = toolLoopResponse('hermes', reply('hermes', 'tool-calls'));
    expect(response.content).toBe("I'll look that up.");
    expect(response.toolCalls.map((call) => [call.name, call.arguments])).toEqual([
      ['get_weather', { city: 'Berlin' }],
    ]);
  });

  it('with thinkTagFilter a call inside the thinking is not run; without it, it is', () => {
    expect(
      toolLoopResponse('hermes', reply('hermes', 'thinking'), {
        thinkTagFilter: true,
      }).toolCalls.map((c) => c.name),
    ).toEqual(['get_weather']);
    expect(
      toolLoopResponse('hermes', reply('hermes', 'thinking')).toolCalls.map((c) => c.name),
    ).toEqual(['draft', 'get_weather']);
  });

  it('a custom call tag', () => {
    const body = {
      choices: [
        {
          message: {
            role: 'assistant',
            content: '<function_call>{"name":"a","arguments":{}}</function_call>',
          },
        },
      ],
    };
    expect(
      toolLoopResponse('hermes', body, { hermes: { callTag: 'function_call' } }).toolCalls.map(
        (c) => c.name,
      ),
    ).toEqual(['a']);
  });
});

describe('ToolResult errors reach the wire', () => {
  it('anthropic is_error', () => {
    const body = reply('anthropic', 'tool-calls');
    const [call] = parseResponse('anthropic', body).toolCalls;
    const result = new ToolResult({
      name: call?.name,
      id: call?.id,
      content: [{ type: 'text', text: 'unknown tool get_weather' }],
      isError: true,
    });
    const message = formatToolResults('anthropic', body, [result])[1] as unknown as {
      content: { is_error?: boolean }[];
    };
    expect(message.content[0]?.is_error).toBe(true);
  });
});
