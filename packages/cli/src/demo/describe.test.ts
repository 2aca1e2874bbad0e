import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callFrozen } from '../../../../test-support/deep-freeze.js';
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

describe('summarisePayloads, applied twice', () => {
  it('changes nothing the second time: a shown size is not read as a payload', () => {
    const block = {
      type: 'function_call_output',
      output: [
        { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==' },
        { type: 'input_file', file_data: 'data:application/pdf;base64,JVBERi0xLjQKJeLjz9MK' },
      ],
    };
    const once = summarisePayloads(block);
    expect(once).toEqual({
      type: 'function_call_output',
      output: [
        { type: 'input_image', image_url: 'data:image/png;base64,[16 bytes]' },
        { type: 'input_file', file_data: 'data:application/pdf;base64,[15 bytes]' },
      ],
    });
    expect(summarisePayloads(once)).toEqual(once);
  });

  it('is idempotent for any base64 payload in a data: URL or a data field', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 12, maxLength: 200 }), (bytes) => {
        const base64 = Buffer.from(bytes).toString('base64');
        const value = {
          url: `data:image/png;base64,${base64}`,
          source: { type: 'base64', data: base64 },
        };
        const once = summarisePayloads(value);
        expect(once).toEqual({
          url: `data:image/png;base64,[${bytes.length} bytes]`,
          source: { type: 'base64', data: `[base64, ${bytes.length} bytes]` },
        });
        expect(summarisePayloads(once)).toEqual(once);
      }),
    );
  });
});

describe('summarisePayloads leaves its input unchanged', () => {
  it('summarises a copy of a deeply frozen body', () => {
    const body = {
      messages: [
        {
          role: 'user',
          content: [
            { type: 'image', source: { type: 'base64', data: 'iVBORw0KGgoAAAANSUhEUg==' } },
          ],
        },
      ],
    };
    const summary = callFrozen(body, (frozen) => summarisePayloads(frozen));
    expect(summary).toEqual({
      messages: [
        {
          role: 'user',
          content: [{ type: 'image', source: { type: 'base64', data: '[base64, 16 bytes]' } }],
        },
      ],
    });
  });
});
