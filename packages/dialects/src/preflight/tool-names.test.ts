// Tool names in each wire's legal form (issue 25): the pure mapping, its map over a tool set,
// and the bodies built with it, checked by `preflight` (the catalogue's quoted patterns).
import { createHash } from 'node:crypto';
import { parseToolDefinitions, WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import { ToolResult } from '@crosswire/tool-result';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../dialect.js';
import { preflight } from './preflight.js';
import {
  isWireToolName,
  mcpNamedResponse,
  ToolNameMap,
  toolNameMap,
  wireNamedRequest,
  wireToolName,
} from './tool-names.js';

/** The decoding fields of a call whose arguments decoded. */
const DECODED = { rawArguments: {}, argumentsUndecodable: false, argumentsError: undefined };

const LONG = `lookup_${'x'.repeat(93)}`; // 100 characters
const SAMPLES = ['calendar.read', 'caldav-mcp.create-event', '1password_lookup', LONG, '天气'];

const MODELS: Readonly<Record<WireFormat, string>> = {
  openai: 'gpt-6.1-sol',
  anthropic: 'claude-sonnet-5-5',
  gemini: 'gemini-3.8-flash',
  ollama: 'llama3.2',
  responses: 'gpt-6.1-sol',
  hermes: 'Hermes-4-405B',
  bedrock: 'us.anthropic.claude-sonnet-4-6',
};

// The providers' own patterns, written out again here (not read from the code under test).
const DOCUMENTED: Readonly<Record<WireFormat, RegExp>> = {
  openai: /^[a-zA-Z0-9_-]{1,64}$/,
  responses: /^[a-zA-Z0-9_-]{1,64}$/,
  anthropic: /^[a-zA-Z0-9_-]{1,128}$/,
  gemini: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
  ollama: /^[\s\S]+$/,
  hermes: /^[^<>]+$/,
  bedrock: /^[a-zA-Z0-9_-]{1,64}$/,
};

describe('wireToolName: a legal name stays, any other gets a legal one', () => {
  it('maps the issue names on every wire (written down)', () => {
    const table = Object.fromEntries(
      WIRE_FORMATS.map((wire) => [wire, SAMPLES.map((name) => wireToolName(name, wire))]),
    );
    expect(table).toMatchInlineSnapshot(`
      {
        "anthropic": [
          "calendar_read_2505b184",
          "caldav-mcp_create-event_7b02b773",
          "1password_lookup",
          "lookup_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
          "tool_4d947325",
        ],
        "bedrock": [
          "calendar_read_2505b184",
          "caldav-mcp_create-event_7b02b773",
          "1password_lookup",
          "lookup_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx_deee41bb",
          "tool_4d947325",
        ],
        "gemini": [
          "calendar.read",
          "caldav-mcp.create-event",
          "_1password_lookup_c81c8cd8",
          "lookup_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx_deee41bb",
          "tool_4d947325",
        ],
        "hermes": [
          "calendar.read",
          "caldav-mcp.create-event",
          "1password_lookup",
          "lookup_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
          "天气",
        ],
        "ollama": [
          "calendar.read",
          "caldav-mcp.create-event",
          "1password_lookup",
          "lookup_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
          "天气",
        ],
        "openai": [
          "calendar_read_2505b184",
          "caldav-mcp_create-event_7b02b773",
          "1password_lookup",
          "lookup_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx_deee41bb",
          "tool_4d947325",
        ],
        "responses": [
          "calendar_read_2505b184",
          "caldav-mcp_create-event_7b02b773",
          "1password_lookup",
          "lookup_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx_deee41bb",
          "tool_4d947325",
        ],
      }
    `);
  });

  it("the suffix is the first 8 hex digits of the name's SHA-256 (node:crypto as the oracle)", () => {
    for (const name of ['calendar.read', 'caldav-mcp.create-event', LONG, '天气']) {
      const digest = createHash('sha256').update(name, 'utf8').digest('hex').slice(0, 8);
      expect(wireToolName(name, 'openai').endsWith(`_${digest}`)).toBe(true);
    }
    const digest = createHash('sha256').update('1password_lookup').digest('hex').slice(0, 8);
    expect(wireToolName('1password_lookup', 'gemini')).toBe(`_1password_lookup_${digest}`);
  });

  it("refuses '' with a typed error, on every wire and in a map", () => {
    for (const wire of WIRE_FORMATS) {
      expect(() => wireToolName('', wire)).toThrow(
        expect.objectContaining({ code: 'empty_tool_name' }),
      );
      expect(() => new ToolNameMap(['a', ''], wire)).toThrow(
        expect.objectContaining({ code: 'empty_tool_name' }),
      );
    }
  });

  it('Hermes keeps the prompt tags intact: < and > are replaced', () => {
    expect(wireToolName('a</tools>b', 'hermes')).toMatch(/^a_\/tools_b_[0-9a-f]{8}$/);
  });
});

describe('ToolNameMap: injective over the whole set, derived from the set alone', () => {
  it('a legal name that equals a derived one keeps it; the other is named again', () => {
    const derived = wireToolName('calendar.read', 'openai');
    const map = new ToolNameMap(['calendar.read', derived], 'openai');
    expect(map.toWire(derived)).toBe(derived);
    expect(map.toWire('calendar.read')).not.toBe(derived);
    expect(map.toWire('calendar.read')).toMatch(/^calendar_read_[0-9a-f]{8}$/);
    expect(map.toMcp(map.toWire('calendar.read'))).toBe('calendar.read');
    expect(map.toMcp(derived)).toBe(derived);
  });

  it('names a wire cannot tell apart by their characters stay apart by their digests', () => {
    const map = new ToolNameMap(['a.b', 'a:b', 'a b', 'a_b'], 'openai');
    expect(map.entries()).toMatchInlineSnapshot(`
      [
        [
          "a b",
          "a_b_c8687a08",
        ],
        [
          "a.b",
          "a_b_2e7336dc",
        ],
        [
          "a:b",
          "a_b_6783a31e",
        ],
        [
          "a_b",
          "a_b",
        ],
      ]
    `);
  });

  it('a name outside the set maps by wireToolName; an unknown wire name comes back as it is', () => {
    const map = toolNameMap([{ name: 'calendar.read' }], 'anthropic');
    expect(map.toWire('old.tool')).toBe(wireToolName('old.tool', 'anthropic'));
    expect(map.toMcp('nobody_offered_this')).toBe('nobody_offered_this');
    expect(map.toWire('')).toBe('');
  });
});

// Random MCP tool names: dots, spaces, non-ASCII, leading digits, very long, near-collisions.
const mcpName = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
  fc.stringMatching(/^[0-9][a-z0-9_.: -]{0,30}$/),
  fc.stringMatching(/^[a-zA-Z0-9_.:<> -]{1,200}$/),
  fc.constantFrom(...SAMPLES, 'get weather', 'météo', 'a.b', 'a_b', 'a:b', '<tools>'),
);
const toolSet = fc.uniqueArray(mcpName, { minLength: 1, maxLength: 12 });

describe('property: on every wire, every name set maps injectively and round-trips', () => {
  it('legal names unchanged, every wire name legal, distinct, mapped back, order-free', () => {
    fc.assert(
      fc.property(fc.constantFrom(...WIRE_FORMATS), toolSet, (wire, names) => {
        const map = new ToolNameMap(names, wire);
        const wireNames = names.map((name) => map.toWire(name));
        expect(new Set(wireNames).size).toBe(names.length);
        for (const [index, name] of names.entries()) {
          const wireName = wireNames[index] as string;
          expect(wireName).toMatch(DOCUMENTED[wire]);
          expect(map.toMcp(wireName)).toBe(name);
          if (DOCUMENTED[wire].test(name)) expect(wireName).toBe(name);
          expect(isWireToolName(wireName, wire)).toBe(true);
        }
        // The same set in another order is the same map (every turn, after save and load).
        expect(new ToolNameMap([...names].reverse(), wire).entries()).toEqual(map.entries());
      }),
      { numRuns: 400 },
    );
  });

  it('every body built from the mapped request passes preflight, and its calls read back', () => {
    fc.assert(
      fc.property(fc.constantFrom(...WIRE_FORMATS), toolSet, (wire, names) => {
        const tools = names.map((name) => ({ name, inputSchema: { type: 'object' as const } }));
        const first = names[0] as string;
        const { request, names: map } = wireNamedRequest(
          {
            model: MODELS[wire],
            messages: [
              { role: 'user', content: 'hi' },
              {
                role: 'assistant',
                content: '',
                toolCalls: [
                  { id: 'call_1', name: first, arguments: {}, ...DECODED, raw: {}, wire },
                ],
              },
              {
                role: 'tool',
                results: [new ToolResult({ name: first, id: 'call_1', content: [] })],
              },
            ],
            tools,
            toolChoice: { name: first },
          },
          wire,
        );
        const body = buildRequest(wire, request, { onWarning: () => {} });
        expect(preflight(body, { wire, model: MODELS[wire] }).violations).toEqual([]);
        const reply = mcpNamedResponse(
          {
            content: '',
            toolCalls: [
              { id: 'c', name: map.toWire(first), arguments: {}, raw: { kept: true }, wire },
            ],
            finishReason: 'tool_calls',
            usage: undefined,
            raw: {},
          } as never,
          map,
        );
        expect(reply.toolCalls.map((call) => [call.name, call.raw])).toEqual([
          [first, { kept: true }],
        ]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('wireNamedRequest: the history and toolChoice name the tools as the tools list does', () => {
  it('openai: the assistant call, the tool result and toolChoice', () => {
    const { request } = wireNamedRequest(
      {
        model: MODELS.openai,
        messages: [
          { role: 'user', content: 'hi' },
          {
            role: 'assistant',
            content: '',
            toolCalls: [
              {
                id: 'call_1',
                name: 'calendar.read',
                arguments: {},
                ...DECODED,
                raw: {},
                wire: 'openai',
              },
            ],
          },
          {
            role: 'tool',
            results: [
              new ToolResult({
                name: 'calendar.read',
                id: 'call_1',
                content: [{ type: 'text', text: 'free' }],
              }),
            ],
          },
        ],
        tools: [{ name: 'calendar.read', inputSchema: { type: 'object' } }],
        toolChoice: { name: 'calendar.read' },
      },
      'openai',
    );
    const body = buildRequest('openai', request, { onWarning: () => {} });
    expect([body.messages, body.tool_choice]).toMatchInlineSnapshot(`
      [
        [
          {
            "content": "hi",
            "role": "user",
          },
          {
            "content": null,
            "role": "assistant",
            "tool_calls": [
              {
                "function": {
                  "arguments": "{}",
                  "name": "calendar_read_2505b184",
                },
                "id": "call_1",
                "type": "function",
              },
            ],
          },
          {
            "content": "free",
            "role": "tool",
            "tool_call_id": "call_1",
          },
        ],
        {
          "function": {
            "name": "calendar_read_2505b184",
          },
          "type": "function",
        },
      ]
    `);
  });
});

describe('the wire shapes of the issue names (exact bodies)', () => {
  const tools = SAMPLES.map((name) => ({ name, inputSchema: { type: 'object' as const } }));
  const names = (wire: WireFormat) => {
    const body = buildRequest(
      wire,
      wireNamedRequest(
        { model: MODELS[wire], messages: [{ role: 'user', content: 'hi' }], tools },
        wire,
      ).request,
      { onWarning: () => {} },
    );
    return body.tools;
  };

  it('openai', () => {
    expect(names('openai')).toMatchInlineSnapshot(`
      [
        {
          "function": {
            "name": "calendar_read_2505b184",
            "parameters": {
              "type": "object",
            },
          },
          "type": "function",
        },
        {
          "function": {
            "name": "caldav-mcp_create-event_7b02b773",
            "parameters": {
              "type": "object",
            },
          },
          "type": "function",
        },
        {
          "function": {
            "name": "1password_lookup",
            "parameters": {
              "type": "object",
            },
          },
          "type": "function",
        },
        {
          "function": {
            "name": "lookup_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx_deee41bb",
            "parameters": {
              "type": "object",
            },
          },
          "type": "function",
        },
        {
          "function": {
            "name": "tool_4d947325",
            "parameters": {
              "type": "object",
            },
          },
          "type": "function",
        },
      ]
    `);
  });
  it('anthropic', () => {
    expect(names('anthropic')).toMatchInlineSnapshot(`
      [
        {
          "input_schema": {
            "type": "object",
          },
          "name": "calendar_read_2505b184",
        },
        {
          "input_schema": {
            "type": "object",
          },
          "name": "caldav-mcp_create-event_7b02b773",
        },
        {
          "input_schema": {
            "type": "object",
          },
          "name": "1password_lookup",
        },
        {
          "input_schema": {
            "type": "object",
          },
          "name": "lookup_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        },
        {
          "input_schema": {
            "type": "object",
          },
          "name": "tool_4d947325",
        },
      ]
    `);
  });
  it('gemini', () => {
    expect(names('gemini')).toMatchInlineSnapshot(`
      [
        {
          "functionDeclarations": [
            {
              "name": "calendar.read",
            },
            {
              "name": "caldav-mcp.create-event",
            },
            {
              "name": "_1password_lookup_c81c8cd8",
            },
            {
              "name": "lookup_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx_deee41bb",
            },
            {
              "name": "tool_4d947325",
            },
          ],
        },
      ]
    `);
  });
  it('responses', () => {
    expect(names('responses')).toMatchInlineSnapshot(`
      [
        {
          "name": "calendar_read_2505b184",
          "parameters": {
            "type": "object",
          },
          "strict": false,
          "type": "function",
        },
        {
          "name": "caldav-mcp_create-event_7b02b773",
          "parameters": {
            "type": "object",
          },
          "strict": false,
          "type": "function",
        },
        {
          "name": "1password_lookup",
          "parameters": {
            "type": "object",
          },
          "strict": false,
          "type": "function",
        },
        {
          "name": "lookup_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx_deee41bb",
          "parameters": {
            "type": "object",
          },
          "strict": false,
          "type": "function",
        },
        {
          "name": "tool_4d947325",
          "parameters": {
            "type": "object",
          },
          "strict": false,
          "type": "function",
        },
      ]
    `);
  });
});

describe('a renamed roster is formatted once (issue 43)', () => {
  // Hermes sends its tools inside the system prompt, a string: nothing to compare by identity.
  const wires = WIRE_FORMATS.filter((wire) => wire !== 'hermes');
  // Where a body holds its formatted tools: Converse nests them in `toolConfig`.
  const toolsOf = (wire: WireFormat, body: Record<string, unknown>) =>
    (wire === 'bedrock'
      ? (body.toolConfig as { tools: unknown[] }).tools
      : body.tools) as unknown[];
  it.each(wires)(
    '%s: the same parsed tools, renamed, give the same frozen tools on every request',
    (wire) => {
      const tools = parseToolDefinitions([{ name: 'calendar.read' }, { name: 'search' }]);
      const request = { model: MODELS[wire], messages: [], tools };
      const named = wireNamedRequest(request, wire).request;
      expect(named.tools?.every((tool) => Object.isFrozen(tool))).toBe(true);
      const first = toolsOf(wire, buildRequest(wire, named));
      const second = toolsOf(wire, buildRequest(wire, wireNamedRequest(request, wire).request));
      expect(first.length).toBeGreaterThan(0);
      expect(second).toEqual(first);
      expect(second[0]).toBe(first[0]);
    },
  );
});

describe('a tool list the caller edits in place between two requests', () => {
  it('names the tools as they are now: a pushed tool gets its legal name, a renamed one too', () => {
    const tool = (name: string) => ({ name, description: 'd', inputSchema: { type: 'object' } });
    const tools = [tool('lookup')];
    const request = { model: MODELS.openai, messages: [], tools };
    const names = () => wireNamedRequest(request, 'openai').request.tools?.map((sent) => sent.name);
    expect(names()).toEqual(['lookup']);
    tools.push(tool('calendar.read'));
    expect(names()).toEqual(['lookup', 'calendar_read_2505b184']);
    (tools[0] as { name: string }).name = 'search.web';
    expect(names()).toEqual(['search_web_d62a5352', 'calendar_read_2505b184']);
    expect(toolNameMap(tools, 'openai').toWire('calendar.read')).toBe('calendar_read_2505b184');
  });
});
