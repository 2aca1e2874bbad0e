import { describe, expect, it } from 'vitest';
import { UnsupportedToolCallError } from '../errors.js';
import { createToolCall } from '../tool-call.js';
import {
  extractToolCall,
  formatToolCall,
  formatTools,
  locateToolCallItems,
  toolCallsFrom,
} from '../tools.js';

// What each wire locates in a reply body (locateToolCallItems: every call structure, the
// nameless ones included) and how it writes a call back: only the call blocks
// among the others, nothing from a body that is not one, no throw on a malformed block, and
// no key the call does not have (toStrictEqual: an `undefined` key is a field a strict API
// refuses, and a sign the echo was built from the wrong call).

describe('locating calls: only the call blocks, nothing from a body that is not one', () => {
  it('every wire locates nothing in a body that is not an object', () => {
    for (const wire of ['anthropic', 'bedrock', 'gemini', 'ollama', 'responses'] as const) {
      expect(locateToolCallItems(wire, 'not a body')).toEqual([]);
    }
  });

  it('anthropic: the tool_use blocks, not the text around them', () => {
    const use = { type: 'tool_use', id: 'toolu_1', name: 'w', input: {} };
    expect(
      locateToolCallItems('anthropic', { content: [{ type: 'text', text: 'hi' }, use] }),
    ).toEqual([use]);
  });

  it('bedrock: the toolUse blocks of a message given itself, not its text', () => {
    const use = { toolUse: { toolUseId: 't1', name: 'w', input: {} } };
    expect(
      locateToolCallItems('bedrock', { role: 'assistant', content: [{ text: 'hi' }, use] }),
    ).toEqual([use]);
  });

  it('gemini: the functionCall parts, and nothing from a candidate without content', () => {
    const call = { functionCall: { name: 'w', args: {} } };
    const reply = { candidates: [{ content: { parts: [{ text: 'hi' }, call] } }] };
    expect(locateToolCallItems('gemini', reply)).toEqual([call]);
    expect(locateToolCallItems('gemini', { candidates: [{ finishReason: 'SAFETY' }] })).toEqual([]);
  });

  it('ollama: nothing from a reply without a message', () => {
    expect(locateToolCallItems('ollama', { done: true })).toEqual([]);
  });

  it('responses: the function calls of output and of a message item, nothing else', () => {
    const call = { type: 'function_call', call_id: 'c1', name: 'w', arguments: '{}' };
    const inner = { type: 'function_call', call_id: 'c2', name: 'v', arguments: '{}' };
    const reply = {
      output: [
        { type: 'reasoning', content: [inner] },
        call,
        { type: 'message', content: [{ type: 'output_text', text: 'hi' }, inner] },
      ],
    };
    expect(locateToolCallItems('responses', reply)).toEqual([call, inner]);
    expect(locateToolCallItems('responses', { output: [] })).toEqual([]);
  });

  it.each([
    ['custom_tool_call', 'a custom tool call'],
    ['computer_call', 'a computer-use action'],
    ['local_shell_call', 'a local shell command'],
    ['shell_call', 'a shell command'],
    ['apply_patch_call', 'a patch to apply'],
    [
      'mcp_approval_request',
      "an MCP approval request; send the mcp tool with require_approval 'never'",
    ],
  ])('responses: a %s item is refused, saying what the client would have to do', (type, what) => {
    expect(() => locateToolCallItems('responses', { output: [{ type }] })).toThrow(
      new UnsupportedToolCallError(
        `the reply contains a '${type}' output item (${what}) that the client must answer, and only function calls are supported; refusing to end the turn as if the model were done`,
        type,
      ),
    );
  });

  it('hermes: calls a server lifted out of the text first, a nameless item kept as no call', () => {
    const reply = {
      choices: [
        {
          message: {
            content: '',
            tool_calls: [
              { id: 'c1', type: 'function', function: { name: 'w', arguments: '{"a":1}' } },
              { type: 'function', function: { name: 'v', arguments: '{}' } },
              { id: 'c3', type: 'function', function: { name: '', arguments: '{}' } },
              { id: 'c4', type: 'function', function: null },
            ],
          },
        },
      ],
    };
    expect(locateToolCallItems('hermes', reply)).toEqual([
      { id: 'c1', name: 'w', arguments: '{"a":1}' },
      { id: '', name: 'v', arguments: '{}' },
      { id: 'c3', type: 'function', function: { name: '', arguments: '{}' } },
      { id: 'c4', type: 'function', function: null },
    ]);
    expect(toolCallsFrom('hermes', reply).map((call) => [call.id, call.name])).toEqual([
      ['c1', 'w'],
      ['', 'v'],
    ]);
  });
});

describe('a malformed call block is no call, never a throw', () => {
  it.each([
    ['bedrock', 'text'],
    ['bedrock', { toolUse: null }],
    ['gemini', 'text'],
    ['gemini', { functionCall: null }],
    ['hermes', null],
    ['ollama', 'text'],
    ['ollama', { function: null }],
  ] as const)('%s: %j', (wire, raw) => {
    expect(extractToolCall(wire, raw)).toBeUndefined();
  });
});

describe('writing a call back: only the keys the call has', () => {
  it('ollama: a call without an id gets no id key', () => {
    const call = createToolCall({ name: 'w', arguments: { a: 1 }, wire: 'ollama' });
    expect(formatToolCall('ollama', call)).toStrictEqual({
      function: { name: 'w', arguments: { a: 1 } },
    });
  });

  it('responses: an OpenAI call_ id, or a null item id, is no item id', () => {
    const [openai] = toolCallsFrom('openai', {
      choices: [
        {
          message: {
            tool_calls: [
              { id: 'call_1', type: 'function', function: { name: 'w', arguments: '{}' } },
            ],
          },
        },
      ],
    });
    const [nullId] = toolCallsFrom('responses', {
      output: [{ type: 'function_call', id: null, call_id: 'c2', name: 'w', arguments: '{}' }],
    });
    expect(formatToolCall('responses', openai as never)).toStrictEqual({
      type: 'function_call',
      call_id: 'call_1',
      name: 'w',
      arguments: '{}',
    });
    expect(formatToolCall('responses', nullId as never)).toStrictEqual({
      type: 'function_call',
      call_id: 'c2',
      name: 'w',
      arguments: '{}',
    });
  });

  it('gemini: an OpenAI call replayed gets the skip signature; a second parallel Gemini call none', () => {
    const [openai] = toolCallsFrom('openai', {
      choices: [
        {
          message: {
            tool_calls: [
              { id: 'call_1', type: 'function', function: { name: 'w', arguments: '{}' } },
            ],
          },
        },
      ],
    });
    expect(formatToolCall('gemini', openai as never)).toStrictEqual({
      functionCall: { name: 'w', args: {}, id: 'call_1' },
      thoughtSignature: 'skip_thought_signature_validator',
    });
    const [, second] = toolCallsFrom('gemini', {
      candidates: [
        {
          content: {
            parts: [
              { functionCall: { name: 'a', args: {} }, thoughtSignature: 'sig' },
              { functionCall: { name: 'b', args: {} } },
            ],
          },
        },
      ],
    });
    expect(formatToolCall('gemini', second as never)).toStrictEqual({
      functionCall: { name: 'b', args: {} },
    });
  });

  it('hermes: undecodable string arguments go back as they came; other undecodable ones as {}', () => {
    const truncated = createToolCall({ name: 'w', arguments: '{"a":' });
    const array = createToolCall({ name: 'w', arguments: [1] });
    expect(formatToolCall('hermes', truncated)).toBe(
      '<tool_call>\n{"name":"w","arguments":"{\\"a\\":"}\n</tool_call>',
    );
    expect(formatToolCall('hermes', array)).toBe(
      '<tool_call>\n{"name":"w","arguments":{}}\n</tool_call>',
    );
  });

  it('hermes: a callTag that is no tag name is refused, naming the option', () => {
    const call = createToolCall({ name: 'w' });
    expect(() => formatToolCall('hermes', call, { callTag: 'a b' })).toThrow(
      'callTag must be an XML tag name (letters, digits, _ . : -), got "a b"',
    );
  });
});

describe('gemini: declarations and signatures', () => {
  it('a tool without properties is declared with no parameters key at all', () => {
    expect(
      formatTools('gemini', [{ name: 'now', inputSchema: { type: 'object', properties: {} } }]),
    ).toStrictEqual([{ functionDeclarations: [{ name: 'now' }] }]);
  });

  it('a call of another wire gets the skip signature even if its raw holds a functionCall', () => {
    const call = createToolCall({
      name: 'w',
      wire: 'ollama',
      raw: { functionCall: { name: 'w', args: {} } },
    });
    expect(formatToolCall('gemini', call)).toStrictEqual({
      functionCall: { name: 'w', args: {} },
      thoughtSignature: 'skip_thought_signature_validator',
    });
  });
});
