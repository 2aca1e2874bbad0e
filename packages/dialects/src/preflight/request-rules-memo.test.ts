import { describe, expect, it } from 'vitest';
import { preflight } from './preflight.js';
import { pngHeaderBase64 } from './request-rules.js';
import { PROVIDER_RULES } from './rules.js';

// What the rules remember, seen from a caller of the catalogue's checks: nothing leaks from one
// body to another.

const deepFreeze = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
};
const image = (data: string) => ({
  type: 'image',
  source: { type: 'base64', media_type: 'image/png', data },
});
const anthropic = (content: unknown[]) => ({
  model: 'm',
  max_tokens: 1,
  messages: [{ role: 'user', content }],
});

describe('a rule check called directly, one context for two bodies', () => {
  it('reads the media of each body, not the first one it saw', () => {
    const check = PROVIDER_RULES.find((rule) => rule.id === 'anthropic-image-side')?.check;
    const context = {};
    expect(check?.(anthropic([image(pngHeaderBase64(10, 10))]), context)).toEqual([]);
    expect(check?.(anthropic([image(pngHeaderBase64(8001, 10))]), context)).toEqual([
      {
        path: 'messages[0].content[0].source.data',
        message: 'At least one of the image dimensions exceed max allowed size: 8000 pixels',
      },
    ]);
  });
});

describe('frozen tools, one more added', () => {
  it('checks the longer list: the added tool is seen', () => {
    const good = deepFreeze({ type: 'function', function: { name: 'ok', parameters: {} } });
    const bad = deepFreeze({ type: 'function', function: { name: 'a b', parameters: {} } });
    const body = (tools: unknown[]) => ({ model: 'm', messages: [], tools });
    const paths = (tools: unknown[]) =>
      preflight(body(tools), { wire: 'openai' }).violations.map((broken) => broken.path);
    expect(paths([good])).toEqual([]);
    expect(paths([good, bad])).toEqual(['tools[1].function.name']);
    expect(paths([good])).toEqual([]);
  });
});

describe('frozen and unfrozen tools mixed', () => {
  it('checks the list afresh: an unfrozen tool changed in place is seen', () => {
    const good = deepFreeze({ type: 'function', function: { name: 'ok', parameters: {} } });
    const open = { type: 'function', function: { name: 'a b', parameters: {} } };
    const tools = [good, open];
    const paths = () =>
      preflight({ model: 'm', messages: [], tools }, { wire: 'openai' }).violations.map(
        (broken) => broken.path,
      );
    expect(paths()).toEqual(['tools[1].function.name']);
    open.function.name = 'a_b';
    expect(paths()).toEqual([]);
  });
});

describe('frozen tools, then none', () => {
  it('an empty tool list gets its own answer, not the one remembered for the frozen tools', () => {
    const bad = deepFreeze({ type: 'function', function: { name: 'a b', parameters: {} } });
    const paths = (tools: unknown[]) =>
      preflight({ model: 'm', messages: [], tools }, { wire: 'openai' }).violations.map(
        (broken) => broken.path,
      );
    expect(paths([bad])).toEqual(['tools[0].function.name']);
    expect(paths([])).toEqual([]);
  });
});

// A caller that keeps one body and grows it in place (its own agent loop pushing each turn into
// the same arrays) and preflights it before every send: each call reads the body as it is now.
describe('one body changed in place between two preflight calls', () => {
  const marked = (text: string) => ({
    type: 'text',
    text,
    cache_control: { type: 'ephemeral' },
  });
  const rulesOf = (body: object, wire: 'anthropic' | 'openai' | 'bedrock') =>
    preflight(body, { wire }).violations.map(({ rule, path }) => [rule, path]);

  it('sees a fifth cache breakpoint and an empty marked block pushed into the same messages', () => {
    const messages: unknown[] = [
      { role: 'user', content: [marked('a'), marked('b'), marked('c'), marked('d')] },
    ];
    const body = { model: 'claude-sonnet-5-5', max_tokens: 64, messages };
    expect(rulesOf(body, 'anthropic')).toEqual([]);
    messages.push({ role: 'assistant', content: [{ type: 'text', text: 'ok' }] });
    messages.push({ role: 'user', content: [marked('')] });
    expect(rulesOf(body, 'anthropic')).toEqual([
      ['anthropic-cache-breakpoints', 'cache_control'],
      ['anthropic-cache-empty-block', 'messages.2.content.0.text'],
    ]);
  });

  it('sees a tool pushed into the same tools, on Anthropic and on Chat Completions', () => {
    const schema = { type: 'object', properties: {} };
    const anthropicTools: unknown[] = [{ name: 'lookup', input_schema: schema }];
    const anthropicBody = {
      model: 'claude-sonnet-5-5',
      max_tokens: 64,
      messages: [{ role: 'user', content: 'Hi' }],
      tools: anthropicTools,
    };
    expect(rulesOf(anthropicBody, 'anthropic')).toEqual([]);
    anthropicTools.push({ name: 'lookup', input_schema: schema });
    anthropicTools.push({ name: 'calendar.read', input_schema: schema });
    expect(rulesOf(anthropicBody, 'anthropic')).toEqual([
      ['anthropic-tool-name', 'tools[2].name'],
      ['anthropic-tool-names-unique', 'tools[1].name'],
    ]);
    const openaiTools: unknown[] = [
      { type: 'function', function: { name: 'lookup', parameters: schema } },
    ];
    const openaiBody = {
      model: 'gpt-5.5',
      messages: [{ role: 'user', content: 'Hi' }],
      tools: openaiTools,
    };
    expect(rulesOf(openaiBody, 'openai')).toEqual([]);
    openaiTools.push({ type: 'function', function: { name: 'calendar read', parameters: schema } });
    expect(rulesOf(openaiBody, 'openai')).toEqual([['openai-tool-name', 'tools[1].function.name']]);
  });

  it('sees an image over the limit pushed into the same messages', () => {
    const content: unknown[] = [image(pngHeaderBase64(10, 10))];
    const body = anthropic(content);
    expect(rulesOf(body, 'anthropic')).toEqual([]);
    content.push(image(pngHeaderBase64(8001, 10)));
    expect(rulesOf(body, 'anthropic')).toEqual([
      ['anthropic-image-side', 'messages[0].content[1].source.data'],
    ]);
  });

  it('sees a strict schema edited in place so that strict mode refuses it', () => {
    const schema = {
      type: 'object',
      properties: { city: { type: 'string' } } as Record<string, unknown>,
      required: ['city'],
      additionalProperties: false,
    };
    const body = {
      model: 'gpt-5.5',
      messages: [{ role: 'user', content: 'Plan' }],
      response_format: { type: 'json_schema', json_schema: { name: 'trip', strict: true, schema } },
    };
    expect(rulesOf(body, 'openai')).toEqual([]);
    schema.properties.days = { type: 'integer' };
    expect(rulesOf(body, 'openai')).toEqual([
      ['openai-structured-strict-schema', 'response_format.json_schema.schema'],
    ]);
  });

  it('sees a toolUseId Converse refuses pushed into the same messages (Bedrock)', () => {
    const messages: unknown[] = [{ role: 'user', content: [{ text: 'Weather?' }] }];
    const body = {
      messages,
      toolConfig: { tools: [{ toolSpec: { name: 'weather', inputSchema: { json: {} } } }] },
    };
    expect(rulesOf(body, 'bedrock')).toEqual([]);
    messages.push({
      role: 'assistant',
      content: [{ toolUse: { toolUseId: 'call 1/weather', name: 'weather', input: {} } }],
    });
    expect(rulesOf(body, 'bedrock')).toEqual([
      ['bedrock-tool-use-id', 'messages[1].content[0].toolUse.toolUseId'],
    ]);
  });
});

describe('the media rules read the breakpoint walk for whether there is media', () => {
  const big = () => image(pngHeaderBase64(8001, 10));
  const sides = (body: object) =>
    preflight(body, { wire: 'anthropic', model: 'claude-sonnet-4-5' })
      .violations.filter((broken) => broken.rule === 'anthropic-image-side')
      .map((broken) => broken.path);

  it('finds an image in a deeply frozen message on every call, and one inside a tool result', () => {
    const turns = deepFreeze([
      { role: 'user', content: [{ type: 'text', text: 'look' }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'x' }, big()] },
        ],
      },
      { role: 'user', content: [big()] },
    ]);
    for (let call = 0; call < 3; call++) {
      expect(sides({ model: 'm', max_tokens: 1, messages: [...turns] })).toEqual([
        'messages[1].content[0].content[1].source.data',
        'messages[2].content[0].source.data',
      ]);
    }
  });

  it('finds an image whose only place is inside a tool result', () => {
    const result = {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 't1', content: [big()] }],
    };
    expect(sides({ model: 'm', max_tokens: 1, messages: [result] })).toEqual([
      'messages[0].content[0].content[0].source.data',
    ]);
    expect(sides({ model: 'm', max_tokens: 1, messages: [deepFreeze(result)] })).toEqual([
      'messages[0].content[0].content[0].source.data',
    ]);
  });

  it('a frozen text-only turn followed by one with an image, in the same array', () => {
    const text = deepFreeze({ role: 'user', content: [{ type: 'text', text: 'plain' }] });
    const messages: unknown[] = [text];
    expect(sides({ model: 'm', max_tokens: 1, messages })).toEqual([]);
    messages.push({ role: 'user', content: [big()] });
    expect(sides({ model: 'm', max_tokens: 1, messages })).toEqual([
      'messages[1].content[0].source.data',
    ]);
    // The text-only turn, now known to hold nothing, is skipped; its neighbour is still read.
    expect(sides({ model: 'm', max_tokens: 1, messages: [text, ...messages] })).toEqual([
      'messages[2].content[0].source.data',
    ]);
  });
});
