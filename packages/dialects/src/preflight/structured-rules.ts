// The structured-output rules `preflight` checks (and the simulator enforces): OpenAI's strict
// schema rules for `response_format` and Responses `text.format`, the format name pattern,
// Anthropic's closed objects for `output_config.format`, Gemini's MIME type beside a response
// schema, and the endpoints that refuse tools together with a structured `response_format`.
import { isDeeplyFrozen } from '@crosswire/core';
import {
  ANTHROPIC_STRING_FORMATS,
  anthropicFormatObstacles,
} from '../structured/anthropic-output.js';
import { forEachSchemaNode } from '../structured/schema-nodes.js';
import { strictObstacles } from '../structured/strict.js';
import { asArray, asRecord, isRecord, type JsonObject } from '../support/json.js';
import { arraysWithoutItems } from './request-rules.js';
import type { ProviderRule, RuleBreak, RuleCheck } from './types.js';

const STRUCTURED_OUTPUTS =
  'https://platform.openai.com/docs/guides/structured-outputs#supported-schemas';
const ANTHROPIC_STRUCTURED =
  'https://platform.claude.com/docs/en/build-with-claude/structured-outputs';
const GEMINI_CONFIG = 'https://ai.google.dev/api/generate-content#generationconfig';
const GEMINI_STRUCTURED = 'https://ai.google.dev/gemini-api/docs/structured-output';
const NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * The providers (registry ids) whose OpenAI-compatible endpoint refuses `tools` together with a
 * `json_schema` `response_format` (the registry quirk `structured_output_with_tools: false`;
 * a registry test keeps the two lists equal).
 */
export const STRUCTURED_WITH_TOOLS_REFUSED: readonly string[] = Object.freeze(['cerebras', 'groq']);

/** The wires whose structured format is an OpenAI `json_schema` format. */
type FormatWire = 'openai' | 'responses';

/** Where each OpenAI wire puts its structured format: the format object and its path. */
const FORMAT_READERS: Readonly<
  Record<FormatWire, (body: JsonObject) => { format: JsonObject; path: string } | undefined>
> = {
  openai: (body) => {
    const format = body.response_format;
    if (!isRecord(format) || format.type !== 'json_schema' || !isRecord(format.json_schema))
      return undefined;
    return { format: format.json_schema, path: 'response_format.json_schema' };
  },
  responses: (body) => {
    const format = isRecord(body.text) ? body.text.format : undefined;
    if (!isRecord(format) || format.type !== 'json_schema') return undefined;
    return { format, path: 'text.format' };
  },
};

function formatOf(wire: FormatWire, body: JsonObject) {
  return FORMAT_READERS[wire](body);
}

/** Every object node that is not closed or does not require all its properties. */
function unclosedObjects(node: unknown, path: string, out: RuleBreak[]): void {
  if (Array.isArray(node)) {
    node.forEach((inner, index) => {
      unclosedObjects(inner, `${path}[${index}]`, out);
    });
    return;
  }
  if (!isRecord(node)) return;
  const properties = isRecord(node.properties) ? node.properties : undefined;
  if (node.type === 'object' || properties !== undefined) {
    if (node.additionalProperties !== false) {
      out.push({
        path,
        message: "'additionalProperties' is required to be supplied and to be false",
      });
    }
    // Property names are strings: anything else in the list matches none.
    const required = new Set(asArray(node.required));
    const missing = Object.keys(properties ?? {}).filter((name) => !required.has(name));
    if (missing.length > 0) {
      out.push({
        path,
        message: `'required' is required to be supplied and to be an array including every key in properties. Missing '${missing[0]}'`,
      });
    }
  }
  if (properties)
    for (const [name, inner] of Object.entries(properties))
      unclosedObjects(inner, `${path}.properties.${name}`, out);
  unclosedObjects(node.items, `${path}.items`, out);
  for (const key of ['anyOf', '$defs', 'definitions'] as const) {
    const inner = node[key];
    if (Array.isArray(inner)) unclosedObjects(inner, `${path}.${key}`, out);
    else if (isRecord(inner))
      for (const [name, child] of Object.entries(inner))
        unclosedObjects(child, `${path}.${key}.${name}`, out);
  }
}

/**
 * The breaks a schema walk finds, remembered per deeply frozen schema object: the engine sends
 * the same frozen output schema object on every turn of a loop (the dialects remember what they
 * made of it), so a rule walks it once. A schema that is not frozen is walked on every call (it
 * may have changed in place). Paths start at `$` and are placed under the body's path by the
 * caller.
 */
function perSchema(
  memo: WeakMap<object, readonly RuleBreak[]>,
  schema: object,
  walk: (schema: object) => RuleBreak[],
): readonly RuleBreak[] {
  let found = memo.get(schema);
  if (found === undefined) {
    found = walk(schema);
    if (isDeeplyFrozen(schema)) memo.set(schema, found);
  }
  return found;
}

const STRICT_BREAKS = new WeakMap<object, readonly RuleBreak[]>();
const ARRAY_BREAKS = new WeakMap<object, readonly RuleBreak[]>();
const CONST_BREAKS = new WeakMap<object, readonly RuleBreak[]>();
const FORMAT_BREAKS = new WeakMap<object, readonly RuleBreak[]>();
const CLOSED_BREAKS = new WeakMap<object, readonly RuleBreak[]>();

/** Where a break found on a schema at `$` is in the body. */
const under = (base: string, path: string) => `${base}${path.slice(1)}`;

function strictSchemaCheck(wire: FormatWire): RuleCheck {
  return (body) => {
    const found = formatOf(wire, body);
    if (found?.format.strict !== true) return [];
    const schemaPath = `${found.path}.schema`;
    const schema = found.format.schema;
    if (!isRecord(schema)) return [{ path: schemaPath, message: 'a strict schema is required' }];
    const breaks = perSchema(STRICT_BREAKS, schema, (walked) => {
      const out: RuleBreak[] = strictObstacles(walked as JsonObject).map((reason) => ({
        path: '$',
        message: reason,
      }));
      const unclosed: RuleBreak[] = [];
      unclosedObjects(walked, '$', unclosed);
      for (const broken of unclosed) {
        out.push({ path: broken.path, message: `In context=(), ${broken.message}.` });
      }
      return out;
    });
    return breaks.map((broken) => ({
      path: under(schemaPath, broken.path),
      message: `Invalid schema for response_format '${String(found.format.name)}': ${broken.message}`,
    }));
  };
}

function formatNameCheck(wire: FormatWire): RuleCheck {
  return (body) => {
    const found = formatOf(wire, body);
    if (!found) return [];
    const name = found.format.name;
    return typeof name === 'string' && NAME.test(name)
      ? []
      : [
          {
            path: `${found.path}.name`,
            message: `${JSON.stringify(name)}: string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$' (at most 64).`,
          },
        ];
  };
}

/** The schema of an anthropic body's `output_config.format`, if any. */
function outputFormatSchema(body: JsonObject): JsonObject | undefined {
  const schema = asRecord(asRecord(body.output_config).format).schema;
  return isRecord(schema) ? schema : undefined;
}

const FORMAT_PATH = 'output_config.format.schema';

/** The check of one of `anthropicFormatObstacles`' rules, with the API's own words. */
function formatObstacleCheck(rule: string, message: (reason: string) => string): RuleCheck {
  return (body) => {
    const schema = outputFormatSchema(body);
    if (schema === undefined) return [];
    return anthropicFormatObstacles(schema)
      .filter((obstacle) => obstacle.rule === rule)
      .map((obstacle) => ({ path: FORMAT_PATH, message: message(obstacle.reason) }));
  };
}

/** A response format's schema arrays without `items`, in the API's words. */
function formatArrayItemsCheck(wire: FormatWire): RuleCheck {
  return (body) => {
    const found = formatOf(wire, body);
    if (!found || !isRecord(found.format.schema)) return [];
    const breaks = perSchema(ARRAY_BREAKS, found.format.schema, (walked) => {
      const out: RuleBreak[] = [];
      arraysWithoutItems(walked, '$', [], out);
      return out;
    });
    return breaks.map((broken) => ({
      path: under(`${found.path}.schema`, broken.path),
      message: `Invalid schema for response_format '${String(found.format.name)}': ${broken.message}.`,
    }));
  };
}

/** True when an anthropic `tool_choice` forces a tool call. */
function forcedChoice(body: JsonObject): boolean {
  const type = asRecord(body.tool_choice).type;
  return type === 'any' || type === 'tool';
}

/** True when a gemini body offers function tools. */
function offersFunctions(body: JsonObject): boolean {
  return asArray(body.tools).some(
    (tool) => asArray(asRecord(tool).functionDeclarations).length > 0,
  );
}

const anthropicOutput = (schema: object, extra: object = {}) => ({
  path: '/v1/messages',
  body: {
    model: 'claude-sonnet-5-5',
    max_tokens: 64,
    messages: [{ role: 'user', content: 'Hi' }],
    output_config: { format: { type: 'json_schema', schema } },
    ...extra,
  },
});
const closed = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});
const optionalStrings = (count: number) =>
  closed(
    Object.fromEntries(
      Array.from({ length: count }, (_, index) => [`p${index}`, { type: 'string' }]),
    ),
  );
const nullableStrings = (count: number) =>
  closed(
    Object.fromEntries(
      Array.from({ length: count }, (_, index) => [`p${index}`, { type: ['string', 'null'] }]),
    ),
    Array.from({ length: count }, (_, index) => `p${index}`),
  );
const geminiBody = (generationConfig: object, extra: object = {}, model = 'gemini-2.5-flash') => ({
  path: `/models/${model}:generateContent`,
  body: { contents: [{ role: 'user', parts: [{ text: 'Hi' }] }], generationConfig, ...extra },
});
const WEATHER_TOOL = {
  functionDeclarations: [
    { name: 'weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
  ],
};

const CHAT = '/chat/completions';
const openSchema = { type: 'object', properties: { city: { type: 'string' } } };
const chatFormat = (jsonSchema: object, extra: object = {}) => ({
  path: CHAT,
  body: {
    model: 'gpt-4.1',
    messages: [{ role: 'user', content: 'Hi' }],
    response_format: { type: 'json_schema', json_schema: jsonSchema },
    ...extra,
  },
});

export const STRUCTURED_RULES: readonly ProviderRule[] = [
  {
    id: 'openai-structured-strict-schema',
    wire: 'openai',
    rule: 'With `strict: true`, the `response_format` schema is an object whose every object has `additionalProperties: false` and requires all its properties, within the supported keywords and limits.',
    source: STRUCTURED_OUTPUTS,
    example: chatFormat({ name: 'trip', schema: openSchema, strict: true }),
    violation: "'additionalProperties' is required to be supplied and to be false",
    quoted:
      "Invalid schema for response_format 'trip': In context=(), 'additionalProperties' is required to be supplied and to be false.",
    check: strictSchemaCheck('openai'),
  },
  {
    id: 'openai-structured-name',
    wire: 'openai',
    rule: 'A `response_format.json_schema.name` matches `^[a-zA-Z0-9_-]{1,64}$`.',
    source: 'https://github.com/openai/openai-openapi (ResponseFormatJsonSchema.json_schema.name)',
    example: chatFormat({ name: 'my trip', schema: openSchema }),
    violation: 'string does not match pattern',
    check: formatNameCheck('openai'),
  },
  {
    id: 'responses-structured-strict-schema',
    wire: 'responses',
    rule: 'With `strict: true`, the `text.format` schema follows the same strict rules as Chat Completions.',
    source: STRUCTURED_OUTPUTS,
    example: {
      path: '/responses',
      body: {
        model: 'gpt-4.1',
        input: 'Hi',
        text: { format: { type: 'json_schema', name: 'trip', schema: openSchema, strict: true } },
      },
    },
    violation: "'additionalProperties' is required to be supplied and to be false",
    check: strictSchemaCheck('responses'),
  },
  {
    id: 'responses-structured-name',
    wire: 'responses',
    rule: 'A `text.format.name` matches `^[a-zA-Z0-9_-]{1,64}$`.',
    source: 'https://github.com/openai/openai-openapi (TextResponseFormatJsonSchema.name)',
    example: {
      path: '/responses',
      body: {
        model: 'gpt-4.1',
        input: 'Hi',
        text: { format: { type: 'json_schema', name: 'my trip', schema: openSchema } },
      },
    },
    violation: 'string does not match pattern',
    check: formatNameCheck('responses'),
  },
  {
    id: 'openai-structured-with-tools',
    wire: 'openai',
    rule: 'Groq and Cerebras refuse `tools` together with a `json_schema` `response_format` in one request.',
    source: 'https://console.groq.com/docs/structured-outputs',
    example: {
      provider: 'groq',
      ...chatFormat(
        { name: 'trip', schema: openSchema },
        { tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }] },
      ),
    },
    violation: 'tools cannot be used together with a json_schema response_format',
    check: (body, context) => {
      if (
        context.provider === undefined ||
        !STRUCTURED_WITH_TOOLS_REFUSED.includes(context.provider)
      )
        return [];
      if (formatOf('openai', body) === undefined || asArray(body.tools).length === 0) return [];
      return [
        {
          path: 'response_format',
          message: `${context.provider}: tools cannot be used together with a json_schema response_format; ask for the object in a turn without tools`,
        },
      ];
    },
  },
  {
    id: 'anthropic-output-format-closed',
    wire: 'anthropic',
    rule: 'Every object of an `output_config.format` schema has `additionalProperties: false`.',
    source: ANTHROPIC_STRUCTURED,
    example: {
      path: '/v1/messages',
      body: {
        model: 'claude-sonnet-4-5',
        max_tokens: 64,
        messages: [{ role: 'user', content: 'Hi' }],
        output_config: { format: { type: 'json_schema', schema: openSchema } },
      },
    },
    violation: 'additionalProperties',
    check: (body) => {
      const config = isRecord(body.output_config) ? body.output_config : undefined;
      const format = isRecord(config?.format) ? config.format : undefined;
      if (format === undefined || !isRecord(format.schema)) return [];
      return perSchema(CLOSED_BREAKS, format.schema, (walked) => {
        const out: RuleBreak[] = [];
        unclosedObjects(walked, '$', out);
        return out.filter((broken) => broken.message.startsWith("'additionalProperties'"));
      }).map((broken) => ({
        path: under(FORMAT_PATH, broken.path),
        message: 'For object types, additionalProperties must be explicitly set to false',
      }));
    },
  },
  {
    id: 'gemini-response-schema-mime',
    wire: 'gemini',
    rule: '`responseSchema` and `responseJsonSchema` need `responseMimeType: application/json`.',
    source: GEMINI_CONFIG,
    example: {
      path: '/models/gemini-2.5-flash:generateContent',
      body: {
        contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
        generationConfig: { responseJsonSchema: openSchema },
      },
    },
    violation: 'responseMimeType',
    check: (body) => {
      const config = isRecord(body.generationConfig) ? body.generationConfig : undefined;
      if (config === undefined) return [];
      const schemaField = ['responseSchema', 'responseJsonSchema'].find(
        (field) => config[field] !== undefined,
      );
      if (schemaField === undefined || config.responseMimeType === 'application/json') return [];
      return [
        {
          path: `generationConfig.${schemaField}`,
          message: `${schemaField} needs responseMimeType 'application/json' (got ${JSON.stringify(config.responseMimeType)})`,
        },
      ];
    },
  },
  {
    id: 'openai-structured-array-items',
    wire: 'openai',
    rule: 'Every array of a `response_format` schema has `items`.',
    source: 'https://github.com/sigoden/aichat/issues/1049',
    example: chatFormat({
      name: 'trip',
      schema: { type: 'object', properties: { stops: { type: 'array' } } },
    }),
    violation: 'array schema missing items',
    quoted:
      "Invalid schema for function 'x': In context=('properties', 'paths'), array schema missing items.",
    check: formatArrayItemsCheck('openai'),
  },
  {
    id: 'responses-structured-array-items',
    wire: 'responses',
    rule: 'Every array of a `text.format` schema has `items`.',
    source: 'https://github.com/sigoden/aichat/issues/1049',
    example: {
      path: '/responses',
      body: {
        model: 'gpt-4.1',
        input: 'Hi',
        text: {
          format: {
            type: 'json_schema',
            name: 'trip',
            schema: { type: 'object', properties: { stops: { type: 'array' } } },
          },
        },
      },
    },
    violation: 'array schema missing items',
    check: formatArrayItemsCheck('responses'),
  },
  {
    id: 'anthropic-output-format-model',
    wire: 'anthropic',
    rule: '`output_config.format` goes only to a model that has it (Sonnet 4.5, Opus 4.5, Haiku 4.5 and later; not Claude 4.0 or 4.1 and their dated snapshots, not Fable).',
    source: 'https://github.com/anomalyco/models.dev/issues/1765',
    example: {
      ...anthropicOutput(closed({ city: { type: 'string' } }, ['city'])),
      features: { outputFormat: false },
    },
    violation: 'output_config.format: Extra inputs are not permitted',
    quoted: 'output_config.format: Extra inputs are not permitted',
    check: (body, context) =>
      context.features?.outputFormat === false && outputFormatSchema(body) !== undefined
        ? [
            {
              path: 'output_config.format',
              message: 'output_config.format: Extra inputs are not permitted',
            },
          ]
        : [],
  },
  {
    id: 'anthropic-output-format-recursive',
    wire: 'anthropic',
    rule: 'An `output_config.format` schema is not recursive (no `$ref` cycle).',
    source: 'https://github.com/egonSchiele/agency-lang/issues/487',
    example: anthropicOutput({
      ...closed({ root: { $ref: '#/$defs/node' } }, ['root']),
      $defs: {
        node: closed({ children: { type: 'array', items: { $ref: '#/$defs/node' } } }, [
          'children',
        ]),
      },
    }),
    violation: 'Circular reference detected in schema definitions',
    quoted: 'Circular reference detected in schema definitions',
    check: formatObstacleCheck(
      'anthropic-output-format-recursive',
      (reason) => `Circular reference detected in schema definitions (${reason})`,
    ),
  },
  {
    id: 'anthropic-output-format-optional',
    wire: 'anthropic',
    rule: 'An `output_config.format` schema has at most 24 optional properties in all.',
    source: 'https://github.com/elie222/inbox-zero/issues/2323',
    example: anthropicOutput(optionalStrings(25)),
    violation: 'Schemas contains too many optional parameters',
    quoted:
      'Schemas contains too many optional parameters (87), which would make grammar compilation inefficient. Reduce the number of optional parameters in your tool schemas (limit: 24).',
    check: formatObstacleCheck(
      'anthropic-output-format-optional',
      (reason) =>
        `Schemas contains too many optional parameters (${reason}), which would make grammar compilation inefficient (limit: 24).`,
    ),
  },
  {
    id: 'anthropic-output-format-unions',
    wire: 'anthropic',
    rule: 'An `output_config.format` schema has at most 16 properties with a union type (`anyOf`, a type array) in all.',
    source: ANTHROPIC_STRUCTURED,
    example: anthropicOutput(nullableStrings(17)),
    violation: 'too many parameters with union types',
    check: formatObstacleCheck(
      'anthropic-output-format-unions',
      (reason) => `Schemas contains too many parameters with union types (${reason}; limit: 16).`,
    ),
  },
  {
    id: 'anthropic-output-format-enum',
    wire: 'anthropic',
    rule: 'The values of an `enum` in an `output_config.format` schema are strings, numbers, booleans or null.',
    source: ANTHROPIC_STRUCTURED,
    example: anthropicOutput(closed({ point: { enum: [{ x: 1 }, { x: 2 }] } }, ['point'])),
    violation: 'enum values must be primitives',
    check: formatObstacleCheck(
      'anthropic-output-format-enum',
      (reason) => `enum values must be primitives (${reason})`,
    ),
  },
  {
    id: 'anthropic-output-format-string-format',
    wire: 'anthropic',
    rule: `A string \`format\` in an \`output_config.format\` schema is one of ${ANTHROPIC_STRING_FORMATS.join(', ')}.`,
    source: ANTHROPIC_STRUCTURED,
    example: anthropicOutput(
      closed({ link: { type: 'string', format: 'uri-reference' } }, ['link']),
    ),
    violation: 'is not a supported format',
    check: (body) => {
      const schema = outputFormatSchema(body);
      if (schema === undefined) return [];
      return perSchema(FORMAT_BREAKS, schema, (walked) => {
        const found: RuleBreak[] = [];
        forEachSchemaNode(walked, (node, path) => {
          if (typeof node.format === 'string' && !ANTHROPIC_STRING_FORMATS.includes(node.format)) {
            found.push({
              path: `${path}.format`,
              message: `'${node.format}' is not a supported format (supported: ${ANTHROPIC_STRING_FORMATS.join(', ')})`,
            });
          }
        });
        return found;
      }).map((broken) => ({ path: under(FORMAT_PATH, broken.path), message: broken.message }));
    },
  },
  {
    id: 'anthropic-thinking-forced-tool-choice',
    wire: 'anthropic',
    rule: 'With extended thinking on, `tool_choice` does not force a tool call (`any` or `tool`).',
    source: 'https://github.com/mastra-ai/mastra/issues/7507',
    example: {
      path: '/v1/messages',
      body: {
        model: 'claude-sonnet-5-5',
        max_tokens: 2048,
        thinking: { type: 'enabled', budget_tokens: 1024 },
        messages: [{ role: 'user', content: 'Hi' }],
        tools: [{ name: 'answer', input_schema: { type: 'object' } }],
        tool_choice: { type: 'tool', name: 'answer' },
      },
    },
    violation: 'Thinking may not be enabled when tool_choice forces tool use.',
    quoted: 'Thinking may not be enabled when tool_choice forces tool use.',
    check: (body) => {
      const thinking = asRecord(body.thinking).type;
      return (thinking === 'enabled' || thinking === 'adaptive') && forcedChoice(body)
        ? [
            {
              path: 'tool_choice',
              message: 'Thinking may not be enabled when tool_choice forces tool use.',
            },
          ]
        : [];
    },
  },
  {
    id: 'anthropic-forced-tool-choice-model',
    wire: 'anthropic',
    rule: '`tool_choice` does not force a tool call on a model that refuses forced tool use (Claude Fable 5.1).',
    source: 'https://github.com/anthropics/claude-cookbooks/issues/854',
    example: {
      path: '/v1/messages',
      body: {
        model: 'claude-fable-5-1',
        max_tokens: 64,
        messages: [{ role: 'user', content: 'Hi' }],
        tools: [{ name: 'answer', input_schema: { type: 'object' } }],
        tool_choice: { type: 'any' },
      },
      features: { forcedToolChoice: false },
    },
    violation: 'are not supported for this model',
    quoted: 'tool_choice: type "tool" and "any" are not supported for this model.',
    check: (body, context) =>
      context.features?.forcedToolChoice === false && forcedChoice(body)
        ? [
            {
              path: 'tool_choice',
              message: 'tool_choice: type "tool" and "any" are not supported for this model.',
            },
          ]
        : [],
  },
  {
    id: 'gemini-json-mime-with-tools',
    wire: 'gemini',
    rule: 'Before Gemini 3, function tools do not go together with `responseMimeType: application/json`.',
    source: 'https://github.com/symfony/ai/issues/1777',
    example: {
      ...geminiBody({ responseMimeType: 'application/json' }, { tools: [WEATHER_TOOL] }),
      features: { jsonWithTools: false },
    },
    violation: "Function calling with a response mime type: 'application/json' is unsupported",
    quoted: "Function calling with a response mime type: 'application/json' is unsupported",
    check: (body, context) =>
      context.features?.jsonWithTools === false &&
      asRecord(body.generationConfig).responseMimeType === 'application/json' &&
      offersFunctions(body)
        ? [
            {
              path: 'generationConfig.responseMimeType',
              message:
                "Function calling with a response mime type: 'application/json' is unsupported",
            },
          ]
        : [],
  },
  {
    id: 'gemini-response-schema-array-items',
    wire: 'gemini',
    rule: 'Every array of a `responseSchema` has `items`.',
    source: 'https://github.com/kkrishnan90/gemini-desktop/issues/7',
    example: geminiBody(
      {
        responseMimeType: 'application/json',
        responseSchema: { type: 'OBJECT', properties: { tags: { type: 'ARRAY' } } },
      },
      {},
      'gemini-2.0-flash',
    ),
    violation: 'items: missing field',
    quoted: 'parameters.properties[tags].items: missing field.',
    check: (body) => {
      const schema = asRecord(body.generationConfig).responseSchema;
      const out: RuleBreak[] = [];
      arraysWithoutItems(schema, 'generationConfig.responseSchema', [], out);
      return out.map((broken) => ({
        path: broken.path,
        message: `${broken.path}.items: missing field.`,
      }));
    },
  },
  {
    id: 'gemini-response-json-schema-const',
    wire: 'gemini',
    rule: "`responseJsonSchema` keeps to Gemini's keyword list, which has `enum` and no `const` (Crosswire sends a one-value `enum`, as the AI SDK does); Google documents no 400 for it.",
    source: GEMINI_STRUCTURED,
    example: geminiBody({
      responseMimeType: 'application/json',
      responseJsonSchema: { type: 'object', properties: { kind: { const: 'trip' } } },
    }),
    violation: "'const' is not among Gemini's schema keywords",
    check: (body) => {
      const schema = asRecord(body.generationConfig).responseJsonSchema;
      if (!isRecord(schema)) return [];
      return perSchema(CONST_BREAKS, schema, (walked) => {
        const found: RuleBreak[] = [];
        forEachSchemaNode(walked, (node, path) => {
          if (Object.hasOwn(node, 'const')) {
            found.push({
              path: `${path}.const`,
              message: "'const' is not among Gemini's schema keywords; use a one-value enum",
            });
          }
        });
        return found;
      }).map((broken) => ({
        path: under('generationConfig.responseJsonSchema', broken.path),
        message: broken.message,
      }));
    },
  },
  ...(['openai', 'responses'] as const).map(
    (wire): ProviderRule => ({
      id: `${wire}-structured-model`,
      wire,
      rule: 'A `json_schema` format goes only to a model that has structured outputs (the earliest GPT-4o snapshot has none: its registry entry says `output_format: false`).',
      source: 'https://github.com/web-infra-dev/midscene/issues/259',
      example: {
        ...(wire === 'openai'
          ? chatFormat({ name: 'trip', schema: openSchema })
          : {
              path: '/responses',
              body: {
                model: 'gpt-4o-2024-05-13',
                input: 'Hi',
                text: { format: { type: 'json_schema', name: 'trip', schema: openSchema } },
              },
            }),
        features: { outputFormat: false },
      },
      violation: "'response_format' of type 'json_schema' is not supported with this model",
      quoted:
        "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model. Learn more about supported models at the Structured Outputs guide: https://platform.openai.com/docs/guides/structured-outputs",
      check: (body, context) => {
        if (context.features?.outputFormat !== false) return [];
        const found = formatOf(wire, body);
        return found === undefined
          ? []
          : [
              {
                path: found.path,
                message:
                  "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
              },
            ];
      },
    }),
  ),
];
