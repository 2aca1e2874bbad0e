// A tool loop state whose tool-call arguments are nested 10,000 deep: a typed
// ToolLoopStateError naming the entry, on serialize and on parse, never a RangeError.

import type { ToolDefinition } from '@crosswire/core';
import { describe, expect, test } from 'vitest';
import { opening, TOOLS } from '../../../../test-support/dialect-conversation.js';
import { runModelStep, startToolLoop, type ToolLoopState } from '../loop/tool-loop-steps.js';
import type { ToolRoster } from '../mcp/gather.js';
import { recordedEngine } from '../test-support/recorded-engine.js';
import { MAX_JSON_DEPTH } from './json-copy.js';
import {
  parseToolLoopState,
  serializeToolLoopState,
  ToolLoopStateError,
} from './tool-loop-state.js';

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
}

/** A nested object written as JSON text (JSON.stringify itself recurses). */
function nestedJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}"bottom"${'}'.repeat(depth)}`;
}

const ROSTER: ToolRoster = { tools: TOOLS as unknown as ToolDefinition[], route: () => undefined };

function thrown(run: () => unknown): ToolLoopStateError {
  try {
    run();
  } catch (error) {
    if (error instanceof ToolLoopStateError) return error;
    throw error;
  }
  throw new Error('no error');
}

/** A state in the middle of a turn: the recorded parallel calls of an OpenAI reply. */
function pendingState(): Promise<ToolLoopState> {
  return runModelStep(
    recordedEngine('openai', () => 'parallel-calls'),
    startToolLoop(opening(), { loopId: 'deep' }),
    { roster: ROSTER },
  );
}

describe('deep tool loop state', () => {
  test('parseToolLoopState of a pending reply with a tool call nested 10,000 deep', async () => {
    const text = JSON.stringify(serializeToolLoopState(await pendingState()));
    const at = text.lastIndexOf('"type":"function"');
    expect(at).toBeGreaterThan(text.indexOf('"pending"'));
    const deep = `${text.slice(0, at)}"extra":${nestedJson(10_000)},${text.slice(at)}`;
    const error = thrown(() => parseToolLoopState(deep));
    expect(error.code).toBe('tool_loop_state_not_serializable');
    expect(error.path).toMatch(/^pending\.turn\.messages\[\d+\]\.toolCalls\[\d+\]\..*extra(\.a)+$/);
    expect(error.message).toContain(`is nested deeper than ${MAX_JSON_DEPTH} levels; refused`);
  });

  test('serializeToolLoopState of a pending call whose arguments are nested 10,000 deep', async () => {
    const state = await pendingState();
    const [first, ...rest] = state.pendingCalls;
    if (!first) throw new Error('no pending call');
    const deepCall = { ...first, call: { ...first.call, arguments: { deep: nested(10_000) } } };
    const error = thrown(() =>
      serializeToolLoopState({ ...state, pendingCalls: [deepCall, ...rest] }),
    );
    expect(error.code).toBe('tool_loop_state_not_serializable');
    expect(error.message).toContain(`is nested deeper than ${MAX_JSON_DEPTH} levels; refused`);
  });
});
