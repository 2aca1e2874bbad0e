// What checking a tool against one wire says, and to whom: a tool the wire can send with a
// degradation (gemini dropping a keyword) is kept, and the check itself tells nobody, neither
// the caller's onWarning nor Node's warning channel: the request's build reports it, once.
import { parseToolDefinition } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { rosterForWire } from './gather.js';

describe('rosterForWire', () => {
  it('keeps a tool the wire sends degraded, and warns nobody while checking it', async () => {
    const tool = parseToolDefinition({
      name: 'even',
      inputSchema: { type: 'object', properties: { n: { type: 'number', multipleOf: 2 } } },
    });
    const roster = { tools: Object.freeze([tool]), route: () => undefined };
    const told: unknown[] = [];
    const printed: Error[] = [];
    const onProcessWarning = (warning: Error) => printed.push(warning);
    process.on('warning', onProcessWarning);
    try {
      expect(rosterForWire(roster, 'gemini', (warning) => told.push(warning))).toBe(roster);
      // Node emits a process warning on a later tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onProcessWarning);
    }
    expect(told).toEqual([]);
    expect(printed).toEqual([]);
  });
});
