import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { type StreamRecord, writeStream } from './stream.js';

/** A response whose buffer is always full: every write waits for `drain`, which comes at once. */
class FullResponse extends EventEmitter {
  destroyed = false;
  writableEnded = false;
  readonly socket = null;
  writes = 0;
  flushHeaders(): void {}
  write(): boolean {
    this.writes++;
    setImmediate(() => this.emit('drain'));
    return false;
  }
  end(): void {
    this.writableEnded = true;
  }
}

describe('writeStream backpressure', () => {
  it('waits for drain on every full write without piling up close listeners', async () => {
    const response = new FullResponse();
    const chunks = Array.from({ length: 50 }, (_, index) => Buffer.from(`data: ${index}\n\n`));
    const record: StreamRecord = { chunksSent: 0, chunksTotal: chunks.length, ended: undefined };
    await writeStream(response, 'openai', chunks, {}, record);
    expect(response.writes).toBe(50);
    expect(record).toEqual({ chunksSent: 50, chunksTotal: 50, ended: 'complete' });
    // Only the one listener that marks a client going away stays.
    expect(response.listenerCount('close')).toBe(1);
    expect(response.listenerCount('drain')).toBe(0);
  });
});
