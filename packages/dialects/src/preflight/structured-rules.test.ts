// The structured-output rules as a caller meets them: for each rule, the bodies it refuses
// (with the exact path and message, written down here from the provider's documented or quoted
// error) and the near misses it lets through. The catalogue's examples are in preflight.test.ts.
import type { WireFormat } from '@crosswire/core';
import { describe, expect, it } from 'vitest';
import { preflight } from './preflight.js';
import type { RuleContext } from './types.js';

type Context = Omit<RuleContext, 'wire'>;

/** The [path, message] pairs of `rule` that preflight finds in `body`. */
function breaks(rule: string, wire: WireFormat, body: object, context: Context = {}) {
  return preflight(body, { wire, ...context })
    .violations.filter((broken) => broken.rule === rule)
    .map((broken) => [broken.path, broken.message]);
}

const chat = (responseFormat: unknown, extra: object = {}) => ({
  model: 'gpt-4.1',
  messages: [{ role: 'user', content: 'Hi' }],
  response_format: responseFormat,
  ...extra,
});
const jsonSchema = (jsonSchemaObject: object) => ({
  type: 'json_schema',
  json_schema: jsonSchemaObject,
});
const responses = (format: unknown) => ({ model: 'gpt-4.1', input: 'Hi', text: { format } });
const anthropic = (extra: object) => ({
  model: 'claude-sonnet-5-5',
  max_tokens: 64,
  messages: [{ role: 'user', content: 'Hi' }],
  ...extra,
});
const outputFormat = (schema: unknown) =>
  anthropic({ output_config: { format: { type: 'json_schema', schema } } });
const gemini = (generationConfig: unknown, extra: object = {}) => ({
  contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
  generationConfig,
  ...extra,
});
const closed = (properties: object, required = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

const OPEN = { type: 'object', properties: { city: { type: 'string' } } };
const STRICT_PREFIX = "Invalid schema for response_format 'trip': In context=(), ";
const NOT_FALSE = "'additionalProperties' is required to be supplied and to be false.";
const missing = (name: string) =>
  `'required' is required to be supplied and to be an array including every key in properties. Missing '${name}'.`;

describe('openai- and responses-structured-strict-schema', () => {
  it('every object, wherever it is, must be closed and require all its properties', () => {
    const schema = {
      type: 'object',
      properties: {
        // Closed, but `city` and `when` not required (only the first missing one is named).
        stop: {
          type: 'object',
          properties: { city: { type: 'string' }, when: { type: 'string' } },
          required: [3, 'x'],
          additionalProperties: false,
        },
        // An object named by its properties, a one in a union, in $defs or definitions.
        legs: {
          type: 'array',
          items: { type: 'object', properties: { km: { type: 'number' } }, required: ['km'] },
        },
        mode: {
          anyOf: [
            { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
            { type: 'string' },
          ],
        },
      },
      required: ['stop', 'legs', 'mode'],
      additionalProperties: false,
      $defs: { place: { type: 'object', additionalProperties: false } },
      definitions: { spot: { type: 'object', properties: {} } },
    };
    const base = 'response_format.json_schema.schema';
    expect(
      breaks(
        'openai-structured-strict-schema',
        'openai',
        chat(jsonSchema({ name: 'trip', schema, strict: true })),
      ),
    ).toEqual([
      [`${base}.properties.stop`, `${STRICT_PREFIX}${missing('city')}`],
      [`${base}.properties.legs.items`, `${STRICT_PREFIX}${NOT_FALSE}`],
      [`${base}.properties.mode.anyOf[0]`, `${STRICT_PREFIX}${NOT_FALSE}`],
      [`${base}.definitions.spot`, `${STRICT_PREFIX}${NOT_FALSE}`],
    ]);
  });

  it('a closed schema passes; only strict: true is checked; a missing schema is named', () => {
    const good = closed({ city: { type: 'string' } });
    expect(
      breaks(
        'openai-structured-strict-schema',
        'openai',
        chat(jsonSchema({ name: 'trip', schema: good, strict: true })),
      ),
    ).toEqual([]);
    for (const strict of [false, 'true', undefined]) {
      expect(
        breaks(
          'openai-structured-strict-schema',
          'openai',
          chat(jsonSchema({ name: 'trip', schema: OPEN, strict })),
        ),
      ).toEqual([]);
    }
    expect(
      breaks(
        'openai-structured-strict-schema',
        'openai',
        chat(jsonSchema({ name: 'trip', strict: true })),
      ),
    ).toEqual([['response_format.json_schema.schema', 'a strict schema is required']]);
    // Not a json_schema format, or no json_schema object: nothing to check.
    for (const format of [
      { type: 'json_object' },
      { type: 'json_schema' },
      'json_schema',
      undefined,
    ]) {
      expect(breaks('openai-structured-strict-schema', 'openai', chat(format))).toEqual([]);
    }
  });

  it('the schema’s own shape: the root must be an object, keywords supported', () => {
    expect(
      breaks(
        'openai-structured-strict-schema',
        'openai',
        chat(jsonSchema({ name: 'list', schema: { anyOf: [OPEN] }, strict: true })),
      ),
    ).toEqual([
      [
        'response_format.json_schema.schema',
        'Invalid schema for response_format \'list\': the root schema must be an object (type "object", not anyOf)',
      ],
      [
        'response_format.json_schema.schema.anyOf[0]',
        `Invalid schema for response_format 'list': In context=(), ${NOT_FALSE}`,
      ],
      [
        'response_format.json_schema.schema.anyOf[0]',
        `Invalid schema for response_format 'list': In context=(), ${missing('city')}`,
      ],
    ]);
  });

  it('Responses: text.format, the same rules', () => {
    expect(
      breaks(
        'responses-structured-strict-schema',
        'responses',
        responses({ type: 'json_schema', name: 'trip', schema: OPEN, strict: true }),
      ),
    ).toEqual([
      ['text.format.schema', `${STRICT_PREFIX}${NOT_FALSE}`],
      ['text.format.schema', `${STRICT_PREFIX}${missing('city')}`],
    ]);
    for (const format of [{ type: 'text' }, undefined]) {
      expect(breaks('responses-structured-strict-schema', 'responses', responses(format))).toEqual(
        [],
      );
    }
    expect(
      breaks('responses-structured-strict-schema', 'responses', {
        model: 'gpt-4.1',
        input: 'Hi',
        text: 'json',
      }),
    ).toEqual([]);
  });
});

describe('openai- and responses-structured-name', () => {
  const message = (name: string) =>
    `${name}: string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$' (at most 64).`;

  it('letters, digits, _ and -, 1 to 64 of them', () => {
    const name = (value: unknown) =>
      breaks('openai-structured-name', 'openai', chat(jsonSchema({ name: value, schema: OPEN })));
    expect(name('trip_plan-2')).toEqual([]);
    expect(name('x'.repeat(64))).toEqual([]);
    expect(name('x'.repeat(65))).toEqual([
      ['response_format.json_schema.name', message(`"${'x'.repeat(65)}"`)],
    ]);
    expect(name('my trip')).toEqual([['response_format.json_schema.name', message('"my trip"')]]);
    expect(name('')).toEqual([['response_format.json_schema.name', message('""')]]);
    expect(name(7)).toEqual([['response_format.json_schema.name', message('7')]]);
    expect(breaks('openai-structured-name', 'openai', chat({ type: 'json_object' }))).toEqual([]);
    expect(
      breaks(
        'responses-structured-name',
        'responses',
        responses({ type: 'json_schema', name: 'a.b', schema: OPEN }),
      ),
    ).toEqual([['text.format.name', message('"a.b"')]]);
  });
});

describe('openai-structured-with-tools', () => {
  const tools = [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }];
  const body = chat(jsonSchema({ name: 'trip', schema: OPEN }), { tools });

  it('Groq and Cerebras refuse tools beside a json_schema format', () => {
    for (const provider of ['groq', 'cerebras']) {
      expect(breaks('openai-structured-with-tools', 'openai', body, { provider })).toEqual([
        [
          'response_format',
          `${provider}: tools cannot be used together with a json_schema response_format; ask for the object in a turn without tools`,
        ],
      ]);
    }
  });

  it('other providers, no provider, no tools or no json_schema format: nothing', () => {
    expect(breaks('openai-structured-with-tools', 'openai', body, { provider: 'openai' })).toEqual(
      [],
    );
    expect(breaks('openai-structured-with-tools', 'openai', body)).toEqual([]);
    const noTools = chat(jsonSchema({ name: 'trip', schema: OPEN }), { tools: [] });
    expect(breaks('openai-structured-with-tools', 'openai', noTools, { provider: 'groq' })).toEqual(
      [],
    );
    const jsonObject = chat({ type: 'json_object' }, { tools });
    expect(
      breaks('openai-structured-with-tools', 'openai', jsonObject, { provider: 'groq' }),
    ).toEqual([]);
  });
});

describe('anthropic-output-format-closed', () => {
  const MESSAGE = 'For object types, additionalProperties must be explicitly set to false';

  it('every object of the schema, not the required lists (Anthropic allows optional properties)', () => {
    const schema = {
      type: 'object',
      properties: {
        stop: { type: 'object', properties: { city: { type: 'string' } } },
        // Properties without a type: an object too.
        note: { properties: { text: { type: 'string' } } },
      },
      additionalProperties: false,
    };
    expect(breaks('anthropic-output-format-closed', 'anthropic', outputFormat(schema))).toEqual([
      ['output_config.format.schema.properties.stop', MESSAGE],
      ['output_config.format.schema.properties.note', MESSAGE],
    ]);
    expect(
      breaks(
        'anthropic-output-format-closed',
        'anthropic',
        outputFormat({ ...closed({ city: { type: 'string' } }), required: [] }),
      ),
    ).toEqual([]);
  });

  it('no output_config, no format object or no schema object: nothing', () => {
    for (const body of [
      anthropic({}),
      anthropic({ output_config: 'json' }),
      anthropic({ output_config: { format: 'json_schema' } }),
      outputFormat('schema'),
    ]) {
      expect(breaks('anthropic-output-format-closed', 'anthropic', body)).toEqual([]);
    }
  });
});

describe('gemini-response-schema-mime', () => {
  it('a response schema needs responseMimeType application/json, named with what was sent', () => {
    expect(
      breaks('gemini-response-schema-mime', 'gemini', gemini({ responseSchema: OPEN })),
    ).toEqual([
      [
        'generationConfig.responseSchema',
        "responseSchema needs responseMimeType 'application/json' (got undefined)",
      ],
    ]);
    expect(
      breaks(
        'gemini-response-schema-mime',
        'gemini',
        gemini({ responseJsonSchema: OPEN, responseMimeType: 'text/plain' }),
      ),
    ).toEqual([
      [
        'generationConfig.responseJsonSchema',
        `responseJsonSchema needs responseMimeType 'application/json' (got "text/plain")`,
      ],
    ]);
  });

  it('with the JSON type, no schema or no generationConfig: nothing', () => {
    for (const body of [
      gemini({ responseSchema: OPEN, responseMimeType: 'application/json' }),
      gemini({ responseMimeType: 'text/plain' }),
      gemini(undefined),
      gemini('json'),
    ]) {
      expect(breaks('gemini-response-schema-mime', 'gemini', body)).toEqual([]);
    }
  });
});

describe('openai-, responses- and gemini-…-array-items', () => {
  const schema = {
    type: 'object',
    properties: {
      stops: { type: 'array' },
      legs: { type: ['array', 'null'], items: { type: 'string' } },
    },
  };

  it('each array without items, in the provider’s words', () => {
    expect(
      breaks('openai-structured-array-items', 'openai', chat(jsonSchema({ name: 'trip', schema }))),
    ).toEqual([
      [
        'response_format.json_schema.schema.properties.stops',
        "Invalid schema for response_format 'trip': In context=('properties', 'stops'), array schema missing items.",
      ],
    ]);
    expect(
      breaks(
        'responses-structured-array-items',
        'responses',
        responses({ type: 'json_schema', name: 'trip', schema: { type: 'array' } }),
      ),
    ).toEqual([
      [
        'text.format.schema',
        "Invalid schema for response_format 'trip': In context=(), array schema missing items.",
      ],
    ]);
    expect(
      breaks(
        'gemini-response-schema-array-items',
        'gemini',
        gemini({
          responseMimeType: 'application/json',
          responseSchema: { type: 'OBJECT', properties: { tags: { type: 'ARRAY' } } },
        }),
      ),
    ).toEqual([
      [
        'generationConfig.responseSchema.properties.tags',
        'generationConfig.responseSchema.properties.tags.items: missing field.',
      ],
    ]);
  });

  it('no schema object: nothing', () => {
    expect(
      breaks(
        'openai-structured-array-items',
        'openai',
        chat(jsonSchema({ name: 'trip', schema: 'array' })),
      ),
    ).toEqual([]);
    expect(breaks('openai-structured-array-items', 'openai', chat(undefined))).toEqual([]);
    expect(
      breaks(
        'gemini-response-schema-array-items',
        'gemini',
        gemini({ responseMimeType: 'application/json' }),
      ),
    ).toEqual([]);
  });
});

describe('anthropic-output-format-model and openai-/responses-structured-model', () => {
  it('a model without structured output refuses the format', () => {
    const body = outputFormat(closed({ city: { type: 'string' } }));
    const features = { outputFormat: false };
    expect(breaks('anthropic-output-format-model', 'anthropic', body, { features })).toEqual([
      ['output_config.format', 'output_config.format: Extra inputs are not permitted'],
    ]);
    const refused =
      "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.";
    expect(
      breaks(
        'openai-structured-model',
        'openai',
        chat(jsonSchema({ name: 'trip', schema: OPEN })),
        { features },
      ),
    ).toEqual([['response_format.json_schema', refused]]);
    expect(
      breaks(
        'responses-structured-model',
        'responses',
        responses({ type: 'json_schema', name: 'trip', schema: OPEN }),
        { features },
      ),
    ).toEqual([['text.format', refused]]);
  });

  it('a model with it, one not known, or no format: nothing', () => {
    const body = outputFormat(closed({ city: { type: 'string' } }));
    for (const context of [{}, { features: {} }, { features: { outputFormat: true } }]) {
      expect(breaks('anthropic-output-format-model', 'anthropic', body, context)).toEqual([]);
      expect(
        breaks(
          'openai-structured-model',
          'openai',
          chat(jsonSchema({ name: 'trip', schema: OPEN })),
          context,
        ),
      ).toEqual([]);
    }
    const features = { outputFormat: false };
    expect(
      breaks('anthropic-output-format-model', 'anthropic', anthropic({}), { features }),
    ).toEqual([]);
    expect(
      breaks('openai-structured-model', 'openai', chat({ type: 'json_object' }), { features }),
    ).toEqual([]);
  });
});

describe('anthropic-output-format-recursive, -optional, -unions, -enum', () => {
  const strings = (count: number, type: unknown = 'string') =>
    Object.fromEntries(Array.from({ length: count }, (_, index) => [`p${index}`, { type }]));

  it('each refusal with what in the schema breaks it', () => {
    const recursive = { ...closed({ next: { $ref: '#' } }) };
    expect(
      breaks('anthropic-output-format-recursive', 'anthropic', outputFormat(recursive)),
    ).toEqual([
      [
        'output_config.format.schema',
        'Circular reference detected in schema definitions (the schema is recursive (a $ref cycle through the root))',
      ],
    ]);
    expect(
      breaks(
        'anthropic-output-format-optional',
        'anthropic',
        outputFormat(closed(strings(25), [])),
      ),
    ).toEqual([
      [
        'output_config.format.schema',
        'Schemas contains too many optional parameters (25 optional properties in all (at most 24)), which would make grammar compilation inefficient (limit: 24).',
      ],
    ]);
    expect(
      breaks(
        'anthropic-output-format-unions',
        'anthropic',
        outputFormat(closed(strings(17, ['string', 'null']))),
      ),
    ).toEqual([
      [
        'output_config.format.schema',
        'Schemas contains too many parameters with union types (17 properties with a union type in all (at most 16); limit: 16).',
      ],
    ]);
    expect(
      breaks(
        'anthropic-output-format-enum',
        'anthropic',
        outputFormat(closed({ point: { enum: [[1, 2]] } })),
      ),
    ).toEqual([
      [
        'output_config.format.schema',
        'enum values must be primitives (an enum with an object or array value at $.properties.point)',
      ],
    ]);
  });

  it('at the limits, or no schema: nothing', () => {
    const atLimits = closed(
      {
        ...strings(24),
        ...Object.fromEntries(
          Array.from({ length: 16 }, (_, index) => [`u${index}`, { type: ['string', 'null'] }]),
        ),
      },
      Array.from({ length: 16 }, (_, index) => `u${index}`),
    );
    for (const rule of ['recursive', 'optional', 'unions', 'enum']) {
      expect(
        breaks(`anthropic-output-format-${rule}`, 'anthropic', outputFormat(atLimits)),
      ).toEqual([]);
      expect(breaks(`anthropic-output-format-${rule}`, 'anthropic', anthropic({}))).toEqual([]);
    }
  });
});

describe('anthropic-output-format-string-format', () => {
  it('a string format outside the supported list, at its path', () => {
    const schema = closed({
      link: { type: 'string', format: 'uri-reference' },
      when: { type: 'string', format: 'date-time' },
      list: { type: 'array', items: { type: 'string', format: 'binary' } },
      odd: { type: 'string', format: 7 },
    });
    const supported = 'date-time, time, date, duration, email, hostname, uri, ipv4, ipv6, uuid';
    expect(
      breaks('anthropic-output-format-string-format', 'anthropic', outputFormat(schema)),
    ).toEqual([
      [
        'output_config.format.schema.properties.link.format',
        `'uri-reference' is not a supported format (supported: ${supported})`,
      ],
      [
        'output_config.format.schema.properties.list.items.format',
        `'binary' is not a supported format (supported: ${supported})`,
      ],
    ]);
    expect(breaks('anthropic-output-format-string-format', 'anthropic', anthropic({}))).toEqual([]);
  });
});

describe('anthropic-thinking-forced-tool-choice and anthropic-forced-tool-choice-model', () => {
  const tools = [{ name: 'answer', input_schema: { type: 'object' } }];
  const body = (thinking: unknown, choice: unknown) =>
    anthropic({ max_tokens: 2048, thinking, tools, tool_choice: choice });
  const THINKING = 'Thinking may not be enabled when tool_choice forces tool use.';

  it('thinking (enabled or adaptive) with a forced tool choice (any or tool) is refused', () => {
    for (const type of ['enabled', 'adaptive']) {
      for (const choice of [{ type: 'any' }, { type: 'tool', name: 'answer' }]) {
        expect(
          breaks(
            'anthropic-thinking-forced-tool-choice',
            'anthropic',
            body({ type, budget_tokens: 1024 }, choice),
          ),
        ).toEqual([['tool_choice', THINKING]]);
      }
    }
  });

  it('thinking off, or a choice that does not force: nothing', () => {
    expect(
      breaks(
        'anthropic-thinking-forced-tool-choice',
        'anthropic',
        body({ type: 'disabled' }, { type: 'any' }),
      ),
    ).toEqual([]);
    expect(
      breaks(
        'anthropic-thinking-forced-tool-choice',
        'anthropic',
        body(undefined, { type: 'tool', name: 'answer' }),
      ),
    ).toEqual([]);
    for (const choice of [{ type: 'auto' }, { type: 'none' }, undefined, 'any']) {
      expect(
        breaks(
          'anthropic-thinking-forced-tool-choice',
          'anthropic',
          body({ type: 'enabled', budget_tokens: 1024 }, choice),
        ),
      ).toEqual([]);
    }
  });

  it('a model that refuses forced tool use: only with a forcing choice', () => {
    const features = { forcedToolChoice: false };
    const message = 'tool_choice: type "tool" and "any" are not supported for this model.';
    expect(
      breaks(
        'anthropic-forced-tool-choice-model',
        'anthropic',
        body(undefined, { type: 'tool', name: 'answer' }),
        { features },
      ),
    ).toEqual([['tool_choice', message]]);
    expect(
      breaks('anthropic-forced-tool-choice-model', 'anthropic', body(undefined, { type: 'auto' }), {
        features,
      }),
    ).toEqual([]);
    expect(
      breaks('anthropic-forced-tool-choice-model', 'anthropic', body(undefined, { type: 'any' }), {
        features: { forcedToolChoice: true },
      }),
    ).toEqual([]);
    expect(
      breaks('anthropic-forced-tool-choice-model', 'anthropic', body(undefined, { type: 'any' })),
    ).toEqual([]);
  });
});

describe('gemini-json-mime-with-tools and gemini-response-json-schema-const', () => {
  const weather = { functionDeclarations: [{ name: 'weather', parameters: { type: 'object' } }] };
  const MESSAGE = "Function calling with a response mime type: 'application/json' is unsupported";

  it('before Gemini 3: function tools beside the JSON type are refused', () => {
    const features = { jsonWithTools: false };
    const json = { responseMimeType: 'application/json' };
    expect(
      breaks(
        'gemini-json-mime-with-tools',
        'gemini',
        gemini(json, { tools: [{ googleSearch: {} }, weather] }),
        { features },
      ),
    ).toEqual([['generationConfig.responseMimeType', MESSAGE]]);
    // No function declarations (only a built-in tool, or an empty list), another type, or a
    // model that takes both: nothing.
    for (const tools of [[{ googleSearch: {} }], [{ functionDeclarations: [] }], []]) {
      expect(
        breaks('gemini-json-mime-with-tools', 'gemini', gemini(json, { tools }), { features }),
      ).toEqual([]);
    }
    expect(
      breaks(
        'gemini-json-mime-with-tools',
        'gemini',
        gemini({ responseMimeType: 'text/plain' }, { tools: [weather] }),
        { features },
      ),
    ).toEqual([]);
    expect(
      breaks('gemini-json-mime-with-tools', 'gemini', gemini(json, { tools: [weather] })),
    ).toEqual([]);
    expect(
      breaks('gemini-json-mime-with-tools', 'gemini', gemini(json, { tools: [weather] }), {
        features: { jsonWithTools: true },
      }),
    ).toEqual([]);
  });

  it('const anywhere in responseJsonSchema, by path; none, no schema: nothing', () => {
    const schema = {
      type: 'object',
      properties: { kind: { const: 'trip' }, legs: { type: 'array', items: { const: null } } },
    };
    const MESSAGE_CONST = "'const' is not among Gemini's schema keywords; use a one-value enum";
    expect(
      breaks(
        'gemini-response-json-schema-const',
        'gemini',
        gemini({ responseMimeType: 'application/json', responseJsonSchema: schema }),
      ),
    ).toEqual([
      ['generationConfig.responseJsonSchema.properties.kind.const', MESSAGE_CONST],
      ['generationConfig.responseJsonSchema.properties.legs.items.const', MESSAGE_CONST],
    ]);
    expect(
      breaks(
        'gemini-response-json-schema-const',
        'gemini',
        gemini({ responseMimeType: 'application/json', responseJsonSchema: OPEN }),
      ),
    ).toEqual([]);
    expect(
      breaks(
        'gemini-response-json-schema-const',
        'gemini',
        gemini({ responseMimeType: 'application/json' }),
      ),
    ).toEqual([]);
  });
});

describe('what the structured rules read, and what they leave alone', () => {
  it('an object given by its type alone (no properties) must be closed too', () => {
    const schema = closed({ meta: { type: 'object' } });
    expect(
      breaks(
        'openai-structured-strict-schema',
        'openai',
        chat(jsonSchema({ name: 'trip', schema, strict: true })),
      ),
    ).toEqual([
      ['response_format.json_schema.schema.properties.meta', `${STRICT_PREFIX}${NOT_FALSE}`],
    ]);
  });

  it('a format that is not json_schema is not read, whatever it carries', () => {
    const stray = { name: 'my trip', schema: OPEN, strict: true };
    const chatBody = chat({ type: 'json_object', json_schema: stray });
    const responsesBody = responses({ type: 'json_object', ...stray });
    expect(preflight(chatBody, { wire: 'openai', provider: 'groq' }).violations).toEqual([]);
    expect(preflight(responsesBody, { wire: 'responses' }).violations).toEqual([]);
  });

  it('a schema holding null or true where a subschema goes is walked without throwing', () => {
    const schema = {
      type: 'object',
      properties: { anything: true, nothing: null, either: { anyOf: [null, true] } },
      additionalProperties: false,
    };
    expect(breaks('anthropic-output-format-closed', 'anthropic', outputFormat(schema))).toEqual([]);
    expect(
      breaks(
        'openai-structured-strict-schema',
        'openai',
        chat(jsonSchema({ name: 'trip', schema, strict: true })),
      ),
    ).toEqual([['response_format.json_schema.schema', `${STRICT_PREFIX}${missing('anything')}`]]);
  });
});
