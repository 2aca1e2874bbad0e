import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  type CrosswireWarning,
  formatTools,
  hermesToolsPrompt,
  parseToolDefinition,
  parseToolDefinitions,
  ValidationError,
  WIRE_FORMATS,
} from './index.js';

describe('parseToolDefinition', () => {
  it('returns a definition it already returned as it is, and copies any other input', () => {
    const parsed = parseToolDefinition({ name: 'ping' });
    expect(parseToolDefinition(parsed)).toBe(parsed);
    const lookalike = { name: 'ping', inputSchema: { type: 'object', properties: {} } };
    expect(parseToolDefinition(lookalike)).not.toBe(lookalike);
    expect(parseToolDefinitions([parsed, { name: 'pong' }]).map((tool) => tool.name)).toEqual([
      'ping',
      'pong',
    ]);
    expect(() => parseToolDefinitions([parsed, parsed])).toThrow("duplicate tool name 'ping'");
  });

  it('keeps every field, in order, deep-frozen, as a copy', () => {
    const input = {
      name: 'get_weather',
      title: 'Weather',
      description: 'Weather now',
      inputSchema: {
        type: 'object' as const,
        properties: { city: { type: 'string' } },
        required: ['city'],
      },
      outputSchema: { type: 'object' as const, properties: { t: { type: 'number' } } },
      annotations: { readOnlyHint: true },
      _meta: { origin: 'test' },
      icons: [{ src: 'https://x.test/i.png' }],
    };
    const tool = parseToolDefinition(input);
    expect(tool).toEqual(input);
    expect(Object.keys(tool)).toEqual(Object.keys(input));
    expect(tool).not.toBe(input);
    expect(Object.isFrozen(tool)).toBe(true);
    expect(Object.isFrozen(tool.inputSchema.properties)).toBe(true);
    expect(Object.isFrozen(input.inputSchema)).toBe(false);
  });

  it('defaults a missing or null inputSchema and a missing type', () => {
    expect(parseToolDefinition({ name: 'a' }).inputSchema).toEqual({
      type: 'object',
      properties: {},
    });
    expect(parseToolDefinition({ name: 'a', inputSchema: null }).inputSchema).toEqual({
      type: 'object',
      properties: {},
    });
    expect(parseToolDefinition({ name: 'a', inputSchema: { required: [] } }).inputSchema).toEqual({
      type: 'object',
      required: [],
    });
  });

  it.each([
    [null, 'tool', 'tool: a tool definition must be an object'],
    [{}, 'tool.name', 'tool.name: Invalid input: expected string, received undefined'],
    [{ name: 3 }, 'tool.name', 'tool.name: Invalid input: expected string, received number'],
    [
      { name: 'a', description: 5 },
      'tool.description',
      'tool.description: Invalid input: expected string, received number',
    ],
    [
      { name: 'a', inputSchema: 'x' },
      'tool.inputSchema',
      'tool.inputSchema: Invalid input: expected object, received string',
    ],
    [
      { name: 'a', inputSchema: { type: 'object', properties: [] } },
      'tool.inputSchema.properties',
      'tool.inputSchema.properties: Invalid input: expected record, received array',
    ],
    [
      { name: 'a', inputSchema: { type: 'object', required: ['x', 1] } },
      'tool.inputSchema.required[1]',
      'tool.inputSchema.required[1]: Invalid input: expected string, received number',
    ],
  ])('refuses %j at %s', (input, path, message) => {
    try {
      parseToolDefinition(input);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect([(error as ValidationError).path, (error as ValidationError).message]).toEqual([
        path,
        message,
      ]);
      expect((error as ValidationError).code).toBe(
        path === 'tool' ? 'invalid_input' : 'invalid_tool_definition',
      );
    }
  });

  it('parseToolDefinitions refuses a non-array', () => {
    expect(() => parseToolDefinitions({} as never)).toThrowError(
      'tools must be an array of tool definitions',
    );
  });

  it('parseToolDefinitions gives a frozen list', () => {
    const tools = parseToolDefinitions([{ name: 'a' }, { name: 'b' }]);
    expect(tools.map((tool) => tool.name)).toEqual(['a', 'b']);
    expect(Object.isFrozen(tools)).toBe(true);
  });
});

describe('with the real MCP SDK', () => {
  async function listedTools() {
    const server = new McpServer({ name: 'fixture', version: '1.0.0' });
    server.registerTool(
      'get_weather',
      {
        title: 'Weather',
        description: 'Current weather',
        inputSchema: {
          city: z.string().describe('City'),
          days: z.number().int().min(1).optional(),
        },
        annotations: { readOnlyHint: true },
      },
      async () => ({ content: [{ type: 'text', text: 'sunny' }] }),
    );
    server.registerTool('ping', { description: 'Ping' }, async () => ({ content: [] }));
    const client = new Client({ name: 'test', version: '1.0.0' });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await server.connect(serverTransport);
    await client.connect(clientTransport);
    const { tools } = await client.listTools();
    await client.close();
    await server.close();
    return tools;
  }

  it('formats what McpServer lists for every wire, with the Gemini clean-up', async () => {
    const tools = await listedTools();
    const warnings: CrosswireWarning[] = [];
    const [weather, ping] = tools;
    // The SDK stamps its JSON Schema dialect on the schema; the Gemini clean-up must drop it.
    expect(weather?.inputSchema.$schema).toMatch(/^https?:\/\/json-schema\.org\//);
    expect(
      formatTools('gemini', tools, { onWarning: (warning) => warnings.push(warning) }),
    ).toEqual([
      {
        functionDeclarations: [
          {
            name: 'get_weather',
            description: 'Current weather',
            parameters: {
              type: 'object',
              properties: {
                city: { type: 'string', description: 'City' },
                days: expect.objectContaining({ type: 'integer', minimum: 1 }),
              },
              required: ['city'],
            },
          },
          { name: 'ping', description: 'Ping' },
        ],
      },
    ]);
    const anthropic = formatTools('anthropic', tools);
    expect(anthropic.map((tool) => [tool.name, tool.input_schema.type])).toEqual([
      ['get_weather', 'object'],
      ['ping', 'object'],
    ]);
    // Everything but the dialect keyword the SDK adds: `$schema` goes on every wire.
    const { $schema: _weatherDialect, ...weatherSchema }: Record<string, unknown> =
      weather?.inputSchema ?? {};
    const { $schema: _pingDialect, ...pingSchema }: Record<string, unknown> =
      ping?.inputSchema ?? {};
    expect(anthropic[0]?.input_schema).toEqual(weatherSchema);
    expect(formatTools('openai', tools)[1]?.function.parameters).toEqual(pingSchema);
    for (const wire of WIRE_FORMATS) {
      expect(JSON.stringify(formatTools(wire, tools))).not.toContain('$schema');
    }
    expect(hermesToolsPrompt(tools)).not.toContain('$schema');
    // A property of the real SDK output that Gemini cannot take must come with a warning.
    const dropped = warnings.flatMap((warning) => (warning.details?.keywords as string[]) ?? []);
    const properties = (weather?.inputSchema.properties ?? {}) as Record<
      string,
      Record<string, unknown>
    >;
    const daysSchema = properties.days ?? {};
    for (const key of Object.keys(daysSchema)) {
      if (!['type', 'minimum', 'maximum', 'description'].includes(key))
        expect(dropped).toContain(key);
    }
  });
});

describe('a schema nested deeper than any tool needs', () => {
  /** `{ type: 'object', properties: { a: { ... } } }` nested `levels` objects deep. */
  function nested(levels: number): Record<string, unknown> {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 1; level < levels; level += 1) {
      schema = { type: 'object', properties: { a: schema } };
    }
    return schema;
  }

  it('is refused with a typed error, not a stack overflow, however deep', () => {
    for (const levels of [200, 100_000]) {
      let caught: unknown;
      try {
        parseToolDefinition({ name: 'deep', inputSchema: nested(levels) });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(ValidationError);
      expect(caught).toMatchObject({
        code: 'tool_schema_too_deep',
        message:
          "tool.inputSchema: nests deeper than 100 levels, more than any tool's parameters need",
      });
    }
  });

  it('takes one at the bound (50 objects: 100 levels with their properties maps)', () => {
    expect(parseToolDefinition({ name: 'deep', inputSchema: nested(50) }).name).toBe('deep');
  });
});
