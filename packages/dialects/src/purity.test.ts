import { WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { callFrozen } from '../../../test-support/deep-freeze.js';
import {
  canonicalConversation,
  echoedConversation,
  reply,
  resultFor,
} from '../../../test-support/dialect-conversation.js';
import {
  applyPromptCache,
  buildRequest,
  formatToolResults,
  overLimitImages,
  parseResponse,
  preflight,
  responseTextContent,
  responseToolCalls,
  toolLoopCalls,
  toolLoopResponse,
} from './index.js';
import { mergeExtra } from './support/extra.js';

// The package is documented pure: no function changes what it is given. Each is called on a
// deeply frozen input (a write throws) and the input compared with a copy taken before.

const EXPECTED_WARNINGS: Record<WireFormat, string[]> = {
  openai: [],
  responses: [],
  anthropic: ['temperature_unsupported'],
  gemini: [],
  ollama: ['tool_choice_unsupported'],
  hermes: ['tool_choice_unsupported'],
  bedrock: [],
};

describe.each(WIRE_FORMATS.map((wire) => [wire] as const))('%s: pure', (wire: WireFormat) => {
  it('buildRequest leaves the request (messages, tools, extra) as it was', () => {
    const heard: string[] = [];
    const onWarning = (warning: { code: string }) => heard.push(warning.code);
    callFrozen(canonicalConversation(wire), (request) =>
      buildRequest(wire, request, { onWarning }),
    );
    callFrozen({ ...echoedConversation(wire), extra: { metadata: { run: 'r1' } } }, (request) =>
      buildRequest(wire, request, { onWarning }),
    );
    // What the two requests ask that the wire cannot do: a forced tool choice, a temperature.
    expect(heard).toEqual(EXPECTED_WARNINGS[wire]);
  });

  it('reading a reply leaves the reply body as it was', () => {
    const calls = callFrozen(reply(wire, 'tool-calls'), (body) => {
      toolLoopResponse(wire, body);
      responseToolCalls(wire, body);
      responseTextContent(wire, body);
      return parseResponse(wire, body).toolCalls;
    });
    expect(calls.length).toBeGreaterThan(0);
  });

  it('formatToolResults leaves the reply body and the results as they were', () => {
    const body = reply(wire, 'tool-calls');
    const results = parseResponse(wire, body).toolCalls.map(resultFor);
    const messages = callFrozen(body, (frozen) => formatToolResults(wire, frozen, results));
    expect(messages.length).toBeGreaterThan(0);
  });

  it('preflight leaves the body as it was', () => {
    // The warnings building this request gives are asserted in the test above.
    const body = buildRequest(wire, canonicalConversation(wire), { onWarning: () => {} });
    callFrozen(body, (frozen) => preflight(frozen, { wire }));
  });
});

describe('pure: the body-rewriting functions', () => {
  const anthropicBody = () => ({
    model: 'claude-sonnet-5-5',
    max_tokens: 1024,
    system: [{ type: 'text', text: 'You are terse.', cache_control: { type: 'ephemeral' } }],
    messages: [
      { role: 'user', content: 'What is the weather?' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'a', input: {} }] },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 't1',
            content: [
              { type: 'text', text: 'sun', cache_control: { type: 'ephemeral', ttl: '1h' } },
            ],
          },
        ],
      },
    ],
  });

  it('applyPromptCache places breakpoints (and raises TTLs) in a copy', () => {
    // A five-minute breakpoint before a one-hour one: the repair raises it, in the copy.
    const heard: string[] = [];
    const out = callFrozen(anthropicBody(), (body) =>
      applyPromptCache('anthropic', body, {
        setting: 'auto',
        model: 'claude-sonnet-5-5',
        onWarning: (warning) => heard.push(warning.code),
      }),
    );
    expect(out.system).toEqual([
      { type: 'text', text: 'You are terse.', cache_control: { type: 'ephemeral', ttl: '1h' } },
    ]);
    expect(heard).toEqual(['prompt_cache_ttl_raised']);
    callFrozen({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'Hi' }] }, (body) =>
      applyPromptCache('openai', body, { setting: 'auto', loopId: 'loop-1' }),
    );
  });

  it('mergeExtra merges into a copy', () => {
    const heard: string[] = [];
    const out = callFrozen(
      { body: anthropicBody(), extra: { metadata: { user_id: 'u' }, max_tokens: 64 } },
      ({ body, extra }) =>
        mergeExtra('anthropic', body, extra, (warning) => heard.push(warning.code)),
    );
    expect(out.max_tokens).toBe(64);
    expect(heard).toEqual(['extra_overrides']);
  });

  it('toolLoopCalls drops a cut-off call from a copy of the body', () => {
    const body = {
      choices: [
        {
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'a',
                type: 'function',
                function: { name: 'f', arguments: '{"city":"Berlin"}' },
              },
              { id: 'b', type: 'function', function: { name: 'f', arguments: '{"city":"Par' } },
            ],
          },
          finish_reason: 'length',
        },
      ],
    };
    const heard: string[] = [];
    const { calls, data } = callFrozen(body, (frozen) =>
      toolLoopCalls(parseResponse('openai', frozen), frozen, {
        wire: 'openai',
        onWarning: (warning) => heard.push(warning.code),
      }),
    );
    expect(calls.map((call) => call.id)).toEqual(['a']);
    expect(JSON.stringify(data)).not.toContain('"Par');
    expect(heard).toEqual(['tool_call_arguments_truncated']);
  });

  it('overLimitImages reads the body without writing to it', () => {
    callFrozen(anthropicBody(), (body) => overLimitImages(body, 'anthropic'));
  });
});
