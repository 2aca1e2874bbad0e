// Properties over any tool output in any of the forms LangChain tools produce, on every wire and
// model kind: rendering never throws, no text the model reads carries a base64 payload, and media
// follow the tool messages only where that wire's integration cannot carry them.
import { WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import { containsBase64Payload } from '@crosswire/simulator';
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planFor } from './capabilities.js';
import { renderToolMessage, rewriteMessages } from './rewrite.js';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF_SIGNATURE = [...Buffer.from('%PDF-1.4\n')];

/** Base64 of a payload long enough to be a base64 payload wherever it lands as text. */
const payload = (signature: readonly number[]) =>
  fc
    .uint8Array({ minLength: 300, maxLength: 600 })
    .map((bytes) => Buffer.from([...signature, ...bytes]).toString('base64'));

const block = fc.oneof(
  fc.string({ maxLength: 40 }).map((text) => ({ type: 'text', text })),
  payload(PNG_SIGNATURE).map((data) => ({ type: 'image', data, mimeType: 'image/png' })),
  payload(PNG_SIGNATURE).map((data) => ({
    type: 'image_url',
    image_url: { url: `data:image/png;base64,${data}` },
  })),
  payload(PNG_SIGNATURE).map((data) => ({
    type: 'image',
    source_type: 'base64',
    data,
    mime_type: 'image/png',
  })),
  payload(PDF_SIGNATURE).map((data) => ({
    type: 'file',
    source_type: 'base64',
    data,
    mime_type: 'application/pdf',
    metadata: { uri: 'file:///a.pdf' },
  })),
  payload(PDF_SIGNATURE).map((blob) => ({
    type: 'resource',
    resource: { uri: 'file:///b.pdf', mimeType: 'application/pdf', blob },
  })),
  payload([]).map((data) => ({ type: 'audio', data, mimeType: 'audio/wav' })),
  payload([]).map((data) => ({ type: 'mystery', data })),
);

/** A model of each kind per wire: sees images in tool results, sees images only, sees none. */
const TARGETS: Record<WireFormat, readonly [string, string][]> = {
  openai: [
    ['openai', 'gpt-6.1-sol'],
    ['openai', 'gpt-3.5-turbo'],
  ],
  responses: [['openai-responses', 'gpt-6.1-sol']],
  anthropic: [
    ['anthropic', 'claude-sonnet-5-5'],
    ['anthropic', 'no-such-model'],
  ],
  gemini: [['gemini', 'gemini-3-flash-preview']],
  ollama: [
    ['ollama', 'qwen2.5vl'],
    ['ollama', 'qwen3'],
  ],
  hermes: [['nousresearch', 'Hermes-4-70B']],
  bedrock: [
    ['bedrock', 'anthropic.claude-sonnet-4-6'],
    ['bedrock', 'meta.llama4-maverick-17b-instruct-v1:0'],
    ['bedrock', 'openai.gpt-oss-120b-1:0'],
  ],
};
const target = fc
  .constantFrom(...WIRE_FORMATS)
  .chain((wire) =>
    fc.constantFrom(...TARGETS[wire]).map(([provider, model]) => ({ wire, provider, model })),
  );

/** Every text a model reads in a message: string content and text parts. */
function texts(message: BaseMessage): string[] {
  if (typeof message.content === 'string') return [message.content];
  return message.content.flatMap((part) => {
    const record = part as Record<string, unknown>;
    if (typeof record.text === 'string') return [record.text];
    // Anthropic's tool_result block standing for a failed call (its content is read as text).
    if (Array.isArray(record.content)) {
      return (record.content as Record<string, unknown>[]).flatMap((inner) =>
        typeof inner.text === 'string' ? [inner.text] : [],
      );
    }
    return typeof record.content === 'string' ? [record.content] : [];
  });
}

describe('properties of the rewrite', () => {
  it('covers every wire', () => {
    expect(Object.keys(TARGETS).sort()).toEqual([...WIRE_FORMATS].sort());
  });

  it('never throws, never puts base64 in text, and follows with media only where the wire needs it', () => {
    fc.assert(
      fc.property(
        target,
        fc.array(block, { maxLength: 6 }),
        fc.boolean(),
        fc.boolean(),
        (where, content, failed, asJson) => {
          const plan = planFor(where, { onWarning: () => {} });
          const tool = new ToolMessage({
            tool_call_id: 'call_1',
            name: 'probe',
            status: failed ? 'error' : 'success',
            // The JSON text of a result object (unknown block types make it the tool's own text).
            content: (asJson
              ? JSON.stringify({ content: content.filter((item) => item.type !== 'mystery') })
              : content) as never,
          });
          const messages = [
            new HumanMessage('go'),
            new AIMessage({ content: '', tool_calls: [{ id: 'call_1', name: 'probe', args: {} }] }),
            tool,
          ];
          const out = rewriteMessages(messages, plan, (message) =>
            renderToolMessage(message, plan, () => {}),
          );
          const rendered = out[2] as BaseMessage;
          for (const text of texts(rendered)) expect(containsBase64Payload(text)).toBe(false);
          const following = out.slice(3);
          if (following.length > 0) {
            expect(following).toHaveLength(1);
            expect(['openai', 'ollama', 'hermes', 'gemini']).toContain(where.wire);
            expect(following[0]?.type).toBe('human');
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
