import { formatTools } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { preflight } from './preflight.js';
import { PROVIDER_RULES } from './rules.js';

// The tool rules remember their answer for a list of deeply frozen tools (the tool loop's
// formatted roster, the same objects on every request); anything else is checked afresh.

const deepFreeze = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
};

const chatBody = (tools: unknown[]) => ({
  model: 'gpt-5.5',
  messages: [{ role: 'user', content: 'Hi' }],
  tools,
});

const badName = () => ({
  type: 'function',
  function: { name: 'calendar.read', parameters: { type: 'object', properties: {} } },
});
const arrayWithoutItems = () => ({
  type: 'function',
  function: {
    name: 'read_files',
    parameters: { type: 'object', properties: { paths: { type: 'array' } } },
  },
});

const rules = (body: unknown) =>
  preflight(body, { wire: 'openai' }).violations.map(({ rule, path }) => `${rule} ${path}`);

describe('tool rules on the same tools request after request', () => {
  it('answer alike for the same frozen tools in new bodies, and for a new list of them', () => {
    const tools = [deepFreeze(badName()), deepFreeze(arrayWithoutItems())];
    const expected = [
      'openai-tool-name tools[0].function.name',
      'openai-array-items tools[1].function.parameters.properties.paths',
    ];
    expect(rules(chatBody(tools))).toEqual(expected);
    expect(rules(chatBody([...tools]))).toEqual(expected);
    // Reordered: the paths follow the new order.
    expect(rules(chatBody([tools[1], tools[0]]))).toEqual([
      'openai-tool-name tools[1].function.name',
      'openai-array-items tools[0].function.parameters.properties.paths',
    ]);
  });

  it('gives each call its own violations (a caller changing them changes no later answer)', () => {
    const tools = [deepFreeze(badName())];
    const first = preflight(chatBody(tools), { wire: 'openai' }).violations;
    (first as unknown[]).length = 0;
    expect(rules(chatBody(tools))).toEqual(['openai-tool-name tools[0].function.name']);
  });

  it("gives each caller of a rule's check its own list", () => {
    const check = PROVIDER_RULES.find((rule) => rule.id === 'openai-tool-name')?.check;
    const body = chatBody([deepFreeze(badName())]);
    const first = check?.(body, {}) ?? [];
    const second = check?.(body, {}) ?? [];
    expect([first.length, second.length]).toEqual([1, 1]);
    first.length = 0;
    second.length = 0;
    expect(check?.(body, {})).toHaveLength(1);
  });

  it('checks tools that are not deeply frozen afresh: a change in place is seen', () => {
    const tool = badName();
    const tools = [tool];
    expect(rules(chatBody(tools))).toEqual(['openai-tool-name tools[0].function.name']);
    tool.function.name = 'calendar_read';
    expect(rules(chatBody(tools))).toEqual([]);
    // Frozen on top but not below: still changeable, still checked afresh.
    const shallow = Object.freeze(arrayWithoutItems());
    expect(rules(chatBody([shallow]))).toHaveLength(1);
    (shallow.function.parameters.properties.paths as Record<string, unknown>).items = {
      type: 'string',
    };
    expect(rules(chatBody([shallow]))).toEqual([]);
  });

  it("remembers formatTools' own output: the loop's roster is checked once", () => {
    const roster = deepFreeze([
      { name: 'lookup', description: 'Finds a record.', inputSchema: { type: 'object' } },
    ]);
    const sent = formatTools('openai', roster);
    expect(rules(chatBody(sent))).toEqual([]);
    expect(rules(chatBody(formatTools('openai', roster)))).toEqual([]);
  });
});

describe("Anthropic's tool rules on the same tools", () => {
  const anthropicBody = (tools: unknown[]) => ({
    model: 'claude-sonnet-5-5',
    max_tokens: 1024,
    messages: [{ role: 'user', content: 'Hi' }],
    tools,
  });
  const anthropicRules = (body: unknown) =>
    preflight(body, { wire: 'anthropic' }).violations.map(({ rule, path }) => `${rule} ${path}`);

  it('answer alike for the same frozen tools, and see a change in tools that can change', () => {
    const twice = deepFreeze({ name: 'lookup', input_schema: { type: 'object' } });
    const arraySchema = deepFreeze({ name: 'list', input_schema: { type: 'array' } });
    const expected = [
      'anthropic-tool-names-unique tools[1].name',
      'anthropic-tool-input-schema-object tools[2].input_schema.type',
    ];
    expect(anthropicRules(anthropicBody([twice, twice, arraySchema]))).toEqual(expected);
    expect(anthropicRules(anthropicBody([twice, twice, arraySchema]))).toEqual(expected);
    const open = { name: 'list', input_schema: { type: 'array' } };
    expect(anthropicRules(anthropicBody([open]))).toEqual([
      'anthropic-tool-input-schema-object tools[0].input_schema.type',
    ]);
    open.input_schema.type = 'object';
    expect(anthropicRules(anthropicBody([open]))).toEqual([]);
  });
});
