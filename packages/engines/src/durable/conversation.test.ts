import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Image } from '@crosswire/content-image';
import { createToolCall, WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import {
  buildRequest,
  type ConversationMessage,
  type DialectOptions,
  isProviderMessage,
  PROVIDER_MESSAGE_WIRE,
  providerMessage,
  wireMessage,
} from '@crosswire/dialects';
import { ToolResult } from '@crosswire/tool-result';
import { describe, expect, test } from 'vitest';
import { MODELS, TOOLS } from '../../../../test-support/dialect-conversation.js';
import { richConversation } from '../test-support/durable-conversation.js';
import { FIXTURES, golden, readFixture } from '../test-support/engine-golden.js';
import {
  CONVERSATION_FORMAT,
  CONVERSATION_VERSION,
  parseConversation,
  serializeConversation,
} from './conversation.js';
import { ConversationError } from './errors.js';

const SKY = 'https://example.com/sky.png';

/** The request body of `wire` for `messages` as the text sent, or the error code it threw. */
function requestText(
  wire: WireFormat,
  messages: readonly ConversationMessage[],
  options: DialectOptions = {},
): string {
  try {
    const body = buildRequest(
      wire,
      { model: MODELS[wire], messages, tools: TOOLS, maxTokens: 512 },
      { imageInput: true, nativePdf: true, ...options },
    );
    return JSON.stringify(body);
  } catch (error) {
    return `threw ${(error as { code?: string }).code ?? String(error)}`;
  }
}

function thrown(run: () => unknown): ConversationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConversationError);
    return error as ConversationError;
  }
  throw new Error('expected a throw');
}

/** What a refusal says: its code, message, path and details. */
function refusal(run: () => unknown) {
  const error = thrown(run);
  return { code: error.code, message: error.message, path: error.path, details: error.details };
}

function roundTrip(messages: readonly ConversationMessage[]): ConversationMessage[] {
  return parseConversation(JSON.stringify(serializeConversation(messages)));
}

const withoutUrlImages = (messages: readonly ConversationMessage[]) =>
  messages.map((message) =>
    !isProviderMessage(message) && message.role === 'user' && Array.isArray(message.content)
      ? {
          ...message,
          content: message.content.filter((part) => !(part instanceof Image && part.url)),
        }
      : message,
  );

describe('serializeConversation and parseConversation', () => {
  test.each(WIRE_FORMATS)('%s: every kind of entry survives save and load unchanged', (wire) => {
    const original = richConversation(wire, SKY);
    const document = serializeConversation(original);
    expect(document.format).toBe('crosswire.conversation');
    expect(document.version).toBe(1);
    // The stored form is pinned by a golden (the compatibility promise).
    expect(JSON.parse(JSON.stringify(document))).toEqual(
      golden(`conversation/v1-${wire}.json`, document),
    );
    const restored = roundTrip(original);
    expect(restored).toHaveLength(original.length);
    original.forEach((message, index) => {
      expect(isProviderMessage(restored[index])).toBe(isProviderMessage(message));
      if (isProviderMessage(message)) {
        expect((restored[index] as typeof message)[PROVIDER_MESSAGE_WIRE]).toBe(wire);
      }
    });
    expect(serializeConversation(restored)).toEqual(document);
    for (const options of [
      {},
      { inlineImages: true },
      { imageFallback: 'user-message' as const },
    ]) {
      expect(requestText(wire, restored, options)).toBe(requestText(wire, original, options));
      const bytesOnly = withoutUrlImages(original);
      const text = requestText(wire, withoutUrlImages(restored), options);
      expect(text).toBe(requestText(wire, bytesOnly, options));
      expect(text.startsWith('{')).toBe(true);
    }
  });

  test('every golden of an earlier release still loads and saves back unchanged', () => {
    const folder = join(FIXTURES, 'conversation');
    const files = readdirSync(folder).filter((file) => file.endsWith('.json'));
    expect(files.length).toBeGreaterThanOrEqual(WIRE_FORMATS.length);
    for (const file of files) {
      const stored = readFixture(`conversation/${file}`);
      expect(serializeConversation(parseConversation(stored)), file).toEqual(stored);
    }
  });

  test('a provider message gets its wire mark back; a wire message stays wrapped', () => {
    const marked = providerMessage('anthropic', {
      role: 'user',
      content: [{ type: 'text', text: 'hi' }],
    });
    const wrapped = wireMessage('ollama', 'a string message');
    const document = serializeConversation([marked, wrapped]);
    expect(document.messages).toEqual([
      {
        role: 'provider',
        wire: 'anthropic',
        message: { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      },
      { role: 'wire', wire: 'ollama', message: 'a string message' },
    ]);
    const [restored, rewrapped] = parseConversation(document);
    expect(isProviderMessage(restored)).toBe(true);
    expect((restored as typeof marked)[PROVIDER_MESSAGE_WIRE]).toBe('anthropic');
    expect(rewrapped).toEqual(wrapped);
  });

  test('tool calls keep every field, and destructure as before', () => {
    const call = createToolCall({
      name: 'f',
      id: 'c1',
      arguments: '{"a":',
      wire: 'openai',
      raw: { id: 'c1' },
    });
    const [restored] = parseConversation(
      serializeConversation([{ role: 'assistant', content: '', toolCalls: [call] }]),
    );
    const back = (restored as unknown as { toolCalls: (typeof call)[] }).toolCalls[0];
    expect(back).toEqual(call);
    expect(back?.argumentsUndecodable).toBe(true);
    expect([...(back as Iterable<unknown>)]).toEqual(['f', {}]);
    expect(Object.isFrozen(back)).toBe(true);
  });

  test('an unknown content block keeps its placeholder (raw included, even when missing)', () => {
    const result = new ToolResult(
      {
        name: 't',
        id: '1',
        content: [undefined, { type: 'video', uri: 'u', mimeType: 'video/mp4' }],
      },
      { onWarning: () => {} },
    );
    const [restored] = roundTrip([{ role: 'tool', results: [result] }]);
    const back = (restored as unknown as { results: ToolResult[] }).results[0] as ToolResult;
    for (const wire of WIRE_FORMATS) expect(back.to(wire)).toEqual(result.to(wire));
  });

  test('a call without raw arguments, an error or a raw structure stores only the fields it has', () => {
    const call = createToolCall({ name: 'f', id: 'c1', wire: 'anthropic' });
    const document = serializeConversation([{ role: 'assistant', content: '', toolCalls: [call] }]);
    expect(document.messages).toStrictEqual([
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          { id: 'c1', name: 'f', arguments: {}, argumentsUndecodable: false, wire: 'anthropic' },
        ],
      },
    ]);
  });

  test('raw arguments, the decoding error and the raw structure are stored and come back', () => {
    const call = createToolCall({
      name: 'lookup',
      id: 'c2',
      arguments: '[1]',
      wire: 'gemini',
      raw: { functionCall: { name: 'lookup' } },
    });
    const document = serializeConversation([
      { role: 'assistant', content: 'x', toolCalls: [call] },
    ]);
    expect(document.messages[0]).toStrictEqual({
      role: 'assistant',
      content: 'x',
      toolCalls: [
        {
          id: 'c2',
          name: 'lookup',
          arguments: {},
          rawArguments: '[1]',
          argumentsUndecodable: true,
          argumentsError: 'arguments are not valid JSON: expected a JSON object, got an array',
          wire: 'gemini',
          raw: { functionCall: { name: 'lookup' } },
        },
      ],
    });
    const [restored] = parseConversation(JSON.stringify(document));
    const back = (restored as unknown as { toolCalls: (typeof call)[] }).toolCalls[0];
    expect(back?.rawArguments).toBe('[1]');
    expect(back?.argumentsError).toBe(
      'arguments are not valid JSON: expected a JSON object, got an array',
    );
    expect(back?.raw).toEqual({ functionCall: { name: 'lookup' } });
  });

  test('a user text part keeps only its type and text; an MCP image part its data and type', () => {
    const document = serializeConversation([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'look', cache: 'ephemeral' } as never,
          { type: 'image', data: 'AAAA', mimeType: 'image/png', annotations: {} } as never,
        ],
      },
    ]);
    expect(document.messages).toStrictEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'look' },
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
        ],
      },
    ]);
  });

  test('an image from another copy of content-image (it has toRecord) is stored as its record', () => {
    const foreign = {
      toRecord: () => ({ type: 'image', source: 'url', url: SKY, detail: 'low' }),
    };
    const document = serializeConversation([{ role: 'user', content: [foreign as never] }]);
    expect(document.messages).toStrictEqual([
      { role: 'user', content: [{ type: 'image', source: 'url', url: SKY, detail: 'low' }] },
    ]);
  });

  test('tool results given in their JSON form are stored as given', () => {
    const plain = { name: 't', id: '1', content: [{ type: 'text', text: 'ok' }], isError: false };
    const document = serializeConversation([{ role: 'tool', results: [plain as never] }]);
    expect(document.messages).toStrictEqual([
      {
        role: 'tool',
        results: [{ name: 't', id: '1', content: [{ type: 'text', text: 'ok' }], isError: false }],
      },
    ]);
  });

  test('the document is plain JSON: JSON.stringify of it is what a row holds', () => {
    const document = serializeConversation([{ role: 'user', content: 'hi' }]);
    expect(JSON.stringify(document)).toBe(
      '{"format":"crosswire.conversation","version":1,"messages":[{"role":"user","content":"hi"}]}',
    );
    expect(CONVERSATION_FORMAT).toBe('crosswire.conversation');
    expect(CONVERSATION_VERSION).toBe(1);
  });
});

describe('refusals name the entry and the field', () => {
  const stored = (messages: unknown[], version: unknown = 1) => ({
    format: 'crosswire.conversation',
    version,
    messages,
  });

  test('a bad entry', () => {
    const error = thrown(() =>
      parseConversation(
        stored([
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'ok', toolCalls: [{ id: 7 }] },
        ]),
      ),
    );
    expect(error.code).toBe('invalid_conversation');
    expect(error.path).toBe('messages[1].toolCalls[0].id');
    expect(error.message).toBe(
      'conversation entry messages[1] (assistant) is invalid: toolCalls[0].id: Invalid input: expected string, received number',
    );
  });

  test('an unknown role, an unknown key, a bad image, a bad content block', () => {
    expect(thrown(() => parseConversation(stored([{ role: 'robot', content: '' }]))).path).toBe(
      'messages[0].role',
    );
    expect(
      thrown(() => parseConversation(stored([{ role: 'system', content: '', extra: 1 }]))).message,
    ).toMatch(/^conversation entry messages\[0\] \(system\) is invalid: Unrecognized key: "extra"/);
    const image = thrown(() =>
      parseConversation(
        stored([
          { role: 'user', content: [{ type: 'image', source: 'url', url: 'file:///etc/passwd' }] },
        ]),
      ),
    );
    expect(image.path).toBe('messages[0].content[0]');
    expect(image.message).toMatch(
      /^conversation entry messages\[0\]\.content\[0\] is not a valid image: refuses to fetch image URL with scheme 'file'/,
    );
    const block = thrown(() =>
      parseConversation(
        stored([
          {
            role: 'tool',
            results: [
              {
                name: 't',
                id: '1',
                isError: false,
                content: [{ type: 'image', data: '!!', mimeType: 'image/png' }],
              },
            ],
          },
        ]),
      ),
    );
    expect(block.path).toBe('messages[0].results[0].content[0]');
  });

  test('a newer version, a bad version, not a conversation, not JSON', () => {
    const newer = thrown(() => parseConversation(stored([], 2)));
    expect(newer.code).toBe('unsupported_conversation_version');
    expect(newer.message).toBe(
      'the conversation is version 2; this release of @crosswire/engines reads versions up to 1 (upgrade it to load this document)',
    );
    expect(thrown(() => parseConversation(stored([], '1'))).path).toBe('version');
    expect(thrown(() => parseConversation(stored([], 0))).code).toBe('invalid_conversation');
    expect(thrown(() => parseConversation([{ role: 'user', content: 'hi' }])).path).toBe('format');
    expect(thrown(() => parseConversation('{')).message).toBe('the conversation is not JSON');
    expect(
      thrown(() => parseConversation({ format: 'crosswire.conversation', version: 1 })).path,
    ).toBe('messages');
  });

  test('an entry that is not an object, or whose role is not a string, is named without a role', () => {
    expect(refusal(() => parseConversation(stored(['hi'])))).toEqual({
      code: 'invalid_conversation',
      message:
        'conversation entry messages[0] is invalid: Invalid input: expected object, received string',
      path: 'messages[0]',
      details: { path: 'messages[0]' },
    });
    expect(refusal(() => parseConversation(stored([{ role: 5, content: '' }])))).toEqual({
      code: 'invalid_conversation',
      message:
        "conversation entry messages[0] is invalid: role: Invalid discriminator value. Expected 'system' | 'user' | 'assistant' | 'tool' | 'wire' | 'provider'",
      path: 'messages[0].role',
      details: { path: 'messages[0].role' },
    });
  });

  test('an image record that does not build names the field of the image', () => {
    const load = () =>
      parseConversation(
        stored([{ role: 'user', content: [{ type: 'image', source: 'bytes', data: 'AA AA' }] }]),
      );
    expect(refusal(load)).toEqual({
      code: 'invalid_conversation',
      message:
        'conversation entry messages[0].content[0] is not a valid image: an image record holds its payload as base64 without whitespace',
      path: 'messages[0].content[0].data',
      details: { path: 'messages[0].content[0].data' },
    });
    expect(thrown(load).cause).toMatchObject({ code: 'invalid_image_record', path: 'data' });
  });

  test('a tool result block that does not parse, or an unknown block without a reason', () => {
    const result = (block: unknown) =>
      stored([
        { role: 'tool', results: [{ name: 't', id: '1', isError: false, content: [block] }] },
      ]);
    expect(
      refusal(() =>
        parseConversation(result({ type: 'image', data: '!!', mimeType: 'image/png' })),
      ),
    ).toEqual({
      code: 'invalid_conversation',
      message:
        "conversation entry messages[0].results[0].content[0] is not a valid content block: malformed 'image' block: data: Invalid Base64 string",
      path: 'messages[0].results[0].content[0]',
      details: { path: 'messages[0].results[0].content[0]' },
    });
    expect(refusal(() => parseConversation(result({ type: 'unknown', raw: 1 })))).toEqual({
      code: 'invalid_conversation',
      message:
        'conversation entry messages[0].results[0].content[0] is an unknown block without a reason',
      path: 'messages[0].results[0].content[0].reason',
      details: { path: 'messages[0].results[0].content[0].reason' },
    });
  });

  test('the envelope: each refusal with its code, message, path and details', () => {
    expect(refusal(() => parseConversation(stored([], 2)))).toEqual({
      code: 'unsupported_conversation_version',
      message:
        'the conversation is version 2; this release of @crosswire/engines reads versions up to 1 (upgrade it to load this document)',
      path: 'version',
      details: { path: 'version', version: 2, supported: 1 },
    });
    expect(refusal(() => parseConversation(stored([], '1')))).toEqual({
      code: 'invalid_conversation',
      message: `the conversation's version must be a positive integer, got "1"`,
      path: 'version',
      details: { path: 'version' },
    });
    // Not an integer, though above 1: invalid, not "too new".
    expect(refusal(() => parseConversation(stored([], 1.5)))).toEqual({
      code: 'invalid_conversation',
      message: `the conversation's version must be a positive integer, got 1.5`,
      path: 'version',
      details: { path: 'version' },
    });
    expect(refusal(() => parseConversation('{'))).toEqual({
      code: 'invalid_conversation',
      message: 'the conversation is not JSON',
      path: '',
      details: { path: '' },
    });
    expect(thrown(() => parseConversation('{')).cause).toBeInstanceOf(SyntaxError);
    expect(
      refusal(() => parseConversation({ format: 'crosswire.conversation', version: 1 })),
    ).toEqual({
      code: 'invalid_conversation',
      message: 'the conversation has no messages array',
      path: 'messages',
      details: { path: 'messages' },
    });
  });

  test('payloads in a blob store need loadConversation', () => {
    const error = thrown(() =>
      parseConversation(
        stored([
          {
            role: 'system',
            content: '',
            media: [
              { path: ['content'], blob: `sha256-${'0'.repeat(64)}`, encoding: 'utf8', bytes: 0 },
            ],
          },
        ]),
      ),
    );
    expect(error.code).toBe('blob_store_required');
    expect(error.path).toBe('messages[0]');
    expect(error.message).toBe(
      'messages[0] keeps payloads in a blob store; load it with loadConversation(document, { blobStore })',
    );
  });

  test('what JSON cannot hold is refused on save, naming where', () => {
    const cyclic: Record<string, unknown> = { role: 'user' };
    cyclic.self = cyclic;
    const cycle = thrown(() => serializeConversation([providerMessage('openai', cyclic)]));
    expect(cycle.code).toBe('conversation_not_serializable');
    expect(cycle.path).toBe('messages[0].message.self');
    const big = thrown(() =>
      serializeConversation([{ role: 'user', content: 'x' }, wireMessage('openai', { n: 1n })]),
    );
    expect(big.message).toBe('messages[1].message.n is a BigInt, which JSON cannot hold');
    expect(
      refusal(() =>
        serializeConversation([{ role: 'user', content: 'x' }, { role: 'robot' } as never]),
      ),
    ).toEqual({
      code: 'conversation_not_serializable',
      message:
        'messages[1] is not a conversation message (role system, user, assistant, tool or wire, or a provider message)',
      path: 'messages[1]',
      details: { path: 'messages[1]' },
    });
    expect(
      refusal(() =>
        serializeConversation([
          { role: 'user', content: 'x' },
          { role: 'system', content: 3 } as never,
        ]),
      ),
    ).toEqual({
      code: 'conversation_not_serializable',
      message:
        'messages[1] cannot be stored: content: Invalid input: expected string, received number',
      path: 'messages[1]',
      details: { path: 'messages[1]' },
    });
    expect(refusal(() => serializeConversation('hi' as never))).toEqual({
      code: 'conversation_not_serializable',
      message: 'serializeConversation takes an array of messages',
      path: 'messages',
      details: { path: 'messages' },
    });
  });

  test('a call whose raw structure JSON cannot hold is refused, naming the field', () => {
    const call = createToolCall({ name: 'f', id: 'c1', raw: { n: 1n } });
    expect(
      refusal(() => serializeConversation([{ role: 'assistant', content: '', toolCalls: [call] }])),
    ).toEqual({
      code: 'conversation_not_serializable',
      message: 'messages[0].toolCalls[0].raw.n is a BigInt, which JSON cannot hold',
      path: 'messages[0].toolCalls[0].raw.n',
      details: { path: 'messages[0].toolCalls[0].raw.n' },
    });
  });

  test('a parsed document whose call holds what JSON cannot is refused on load, naming the field', () => {
    const call = {
      id: 'c1',
      name: 'f',
      arguments: {},
      rawArguments: { n: 1n },
      argumentsUndecodable: false,
      wire: 'openai',
    };
    expect(
      refusal(() =>
        parseConversation(stored([{ role: 'assistant', content: '', toolCalls: [call] }])),
      ),
    ).toEqual({
      code: 'conversation_not_serializable',
      message: 'messages[0].toolCalls[0].rawArguments.n is a BigInt, which JSON cannot hold',
      path: 'messages[0].toolCalls[0].rawArguments.n',
      details: { path: 'messages[0].toolCalls[0].rawArguments.n' },
    });
  });
});
