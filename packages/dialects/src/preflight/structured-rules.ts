// The structured-output rules `preflight` checks (and the simulator enforces): OpenAI's strict
// schema rules for `response_format` and Responses `text.format`, the format name pattern,
// Anthropic's closed objects for `output_config.format`, Gemini's MIME type beside a response
// schema, and the endpoints that refuse tools together with a structured `response_format`.
import type { WireFormat } from '@crosswire/core';
import { strictObstacles } from '../structured/strict.js';
import { asArray, isRecord, type JsonObject } from '../support/json.js';
import type { ProviderRule, RuleBreak, RuleCheck } from './types.js';

const STRUCTURED_OUTPUTS =
  'https://platform.openai.com/docs/guides/structured-outputs#supported-schemas';
const ANTHROPIC_STRUCTURED =
  'https://platform.claude.com/docs/en/build-with-claude/structured-outputs';
const GEMINI_CONFIG = 'https://ai.google.dev/api/generate-content#generationconfig';
const NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * The providers (registry ids) whose OpenAI-compatible endpoint refuses `tools` together with a
 * `json_schema` `response_format` (the registry quirk `structured_output_with_tools: false`;
 * a registry test keeps the two lists equal).
 */
export const STRUCTURED_WITH_TOOLS_REFUSED: readonly string[] = Object.freeze(['cerebras', 'groq']);

/** Where each OpenAI wire puts its structured format: the format object and its path. */
const FORMAT_READERS: Readonly<
  Partial<
    Record<WireFormat, (body: JsonObject) => { format: JsonObject; path: string } | undefined>
  >
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

function formatOf(wire: WireFormat, body: JsonObject) {
  return FORMAT_READERS[wire]?.(body);
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
    const required = new Set(asArray(node.required).filter((name) => typeof name === 'string'));
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
  if (node.items !== undefined) unclosedObjects(node.items, `${path}.items`, out);
  for (const key of ['anyOf', '$defs', 'definitions'] as const) {
    const inner = node[key];
    if (Array.isArray(inner)) unclosedObjects(inner, `${path}.${key}`, out);
    else if (isRecord(inner))
      for (const [name, child] of Object.entries(inner))
        unclosedObjects(child, `${path}.${key}.${name}`, out);
  }
}

function strictSchemaCheck(wire: WireFormat): RuleCheck {
  return (body) => {
    const found = formatOf(wire, body);
    if (found?.format.strict !== true) return [];
    const schemaPath = `${found.path}.schema`;
    const schema = found.format.schema;
    if (!isRecord(schema)) return [{ path: schemaPath, message: 'a strict schema is required' }];
    const out: RuleBreak[] = strictObstacles(schema).map((reason) => ({
      path: schemaPath,
      message: `Invalid schema for response_format '${String(found.format.name)}': ${reason}`,
    }));
    const unclosed: RuleBreak[] = [];
    unclosedObjects(schema, schemaPath, unclosed);
    for (const broken of unclosed) {
      out.push({
        path: broken.path,
        message: `Invalid schema for response_format '${String(found.format.name)}': In context=(), ${broken.message}.`,
      });
    }
    return out;
  };
}

function formatNameCheck(wire: WireFormat): RuleCheck {
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
      if (format === undefined) return [];
      const out: RuleBreak[] = [];
      unclosedObjects(format.schema, 'output_config.format.schema', out);
      return out
        .filter((broken) => broken.message.startsWith("'additionalProperties'"))
        .map((broken) => ({
          path: broken.path,
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
];
