// The structured-output catalogue as its reader meets it: each rule's example is a request that
// breaks that rule and no other rule of its wire (preflight runs every rule of the wire), at
// the paths written down here from the examples; the example is otherwise a whole request (the
// fields each API requires: a model, a non-empty conversation with roles it knows, max_tokens on
// anthropic); each rule's `violation` is a piece of its own refusal that tells it apart from the
// other rules of its wire, and a quoted provider message holds it. The catalogue is loaded at
// the top of the file, so Stryker measures its table with every test here. The examples are also
// validated against the OpenAI and Gemini OpenAPI documents (structured-rules.oracle.test.ts).
import type { WireFormat } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { preflight } from './preflight.js';
import { STRUCTURED_RULES } from './structured-rules.js';
import type { ProviderRule } from './types.js';

const CHAT = '/chat/completions';
const RESPONSES = '/responses';
const MESSAGES = '/v1/messages';
const GEMINI_25 = '/models/gemini-2.5-flash:generateContent';

/** Each rule's wire, its example's endpoint and the paths preflight finds broken in it. */
const EXPECTED: Record<string, { wire: WireFormat; path: string; breaks: string[] }> = {
  'openai-structured-strict-schema': {
    wire: 'openai',
    path: CHAT,
    // The open object lacks both additionalProperties: false and the required list.
    breaks: ['response_format.json_schema.schema', 'response_format.json_schema.schema'],
  },
  'openai-structured-name': {
    wire: 'openai',
    path: CHAT,
    breaks: ['response_format.json_schema.name'],
  },
  'responses-structured-strict-schema': {
    wire: 'responses',
    path: RESPONSES,
    breaks: ['text.format.schema', 'text.format.schema'],
  },
  'responses-structured-name': { wire: 'responses', path: RESPONSES, breaks: ['text.format.name'] },
  'openai-structured-with-tools': { wire: 'openai', path: CHAT, breaks: ['response_format'] },
  'anthropic-output-format-closed': {
    wire: 'anthropic',
    path: MESSAGES,
    breaks: ['output_config.format.schema'],
  },
  'gemini-response-schema-mime': {
    wire: 'gemini',
    path: GEMINI_25,
    breaks: ['generationConfig.responseJsonSchema'],
  },
  'openai-structured-array-items': {
    wire: 'openai',
    path: CHAT,
    breaks: ['response_format.json_schema.schema.properties.stops'],
  },
  'responses-structured-array-items': {
    wire: 'responses',
    path: RESPONSES,
    breaks: ['text.format.schema.properties.stops'],
  },
  'anthropic-output-format-model': {
    wire: 'anthropic',
    path: MESSAGES,
    breaks: ['output_config.format'],
  },
  'anthropic-output-format-recursive': {
    wire: 'anthropic',
    path: MESSAGES,
    breaks: ['output_config.format.schema'],
  },
  'anthropic-output-format-optional': {
    wire: 'anthropic',
    path: MESSAGES,
    breaks: ['output_config.format.schema'],
  },
  'anthropic-output-format-unions': {
    wire: 'anthropic',
    path: MESSAGES,
    breaks: ['output_config.format.schema'],
  },
  'anthropic-output-format-enum': {
    wire: 'anthropic',
    path: MESSAGES,
    breaks: ['output_config.format.schema'],
  },
  'anthropic-output-format-string-format': {
    wire: 'anthropic',
    path: MESSAGES,
    breaks: ['output_config.format.schema.properties.link.format'],
  },
  'anthropic-thinking-forced-tool-choice': {
    wire: 'anthropic',
    path: MESSAGES,
    breaks: ['tool_choice'],
  },
  'anthropic-forced-tool-choice-model': {
    wire: 'anthropic',
    path: MESSAGES,
    breaks: ['tool_choice'],
  },
  'gemini-json-mime-with-tools': {
    wire: 'gemini',
    path: GEMINI_25,
    breaks: ['generationConfig.responseMimeType'],
  },
  'gemini-response-schema-array-items': {
    wire: 'gemini',
    path: '/models/gemini-2.0-flash:generateContent',
    breaks: ['generationConfig.responseSchema.properties.tags'],
  },
  'gemini-response-json-schema-const': {
    wire: 'gemini',
    path: GEMINI_25,
    breaks: ['generationConfig.responseJsonSchema.properties.kind.const'],
  },
  'openai-structured-model': {
    wire: 'openai',
    path: CHAT,
    breaks: ['response_format.json_schema'],
  },
  'responses-structured-model': { wire: 'responses', path: RESPONSES, breaks: ['text.format'] },
};

/** What preflight finds in a rule's example, with the example's own provider and model facts. */
function examineExample(rule: ProviderRule) {
  const { example } = rule;
  return preflight(example.body, {
    wire: rule.wire,
    ...(example.provider === undefined ? {} : { provider: example.provider }),
    ...(example.features === undefined ? {} : { features: example.features }),
    ...(example.capabilities === undefined ? {} : { capabilities: example.capabilities }),
  }).violations;
}

const ROLES: Partial<Record<WireFormat, readonly string[]>> = {
  openai: ['system', 'developer', 'user', 'assistant', 'tool'],
  anthropic: ['user', 'assistant'],
  gemini: ['user', 'model'],
};

/**
 * What every request of the wire must carry, as problems: a model (in the body, or in the path
 * on Gemini), a conversation that is not empty (Responses' `input` text, or messages or contents
 * with a known role and text or parts that are not empty), and on anthropic a positive
 * `max_tokens` and tools with a name and an object `input_schema` (the Messages API's required
 * fields).
 */
function requestProblems(wire: WireFormat, path: string, body: unknown): string[] {
  const request = body as Record<string, unknown>;
  const problems: string[] = [];
  const named = (value: unknown) => typeof value === 'string' && value !== '';
  if (wire === 'gemini') {
    if (!/^\/models\/[a-z0-9.-]+:generateContent$/.test(path)) problems.push('path');
  } else if (!named(request.model)) problems.push('model');
  if (wire === 'responses') {
    if (!named(request.input)) problems.push('input');
    return problems;
  }
  const turns = (wire === 'gemini' ? request.contents : request.messages) as unknown;
  const list = Array.isArray(turns) ? (turns as Record<string, unknown>[]) : [];
  if (list.length === 0) problems.push('conversation');
  list.forEach((turn, index) => {
    if (!ROLES[wire]?.includes(String(turn.role))) problems.push(`turn ${index} role`);
    const content = wire === 'gemini' ? turn.parts : turn.content;
    const parts = Array.isArray(content) ? (content as Record<string, unknown>[]) : [];
    const texts = typeof content === 'string' ? [content] : parts.map((part) => part.text);
    if (texts.length === 0 || !texts.every(named)) problems.push(`turn ${index} content`);
  });
  if (wire === 'anthropic') {
    if (!Number.isInteger(request.max_tokens) || (request.max_tokens as number) < 1)
      problems.push('max_tokens');
    const tools = Array.isArray(request.tools) ? (request.tools as Record<string, unknown>[]) : [];
    tools.forEach((tool, index) => {
      if (!named(tool.name)) problems.push(`tools[${index}].name`);
      if ((tool.input_schema as Record<string, unknown> | undefined)?.type !== 'object')
        problems.push(`tools[${index}].input_schema`);
    });
  }
  return problems;
}

describe('the structured-output catalogue', () => {
  it('lists exactly the rules written down here, each on its wire and endpoint', () => {
    expect(STRUCTURED_RULES.map((rule) => [rule.id, rule.wire, rule.example.path])).toEqual(
      Object.entries(EXPECTED).map(([id, expected]) => [id, expected.wire, expected.path]),
    );
  });

  it('each example breaks its own rule, at the paths written down, and no other rule of its wire', () => {
    for (const rule of STRUCTURED_RULES) {
      const found = examineExample(rule).map((violation) => [violation.rule, violation.path]);
      expect(found, rule.id).toEqual(
        (EXPECTED[rule.id]?.breaks ?? []).map((path) => [rule.id, path]),
      );
    }
  });

  it("each rule's violation is in its example's refusal and in no other rule's of its wire", () => {
    for (const rule of STRUCTURED_RULES) {
      expect(rule.violation.length, rule.id).toBeGreaterThan(0);
      const own = examineExample(rule).map((violation) => violation.message);
      expect(own.join('\n'), rule.id).toContain(rule.violation);
      for (const other of STRUCTURED_RULES) {
        if (other === rule || other.wire !== rule.wire) continue;
        for (const message of examineExample(other).map((violation) => violation.message)) {
          expect(message, `${rule.id} in ${other.id}`).not.toContain(rule.violation);
        }
      }
      if (rule.quoted !== undefined) expect(rule.quoted, rule.id).toContain(rule.violation);
    }
  });

  it('each example is otherwise a whole request of its wire', () => {
    for (const rule of STRUCTURED_RULES) {
      expect(requestProblems(rule.wire, rule.example.path, rule.example.body), rule.id).toEqual([]);
    }
  });
});
