import { describe, expect, it } from 'vitest';
import { describeDelivered, summarisePayloads } from './describe.js';

describe('describeDelivered', () => {
  it('names placeholders on string wires, text apart', () => {
    expect(
      describeDelivered({ role: 'tool', content: 'Chart:\n[image] image/png (84 bytes)' }),
    ).toEqual({
      parts: [
        { kind: 'text', text: 'Chart:' },
        { kind: 'placeholder', text: '[image] image/png (84 bytes)' },
      ],
      errorFlag: false,
      label: 'text + placeholder',
      detail: '"[image] image/png (84 bytes)"; "Chart:"',
    });
  });

  it('reads native media with their sizes and the error flag', () => {
    const summary = describeDelivered({
      type: 'tool_result',
      is_error: true,
      content: [
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
        { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'notes' } },
      ],
    });
    expect(summary.label).toBe('image + text document (is_error)');
    expect(summary.parts).toEqual([
      { kind: 'image', mediaType: 'image/png', bytes: 3 },
      { kind: 'text document', text: 'notes' },
    ]);
    expect(
      describeDelivered({
        type: 'function_call_output',
        output: [
          { type: 'input_file', filename: 'q3.pdf', file_data: 'data:application/pdf;base64,AAAA' },
        ],
      }).detail,
    ).toBe('q3.pdf, application/pdf, 3 B');
    expect(
      describeDelivered({
        functionResponse: {
          name: 'x',
          response: { result: 'Chart:' },
          parts: [{ inlineData: { mimeType: 'image/png', data: 'AAAA' } }],
        },
      }).label,
    ).toBe('text + image');
  });

  it('unwraps the hermes response tag', () => {
    expect(
      describeDelivered({
        role: 'tool',
        content: '<tool_response>\n{"name":"x","content":"hello"}\n</tool_response>',
      }).parts,
    ).toEqual([{ kind: 'text', text: 'hello' }]);
  });
});

describe('summarisePayloads', () => {
  it('replaces base64 payloads and data: URLs by their size, leaves text alone', () => {
    expect(
      summarisePayloads({
        a: { type: 'image', source: { type: 'base64', data: 'iVBORw0KGgoAAAANSUhEUg==' } },
        b: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==',
        c: { type: 'text', data: 'abcdefghijklmnopqrstuvwxyz' },
      }),
    ).toEqual({
      a: { type: 'image', source: { type: 'base64', data: '[base64, 16 bytes]' } },
      b: 'data:image/png;base64,[16 bytes]',
      c: { type: 'text', data: 'abcdefghijklmnopqrstuvwxyz' },
    });
  });
});
