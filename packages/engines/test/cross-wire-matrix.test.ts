// Cross-wire continuity (issue 13): a conversation begun on any wire (text, images, parallel
// calls, a turn with reasoning, results with text, an image, a PDF and an error) continues on
// every wire: 6 × 6 pairs. The first part is each wire's recorded replies, parsed as its engine
// parses them (its ids, Gemini thought signatures), answered with rich tool results; the
// continuation is what `to`'s dialect builds from it, checked by `to`'s strict simulator.
import { Image } from '@crosswire/content-image';
import { WIRE_FORMATS, type WireFormat } from '@crosswire/core';
import type { ConversationMessage } from '@crosswire/dialects';
import { buildRequest, DIALECTS, formatToolResults, parseResponse } from '@crosswire/dialects';
import { SIMULATOR_WIRES } from '@crosswire/simulator';
import { afterAll, describe, expect, it } from 'vitest';
import {
  MODELS as DIALECT_MODELS,
  PIXEL_PNG,
  reply,
  TOOLS,
} from '../../../test-support/dialect-conversation.js';
import { richResult, TINY_PDF } from '../src/test-support/durable-conversation.js';

/** Gemini 3, whose strict rules (thought signatures on calls) apply. */
const MODELS = { ...DIALECT_MODELS, gemini: 'gemini-3-flash-preview' };

/** The recorded replies of the first part, per wire: one call, parallel calls, reasoning + a call. */
const FIRST_PART: Readonly<Record<WireFormat, readonly string[]>> = {
  openai: ['tool-calls', 'parallel-calls', 'thinking-deepseek'],
  anthropic: ['tool-calls', 'parallel-calls', 'thinking'],
  gemini: ['tool-calls', 'parallel-calls', 'thinking'],
  ollama: ['tool-calls', 'parallel-calls', 'thinking'],
  responses: ['tool-calls', 'parallel-calls', 'thinking'],
  hermes: ['tool-calls', 'parallel-calls', 'thinking'],
  bedrock: ['tool-calls', 'parallel-calls', 'thinking'],
};

/** The first part's engine: a model that sees images and PDFs, images beside results where needed. */
const SOURCE = {
  imageInput: true,
  nativePdf: true,
  imageFallback: 'user-message',
  onWarning: () => {},
} as const;

/** The conversation as it stands after the first part on `from`, and the texts it must carry. */
function firstPart(
  from: WireFormat,
  form: 'canonical' | 'provider' = 'canonical',
): { messages: ConversationMessage[]; names: string[]; texts: string[] } {
  const messages: ConversationMessage[] = [
    { role: 'system', content: 'You are a weather assistant. Answer briefly.' },
    {
      role: 'user',
      content: [
        'What is the weather in Berlin? Here are photos of the sky.',
        Image.fromBase64(PIXEL_PNG, { mediaType: 'image/png' }),
        { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' },
      ],
    },
  ];
  const names: string[] = [];
  const texts: string[] = [];
  for (const fixture of FIRST_PART[from]) {
    const body = reply(from, fixture);
    const parsed = parseResponse(from, body);
    expect(parsed.toolCalls.length).toBeGreaterThan(0);
    const results = parsed.toolCalls.map((call, index) => richResult(call.name, call.id, index));
    if (form === 'provider') messages.push(...formatToolResults(from, body, results, SOURCE));
    else {
      messages.push(
        { role: 'assistant', content: parsed.content ?? '', toolCalls: parsed.toolCalls },
        { role: 'tool', results },
      );
    }
    names.push(...parsed.toolCalls.map((call) => call.name));
    texts.push(
      ...parsed.toolCalls.map((call, index) =>
        index % 3 === 1 ? 'no such city' : `${call.name} #${index}: sunny, 22°C`,
      ),
    );
  }
  messages.push(
    { role: 'assistant', content: 'Sunny, 22°C.' },
    { role: 'user', content: 'And tomorrow?' },
  );
  return { messages, names, texts };
}

/** The wires that take the PDF itself (with `nativePdf`). */
const NATIVE_PDF: readonly WireFormat[] = ['anthropic', 'gemini', 'responses', 'bedrock'];

/** Whether `from`'s provider messages carry the tool's PDF itself (else its placeholder). */
const CARRIED_PDF: Readonly<Record<WireFormat, boolean>> = {
  openai: false,
  anthropic: true,
  gemini: true,
  ollama: false,
  responses: true,
  hermes: false,
  bedrock: true,
};

/** What stands for the PDF where it is not carried: the MCP resource, or the document it became. */
const CARRIED_PDF_PLACEHOLDER: Readonly<Record<WireFormat, string>> = {
  openai: '[resource] application/pdf <file:///report.pdf>',
  anthropic: '[document] application/pdf',
  gemini: '[document] application/pdf',
  ollama: '[resource] application/pdf <file:///report.pdf>',
  responses: '[document] application/pdf',
  hermes: '[resource] application/pdf <file:///report.pdf>',
  bedrock: '[document] application/pdf',
};

/** The result texts as they appear in `to`'s JSON body (escaped twice inside Hermes' JSON). */
function CARRIED_TEXTS(to: WireFormat, texts: readonly string[]): string[] {
  const inJson = (text: string) => JSON.stringify(text).slice(1, -1);
  return texts.map((text) => (to === 'hermes' ? inJson(inJson(text)) : inJson(text)));
}

const PAIRS = WIRE_FORMATS.flatMap((from) => WIRE_FORMATS.map((to) => ({ from, to })));
let ran = 0;

afterAll(() => {
  expect(ran).toBe(49);
});

describe('a conversation begun on any wire continues on every wire', () => {
  it('covers every pair of the seven wires', () => {
    expect(PAIRS).toHaveLength(49);
  });

  it.each(PAIRS)('$from → $to: the strict simulator accepts it, nothing lost', ({ from, to }) => {
    const { messages, names, texts } = firstPart(from);
    const body = buildRequest(
      to,
      { model: MODELS[to], messages, tools: TOOLS },
      { imageInput: true, nativePdf: true, imageFallback: 'user-message', onWarning: () => {} },
    );
    const inspection = SIMULATOR_WIRES[to].inspect(body, DIALECTS[to].path(MODELS[to]));
    expect(inspection.violations).toEqual([]);
    expect(inspection.tools).toEqual(['get_weather', 'screenshot']);

    const sent = JSON.stringify(body);
    for (const name of names) expect(sent).toContain(name);
    for (const text of texts) {
      // Gemini sends a result's structuredContent as the functionResponse, not its text.
      const structured = to === 'gemini' && text !== 'no such city';
      expect(sent).toContain(
        structured ? '"response":{"celsius":22}' : JSON.stringify(text).slice(1, -1),
      );
    }
    expect(sent).toContain('What is the weather in Berlin?');
    expect(sent).toContain('And tomorrow?');
    expect(sent).toContain(PIXEL_PNG);
    // The PDF goes as a document where the wire takes one, as a placeholder elsewhere.
    expect(sent).toContain(
      NATIVE_PDF.includes(to) ? TINY_PDF : '[resource] application/pdf <file:///report.pdf>',
    );
    // The latest tool turn (after the reasoning reply) arrives whole.
    const last = messages.at(-3) as ConversationMessage & { results?: readonly unknown[] };
    expect(last.role).toBe('tool');
    expect(inspection.toolResults).toHaveLength(last.results?.length ?? -1);

    // `from`'s provider messages (what runToolLoop returns) continue on every wire: verbatim
    // on `from` itself, read back by `from`'s reader and built by `to` elsewhere.
    const provider = firstPart(from, 'provider').messages;
    const warnings: string[] = [];
    const providerBody = buildRequest(
      to,
      { model: MODELS[to], messages: provider, tools: TOOLS },
      {
        imageInput: true,
        nativePdf: true,
        imageFallback: 'user-message',
        onWarning: (warning) => warnings.push(warning.code),
      },
    );
    const same = SIMULATOR_WIRES[to].inspect(providerBody, DIALECTS[to].path(MODELS[to]));
    expect(same.violations).toEqual([]);
    expect(same.toolResults).toHaveLength(last.results?.length ?? -1);
    const carried = JSON.stringify(providerBody);
    for (const name of names) expect(carried).toContain(name);
    // A Gemini result with structured content went out as that object alone (its text never
    // left), so from Gemini such a result carries the object.
    const sentTexts = from === 'gemini' ? texts.filter((text) => text === 'no such city') : texts;
    for (const text of CARRIED_TEXTS(to, sentTexts)) expect(carried).toContain(text);
    if (from === 'gemini') expect(carried).toMatch(/celsius\\*":22/);
    expect(carried).toContain('What is the weather in Berlin?');
    expect(carried).toContain('And tomorrow?');
    // The user's two photos, and the tools' screenshots (natively or beside the results).
    expect(carried.split(PIXEL_PNG).length - 1).toBeGreaterThan(2);
    const pdf = CARRIED_PDF[from] && NATIVE_PDF.includes(to);
    expect(carried).toContain(pdf ? TINY_PDF : CARRIED_PDF_PLACEHOLDER[from]);
    // Reasoning crosses only to its own wire.
    expect(warnings.includes('cross_wire_reasoning_dropped')).toBe(from !== to);
    ran += 1;
  });
});
