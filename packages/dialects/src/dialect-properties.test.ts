// Property: no named tool call is ever lost between a reply and formatToolResults. For any
// set of calls in a reply of any wire, every call gets exactly one result block, in order,
// answering its id (or its name where the wire has no id), and the echo keeps every call.
import { ToolLoopError, WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import { ToolResult } from '@crosswire/tool-result';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatToolResults, toolLoopCalls, toolLoopResponse } from './dialect.js';

interface GeneratedCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
  /** Arguments cut off by the token limit (only on wires that carry them as text). */
  cut: boolean;
}

const name = fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_-]{0,20}$/);
const args = fc.dictionary(
  fc.stringMatching(/^[a-z]{1,8}$/),
  fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
  { maxKeys: 4 },
);

function calls(textArguments: boolean) {
  return fc
    .uniqueArray(fc.stringMatching(/^[a-zA-Z0-9]{4,16}$/), { minLength: 1, maxLength: 8 })
    .chain((ids) =>
      fc.tuple(
        ...ids.map((id) =>
          fc.record({
            id: fc.constant(`call_${id}`),
            name,
            args,
            cut: textArguments ? fc.boolean() : fc.constant(false),
          }),
        ),
      ),
    );
}

function argumentText(call: GeneratedCall): string {
  const text = JSON.stringify(call.args);
  return call.cut ? text.slice(0, Math.max(1, text.length - 1)) : text;
}

/** A reply body of `wire` holding the calls, with `finish` as its finish reason. */
function replyBody(wire: WireFormat, list: GeneratedCall[], limited: boolean): unknown {
  switch (wire) {
    case 'openai':
      return {
        choices: [
          {
            message: {
              role: 'assistant',
              content: null,
              tool_calls: list.map((call) => ({
                id: call.id,
                type: 'function',
                function: { name: call.name, arguments: argumentText(call) },
              })),
            },
            finish_reason: limited ? 'length' : 'tool_calls',
          },
        ],
      };
    case 'anthropic':
      return {
        type: 'message',
        content: list.map((call) => ({
          type: 'tool_use',
          id: call.id,
          name: call.name,
          input: call.args,
        })),
        stop_reason: limited ? 'max_tokens' : 'tool_use',
      };
    case 'gemini':
      return {
        candidates: [
          {
            content: {
              role: 'model',
              parts: list.map((call) => ({
                functionCall: { id: call.id, name: call.name, args: call.args },
              })),
            },
            finishReason: limited ? 'MAX_TOKENS' : 'STOP',
          },
        ],
      };
    case 'ollama':
      return {
        message: {
          role: 'assistant',
          content: '',
          tool_calls: list.map((call) => ({
            id: call.id,
            function: { name: call.name, arguments: call.args },
          })),
        },
        done_reason: limited ? 'length' : 'stop',
        done: true,
      };
    case 'responses':
      return {
        object: 'response',
        status: limited ? 'incomplete' : 'completed',
        error: null,
        output: list.map((call) => ({
          type: 'function_call',
          id: `fc_${call.id}`,
          call_id: call.id,
          name: call.name,
          arguments: argumentText(call),
          status: 'completed',
        })),
      };
    case 'hermes':
      return {
        choices: [
          {
            message: {
              role: 'assistant',
              content: list
                .map((call) =>
                  call.cut
                    ? `<tool_call>\n{"name": ${JSON.stringify(call.name)}, "arguments": ${argumentText(call)}\n</tool_call>`
                    : `<tool_call>\n${JSON.stringify({ name: call.name, arguments: call.args })}\n</tool_call>`,
                )
                .join('\n'),
            },
            finish_reason: limited ? 'length' : 'stop',
          },
        ],
      };
    case 'bedrock':
      return {
        output: {
          message: {
            role: 'assistant',
            content: list.map((call) => ({
              toolUse: { toolUseId: call.id, name: call.name, input: call.args },
            })),
          },
        },
        stopReason: limited ? 'max_tokens' : 'tool_use',
      };
    default: {
      const exhaustive: never = wire;
      throw new Error(String(exhaustive));
    }
  }
}

/** The [id, name] each result block answers, in order (id '' where the wire keys by name). */
function answered(
  wire: WireFormat,
  messages: ReturnType<typeof formatToolResults>,
): [string, string][] {
  const bodies = messages.map((message) => message as Record<string, unknown>);
  switch (wire) {
    case 'openai':
      return bodies
        .filter((body) => body.role === 'tool')
        .map((body) => [String(body.tool_call_id), '']);
    case 'anthropic':
      return bodies
        .slice(1)
        .flatMap((body) => body.content as Record<string, unknown>[])
        .map((block) => [String(block.tool_use_id), '']);
    case 'gemini':
      return bodies
        .slice(1)
        .flatMap((body) => body.parts as { functionResponse: Record<string, unknown> }[])
        .map((part) => [String(part.functionResponse.id), String(part.functionResponse.name)]);
    case 'ollama':
      return bodies
        .filter((body) => body.role === 'tool')
        .map((body) => [String(body.tool_call_id), String(body.tool_name)]);
    case 'responses':
      return bodies
        .filter((body) => body.type === 'function_call_output')
        .map((body) => [String(body.call_id), '']);
    case 'hermes':
      return bodies
        .filter((body) => body.role === 'tool')
        .map((body) => {
          const json = String(body.content)
            .replace(/^<tool_response>\n/, '')
            .replace(/\n<\/tool_response>$/, '');
          return ['', String((JSON.parse(json) as { name: string }).name)];
        });
    case 'bedrock':
      return bodies
        .slice(1)
        .flatMap((body) => body.content as { toolResult?: Record<string, unknown> }[])
        .flatMap((block) => (block.toolResult ? [[String(block.toolResult.toolUseId), '']] : []))
        .map(([id, name]) => [id as string, name as string]);
    default: {
      const exhaustive: never = wire;
      throw new Error(String(exhaustive));
    }
  }
}

const HAS_IDS: Record<WireFormat, boolean> = {
  openai: true,
  anthropic: true,
  gemini: true,
  ollama: true,
  responses: true,
  hermes: false,
  bedrock: true,
};

function expectOneResultEach(wire: WireFormat, expected: GeneratedCall[], body: unknown) {
  const response = toolLoopResponse(wire, body);
  const results = response.toolCalls.map(
    (call) =>
      new ToolResult({
        name: call.name,
        id: call.id,
        content: [{ type: 'text', text: `ran ${call.name}` }],
      }),
  );
  const warnings: string[] = [];
  const messages = formatToolResults(wire, body, results, {
    onWarning: (warning) => warnings.push(warning.code),
  });
  expect(warnings).toEqual([]);
  const blocks = answered(wire, messages);
  expect(blocks).toHaveLength(expected.length);
  blocks.forEach(([id, blockName], index) => {
    const call = expected[index] as GeneratedCall;
    if (HAS_IDS[wire]) expect(id).toBe(call.id);
    if (blockName !== '') expect(blockName).toBe(call.name);
  });
  // The body the echo was built from holds exactly the calls that got results.
  expect(response.toolCalls).toHaveLength(expected.length);
}

describe.each(WIRE_FORMATS)(
  '%s: no named tool call is lost between reply and formatToolResults',
  (wire) => {
    it('every call gets exactly one result block, ids and names matching, in order', () => {
      fc.assert(
        fc.property(calls(false), (list) => {
          expectOneResultEach(wire, list, replyBody(wire, list, false));
        }),
        { numRuns: 60 },
      );
    });

    it('after toolLoopCalls on a token-limited reply, every kept call gets exactly one result', () => {
      const textArguments = wire === 'openai' || wire === 'responses' || wire === 'hermes';
      fc.assert(
        fc.property(calls(textArguments), (list) => {
          const body = replyBody(wire, list, true);
          const response = toolLoopResponse(wire, body);
          const kept = list.filter((call) => !call.cut);
          let outcome: { calls: unknown[]; body: unknown };
          try {
            outcome = toolLoopCalls(response, body, { onWarning: () => {} });
          } catch (error) {
            expect(kept).toEqual([]);
            expect(error).toBeInstanceOf(ToolLoopError);
            return;
          }
          expect(outcome.calls).toHaveLength(kept.length);
          expectOneResultEach(wire, kept, outcome.body);
        }),
        { numRuns: 60 },
      );
    });
  },
);
