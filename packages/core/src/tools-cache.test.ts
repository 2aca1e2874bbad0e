// formatTools remembers the formatting of a list of deeply frozen tools (the tool loop's
// roster): these tests pin that a remembered format is never served for a list or a tool that
// changed, and that what is remembered cannot be changed through a body.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CrosswireWarning,
  formatTools,
  parseToolDefinition,
  parseToolDefinitions,
  type ToolDefinitionInput,
  ValidationError,
  WIRE_FORMATS,
} from './index.js';

const schema = (property: string) => ({
  type: 'object' as const,
  properties: { [property]: { type: 'string' } },
});
const parsed = (name: string, description = `does ${name}`) =>
  parseToolDefinition({ name, description, inputSchema: schema(`${name}Text`) });

describe('formatTools remembers a list of frozen tools', () => {
  it('formats a list of parsed tools once: the next request gets the same frozen items in a new array', () => {
    const tools = parseToolDefinitions([{ name: 'a' }, { name: 'b' }]);
    const first = formatTools('anthropic', tools);
    const second = formatTools('anthropic', tools);
    expect(second).toEqual([
      { name: 'a', input_schema: { type: 'object', properties: {} } },
      { name: 'b', input_schema: { type: 'object', properties: {} } },
    ]);
    expect(second).not.toBe(first);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toBe(first[1]);
    expect(Object.isFrozen(second[0])).toBe(true);
    expect(Object.isFrozen(second[0]?.input_schema.properties)).toBe(true);
  });

  it('a remembered item cannot be changed in place, so no later request sends a change', () => {
    const tools = [parsed('a')];
    const [tool] = formatTools('openai', tools);
    expect(() => {
      (tool?.function.parameters.properties as Record<string, unknown>).b = 1;
    }).toThrow(TypeError);
    expect(formatTools('openai', tools)).toEqual([
      {
        type: 'function',
        function: {
          name: 'a',
          description: 'does a',
          parameters: { type: 'object', properties: { aText: { type: 'string' } } },
        },
      },
    ]);
  });

  it('keeps one format per wire and per option', () => {
    const tools = [parsed('a')];
    const parameters = { type: 'object', properties: { aText: { type: 'string' } } };
    formatTools('openai', tools);
    formatTools('responses', tools);
    expect(formatTools('openai', tools, { strict: true })).toEqual([
      {
        type: 'function',
        function: {
          name: 'a',
          description: 'does a',
          // Strict: every property required, an optional one nullable, the object closed.
          parameters: {
            type: 'object',
            properties: { aText: { type: ['string', 'null'] } },
            required: ['aText'],
            additionalProperties: false,
          },
          strict: true,
        },
      },
    ]);
    expect(formatTools('responses', tools)).toEqual([
      { type: 'function', name: 'a', description: 'does a', parameters, strict: false },
    ]);
    expect(formatTools('hermes', tools, { hermesShape: 'mcp' })).toEqual([
      { name: 'a', description: 'does a', inputSchema: parameters },
    ]);
    expect(formatTools('hermes', tools)).toEqual([
      { type: 'function', function: { name: 'a', description: 'does a', parameters } },
    ]);
  });

  it('sees a tool pushed to, removed from or replaced in the same array', () => {
    const tools = [parsed('a')];
    expect(formatTools('anthropic', tools).map((tool) => tool.name)).toEqual(['a']);
    tools.push(parsed('b'));
    expect(formatTools('anthropic', tools).map((tool) => tool.name)).toEqual(['a', 'b']);
    tools.shift();
    expect(formatTools('anthropic', tools).map((tool) => tool.name)).toEqual(['b']);
    tools[0] = parsed('b', 'another b');
    expect(formatTools('anthropic', tools).map((tool) => tool.description)).toEqual(['another b']);
  });

  it('formats afresh a list holding a tool that can change: its change goes out', () => {
    const tool = { name: 'a', description: 'first', inputSchema: schema('x') };
    const tools = [parsed('b'), tool];
    expect(formatTools('anthropic', tools)[1]?.description).toBe('first');
    tool.description = 'second';
    tool.inputSchema.properties.x = { type: 'number' };
    expect(formatTools('anthropic', tools)[1]).toEqual({
      name: 'a',
      description: 'second',
      input_schema: { type: 'object', properties: { x: { type: 'number' } } },
    });
  });

  it('formats afresh a frozen tool whose schema is not frozen, or that answers through a getter', () => {
    const inputSchema = schema('x');
    const shallow = Object.freeze({ name: 'a', inputSchema });
    formatTools('anthropic', [shallow]);
    inputSchema.properties.x = { type: 'number' };
    expect(formatTools('anthropic', [shallow])[0]?.input_schema).toEqual({
      type: 'object',
      properties: { x: { type: 'number' } },
    });

    let description = 'first';
    const getter = Object.freeze({
      name: 'g',
      get description() {
        return description;
      },
    });
    const list = [getter] as ToolDefinitionInput[];
    expect(formatTools('anthropic', list)[0]?.description).toBe('first');
    description = 'second';
    expect(formatTools('anthropic', list)[0]?.description).toBe('second');
  });

  it('still refuses what is not a list with ValidationError', () => {
    expect(() => formatTools('openai', 'search' as unknown as ToolDefinitionInput[])).toThrowError(
      new ValidationError('tools must be an array of tool definitions', { path: 'tools' }),
    );
  });

  it('tells the warnings of formatting on every request, as when formatted afresh', () => {
    const tools = [
      parseToolDefinition({
        name: 'when',
        inputSchema: { type: 'object', properties: { at: { type: 'string', format: 'time' } } },
      }),
    ];
    const warning: CrosswireWarning = {
      code: 'schema_keyword_dropped',
      message: "gemini takes no 'format' in a tool schema; dropped",
      details: { keywords: ['format'] },
    };
    for (let request = 0; request < 3; request++) {
      const warnings: CrosswireWarning[] = [];
      formatTools('gemini', tools, { onWarning: (told) => warnings.push(told) });
      expect(warnings).toEqual([warning]);
    }
  });

  it('property: a remembered list formats as a fresh copy of it does, through any sequence of changes', () => {
    const names = ['a', 'b', 'c', 'd', 'e'];
    const step = fc.oneof(
      fc.record({ kind: fc.constant('push' as const), name: fc.constantFrom(...names) }),
      fc.record({ kind: fc.constant('remove' as const), at: fc.nat(5) }),
      fc.record({
        kind: fc.constant('replace' as const),
        at: fc.nat(5),
        description: fc.string({ maxLength: 4 }),
      }),
      fc.record({ kind: fc.constant('plain' as const), name: fc.constantFrom(...names) }),
      fc.record({ kind: fc.constant('edit' as const), at: fc.nat(5), text: fc.string() }),
    );
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 12 }),
        fc.constantFrom(...WIRE_FORMATS),
        (steps, wire) => {
          const tools: ToolDefinitionInput[] = [parsed('start')];
          for (const change of steps) {
            const used = new Set(tools.map((tool) => tool.name));
            if (change.kind === 'push' && !used.has(change.name)) tools.push(parsed(change.name));
            if (change.kind === 'plain' && !used.has(change.name)) {
              tools.push({ name: change.name, description: 'plain', inputSchema: schema('p') });
            }
            if (change.kind === 'remove' && tools.length > 0)
              tools.splice(change.at % tools.length, 1);
            if (change.kind === 'replace' && tools.length > 0) {
              const at = change.at % tools.length;
              tools[at] = parsed(tools[at]?.name ?? 'x', change.description);
            }
            if (change.kind === 'edit' && tools.length > 0) {
              const tool = tools[change.at % tools.length];
              if (tool && !Object.isFrozen(tool))
                (tool as { description?: string }).description = change.text;
            }
            // A fresh deep copy is never remembered: what formatting the list itself must give.
            const fresh = structuredClone(tools.map((tool) => ({ ...tool })));
            expect(formatTools(wire, tools)).toEqual(formatTools(wire, fresh));
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
