import { imageBase64Matches, WIRE_FORMATS } from '@crosswire/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contentArbitrary,
  mcpContentArbitrary,
  nativeImageBlock,
  optionsArbitrary,
  payloadsOf,
} from './test-support/arbitraries.js';
import { ToolResult } from './tool-result.js';

const quiet = { onWarning: () => {} };

/** A recognisable slice of a payload: 48 base64 characters from its middle. */
function fingerprint(payload: string): string {
  const start = Math.floor((payload.length - 48) / 2);
  return payload.slice(start, start + 48);
}

function containsNativeImage(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(containsNativeImage);
  if (typeof node !== 'object' || node === null) return false;
  if ((node as { type?: unknown }).type === 'image') return true;
  return Object.values(node).some(containsNativeImage);
}

describe('properties over schema-valid content', () => {
  it('no string wire ever carries the base64 payload of an image, audio or blob', () => {
    fc.assert(
      fc.property(contentArbitrary, optionsArbitrary, (content, options) => {
        const result = new ToolResult({ name: 'tool', id: 'call_1', content }, quiet);
        const strings = [
          result.to('openai', { ...options, ...quiet }).content,
          result.to('ollama', { ...options, ...quiet }).content,
          result.to('hermes', { ...options, ...quiet }),
          // Without native media, responses and gemini are string wires too.
          JSON.stringify(result.to('responses', { ...quiet, imageInput: false, nativePdf: false })),
          JSON.stringify(result.to('gemini', { ...quiet, imageInput: false, nativePdf: false })),
        ];
        for (const payload of payloadsOf(content)) {
          for (const text of strings) expect(text).not.toContain(fingerprint(payload));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('to never throws on valid content, on any wire, with any options', () => {
    fc.assert(
      fc.property(
        contentArbitrary,
        optionsArbitrary,
        fc.boolean(),
        fc.option(fc.dictionary(fc.string(), fc.jsonValue()), { nil: undefined }),
        (content, options, isError, structuredContent) => {
          const result = new ToolResult(
            { name: 'tool', id: 'call_1', content, isError, structuredContent },
            quiet,
          );
          for (const wire of WIRE_FORMATS) {
            const block = result.to(wire, { ...options, ...quiet });
            // What goes out is JSON: it survives a round trip unchanged.
            expect(JSON.parse(JSON.stringify(block))).toEqual(block);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never throws on arbitrary junk either: unknown blocks become placeholders', () => {
    fc.assert(
      fc.property(
        fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }),
        optionsArbitrary,
        (content, options) => {
          const result = new ToolResult({ name: 'tool', id: 'call_1', content }, quiet);
          for (const wire of WIRE_FORMATS) result.to(wire, { ...options, ...quiet });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('anthropic never contains an image made from tool output when imageInput is false', () => {
    // Anthropic-native image blocks a caller built pass through (next property); everything
    // a tool returns over MCP follows imageInput.
    fc.assert(
      fc.property(mcpContentArbitrary, optionsArbitrary, (content, options) => {
        const result = new ToolResult({ name: 'tool', id: 'call_1', content }, quiet);
        const block = result.to('anthropic', { ...options, ...quiet, imageInput: false });
        expect(containsNativeImage(block.content)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('an Anthropic-native image passes through on anthropic whatever the options', () => {
    const anthropicTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
    fc.assert(
      fc.property(nativeImageBlock, optionsArbitrary, (image, options) => {
        const result = new ToolResult({ name: 'tool', id: 'call_1', content: [image] }, quiet);
        const [block] = result.to('anthropic', { ...options, ...quiet }).content;
        const source = image.source as { type: string; media_type?: string };
        const data = (image.source as { data?: string }).data ?? '';
        const takes =
          source.type !== 'base64' ||
          (anthropicTypes.includes(source.media_type ?? '') &&
            imageBase64Matches(data, source.media_type ?? '') === true);
        expect(block).toEqual(takes ? image : { type: 'text', text: expect.any(String) });
      }),
      { numRuns: 200 },
    );
  });

  it('the string wires agree: openai, ollama and hermes carry the same string form', () => {
    fc.assert(
      fc.property(contentArbitrary, (content) => {
        const result = new ToolResult({ name: 'tool', id: 'call_1', content }, quiet);
        const text = result.to('openai').content;
        expect(result.to('ollama').content).toBe(text);
        expect(result.to('hermes')).toBe(
          `<tool_response>\n${JSON.stringify({ name: 'tool', content: text })}\n</tool_response>`,
        );
        expect(result.to('responses').output).toBe(text);
      }),
      { numRuns: 200 },
    );
  });
});
