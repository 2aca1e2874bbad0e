// Property (issue 13): a conversation of canonical messages, its calls made on any wire (or by
// hand), continues on every wire with a request the strict simulator accepts; including a
// conversation that switches wire mid-way (each turn's calls come from a different wire), and
// one whose turns are the provider messages of the wire that made them (what runToolLoop
// returns), read back by that wire's reader wherever the conversation goes next.
import { createToolCall, type ToolCall, WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import type { ChatMessage, ConversationMessage } from '@crosswire/dialects';
import { buildRequest, DIALECTS, formatToolResults, parseResponse } from '@crosswire/dialects';
import { SIMULATOR_WIRES } from '@crosswire/simulator';
import { ToolResult } from '@crosswire/tool-result';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PIXEL_PNG, TOOLS } from '../../../test-support/dialect-conversation.js';

const MODELS: Record<WireFormat, string> = {
  openai: 'gpt-6.1-sol',
  anthropic: 'claude-sonnet-5-5',
  gemini: 'gemini-3-flash-preview',
  ollama: 'llama3.2',
  responses: 'gpt-6.1-sol',
  hermes: 'NousResearch/Hermes-3-Llama-3.1-8B',
  bedrock: 'us.anthropic.claude-sonnet-4-6',
};

/** Ids as each wire's provider mints them; '' where the wire has none. */
const ID_STYLE: Record<WireFormat, (index: number) => string> = {
  openai: (index) => `call_${index}abc`,
  anthropic: (index) => `toolu_0${index}X`,
  gemini: () => '',
  ollama: (index) => (index % 2 === 0 ? '' : `call_${index}`),
  responses: (index) => `call_r${index}`,
  hermes: () => '',
  bedrock: (index) => `tooluse_${index}Q`,
};

const text = fc.string({ minLength: 0, maxLength: 12 });
const content = fc.oneof(
  fc.record({ type: fc.constant('text' as const), text }),
  fc.constant({ type: 'image' as const, data: PIXEL_PNG, mimeType: 'image/png' }),
);

const turn = fc.record({
  wire: fc.constantFrom(...WIRE_FORMATS),
  text,
  calls: fc.array(
    fc.record({
      name: fc.constantFrom('get_weather', 'screenshot'),
      city: text,
      content: fc.array(content, { maxLength: 3 }),
      isError: fc.boolean(),
    }),
    { minLength: 1, maxLength: 3 },
  ),
});

type Turn = typeof turn extends fc.Arbitrary<infer T> ? T : never;

function conversation(turns: readonly Turn[], userText: string): ChatMessage[] {
  const messages: ChatMessage[] = [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: `${userText}?` },
  ];
  let counter = 0;
  for (const step of turns) {
    const calls: ToolCall[] = step.calls.map((call) => {
      counter += 1;
      return createToolCall({
        name: call.name,
        id: ID_STYLE[step.wire](counter),
        arguments: { city: call.city },
        wire: step.wire,
      });
    });
    messages.push({ role: 'assistant', content: step.text, toolCalls: calls });
    messages.push({
      role: 'tool',
      results: calls.map(
        (call, index) =>
          new ToolResult(
            {
              name: call.name,
              id: call.id,
              content: step.calls[index]?.content ?? [],
              isError: step.calls[index]?.isError ?? false,
            },
            { onWarning: () => {} },
          ),
      ),
    });
  }
  messages.push({ role: 'assistant', content: 'Done.' });
  messages.push({ role: 'user', content: 'Thanks!' });
  return messages;
}

describe('every conversation, begun on any wire, continues on every wire', () => {
  it.each(WIRE_FORMATS)('the simulator accepts what %s builds', (wire) => {
    fc.assert(
      fc.property(fc.array(turn, { minLength: 1, maxLength: 3 }), text, (turns, userText) => {
        const body = buildRequest(
          wire,
          { model: MODELS[wire], messages: conversation(turns, userText), tools: TOOLS },
          { imageInput: true, imageFallback: 'user-message', onWarning: () => {} },
        );
        const path = DIALECTS[wire].path(MODELS[wire]);
        const { violations } = SIMULATOR_WIRES[wire].inspect(body, path);
        expect(violations).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});

/** The turn as `step.wire`'s provider replied it (rendered by its simulator) and answered it. */
function providerTurn(step: Turn, turnIndex: number): ConversationMessage[] {
  const body = SIMULATOR_WIRES[step.wire].reply(
    {
      type: 'tool_calls',
      text: step.text,
      calls: step.calls.map((call) =>
        call.name === 'screenshot'
          ? { name: call.name, arguments: { url: call.city } }
          : { name: call.name, arguments: { city: call.city } },
      ),
    },
    { model: MODELS[step.wire], turn: turnIndex + 1 },
  );
  const calls = parseResponse(step.wire, body, { onWarning: () => {} }).toolCalls;
  const results = calls.map(
    (call, index) =>
      new ToolResult(
        {
          name: call.name,
          id: call.id,
          content: step.calls[index]?.content ?? [],
          isError: step.calls[index]?.isError ?? false,
        },
        { onWarning: () => {} },
      ),
  );
  return formatToolResults(step.wire, body, results, {
    imageInput: true,
    nativePdf: true,
    imageFallback: 'user-message',
    onWarning: () => {},
  });
}

describe('a conversation of provider messages from changing wires continues on every wire', () => {
  it.each(WIRE_FORMATS)('the simulator accepts what %s builds', (wire) => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ step: turn, provider: fc.boolean() }), { minLength: 1, maxLength: 3 }),
        text,
        (turns, userText) => {
          const canonical = conversation(
            turns.map((entry) => entry.step),
            userText,
          );
          // Swap each provider turn's canonical pair (assistant + tool) for its provider messages.
          const messages: ConversationMessage[] = canonical.slice(0, 2);
          turns.forEach((entry, index) => {
            const pair = canonical.slice(2 + index * 2, 4 + index * 2);
            messages.push(...(entry.provider ? providerTurn(entry.step, index) : pair));
          });
          messages.push(...canonical.slice(2 + turns.length * 2));
          const body = buildRequest(
            wire,
            { model: MODELS[wire], messages, tools: TOOLS },
            { imageInput: true, imageFallback: 'user-message', onWarning: () => {} },
          );
          const path = DIALECTS[wire].path(MODELS[wire]);
          const { violations } = SIMULATOR_WIRES[wire].inspect(body, path);
          expect(violations).toEqual([]);
        },
      ),
      { numRuns: 40 },
    );
  });
});
