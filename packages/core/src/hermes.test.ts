import { describe, expect, it } from 'vitest';
import {
  HERMES_DEFAULTS,
  hermesCallBlocks,
  hermesReplyText,
  hermesToolsPrompt,
  parseHermesToolCalls,
  stripThinking,
  stripToolCallTags,
  unreadableHermesBlocks,
  ValidationError,
} from './index.js';

const tools = [
  {
    name: 'get_weather',
    description: 'Weather',
    inputSchema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object' as const,
      properties: { city: { type: 'string' } },
      required: ['city'],
    },
  },
  { name: 'get_time' },
];

describe('hermesToolsPrompt', () => {
  it('builds the default prompt: instructions, one tool JSON per line, the call format', () => {
    expect(hermesToolsPrompt(tools)).toBe(
      `You are a function calling AI model. You may call one or more functions to assist with the user query. Don't make assumptions about what values to plug into functions.

You are provided with function signatures within <tools></tools> XML tags:
<tools>
{"type":"function","function":{"name":"get_weather","description":"Weather","parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}}}
{"type":"function","function":{"name":"get_time","parameters":{"type":"object","properties":{}}}}
</tools>

For each function call, return a JSON object with function name and arguments within <tool_call></tool_call> XML tags:
<tool_call>
{"name": "function_name", "arguments": {"arg1": "value1"}}
</tool_call>`,
    );
  });

  it('takes configurable tags, instructions and the MCP tool shape', () => {
    const prompt = hermesToolsPrompt([tools[1] as (typeof tools)[number]], {
      callTag: 'function_call',
      toolsTag: 'functions',
      instructions: 'Call tools.',
      shape: 'mcp',
    });
    expect(prompt).toBe(`Call tools.

You are provided with function signatures within <functions></functions> XML tags:
<functions>
{"name":"get_time","inputSchema":{"type":"object","properties":{}}}
</functions>

For each function call, return a JSON object with function name and arguments within <function_call></function_call> XML tags:
<function_call>
{"name": "function_name", "arguments": {"arg1": "value1"}}
</function_call>`);
  });

  it('fills a custom template, once, without expanding placeholders inside tools', () => {
    const sneaky = [{ name: 'x', description: 'has {callTag} and {tools} inside' }];
    expect(
      hermesToolsPrompt(sneaky, { template: '<{toolsTag}>{tools}</{toolsTag}> use <{callTag}>' }),
    ).toBe(
      '<tools>{"type":"function","function":{"name":"x","description":"has {callTag} and {tools} inside","parameters":{"type":"object","properties":{}}}}</tools> use <tool_call>',
    );
  });

  it("accepts Langertha's %s template", () => {
    expect(hermesToolsPrompt([{ name: 'x' }], { template: 'Tools: %s' })).toBe(
      'Tools: {"type":"function","function":{"name":"x","parameters":{"type":"object","properties":{}}}}',
    );
  });

  it('refuses a tag that is not an XML name', () => {
    expect(() => hermesToolsPrompt([], { callTag: 'a b' })).toThrowError(
      'callTag must be an XML tag name (letters, digits, _ . : -), got "a b"',
    );
    expect(() => hermesToolsPrompt([], { toolsTag: '' })).toThrowError(ValidationError);
  });

  it('has the documented defaults', () => {
    expect(HERMES_DEFAULTS).toEqual({
      callTag: 'tool_call',
      toolsTag: 'tools',
      responseTag: 'tool_response',
      thinkTag: 'think',
      instructions:
        "You are a function calling AI model. You may call one or more functions to assist with the user query. Don't make assumptions about what values to plug into functions.",
    });
  });
});

describe('stripThinking', () => {
  it.each([
    ['a<think>x</think>b', 'ab'],
    ['<think>x</think>a<think>y</think>b', 'ab'],
    ['thinking opened by the template</think>answer', 'answer'],
    ['answer<think>still thinking', 'answer'],
    ['no thinking', 'no thinking'],
    ['<think>a\n<tool_call>{}</tool_call>\n</think>', ''],
  ])('%j → %j', (input, expected) => {
    expect(stripThinking(input)).toBe(expected);
  });

  it('takes another tag', () => {
    expect(stripThinking('a<reasoning>x</reasoning>b', { thinkTag: 'reasoning' })).toBe('ab');
  });
});

describe('hermesCallBlocks / parseHermesToolCalls', () => {
  it('finds the blocks in order, trimmed, with a cut-off last one', () => {
    expect(
      hermesCallBlocks(
        '<tool_call>\n {"a":1} \n</tool_call> mid <tool_call>{"b":2}</tool_call><tool_call>{"c":',
      ),
    ).toEqual(['{"a":1}', '{"b":2}', '{"c":']);
  });

  it('reads named calls, an array of calls, and recovers the name of broken JSON', () => {
    expect(
      parseHermesToolCalls(
        [
          '<tool_call>{"name": "a", "arguments": {"x": 1}}</tool_call>',
          '<tool_call>[{"name": "b"}, {"nameless": true}, {"name": "c", "arguments": {}}]</tool_call>',
          '<tool_call>{"name": "d", "arguments": {x: 1}}</tool_call>',
          '<tool_call>{"arguments": {}}</tool_call>',
          '<tool_call>"just a string"</tool_call>',
          '<tool_call>not json at all</tool_call>',
          '<tool_call>{"name": "e\\u0021", "arguments": {</tool_call>',
        ].join('\n'),
      ),
    ).toEqual([
      { name: 'a', arguments: { x: 1 } },
      { name: 'b' },
      { name: 'c', arguments: {} },
      { name: 'd', arguments: '{"name": "d", "arguments": {x: 1}}' },
      { name: 'e!', arguments: '{"name": "e\\u0021", "arguments": {' },
    ]);
  });

  it('ignores calls inside thinking unless the filter is off', () => {
    const text =
      '<think><tool_call>{"name":"a"}</tool_call></think><tool_call>{"name":"b"}</tool_call>';
    expect(parseHermesToolCalls(text)).toEqual([{ name: 'b' }]);
    expect(parseHermesToolCalls(text, { thinkFilter: false })).toEqual([
      { name: 'a' },
      { name: 'b' },
    ]);
  });

  it('escapes the tag name in its pattern', () => {
    expect(
      parseHermesToolCalls('<a.b>{"name":"x"}</a.b><aXb>{"name":"y"}</aXb>', { callTag: 'a.b' }),
    ).toEqual([{ name: 'x' }]);
  });
});

describe('stripToolCallTags / hermesReplyText', () => {
  it('removes call blocks and trims', () => {
    expect(
      stripToolCallTags(
        '  Sure.\n<tool_call>{"name":"a"}</tool_call>\nDone. <tool_call>{"name": "b", "argu',
      ),
    ).toBe('Sure.\n\nDone.');
    expect(stripToolCallTags('x<fn>{"name":"f"}</fn>', { callTag: 'fn' })).toBe('x');
  });

  // Issue 13, defect 5: a block that cannot be read stays visible instead of vanishing.
  it('keeps the blocks that hold no call (nothing the model wrote is lost)', () => {
    expect(stripToolCallTags('x<fn>{}</fn>', { callTag: 'fn' })).toBe('x<fn>{}</fn>');
    expect(stripToolCallTags('Done. <tool_call>{"cut')).toBe('Done. <tool_call>{"cut');
    expect(
      stripToolCallTags(
        'A <tool_call>not a call</tool_call> B <tool_call>{"name":"f"}</tool_call>',
      ),
    ).toBe('A <tool_call>not a call</tool_call> B');
  });

  it('reads the text of a string, an OpenAI body, text parts and an Ollama body', () => {
    expect(hermesReplyText('plain')).toBe('plain');
    expect(hermesReplyText({ choices: [{ message: { content: 'chat' } }] })).toBe('chat');
    expect(
      hermesReplyText({
        choices: [
          { message: { content: [{ type: 'text', text: 'a' }, { type: 'x' }, { text: 'b' }] } },
        ],
      }),
    ).toBe('ab');
    expect(hermesReplyText({ message: { content: 'ollama' } })).toBe('ollama');
    expect(hermesReplyText({ choices: [{ message: { content: null } }] })).toBe('');
    expect(hermesReplyText({ choices: [] })).toBe('');
    expect(hermesReplyText(42)).toBe('');
  });
});

describe('tags inside JSON strings', () => {
  const text =
    'Before <tool_call>{"name": "say", "arguments": {"text": "use </tool_call> to end"}}</tool_call> after';

  it('do not end a call block', () => {
    expect(parseHermesToolCalls(text)).toEqual([
      { name: 'say', arguments: { text: 'use </tool_call> to end' } },
    ]);
  });

  it('do not leave pieces of the call in the text', () => {
    expect(stripToolCallTags(text)).toBe('Before  after');
  });

  it('fall back to the first closing tag when no body is JSON', () => {
    expect(hermesCallBlocks('<tool_call>{bad</tool_call> x </tool_call>')).toEqual(['{bad']);
  });
});

// Issue 13, defect 5: the NousResearch Hermes-Function-Calling README's own example output is a
// Python dict; its reference parser (utils.validate_and_extract_tool_calls) falls back to
// ast.literal_eval after json.loads.
describe('Python-dict calls', () => {
  const readme =
    "<tool_call>\n{'arguments': {'symbol': 'TSLA'}, 'name': 'get_stock_fundamentals'}\n</tool_call>";

  it('are read as calls, with decoded arguments', () => {
    expect(parseHermesToolCalls(readme)).toEqual([
      { arguments: { symbol: 'TSLA' }, name: 'get_stock_fundamentals' },
    ]);
    expect(stripToolCallTags(`Sure.\n${readme}`)).toBe('Sure.');
  });

  it('keep a closing tag inside a single-quoted string inside the call', () => {
    expect(
      parseHermesToolCalls(
        "<tool_call>{'name': 'say', 'arguments': {'t': '</tool_call>'}}</tool_call>",
      ),
    ).toEqual([{ name: 'say', arguments: { t: '</tool_call>' } }]);
  });

  it('that do not decode but name a function in single quotes are kept as undecodable', () => {
    expect(
      parseHermesToolCalls("<tool_call>{'name': 'f', 'arguments': {'a': x}}</tool_call>"),
    ).toEqual([{ name: 'f', arguments: "{'name': 'f', 'arguments': {'a': x}}" }]);
  });

  it('blocks with no call are listed as unreadable', () => {
    expect(
      unreadableHermesBlocks(
        `${readme}<tool_call>I can't call that</tool_call><tool_call>{"x": 1}</tool_call>`,
      ),
    ).toEqual(["I can't call that", '{"x": 1}']);
  });
});

// Issue 15, point 4: a reply with many `</tool_call>` tags was parsed in quadratic time (every
// opening tag tried every later closing tag with JSON.parse). The pass is linear now; the
// speed is measured in bench/ (hermes-parse); these check the answers on such replies.
describe('replies with many closing tags', () => {
  it('many stray closing tags after one call', () => {
    const text = `<tool_call>{"name":"a"}</tool_call>${'</tool_call>'.repeat(5000)}`;
    expect(parseHermesToolCalls(text)).toEqual([{ name: 'a' }]);
  });

  it('many unreadable blocks, each ending at its first closing tag', () => {
    const text = '<tool_call>{"x</tool_call>'.repeat(2000);
    expect(hermesCallBlocks(text)).toHaveLength(2000);
    expect(parseHermesToolCalls(text)).toEqual([]);
  });

  it('a call after a block whose string runs off still parses', () => {
    const text = '<tool_call>{"a</tool_call> <tool_call>{"name":"b"}</tool_call>';
    expect(parseHermesToolCalls(text)).toEqual([{ name: 'b' }]);
  });

  it('stripThinking on many unclosed think tags', () => {
    expect(stripThinking(`keep${'<think>x'.repeat(5000)}`)).toBe('keep');
    expect(stripThinking('a<think>x</think>b<think>y</think>c')).toBe('abc');
  });
});
