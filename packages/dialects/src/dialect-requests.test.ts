import { Image } from '@crosswire/content-image';
import { ImageNotFetchedError, WIRE_FORMATS } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import {
  canonicalConversation,
  echoedConversation,
  MODELS,
  opening,
  PIXEL_PNG,
  TOOLS,
} from '../../../test-support/dialect-conversation.js';
import { buildRequest, DIALECTS, imagesNeedingBytes } from './dialect.js';
import { type ConversationMessage, wireMessage } from './messages.js';
import { asJson, golden } from './test-support/dialect-golden.js';

// What the two golden conversations degrade, per wire: the echoed one asks for a temperature
// (not sent on anthropic), the canonical one forces a tool (not enforceable on ollama and
// hermes). Asserted here, so the test run prints no warning.
const GOLDEN_WARNINGS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  echoed: { anthropic: ['temperature_unsupported'] },
  canonical: { ollama: ['tool_choice_unsupported'], hermes: ['tool_choice_unsupported'] },
};

describe.each(WIRE_FORMATS)('%s request bodies', (wire) => {
  it('the conversation with an echoed tool turn matches its golden', () => {
    const warnings: string[] = [];
    const body = asJson(
      buildRequest(wire, echoedConversation(wire), {
        onWarning: (warning) => warnings.push(warning.code),
      }),
    );
    expect(body).toEqual(golden(`requests/${wire}.json`, body));
    expect(warnings).toEqual(GOLDEN_WARNINGS.echoed?.[wire] ?? []);
  });

  it('the conversation with canonical assistant and tool messages matches its golden', () => {
    const warnings: string[] = [];
    const body = asJson(
      buildRequest(wire, canonicalConversation(wire), {
        onWarning: (warning) => warnings.push(warning.code),
      }),
    );
    expect(body).toEqual(golden(`requests/${wire}-canonical.json`, body));
    expect(warnings).toEqual(GOLDEN_WARNINGS.canonical?.[wire] ?? []);
  });

  it('a plain text chat has no tools, and extra is merged last', () => {
    const body = buildRequest(wire, {
      model: MODELS[wire],
      messages: [{ role: 'user', content: 'Hi' }],
      extra: { seed: 7 },
    });
    expect(body).not.toHaveProperty('tools');
    expect(body.seed).toBe(7);
  });

  it("a wire message of another wire is read by that wire's reader and built as neutral", () => {
    const other = wire === 'openai' ? 'anthropic' : 'openai';
    const build = (message: ConversationMessage) =>
      buildRequest(wire, { model: MODELS[wire], messages: [message] });
    expect(build(wireMessage(other, { role: 'user', content: 'x' }))).toEqual(
      build({ role: 'user', content: 'x' }),
    );
  });

  it('a wire message of another wire that its reader cannot read is refused with a clear error', () => {
    const other = wire === 'openai' ? 'anthropic' : 'openai';
    expect(() =>
      buildRequest(wire, {
        model: MODELS[wire],
        messages: [wireMessage(other, 'not a message')],
      }),
    ).toThrow(`a ${other} provider message cannot be read for another wire: not an object`);
  });
});

describe('wire specifics', () => {
  const chat = { model: 'm', messages: [{ role: 'user' as const, content: 'Hi' }] };

  it('paths', () => {
    expect(DIALECTS.openai.path('gpt-4.1')).toBe('/chat/completions');
    expect(DIALECTS.hermes.path('x')).toBe('/chat/completions');
    expect(DIALECTS.responses.path('gpt-4.1')).toBe('/responses');
    expect(DIALECTS.anthropic.path('claude')).toBe('/v1/messages');
    expect(DIALECTS.gemini.path('models/gemini-2.5-flash')).toBe(
      '/models/gemini-2.5-flash:generateContent',
    );
    expect(DIALECTS.ollama.path('llama3.2')).toBe('/api/chat');
  });

  it('openai: max_completion_tokens by default, max_tokens when the server needs the old name', () => {
    expect(buildRequest('openai', { ...chat, maxTokens: 50 })).toEqual({
      model: 'm',
      messages: [{ role: 'user', content: 'Hi' }],
      max_completion_tokens: 50,
    });
    expect(
      buildRequest('openai', { ...chat, maxTokens: 50 }, { maxTokensField: 'max_tokens' }),
    ).toMatchObject({
      max_tokens: 50,
    });
  });

  it('anthropic: max_tokens is required and defaults to 4096; the system prompt is apart', () => {
    expect(
      buildRequest('anthropic', {
        ...chat,
        messages: [{ role: 'system', content: 'Be brief.' }, ...chat.messages],
      }),
    ).toEqual({
      model: 'm',
      max_tokens: 4096,
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'Hi' }],
    });
  });

  it('tool choice per wire', () => {
    const withTools = { ...chat, tools: TOOLS };
    expect(buildRequest('openai', { ...withTools, toolChoice: 'required' }).tool_choice).toBe(
      'required',
    );
    expect(
      buildRequest('openai', { ...withTools, toolChoice: { name: 'screenshot' } }).tool_choice,
    ).toEqual({
      type: 'function',
      function: { name: 'screenshot' },
    });
    expect(
      buildRequest('responses', { ...withTools, toolChoice: { name: 'screenshot' } }).tool_choice,
    ).toEqual({
      type: 'function',
      name: 'screenshot',
    });
    expect(buildRequest('anthropic', { ...withTools, toolChoice: 'required' }).tool_choice).toEqual(
      { type: 'any' },
    );
    expect(buildRequest('anthropic', { ...withTools, toolChoice: 'none' }).tool_choice).toEqual({
      type: 'none',
    });
    expect(
      buildRequest('gemini', { ...withTools, toolChoice: { name: 'screenshot' } }).toolConfig,
    ).toEqual({
      functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['screenshot'] },
    });
    expect(buildRequest('gemini', { ...withTools, toolChoice: 'none' }).toolConfig).toEqual({
      functionCallingConfig: { mode: 'NONE' },
    });
  });

  it('ollama: stream false, options.num_predict, no tools for toolChoice none, a warning for a forced choice', () => {
    expect(
      buildRequest('ollama', {
        ...chat,
        tools: TOOLS,
        toolChoice: 'none',
        maxTokens: 9,
        temperature: 0,
      }),
    ).toEqual({
      model: 'm',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: false,
      options: { num_predict: 9, temperature: 0 },
    });
    const warnings: string[] = [];
    buildRequest(
      'ollama',
      { ...chat, tools: TOOLS, toolChoice: 'required' },
      { onWarning: (w) => warnings.push(w.code) },
    );
    expect(warnings).toEqual(['tool_choice_unsupported']);
  });

  it('hermes: one system message with the tools prompt and the own system text, configurable tags, no tools param', () => {
    const body = buildRequest(
      'hermes',
      {
        ...chat,
        messages: [{ role: 'system', content: 'Be brief.' }, ...chat.messages],
        tools: TOOLS.slice(0, 1),
      },
      {
        hermes: {
          callTag: 'function_call',
          toolsTag: 'functions',
          systemPrompt: 'You call functions.',
        },
      },
    );
    expect(body).not.toHaveProperty('tools');
    const messages = body.messages as { role: string; content: string }[];
    expect(messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(messages[0]?.content).toMatch(/^You call functions\.\n/);
    expect(messages[0]?.content).toContain(
      '<functions>\n{"type":"function","function":{"name":"get_weather"',
    );
    expect(messages[0]?.content).toContain('<function_call>\n{"name": "function_name"');
    expect(messages[0]?.content).toMatch(/\n\nBe brief\.$/);
  });

  it('hermes: toolChoice none sends no tools prompt', () => {
    const body = buildRequest('hermes', { ...chat, tools: TOOLS, toolChoice: 'none' });
    expect(body.messages).toEqual([{ role: 'user', content: 'Hi' }]);
  });

  it('inlineImages sends a data: URL on openai and responses; a URL image is kept otherwise', () => {
    const image = Image.fromUrl('https://images.example/sky.png');
    const messages = [{ role: 'user' as const, content: ['Look', image] }];
    expect(buildRequest('openai', { model: 'm', messages })).toMatchObject({
      messages: [
        {
          content: [
            { type: 'text', text: 'Look' },
            { type: 'image_url', image_url: { url: 'https://images.example/sky.png' } },
          ],
        },
      ],
    });
    expect(buildRequest('anthropic', { model: 'm', messages })).toMatchObject({
      messages: [
        {
          content: [
            { type: 'text' },
            { type: 'image', source: { type: 'url', url: 'https://images.example/sky.png' } },
          ],
        },
      ],
    });
    // Without the bytes, a wire that needs them throws the typed error naming ensureBase64.
    expect(() => buildRequest('gemini', { model: 'm', messages })).toThrow(ImageNotFetchedError);
    expect(() => buildRequest('openai', { model: 'm', messages }, { inlineImages: true })).toThrow(
      /ensureBase64/,
    );
  });
});

describe('imagesNeedingBytes', () => {
  const remote = Image.fromUrl('https://images.example/a.png');
  const local = Image.fromBase64(PIXEL_PNG, { mediaType: 'image/png' });
  const messages = [...opening(), { role: 'user' as const, content: [remote, local, remote] }];

  it('gemini and ollama always want the URL images, once each', () => {
    expect(imagesNeedingBytes('gemini', messages)).toEqual([remote]);
    expect(imagesNeedingBytes('ollama', messages)).toEqual([remote]);
  });
  it('openai, responses and hermes only with inlineImages; anthropic never', () => {
    expect(imagesNeedingBytes('openai', messages)).toEqual([]);
    expect(imagesNeedingBytes('openai', messages, { inlineImages: true })).toEqual([remote]);
    expect(imagesNeedingBytes('responses', messages, { inlineImages: true })).toEqual([remote]);
    expect(imagesNeedingBytes('hermes', messages, { inlineImages: true })).toEqual([remote]);
    expect(imagesNeedingBytes('anthropic', messages, { inlineImages: true })).toEqual([]);
  });
});

describe('system messages', () => {
  // Every system message's text, in order, joined by a blank line; an empty one adds nothing.
  const messages: ConversationMessage[] = [
    { role: 'system', content: 'You are terse.' },
    { role: 'user', content: 'Hi.' },
    { role: 'system', content: '' },
    { role: 'system', content: 'Answer in French.' },
  ];
  const joined = 'You are terse.\n\nAnswer in French.';

  it.each([
    ['anthropic', { system: joined }],
    ['bedrock', { system: [{ text: joined }] }],
    ['gemini', { systemInstruction: { parts: [{ text: joined }] } }],
    ['responses', { instructions: joined }],
  ] as const)('%s: one system field of all their texts', (wire, expected) => {
    expect(buildRequest(wire, { model: 'model', messages })).toMatchObject(expected);
  });

  it('no system field when every system message is empty', () => {
    const body = buildRequest('anthropic', {
      model: 'model',
      messages: [
        { role: 'system', content: '' },
        { role: 'user', content: 'Hi.' },
      ],
    });
    expect(body).not.toHaveProperty('system');
  });
});
