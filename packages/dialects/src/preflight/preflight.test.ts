import { describe, expect, it } from 'vitest';
import { PreflightRefusedError, preflight } from './preflight.js';
import { pngHeaderBase64 } from './request-rules.js';
import { PROVIDER_RULES } from './rules.js';

const checked = PROVIDER_RULES.filter((rule) => rule.check);

describe('preflight: the request rules of the catalogue', () => {
  it.each(checked.map((rule) => [rule.id, rule] as const))(
    '%s: refuses its example, naming the rule, a path and the source',
    (_id, rule) => {
      const { violations } = preflight(rule.example.body, {
        wire: rule.wire,
        ...(rule.example.provider === undefined ? {} : { provider: rule.example.provider }),
        ...(rule.example.capabilities === undefined
          ? {}
          : { capabilities: rule.example.capabilities }),
        ...(rule.example.features === undefined ? {} : { features: rule.example.features }),
      });
      expect(violations.length).toBeGreaterThan(0);
      for (const broken of violations) {
        expect(broken.rule).toBe(rule.id);
        expect(broken.source).toBe(rule.source);
        expect(broken.path).not.toBe('');
      }
      expect(violations.map((broken) => broken.message).join('\n')).toContain(rule.violation);
    },
  );

  // Regression from the provider's own 400: the quoted message holds what preflight reports
  // (up to the numbers and paths of the quoted request).
  it.each(checked.filter((rule) => rule.quoted).map((rule) => [rule.id, rule] as const))(
    '%s: the provider quoted at the source says what preflight says',
    (_id, rule) => {
      expect(rule.quoted).toContain(rule.violation);
    },
  );

  it('names exact paths and messages (written down, not computed)', () => {
    const body = {
      model: 'gpt-4.1',
      messages: [{ role: 'user', content: 'Hi' }],
      tools: [
        {
          type: 'function',
          function: {
            name: 'filesystem.read_multiple_files',
            parameters: {
              type: 'object',
              properties: {
                paths: { type: 'array' },
                nested: { type: 'array', items: { type: ['array', 'null'] } },
              },
            },
          },
        },
      ],
    };
    expect(preflight(body, { wire: 'openai' }).violations).toEqual([
      {
        rule: 'openai-tool-name',
        path: 'tools[0].function.name',
        message:
          "\"filesystem.read_multiple_files\": Invalid 'tools[0].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]{1,64}$'.",
        source: 'https://github.com/openai/openai-openapi (FunctionObject.name)',
      },
      {
        rule: 'openai-array-items',
        path: 'tools[0].function.parameters.properties.paths',
        message:
          "Invalid schema for function 'filesystem.read_multiple_files': In context=('properties', 'paths'), array schema missing items.",
        source: 'https://github.com/sigoden/aichat/pull/1049',
      },
      {
        rule: 'openai-array-items',
        path: 'tools[0].function.parameters.properties.nested.items',
        message:
          "Invalid schema for function 'filesystem.read_multiple_files': In context=('properties', 'nested', 'items'), array schema missing items.",
        source: 'https://github.com/sigoden/aichat/pull/1049',
      },
    ]);
  });

  it("finds each wire's function tools where it puts them, skipping other kinds of tool", () => {
    const paths = (wire: 'openai' | 'responses' | 'anthropic' | 'gemini', body: unknown) =>
      preflight(body, { wire }).violations.map((broken) => [broken.rule, broken.path]);
    const bad = 'a b';
    expect(
      paths('openai', {
        model: 'm',
        messages: [],
        tools: ['f', { type: 'function' }, { type: 'function', function: { name: bad } }],
      }),
    ).toEqual([['openai-tool-name', 'tools[2].function.name']]);
    expect(
      paths('responses', {
        model: 'm',
        input: [],
        tools: [{ type: 'web_search', name: bad }, 7, { type: 'function', name: bad }],
      }),
    ).toEqual([['responses-tool-name', 'tools[2].name']]);
    expect(
      paths('anthropic', {
        model: 'm',
        max_tokens: 1,
        messages: [],
        tools: [
          { type: 'web_search_20250305', name: bad },
          { name: bad, input_schema: { type: 'object' } },
          { type: 'custom', name: bad, input_schema: { type: 'object' } },
        ],
      }),
    ).toEqual([
      ['anthropic-tool-name', 'tools[1].name'],
      ['anthropic-tool-name', 'tools[2].name'],
      ['anthropic-tool-names-unique', 'tools[2].name'],
    ]);
    expect(
      paths('gemini', {
        contents: [],
        tools: [
          { googleSearch: {} },
          null,
          {
            functionDeclarations: ['x', { name: bad, parameters: { type: 'array' } }],
          },
        ],
      }),
    ).toEqual([
      ['gemini-tool-name', 'tools[2].functionDeclarations[1].name'],
      ['gemini-array-items', 'tools[2].functionDeclarations[1].parameters'],
    ]);
  });

  it('tool names at the edges of each pattern', () => {
    const openai = (name: string) =>
      preflight(
        { tools: [{ type: 'function', function: { name, parameters: { type: 'object' } } }] },
        { wire: 'openai' },
      ).violations.length;
    expect(openai('a'.repeat(64))).toBe(0);
    expect(openai('a'.repeat(65))).toBe(1);
    expect(openai('')).toBe(1);
    expect(openai('get weather')).toBe(1);
    expect(openai('météo')).toBe(1);
    const anthropic = (name: string) =>
      preflight({ tools: [{ name, input_schema: { type: 'object' } }] }, { wire: 'anthropic' })
        .violations.length;
    expect(anthropic('a'.repeat(128))).toBe(0);
    expect(anthropic('a'.repeat(129))).toBe(1);
    expect(anthropic('calendar.read')).toBe(1);
    const gemini = (name: string) =>
      preflight({ tools: [{ functionDeclarations: [{ name }] }] }, { wire: 'gemini' }).violations
        .length;
    expect(gemini('calendar.read')).toBe(0);
    expect(gemini('caldav-mcp:create-event')).toBe(0);
    expect(gemini('_x')).toBe(0);
    expect(gemini('1password_lookup')).toBe(1);
    expect(gemini('a'.repeat(64))).toBe(0);
    expect(gemini('a'.repeat(65))).toBe(1);
  });

  it('Anthropic media limits: at the limit passes, one over is refused', () => {
    const image = (data: string) => ({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data },
    });
    const check = (content: unknown[]) =>
      preflight(
        { model: 'm', max_tokens: 1, messages: [{ role: 'user', content }] },
        { wire: 'anthropic' },
      ).violations.map((broken) => broken.rule);
    expect(check([image(pngHeaderBase64(8000, 8000))])).toEqual([]);
    expect(check([image(pngHeaderBase64(8001, 10))])).toEqual(['anthropic-image-side']);
    expect(check(Array.from({ length: 100 }, () => image(pngHeaderBase64(10, 10))))).toEqual([]);
    expect(check(Array.from({ length: 20 }, () => image(pngHeaderBase64(2001, 10))))).toEqual([]);
    expect(check(Array.from({ length: 21 }, () => image(pngHeaderBase64(2000, 2000))))).toEqual([]);
    // Images inside a tool_result count too.
    const inResult = {
      type: 'tool_result',
      tool_use_id: 't',
      content: Array.from({ length: 101 }, () => image(pngHeaderBase64(10, 10))),
    };
    expect(check([inResult])).toEqual(['anthropic-media-count']);
  });

  it('Anthropic media rules: one walk per call, and a body changed between calls is checked in full (issue 43)', () => {
    const image = (data: string) => ({
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data },
    });
    const body: {
      model: string;
      max_tokens: number;
      messages: { role: string; content: unknown[] }[];
    } = {
      model: 'm',
      max_tokens: 1,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'look' }, image(pngHeaderBase64(10, 10))] },
      ],
    };
    const check = () =>
      preflight(body, { wire: 'anthropic' }).violations.map((broken) => [broken.rule, broken.path]);
    expect(check()).toEqual([]);
    // Changed in place (against the middleware contract): the next call still sees the change,
    // in a tool_result's content and in a message of its own.
    body.messages.push({
      role: 'user',
      content: [
        {
          type: 'tool_result',
          tool_use_id: 't',
          content: [{ type: 'text', text: 'shot' }, image(pngHeaderBase64(8001, 10))],
        },
      ],
    });
    expect(check()).toEqual([
      ['anthropic-image-side', 'messages[1].content[0].content[1].source.data'],
    ]);
    body.messages[0]?.content.push(image(pngHeaderBase64(10, 8001)));
    expect(check()).toEqual([
      ['anthropic-image-side', 'messages[0].content[2].source.data'],
      ['anthropic-image-side', 'messages[1].content[0].content[1].source.data'],
    ]);
  });

  it('the refusal error names rule, path and source', () => {
    const rule = checked.find((entry) => entry.id === 'gemini-tool-name');
    const { violations } = preflight(rule?.example.body, { wire: 'gemini' });
    const error = new PreflightRefusedError('gemini', violations);
    expect(error.code).toBe('request_refused_preflight');
    expect(error.rule).toBe('gemini-tool-name');
    expect(error.path).toBe('tools[0].functionDeclarations[0].name');
    expect(error.message).toContain('https://github.com/kaitranntt/ccs/issues/25');
  });
});
