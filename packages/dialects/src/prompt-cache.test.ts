import { createHash } from 'node:crypto';
import { type CrosswireWarning, deepFreeze } from '@crosswire/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { preflight } from './preflight/preflight.js';
import {
  anthropicBreakpoints,
  anthropicMarkers,
  anthropicMinCacheableTokens,
  applyPromptCache,
  estimateTokens,
  promptCacheKey,
} from './prompt-cache.js';

const EPHEMERAL = { type: 'ephemeral' };
// 1,200 tokens of system prompt by the estimate (4 characters a token).
const SYSTEM = 'x'.repeat(4800);
const tool = (name: string) => ({
  name,
  description: 'd',
  input_schema: { type: 'object', properties: {} },
});

const loopBody = () => ({
  model: 'claude-sonnet-5-5',
  max_tokens: 1024,
  system: SYSTEM,
  tools: [tool('a'), tool('b')],
  messages: [
    { role: 'user', content: 'What is the weather?' },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: '' },
        { type: 'tool_use', id: 't1', name: 'a', input: {} },
      ],
    },
    {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'sun' }] },
      ],
    },
  ],
});

describe('applyPromptCache on anthropic', () => {
  it("'auto' marks the system prompt and the ends of the last two turns", () => {
    const body = applyPromptCache('anthropic', loopBody(), {
      setting: 'auto',
      model: 'claude-sonnet-5-5',
    });
    expect(body).toEqual({
      model: 'claude-sonnet-5-5',
      max_tokens: 1024,
      system: [{ type: 'text', text: SYSTEM, cache_control: EPHEMERAL }],
      // The two small tools alone are a prefix under the 1,024-token minimum: no breakpoint.
      tools: [tool('a'), tool('b')],
      messages: [
        {
          role: 'user',
          content: [{ type: 'text', text: 'What is the weather?', cache_control: EPHEMERAL }],
        },
        loopBody().messages[1],
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 't1',
              content: [{ type: 'text', text: 'sun' }],
              cache_control: EPHEMERAL,
            },
          ],
        },
      ],
    });
  });

  it('leaves the body it was given unchanged', () => {
    const before = loopBody();
    applyPromptCache('anthropic', before, { setting: 'auto' });
    expect(before).toEqual(loopBody());
  });

  it("'off' and breakpoints: false change nothing; ttl goes on every breakpoint", () => {
    expect(applyPromptCache('anthropic', loopBody(), { setting: 'off' })).toEqual(loopBody());
    expect(applyPromptCache('anthropic', loopBody(), { setting: { breakpoints: false } })).toEqual(
      loopBody(),
    );
    const withTtl = applyPromptCache('anthropic', loopBody(), { setting: { ttl: '1h' } });
    expect(withTtl.system).toEqual([
      { type: 'text', text: SYSTEM, cache_control: { type: 'ephemeral', ttl: '1h' } },
    ]);
  });

  it('places none where the registry says the endpoint refuses or ignores cache_control', () => {
    expect(
      applyPromptCache('anthropic', loopBody(), { setting: 'auto', cacheControl: false }),
    ).toEqual(loopBody());
  });

  it('spends no breakpoint on a prefix under the model minimum (4,096 on Opus 4.5)', () => {
    const body = applyPromptCache('anthropic', loopBody(), {
      setting: 'auto',
      model: 'claude-opus-4-5',
    });
    expect(anthropicBreakpoints(body)).toEqual([]);
  });

  it('weighs the conversation up to the minimum: a turn end is marked once the prefix reaches it (issue 43)', () => {
    // Sonnet 4.5: 1,024 tokens, 4,096 characters of JSON by the estimate.
    const conversation = (first: number, result: number, turns = 1) => {
      const messages: Record<string, unknown>[] = [{ role: 'user', content: 'a'.repeat(first) }];
      for (let turn = 0; turn < turns; turn++) {
        messages.push(
          {
            role: 'assistant',
            content: [{ type: 'tool_use', id: `t${turn}`, name: 'a', input: {} }],
          },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: `t${turn}`, content: 'r'.repeat(result) },
            ],
          },
        );
      }
      return { model: 'claude-sonnet-4-5', max_tokens: 1024, messages };
    };
    const placed = (body: Record<string, unknown>) =>
      anthropicBreakpoints(
        applyPromptCache('anthropic', body, { setting: 'auto', model: 'claude-sonnet-4-5' }),
      );
    // About 500 tokens, then 1,130 with the tool result: only the last turn end reaches 1,024.
    expect(placed(conversation(2_000, 2_400))).toEqual(['messages[2].content[0]']);
    // The first message alone reaches it: both turn ends are marked.
    expect(placed(conversation(4_400, 10))).toEqual([
      'messages[0].content[0]',
      'messages[2].content[0]',
    ]);
    // Neither reaches it: none.
    expect(placed(conversation(2_000, 10))).toEqual([]);
    // 200 turns of small results after a long first message: the last two turn ends.
    expect(placed(conversation(4_400, 10, 200))).toEqual([
      'messages[398].content[0]',
      'messages[400].content[0]',
    ]);
    // 100 turns of small results that reach the minimum only after some twenty turns.
    expect(placed(conversation(10, 60, 100))).toEqual([
      'messages[198].content[0]',
      'messages[200].content[0]',
    ]);
  });

  it('counts the breakpoints already there (a tool result carries one): never more than 4', () => {
    const given = loopBody();
    const results = given.messages[2] as { content: Record<string, unknown>[] };
    results.content[0] = { ...results.content[0], cache_control: EPHEMERAL };
    results.content.push({ type: 'text', text: 'note', cache_control: EPHEMERAL });
    results.content.push({ type: 'text', text: 'more', cache_control: EPHEMERAL });
    const body = applyPromptCache('anthropic', given, { setting: 'auto' });
    // 3 given, 1 left: the latest place (the first turn's end; the last block already has one).
    expect(anthropicBreakpoints(body)).toEqual([
      'messages[0].content[0]',
      'messages[2].content[0]',
      'messages[2].content[1]',
      'messages[2].content[2]',
    ]);
  });

  it('never puts a breakpoint on an empty or thinking block', () => {
    const body = applyPromptCache(
      'anthropic',
      {
        model: 'claude-sonnet-5-5',
        system: '   ',
        messages: [
          { role: 'user', content: 'x'.repeat(5000) },
          {
            role: 'assistant',
            content: [
              { type: 'thinking', thinking: 'hm', signature: 's' },
              { type: 'text', text: '' },
            ],
          },
        ],
      },
      { setting: 'auto' },
    );
    expect(anthropicBreakpoints(body)).toEqual(['messages[0].content[0]']);
    expect(body.system).toBe('   ');
  });

  it('keeps both preflight rules for any conversation (property)', () => {
    const block = fc.oneof(
      fc.record({
        type: fc.constant('text'),
        text: fc.constantFrom('', ' ', 'a', 'x'.repeat(3000)),
      }),
      fc.record({
        type: fc.constant('thinking'),
        thinking: fc.constant('t'),
        signature: fc.constant('s'),
      }),
      fc.constant({ type: 'text', text: 'kept', cache_control: { type: 'ephemeral' } }),
    );
    const message = fc.record({
      role: fc.constantFrom('user', 'assistant'),
      content: fc.oneof(
        fc.constantFrom('', 'hi', 'y'.repeat(5000)),
        fc.array(block, { maxLength: 4 }),
      ),
    });
    fc.assert(
      fc.property(
        fc.array(message, { maxLength: 6 }),
        fc.constantFrom(undefined, '', SYSTEM),
        fc.integer({ min: 0, max: 3 }),
        (messages, system, tools) => {
          const given: Record<string, unknown> = {
            model: 'claude-sonnet-5-5',
            max_tokens: 16,
            messages,
            ...(system === undefined ? {} : { system }),
            ...(tools > 0 ? { tools: Array.from({ length: tools }, (_, i) => tool(`t${i}`)) } : {}),
          };
          const before = anthropicBreakpoints(given).length;
          const body = applyPromptCache('anthropic', given, { setting: 'auto' });
          const after = anthropicBreakpoints(body).length;
          expect(after).toBeGreaterThanOrEqual(before);
          const { violations } = preflight(body, { wire: 'anthropic' });
          const cacheRules = violations.filter((v) => v.rule.startsWith('anthropic-cache-'));
          // Bodies that broke the rules before may still (we add nothing to them); others never do.
          if (before <= 4 && !JSON.stringify(given).includes('"text":"","cache_control"')) {
            expect(cacheRules).toEqual([]);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('applyPromptCache on the OpenAI wires', () => {
  const chat = { model: 'gpt-6.1-sol', messages: [{ role: 'user', content: 'hi' }] };

  it('sets prompt_cache_key to the loop id, and the retention only when asked', () => {
    expect(applyPromptCache('openai', chat, { setting: 'auto', loopId: 'loop-1' })).toEqual({
      ...chat,
      prompt_cache_key: 'loop-1',
    });
    expect(
      applyPromptCache('responses', chat, {
        setting: { key: 'k', retention: '24h' },
        loopId: 'loop-1',
      }),
    ).toEqual({ ...chat, prompt_cache_key: 'k', prompt_cache_retention: '24h' });
  });

  it('sends no key without a loop id, none where the endpoint refuses it, none when off', () => {
    expect(applyPromptCache('openai', chat, { setting: 'auto' })).toBe(chat);
    expect(
      applyPromptCache('openai', chat, { setting: 'auto', loopId: 'l', promptCacheKey: false }),
    ).toBe(chat);
    expect(applyPromptCache('openai', chat, { setting: 'off', loopId: 'l' })).toBe(chat);
  });

  it('leaves gemini, ollama and hermes alone (Gemini caches implicitly)', () => {
    for (const wire of ['gemini', 'ollama', 'hermes'] as const) {
      expect(applyPromptCache(wire, chat, { setting: 'auto', loopId: 'l' })).toBe(chat);
    }
  });
});

describe('the documented facts', () => {
  it('minimum cacheable lengths: 4,096 Opus 4.5/4.6 and Haiku 4.5; 2,048 Sonnet 4.6; 1,024 otherwise', () => {
    expect(anthropicMinCacheableTokens('claude-opus-4-5')).toBe(4096);
    expect(anthropicMinCacheableTokens('claude-haiku-4-5-20251001')).toBe(4096);
    expect(anthropicMinCacheableTokens('claude-sonnet-4-6')).toBe(2048);
    expect(anthropicMinCacheableTokens('claude-sonnet-4-5')).toBe(1024);
    expect(anthropicMinCacheableTokens('anthropic/claude-sonnet-5-5')).toBe(1024);
    expect(anthropicMinCacheableTokens(undefined)).toBe(1024);
  });

  it('the token estimate is a quarter of the characters, rounded up', () => {
    expect(estimateTokens('abcd')).toBe(1);
    expect(estimateTokens('abcde')).toBe(2);
    expect(estimateTokens({ a: 1 })).toBe(2); // '{"a":1}' is 7 characters
  });
});

describe('the last tool', () => {
  it('is marked once the tools alone reach the minimum', () => {
    const tools = Array.from({ length: 30 }, (_, index) => ({
      ...tool(`t${index}`),
      description: 'd'.repeat(200),
    }));
    const body = applyPromptCache(
      'anthropic',
      { model: 'claude-sonnet-5-5', tools, messages: [{ role: 'user', content: 'hi' }] },
      { setting: 'auto' },
    );
    expect(anthropicBreakpoints(body)).toEqual(['tools[29]', 'messages[0].content[0]']);
  });

  // The tool loop's formatted tools are deeply frozen and the same on every request: the
  // marked copy is too, so the preflight tool rules (which remember their answer for the same
  // frozen tools) check a loop's tools once (issue 43).
  const longTools = () =>
    Array.from({ length: 30 }, (_, index) => ({
      ...tool(`t${index}`),
      description: 'd'.repeat(200),
    }));
  const marked = (tools: unknown[], ttl?: '1h') =>
    (
      applyPromptCache(
        'anthropic',
        {
          model: 'claude-sonnet-5-5',
          tools: [...tools],
          messages: [{ role: 'user', content: 'hi' }],
        },
        { setting: ttl ? { ttl } : 'auto' },
      ).tools as Record<string, unknown>[]
    )[29];

  it('of deeply frozen tools is one frozen copy, the same object on every request', () => {
    const tools = deepFreeze(longTools());
    const first = marked(tools);
    expect(first).toEqual({ ...tools[29], cache_control: EPHEMERAL });
    expect(first).not.toBe(tools[29]);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first?.cache_control)).toBe(true);
    expect(marked(tools)).toBe(first);
    // Another marker, another copy; the tool itself keeps no marker.
    const long = marked(tools, '1h');
    expect(long).toEqual({ ...tools[29], cache_control: { type: 'ephemeral', ttl: '1h' } });
    expect(long).not.toBe(first);
    expect(marked(tools, '1h')).toBe(long);
    expect(tools[29]).not.toHaveProperty('cache_control');
  });

  it('of tools that are not frozen is a fresh copy on every request', () => {
    const tools = longTools();
    const first = marked(tools);
    expect(first).toEqual({ ...tools[29], cache_control: EPHEMERAL });
    expect(Object.isFrozen(first)).toBe(false);
    // The caller may change its tool between two requests: the next copy has the change.
    (tools[29] as { description: string }).description = 'changed';
    const second = marked(tools);
    expect(second).not.toBe(first);
    expect(second).toEqual({ ...tools[29], description: 'changed', cache_control: EPHEMERAL });
  });
});

describe('issue 38: TTL order and key length', () => {
  const marker = (ttl?: '1h') => ({ type: 'ephemeral', ...(ttl ? { ttl } : {}) });
  const body = (resultTtl: '5m' | '1h') => ({
    model: 'claude-sonnet-5-5',
    max_tokens: 64,
    system: [{ type: 'text', text: 'Rules.', cache_control: marker() }],
    messages: [
      { role: 'user', content: 'Go' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'f', input: {} }] },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 't1',
            content: [
              {
                type: 'text',
                text: 'r',
                cache_control: marker(resultTtl === '1h' ? '1h' : undefined),
              },
            ],
            cache_control: marker('1h'),
          },
        ],
      },
    ],
  });

  it("reads a tool_result's content markers before its own, in the API's order", () => {
    expect(anthropicMarkers(body('5m')).breakpoints).toEqual([
      { path: 'system[0]', ttl: '5m' },
      { path: 'messages[2].content[0].content[0]', ttl: '5m' },
      { path: 'messages[2].content[0]', ttl: '1h' },
    ]);
  });

  it("'off' still puts the TTLs in order: every breakpoint before a 1h one becomes 1h", () => {
    const heard: CrosswireWarning[] = [];
    const out = applyPromptCache('anthropic', body('5m'), {
      setting: 'off',
      onWarning: (warning) => heard.push(warning),
    });
    expect(anthropicMarkers(out).breakpoints.map((breakpoint) => breakpoint.ttl)).toEqual([
      '1h',
      '1h',
      '1h',
    ]);
    expect(
      heard.map((warning) => [warning.code, (warning.details as { paths: unknown }).paths]),
    ).toEqual([['prompt_cache_ttl_raised', ['system[0]', 'messages[2].content[0].content[0]']]]);
    // The raised marker keeps its other fields; the body given is not changed.
    expect(out.system).toEqual([
      { type: 'text', text: 'Rules.', cache_control: { type: 'ephemeral', ttl: '1h' } },
    ]);
    expect(body('5m').system).toEqual([{ type: 'text', text: 'Rules.', cache_control: marker() }]);
  });

  it('an order Anthropic takes is left as it is (the same object)', () => {
    const ordered = body('1h');
    ordered.system = [{ type: 'text', text: 'Rules.', cache_control: marker('1h') }];
    expect(applyPromptCache('anthropic', ordered, { setting: 'off' })).toBe(ordered);
  });

  it('a prompt_cache_key of 64 characters is kept; a longer one is shortened by SHA-256', () => {
    const key64 = 'k'.repeat(64);
    expect(promptCacheKey(key64)).toBe(key64);
    const long = `${'é'.repeat(30)}${'k'.repeat(40)}`;
    const digest = createHash('sha256').update(long).digest('hex').slice(0, 16);
    expect(promptCacheKey(long)).toBe(`${'é'.repeat(30)}${'k'.repeat(17)}-${digest}`);
    expect([...promptCacheKey(long)].length).toBe(64);
    // 64 code points written with surrogate pairs are still 64 characters for the API.
    const emoji = '😀'.repeat(64);
    expect(promptCacheKey(emoji)).toBe(emoji);
  });
});

describe('what placement remembers of a growing conversation', () => {
  it('asks the same model twice and more than 64 models: the same answers', () => {
    for (let round = 0; round < 2; round++) {
      expect(anthropicMinCacheableTokens('claude-opus-4-6')).toBe(4096);
      expect(anthropicMinCacheableTokens('claude-sonnet-4-6')).toBe(2048);
    }
    for (let index = 0; index < 70; index++) {
      expect(anthropicMinCacheableTokens(`claude-sonnet-4-6-${index}`)).toBe(2048);
    }
    expect(anthropicMinCacheableTokens('claude-opus-4-6')).toBe(4096);
  });

  it('weighs a message that is not frozen again: one grown past the minimum in place gets a breakpoint', () => {
    const first = { role: 'user', content: 'short' };
    const body = {
      model: 'claude-sonnet-4-5',
      max_tokens: 10,
      messages: [first, { role: 'assistant', content: 'ok' }, { role: 'user', content: 'next' }],
    };
    const marked = () =>
      anthropicBreakpoints(
        applyPromptCache('anthropic', body, { setting: 'auto', model: 'claude-sonnet-4-5' }),
      );
    expect(marked()).toEqual([]);
    first.content = 'x'.repeat(4800); // 1,200 tokens: the prefix now reaches 1,024
    expect(marked()).toEqual(['messages[0].content[0]', 'messages[2].content[0]']);
  });

  it('reads the markers of a message that is not frozen again: one added in place is counted', () => {
    const block: Record<string, unknown> = { type: 'text', text: 'a' };
    const body = { messages: [{ role: 'user', content: [block] }] };
    expect(anthropicBreakpoints(body)).toEqual([]);
    block.cache_control = { type: 'ephemeral' };
    // A new walk for the same messages array: the body a caller changed is a new body.
    expect(anthropicBreakpoints({ messages: [...body.messages] })).toEqual([
      'messages[0].content[0]',
    ]);
  });

  it('places the same breakpoints on deeply frozen turns, asked again and again', () => {
    const turns = deepFreeze([
      { role: 'user', content: 'x'.repeat(4800) },
      { role: 'assistant', content: [{ type: 'text', text: 'calling' }] },
      { role: 'user', content: [{ type: 'text', text: 'result' }] },
    ]);
    for (let round = 0; round < 3; round++) {
      const body = applyPromptCache(
        'anthropic',
        { model: 'claude-sonnet-4-5', max_tokens: 10, messages: [...turns] },
        { setting: 'auto', model: 'claude-sonnet-4-5' },
      );
      expect(anthropicBreakpoints(body)).toEqual([
        'messages[0].content[0]',
        'messages[2].content[0]',
      ]);
      expect(anthropicMarkers(body).emptyMarked).toEqual([]);
    }
  });
});
