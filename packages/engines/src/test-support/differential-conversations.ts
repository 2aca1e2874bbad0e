// Test fixtures of the AI SDK differential test: each conversation written once, in a small
// neutral form, and translated into what the AI SDK's `generateText` takes and what a
// Crosswire engine takes. The two translations map part for part; nothing is added on one
// side only. Not exported from the package.
import { Image } from '@crosswire/content-image';
import { createToolCall, type ToolDefinitionInput } from '@crosswire/core';
import type { ChatMessage } from '@crosswire/dialects';
import { ToolResult } from '@crosswire/tool-result';
import { jsonSchema, type ModelMessage, type ToolSet, tool } from 'ai';
import { PIXEL_PNG } from '../../../../test-support/dialect-conversation.js';
import type { ChatOptions } from '../engine/chat-options.js';
import { TINY_PDF } from './durable-conversation.js';

export { PIXEL_PNG, TINY_PDF };

/** One item of a tool's result: text, an image, or a PDF (an MCP resource blob, `uri` names it). */
export type ResultItem =
  | { readonly text: string }
  | { readonly image: string; readonly mediaType: string }
  | { readonly pdf: string; readonly uri: string; readonly filename: string };

export interface Call {
  readonly id: string;
  readonly name: string;
  readonly input: Readonly<Record<string, unknown>>;
}

export interface Result {
  readonly id: string;
  readonly name: string;
  readonly items: readonly ResultItem[];
  readonly isError?: boolean;
}

export type Turn =
  | {
      readonly role: 'user';
      readonly parts: readonly ({ readonly text: string } | { readonly image: string })[];
    }
  | { readonly role: 'assistant'; readonly text: string; readonly calls?: readonly Call[] }
  | { readonly role: 'tool'; readonly results: readonly Result[] };

export interface Conversation {
  readonly name: string;
  readonly system?: string;
  readonly turns: readonly Turn[];
  readonly tools?: readonly ToolDefinitionInput[];
  readonly toolChoice?: 'auto' | 'required' | 'none' | { readonly name: string };
  readonly maxTokens?: number;
  readonly temperature?: number;
  /** The recorded reply that answers it: `text`, or `tool-calls` where the AI SDK insists on a call. Default `text`. */
  readonly reply?: 'text' | 'tool-calls';
}

const WEATHER_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object' as const,
  properties: {
    city: { type: 'string', description: 'City name' },
    unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
    days: { type: 'integer', minimum: 1, maximum: 7 },
    around: {
      type: 'object',
      properties: { lat: { type: 'number' }, lon: { type: 'number' } },
      required: ['lat', 'lon'],
    },
  },
  required: ['city'],
  additionalProperties: false,
};

export const TOOLS: readonly ToolDefinitionInput[] = [
  { name: 'get_weather', description: 'Current weather for a city.', inputSchema: WEATHER_SCHEMA },
  {
    name: 'screenshot',
    description: 'A screenshot of a web page.',
    inputSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
  },
  {
    name: 'quarterly_report',
    description: 'The quarterly report as a PDF.',
    inputSchema: { type: 'object', properties: {} },
  },
];

const berlin: Call = { id: 'call_berlin', name: 'get_weather', input: { city: 'Berlin' } };
const paris: Call = {
  id: 'call_paris',
  name: 'get_weather',
  input: { city: 'Paris', unit: 'celsius', around: { lat: 48.86, lon: 2.35 } },
};
const shot: Call = { id: 'call_shot', name: 'screenshot', input: { url: 'https://example.com' } };
const report: Call = { id: 'call_report', name: 'quarterly_report', input: {} };
const ask = (text: string): Turn => ({ role: 'user', parts: [{ text }] });

export const CONVERSATIONS: readonly Conversation[] = [
  {
    name: 'system prompt and text',
    system: 'You are a weather assistant. Answer briefly.',
    turns: [ask('What is the weather in Berlin?')],
    maxTokens: 256,
    temperature: 0.3,
  },
  {
    name: 'user image (base64)',
    turns: [
      {
        role: 'user',
        parts: [{ text: 'What is in this picture?' }, { image: PIXEL_PNG }, { text: 'Be brief.' }],
      },
    ],
  },
  {
    name: 'tool definitions (JSON schema)',
    turns: [ask('Weather in Berlin, and a screenshot of example.com?')],
    tools: TOOLS,
  },
  {
    name: 'a named tool choice',
    turns: [ask('Weather in Berlin?')],
    tools: TOOLS,
    toolChoice: { name: 'get_weather' },
    // generateText refuses a reply without a call to the tool it required.
    reply: 'tool-calls',
  },
  {
    name: 'one call and its text result',
    turns: [
      ask('Weather in Berlin?'),
      { role: 'assistant', text: '', calls: [berlin] },
      { role: 'tool', results: [{ ...berlin, items: [{ text: 'Berlin: sunny, 22°C' }] }] },
    ],
    tools: TOOLS,
  },
  {
    name: 'parallel calls with a text result and an error result',
    turns: [
      ask('Weather in Berlin and Paris?'),
      { role: 'assistant', text: 'Let me check both.', calls: [berlin, paris] },
      {
        role: 'tool',
        results: [
          { ...berlin, items: [{ text: 'Berlin: sunny, 22°C' }] },
          { ...paris, items: [{ text: 'weather service unavailable' }], isError: true },
        ],
      },
    ],
    tools: TOOLS,
  },
  {
    name: 'a result with an image',
    turns: [
      ask('Show me example.com.'),
      { role: 'assistant', text: '', calls: [shot] },
      {
        role: 'tool',
        results: [
          {
            ...shot,
            items: [
              { text: 'Screenshot of https://example.com' },
              { image: PIXEL_PNG, mediaType: 'image/png' },
            ],
          },
        ],
      },
    ],
    tools: TOOLS,
  },
  {
    name: 'a result with a PDF',
    turns: [
      ask('Summarize the quarterly report.'),
      { role: 'assistant', text: '', calls: [report] },
      {
        role: 'tool',
        results: [
          {
            ...report,
            items: [
              { text: 'The report:' },
              { pdf: TINY_PDF, uri: 'file:///reports/q3.pdf', filename: 'q3.pdf' },
            ],
          },
        ],
      },
    ],
    tools: TOOLS,
  },
  {
    name: 'multi-turn',
    system: 'You are a weather assistant.',
    turns: [
      ask('Hi!'),
      { role: 'assistant', text: 'Hello! How can I help?' },
      ask('Weather in Berlin and a screenshot of example.com?'),
      { role: 'assistant', text: 'On it.', calls: [berlin, shot] },
      {
        role: 'tool',
        results: [
          { ...berlin, items: [{ text: 'Berlin: sunny, 22°C' }] },
          { ...shot, items: [{ text: 'no browser available' }], isError: true },
        ],
      },
      { role: 'assistant', text: 'Berlin is sunny at 22°C; the screenshot failed.' },
      ask('Thanks. And Paris?'),
      { role: 'assistant', text: '', calls: [paris] },
      { role: 'tool', results: [{ ...paris, items: [{ text: 'Paris: rain, 14°C' }] }] },
    ],
    tools: TOOLS,
    maxTokens: 512,
  },
];

/** A user turn of one text part is sent as a plain string, on both sides. */
function plainText(turn: Extract<Turn, { role: 'user' }>): string | undefined {
  const [only, ...rest] = turn.parts;
  return only && 'text' in only && rest.length === 0 ? only.text : undefined;
}

// ---- the AI SDK's side ----

/** The result as an AI SDK tool output: text, error text, or content parts with media. */
function aiSdkOutput(result: Result) {
  const texts = result.items.flatMap((item) => ('text' in item ? [item.text] : []));
  if (result.isError) return { type: 'error-text' as const, value: texts.join('\n') };
  const [only, ...others] = result.items;
  if (only && 'text' in only && others.length === 0) {
    return { type: 'text' as const, value: only.text };
  }
  return {
    type: 'content' as const,
    value: result.items.map((item) => {
      if ('text' in item) return { type: 'text' as const, text: item.text };
      if ('image' in item) {
        return { type: 'image-data' as const, data: item.image, mediaType: item.mediaType };
      }
      return {
        type: 'file-data' as const,
        data: item.pdf,
        mediaType: 'application/pdf',
        filename: item.filename,
      };
    }),
  };
}

export function aiSdkMessages(conversation: Conversation): ModelMessage[] {
  return conversation.turns.map((turn): ModelMessage => {
    switch (turn.role) {
      case 'user':
        return {
          role: 'user',
          content:
            plainText(turn) ??
            turn.parts.map((part) =>
              'text' in part
                ? { type: 'text' as const, text: part.text }
                : { type: 'image' as const, image: part.image, mediaType: 'image/png' },
            ),
        };
      case 'assistant':
        return {
          role: 'assistant',
          content: [
            ...(turn.text === '' ? [] : [{ type: 'text' as const, text: turn.text }]),
            ...(turn.calls ?? []).map((call) => ({
              type: 'tool-call' as const,
              toolCallId: call.id,
              toolName: call.name,
              input: call.input,
            })),
          ],
        };
      case 'tool':
        return {
          role: 'tool',
          content: turn.results.map((result) => ({
            type: 'tool-result' as const,
            toolCallId: result.id,
            toolName: result.name,
            output: aiSdkOutput(result),
          })),
        };
      default:
        return turn satisfies never;
    }
  });
}

/** The tools as an AI SDK tool set: the same JSON schemas, no `execute` (one step only). */
export function aiSdkTools(conversation: Conversation): ToolSet | undefined {
  if (!conversation.tools) return undefined;
  return Object.fromEntries(
    conversation.tools.map((definition) => [
      definition.name,
      tool({
        description: definition.description,
        inputSchema: jsonSchema(definition.inputSchema as Parameters<typeof jsonSchema>[0]),
      }),
    ]),
  );
}

// ---- Crosswire's side ----

function crosswireResult(result: Result): ToolResult {
  return new ToolResult({
    name: result.name,
    id: result.id,
    isError: result.isError ?? false,
    content: result.items.map((item) => {
      if ('text' in item) return { type: 'text', text: item.text };
      if ('image' in item) return { type: 'image', data: item.image, mimeType: item.mediaType };
      return {
        type: 'resource',
        resource: { uri: item.uri, mimeType: 'application/pdf', blob: item.pdf },
      };
    }),
  });
}

export function crosswireMessages(conversation: Conversation): ChatMessage[] {
  const system: ChatMessage[] = conversation.system
    ? [{ role: 'system', content: conversation.system }]
    : [];
  return [
    ...system,
    ...conversation.turns.map((turn): ChatMessage => {
      switch (turn.role) {
        case 'user':
          return {
            role: 'user',
            content:
              plainText(turn) ??
              turn.parts.map((part) =>
                'text' in part
                  ? part.text
                  : Image.fromBase64(part.image, { mediaType: 'image/png' }),
              ),
          };
        case 'assistant':
          return {
            role: 'assistant',
            content: turn.text,
            ...(turn.calls
              ? {
                  toolCalls: turn.calls.map((call) =>
                    createToolCall({ id: call.id, name: call.name, arguments: call.input }),
                  ),
                }
              : {}),
          };
        case 'tool':
          return { role: 'tool', results: turn.results.map(crosswireResult) };
        default:
          return turn satisfies never;
      }
    }),
  ];
}

export function crosswireOptions(conversation: Conversation): ChatOptions {
  return {
    ...(conversation.tools ? { tools: conversation.tools } : {}),
    ...(conversation.toolChoice ? { toolChoice: conversation.toolChoice } : {}),
    ...(conversation.maxTokens === undefined ? {} : { maxTokens: conversation.maxTokens }),
    ...(conversation.temperature === undefined ? {} : { temperature: conversation.temperature }),
  };
}
