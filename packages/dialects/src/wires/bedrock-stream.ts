// Bedrock ConverseStream (`POST /model/{modelId}/converse-stream`): binary event-stream frames
// whose `:event-type` names the event and whose payload is its JSON: `messageStart`,
// `contentBlockStart` (a toolUse's id and name), `contentBlockDelta` (text, toolUse input as
// JSON text, reasoning text and signature), `contentBlockStop`, `messageStop` (the stop reason),
// `metadata` (usage, metrics). Exception frames are read by the framing (eventstream.ts).
// https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ConverseStream.html

import type { WireStream, WireStreamState } from '../stream-types.js';
import { asRecord, asString, cloneJson, isRecord, type JsonObject } from '../support/json.js';
import { streamPosition } from '../support/stream-position.js';

function state(): WireStreamState {
  let role = 'assistant';
  let stop: JsonObject = {};
  let metadata: JsonObject = {};
  const blocks: JsonObject[] = [];
  /** The streamed JSON text of each toolUse block's input, by block index. */
  const inputs = new Map<number, string>();
  const callIndex = new Map<number, number>();
  let stopped = false;
  let done = false;

  const settleInput = (position: number) => {
    const text = inputs.get(position);
    const use = asRecord(blocks[position]?.toolUse);
    if (text === undefined || !isRecord(blocks[position]?.toolUse)) return;
    inputs.delete(position);
    if (text.trim() === '') {
      use.input = {};
      return;
    }
    try {
      use.input = JSON.parse(text);
    } catch {
      // Cut off (max_tokens): the text as sent, which reads as undecodable like a whole reply.
      use.input = text;
    }
  };

  const blockAt = (position: number): JsonObject => {
    const block = blocks[position] ?? {};
    blocks[position] = block;
    return block;
  };

  return {
    frame(event, data, emit) {
      const record = asRecord(data);
      const type = event ?? Object.keys(record)[0];
      const payload = event === undefined ? asRecord(record[type ?? '']) : record;
      const position =
        typeof payload.contentBlockIndex === 'number'
          ? streamPosition('bedrock', 'contentBlockIndex', payload.contentBlockIndex, blocks.length)
          : blocks.length;
      switch (type) {
        case 'messageStart':
          role = asString(payload.role) ?? role;
          return;
        case 'contentBlockStart': {
          const use = asRecord(asRecord(payload.start).toolUse);
          if (!isRecord(asRecord(payload.start).toolUse)) return;
          blocks[position] = { toolUse: { ...cloneJson(use), input: {} } };
          inputs.set(position, '');
          callIndex.set(
            position,
            emit.toolStart(asString(use.toolUseId) ?? '', asString(use.name) ?? ''),
          );
          return;
        }
        case 'contentBlockDelta': {
          const delta = asRecord(payload.delta);
          const block = blockAt(position);
          if (typeof delta.text === 'string') {
            block.text = `${asString(block.text) ?? ''}${delta.text}`;
            emit.text(delta.text);
          } else if (isRecord(delta.toolUse)) {
            const piece = asString(delta.toolUse.input) ?? '';
            inputs.set(position, `${inputs.get(position) ?? ''}${piece}`);
            const index = callIndex.get(position);
            if (index !== undefined) emit.toolDelta(index, piece);
          } else if (isRecord(delta.reasoningContent)) {
            const reasoning = delta.reasoningContent;
            const content = asRecord(block.reasoningContent);
            const text = asRecord(content.reasoningText);
            if (typeof reasoning.text === 'string') {
              text.text = `${asString(text.text) ?? ''}${reasoning.text}`;
              emit.reasoning(reasoning.text);
            }
            // The signature comes whole: a later one replaces it.
            if (typeof reasoning.signature === 'string') text.signature = reasoning.signature;
            if (typeof reasoning.redactedContent === 'string') {
              block.reasoningContent = { redactedContent: reasoning.redactedContent };
              return;
            }
            block.reasoningContent = { ...content, reasoningText: text };
          }
          return;
        }
        case 'contentBlockStop':
          settleInput(position);
          return;
        case 'messageStop':
          stop = cloneJson(payload);
          stopped = true;
          return;
        case 'metadata':
          metadata = cloneJson(payload);
          done = stopped;
          return;
        default:
          return; // events added later
      }
    },
    complete: () => stopped,
    ended: () => done,
    body() {
      for (const position of [...inputs.keys()]) settleInput(position);
      return {
        output: {
          message: { role, content: blocks.filter((block) => block !== undefined) },
        },
        ...stop,
        ...metadata,
      };
    },
  };
}

export const stream: WireStream = {
  framing: 'aws-eventstream',
  callTags: false,
  path: (chatPath) => chatPath.replace(/\/converse(?=$|\?)/, '/converse-stream'),
  request: (body) => body,
  start: state,
};
