// Stored state nested far deeper than any real message: a typed error naming the entry, not a
// bare "Maximum call stack size exceeded".
import { createToolCall } from '@crosswire/core';
import { wireMessage } from '@crosswire/dialects';
import { describe, expect, test } from 'vitest';
import { parseConversation, serializeConversation } from './conversation.js';
import { ConversationError } from './errors.js';
import { MAX_JSON_DEPTH } from './json-copy.js';

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

function thrown(run: () => unknown): ConversationError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConversationError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('deep stored state', () => {
  test('parseConversation of a message nested 10,000 deep is a ConversationError with the path', () => {
    const document = {
      format: 'crosswire.conversation',
      version: 1,
      messages: [{ role: 'wire', wire: 'openai', message: nested(10_000) }],
    };
    const error = thrown(() => parseConversation(document));
    expect(error.code).toBe('conversation_not_serializable');
    expect(error.path).toBe(`messages[0]${'.a'.repeat(MAX_JSON_DEPTH)}`);
    expect(error.message).toBe(`${error.path} is nested deeper than 512 levels; refused`);
  });

  test('serializeConversation of a reply with arguments nested 10,000 deep', () => {
    const call = createToolCall({ name: 'f', arguments: { deep: nested(10_000) }, wire: 'openai' });
    const error = thrown(() =>
      serializeConversation([{ role: 'assistant', content: '', toolCalls: [call] }]),
    );
    expect(error.code).toBe('conversation_not_serializable');
    expect(error.path.slice(0, 48)).toBe('messages[0].toolCalls[0].rawArguments.deep.a.a.a');
    expect(error.message.endsWith('is nested deeper than 512 levels; refused')).toBe(true);
  });

  test('a message as deep as the bound allows round-trips', () => {
    const message = wireMessage('openai', nested(MAX_JSON_DEPTH - 1) as object);
    const document = serializeConversation([message]);
    expect(parseConversation(JSON.stringify(document))).toEqual([message]);
  });
});
