// Test fixtures shared by the dialect tests: one conversation (system, user text + image,
// a tool turn) and the tool results answering the recorded replies. Not exported.
import { Image } from '@crosswire/content-image';
import { type ToolCall, WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import type {
  ChatMessage,
  ChatRequest,
  ChatRequestInput,
  DialectOptions,
} from '@crosswire/dialects';
import { formatToolResults, parseResponse } from '@crosswire/dialects';
import { ToolResult } from '@crosswire/tool-result';
import { dialectFixtures } from './wire-fixtures.js';

const { readFixture } = dialectFixtures;

/** A 1x1 transparent PNG. */
export const PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export const TOOLS = [
  {
    name: 'get_weather',
    description: 'Current weather for a city.',
    inputSchema: {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object' as const,
      properties: { city: { type: 'string', description: 'City name' } },
      required: ['city'],
      additionalProperties: false,
    },
  },
  {
    name: 'screenshot',
    description: 'A screenshot of a web page.',
    inputSchema: {
      type: 'object' as const,
      properties: { url: { type: 'string' } },
      required: ['url'],
    },
  },
];

export { WIRE_FORMATS };

/** The result a call gets in the fixtures: weather text, or a PNG for `screenshot`. */
export function resultFor(call: ToolCall): ToolResult {
  if (call.name === 'screenshot') {
    return new ToolResult({
      name: call.name,
      id: call.id,
      content: [
        { type: 'text', text: 'Screenshot of https://example.com' },
        { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' },
      ],
    });
  }
  const city = String(call.arguments.city ?? '?');
  return new ToolResult({
    name: call.name,
    id: call.id,
    content: [{ type: 'text', text: `${city}: sunny, 22°C` }],
  });
}

export function reply(wire: WireFormat, name: string): unknown {
  return readFixture(`replies/${wire}/${name}.json`);
}

export function opening(): ChatMessage[] {
  return [
    { role: 'system', content: 'You are a weather assistant. Answer briefly.' },
    {
      role: 'user',
      content: [
        'What is the weather in Berlin? Here is a photo of the sky.',
        Image.fromBase64(PIXEL_PNG, { mediaType: 'image/png' }),
      ],
    },
  ];
}

/** The conversation after one tool turn, the turn echoed from the wire's recorded reply. */
export function echoedConversation(
  wire: WireFormat,
  options: DialectOptions = {},
): ChatRequestInput {
  const body = reply(wire, 'tool-calls');
  const calls = parseResponse(wire, body, options).toolCalls;
  return {
    model: MODELS[wire],
    messages: [...opening(), ...formatToolResults(wire, body, calls.map(resultFor), options)],
    tools: TOOLS,
    toolChoice: 'auto',
    maxTokens: 1024,
    temperature: 0.2,
  };
}

/** The same conversation with the tool turn as canonical messages (assistant calls, tool results). */
export function canonicalConversation(wire: WireFormat, options: DialectOptions = {}): ChatRequest {
  const calls = parseResponse(wire, reply(wire, 'tool-calls'), options).toolCalls;
  return {
    model: MODELS[wire],
    messages: [
      ...opening(),
      { role: 'assistant', content: 'Let me check.', toolCalls: calls },
      { role: 'tool', results: calls.map(resultFor) },
    ],
    tools: TOOLS,
    toolChoice: { name: 'get_weather' },
    maxTokens: 1024,
  };
}

export const MODELS: Readonly<Record<WireFormat, string>> = {
  openai: 'gpt-4.1',
  anthropic: 'claude-sonnet-4-5',
  gemini: 'gemini-2.5-flash',
  ollama: 'llama3.2',
  responses: 'gpt-4.1',
  hermes: 'NousResearch/Hermes-3-Llama-3.1-8B',
  bedrock: 'us.anthropic.claude-sonnet-4-6',
};
