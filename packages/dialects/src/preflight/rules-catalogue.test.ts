import { describe, expect, it } from 'vitest';

// The whole catalogue as a reader of the rules page meets it: the rules in order, the
// conversation rules' examples and the prompt-cache rules' examples written out, and what
// preflight finds in each. The modules are imported inside the one test, so a catalogue that
// fails to load fails a test here, and a mutant of the catalogue is covered by the test that
// checks everything about it (the simulator's rules.test.ts holds each example refused, for its
// rule alone).

const load = async () => {
  const { PROVIDER_RULES } = await import('./rules.js');
  const { REQUEST_RULES } = await import('./request-rules.js');
  const { STRUCTURED_RULES } = await import('./structured-rules.js');
  const { BEDROCK_RULES } = await import('./bedrock-rules.js');
  const { CACHE_RULES } = await import('./cache-rules.js');
  const { preflight } = await import('./preflight.js');
  return { PROVIDER_RULES, REQUEST_RULES, STRUCTURED_RULES, BEDROCK_RULES, CACHE_RULES, preflight };
};

const MESSAGES = '/v1/messages';
const CHAT = '/chat/completions';
const RESPONSES = '/responses';
const GEMINI3 = '/models/gemini-3-flash-preview:generateContent';
const OLLAMA = '/api/chat';

const anthropic = (messages: unknown[], extra: object = {}) => ({
  model: 'claude-sonnet-4-5',
  max_tokens: 64,
  messages,
  ...extra,
});
const use = (id: string) => ({ type: 'tool_use', id, name: 'f', input: {} });
const answer = (id: string, extra: object = {}) => ({
  type: 'tool_result',
  tool_use_id: id,
  content: 'ok',
  ...extra,
});
const go = { role: 'user', content: 'Go' };
const chat = (messages: unknown[], extra: object = {}) => ({
  model: 'gpt-4.1',
  messages,
  ...extra,
});
const chatCall = (id: string) => ({
  id,
  type: 'function',
  function: { name: 'f', arguments: '{}' },
});
const calls = (...ids: string[]) => ({
  role: 'assistant',
  content: null,
  tool_calls: ids.map(chatCall),
});
const tool = (id: string) => ({ role: 'tool', tool_call_id: id, content: 'ok' });
const responses = (input: unknown[]) => ({ model: 'gpt-4.1', input });
const fnCall = (callId: string, extra: object = {}) => ({
  type: 'function_call',
  call_id: callId,
  name: 'f',
  arguments: '{}',
  ...extra,
});
const output = (callId: string) => ({
  type: 'function_call_output',
  call_id: callId,
  output: 'ok',
});
const text = (value: string) => ({ text: value });
const userSays = (value: string) => ({ role: 'user', parts: [text(value)] });
const modelCalls = { role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }] };
const ollama = (messages: unknown[]) => ({ model: 'llama3.2', stream: false, messages });

// The conversation rules (no check: the dialects keep them by construction, the simulator
// refuses them), each example written out.
const CONVERSATION: readonly (readonly [string, string, string, unknown])[] = [
  [
    'anthropic-max-tokens',
    'anthropic',
    MESSAGES,
    { model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: 'Hi' }] },
  ],
  [
    'anthropic-roles',
    'anthropic',
    MESSAGES,
    anthropic([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
    ]),
  ],
  [
    'anthropic-tool-result-first',
    'anthropic',
    MESSAGES,
    anthropic([
      go,
      { role: 'assistant', content: [use('toolu_1')] },
      { role: 'user', content: [{ type: 'text', text: 'Here:' }, answer('toolu_1')] },
    ]),
  ],
  [
    'anthropic-tool-result-answers-call',
    'anthropic',
    MESSAGES,
    anthropic([
      go,
      { role: 'assistant', content: [use('toolu_1')] },
      { role: 'user', content: [answer('toolu_1'), answer('toolu_9')] },
    ]),
  ],
  [
    'anthropic-unique-tool-use-ids',
    'anthropic',
    MESSAGES,
    anthropic([
      go,
      { role: 'assistant', content: [use('toolu_1'), use('toolu_1')] },
      { role: 'user', content: [answer('toolu_1')] },
    ]),
  ],
  [
    'anthropic-every-call-answered',
    'anthropic',
    MESSAGES,
    anthropic([
      go,
      { role: 'assistant', content: [use('toolu_1')] },
      { role: 'user', content: 'never mind' },
    ]),
  ],
  [
    'anthropic-non-empty-text',
    'anthropic',
    MESSAGES,
    anthropic([{ role: 'user', content: [{ type: 'text', text: ' ' }] }]),
  ],
  [
    'anthropic-error-result-content',
    'anthropic',
    MESSAGES,
    anthropic([
      go,
      { role: 'assistant', content: [use('toolu_1')] },
      { role: 'user', content: [answer('toolu_1', { content: '', is_error: true })] },
    ]),
  ],
  [
    'anthropic-image-types',
    'anthropic',
    MESSAGES,
    anthropic([
      {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/bmp', data: 'Qk0=' } },
        ],
      },
    ]),
  ],
  [
    'anthropic-tool-use-input-object',
    'anthropic',
    MESSAGES,
    anthropic([
      go,
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'f', input: '{}' }] },
      { role: 'user', content: [answer('toolu_1')] },
    ]),
  ],
  [
    'anthropic-tool-use-id-pattern',
    'anthropic',
    MESSAGES,
    anthropic([
      go,
      { role: 'assistant', content: [use('functions.get_weather:0')] },
      { role: 'user', content: [answer('functions.get_weather:0')] },
    ]),
  ],
  [
    'anthropic-thinking-tool-cycle',
    'anthropic',
    MESSAGES,
    anthropic(
      [
        go,
        { role: 'assistant', content: [{ type: 'text', text: 'Calling.' }, use('toolu_1')] },
        { role: 'user', content: [answer('toolu_1')] },
      ],
      { thinking: { type: 'enabled', budget_tokens: 1024 } },
    ),
  ],
  [
    'openai-tool-call-id',
    'openai',
    CHAT,
    chat([go, calls('call_1'), { role: 'tool', content: 'ok' }]),
  ],
  [
    'openai-tool-message-answers-call',
    'openai',
    CHAT,
    chat([go, calls('call_1'), tool('call_1'), tool('call_2')]),
  ],
  [
    'openai-every-call-answered',
    'openai',
    CHAT,
    chat([go, calls('call_1', 'call_2'), tool('call_1'), { role: 'user', content: 'and?' }]),
  ],
  [
    'openai-tool-message-text-only',
    'openai',
    CHAT,
    chat([
      go,
      calls('call_1'),
      {
        role: 'tool',
        tool_call_id: 'call_1',
        content: [{ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }],
      },
    ]),
  ],
  [
    'openai-arguments-string',
    'openai',
    CHAT,
    chat([
      go,
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'f', arguments: {} } }],
      },
      tool('call_1'),
    ]),
  ],
  [
    'responses-input',
    'responses',
    RESPONSES,
    { model: 'gpt-4.1', messages: [{ role: 'user', content: 'Hi' }] },
  ],
  ['responses-call-id-non-empty', 'responses', RESPONSES, responses([go, fnCall(''), output('')])],
  [
    'responses-call-id-length',
    'responses',
    RESPONSES,
    responses([fnCall('c'.repeat(65)), output('c'.repeat(65))]),
  ],
  ['responses-output-answers-call', 'responses', RESPONSES, responses([go, output('call_9')])],
  [
    'responses-item-id',
    'responses',
    RESPONSES,
    responses([go, fnCall('call_1', { id: 'call_1' }), output('call_1')]),
  ],
  [
    'responses-arguments-string',
    'responses',
    RESPONSES,
    responses([go, fnCall('call_1', { arguments: {} }), output('call_1')]),
  ],
  ['gemini-roles', 'gemini', GEMINI3, { contents: [{ role: 'assistant', parts: [text('Hi')] }] }],
  [
    'gemini-thought-signature',
    'gemini',
    GEMINI3,
    {
      contents: [
        userSays('Go'),
        modelCalls,
        { role: 'user', parts: [{ functionResponse: { name: 'f', response: { result: 'ok' } } }] },
      ],
    },
  ],
  [
    'gemini-model-in-path',
    'gemini',
    GEMINI3,
    { contents: [userSays('Hi')], model: 'gemini-2.5-flash' },
  ],
  ['gemini-parts-non-empty', 'gemini', GEMINI3, { contents: [{ role: 'user', parts: [] }] }],
  [
    'gemini-one-field-per-part',
    'gemini',
    GEMINI3,
    {
      contents: [
        {
          role: 'user',
          parts: [{ text: 'Hi', inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }],
        },
      ],
    },
  ],
  [
    'gemini-schema-subset',
    'gemini',
    GEMINI3,
    {
      contents: [userSays('Hi')],
      tools: [
        {
          functionDeclarations: [
            {
              name: 'f',
              parameters: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' },
            },
          ],
        },
      ],
    },
  ],
  [
    'gemini-function-response-name',
    'gemini',
    '/models/gemini-2.5-flash:generateContent',
    {
      contents: [
        userSays('Go'),
        modelCalls,
        { role: 'user', parts: [{ functionResponse: { response: { result: 'ok' } } }] },
      ],
    },
  ],
  [
    'ollama-tool-name',
    'ollama',
    OLLAMA,
    ollama([
      go,
      { role: 'assistant', content: '', tool_calls: [{ function: { name: 'f', arguments: {} } }] },
      { role: 'tool', content: 'ok' },
    ]),
  ],
  [
    'ollama-images-base64',
    'ollama',
    OLLAMA,
    ollama([{ role: 'user', content: 'See', images: ['https://example.com/a.png'] }]),
  ],
  [
    'hermes-tools-in-prompt',
    'hermes',
    CHAT,
    chat([{ role: 'user', content: 'Hi' }], {
      tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }],
    }),
  ],
];

const cached = (value: string, ttl?: string) => ({
  type: 'text',
  text: value,
  cache_control: ttl === undefined ? { type: 'ephemeral' } : { type: 'ephemeral', ttl },
});
const claude = (extra: object) => ({ model: 'claude-sonnet-5-5', max_tokens: 64, ...extra });
const longKey =
  "Invalid 'prompt_cache_key': string too long. Expected a string with maximum length 64, but got a string with length 65 instead.";

// The prompt-cache rules: each example, and what preflight finds in it (path, message).
const CACHE: readonly (readonly [string, string, string, unknown, readonly string[][]])[] = [
  [
    'anthropic-cache-breakpoints',
    'anthropic',
    MESSAGES,
    claude({
      system: [cached('a'), cached('b'), cached('c')],
      messages: [{ role: 'user', content: [cached('d'), cached('e')] }],
    }),
    [['cache_control', 'A maximum of 4 blocks with cache_control may be provided. Found 5.']],
  ],
  [
    'anthropic-cache-empty-block',
    'anthropic',
    MESSAGES,
    claude({ messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }, cached('')] }] }),
    [
      [
        'messages.0.content.1.text',
        'messages.0.content.1.text: cache_control cannot be set for empty text blocks',
      ],
    ],
  ],
  [
    'anthropic-cache-ttl-order',
    'anthropic',
    MESSAGES,
    claude({
      system: [cached('Be brief.')],
      messages: [{ role: 'user', content: [cached('Hi', '1h')] }],
    }),
    [
      [
        'messages[0].content[0]',
        "messages[0].content[0]: a ttl='1h' cache_control block must not come after a ttl='5m' cache_control block",
      ],
    ],
  ],
  [
    'openai-prompt-cache-key-length',
    'openai',
    CHAT,
    {
      model: 'gpt-5.1',
      messages: [{ role: 'user', content: 'Hi' }],
      prompt_cache_key: 'k'.repeat(65),
    },
    [['prompt_cache_key', longKey]],
  ],
  [
    'responses-prompt-cache-key-length',
    'responses',
    RESPONSES,
    { model: 'gpt-5.1', input: 'Hi', prompt_cache_key: 'k'.repeat(65) },
    [['prompt_cache_key', longKey]],
  ],
];

describe('the rule catalogue', () => {
  it('holds the conversation rules, then the request, structured-output, cache and Converse rules, each example as written', async () => {
    const catalogue = await load();
    const ids = (rules: readonly { id: string }[]) => rules.map((rule) => rule.id);
    expect(ids(catalogue.PROVIDER_RULES)).toEqual([
      ...CONVERSATION.map(([id]) => id),
      ...ids(catalogue.REQUEST_RULES),
      ...ids(catalogue.STRUCTURED_RULES),
      ...CACHE.map(([id]) => id),
      ...ids(catalogue.BEDROCK_RULES),
    ]);
    expect(Object.isFrozen(catalogue.PROVIDER_RULES)).toBe(true);
    const byId = new Map(catalogue.PROVIDER_RULES.map((rule) => [rule.id, rule]));
    for (const [id, wire, path, body] of CONVERSATION) {
      const rule = byId.get(id);
      expect([id, rule?.wire, rule?.example.path, rule?.example.body]).toEqual([
        id,
        wire,
        path,
        body,
      ]);
      // Conversation rules have no check: preflight finds nothing in their examples.
      expect([id, rule?.check, catalogue.preflight(body, { wire: wire as 'openai' })]).toEqual([
        id,
        undefined,
        { violations: [] },
      ]);
      expect(rule?.violation).not.toBe('');
    }
    for (const [id, wire, path, body, breaks] of CACHE) {
      const rule = byId.get(id);
      expect([id, rule?.wire, rule?.example.path, rule?.example.body]).toEqual([
        id,
        wire,
        path,
        body,
      ]);
      const { violations } = catalogue.preflight(body, { wire: wire as 'openai' });
      expect(rule?.violation).not.toBe('');
      expect([id, violations.map((broken) => [broken.rule, broken.path, broken.message])]).toEqual([
        id,
        breaks.map(([at, message]) => [id, at, message]),
      ]);
      for (const broken of violations) {
        expect(broken.message).toContain(rule?.violation);
        expect(broken.source).toBe(rule?.source);
      }
      expect(rule?.quoted).toContain(rule?.violation);
      expect([id, rule?.check?.(structuredClone(body) as Record<string, unknown>, {})]).toEqual([
        id,
        breaks.map(([at, message]) => ({ path: at, message })),
      ]);
    }
  });
});
