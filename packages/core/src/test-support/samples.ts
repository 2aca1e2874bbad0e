import type { ToolDefinitionInput } from '../index.js';

/** Tool definitions as MCP servers list them (the first as the MCP SDK's McpServer emits). */
export const sampleTools: ToolDefinitionInput[] = [
  {
    name: 'get_weather',
    title: 'Weather',
    description: 'Current weather for a city',
    inputSchema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        city: { type: 'string', description: 'City name', minLength: 1 },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'], default: 'celsius' },
        days: { type: 'integer', minimum: 1, maximum: 7, format: 'int32' },
      },
      required: ['city'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true, openWorldHint: true },
  },
  { name: 'get_time', description: 'The current time', inputSchema: { type: 'object' } },
  {
    name: 'create_event',
    description: 'Creates a calendar event',
    inputSchema: {
      type: 'object',
      $defs: {
        person: {
          type: 'object',
          properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' } },
          required: ['name'],
        },
      },
      properties: {
        title: { type: 'string' },
        start: { type: 'string', format: 'date-time' },
        attendees: { type: 'array', items: { $ref: '#/$defs/person' } },
        location: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        priority: { oneOf: [{ const: 'low' }, { const: 'high' }] },
        tags: { type: ['array', 'null'], items: { type: 'string' } },
      },
      required: ['title', 'start', 'missing_property'],
    },
  },
];

/** One realistic reply per wire with calls: named ones, a nameless one, and decode cases. */
export const sampleReplies = {
  openai: {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    model: 'gpt-4o',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: 'call_1',
              type: 'function',
              function: { name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}' },
            },
            { id: 'call_2', type: 'function', function: { name: 'get_time', arguments: '' } },
            {
              id: 'call_3',
              type: 'function',
              function: { name: 'get_weather', arguments: '{"city":' },
            },
            { id: 'call_4', type: 'function', function: { name: '', arguments: '{}' } },
            {
              id: 'call_5',
              type: 'function',
              function: { name: 'get_weather', arguments: '[1,2]' },
            },
          ],
        },
        finish_reason: 'tool_calls',
      },
    ],
  },
  anthropic: {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-6',
    content: [
      { type: 'thinking', thinking: 'Let me look.', signature: 'sig' },
      { type: 'text', text: 'Checking.' },
      { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } },
      { type: 'tool_use', id: 'toolu_2', name: 'get_time', input: '{"zone":"UTC"}' },
      { type: 'tool_use', id: 'toolu_3', input: {} },
      { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'x' } },
    ],
    stop_reason: 'tool_use',
  },
  gemini: {
    candidates: [
      {
        content: {
          role: 'model',
          parts: [
            { text: 'thinking...', thought: true },
            {
              functionCall: { id: 'fc_1', name: 'get_weather', args: { city: 'Paris' } },
              thoughtSignature: 'c2lnbmF0dXJl',
            },
            { functionCall: { name: 'get_time', args: {} } },
            { functionCall: { name: 'get_weather', args: '{"city":"Rome"}' } },
            { functionCall: { args: { city: 'Oslo' } } },
          ],
        },
        finishReason: 'STOP',
      },
      { content: { parts: [{ functionCall: { name: 'second_candidate', args: {} } }] } },
    ],
  },
  ollama: {
    model: 'llama3.2',
    message: {
      role: 'assistant',
      content: '',
      tool_calls: [
        { id: 'call_x', function: { index: 0, name: 'get_weather', arguments: { city: 'Paris' } } },
        { function: { index: 1, name: 'get_time', arguments: {} } },
        { function: { name: 'get_weather', arguments: 'not json' } },
      ],
    },
    done: true,
  },
  responses: {
    id: 'resp_1',
    object: 'response',
    status: 'completed',
    output: [
      { id: 'rs_1', type: 'reasoning', summary: [] },
      { id: 'ws_1', type: 'web_search_call', status: 'completed' },
      {
        id: 'fc_1',
        type: 'function_call',
        call_id: 'call_a',
        name: 'get_weather',
        arguments: '{"city":"Paris"}',
        status: 'completed',
      },
      {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        content: [
          { type: 'output_text', text: 'And the time:' },
          { type: 'function_call', call_id: 'call_b', name: 'get_time', arguments: '{}' },
        ],
      },
      { id: 'fc_3', type: 'function_call', call_id: 'call_c', name: 'get_weather', arguments: '{' },
    ],
  },
  hermes: {
    choices: [
      {
        message: {
          role: 'assistant',
          content:
            '<think>I could call <tool_call>{"name": "get_time", "arguments": {}}</tool_call> but no.</think>\nSure.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>\n<tool_call>\n{"arguments": {"city": "Nowhere"}}\n</tool_call>\n<tool_call>\n{"name": "get_time", "arguments": "{\\"zone\\": \\"UTC\\"}"}\n</tool_call>\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Ro\n</tool_call>',
        },
        finish_reason: 'stop',
      },
    ],
  },
  bedrock: {
    output: {
      message: {
        role: 'assistant',
        content: [
          { reasoningContent: { reasoningText: { text: 'Let me look.', signature: 'sig' } } },
          { text: 'Checking.' },
          {
            toolUse: {
              toolUseId: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q',
              name: 'get_weather',
              input: { city: 'Paris' },
            },
          },
          { toolUse: { toolUseId: 'tooluse_2', name: 'get_time', input: {} } },
          { toolUse: { toolUseId: 'tooluse_3', input: {} } },
        ],
      },
    },
    stopReason: 'tool_use',
    usage: { inputTokens: 30, outputTokens: 12, totalTokens: 42 },
    metrics: { latencyMs: 480 },
  },
} as const;
