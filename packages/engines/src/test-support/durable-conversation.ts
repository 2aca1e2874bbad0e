// Test fixtures of the durable-conversation tests: one conversation per wire holding every
// kind of entry (text, images inline, from a data: URL, by URL and as MCP blocks, a PDF, parallel calls,
// reasoning, canonical and provider messages). Not exported.
import { Image } from '@crosswire/content-image';
import type { WireFormat } from '@crosswire/core';
import {
  type ConversationMessage,
  formatToolResults,
  parseResponse,
  wireMessage,
} from '@crosswire/dialects';
import { ToolResult } from '@crosswire/tool-result';
import { PIXEL_PNG, reply } from '../../../../test-support/dialect-conversation.js';

/** The smallest PDF a provider takes (`%PDF-1.4` with one empty page), base64. */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/MediaBox[0 0 3 3]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
).toString('base64');

/** A registry provider and model speaking each wire, for engines on the simulator. */
export const ENGINE_PROVIDERS: Readonly<Record<WireFormat, { provider: string; model: string }>> = {
  openai: { provider: 'openai', model: 'gpt-6.1-sol' },
  anthropic: { provider: 'anthropic', model: 'claude-sonnet-5-5' },
  gemini: { provider: 'gemini', model: 'gemini-2.5-flash-lite' },
  ollama: { provider: 'ollama', model: 'llama3.2-vision' },
  responses: { provider: 'openai-responses', model: 'gpt-6.1-sol' },
  hermes: { provider: 'nousresearch', model: 'Hermes-4-405B' },
  bedrock: { provider: 'bedrock', model: 'us.anthropic.claude-sonnet-4-6' },
};

/** The reply fixture with reasoning and a call, per wire. */
const THINKING: Readonly<Record<WireFormat, string>> = {
  openai: 'thinking-deepseek',
  anthropic: 'thinking',
  gemini: 'thinking',
  ollama: 'thinking',
  responses: 'thinking',
  hermes: 'thinking',
  bedrock: 'thinking',
};

/** What a tool answers in these conversations: text, a screenshot and a PDF, or an error. */
export function richResult(name: string, id: string, index: number): ToolResult {
  if (index % 3 === 1) {
    return new ToolResult({
      name,
      id,
      content: [{ type: 'text', text: 'no such city' }],
      isError: true,
    });
  }
  return new ToolResult(
    {
      name,
      id,
      content: [
        { type: 'text', text: `${name} #${index}: sunny, 22°C` },
        { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' },
        {
          type: 'resource',
          resource: { uri: 'file:///report.pdf', mimeType: 'application/pdf', blob: TINY_PDF },
        },
        { type: 'json', value: { city: 'Berlin', celsius: 22 } },
        { type: 'video', uri: 'https://example.com/clip.mp4' },
      ],
      structuredContent: { celsius: 22 },
    },
    // The video block is kept as an unknown block on purpose; no warning needed here.
    { onWarning: () => {} },
  );
}

/**
 * Every kind of entry on `wire`: a system prompt, a user turn with text, an inline image, a
 * data: URL image and the URL image `imageUrl`, a canonical tool turn, provider messages of
 * a parallel-call turn and of a turn with reasoning, a wrapped wire-shaped answer, and a question.
 */
export function richConversation(wire: WireFormat, imageUrl: string): ConversationMessage[] {
  const turn = (fixture: string) => {
    const body = reply(wire, fixture);
    const calls = parseResponse(wire, body).toolCalls;
    return { body, calls };
  };
  const canonical = turn('tool-calls');
  const parallel = turn('parallel-calls');
  const thinking = turn(THINKING[wire]);
  return [
    { role: 'system', content: 'You are a weather assistant. Answer briefly.' },
    {
      role: 'user',
      content: [
        'What is the weather in Berlin? Here are photos of the sky.',
        { type: 'text', text: 'One from today:' },
        Image.fromBase64(PIXEL_PNG, { mediaType: 'image/png', detail: 'low' }),
        Image.fromUrl(`data:image/png;base64,${PIXEL_PNG}`),
        Image.fromUrl(imageUrl, { detail: 'high' }),
        { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' },
      ],
    },
    { role: 'assistant', content: 'Let me check.', toolCalls: canonical.calls },
    {
      role: 'tool',
      results: canonical.calls.map((call, index) => richResult(call.name, call.id, index)),
    },
    ...formatToolResults(
      wire,
      parallel.body,
      parallel.calls.map((call, index) => richResult(call.name, call.id, index)),
    ),
    ...formatToolResults(
      wire,
      thinking.body,
      thinking.calls.map((call, index) => richResult(call.name, call.id, index)),
    ),
    wireMessage(
      wire,
      wire === 'gemini'
        ? { role: 'model', parts: [{ text: 'Sunny, 22°C.' }] }
        : { role: 'assistant', content: 'Sunny, 22°C.' },
    ),
    { role: 'user', content: 'And tomorrow?' },
  ];
}
