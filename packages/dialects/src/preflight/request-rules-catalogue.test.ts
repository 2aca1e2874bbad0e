import { describe, expect, it } from 'vitest';
import { pngHeaderRgba } from '../../../../test-support/png-header.js';

// The catalogue's request rules as a reader of the rules page and a caller of their checks
// meets them. The modules are imported inside the test, so a catalogue that fails to load
// fails a test here rather than only the collection of a file.

const load = async () => {
  const { REQUEST_RULES } = await import('./request-rules.js');
  const { preflight } = await import('./preflight.js');
  return { rules: REQUEST_RULES, preflight };
};

const CHAT = '/chat/completions';
const RESPONSES = '/responses';
const MESSAGES = '/v1/messages';
const GEMINI = '/models/gemini-2.5-flash:generateContent';

const png = (data: string) => ({
  type: 'image',
  source: { type: 'base64', media_type: 'image/png', data },
});

// Each example, written out: a complete request on its wire (a model, the user's opening turn)
// that breaks its rule and nothing else.
const chat = (tools: unknown[]) => ({
  model: 'gpt-4.1',
  messages: [{ role: 'user', content: 'Hi' }],
  tools,
});
const chatTool = (name: string, parameters: object = { type: 'object', properties: {} }) => ({
  type: 'function',
  function: { name, parameters },
});
const responses = (tools: unknown[]) => ({
  model: 'gpt-4.1',
  input: [{ role: 'user', content: 'Hi' }],
  tools,
});
const anthropic = (content: unknown[], tools?: unknown[]) => ({
  model: 'claude-sonnet-4-5',
  max_tokens: 64,
  messages: [{ role: 'user', content }],
  ...(tools === undefined ? {} : { tools }),
});
const hi = [{ type: 'text', text: 'Hi' }];
const gemini = (declarations: unknown[]) => ({
  contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
  tools: [{ functionDeclarations: declarations }],
});
const PATHS = { type: 'object', properties: { paths: { type: 'array' } } };
const missingItems =
  "Invalid schema for function 'read_multiple_files': In context=('properties', 'paths'), array schema missing items.";
const openaiName = (path: string) =>
  `"calendar.read": Invalid '${path}': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]{1,64}$'.`;

interface Expected {
  readonly wire: string;
  readonly path: string;
  readonly body: () => unknown;
  /** What preflight finds in the example: path and message of each break of the rule. */
  readonly breaks: readonly (readonly [string, string])[];
}

const EXPECTED: Record<string, Expected> = {
  'openai-tool-name': {
    wire: 'openai',
    path: CHAT,
    body: () => chat([chatTool('calendar.read')]),
    breaks: [['tools[0].function.name', openaiName('tools[0].function.name')]],
  },
  'openai-tool-count': {
    wire: 'openai',
    path: CHAT,
    body: () => chat(Array.from({ length: 129 }, (_, index) => chatTool(`t${index}`))),
    breaks: [
      [
        'tools',
        "Invalid 'tools': array too long. Expected an array with maximum length 128, but got an array with length 129 instead.",
      ],
    ],
  },
  'openai-array-items': {
    wire: 'openai',
    path: CHAT,
    body: () => chat([chatTool('read_multiple_files', PATHS)]),
    breaks: [['tools[0].function.parameters.properties.paths', missingItems]],
  },
  'responses-tool-name': {
    wire: 'responses',
    path: RESPONSES,
    body: () => responses([{ type: 'function', name: 'calendar.read', parameters: {} }]),
    breaks: [['tools[0].name', openaiName('tools[0].name')]],
  },
  'responses-array-items': {
    wire: 'responses',
    path: RESPONSES,
    body: () => responses([{ type: 'function', name: 'read_multiple_files', parameters: PATHS }]),
    breaks: [['tools[0].parameters.properties.paths', missingItems]],
  },
  'anthropic-tool-name': {
    wire: 'anthropic',
    path: MESSAGES,
    body: () => anthropic(hi, [{ name: 'calendar.read', input_schema: { type: 'object' } }]),
    breaks: [
      ['tools[0].name', `"calendar.read": String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`],
    ],
  },
  'anthropic-tool-names-unique': {
    wire: 'anthropic',
    path: MESSAGES,
    body: () =>
      anthropic(hi, [
        { name: 'response', input_schema: { type: 'object' } },
        { name: 'response', input_schema: { type: 'object' } },
      ]),
    breaks: [['tools[1].name', 'tools: Tool names must be unique. ("response" is used twice)']],
  },
  'anthropic-tool-input-schema-object': {
    wire: 'anthropic',
    path: MESSAGES,
    body: () =>
      anthropic(hi, [
        { name: 'answer', input_schema: { type: 'array', items: { type: 'string' } } },
      ]),
    breaks: [
      ['tools[0].input_schema.type', "tools[0].input_schema.type: Input should be 'object'"],
    ],
  },
  'anthropic-image-bytes': {
    wire: 'anthropic',
    path: MESSAGES,
    // 3,932,161 bytes: 5,242,884 characters of base64, four over the limit.
    body: () => anthropic([png(pngHeaderRgba([0, 0, 0, 100], [0, 0, 0, 100], 3_932_161))]),
    breaks: [
      [
        'messages[0].content[0].source.data',
        'image exceeds 5 MB maximum: 5242884 bytes > 5242880 bytes',
      ],
    ],
  },
  'anthropic-image-side': {
    wire: 'anthropic',
    path: MESSAGES,
    // 1280 x 8001.
    body: () => anthropic([png(pngHeaderRgba([0, 0, 0x05, 0x00], [0, 0, 0x1f, 0x41]))]),
    breaks: [
      [
        'messages[0].content[0].source.data',
        'At least one of the image dimensions exceed max allowed size: 8000 pixels',
      ],
    ],
  },
  'anthropic-media-count': {
    wire: 'anthropic',
    path: MESSAGES,
    body: () =>
      anthropic(
        Array.from({ length: 101 }, () => png(pngHeaderRgba([0, 0, 0, 10], [0, 0, 0, 10]))),
      ),
    breaks: [['messages', 'too many images and documents: 101 + 0 > 100']],
  },
  'anthropic-many-image-side': {
    wire: 'anthropic',
    path: MESSAGES,
    // 21 images of 2001 x 1000.
    body: () =>
      anthropic(
        Array.from({ length: 21 }, () =>
          png(pngHeaderRgba([0, 0, 0x07, 0xd1], [0, 0, 0x03, 0xe8])),
        ),
      ),
    breaks: Array.from({ length: 21 }, (_, index) => [
      `messages[0].content[${index}].source.data`,
      'At least one of the image dimensions exceed max allowed size for many-image requests: 2000 pixels',
    ]),
  },
  'gemini-tool-name': {
    wire: 'gemini',
    path: GEMINI,
    body: () => gemini([{ name: '1password_lookup' }]),
    breaks: [
      [
        'tools[0].functionDeclarations[0].name',
        '"1password_lookup": [FIELD_INVALID] Invalid function name. Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores (_), dots (.), colons (:), or dashes (-), with a maximum length of 64.',
      ],
    ],
  },
  'gemini-array-items': {
    wire: 'gemini',
    path: GEMINI,
    body: () => gemini([{ name: 'read_multiple_files', parameters: PATHS }]),
    breaks: [['tools[0].functionDeclarations[0].parameters.properties.paths', missingItems]],
  },
};

// The rules whose provider refusal is quoted word for word at their source.
const QUOTED = [
  'openai-tool-name',
  'openai-tool-count',
  'openai-array-items',
  'responses-tool-name',
  'anthropic-tool-name',
  'anthropic-tool-names-unique',
  'anthropic-tool-input-schema-object',
  'anthropic-image-bytes',
  'anthropic-image-side',
  'anthropic-media-count',
  'anthropic-many-image-side',
  'gemini-tool-name',
];

describe('the request rules of the catalogue', () => {
  // One test: the catalogue is loaded by it, so a mutant of the catalogue is covered by the
  // test that checks everything about it (Stryker counts coverage per test).
  it('are these rules and examples, each example refused by its own rule alone, exactly', async () => {
    const { rules, preflight } = await load();
    expect(rules.map((rule) => [rule.id, rule.wire, rule.example.path])).toEqual(
      Object.entries(EXPECTED).map(([id, { wire, path }]) => [id, wire, path]),
    );
    expect(rules.filter((rule) => rule.quoted !== undefined).map((rule) => rule.id)).toEqual(
      QUOTED,
    );
    for (const rule of rules) {
      const expected = EXPECTED[rule.id];
      // The example a reader sends to see the refusal: this request, exactly.
      expect([rule.id, rule.example.body]).toEqual([rule.id, expected?.body()]);
      // preflight refuses it for this rule alone, at these paths, with these messages, each
      // holding the rule's words (and those words are in the provider's own, where quoted).
      const { violations } = preflight(rule.example.body, { wire: rule.wire });
      expect([
        rule.id,
        violations.map((broken) => [broken.rule, broken.path, broken.message]),
      ]).toEqual([
        rule.id,
        (expected?.breaks ?? []).map(([path, message]) => [rule.id, path, message]),
      ]);
      expect(rule.violation.length).toBeGreaterThan(10);
      for (const broken of violations) expect(broken.message).toContain(rule.violation);
      if (rule.quoted !== undefined) expect(rule.quoted).toContain(rule.violation);
      // The rule's check called alone, on a fresh copy of its example, finds the same.
      expect([
        rule.id,
        rule.check?.(structuredClone(rule.example.body) as Record<string, unknown>, {}),
      ]).toEqual([rule.id, (expected?.breaks ?? []).map(([path, message]) => ({ path, message }))]);
    }
  });
});
