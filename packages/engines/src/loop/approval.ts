// Tool approval: which calls a person decides on before they run (the loop's policy), what a
// decision is, and the one result a denied call gets. Shared by the in-process loop, the
// streamed loop and the step API, so the three cannot disagree on what "denied" means.
import {
  CrosswireError,
  type ToolCall,
  type ToolDefinition,
  ToolLoopError,
  ValidationError,
} from '@crosswire/core';
import { ToolResult } from '@crosswire/tool-result';
import { abortedError, linkSignals, settleWithin } from '../abortable.js';
import { jsonCopy } from '../durable/json-copy.js';
import type { RoutedTool } from '../mcp/gather.js';

/**
 * Which calls wait for a person's decision before they run:
 * - `'never'` (the default): none, every call runs;
 * - `'always'`: every call of a tool a server offers;
 * - `'unless-read-only'`: every call except to a tool whose annotations say
 *   `readOnlyHint: true` (a server's hint, not a guarantee: see the README);
 * - a function of the request: `true` asks, `false` runs the call as it is.
 *
 * A call that cannot run anyway (a tool no server offers, arguments that do not decode) is
 * never asked about: it gets its error result as without a policy.
 */
export type ApprovalPolicy =
  | 'never'
  | 'always'
  | 'unless-read-only'
  | ((request: ApprovalRequest) => boolean | Promise<boolean>);

/** The named policies, as {@link ApprovalPolicy} spells them. */
export const APPROVAL_POLICIES = ['never', 'always', 'unless-read-only'] as const;

/** One call that waits for a decision, with what a person (or a policy) needs to decide. */
export interface ApprovalRequest {
  /** A fresh random id of this request; stored with the decision. */
  readonly approvalId: string;
  /** The call as the model made it: its MCP name, arguments and id. */
  readonly toolCall: ToolCall;
  /** The tool's definition as its server listed it, `annotations` included. */
  readonly tool: ToolDefinition;
  /**
   * The server that would run it: `"name" (mcpServers[i])`. The name is the server's own
   * claim; trust a server by `serverIndex`, its place in `mcpServers`, which is yours.
   */
  readonly server: string;
  /** The server's place in `mcpServers`. */
  readonly serverIndex: number;
  /** The iteration whose reply made the call (1-based). */
  readonly iteration: number;
}

/**
 * A person's decision on one call: run it (with `arguments` instead of the model's when
 * given), or do not, and tell the model why (`reason`).
 */
export type ApprovalDecision =
  | { readonly approved: true; readonly arguments?: Readonly<Record<string, unknown>> }
  | { readonly approved: false; readonly reason?: string };

/** The second argument of `onApproval`. */
export interface ApprovalContext {
  /**
   * Fires when the loop no longer waits for this decision (the caller aborted the loop, the
   * approval timed out, or another call's approval failed): withdraw the question.
   */
  readonly signal: AbortSignal;
}

/** Asks a person about one call; resolves with the decision. */
export type ApprovalHandler = (
  request: ApprovalRequest,
  context: ApprovalContext,
) => Promise<ApprovalDecision>;

/** A pending call's approval in the loop's state: its id, and the decision once made. */
export interface PendingApproval {
  readonly approvalId: string;
  /** Undefined until the decision is recorded. */
  readonly decision: ApprovalDecision | undefined;
}

/** The decision as a turn's call record keeps it (`turns[].toolCalls[].approval`). */
export interface ToolCallApproval {
  readonly approved: boolean;
  /** The reason a denied call was given (absent when none was). */
  readonly reason?: string;
  /** True when the call ran with arguments other than the model's. */
  readonly edited: boolean;
}

/** What the error result of a denied call says, before the reason. */
export const DENIED_MESSAGE = 'the user denied this call';

/** The reason of a call whose approval did not come within `approvalTimeoutMs`. */
export const APPROVAL_TIMED_OUT = 'approval timed out';

/** The longest `reason` a decision may give (characters): it is stored and sent to the model. */
export const MAX_APPROVAL_REASON_LENGTH = 2_000;

/** The largest edited `arguments` a decision may give, as JSON (characters). */
export const MAX_APPROVAL_ARGUMENTS_LENGTH = 1_048_576;

/** The text of a denied call's error result: `the user denied this call: REASON`. */
export function denialText(reason: string | undefined): string {
  return reason === undefined ? DENIED_MESSAGE : `${DENIED_MESSAGE}: ${reason}`;
}

/** The one result of a denied call: an error result the model reads. */
export function denialResult(call: ToolCall, reason: string | undefined): ToolResult {
  return new ToolResult({
    name: call.name,
    id: call.id,
    content: [{ type: 'text', text: denialText(reason) }],
    isError: true,
  });
}

/** Refuses a policy that is none of {@link ApprovalPolicy}'s forms. */
export function checkApprovalPolicy(policy: unknown): ApprovalPolicy {
  if (policy === undefined) return 'never';
  if (typeof policy === 'function') return policy as ApprovalPolicy;
  if ((APPROVAL_POLICIES as readonly unknown[]).includes(policy)) return policy as ApprovalPolicy;
  throw new ValidationError(
    `approval must be 'never', 'always', 'unless-read-only' or a function of the request, got ${describe(policy)}`,
    { path: 'approval', code: 'invalid_approval_policy' },
  );
}

/**
 * Refuses, before anything is sent, options whose policy can ask a person but that give no
 * `onApproval` to ask with, and an `approvalTimeoutMs` that is not a positive number.
 */
export function checkApprovalOptions(options: {
  readonly approval?: unknown;
  readonly onApproval?: unknown;
  readonly approvalTimeoutMs?: unknown;
}): void {
  const policy = checkApprovalPolicy(options.approval);
  if (policy !== 'never' && typeof options.onApproval !== 'function') {
    throw new ValidationError(
      `approval ${typeof policy === 'function' ? '(a function)' : `'${policy}'`} can ask a person before a tool runs, and there is no onApproval to ask with; give onApproval, or use the step API to decide outside the loop`,
      { path: 'onApproval', code: 'approval_handler_required' },
    );
  }
  const timeout = options.approvalTimeoutMs;
  if (
    timeout !== undefined &&
    (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout <= 0)
  ) {
    throw new ValidationError(
      `approvalTimeoutMs must be a positive number of milliseconds, got ${describe(timeout)}`,
      { path: 'approvalTimeoutMs', code: 'invalid_approval_timeout' },
    );
  }
}

/**
 * Whether `policy` asks about `call` of `route`'s tool: the approval request when it does,
 * undefined when the call runs as it is.
 */
export async function approvalRequestFor(
  policy: ApprovalPolicy,
  call: ToolCall,
  route: RoutedTool | undefined,
  iteration: number,
  approvalId: () => string,
): Promise<ApprovalRequest | undefined> {
  // A call that cannot run gets its error result without a person.
  if (policy === 'never' || route === undefined || call.argumentsUndecodable) return undefined;
  if (policy === 'unless-read-only' && route.tool.annotations?.readOnlyHint === true) {
    return undefined;
  }
  const request: ApprovalRequest = {
    approvalId: approvalId(),
    toolCall: call,
    tool: route.tool,
    server: route.serverLabel,
    serverIndex: route.serverIndex,
    iteration,
  };
  if (typeof policy !== 'function') return request;
  let asks: unknown;
  try {
    asks = await policy(request);
  } catch (error) {
    throw new ToolLoopError(
      'tool_approval_failed',
      `the approval policy failed for call ${JSON.stringify(call.id)} of tool ${call.name}: ${messageOf(error)}`,
      { cause: error, details: { tool: call.name, callId: call.id } },
    );
  }
  if (typeof asks !== 'boolean') {
    throw new ToolLoopError(
      'tool_approval_failed',
      `the approval policy must return true (ask) or false (run), got ${describe(asks)} for tool ${call.name}`,
      { details: { tool: call.name, callId: call.id } },
    );
  }
  return asks ? request : undefined;
}

/**
 * `value` as a valid decision, copied: `{ approved: true, arguments? }` (arguments a JSON
 * object, at most {@link MAX_APPROVAL_ARGUMENTS_LENGTH} characters as JSON) or `{ approved:
 * false, reason? }` (at most {@link MAX_APPROVAL_REASON_LENGTH} characters; an empty reason
 * is none). Anything else is refused with `ValidationError` `invalid_tool_approval`.
 */
export function checkDecision(value: unknown, path = 'decision'): ApprovalDecision {
  const refuse = (reason: string, at = path): never => {
    throw new ValidationError(`${at} ${reason}`, { path: at, code: 'invalid_tool_approval' });
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return refuse(
      `must be { approved: true, arguments? } or { approved: false, reason? }, got ${describe(value)}`,
    );
  }
  const record = value as Record<string, unknown>;
  const allowed = record.approved === true ? ['approved', 'arguments'] : ['approved', 'reason'];
  if (typeof record.approved !== 'boolean') {
    return refuse(`must say approved: true or false, got ${describe(record.approved)}`);
  }
  for (const key of Object.keys(record)) {
    if (!allowed.includes(key) && record[key] !== undefined) {
      refuse(
        `has ${JSON.stringify(key)}, which a decision with approved: ${record.approved} does not take (${allowed.join(', ')})`,
      );
    }
  }
  if (record.approved === false) {
    const reason = record.reason;
    if (reason === undefined || reason === '') return { approved: false };
    if (typeof reason !== 'string')
      return refuse(`must be a string, got ${describe(reason)}`, `${path}.reason`);
    if (reason.length > MAX_APPROVAL_REASON_LENGTH) {
      refuse(
        `is ${reason.length} characters; at most ${MAX_APPROVAL_REASON_LENGTH} (it is stored and sent to the model)`,
        `${path}.reason`,
      );
    }
    return { approved: false, reason };
  }
  const edited = record.arguments;
  if (edited === undefined) return { approved: true };
  if (typeof edited !== 'object' || edited === null || Array.isArray(edited)) {
    return refuse(`must be an object of arguments, got ${describe(edited)}`, `${path}.arguments`);
  }
  let copied: Record<string, unknown>;
  try {
    copied = jsonCopy(edited, `${path}.arguments`) as Record<string, unknown>;
  } catch (error) {
    return refuse(`cannot be stored: ${messageOf(error)}`, `${path}.arguments`);
  }
  const length = JSON.stringify(copied).length;
  if (length > MAX_APPROVAL_ARGUMENTS_LENGTH) {
    refuse(
      `are ${length} characters as JSON; at most ${MAX_APPROVAL_ARGUMENTS_LENGTH}`,
      `${path}.arguments`,
    );
  }
  return { approved: true, arguments: copied };
}

/** Whether two checked decisions say the same (key order of arguments aside). */
export function sameDecision(first: ApprovalDecision, second: ApprovalDecision): boolean {
  return canonicalJson(first) === canonicalJson(second);
}

/** The call as it runs once approved: with the decided arguments when the decision edited them. */
export function decidedCall(call: ToolCall, decision: ApprovalDecision | undefined): ToolCall {
  if (decision?.approved !== true || decision.arguments === undefined) return call;
  return { ...call, arguments: decision.arguments, rawArguments: decision.arguments };
}

/** The record of a decision for the turn's call record. */
export function approvalRecord(call: ToolCall, decision: ApprovalDecision): ToolCallApproval {
  if (!decision.approved) {
    return decision.reason === undefined
      ? { approved: false, edited: false }
      : { approved: false, reason: decision.reason, edited: false };
  }
  const edited =
    decision.arguments !== undefined &&
    canonicalJson(decision.arguments) !== canonicalJson(call.arguments);
  return { approved: true, edited };
}

/** Raised inside {@link askPerson} when `approvalTimeoutMs` passes; never escapes it. */
class ApprovalTimeout extends CrosswireError {
  constructor(timeoutMs: number) {
    super('approval_timeout', `no decision within ${timeoutMs} ms`);
  }
}

/**
 * Asks `onApproval` about one call and returns the checked decision. Only `timeoutMs` bounds
 * the wait (then the call is denied with {@link APPROVAL_TIMED_OUT}); the caller's `signal`
 * still stops it (`AbortedError`). A handler that throws, or resolves to something that is no
 * decision, fails the loop with `ToolLoopError` `tool_approval_failed`.
 */
export async function askPerson(
  request: ApprovalRequest,
  onApproval: ApprovalHandler,
  limits: { readonly signal: AbortSignal | undefined; readonly timeoutMs: number | undefined },
): Promise<ApprovalDecision> {
  const withdrawn = new AbortController();
  const linked = linkSignals([limits.signal, withdrawn.signal]);
  const during = `waiting for the approval of tool ${request.toolCall.name}`;
  let answer: unknown;
  try {
    answer = await settleWithin(
      Promise.resolve().then(() => onApproval(request, { signal: linked.signal })),
      {
        signal: limits.signal,
        during,
        timeoutMs: limits.timeoutMs,
        onTimeout: () => new ApprovalTimeout(limits.timeoutMs ?? 0),
      },
    );
  } catch (error) {
    if (error instanceof ApprovalTimeout) {
      withdrawn.abort(error);
      return { approved: false, reason: APPROVAL_TIMED_OUT };
    }
    if (limits.signal?.aborted) throw abortedError(limits.signal, during);
    throw new ToolLoopError(
      'tool_approval_failed',
      `onApproval failed for call ${JSON.stringify(request.toolCall.id)} of tool ${request.toolCall.name}: ${messageOf(error)}`,
      { cause: error, details: { tool: request.toolCall.name, approvalId: request.approvalId } },
    );
  } finally {
    linked.release();
  }
  try {
    return checkDecision(answer, 'onApproval result');
  } catch (error) {
    throw new ToolLoopError(
      'tool_approval_failed',
      `onApproval answered call ${JSON.stringify(request.toolCall.id)} of tool ${request.toolCall.name} with no decision: ${messageOf(error)}`,
      { cause: error, details: { tool: request.toolCall.name, approvalId: request.approvalId } },
    );
  }
}

/** JSON with object keys sorted, so equal values give equal text whatever their key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === 'object' && inner !== null && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) =>
            a < b ? -1 : a > b ? 1 : 0,
          ),
        )
      : inner,
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 40));
  if (typeof value === 'object') return 'an object';
  return typeof value === 'function' ? 'a function' : String(value);
}
