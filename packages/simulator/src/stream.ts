// The simulator's streams: a reply body (what the wire sends when not streaming) rendered as the
// wire's stream, one frame per entry: server-sent events on five wires, NDJSON lines on Ollama,
// AWS event-stream messages (bytes) on Bedrock's Converse and for Claude on Bedrock.
import { bytesToBase64, type WireFormat } from '@crosswire/core';
import { encodeEventStreamMessage, type StreamFraming } from '@crosswire/dialects';
import { replyJson } from './checks.js';

type Json = Record<string, unknown>;

const record = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Options of a rendered stream. */
export interface StreamRenderOptions {
  /** Characters of text or arguments per delta frame. Default 8. */
  readonly pieceSize?: number;
}

function pieces(value: string, size: number): string[] {
  const out: string[] = [];
  for (let at = 0; at < value.length; at += size) out.push(value.slice(at, at + size));
  return out;
}

const sse = (data: unknown, event?: string): string =>
  `${event === undefined ? '' : `event: ${event}\n`}data: ${JSON.stringify(data)}\n\n`;
const line = (data: unknown): string => `${JSON.stringify(data)}\n`;

function chatFrames(body: Json, size: number): string[] {
  const choice = record(list(body.choices)[0]);
  const message = record(choice.message);
  const base = {
    id: body.id,
    object: 'chat.completion.chunk',
    created: body.created,
    model: body.model,
  };
  const chunk = (delta: Json, finish: unknown = null) =>
    sse({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] });
  const frames = [chunk({ role: 'assistant', content: message.content === '' ? '' : null })];
  for (const field of ['reasoning_content', 'reasoning'] as const) {
    for (const piece of pieces(text(message[field]), size)) frames.push(chunk({ [field]: piece }));
  }
  for (const piece of pieces(text(message.content), size)) frames.push(chunk({ content: piece }));
  for (const piece of pieces(text(message.refusal), size)) frames.push(chunk({ refusal: piece }));
  list(message.tool_calls).forEach((item, index) => {
    const call = record(item);
    const fn = record(call.function);
    frames.push(
      chunk({
        tool_calls: [
          { index, id: call.id, type: 'function', function: { name: fn.name, arguments: '' } },
        ],
      }),
    );
    for (const piece of pieces(text(fn.arguments), size)) {
      frames.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  });
  frames.push(chunk({}, choice.finish_reason ?? 'stop'));
  if (body.usage !== undefined) frames.push(sse({ ...base, choices: [], usage: body.usage }));
  frames.push('data: [DONE]\n\n');
  return frames;
}

function anthropicFrames(body: Json, size: number): string[] {
  const usage = record(body.usage);
  const frames = [
    sse(
      {
        type: 'message_start',
        message: {
          ...body,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { ...usage, output_tokens: 1 },
        },
      },
      'message_start',
    ),
  ];
  const event = (data: Json) => sse(data, String(data.type));
  list(body.content).forEach((item, index) => {
    const block = record(item);
    if (block.type === 'text') {
      frames.push(
        event({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } }),
      );
      for (const piece of pieces(text(block.text), size)) {
        frames.push(
          event({ type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } }),
        );
      }
    } else if (block.type === 'thinking') {
      frames.push(
        event({
          type: 'content_block_start',
          index,
          content_block: { type: 'thinking', thinking: '', signature: '' },
        }),
      );
      for (const piece of pieces(text(block.thinking), size)) {
        frames.push(
          event({
            type: 'content_block_delta',
            index,
            delta: { type: 'thinking_delta', thinking: piece },
          }),
        );
      }
      frames.push(
        event({
          type: 'content_block_delta',
          index,
          delta: { type: 'signature_delta', signature: text(block.signature) },
        }),
      );
    } else if (block.type === 'tool_use') {
      frames.push(
        event({ type: 'content_block_start', index, content_block: { ...block, input: {} } }),
      );
      const input = typeof block.input === 'string' ? block.input : replyJson(block.input ?? {});
      for (const piece of pieces(input, size)) {
        frames.push(
          event({
            type: 'content_block_delta',
            index,
            delta: { type: 'input_json_delta', partial_json: piece },
          }),
        );
      }
    } else {
      frames.push(event({ type: 'content_block_start', index, content_block: block }));
    }
    frames.push(event({ type: 'content_block_stop', index }));
  });
  frames.push(
    event({
      type: 'message_delta',
      delta: {
        stop_reason: body.stop_reason ?? 'end_turn',
        stop_sequence: body.stop_sequence ?? null,
      },
      usage: { output_tokens: usage.output_tokens },
    }),
  );
  frames.push(event({ type: 'message_stop' }));
  return frames;
}

function geminiFrames(body: Json, size: number): string[] {
  const candidate = record(list(body.candidates)[0]);
  const content = record(candidate.content);
  const role = content.role ?? 'model';
  const { candidates: _candidates, ...top } = body;
  const { content: _content, ...candidateFields } = candidate;
  const partChunks: Json[][] = [];
  for (const item of list(content.parts)) {
    const part = record(item);
    if (typeof part.text !== 'string' || part.text === '') {
      partChunks.push([part]);
      continue;
    }
    const { text: whole, thoughtSignature, ...rest } = part;
    const split = pieces(whole as string, size);
    split.forEach((piece, index) => {
      const last = index === split.length - 1;
      partChunks.push([
        {
          text: piece,
          ...rest,
          ...(last && thoughtSignature !== undefined ? { thoughtSignature } : {}),
        },
      ]);
    });
  }
  const frames = partChunks.map((parts, index) => {
    const last = index === partChunks.length - 1;
    return sse({
      candidates: [{ content: { parts, role }, ...(last ? candidateFields : { index: 0 }) }],
      ...(last ? top : { modelVersion: body.modelVersion }),
    });
  });
  if (partChunks.length === 0) {
    frames.push(
      sse({ candidates: [{ content: { parts: [], role }, ...candidateFields }], ...top }),
    );
  }
  return frames;
}

function ollamaFrames(body: Json, size: number): string[] {
  const message = record(body.message);
  const base = { model: body.model, created_at: body.created_at };
  const frames: string[] = [];
  for (const piece of pieces(text(message.thinking), size)) {
    frames.push(
      line({ ...base, message: { role: 'assistant', content: '', thinking: piece }, done: false }),
    );
  }
  for (const piece of pieces(text(message.content), size)) {
    frames.push(line({ ...base, message: { role: 'assistant', content: piece }, done: false }));
  }
  if (list(message.tool_calls).length > 0) {
    frames.push(
      line({
        ...base,
        message: { role: 'assistant', content: '', tool_calls: message.tool_calls },
        done: false,
      }),
    );
  }
  const { message: _message, ...rest } = body;
  frames.push(line({ ...rest, message: { role: 'assistant', content: '' }, done: true }));
  return frames;
}

function responsesFrames(body: Json, size: number): string[] {
  let sequence = 0;
  const event = (data: Json) => sse({ ...data, sequence_number: sequence++ }, String(data.type));
  const frames = [
    event({ type: 'response.created', response: { ...body, status: 'in_progress', output: [] } }),
  ];
  list(body.output).forEach((entry, outputIndex) => {
    const item = record(entry);
    const itemId = item.id;
    if (item.type === 'function_call') {
      frames.push(
        event({
          type: 'response.output_item.added',
          output_index: outputIndex,
          item: { ...item, arguments: '', status: 'in_progress' },
        }),
      );
      for (const piece of pieces(text(item.arguments), size)) {
        frames.push(
          event({
            type: 'response.function_call_arguments.delta',
            item_id: itemId,
            output_index: outputIndex,
            delta: piece,
          }),
        );
      }
    } else if (item.type === 'message') {
      frames.push(
        event({
          type: 'response.output_item.added',
          output_index: outputIndex,
          item: { ...item, content: [], status: 'in_progress' },
        }),
      );
      list(item.content).forEach((partEntry, contentIndex) => {
        const part = record(partEntry);
        const kind = part.type === 'refusal' ? 'refusal' : 'output_text';
        const value = text(part.type === 'refusal' ? part.refusal : part.text);
        for (const piece of pieces(value, size)) {
          frames.push(
            event({
              type: `response.${kind}.delta`,
              item_id: itemId,
              output_index: outputIndex,
              content_index: contentIndex,
              delta: piece,
            }),
          );
        }
      });
    } else if (item.type === 'reasoning') {
      frames.push(
        event({
          type: 'response.output_item.added',
          output_index: outputIndex,
          item: { ...item, summary: [] },
        }),
      );
      list(item.summary).forEach((summaryEntry, summaryIndex) => {
        for (const piece of pieces(text(record(summaryEntry).text), size)) {
          frames.push(
            event({
              type: 'response.reasoning_summary_text.delta',
              item_id: itemId,
              output_index: outputIndex,
              summary_index: summaryIndex,
              delta: piece,
            }),
          );
        }
      });
    } else {
      frames.push(event({ type: 'response.output_item.added', output_index: outputIndex, item }));
    }
    frames.push(event({ type: 'response.output_item.done', output_index: outputIndex, item }));
  });
  const final = body.status === 'incomplete' ? 'response.incomplete' : 'response.completed';
  frames.push(event({ type: final, response: body }));
  return frames;
}

const utf8 = new TextEncoder();

/** One event-stream message: JSON `payload` under `:event-type` `event`. */
function eventMessage(event: string, payload: unknown): Uint8Array {
  return encodeEventStreamMessage({
    headers: {
      ':event-type': event,
      ':content-type': 'application/json',
      ':message-type': 'event',
    },
    payload: utf8.encode(JSON.stringify(payload)),
  });
}

/**
 * Bedrock ConverseStream: `messageStart`, per content block its start (a toolUse's id and
 * name), deltas (text, toolUse input as JSON text, reasoning text and signature) and stop,
 * then `messageStop` (the stop reason) and `metadata` (usage, metrics).
 */
function bedrockFrames(body: Json, size: number): Uint8Array[] {
  const message = record(record(body.output).message);
  const frames = [eventMessage('messageStart', { role: message.role ?? 'assistant' })];
  list(message.content).forEach((item, contentBlockIndex) => {
    const block = record(item);
    const delta = (value: Json) =>
      frames.push(eventMessage('contentBlockDelta', { contentBlockIndex, delta: value }));
    if (typeof block.text === 'string') {
      for (const piece of pieces(block.text, size)) delta({ text: piece });
    } else if (block.toolUse !== undefined) {
      const use = record(block.toolUse);
      frames.push(
        eventMessage('contentBlockStart', {
          contentBlockIndex,
          start: { toolUse: { toolUseId: use.toolUseId, name: use.name } },
        }),
      );
      const input = typeof use.input === 'string' ? use.input : replyJson(use.input ?? {});
      for (const piece of pieces(input, size)) delta({ toolUse: { input: piece } });
    } else if (block.reasoningContent !== undefined) {
      const reasoning = record(record(block.reasoningContent).reasoningText);
      for (const piece of pieces(text(reasoning.text), size)) {
        delta({ reasoningContent: { text: piece } });
      }
      if (typeof reasoning.signature === 'string') {
        delta({ reasoningContent: { signature: reasoning.signature } });
      }
    }
    frames.push(eventMessage('contentBlockStop', { contentBlockIndex }));
  });
  frames.push(eventMessage('messageStop', { stopReason: body.stopReason ?? 'end_turn' }));
  frames.push(eventMessage('metadata', { usage: body.usage, metrics: body.metrics ?? {} }));
  return frames;
}

/**
 * Claude on Bedrock (InvokeModelWithResponseStream): each Anthropic stream event as the base64
 * `bytes` of an event-stream `chunk` event.
 */
function chunkFrames(frames: readonly (string | Uint8Array)[]): Uint8Array[] {
  return frames.flatMap((frame) => {
    const data = /^data: (.*)$/m.exec(String(frame))?.[1];
    if (data === undefined) return [];
    return [eventMessage('chunk', { bytes: bytesToBase64(utf8.encode(data)) })];
  });
}

/** One frame of a stream: text (server-sent events, NDJSON) or bytes (an event-stream message). */
export type StreamFrameData = string | Uint8Array;

const RENDERERS: Readonly<Record<WireFormat, (body: Json, size: number) => StreamFrameData[]>> = {
  openai: chatFrames,
  hermes: chatFrames,
  anthropic: anthropicFrames,
  gemini: geminiFrames,
  ollama: ollamaFrames,
  responses: responsesFrames,
  bedrock: bedrockFrames,
};

/**
 * The frames of `body` streamed on `wire`, in order; joined they are the whole stream. With
 * `framing: 'aws-eventstream'` on a wire whose own framing is text (Claude on Bedrock), each
 * event goes as an event-stream `chunk`.
 */
export function streamFrames(
  wire: WireFormat,
  body: unknown,
  options: StreamRenderOptions & { readonly framing?: StreamFraming } = {},
): StreamFrameData[] {
  const frames = RENDERERS[wire](record(body), Math.max(1, options.pieceSize ?? 8));
  return options.framing === 'aws-eventstream' && wire !== 'bedrock' ? chunkFrames(frames) : frames;
}

/** The framing of the stream `path` asks for on `wire`: AWS event streams for Bedrock's paths. */
export function streamFraming(wire: WireFormat, path: string): StreamFraming | undefined {
  if (wire === 'bedrock' || path.endsWith('/invoke-with-response-stream')) return 'aws-eventstream';
  return undefined;
}

/**
 * The error event a provider sends in the middle of a stream, in the wire's shape (on AWS event
 * streams an exception message whose `:exception-type` is `code`).
 */
export function streamErrorFrame(
  wire: WireFormat,
  message: string,
  code: string,
  framing?: StreamFraming,
): StreamFrameData {
  if (framing === 'aws-eventstream' || wire === 'bedrock') {
    return encodeEventStreamMessage({
      headers: {
        ':exception-type': code,
        ':content-type': 'application/json',
        ':message-type': 'exception',
      },
      payload: utf8.encode(JSON.stringify({ message })),
    });
  }
  switch (wire) {
    case 'anthropic':
      return sse({ type: 'error', error: { type: code, message } }, 'error');
    case 'responses':
      return sse({ type: 'error', code, message, param: null }, 'error');
    case 'gemini':
      return sse({ error: { code: 500, message, status: code } });
    case 'ollama':
      return line({ error: message });
    case 'openai':
    case 'hermes':
      return sse({ error: { message, type: code, code } });
    default: {
      const exhaustive: never = wire;
      throw new Error(`unknown wire ${String(exhaustive)}`);
    }
  }
}

/** How a scripted reply streams (step option `stream`). */
export interface SimulatorStreamOptions {
  /** Characters of text or arguments per delta event. Default 8. */
  readonly pieceSize?: number;
  /**
   * Bytes per write: a number splits the byte stream every that many bytes (inside events,
   * inside UTF-8 sequences); default one write per event.
   */
  readonly chunkBytes?: number;
  /** Wait this long before each write after the first. Default 0. */
  readonly chunkDelayMs?: number;
  /**
   * Fail after this many writes: `error-event` sends the wire's mid-stream error event and
   * ends; `cut` ends the response cleanly (a truncated stream); `reset` destroys the socket;
   * `stall` stops writing and keeps the connection open (for idle timeouts).
   */
  readonly fail?: {
    readonly afterChunks: number;
    readonly mode: 'error-event' | 'cut' | 'reset' | 'stall';
    /** For `error-event`. Default `simulated stream failure`. */
    readonly message?: string;
    /** For `error-event`. Default `overloaded_error`. */
    readonly code?: string;
  };
}

/** What the simulator did with one streamed reply, updated while it streams. */
export interface StreamRecord {
  /** Writes made so far. */
  chunksSent: number;
  /** Writes the reply has in all. */
  readonly chunksTotal: number;
  /** How it ended: `complete`, `failed` (a scripted failure) or `client` (the client closed first); undefined while streaming. */
  ended: 'complete' | 'failed' | 'client' | undefined;
}

/** The writes of a stream: whole events, or the bytes cut every `chunkBytes`. */
export function streamChunks(
  wire: WireFormat,
  body: unknown,
  options: SimulatorStreamOptions = {},
  framing?: StreamFraming,
): Buffer[] {
  const frames = streamFrames(wire, body, {
    pieceSize: options.pieceSize ?? 8,
    ...(framing === undefined ? {} : { framing }),
  });
  if (options.chunkBytes === undefined) return frames.map((frame) => Buffer.from(frame));
  const bytes = Buffer.concat(frames.map((frame) => Buffer.from(frame)));
  const size = Math.max(1, options.chunkBytes);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
}

/** The content type of a wire's stream. */
export function streamContentType(wire: WireFormat, framing?: StreamFraming): string {
  if (framing === 'aws-eventstream') return 'application/vnd.amazon.eventstream';
  return wire === 'ollama' ? 'application/x-ndjson' : 'text/event-stream';
}

interface Writable {
  flushHeaders(): void;
  write(chunk: Buffer | Uint8Array | string): boolean;
  end(): void;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'close', listener: () => void): unknown;
  readonly destroyed: boolean;
  readonly writableEnded: boolean;
  readonly socket: { destroy(): void } | null;
}

/** Writes the stream, honouring backpressure (waits for `drain`) and the client going away. */
export async function writeStream(
  response: Writable,
  wire: WireFormat,
  chunks: readonly Buffer[],
  options: SimulatorStreamOptions,
  record: StreamRecord,
  framing?: StreamFraming,
): Promise<void> {
  let closed = false;
  response.once('close', () => {
    closed = true;
    if (record.ended === undefined) record.ended = 'client';
  });
  const fail = options.fail;
  response.flushHeaders();
  for (const [index, chunk] of chunks.entries()) {
    if (fail !== undefined && index === fail.afterChunks) {
      record.ended = 'failed';
      if (fail.mode === 'error-event') {
        response.write(
          streamErrorFrame(
            wire,
            fail.message ?? 'simulated stream failure',
            fail.code ?? (framing === undefined ? 'overloaded_error' : 'throttlingException'),
            framing,
          ),
        );
        response.end();
      } else if (fail.mode === 'cut') response.end();
      else if (fail.mode === 'reset') {
        // Let the written events reach the client first, then drop the connection.
        await new Promise((resolve) => setTimeout(resolve, 20));
        response.socket?.destroy();
      }
      // stall: write nothing more and leave the connection open.
      return;
    }
    if (index > 0 && options.chunkDelayMs) {
      await new Promise((resolve) => setTimeout(resolve, options.chunkDelayMs));
    }
    if (closed || response.destroyed) return;
    record.chunksSent++;
    if (!response.write(chunk)) {
      // Whichever comes first ends the wait; the other listener goes, so a long slow stream
      // does not pile up one 'close' listener per wait.
      await new Promise<void>((resolve) => {
        const done = () => {
          response.off('drain', done);
          response.off('close', done);
          resolve();
        };
        response.once('drain', done);
        response.once('close', done);
      });
    }
  }
  if (!closed && !response.writableEnded) {
    record.ended = 'complete';
    response.end();
  }
}
