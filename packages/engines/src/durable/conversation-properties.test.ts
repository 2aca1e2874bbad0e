// Property: for any conversation of any entry kinds, on any wire and dialect options, the
// conversation loaded from its stored JSON builds the byte-identical request body.
import { Image } from '@crosswire/content-image';
import { createToolCall, WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import {
  buildRequest,
  type ConversationMessage,
  type DialectOptions,
  formatToolResults,
  parseResponse,
  wireMessage,
} from '@crosswire/dialects';
import { ToolResult } from '@crosswire/tool-result';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MODELS, PIXEL_PNG, reply, TOOLS } from '../../../../test-support/dialect-conversation.js';
import { TINY_PDF } from '../test-support/durable-conversation.js';
import { parseConversation, serializeConversation } from './conversation.js';

const quiet = { onWarning: () => {} };
const text = fc.string({ maxLength: 30, unit: 'grapheme' });
const detail = fc.option(fc.constantFrom('low', 'high', 'auto'), { nil: undefined });
/** A payload with a media type its bytes agree with (or none). */
const payload = fc.oneof(
  fc.tuple(fc.constant(PIXEL_PNG), fc.constantFrom('image/png', undefined)),
  fc.tuple(
    fc
      .uint8Array({ minLength: 1, maxLength: 24 })
      .map((bytes) => Buffer.from(bytes).toString('base64')),
    fc.constant(undefined),
  ),
);

const image = fc.oneof(
  fc
    .tuple(payload, detail)
    .map(([[data, type], hint]) => Image.fromBase64(data, { mediaType: type, detail: hint })),
  fc
    .tuple(fc.constantFrom('image/png', undefined), detail)
    .map(([type, hint]) =>
      Image.fromUrl(`data:${type ?? ''};base64,${PIXEL_PNG}`, { detail: hint }),
    ),
  fc
    .tuple(fc.webUrl(), fc.constantFrom('image/png', 'image/jpeg', undefined), detail)
    .map(([url, type, hint]) => Image.fromUrl(url, { mediaType: type, detail: hint })),
  // An MCP image block, as a user part takes it.
  fc
    .tuple(fc.constant(PIXEL_PNG), fc.constantFrom('image/png', 'image/jpeg'))
    .map(([data, mimeType]) => ({ type: 'image' as const, data, mimeType })),
);

const json = fc.jsonValue({ maxDepth: 2 });

const block = fc.oneof(
  text.map((value) => ({ type: 'text', text: value })),
  fc.constant({ type: 'image', data: PIXEL_PNG, mimeType: 'image/png' }),
  fc.constant({ type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }),
  text.map((value) => ({ type: 'resource', resource: { uri: 'file:///a.txt', text: value } })),
  fc.constant({
    type: 'resource',
    resource: { uri: 'file:///r.pdf', mimeType: 'application/pdf', blob: TINY_PDF },
  }),
  fc.constant({
    type: 'document',
    source: { type: 'base64', media_type: 'application/pdf', data: TINY_PDF },
  }),
  fc.constant({ type: 'resource_link', uri: 'https://example.com/r', name: 'r' }),
  json.map((value) => ({ type: 'json', value })),
  fc.constant({ type: 'video', uri: 'https://example.com/v.mp4', mimeType: 'video/mp4' }),
);

function result(name: string, id: string) {
  return fc
    .record({
      content: fc.array(block, { maxLength: 4 }),
      isError: fc.boolean(),
      structured: fc.option(fc.dictionary(fc.string({ maxLength: 5 }), json, { maxKeys: 2 }), {
        nil: undefined,
      }),
    })
    .map(
      ({ content, isError, structured }) =>
        new ToolResult({ name, id, content, isError, structuredContent: structured }, quiet),
    );
}

function toolCall(wire: WireFormat) {
  return fc
    .record({
      name: fc.constantFrom('get_weather', 'screenshot', 'unknown_tool'),
      id: fc.stringMatching(/^call_[a-z0-9]{1,6}$/),
      arguments: fc.oneof(
        fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), json, { maxKeys: 3 }),
        fc.string({ maxLength: 12 }),
      ),
    })
    .map((init) => createToolCall({ ...init, wire, raw: { id: init.id, name: init.name } }));
}

const FIXTURES = ['tool-calls', 'parallel-calls', 'text'];

function message(wire: WireFormat): fc.Arbitrary<ConversationMessage[]> {
  const user = fc
    .oneof(
      text,
      fc.array(
        fc.oneof(
          text,
          text.map((value) => ({ type: 'text' as const, text: value })),
          image,
        ),
        { maxLength: 4 },
      ),
    )
    .map((content) => [{ role: 'user' as const, content }]);
  const system = text.map((content) => [{ role: 'system' as const, content }]);
  const assistant = fc
    .record({
      content: text,
      toolCalls: fc.option(fc.array(toolCall(wire), { maxLength: 3 }), { nil: undefined }),
    })
    .map(({ content, toolCalls }) => [
      { role: 'assistant' as const, content, ...(toolCalls ? { toolCalls } : {}) },
    ]);
  const tool = fc
    .array(result('get_weather', 'call_1'), { minLength: 1, maxLength: 3 })
    .map((results) => [{ role: 'tool' as const, results }]);
  const provider = fc.constantFrom(...FIXTURES).chain((fixture) => {
    const body = reply(wire, fixture);
    const calls = parseResponse(wire, body).toolCalls;
    return fc
      .tuple(...calls.map((call) => result(call.name, call.id)))
      .map((results) => formatToolResults(wire, body, results));
  });
  const wrapped = fc
    .dictionary(fc.constantFrom('role', 'content', 'extra'), json, { maxKeys: 3 })
    .map((value) => [wireMessage(wire, value)]);
  return fc.oneof(user, system, assistant, tool, provider, wrapped);
}

const options: fc.Arbitrary<DialectOptions> = fc.record(
  {
    imageInput: fc.boolean(),
    nativePdf: fc.boolean(),
    inlineImages: fc.boolean(),
    imageFallback: fc.constantFrom('none' as const, 'user-message' as const),
    sourceBlocks: fc.boolean(),
  },
  { requiredKeys: [] },
);

function requestText(
  wire: WireFormat,
  messages: readonly ConversationMessage[],
  dialect: DialectOptions,
): string {
  try {
    return JSON.stringify(
      buildRequest(wire, { model: MODELS[wire], messages, tools: TOOLS }, { ...dialect, ...quiet }),
    );
  } catch (error) {
    return `threw ${(error as { code?: string }).code ?? String(error)}`;
  }
}

describe('a loaded conversation builds the byte-identical request', () => {
  test.each(WIRE_FORMATS)('%s', (wire) => {
    let built = 0;
    fc.assert(
      fc.property(
        fc.array(message(wire), { minLength: 1, maxLength: 6 }).map((parts) => parts.flat()),
        options,
        (conversation, dialect) => {
          const stored = JSON.stringify(serializeConversation(conversation));
          const loaded = parseConversation(stored);
          const expected = requestText(wire, conversation, dialect);
          expect(requestText(wire, loaded, dialect)).toBe(expected);
          expect(JSON.stringify(serializeConversation(loaded))).toBe(stored);
          if (expected.startsWith('{')) built += 1;
        },
      ),
      { numRuns: 60 },
    );
    // Most runs build a request (not only refusals that agree).
    expect(built).toBeGreaterThan(20);
  });
});
