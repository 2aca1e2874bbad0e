import type { CrosswireWarning } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { ToolResult } from './index.js';
import { PNG_BASE64 } from './test-support/samples.js';

const HTML_BASE64 = Buffer.from('<!doctype html><html><body>login</body></html>').toString(
  'base64',
);

function render<W extends 'anthropic' | 'responses' | 'gemini'>(content: unknown[], wire: W) {
  const warnings: CrosswireWarning[] = [];
  const result = new ToolResult({ name: 'shot', id: 'call_1', content } as never, {
    onWarning: () => {},
  });
  const block = result.to(wire, { imageInput: true, onWarning: (w) => warnings.push(w) });
  return { block, warnings };
}

describe('bytes that are not the image type they claim never go out as a native image', () => {
  it('HTML labelled image/png becomes the placeholder on every native wire, with a warning', () => {
    const content = [{ type: 'image', data: HTML_BASE64, mimeType: 'image/png' }];
    const anthropic = render(content, 'anthropic');
    expect(anthropic.block.content).toEqual([
      { type: 'text', text: '[image] image/png (46 bytes)' },
    ]);
    const warning = {
      code: 'image_bytes_mismatch',
      message:
        'the bytes of an image labelled image/png are not image/png; it is sent to anthropic as a placeholder',
      details: { wire: 'anthropic', mediaType: 'image/png', empty: false },
    };
    expect(anthropic.warnings).toEqual([warning]);

    const responses = render(content, 'responses');
    expect(responses.block.output).toBe('[image] image/png (46 bytes)');
    expect(responses.warnings).toEqual([
      {
        ...warning,
        message: warning.message.replace('anthropic', 'responses'),
        details: { ...warning.details, wire: 'responses' },
      },
    ]);

    const gemini = render(content, 'gemini');
    expect(JSON.stringify(gemini.block)).not.toContain('inlineData');
    expect(JSON.stringify(gemini.block)).toContain('[image] image/png (46 bytes)');
    expect(gemini.warnings.map((w) => w.code)).toEqual(['image_bytes_mismatch']);
  });

  it('an empty image is a placeholder with a warning', () => {
    const { block, warnings } = render(
      [{ type: 'image', data: '', mimeType: 'image/png' }],
      'anthropic',
    );
    expect(block.content).toEqual([{ type: 'text', text: '[image] image/png (0 bytes)' }]);
    expect(warnings).toEqual([
      {
        code: 'image_bytes_mismatch',
        message:
          'an image/png image with no data cannot go natively in the anthropic tool result; it is sent as a placeholder',
        details: { wire: 'anthropic', mediaType: 'image/png', empty: true },
      },
    ]);
  });

  it('an embedded resource blob and an Anthropic-native source are checked too', () => {
    const resource = render(
      [
        {
          type: 'resource',
          resource: { uri: 'file:///x.jpg', mimeType: 'image/jpeg', blob: HTML_BASE64 },
        },
      ],
      'anthropic',
    );
    expect(resource.block.content).toEqual([
      { type: 'text', text: '[resource] image/jpeg <file:///x.jpg> (46 bytes)' },
    ]);
    expect(resource.warnings.map((w) => w.code)).toEqual(['image_bytes_mismatch']);

    const native = render(
      [{ type: 'image', source: { type: 'base64', media_type: 'image/gif', data: PNG_BASE64 } }],
      'anthropic',
    );
    expect(native.block.content).toEqual([
      { type: 'text', text: expect.stringContaining('image/gif') },
    ]);
    expect(native.warnings.map((w) => w.code)).toEqual(['image_bytes_mismatch']);
  });

  it('a real PNG still goes natively', () => {
    const { block, warnings } = render(
      [{ type: 'image', data: PNG_BASE64, mimeType: 'image/png' }],
      'anthropic',
    );
    expect(block.content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_BASE64 } },
    ]);
    expect(warnings).toEqual([]);
  });
});
