// Generated inputs for the purity properties: tool schemas and request bodies of the wires, with
// everything a rewrite could write into (nested schemas and `$defs`, images as bytes and as
// URLs, tool calls and results, cache markers already placed, prefixes long enough to cache).
// Plain JSON data, so a copy taken by structuredClone is exact. Not exported.
import fc from 'fast-check';

/** A 1x1 PNG: bytes that prove their type. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
/** Base64 that is no image at all (an HTML page labelled as one). */
const NOT_AN_IMAGE = btoa('<!doctype html><p>not found</p>');

const propertyName = fc.stringMatching(/^[a-z]{1,6}$/);

/** Text long enough now and then to pass the providers' minimum cacheable prefix. */
export const text = fc.oneof(
  { arbitrary: fc.string({ maxLength: 20 }), weight: 4 },
  { arbitrary: fc.constant('The quarterly figures, line by line. '.repeat(160)), weight: 1 },
);

const leafSchema = fc.constantFrom<Record<string, unknown>>(
  { type: 'string' },
  { type: 'string', format: 'email', minLength: 1 },
  { type: 'integer', minimum: 0, format: 'int32' },
  { type: ['number', 'null'] },
  { type: 'boolean', default: false },
  { enum: ['low', 'high'] },
  { type: 'array' },
  { anyOf: [{ type: 'string' }, { type: 'null' }] },
  { oneOf: [{ const: 'a' }, { const: 'b' }] },
  { $ref: '#/$defs/node' },
);

const schemaNode = fc.letrec<{ node: Record<string, unknown> }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leafSchema,
    fc.record({ type: fc.constant('array'), items: tie('node'), minItems: fc.nat(3) }),
    fc.dictionary(propertyName, tie('node'), { maxKeys: 4 }).chain((properties) =>
      fc.record(
        {
          type: fc.constant('object'),
          properties: fc.constant(properties),
          required: fc.subarray(Object.keys(properties)),
          additionalProperties: fc.boolean(),
        },
        { requiredKeys: ['type', 'properties'] },
      ),
    ),
  ),
})).node;

/** An object tool schema, its `$ref`s resolving into its `$defs` (one definition refers to itself). */
export const toolSchema = fc
  .record({
    properties: fc.dictionary(propertyName, schemaNode, { maxKeys: 5 }),
    item: schemaNode,
    dialect: fc.boolean(),
  })
  .map(({ properties, item, dialect }) => ({
    ...(dialect ? { $schema: 'https://json-schema.org/draft/2020-12/schema' } : {}),
    type: 'object',
    $defs: {
      item,
      node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } },
    },
    properties: { ...properties, item: { $ref: '#/$defs/item' } },
    required: Object.keys(properties).slice(0, 1),
  }));

const toolName = fc.stringMatching(/^[a-z][a-z_]{0,11}$/);
const callId = fc.stringMatching(/^[a-zA-Z0-9]{4,10}$/);
const ttl = fc.constantFrom(undefined, '5m', '1h');
const cacheControl = fc.option(
  ttl.map((value) => ({ type: 'ephemeral', ...(value === undefined ? {} : { ttl: value }) })),
  { nil: undefined, freq: 3 },
);

/** `block` with `cache_control` when one was drawn. */
function marked<T extends object>(block: fc.Arbitrary<T>) {
  return fc
    .tuple(block, cacheControl)
    .map(([value, marker]) => (marker === undefined ? value : { ...value, cache_control: marker }));
}

const anthropicImage = fc.oneof(
  fc.constantFrom(PNG, NOT_AN_IMAGE).map((data) => ({
    type: 'image',
    source: { type: 'base64', media_type: 'image/png', data },
  })),
  fc.constant({ type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } }),
);
const anthropicText = marked(text.map((value) => ({ type: 'text', text: value })));

const anthropicUser = fc
  .array(
    fc.oneof(
      anthropicText,
      marked(anthropicImage),
      marked(
        fc.record({
          type: fc.constant('tool_result'),
          tool_use_id: callId,
          content: fc.oneof(
            text,
            fc.array(fc.oneof(anthropicText, anthropicImage), { maxLength: 3 }),
          ),
          is_error: fc.boolean(),
        }),
      ),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((content) => ({ role: 'user', content }));

const anthropicAssistant = fc
  .array(
    fc.oneof(
      anthropicText,
      fc.record({
        type: fc.constant('tool_use'),
        id: callId,
        name: toolName,
        input: fc.dictionary(propertyName, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
      }),
    ),
    { minLength: 1, maxLength: 3 },
  )
  .map((content) => ({ role: 'assistant', content }));

/** An Anthropic Messages body. */
export const anthropicBody = fc.record(
  {
    model: fc.constantFrom('claude-sonnet-4-5', 'claude-opus-4-6', 'claude-haiku-4-5'),
    max_tokens: fc.integer({ min: 1, max: 4096 }),
    system: fc.array(anthropicText, { minLength: 1, maxLength: 2 }),
    tools: fc.array(
      marked(fc.record({ name: toolName, description: text, input_schema: toolSchema })),
      { maxLength: 3 },
    ),
    messages: fc.array(fc.oneof(anthropicUser, anthropicAssistant), { minLength: 1, maxLength: 5 }),
  },
  { requiredKeys: ['model', 'max_tokens', 'messages'] },
);

const openaiUser = fc
  .oneof(
    text,
    fc.array(
      fc.oneof(
        text.map((value) => ({ type: 'text', text: value })),
        fc
          .constantFrom(`data:image/png;base64,${PNG}`, `data:image/png;base64,${NOT_AN_IMAGE}`)
          .map((url) => ({ type: 'image_url', image_url: { url, detail: 'auto' } })),
        fc.constant({ type: 'image_url', image_url: { url: 'https://example.com/a.png' } }),
      ),
      { minLength: 1, maxLength: 3 },
    ),
  )
  .map((content) => ({ role: 'user', content }));

const openaiAssistant = fc
  .array(
    fc.record({
      id: callId,
      type: fc.constant('function'),
      function: fc.record({
        name: toolName,
        arguments: fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify({ value })),
      }),
    }),
    { minLength: 1, maxLength: 2 },
  )
  .map((calls) => ({ role: 'assistant', content: null, tool_calls: calls }));

const openaiTool = fc
  .record({ tool_call_id: callId, content: text })
  .map((message) => ({ role: 'tool', ...message }));

/** An OpenAI Chat Completions body. */
export const openaiBody = fc.record(
  {
    model: fc.constantFrom('gpt-4.1', 'gpt-4o'),
    messages: fc
      .tuple(
        text.map((content) => ({ role: 'system', content })),
        fc.array(fc.oneof(openaiUser, openaiAssistant, openaiTool), { minLength: 1, maxLength: 5 }),
      )
      .map(([system, rest]) => [system, ...rest]),
    tools: fc.array(
      fc.record({
        type: fc.constant('function'),
        function: fc.record({ name: toolName, description: text, parameters: toolSchema }),
      }),
      { maxLength: 3 },
    ),
    max_completion_tokens: fc.integer({ min: 1, max: 4096 }),
  },
  { requiredKeys: ['model', 'messages'] },
);

const bedrockContent = fc.oneof(
  text.map((value) => ({ text: value })),
  fc.constantFrom(PNG, NOT_AN_IMAGE).map((bytes) => ({
    image: { format: 'png', source: { bytes } },
  })),
  fc.constant({ cachePoint: { type: 'default' } }),
  fc.record({
    toolResult: fc.record({
      toolUseId: callId,
      content: fc.array(
        fc.oneof(
          text.map((value) => ({ text: value })),
          fc.constant({ image: { format: 'png', source: { bytes: PNG } } }),
          fc.constant({ json: { rows: [{ city: 'Berlin' }] } }),
        ),
        { minLength: 1, maxLength: 2 },
      ),
    }),
  }),
);

/** A Bedrock Converse body. */
export const bedrockBody = fc.record(
  {
    modelId: fc.constantFrom('anthropic.claude-sonnet-4-5', 'amazon.nova-pro-v1:0'),
    system: fc.array(
      text.map((value) => ({ text: value })),
      { minLength: 1, maxLength: 2 },
    ),
    messages: fc.array(
      fc.record({
        role: fc.constantFrom('user', 'assistant'),
        content: fc.array(bedrockContent, { minLength: 1, maxLength: 3 }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    toolConfig: fc.record({
      tools: fc.array(
        fc.record({
          toolSpec: fc.record({ name: toolName, inputSchema: fc.record({ json: toolSchema }) }),
        }),
        { minLength: 1, maxLength: 2 },
      ),
    }),
  },
  { requiredKeys: ['modelId', 'messages'] },
);
