import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ContentBlock,
  type CrosswireWarning,
  describeValue,
  isAnthropicNative,
  isMcpImage,
  parseCallToolResult,
  parseContent,
  parseContentBlock,
  safeParseContent,
  ValidationError,
} from './index.js';

const PNG = 'iVBORw0KGgo=';

describe('parseContentBlock: every known kind', () => {
  it.each([
    ['text', { type: 'text', text: 'hi' }],
    [
      'text with annotations, _meta and cache_control',
      {
        type: 'text',
        text: 'hi',
        annotations: { audience: ['user'], priority: 0.5, lastModified: '2025-01-01T00:00:00Z' },
        _meta: { trace: 1 },
        cache_control: { type: 'ephemeral' },
      },
    ],
    ['MCP image', { type: 'image', data: PNG, mimeType: 'image/png' }],
    ['audio', { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' }],
    [
      'text resource',
      { type: 'resource', resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'abc' } },
    ],
    [
      'blob resource',
      {
        type: 'resource',
        resource: { uri: 'file:///a.pdf', mimeType: 'application/pdf', blob: 'JVBERi0=' },
      },
    ],
    [
      'resource link',
      {
        type: 'resource_link',
        uri: 'https://x.test/a',
        name: 'a',
        title: 'A',
        mimeType: 'text/html',
        size: 12,
      },
    ],
    [
      'Anthropic image (base64)',
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
    ],
    [
      'Anthropic image (url)',
      { type: 'image', source: { type: 'url', url: 'https://x.test/a.png' } },
    ],
    ['Anthropic image (file)', { type: 'image', source: { type: 'file', file_id: 'file_1' } }],
    [
      'Anthropic PDF document',
      {
        type: 'document',
        source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' },
        title: 'T',
      },
    ],
    [
      'Anthropic text document',
      {
        type: 'document',
        source: { type: 'text', media_type: 'text/plain', data: 'plain' },
        context: null,
      },
    ],
    [
      'Anthropic content document',
      {
        type: 'document',
        source: {
          type: 'content',
          content: [
            { type: 'text', text: 'a' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
          ],
        },
      },
    ],
    [
      'Anthropic content document (string)',
      { type: 'document', source: { type: 'content', content: 'x' } },
    ],
    [
      'search result',
      {
        type: 'search_result',
        source: 'https://x.test',
        title: 'X',
        content: [{ type: 'text', text: 'found' }],
        citations: { enabled: true },
      },
    ],
    ['json', { type: 'json', value: { a: [1, 2] } }],
    ['json null', { type: 'json', value: null }],
    ['a block with unknown extra keys (kept)', { type: 'text', text: 'x', vendor_extra: { a: 1 } }],
  ])('%s parses to itself', (_label, block) => {
    expect(parseContentBlock(block)).toEqual(block);
  });

  it('refuses base64 of an impossible length (1 mod 4)', () => {
    expect(parseContentBlock({ type: 'audio', data: 'AAAAA', mimeType: 'audio/wav' })).toEqual({
      type: 'unknown',
      originalType: 'audio',
      reason: "malformed 'audio' block: data: Invalid Base64 string",
      raw: { type: 'audio', data: 'AAAAA', mimeType: 'audio/wav' },
    });
  });

  it('keeps a block whose image has whitespace and no padding in its base64', () => {
    const block = { type: 'image', data: 'iVBO\nRw0KGgo', mimeType: 'image/png' };
    expect(parseContentBlock(block)).toEqual(block);
  });
});

describe('parseContentBlock: unknown and malformed blocks are kept', () => {
  it.each([
    [null, { type: 'unknown', originalType: undefined, reason: 'not an object', raw: null }],
    ['text', { type: 'unknown', originalType: undefined, reason: 'not an object', raw: 'text' }],
    [[1], { type: 'unknown', originalType: undefined, reason: 'not an object', raw: [1] }],
    [
      { text: 'x' },
      {
        type: 'unknown',
        originalType: undefined,
        reason: 'no string "type" field',
        raw: { text: 'x' },
      },
    ],
    [
      { type: 7 },
      {
        type: 'unknown',
        originalType: undefined,
        reason: 'no string "type" field',
        raw: { type: 7 },
      },
    ],
    [
      { type: 'video', url: 'x' },
      {
        type: 'unknown',
        originalType: 'video',
        reason: "unknown block type 'video'",
        raw: { type: 'video', url: 'x' },
      },
    ],
    [
      { type: 'toString' },
      {
        type: 'unknown',
        originalType: 'toString',
        reason: "unknown block type 'toString'",
        raw: { type: 'toString' },
      },
    ],
    [
      { type: 'text' },
      {
        type: 'unknown',
        originalType: 'text',
        reason: "malformed 'text' block: text: Invalid input: expected string, received undefined",
        raw: { type: 'text' },
      },
    ],
    [
      { type: 'image', data: 'not base64!', mimeType: 'image/png' },
      {
        type: 'unknown',
        originalType: 'image',
        reason: "malformed 'image' block: data: Invalid Base64 string",
        raw: { type: 'image', data: 'not base64!', mimeType: 'image/png' },
      },
    ],
    [
      { type: 'resource', resource: { uri: 'x' } },
      {
        type: 'unknown',
        originalType: 'resource',
        reason: "malformed 'resource' block: resource: Invalid input",
        raw: { type: 'resource', resource: { uri: 'x' } },
      },
    ],
    [
      { type: 'json' },
      {
        type: 'unknown',
        originalType: 'json',
        reason:
          "malformed 'json' block: value: Invalid input: expected nonoptional, received undefined",
        raw: { type: 'json' },
      },
    ],
    [
      { type: 'text', text: 'x', annotations: { priority: 2 } },
      {
        type: 'unknown',
        originalType: 'text',
        reason: "malformed 'text' block: annotations.priority: Too big: expected number to be <=1",
        raw: { type: 'text', text: 'x', annotations: { priority: 2 } },
      },
    ],
  ])('%j becomes an unknown block', (raw, expected) => {
    expect(parseContentBlock(raw)).toEqual(expected);
  });
});

describe('parseContent', () => {
  it('parses block by block and warns once per unknown block, with its index', () => {
    const warnings: CrosswireWarning[] = [];
    const blocks = parseContent(
      [
        { type: 'text', text: 'a' },
        { type: 'video' },
        { type: 'image', data: PNG, mimeType: 'image/png' },
        5,
      ],
      { onWarning: (warning) => warnings.push(warning) },
    );
    expect(blocks.map((block) => block.type)).toEqual(['text', 'unknown', 'image', 'unknown']);
    expect(warnings).toEqual([
      {
        code: 'unknown_content_block',
        message: "content[1]: unknown block type 'video'; it is sent as a placeholder",
        details: { index: 1, originalType: 'video' },
      },
      {
        code: 'unknown_content_block',
        message: 'content[3]: not an object; it is sent as a placeholder',
        details: { index: 3, originalType: undefined },
      },
    ]);
  });

  it('throws a ValidationError when the content is not an array', () => {
    expect(() => parseContent({ type: 'text' })).toThrowError(
      'content must be an array of content blocks, got an object',
    );
    try {
      parseContent('x');
    } catch (error) {
      expect((error as ValidationError).path).toBe('content');
      expect((error as ValidationError).code).toBe('invalid_input');
    }
    expect.assertions(3);
  });

  it('safeParseContent returns the typed error instead', () => {
    const result = safeParseContent(null);
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(result.error).toBeInstanceOf(ValidationError);
      expect(result.error.message).toBe('content must be an array of content blocks, got null');
    }
    expect(safeParseContent([])).toEqual({ success: true, data: [] });
  });

  it('never throws on arbitrary JSON: blocks, or a typed ValidationError', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const result = safeParseContent(value, { onWarning: () => {} });
        if (Array.isArray(value)) {
          expect(result.success).toBe(true);
          if (result.success) expect(result.data).toHaveLength(value.length);
        } else {
          expect(result.success).toBe(false);
          if (!result.success) expect(result.error).toBeInstanceOf(ValidationError);
        }
      }),
    );
  });

  it('never throws on arrays of arbitrary JSON, and never drops a block', () => {
    const blockish = fc.oneof(
      fc.jsonValue(),
      fc.dictionary(
        fc.constantFrom('type', 'text', 'data', 'mimeType', 'resource', 'source', 'value'),
        fc.jsonValue(),
      ),
      fc.record(
        {
          type: fc.constantFrom(
            'text',
            'image',
            'audio',
            'resource',
            'resource_link',
            'document',
            'search_result',
            'json',
          ),
        },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(fc.array(blockish), (blocks) => {
        const parsed = parseContent(blocks, { onWarning: () => {} });
        expect(parsed).toHaveLength(blocks.length);
        parsed.forEach((block, index) => {
          if (block.type === 'unknown') expect(block.raw).toBe(blocks[index]);
        });
      }),
    );
  });

  it('parseCallToolResult never throws anything but a ValidationError', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        try {
          parseCallToolResult(value, { onWarning: () => {} });
        } catch (error) {
          expect(error).toBeInstanceOf(ValidationError);
        }
      }),
    );
  });
});

describe('parseCallToolResult', () => {
  it('reads content, structuredContent and isError', () => {
    expect(
      parseCallToolResult({
        content: [{ type: 'text', text: '{"t":22}' }],
        structuredContent: { t: 22 },
        isError: true,
        _meta: { x: 1 },
      }),
    ).toEqual({
      content: [{ type: 'text', text: '{"t":22}' }],
      structuredContent: { t: 22 },
      isError: true,
    });
  });

  it('defaults missing content to [] and missing isError to false', () => {
    expect(parseCallToolResult({})).toEqual({
      content: [],
      structuredContent: undefined,
      isError: false,
    });
  });

  it('turns a legacy { toolResult } into one text block of its JSON', () => {
    expect(parseCallToolResult({ toolResult: { ok: [1] } })).toEqual({
      content: [{ type: 'text', text: '{"ok":[1]}' }],
      structuredContent: undefined,
      isError: false,
    });
    expect(parseCallToolResult({ toolResult: undefined })).toEqual({
      content: [{ type: 'text', text: '' }],
      structuredContent: undefined,
      isError: false,
    });
  });

  it('keeps unknown blocks and warns', () => {
    const warnings: CrosswireWarning[] = [];
    const parsed = parseCallToolResult(
      { content: [{ type: 'video' }] },
      { onWarning: (warning) => warnings.push(warning) },
    );
    expect(parsed.content).toEqual([
      {
        type: 'unknown',
        originalType: 'video',
        reason: "unknown block type 'video'",
        raw: { type: 'video' },
      },
    ]);
    expect(warnings.map((warning) => warning.code)).toEqual(['unknown_content_block']);
  });

  it.each([
    [null, '', 'a tool result must be an object, got null'],
    [[], '', 'a tool result must be an object, got an array'],
    [{ content: 'x' }, 'content', 'content must be an array of content blocks, got a string'],
    [
      { structuredContent: [1] },
      'structuredContent',
      'structuredContent must be an object, got an array',
    ],
    [{ isError: 'yes' }, 'isError', 'isError must be a boolean, got a string'],
  ])('refuses %j at path %j', (input, path, message) => {
    try {
      parseCallToolResult(input);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).path).toBe(path);
      expect((error as ValidationError).message).toBe(message);
    }
  });
});

describe('block guards and describeValue', () => {
  // Parsed inside each test: a mutation run counts code run while a file is collected as no
  // test's (scripts/mutation, docs/design-notes/checks.md).
  const blocks = (): ContentBlock[] => [
    parseContentBlock({ type: 'image', data: PNG, mimeType: 'image/png' }),
    parseContentBlock({ type: 'image', source: { type: 'url', url: 'https://x.test/a.png' } }),
    parseContentBlock({ type: 'document', source: { type: 'text', data: 'x' } }),
    parseContentBlock({ type: 'search_result', source: 's', title: 't', content: [] }),
    parseContentBlock({ type: 'text', text: 'x' }),
    // An MCP block of another kind that happens to carry a `source` field is not native.
    parseContentBlock({ type: 'audio', data: PNG, mimeType: 'audio/wav', source: 'mic' }),
  ];

  it('isMcpImage tells MCP images from Anthropic-native ones', () => {
    expect(blocks().map((block) => isMcpImage(block))).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('isAnthropicNative picks sourced images, documents and search results', () => {
    expect(blocks().map((block) => isAnthropicNative(block))).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('describeValue names a kind, never the contents', () => {
    expect([null, [], {}, 'secret', 1, true, undefined].map(describeValue)).toEqual([
      'null',
      'an array',
      'an object',
      'a string',
      'a number',
      'a boolean',
      'undefined',
    ]);
  });
});

describe('parseContentBlock: bare text (the commonest block, read without its schema)', () => {
  it('gives a copy of { type, text }, never the caller object', () => {
    const raw = { type: 'text', text: 'a result' };
    const parsed = parseContentBlock(raw);
    expect(parsed).toEqual({ type: 'text', text: 'a result' });
    expect(parsed).not.toBe(raw);
  });

  it('reads a text block with any other field through the schema, as before', () => {
    expect(parseContentBlock({ type: 'text', text: 7 })).toMatchObject({
      type: 'unknown',
      originalType: 'text',
    });
    expect(
      parseContentBlock({ type: 'text', text: 'hi', annotations: { priority: 2 } }),
    ).toMatchObject({
      type: 'unknown',
      originalType: 'text',
    });
    expect(parseContentBlock({ type: 'text', text: 'hi', _meta: { trace: 1 } })).toEqual({
      type: 'text',
      text: 'hi',
      _meta: { trace: 1 },
    });
  });

  it('keeps every own field of a block whose text is inherited (the schema reads it)', () => {
    const raw = Object.assign(Object.create({ text: 'inherited' }), { type: 'text', other: 1 });
    expect(parseContentBlock(raw)).toMatchObject({ type: 'text', other: 1 });
  });
});
