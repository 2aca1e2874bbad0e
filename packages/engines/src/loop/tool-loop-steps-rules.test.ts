import { AbortedError, type ToolDefinition } from '@crosswire/core';
import { ToolResult } from '@crosswire/tool-result';
import { describe, expect, test } from 'vitest';
import { TOOLS } from '../../../../test-support/dialect-conversation.js';
import { parseToolLoopState, serializeToolLoopState } from '../durable/tool-loop-state.js';
import type { ToolRoster } from '../mcp/gather.js';
import { recordedEngine } from '../test-support/recorded-engine.js';
import {
  recordToolResult,
  runModelStep,
  runToolStep,
  startToolLoop,
  type ToolLoopState,
} from './tool-loop-steps.js';

// Issue 27: the step API's rules for ids, aborts and usage. Replies are written out by hand
// in the Chat Completions shape.

/** Tools offered without a server: a call routes nowhere (it would become an error result). */
const ROSTER: ToolRoster = { tools: TOOLS as unknown as ToolDefinition[], route: () => undefined };

const CALL_REPLY = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  model: 'gpt-6.1-sol',
  choices: [
    {
      index: 0,
      finish_reason: 'tool_calls',
      message: {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_weather',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Berlin"}' },
          },
        ],
      },
    },
  ],
  usage: { prompt_tokens: 10, completion_tokens: 5 },
};

async function pendingState(): Promise<ToolLoopState> {
  return runModelStep(
    recordedEngine('openai', () => CALL_REPLY),
    startToolLoop('weather?', { loopId: 'rules' }),
    { roster: ROSTER },
  );
}

describe('step API rules', () => {
  test('totalTokens falls back to input + output when the reply gives no total', async () => {
    const state = await pendingState();
    expect(state.usage).toEqual({ inputTokens: 10, outputTokens: 5, totalTokens: 15 });
  });

  test('recordToolResult refuses a result with the right name but another id', async () => {
    const state = await pendingState();
    const callId = state.pendingCalls[0]?.callId as string;
    expect(() =>
      recordToolResult(
        state,
        callId,
        new ToolResult({
          name: 'get_weather',
          id: 'call_other',
          content: [{ type: 'text', text: 'x' }],
        }),
      ),
    ).toThrow(
      expect.objectContaining({
        code: 'tool_result_conflict',
        message: `loop rules: call ${callId} is get_weather (id "call_weather"), but the result answers get_weather (id "call_other")`,
      }),
    );
  });

  test('a stored state whose result id does not match its call fails to load', async () => {
    const state = await pendingState();
    const callId = state.pendingCalls[0]?.callId as string;
    const answered = recordToolResult(
      state,
      callId,
      new ToolResult({
        name: 'get_weather',
        id: 'call_weather',
        content: [{ type: 'text', text: 'sunny' }],
      }),
    );
    const text = JSON.stringify(serializeToolLoopState(answered));
    expect(text.split('"id":"call_weather"').length).toBeGreaterThan(2);
    // The result's id (the last occurrence) changed to one no call has.
    const at = text.lastIndexOf('"id":"call_weather"');
    const tampered = `${text.slice(0, at)}"id":"call_elsewhere"${text.slice(at + '"id":"call_weather"'.length)}`;
    expect(() => parseToolLoopState(tampered)).toThrow(
      expect.objectContaining({ code: 'invalid_tool_loop_state' }),
    );
    expect(parseToolLoopState(text).pendingCalls[0]?.result?.id).toBe('call_weather');
  });

  test('an already-aborted signal stops runToolStep before the call runs', async () => {
    const state = await pendingState();
    const callId = state.pendingCalls[0]?.callId as string;
    await expect(
      runToolStep(state, callId, { roster: ROSTER, signal: AbortSignal.abort() }),
    ).rejects.toBeInstanceOf(AbortedError);
  });
});
