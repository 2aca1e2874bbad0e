import { describe, expect, it } from 'vitest';

// The catalogue's request rules as a reader of the rules page and a caller of their checks
// meets them. The modules are imported inside each test, so a catalogue that fails to load
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

// Each rule's wire, its example's endpoint, and what preflight finds in the example (the
// rule's breaks, by path), written down from the examples.
const EXPECTED: Record<string, { wire: string; path: string; breaks: string[] }> = {
  'openai-tool-name': { wire: 'openai', path: CHAT, breaks: ['tools[0].function.name'] },
  'openai-tool-count': { wire: 'openai', path: CHAT, breaks: ['tools'] },
  'openai-array-items': {
    wire: 'openai',
    path: CHAT,
    breaks: ['tools[0].function.parameters.properties.paths'],
  },
  'responses-tool-name': { wire: 'responses', path: RESPONSES, breaks: ['tools[0].name'] },
  'responses-array-items': {
    wire: 'responses',
    path: RESPONSES,
    breaks: ['tools[0].parameters.properties.paths'],
  },
  'anthropic-tool-name': { wire: 'anthropic', path: MESSAGES, breaks: ['tools[0].name'] },
  'anthropic-tool-names-unique': { wire: 'anthropic', path: MESSAGES, breaks: ['tools[1].name'] },
  'anthropic-tool-input-schema-object': {
    wire: 'anthropic',
    path: MESSAGES,
    breaks: ['tools[0].input_schema.type'],
  },
  'anthropic-image-bytes': {
    wire: 'anthropic',
    path: MESSAGES,
    breaks: ['messages[0].content[0].source.data'],
  },
  'anthropic-image-side': {
    wire: 'anthropic',
    path: MESSAGES,
    breaks: ['messages[0].content[0].source.data'],
  },
  'anthropic-media-count': { wire: 'anthropic', path: MESSAGES, breaks: ['messages'] },
  'anthropic-many-image-side': {
    wire: 'anthropic',
    path: MESSAGES,
    breaks: Array.from({ length: 21 }, (_, index) => `messages[0].content[${index}].source.data`),
  },
  'gemini-tool-name': {
    wire: 'gemini',
    path: GEMINI,
    breaks: ['tools[0].functionDeclarations[0].name'],
  },
  'gemini-array-items': {
    wire: 'gemini',
    path: GEMINI,
    breaks: ['tools[0].functionDeclarations[0].parameters.properties.paths'],
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
  it('are these rules, on these wires, each example refused by its own rule alone', async () => {
    const { rules, preflight } = await load();
    expect(rules.map((rule) => [rule.id, rule.wire, rule.example.path])).toEqual(
      Object.entries(EXPECTED).map(([id, { wire, path }]) => [id, wire, path]),
    );
    expect(rules.filter((rule) => rule.quoted !== undefined).map((rule) => rule.id)).toEqual(
      QUOTED,
    );
    // Each example is refused by its own rule alone, with the rule's words in each message.
    for (const rule of rules) {
      const { violations } = preflight(rule.example.body, { wire: rule.wire });
      expect([rule.id, violations.map((broken) => `${broken.rule} ${broken.path}`)]).toEqual([
        rule.id,
        (EXPECTED[rule.id]?.breaks ?? []).map((path) => `${rule.id} ${path}`),
      ]);
      expect(rule.violation.length).toBeGreaterThan(10);
      for (const broken of violations) expect(broken.message).toContain(rule.violation);
      if (rule.quoted !== undefined) expect(rule.quoted).toContain(rule.violation);
    }
    // A rule's check called alone on a fresh copy of its example gives the same answer.
    for (const rule of rules) {
      const expected = preflight(rule.example.body, { wire: rule.wire })
        .violations.filter((broken) => broken.rule === rule.id)
        .map(({ path, message }) => ({ path, message }));
      expect([
        rule.id,
        rule.check?.(structuredClone(rule.example.body) as Record<string, unknown>, {}),
      ]).toEqual([rule.id, expected]);
    }
  });
});
