/**
 * The fault suite: every case of `test-support/cases.ts` (a misbehaving provider, misbehaving
 * MCP servers, 200 concurrent tool loops) must end with its typed outcome (the attempts made and
 * what became of each call, where the case counts them), within a generous memory bound, with no
 * unhandled rejection and no handle left open. No wall time is asserted: how long a case takes
 * depends on the machine, so the figure is measured and printed by `pnpm reliability` (which
 * writes RELIABILITY.md, never this test); a case that never ends is reported `hung`.
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
      expect(measured.peakMemoryMb).toBeLessThan(fault.maxMemoryMb);
    },
    // measure() reports a hang itself after twice the case's bound (at most 90 s).
    100_000,
  );
});
