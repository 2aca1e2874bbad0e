import type { CrosswireWarning } from '@crosswire/core';
import { ToolResult } from '@crosswire/tool-result';
import { ToolMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import {
  MAX_RESULT_JSON_CHARS,
  mcpBlockOf,
  RESULT_ARTIFACT,
  toolResultOf,
  toolResultOfMessage,
} from './read-content.js';
import { PDF, PNG } from './test-support/mcp-fixture.js';

const CALL = { name: 'snapshot', id: 'call_1' };
const png = { type: 'image', data: PNG, mimeType: 'image/png' };
const pdfResource = (uri: string) => ({
  type: 'resource',
  resource: { uri, mimeType: 'application/pdf', blob: PDF },
});

describe('mcpBlockOf: each form a tool hands LangChain, as the block a ToolResult reads', () => {
  const cases: [string, unknown, unknown][] = [
    ['a bare string', 'hello', { type: 'text', text: 'hello' }],
    ['a text block', { type: 'text', text: 'hi', id: 'x' }, { type: 'text', text: 'hi' }],
    [
      'a text block with a cache breakpoint',
      { type: 'text', text: 'hi', cache_control: { type: 'ephemeral' } },
      { type: 'text', text: 'hi', cache_control: { type: 'ephemeral' } },
    ],
    [
      'a standard text block',
      { type: 'text', source_type: 'text', text: 'hi' },
      { type: 'text', text: 'hi' },
    ],
    ['an MCP image (also the v1 form)', png, png],
    [
      "the adapters' image_url data URL",
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
      png,
    ],
    ['an image_url string', { type: 'image_url', image_url: `data:image/png;base64,${PNG}` }, png],
    [
      'an image_url on the web',
      { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
      { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
    ],
    [
      'a standard base64 image',
      { type: 'image', source_type: 'base64', data: PNG, mime_type: 'image/png' },
      png,
    ],
    [
      'a standard URL image',
      { type: 'image', source_type: 'url', url: 'https://example.com/a.png' },
      { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
    ],
    [
      'a standard image by id',
      { type: 'image', source_type: 'id', id: 'file_1' },
      { type: 'image', source: { type: 'file', file_id: 'file_1' } },
    ],
    ['a v1 image without a media type (read from the bytes)', { type: 'image', data: PNG }, png],
    [
      'a v1 image as bytes',
      { type: 'image', data: Buffer.from(PNG, 'base64'), mimeType: 'image/png' },
      png,
    ],
    [
      'a v1 image by file id',
      { type: 'image', fileId: 'file_2' },
      { type: 'image', source: { type: 'file', file_id: 'file_2' } },
    ],
    [
      'an Anthropic-native image, as it is',
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
    ],
    [
      'a standard base64 file with its URI (the adapters\u2019 embedded resource)',
      {
        type: 'file',
        source_type: 'base64',
        data: PDF,
        mime_type: 'application/pdf',
        metadata: { uri: 'file:///reports/q3.pdf' },
      },
      pdfResource('file:///reports/q3.pdf'),
    ],
    [
      'a v1 file with a filename',
      { type: 'file', data: PDF, mimeType: 'application/pdf', metadata: { filename: 'q 3.pdf' } },
      pdfResource('file:///q%203.pdf'),
    ],
    [
      'a file with neither',
      { type: 'file', data: PDF, mimeType: 'application/pdf' },
      pdfResource(''),
    ],
    [
      'a standard text file',
      {
        type: 'file',
        source_type: 'text',
        text: 'a,b',
        mime_type: 'text/csv',
        metadata: { uri: 'file:///t.csv' },
      },
      { type: 'resource', resource: { uri: 'file:///t.csv', mimeType: 'text/csv', text: 'a,b' } },
    ],
    [
      "the adapters' resource link",
      {
        type: 'file',
        source_type: 'url',
        url: 'https://example.com/docs/q3.pdf?v=2',
        mime_type: 'application/pdf',
      },
      {
        type: 'resource_link',
        uri: 'https://example.com/docs/q3.pdf?v=2',
        name: 'q3.pdf',
        mimeType: 'application/pdf',
      },
    ],
    [
      'a file data URL',
      { type: 'file', url: `data:application/pdf;base64,${PDF}` },
      pdfResource(''),
    ],
    [
      'a v1 file by id',
      { type: 'file', fileId: 'file_3' },
      { type: 'document', source: { type: 'file', file_id: 'file_3' } },
    ],
    [
      'standard audio',
      { type: 'audio', source_type: 'base64', data: 'UklGRg==', mime_type: 'audio/wav' },
      { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
    ],
    ["Gemini's media block, an image", { type: 'media', mimeType: 'image/png', data: PNG }, png],
    [
      "Gemini's media block, a PDF",
      { type: 'media', mimeType: 'application/pdf', data: PDF },
      pdfResource(''),
    ],
    ['Responses input_text', { type: 'input_text', text: 'hi' }, { type: 'text', text: 'hi' }],
    [
      'Responses input_image',
      { type: 'input_image', image_url: `data:image/png;base64,${PNG}` },
      png,
    ],
    [
      'Responses input_file',
      { type: 'input_file', filename: 'q3.pdf', file_data: `data:application/pdf;base64,${PDF}` },
      pdfResource('file:///q3.pdf'),
    ],
    ['an MCP resource, as it is', pdfResource('file:///a.pdf'), pdfResource('file:///a.pdf')],
    [
      'an unknown block, as it is (its placeholder comes later)',
      { type: 'thinking', thinking: 'hm' },
      { type: 'thinking', thinking: 'hm' },
    ],
    ['a number, as it is', 7, 7],
  ];
  it.each(cases)('%s', (_name, block, expected) => {
    expect(mcpBlockOf(block)).toEqual(expected);
  });
  it('ran every case', () => {
    expect(cases).toHaveLength(31);
  });
});

describe('toolResultOf', () => {
  it('reads a CallToolResult, its isError included', () => {
    const result = toolResultOf({ isError: true, content: [{ type: 'text', text: 'no' }] }, CALL);
    expect([result.isError, result.content, result.name, result.id]).toEqual([
      true,
      [{ type: 'text', text: 'no' }],
      'snapshot',
      'call_1',
    ]);
  });

  it('reads the JSON text of a CallToolResult (a tool that returned the MCP object)', () => {
    const result = toolResultOf(JSON.stringify({ content: [png] }), CALL);
    expect(result.content).toEqual([png]);
  });

  it('reads the JSON text of a result object whose blocks are in LangChain forms', () => {
    const json = JSON.stringify({
      content: [{ type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } }],
    });
    expect(toolResultOf(json, CALL).content).toEqual([png]);
  });

  it('keeps JSON with blocks of unknown types as the text it is (a document format of the tool)', () => {
    const json = JSON.stringify({ content: [{ type: 'paragraph', children: [] }] });
    expect(toolResultOf(json, CALL).content).toEqual([{ type: 'text', text: json }]);
  });

  it('keeps other text as text, and empty text as no content', () => {
    expect(toolResultOf('{"content": "not blocks"}', CALL).content).toEqual([
      { type: 'text', text: '{"content": "not blocks"}' },
    ]);
    expect(toolResultOf('', CALL).content).toEqual([]);
  });

  it('marks a result failed when the message says so', () => {
    expect(toolResultOf([png], CALL, { isError: true }).isError).toBe(true);
    const given = new ToolResult({ ...CALL, content: [png] });
    expect(toolResultOf(given, CALL)).toBe(given);
    expect(toolResultOf(given, CALL, { isError: true }).isError).toBe(true);
  });

  it(`does not read a text over ${MAX_RESULT_JSON_CHARS} characters as JSON, and says so`, () => {
    const warnings: CrosswireWarning[] = [];
    const text = `{"content":[],"padding":"${'x'.repeat(MAX_RESULT_JSON_CHARS)}"}`;
    const result = toolResultOf(text, CALL, { onWarning: (warning) => warnings.push(warning) });
    expect(result.content).toEqual([{ type: 'text', text }]);
    expect(warnings.map((warning) => [warning.code, warning.details])).toEqual([
      [
        'langchain_result_not_read',
        { toolName: 'snapshot', callId: 'call_1', length: MAX_RESULT_JSON_CHARS + 27 },
      ],
    ]);
    // One character shorter is read.
    const fits = `{"content":[],"padding":"${'x'.repeat(MAX_RESULT_JSON_CHARS - 27)}"}`;
    expect(fits).toHaveLength(MAX_RESULT_JSON_CHARS);
    expect(toolResultOf(fits, CALL).content).toEqual([]);
  });
});

describe('toolResultOfMessage', () => {
  const message = (fields: Partial<ConstructorParameters<typeof ToolMessage>[0] & object>) =>
    new ToolMessage({ tool_call_id: 'call_1', name: 'snapshot', content: '', ...fields });

  it('nothing to rewrite for the text of a call that did not fail', () => {
    expect(toolResultOfMessage(message({ content: 'sunny' }))).toBeUndefined();
    expect(toolResultOfMessage(message({ content: 'sunny', status: 'success' }))).toBeUndefined();
  });

  it('the text of a failed call is an error result', () => {
    const result = toolResultOfMessage(message({ content: 'boom', status: 'error' }));
    expect([result?.isError, result?.content]).toEqual([true, [{ type: 'text', text: 'boom' }]]);
  });

  it('content blocks are read block by block', () => {
    const result = toolResultOfMessage(
      message({
        content: [
          { type: 'text', text: 'page' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
        ],
      }),
    );
    expect(result?.content).toEqual([{ type: 'text', text: 'page' }, png]);
  });

  it('the MCP result in the artifact of a message mcpToolMessage made wins over its content', () => {
    const artifact = { content: [png] };
    const marked = message({
      content: '[image] image/png (852 bytes)',
      artifact,
      metadata: { crosswire: RESULT_ARTIFACT },
    });
    expect(toolResultOfMessage(marked)?.content).toEqual([png]);
    // Without the mark the artifact is the tool's own business: not sent to the model.
    const unmarked = message({ content: 'see artifact', artifact });
    expect(toolResultOfMessage(unmarked)).toBeUndefined();
  });
});
