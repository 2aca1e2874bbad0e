/**
 * Runs one fault or load case and measures what the reliability promises are about: the
 * outcome (a typed error code or a result), wall time, peak memory above the start, unhandled
 * rejections, and handles left open (sockets, servers, child processes, timers) once the case
 * has cleaned up. Used by the fault tests (which assert on it) and by the `reliability`
 * command (which writes RELIABILITY.md); the tests never write that file.
 */
import { CrosswireError } from '@crosswire/core';

export type FaultGroup = 'provider' | 'mcp' | 'load';

/** What a case observed, in its own words and facts. */
export interface CaseOutcome {
  /** One line for the table: `ProviderError provider_timeout after 3 attempts`. */
  readonly summary: string;
  /** The typed error's code, or `ok` when the run succeeded. */
  readonly code: string;
  /** Provider attempts, when the case counts them. */
  readonly attempts?: number | undefined;
  /** What happened to each tool call of the first turn (`name → failure`), for loop cases. */
  readonly detail?: readonly string[] | undefined;
}

export interface FaultCase {
  readonly group: FaultGroup;
  /** Short, unique: `provider: reset mid-body`. */
  readonly name: string;
  /** What is promised, for the table. */
  readonly promise: string;
  /** The code the run must end with (`ok` for success). */
  readonly expectedCode: string;
  /** Provider attempts the run must make, when fixed. */
  readonly expectedAttempts?: number;
  /** What each tool call of the first turn must end as (`name → failure`), for loop cases. */
  readonly expectedDetail?: readonly string[];
  /**
   * Generous wall time (ms), several times what the case needs on a busy machine: a case still
   * running after twice this is reported `hung`; `pnpm reliability` prints the time taken
   * beside it. No test asserts the time itself.
   */
  readonly maxMs: number;
  /** Generous bound of the peak heap + external memory above the start (MB). */
  readonly maxMemoryMb: number;
  /** Runs the case and cleans up everything it opened before it returns or throws. */
  run(): Promise<CaseOutcome>;
}

export interface Measured {
  readonly group: FaultGroup;
  readonly name: string;
  readonly promise: string;
  readonly outcome: CaseOutcome;
  readonly ms: number;
  readonly peakMemoryMb: number;
  /** `TCPSocketWrap +1`: handles open after the case that were not open before it. */
  readonly leaks: readonly string[];
  readonly unhandledRejections: readonly unknown[];
}

/** The outcome of a run that threw: a `CrosswireError` names its class and code. */
export function errorOutcome(error: unknown, extra = ''): CaseOutcome {
  if (error instanceof CrosswireError) {
    const attempts = numberOr(error.details.attempts);
    return {
      summary: `${error.name} \`${error.code}\`${attempts ? ` after ${attempts} attempt(s)` : ''}${extra}`,
      code: error.code,
      attempts,
    };
  }
  const name = error instanceof Error ? error.name : typeof error;
  return { summary: `untyped ${name}: ${String(error).slice(0, 120)}`, code: `untyped:${name}` };
}

function numberOr(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

/** Handle kinds whose count must be back to where it was once a case has cleaned up. */
const WATCHED = new Set(['TCPSocketWrap', 'TCPServerWrap', 'ProcessWrap', 'PipeWrap', 'Timeout']);

function openHandles(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) {
    if (WATCHED.has(kind)) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return counts;
}

function memoryNow(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external;
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `fault` once and measures it. Never throws: a run that throws is an outcome. */
export async function measure(fault: FaultCase): Promise<Measured> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = openHandles();
  const baseline = memoryNow();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryNow());
  }, 5);
  sampler.unref();
  const unhandledRejections: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandledRejections.push(reason);
  process.on('unhandledRejection', onUnhandled);
  const started = performance.now();
  let outcome: CaseOutcome;
  // A case that hangs is an outcome too: it is given twice its bound, then reported.
  const hangLimitMs = fault.maxMs * 2;
  let hangTimer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<CaseOutcome>((resolve) => {
    hangTimer = setTimeout(
      () => resolve({ summary: `still running after ${hangLimitMs} ms`, code: 'hung' }),
      hangLimitMs,
    );
  });
  try {
    outcome = await Promise.race([fault.run(), hung]);
  } catch (error) {
    outcome = errorOutcome(error);
  } finally {
    clearTimeout(hangTimer);
  }
  const ms = performance.now() - started;
  peak = Math.max(peak, memoryNow());
  clearInterval(sampler);
  // Let closed sockets and exited children be reaped, and late rejections surface.
  let leaks: string[] = [];
  for (let wait = 0; wait < 20; wait++) {
    await settle(wait === 0 ? 0 : 25);
    leaks = handleGrowth(before, openHandles());
    if (leaks.length === 0) break;
  }
  process.off('unhandledRejection', onUnhandled);
  return {
    group: fault.group,
    name: fault.name,
    promise: fault.promise,
    outcome,
    ms,
    peakMemoryMb: (peak - baseline) / (1024 * 1024),
    leaks,
    unhandledRejections,
  };
}

function handleGrowth(before: Map<string, number>, after: Map<string, number>): string[] {
  const grown: string[] = [];
  for (const [kind, count] of after) {
    const extra = count - (before.get(kind) ?? 0);
    if (extra > 0) grown.push(`${kind} +${extra}`);
  }
  return grown;
}
