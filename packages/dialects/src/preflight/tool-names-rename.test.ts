// Tool names renamed for a wire, seen from the caller's side: the exact legal name each wire
// gets, where each rule is documented, the refusal of an empty name, and which parts of a
// request and a reply are renamed (and which are left as they were, the same objects).
import { createHash } from 'node:crypto';
import { deepFreeze, type ToolCall } from '@crosswire/core';
import { ToolResult } from '@crosswire/tool-result';
import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../dialect-types.js';
import type { ChatResponse } from '../response.js';
import type { StreamEvent } from '../stream-types.js';
import {
  mcpNamedEvent,
  mcpNamedResponse,
  TOOL_NAME_RULES,
  ToolNameMap,
  toolNameMap,
  wireNamedRequest,
  wireNamedResults,
  wireToolName,
} from './tool-names.js';

/** The first 8 hex digits of SHA-256 (node:crypto as the oracle). */
const digest = (text: string) =>
  createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 8);

const call = (name: string, id = 'call_1'): ToolCall => ({
  id,
  name,
  arguments: {},
  rawArguments: {},
  argumentsUndecodable: false,
  argumentsError: undefined,
  raw: {},
  wire: 'gemini',
});
const result = (name: string, extra: object = {}) =>
  new ToolResult({ name, id: 'call_1', content: [{ type: 'text', text: 'ok' }], ...extra });

describe('where each wire documents its tool-name rule', () => {
  it('names the source of every rule', () => {
    expect(
      Object.fromEntries(
        Object.entries(TOOL_NAME_RULES).map(([wire, rule]) => [wire, rule.source]),
      ),
    ).toEqual({
      openai: 'https://github.com/openai/openai-openapi (FunctionObject.name, FunctionTool.name)',
      responses:
        'https://github.com/openai/openai-openapi (FunctionObject.name, FunctionTool.name)',
      anthropic: 'https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use',
      gemini: 'https://github.com/kaitranntt/ccs/issues/25',
      bedrock:
        'https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html',
      ollama:
        'https://github.com/ollama/ollama/blob/main/docs/api.md (tools: function.name, a string)',
      hermes: 'https://github.com/NousResearch/Hermes-Function-Calling (the <tools> prompt)',
    });
  });
});

describe('wireToolName: the legal name a wire gets', () => {
  it('each run of characters a wire refuses becomes one _', () => {
    expect(wireToolName('a..b', 'openai')).toBe(`a_b_${digest('a..b')}`);
    expect(wireToolName('a..b', 'responses')).toBe(`a_b_${digest('a..b')}`);
    expect(wireToolName('a  b', 'anthropic')).toBe(`a_b_${digest('a  b')}`);
    expect(wireToolName('a  b', 'gemini')).toBe(`a_b_${digest('a  b')}`);
    expect(wireToolName('a..b', 'bedrock')).toBe(`a_b_${digest('a..b')}`);
    expect(wireToolName('a<<b', 'hermes')).toBe(`a_b_${digest('a<<b')}`);
  });

  it('leading and trailing runs of _ are dropped before the suffix', () => {
    expect(wireToolName('__x y__', 'openai')).toBe(`x_y_${digest('__x y__')}`);
  });

  it('a long name is cut to leave room for the suffix, without a _ at the cut', () => {
    const long = `${'a'.repeat(60)}.`;
    expect(wireToolName(long, 'openai')).toBe(`${'a'.repeat(55)}_${digest(long)}`);
    const underscores = `${'a'.repeat(53)}___${'b'.repeat(10)}.`;
    expect(wireToolName(underscores, 'openai')).toBe(`${'a'.repeat(53)}_${digest(underscores)}`);
  });

  it("refuses '' naming what was refused and where", () => {
    expect(() => wireToolName('', 'openai')).toThrow(
      expect.objectContaining({
        code: 'empty_tool_name',
        path: 'name',
        message:
          "tool name '' cannot be sent: every wire needs a non-empty function name (MCP requires one too)",
      }),
    );
  });
});

describe('ToolNameMap', () => {
  it('a name taken by a legal tool is derived again from the name and the round', () => {
    const derived = wireToolName('calendar.read', 'openai');
    const map = new ToolNameMap(['calendar.read', derived], 'openai');
    expect(map.toWire('calendar.read')).toBe(`calendar_read_${digest('calendar.read\u00001')}`);
  });

  it('each round taken, the next round is tried', () => {
    const name = 'calendar.read';
    const taken = [`calendar_read_${digest(name)}`, `calendar_read_${digest(`${name}\u00001`)}`];
    const map = new ToolNameMap([name, ...taken], 'openai');
    expect(map.toWire(name)).toBe(`calendar_read_${digest(`${name}\u00002`)}`);
  });

  it('entries of a large set are in code-unit order too', () => {
    const names = Array.from({ length: 40 }, (_, index) => `t${String(index).padStart(2, '0')}`);
    const map = new ToolNameMap([...names].reverse(), 'openai');
    expect(map.entries().map(([name]) => name)).toEqual(names);
  });

  it('renames says whether any tool goes out under another name', () => {
    expect(new ToolNameMap(['a', 'b'], 'openai').renames).toBe(false);
    expect(new ToolNameMap(['a.b'], 'openai').renames).toBe(true);
  });

  it('entries come in code-unit order of the tool names, whatever the order given', () => {
    expect(new ToolNameMap(['d', 'c.x', 'b', 'a'], 'openai').entries()).toEqual([
      ['a', 'a'],
      ['b', 'b'],
      ['c.x', `c_x_${digest('c.x')}`],
      ['d', 'd'],
    ]);
  });

  it('toolNameMap is built once per deeply frozen tool list and wire, afresh for any other', () => {
    const tools = deepFreeze([{ name: 'calendar.read' }]);
    const first = toolNameMap(tools, 'openai');
    expect(toolNameMap(tools, 'openai')).toBe(first);
    expect(toolNameMap(tools, 'anthropic')).not.toBe(first);
    expect(toolNameMap(tools, 'anthropic')).toBe(toolNameMap(tools, 'anthropic'));
    // A list that is not frozen may have changed since: the same answer, built again.
    const open = [{ name: 'calendar.read' }];
    expect(toolNameMap(open, 'openai')).not.toBe(toolNameMap(open, 'openai'));
    expect(toolNameMap(open, 'openai').entries()).toEqual(first.entries());
  });
});

describe('wireNamedResults and wireNamedRequest', () => {
  const map = new ToolNameMap(['calendar.read', 'plain'], 'gemini');
  const wireName = `calendar_read_${digest('calendar.read')}`;

  it('gemini keeps dots: a legal name set renames nothing and gives back the same objects', () => {
    expect(map.renames).toBe(false);
    const results = [result('calendar.read')];
    expect(wireNamedResults(results, map)).toBe(results);
  });

  it('renames each result whose tool is renamed, keeping its id, content, error flag and structured content', () => {
    const names = new ToolNameMap(['calendar.read', 'plain'], 'openai');
    const plain = result('plain');
    const renamed = result('calendar.read', { isError: true, structuredContent: { free: true } });
    const bare = result('calendar.read');
    const out = wireNamedResults([plain, renamed, bare], names);
    expect(out[0]).toBe(plain);
    expect(out[1]).toBeInstanceOf(ToolResult);
    expect(out[1]).toMatchObject({
      name: wireName,
      id: 'call_1',
      content: [{ type: 'text', text: 'ok' }],
      isError: true,
      structuredContent: { free: true },
    });
    expect(out[2]?.structuredContent).toBeUndefined();
  });

  const request = (extra: Partial<ChatRequest> = {}): ChatRequest => ({
    model: 'gpt-4.1',
    messages: [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'thinking' },
      { role: 'assistant', content: '', toolCalls: [call('plain', 'c0'), call('calendar.read')] },
      { role: 'tool', results: [result('calendar.read')] },
      { role: 'tool', results: [result('plain')] },
    ],
    tools: [
      { name: 'calendar.read', inputSchema: { type: 'object' } },
      { name: 'plain', inputSchema: { type: 'object' } },
    ],
    ...extra,
  });

  it('renames calls, results, tools and toolChoice; leaves every other message the same object', () => {
    const given = request({ toolChoice: { name: 'calendar.read' } });
    const { request: out, names } = wireNamedRequest(given, 'openai');
    expect(names.toWire('calendar.read')).toBe(wireName);
    expect(out.messages[0]).toBe(given.messages[0]);
    expect(out.messages[1]).toBe(given.messages[1]);
    expect(out.messages[4]).toBe(given.messages[4]);
    const calls = (out.messages[2] as { readonly toolCalls: readonly ToolCall[] }).toolCalls;
    expect(calls.map((each) => [each.id, each.name])).toEqual([
      ['c0', 'plain'],
      ['call_1', wireName],
    ]);
    const results = (out.messages[3] as { readonly results: readonly ToolResult[] }).results;
    expect(results.map((each) => each.name)).toEqual([wireName]);
    expect(out.tools?.map((tool) => tool.name)).toEqual([wireName, 'plain']);
    expect(out.tools?.[1]).toBe(given.tools?.[1]);
    expect(out.toolChoice).toEqual({ name: wireName });
    expect(given.toolChoice).toEqual({ name: 'calendar.read' });
    // The same deeply frozen tool list renamed again is the same frozen list; a list that is
    // not frozen is renamed afresh (it may have changed in place).
    expect(wireNamedRequest(given, 'openai').request.tools).not.toBe(out.tools);
    const frozen = { ...given, tools: deepFreeze(structuredClone(given.tools)) };
    const renamed = wireNamedRequest(frozen, 'openai').request.tools;
    expect(wireNamedRequest(frozen, 'openai').request.tools).toBe(renamed);
  });

  it('a request with nothing to rename comes back as it is', () => {
    const given = request({ tools: [{ name: 'plain', inputSchema: { type: 'object' } }] });
    const legal: ChatRequest = {
      ...given,
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: '', toolCalls: [call('plain')] },
        { role: 'tool', results: [result('plain')] },
      ],
      toolChoice: 'auto',
    };
    expect(wireNamedRequest(legal, 'openai').request).toBe(legal);
    const choice: ChatRequest = { ...legal, toolChoice: { name: 'plain' } };
    expect(wireNamedRequest(choice, 'openai').request).toBe(choice);
  });

  it('a toolChoice naming a tool outside the set is renamed as wireToolName names it', () => {
    const given: ChatRequest = {
      model: 'gpt-4.1',
      messages: [{ role: 'user', content: 'hi' }],
      tools: [{ name: 'plain', inputSchema: { type: 'object' } }],
      toolChoice: { name: 'old.tool' },
    };
    const { request: out } = wireNamedRequest(given, 'openai');
    expect(out.toolChoice).toEqual({ name: `old_tool_${digest('old.tool')}` });
    expect(out.messages).toBe(given.messages);
  });

  it('a history call of a tool no longer offered is renamed too; no toolChoice stays none', () => {
    const given: ChatRequest = {
      model: 'gpt-4.1',
      messages: [{ role: 'assistant', content: '', toolCalls: [call('old.tool')] }],
    };
    const { request: out } = wireNamedRequest(given, 'openai');
    expect(out).not.toBe(given);
    expect(out).toStrictEqual({
      model: 'gpt-4.1',
      messages: [
        { role: 'assistant', content: '', toolCalls: [call(`old_tool_${digest('old.tool')}`)] },
      ],
    });
  });
});

describe('reading the reply back: mcpNamedResponse and mcpNamedEvent', () => {
  const names = new ToolNameMap(['calendar.read', 'plain'], 'openai');
  const wireName = `calendar_read_${digest('calendar.read')}`;
  const response = (calls: ToolCall[]) =>
    ({
      content: '',
      toolCalls: calls,
      finishReason: 'tool_calls',
      raw: {},
    }) as unknown as ChatResponse;

  it('a reply whose calls need no renaming is the same object', () => {
    const reply = response([call('plain')]);
    expect(mcpNamedResponse(reply, names)).toBe(reply);
    const renamed = mcpNamedResponse(response([call('plain', 'c0'), call(wireName)]), names);
    expect(renamed.toolCalls.map((each) => each.name)).toEqual(['plain', 'calendar.read']);
  });

  it('renames the start, the end and the finish of a streamed call; other events pass as they are', () => {
    const start: StreamEvent = { type: 'tool-call-start', id: 'call_1', name: wireName, index: 0 };
    expect(mcpNamedEvent(start, names)).toEqual({ ...start, name: 'calendar.read' });
    const plainStart: StreamEvent = { ...start, name: 'plain' };
    expect(mcpNamedEvent(plainStart, names)).toBe(plainStart);

    const end: StreamEvent = { type: 'tool-call-end', index: 0, toolCall: call(wireName) };
    expect(mcpNamedEvent(end, names)).toEqual({ ...end, toolCall: call('calendar.read') });
    const plainEnd: StreamEvent = { type: 'tool-call-end', index: 0, toolCall: call('plain') };
    expect(mcpNamedEvent(plainEnd, names)).toBe(plainEnd);

    const finish: StreamEvent = {
      type: 'finish',
      finishReason: 'tool_calls',
      response: response([call(wireName)]),
    };
    expect(mcpNamedEvent(finish, names)).toEqual({
      ...finish,
      response: response([call('calendar.read')]),
    });
    const plainFinish: StreamEvent = {
      type: 'finish',
      finishReason: 'tool_calls',
      response: response([call('plain')]),
    };
    expect(mcpNamedEvent(plainFinish, names)).toBe(plainFinish);

    const text: StreamEvent = { type: 'text-delta', text: 'calendar_read' };
    expect(mcpNamedEvent(text, names)).toBe(text);
  });
});
