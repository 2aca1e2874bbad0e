import {
  type CrosswireWarning,
  UnknownWireFormatError,
  ValidationError,
  type WireFormat,
} from '@crosswire/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describe, expect, it } from 'vitest';
import { carriesNative, MAX_CONTENT_DEPTH, nativeNeedsVision, ToolResult } from './index.js';
import { PDF_BASE64, PNG_BASE64 } from './test-support/samples.js';

const quiet = { onWarning: () => {} };

describe('new ToolResult', () => {
  it('keeps the fields and defaults name, id, content and isError', () => {
    const result = new ToolResult({});
    expect(result.toJSON()).toEqual({ name: '', id: '', content: [], isError: false });
    const full = new ToolResult({
      name: 'get_weather',
      id: 'call_1',
      content: [{ type: 'text', text: 'Sunny' }],
      isError: true,
      structuredContent: { temperature: 22 },
    });
    expect(full.toJSON()).toEqual({
      name: 'get_weather',
      id: 'call_1',
      content: [{ type: 'text', text: 'Sunny' }],
      isError: true,
      structuredContent: { temperature: 22 },
    });
  });

  it('keeps a `__proto__` key in structured content as data (fast-check seed 760751439)', () => {
    const structured = JSON.parse('{"__proto__":{"":[]},"":[]}') as Record<string, unknown>;
    const result = new ToolResult({ name: 'x', content: [], structuredContent: structured });
    expect(Object.getPrototypeOf(result.structuredContent)).toBe(Object.prototype);
    expect(Object.keys(result.structuredContent ?? {})).toEqual(['__proto__', '']);
    expect(JSON.stringify(result.structuredContent)).toBe('{"__proto__":{"":[]},"":[]}');
  });

  it('is immutable, deeply, without freezing the caller’s objects', () => {
    const block = { type: 'text', text: 'Sunny', _meta: { source: { kind: 'api' } } };
    const structured = { nested: { value: 1 } };
    const result = new ToolResult({ name: 'x', content: [block], structuredContent: structured });
    expect(Object.isFrozen(result)).toBe(true);
    expect(Object.isFrozen(result.content)).toBe(true);
    expect(Object.isFrozen(result.content[0])).toBe(true);
    expect(
      Object.isFrozen((result.content[0] as unknown as { _meta: { source: object } })._meta.source),
    ).toBe(true);
    expect(Object.isFrozen(result.structuredContent?.nested)).toBe(true);
    expect(Object.isFrozen(block)).toBe(false);
    expect(Object.isFrozen(structured.nested)).toBe(false);
    expect(() => {
      (result as { name: string }).name = 'y';
    }).toThrow(TypeError);
    // Later changes to the caller's objects do not reach the result.
    block.text = 'Rain';
    expect(result.to('openai').content).toBe('Sunny');
  });

  it('keeps an unknown or malformed block, tells onWarning, and renders it as a placeholder', () => {
    const warnings: CrosswireWarning[] = [];
    const result = new ToolResult(
      {
        content: [
          { type: 'text', text: 'ok' },
          { type: 'video', uri: 'file:///a.mp4', mimeType: 'video/mp4' },
          { type: 'image', mimeType: 'image/png' },
        ],
      },
      { onWarning: (warning) => warnings.push(warning) },
    );
    expect(result.content.map((block) => block.type)).toEqual(['text', 'unknown', 'unknown']);
    expect(warnings.map((warning) => [warning.code, warning.message])).toEqual([
      [
        'unknown_content_block',
        "content[1]: unknown block type 'video'; it is sent as a placeholder",
      ],
      [
        'unknown_content_block',
        "content[2]: malformed 'image' block: data: Invalid input: expected string, received undefined; it is sent as a placeholder",
      ],
    ]);
    expect(result.to('openai').content).toBe(
      'ok\n[video] video/mp4 <file:///a.mp4>\n[image] image/png',
    );
  });

  it('takes the content of another ToolResult as it is, unknown blocks included', () => {
    const first = new ToolResult(
      { content: [{ type: 'video' }, { type: 'text', text: 'a' }] },
      quiet,
    );
    const warnings: CrosswireWarning[] = [];
    const second = new ToolResult(
      { content: first.content, isError: true },
      { onWarning: (warning) => warnings.push(warning) },
    );
    expect(second.content).toEqual(first.content);
    expect(warnings).toEqual([]);
  });

  it('removes whitespace from base64 payloads once, at construction', () => {
    const wrapped = `${PNG_BASE64.slice(0, 40)}\n${PNG_BASE64.slice(40)}\n`;
    const result = new ToolResult({
      content: [{ type: 'image', data: wrapped, mimeType: 'image/png' }],
    });
    expect(result.content[0]).toEqual({ type: 'image', data: PNG_BASE64, mimeType: 'image/png' });
    expect(result.to('responses', { imageInput: true }).output).toEqual([
      { type: 'input_image', image_url: `data:image/png;base64,${PNG_BASE64}` },
    ]);
  });

  it('sends only base64 symbols: Unicode whitespace goes too, and padding is completed', () => {
    // Core's schema takes any JavaScript whitespace (\s) and missing padding, as atob does;
    // what reaches a wire is strict base64.
    const spaced = `${PNG_BASE64.slice(0, 20)}\u00a0${PNG_BASE64.slice(20, 40)}\u2028\ufeff${PNG_BASE64.slice(40, 60)}\u3000 ${PNG_BASE64.slice(60)}\u2003`;
    const unpadded = PNG_BASE64.replace(/=+$/, '');
    expect(unpadded).not.toBe(PNG_BASE64);
    const result = new ToolResult({
      content: [
        { type: 'image', data: spaced, mimeType: 'image/png' },
        { type: 'image', data: unpadded, mimeType: 'image/png' },
        { type: 'audio', data: 'UklGRg', mimeType: 'audio/wav' },
        {
          type: 'resource',
          resource: { uri: 'file:///a.pdf', mimeType: 'application/pdf', blob: 'JVBERi0\u00a0' },
        },
        {
          type: 'image',
          source: { type: 'base64', media_type: 'image/png', data: `${unpadded}\u2029` },
        },
      ],
    });
    expect(result.content).toEqual([
      { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
      { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
      { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
      {
        type: 'resource',
        resource: { uri: 'file:///a.pdf', mimeType: 'application/pdf', blob: 'JVBERi0=' },
      },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
    ]);
    const output = JSON.stringify(result.to('responses', { imageInput: true, nativePdf: true }));
    expect(output).toContain(`"image_url":"data:image/png;base64,${PNG_BASE64}"`);
    expect(output).toContain('"file_data":"data:application/pdf;base64,JVBERi0="');
    expect(result.to('anthropic').content).toContainEqual({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 },
    });
    expect(result.to('openai').content).toBe(
      '[image] image/png (70 bytes)\n[image] image/png (70 bytes)\n[audio] audio/wav (4 bytes)\n' +
        '[resource] application/pdf <file:///a.pdf> (5 bytes)\n[image] image/png (70 bytes)',
    );
  });

  it('normalizes a json item value to JSON and keeps a non-serializable one as a placeholder', () => {
    const date = new Date('2026-01-02T03:04:05.000Z');
    const result = new ToolResult({
      content: [{ type: 'json', value: { at: date, gone: undefined } }],
    });
    expect(result.content[0]).toEqual({ type: 'json', value: { at: '2026-01-02T03:04:05.000Z' } });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const warnings: CrosswireWarning[] = [];
    const bad = new ToolResult(
      {
        content: [
          { type: 'json', value: cyclic },
          { type: 'json', value: 10n },
        ],
      },
      { onWarning: (warning) => warnings.push(warning) },
    );
    expect(bad.to('openai').content).toBe('[json]\n[json]');
    expect(warnings.map((warning) => warning.message)).toEqual([
      'content[0]: json item value is not JSON-serializable; it is sent as a placeholder',
      'content[1]: json item value is not JSON-serializable; it is sent as a placeholder',
    ]);
  });

  it.each([
    [null, '', 'a ToolResult needs an object, got null'],
    [{ name: 3 }, 'name', 'name must be a string, got a number'],
    [{ id: {} }, 'id', 'id must be a string, got an object'],
    [{ isError: 'yes' }, 'isError', 'isError must be a boolean, got a string'],
    [{ content: 'text' }, 'content', 'content must be an array of content blocks, got a string'],
    [
      { structuredContent: [1] },
      'structuredContent',
      'structuredContent must be an object, got an array',
    ],
  ])('refuses %j with a ValidationError naming %s', (init, path, message) => {
    let error: unknown;
    try {
      new ToolResult(init as never);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ path, message, code: 'invalid_input' });
  });

  it('treats a null structuredContent as absent', () => {
    expect(new ToolResult({ structuredContent: null }).structuredContent).toBeUndefined();
  });
});

describe('ToolResult#to', () => {
  const result = new ToolResult({
    name: 'get_weather',
    id: 'call_1',
    content: [{ type: 'text', text: 'Sunny' }],
  });

  it('renders the six wires', () => {
    expect(result.to('openai')).toEqual({ role: 'tool', tool_call_id: 'call_1', content: 'Sunny' });
    expect(result.to('anthropic')).toEqual({
      type: 'tool_result',
      tool_use_id: 'call_1',
      content: [{ type: 'text', text: 'Sunny' }],
    });
    expect(result.to('gemini')).toEqual({
      functionResponse: { id: 'call_1', name: 'get_weather', response: { result: 'Sunny' } },
    });
    expect(result.to('ollama')).toEqual({
      role: 'tool',
      tool_name: 'get_weather',
      tool_call_id: 'call_1',
      content: 'Sunny',
    });
    expect(result.to('responses')).toEqual({
      type: 'function_call_output',
      call_id: 'call_1',
      output: 'Sunny',
    });
    // The bare block, as Langertha's to('hermes'): the engine wraps it into a tool message.
    expect(result.to('hermes')).toBe(
      '<tool_response>\n{"name":"get_weather","content":"Sunny"}\n</tool_response>',
    );
  });

  it('sends is_error only when the tool failed', () => {
    expect(result.to('anthropic')).not.toHaveProperty('is_error');
    const failed = new ToolResult({
      id: 'c',
      isError: true,
      content: [{ type: 'text', text: 'boom' }],
    });
    expect(failed.to('anthropic')).toEqual({
      type: 'tool_result',
      tool_use_id: 'c',
      content: [{ type: 'text', text: 'boom' }],
      is_error: true,
    });
    // No other wire has an error flag.
    expect(failed.to('openai')).toEqual({ role: 'tool', tool_call_id: 'c', content: 'boom' });
  });

  it("gemini: a failed call goes under response.error (Google's documented key), never result", () => {
    const failed = new ToolResult({
      name: 'divide',
      id: 'c',
      isError: true,
      content: [{ type: 'text', text: 'boom' }],
    });
    expect(failed.to('gemini')).toEqual({
      functionResponse: { id: 'c', name: 'divide', response: { error: 'boom' } },
    });
    const structured = new ToolResult({
      name: 'divide',
      id: 'c',
      isError: true,
      content: [{ type: 'text', text: 'boom' }],
      structuredContent: { code: 42 },
    });
    expect(structured.to('gemini').functionResponse.response).toEqual({ error: { code: 42 } });
    const json = new ToolResult({
      name: 'divide',
      id: 'c',
      isError: true,
      content: [{ type: 'json', value: [1, 2] }],
    });
    expect(json.to('gemini').functionResponse.response).toEqual({ error: [1, 2] });
    const empty = new ToolResult({ name: 'divide', id: 'c', isError: true, content: [] });
    expect(empty.to('gemini').functionResponse.response).toEqual({ error: '' });
  });

  it('returns fresh objects: changing one output does not change the next', () => {
    const structured = new ToolResult({
      name: 'n',
      content: [],
      structuredContent: { a: { b: 1 } },
    });
    const first = structured.to('gemini');
    (first.functionResponse.response.a as { b: number }).b = 2;
    expect(structured.to('gemini').functionResponse.response).toEqual({ a: { b: 1 } });
  });

  it('throws UnknownWireFormatError for a wire that is not a known one', () => {
    expect(() => result.to('cohere' as WireFormat)).toThrow(UnknownWireFormatError);
    expect(() => result.to('cohere' as WireFormat)).toThrow(
      "unknown wire format 'cohere' (known: openai, anthropic, gemini, ollama, responses, hermes, bedrock)",
    );
  });

  it('refuses a responseTag that is not an XML tag name', () => {
    expect(() => result.to('hermes', { responseTag: 'a b>' })).toThrow(
      new ValidationError('responseTag must be an XML tag name, got "a b>"', {
        path: 'responseTag',
      }),
    );
  });

  it('takes the Langertha option spellings and Perl-style 1 / 0 flags', () => {
    const image = new ToolResult({
      id: 'c',
      content: [{ type: 'image', data: PNG_BASE64, mimeType: 'image/png' }],
    });
    const native = image.to('anthropic', { imageInput: true });
    expect(image.to('anthropic', { image_input: true })).toEqual(native);
    expect(image.to('anthropic', { imageInput: 1 } as never)).toEqual(native);
    expect(image.to('anthropic', { imageInput: 0 } as never)).toEqual(image.to('anthropic'));
    // camelCase wins over the alias.
    expect(image.to('anthropic', { imageInput: false, image_input: true })).toEqual(
      image.to('anthropic'),
    );
    expect(() => result.to('hermes', { response_tag: '<x>' })).toThrow(
      'responseTag must be an XML tag name, got "<x>"',
    );
    expect(() => result.to('hermes', { responseTag: 7 } as never)).toThrow(
      'responseTag must be an XML tag name, got 7',
    );
    expect(() => result.to('openai', 'fast' as never)).toThrow(
      new ValidationError('to() options must be an object, got a string', { path: 'options' }),
    );
  });

  it('warns when an image asked for natively cannot go natively', () => {
    const warnings: CrosswireWarning[] = [];
    const bmp = new ToolResult({
      content: [{ type: 'image', data: 'Qk0AAA==', mimeType: 'image/bmp' }],
    });
    const block = bmp.to('anthropic', {
      imageInput: true,
      onWarning: (warning) => warnings.push(warning),
    });
    expect(block.content).toEqual([{ type: 'text', text: '[image] image/bmp (4 bytes)' }]);
    expect(warnings).toEqual([
      {
        code: 'image_not_native',
        message:
          'image/bmp cannot go natively in the anthropic tool result; it is sent as a placeholder',
        details: { wire: 'anthropic', mediaType: 'image/bmp' },
      },
    ]);
  });
});

describe('carriesNative / nativeNeedsVision (re-exported from core)', () => {
  it('answers per wire and kind', () => {
    expect(carriesNative('gemini', 'image')).toBe(true);
    expect(carriesNative('openai', 'pdf')).toBe(false);
    expect(nativeNeedsVision('responses', 'pdf')).toBe(true);
    expect(nativeNeedsVision('anthropic', 'pdf')).toBe(false);
  });
});

describe('ToolResult.fromCallToolResult', () => {
  async function callTool(name: string, args: Record<string, unknown> = {}) {
    const server = new McpServer({ name: 'fixture', version: '1.0.0' });
    server.registerTool('screenshot', { description: 'a PNG and a PDF' }, async () => ({
      content: [
        { type: 'text', text: 'Here you go' },
        { type: 'image', data: PNG_BASE64, mimeType: 'image/png' },
        {
          type: 'resource',
          resource: { uri: 'file:///r.pdf', mimeType: 'application/pdf', blob: PDF_BASE64 },
        },
      ],
    }));
    server.registerTool('fails', { description: 'always fails' }, async () => ({
      content: [{ type: 'text', text: 'disk full' }],
      isError: true,
    }));
    server.registerTool('stats', { description: 'structured only' }, async () => ({
      content: [],
      structuredContent: { count: 2 },
    }));
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'test', version: '1.0.0' });
    await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
    try {
      return await client.callTool({ name, arguments: args });
    } finally {
      await client.close();
      await server.close();
    }
  }

  it('builds a result from a real MCP callTool reply', async () => {
    const reply = await callTool('screenshot');
    const result = ToolResult.fromCallToolResult({ name: 'screenshot', id: 'toolu_1' }, reply);
    expect(result.to('anthropic', { imageInput: true })).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_1',
      content: [
        { type: 'text', text: 'Here you go' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
        {
          type: 'document',
          source: { type: 'base64', media_type: 'application/pdf', data: PDF_BASE64 },
        },
      ],
    });
    expect(result.to('openai').content).toBe(
      'Here you go\n[image] image/png (70 bytes)\n[resource] application/pdf <file:///r.pdf> (23 bytes)',
    );
  });

  it('carries isError and structuredContent', async () => {
    const failed = ToolResult.fromCallToolResult(
      { name: 'fails', id: 'c1' },
      await callTool('fails'),
    );
    expect(failed.isError).toBe(true);
    expect(failed.to('anthropic').is_error).toBe(true);
    const stats = ToolResult.fromCallToolResult(
      { name: 'stats', id: 'c2' },
      await callTool('stats'),
    );
    expect(stats.to('openai').content).toBe('{"count":2}');
    expect(stats.to('gemini').functionResponse.response).toEqual({ count: 2 });
  });

  it('reads the legacy { toolResult } form and refuses a non-object', () => {
    const legacy = ToolResult.fromCallToolResult(
      { name: 'old', id: 'c' },
      { toolResult: { a: 1 } },
    );
    expect(legacy.to('openai').content).toBe('{"a":1}');
    expect(() => ToolResult.fromCallToolResult({ name: 'x' }, 'nope')).toThrow(
      new ValidationError('a tool result must be an object, got a string'),
    );
    expect(() => ToolResult.fromCallToolResult({ name: 'x' }, { content: [], isError: 1 })).toThrow(
      'isError must be a boolean, got a number',
    );
  });
});

describe('deeply nested content', () => {
  const nestedArray = (levels: number): unknown => {
    let value: unknown = 'leaf';
    for (let level = 0; level < levels; level++) value = [value];
    return value;
  };

  it('keeps a block 256 levels deep and turns a deeper one into a placeholder, with a warning', () => {
    expect(MAX_CONTENT_DEPTH).toBe(256);
    const warnings: unknown[] = [];
    const result = new ToolResult(
      {
        name: 't',
        id: 'c',
        content: [
          { type: 'json', value: nestedArray(254) },
          { type: 'json', value: nestedArray(100_000) },
          {
            type: 'future',
            uri: 'file:///tree',
            resource: { mimeType: 'a/b', deep: nestedArray(300) },
          },
        ],
      },
      { onWarning: (warning) => warnings.push(warning) },
    );
    expect(result.content[0]?.type).toBe('json');
    expect(result.content[1]).toEqual({
      type: 'unknown',
      originalType: 'json',
      reason: 'block nests deeper than 256 levels',
      raw: { type: 'json' },
    });
    expect(result.content[2]).toEqual({
      type: 'unknown',
      originalType: 'future',
      reason: 'block nests deeper than 256 levels',
      raw: { type: 'future', uri: 'file:///tree', resource: { mimeType: 'a/b' } },
    });
    expect(result.to('openai').content).toMatch(/^\[json\]/m);
    expect(warnings).toHaveLength(2);
  });

  it('refuses structuredContent nested deeper than 256 levels with a ValidationError', () => {
    expect(
      () => new ToolResult({ name: 't', structuredContent: { tree: nestedArray(100_000) } }),
    ).toThrow(
      expect.objectContaining({
        code: 'invalid_input',
        message: 'structuredContent nests deeper than 256 levels',
      }),
    );
  });
});
