// mcpToModelOutput, block by block, as a tool's `toModelOutput` hands the AI SDK each form an MCP
// result can take: every expected output written out by hand from the documented mapping (text
// as text, images, audio and blobs as files, a resource's last URI segment as its filename, an
// error as error-text, structured content alone as json).
import type { CrosswireWarning } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { mcpToModelOutput } from './index.js';
import { PIXEL_PNG } from './test-support/mcp-fixture.js';

/** The output and the warnings of one call. */
function convert(result: unknown, options: { toolName?: string; toolCallId?: string } = {}) {
  const warnings: CrosswireWarning[] = [];
  const output = mcpToModelOutput(result, {
    ...options,
    onWarning: (warning) => warnings.push(warning),
  });
  return { output, warnings };
}

const file = (mediaType: string, data: string, filename?: string) => ({
  type: 'file',
  mediaType,
  data: { type: 'data', data },
  ...(filename === undefined ? {} : { filename }),
});

describe('mcpToModelOutput: each block', () => {
  it('text, image, audio, a PDF, a blob of no type, a link and embedded text, in order', () => {
    expect(
      convert({
        content: [
          { type: 'text', text: 'page' },
          { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' },
          { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
          {
            type: 'resource',
            resource: {
              uri: 'file:///reports/q3%20final.pdf?v=2#p1',
              mimeType: 'application/pdf',
              blob: 'JVBERg==',
            },
          },
          { type: 'resource', resource: { uri: 'file:///data/dump.bin', blob: 'AAEC' } },
          {
            type: 'resource_link',
            uri: 'file:///b.pdf',
            name: 'b.pdf',
            mimeType: 'application/pdf',
          },
          {
            type: 'resource',
            resource: { uri: 'file:///a.txt', mimeType: 'text/plain', text: 'hello' },
          },
        ],
      }),
    ).toEqual({
      output: {
        type: 'content',
        value: [
          { type: 'text', text: 'page' },
          file('image/png', PIXEL_PNG),
          file('audio/wav', 'UklGRg=='),
          file('application/pdf', 'JVBERg==', 'q3 final.pdf'),
          file('application/octet-stream', 'AAEC', 'dump.bin'),
          { type: 'text', text: '[resource_link] b.pdf <file:///b.pdf>' },
          { type: 'text', text: 'hello' },
        ],
      },
      warnings: [],
    });
  });

  it('a filename is the last non-empty segment of the path (not the query or fragment); a URI of separators alone gives none', () => {
    const blob = (uri: string) => ({
      content: [
        { type: 'resource', resource: { uri, mimeType: 'application/pdf', blob: 'JVBERg==' } },
      ],
    });
    expect(convert(blob('https://example.com/docs/')).output).toEqual({
      type: 'content',
      value: [file('application/pdf', 'JVBERg==', 'docs')],
    });
    // A space in the fragment (servers send such URIs) ends nothing early.
    expect(convert(blob('file:///a.pdf#see page/2')).output).toEqual({
      type: 'content',
      value: [file('application/pdf', 'JVBERg==', 'a.pdf')],
    });
    expect(convert(blob('///')).output).toEqual({
      type: 'content',
      value: [file('application/pdf', 'JVBERg==')],
    });
  });

  it('an image whose data is no string is a placeholder line, with the reader warning', () => {
    expect(convert({ content: [{ type: 'image', data: 5, mimeType: 'image/png' }] })).toEqual({
      output: { type: 'content', value: [{ type: 'text', text: '[image] image/png' }] },
      warnings: [
        {
          code: 'unknown_content_block',
          message:
            "content[0]: malformed 'image' block: data: Invalid input: expected string, received number; it is sent as a placeholder",
          details: { index: 0, originalType: 'image' },
        },
      ],
    });
  });

  it('an unknown block type: its placeholder line, and the warning reaches onWarning', () => {
    expect(convert({ content: [{ type: 'mystery', data: 'AAAA' }] })).toEqual({
      output: { type: 'content', value: [{ type: 'text', text: '[mystery] (3 bytes)' }] },
      warnings: [
        {
          code: 'unknown_content_block',
          message: "content[0]: unknown block type 'mystery'; it is sent as a placeholder",
          details: { index: 0, originalType: 'mystery' },
        },
      ],
    });
  });
});

describe('mcpToModelOutput: the whole result', () => {
  it('an error result is error-text', () => {
    expect(
      convert({ isError: true, content: [{ type: 'text', text: 'no browser' }] }).output,
    ).toEqual({ type: 'error-text', value: 'no browser' });
  });

  it('no content: an empty text, or the structured content alone as json', () => {
    expect(convert({ content: [] }).output).toEqual({ type: 'text', value: '' });
    expect(convert({ content: [], structuredContent: { a: 1 } }).output).toEqual({
      type: 'json',
      value: { a: 1 },
    });
  });

  it('without toolName and toolCallId the warnings name the tool "tool" with an empty call id', () => {
    expect(convert({ content: 'nope' })).toEqual({
      output: {
        type: 'error-text',
        value:
          'tool tool returned a malformed result: content must be an array of content blocks, got a string',
      },
      warnings: [
        {
          code: 'tool_result_malformed',
          message:
            'tool tool returned a malformed result: content must be an array of content blocks, got a string; the model gets this error text in its place',
          details: { toolName: 'tool', callId: '' },
        },
      ],
    });
  });

  it('a filename that is not UTF-8 percent-encoding is sent as written; the warning quotes 200 characters of it', () => {
    const segment = `${'a'.repeat(250)}%E0%A4%A`;
    expect(
      convert(
        {
          content: [
            {
              type: 'resource',
              resource: {
                uri: `file:///${segment}`,
                mimeType: 'application/pdf',
                blob: 'JVBERg==',
              },
            },
          ],
        },
        { toolName: 'fetch', toolCallId: 'c1' },
      ),
    ).toEqual({
      output: { type: 'content', value: [file('application/pdf', 'JVBERg==', segment)] },
      warnings: [
        {
          code: 'resource_uri_malformed',
          message:
            'the URI of a resource from tool fetch is not well-formed percent-encoding; its filename is sent as written',
          details: { toolName: 'fetch', callId: 'c1', segment: 'a'.repeat(200) },
        },
      ],
    });
  });
});
