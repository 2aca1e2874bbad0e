/**
 * The fault suite: every case of `test-support/cases.ts` (a misbehaving provider, misbehaving
 * MCP servers, 200 concurrent tool loops) must end with its typed outcome, within generous
 * bounds of time and memory, with no unhandled rejection and no handle left open. The bounds
 * are generous on purpose (several times what a case needs on a busy 2-core machine): they
 * catch a hang or a runaway buffer, not a slow run. RELIABILITY.md is written by
 * `pnpm reliability`, never by this test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CASES, closeCases, prepareCases } from './test-support/cases.js';
import { measure } from './test-support/harness.js';

beforeAll(prepareCases);
afterAll(closeCases);

describe.each(['provider', 'mcp', 'load'] as const)('%s faults', (group) => {
  it.each(ALL_CASES.filter((fault) => fault.group === group).map((fault) => [fault.name, fault]))(
    '%s',
    async (_name, fault) => {
      const measured = await measure(fault);
      expect({
        code: measured.outcome.code,
        attempts: fault.expectedAttempts === undefined ? undefined : measured.outcome.attempts,
        detail: fault.expectedDetail === undefined ? undefined : measured.outcome.detail,
        leaks: measured.leaks,
        unhandledRejections: measured.unhandledRejections,
      }).toEqual({
        code: fault.expectedCode,
        attempts: fault.expectedAttempts,
        detail: fault.expectedDetail,
        leaks: [],
        unhandledRejections: [],
      });
      expect(measured.ms).toBeLessThan(fault.maxMs);
      expect(measured.peakMemoryMb).toBeLessThan(fault.maxMemoryMb);
    },
    // measure() reports a hang itself after twice the case's bound (at most 90 s).
    100_000,
  );
});
