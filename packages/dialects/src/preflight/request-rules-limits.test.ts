import { describe, expect, it } from 'vitest';
import { preflight } from './preflight.js';
import { ANTHROPIC_MEDIA_LIMITS, pngHeaderBase64, TOOL_COUNT_LIMITS } from './request-rules.js';

// Each request rule as a user meets it: the exact path and message of the refusal at its exact
// boundary, and the near misses that pass. Every expected value is written by hand.

type Wire = 'openai' | 'responses' | 'anthropic' | 'gemini';
const found = (wire: Wire, body: unknown) =>
  preflight(body, { wire }).violations.map(({ rule, path, message }) => ({ rule, path, message }));
const paths = (wire: Wire, body: unknown) =>
  preflight(body, { wire }).violations.map(({ rule, path }) => `${rule} ${path}`);

const image = (data: string) => ({
  type: 'image',
  source: { type: 'base64', media_type: 'image/png', data },
});
const urlImage = () => ({
  type: 'image',
  source: { type: 'url', url: 'https://example.com/a.png' },
});
const pdf = () => ({
  type: 'document',
  source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0xLjQK' },
});
const anthropic = (content: unknown[], extra: object = {}) => ({
  model: 'claude-sonnet-4-5',
  max_tokens: 64,
  messages: [{ role: 'user', content }],
  ...extra,
});
const anthropicTools = (tools: unknown[]) => anthropic([{ type: 'text', text: 'Hi' }], { tools });
const chat = (tools: unknown[]) => ({
  model: 'gpt-4.1',
  messages: [{ role: 'user', content: 'Hi' }],
  tools,
});
const chatTool = (name: string, parameters: object = { type: 'object', properties: {} }) => ({
  type: 'function',
  function: { name, parameters },
});
const chatSchema = (parameters: object) => chat([chatTool('read', parameters)]);

describe('the documented limits, as numbers', () => {
  it('are the providers’ own', () => {
    expect(ANTHROPIC_MEDIA_LIMITS).toEqual({
      imageBytes: 5_242_880,
      imageSide: 8000,
      mediaPerRequest: 100,
      manyImages: 20,
      manyImageSide: 2000,
    });
    expect(TOOL_COUNT_LIMITS).toEqual({ openai: 128 });
  });
});

describe('tool names: the exact refusal of each wire', () => {
  it('OpenAI Chat Completions', () => {
    expect(found('openai', chat([chatTool('ok'), chatTool('calendar.read')]))).toEqual([
      {
        rule: 'openai-tool-name',
        path: 'tools[1].function.name',
        message:
          "\"calendar.read\": Invalid 'tools[1].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]{1,64}$'.",
      },
    ]);
    // A name that is not a string is refused as such.
    expect(found('openai', chat([{ type: 'function', function: { name: 7 } }]))).toEqual([
      {
        rule: 'openai-tool-name',
        path: 'tools[0].function.name',
        message:
          "7: Invalid 'tools[0].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]{1,64}$'.",
      },
    ]);
    expect(found('openai', chat([chatTool('Get_Weather-2')]))).toEqual([]);
  });

  it('OpenAI Responses', () => {
    const body = {
      model: 'gpt-4.1',
      input: [],
      tools: [{ type: 'function', name: 'a'.repeat(65), parameters: {} }],
    };
    expect(found('responses', body)).toEqual([
      {
        rule: 'responses-tool-name',
        path: 'tools[0].name',
        message: `"${'a'.repeat(65)}": Invalid 'tools[0].name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]{1,64}$'.`,
      },
    ]);
    const fine = { ...body, tools: [{ type: 'function', name: 'a'.repeat(64), parameters: {} }] };
    expect(found('responses', fine)).toEqual([]);
  });

  it('Anthropic', () => {
    expect(
      found('anthropic', anthropicTools([{ name: 'x y', input_schema: { type: 'object' } }])),
    ).toEqual([
      {
        rule: 'anthropic-tool-name',
        path: 'tools[0].name',
        message: '"x y": String should match pattern \'^[a-zA-Z0-9_-]{1,128}$\'',
      },
    ]);
    expect(
      found('anthropic', anthropicTools([{ name: '', input_schema: { type: 'object' } }])),
    ).toEqual([
      {
        rule: 'anthropic-tool-name',
        path: 'tools[0].name',
        message: '"": String should match pattern \'^[a-zA-Z0-9_-]{1,128}$\'',
      },
    ]);
  });

  it('Gemini', () => {
    const gemini = (name: string) => ({
      contents: [],
      tools: [{ functionDeclarations: [{ name: 'fine' }, { name }] }],
    });
    expect(found('gemini', gemini('-dash'))).toEqual([
      {
        rule: 'gemini-tool-name',
        path: 'tools[0].functionDeclarations[1].name',
        message:
          '"-dash": [FIELD_INVALID] Invalid function name. Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores (_), dots (.), colons (:), or dashes (-), with a maximum length of 64.',
      },
    ]);
    expect(paths('gemini', gemini(''))).toEqual([
      'gemini-tool-name tools[0].functionDeclarations[1].name',
    ]);
    expect(paths('gemini', gemini('Z9_.:-'))).toEqual([]);
    expect(paths('gemini', gemini('a b'))).toEqual([
      'gemini-tool-name tools[0].functionDeclarations[1].name',
    ]);
  });
});

describe('openai-tool-count', () => {
  const tools = (count: number) =>
    Array.from({ length: count }, (_, index) => chatTool(`t${index}`));
  it('passes 128 tools and refuses 129 with the count', () => {
    expect(found('openai', chat(tools(128)))).toEqual([]);
    expect(found('openai', chat(tools(129)))).toEqual([
      {
        rule: 'openai-tool-count',
        path: 'tools',
        message:
          "Invalid 'tools': array too long. Expected an array with maximum length 128, but got an array with length 129 instead.",
      },
    ]);
  });
});

describe('array schemas without items, wherever they sit', () => {
  const missing = (context: string) =>
    `Invalid schema for function 'read': In context=${context}, array schema missing items.`;

  it('a top-level array schema: the empty context and the schema path itself', () => {
    expect(found('openai', chatSchema({ type: 'array' }))).toEqual([
      { rule: 'openai-array-items', path: 'tools[0].function.parameters', message: missing('()') },
    ]);
    // `ARRAY` (Gemini's spelling) and a type list holding "array" say array too.
    expect(paths('openai', chatSchema({ type: 'ARRAY' }))).toEqual([
      'openai-array-items tools[0].function.parameters',
    ]);
    expect(paths('openai', chatSchema({ type: ['null', 'array'] }))).toEqual([
      'openai-array-items tools[0].function.parameters',
    ]);
  });

  it('near misses pass: items given (even empty), not an array, or no type', () => {
    expect(found('openai', chatSchema({ type: 'array', items: {} }))).toEqual([]);
    expect(
      found('openai', chatSchema({ type: 'object', properties: { a: { type: 'string' } } })),
    ).toEqual([]);
    expect(found('openai', chatSchema({ properties: { a: {} } }))).toEqual([]);
  });

  it('looks under every key that holds a subschema, spelling each path', () => {
    const array = { type: 'array' };
    const schema = {
      type: 'object',
      properties: { list: array },
      additionalProperties: array,
      $defs: { d: array },
      definitions: { e: array },
      patternProperties: { '^x': array },
      anyOf: [{ type: 'string' }, array],
      oneOf: [array],
      allOf: [array],
      prefixItems: [array],
      items: { type: 'object', properties: { deep: array } },
      // Not a schema keyword: not looked into.
      examples: [array],
      const: array,
    };
    expect(paths('openai', chatSchema(schema))).toEqual([
      'openai-array-items tools[0].function.parameters.properties.list',
      'openai-array-items tools[0].function.parameters.additionalProperties',
      'openai-array-items tools[0].function.parameters.$defs.d',
      'openai-array-items tools[0].function.parameters.definitions.e',
      'openai-array-items tools[0].function.parameters.patternProperties.^x',
      'openai-array-items tools[0].function.parameters.anyOf[1]',
      'openai-array-items tools[0].function.parameters.oneOf[0]',
      'openai-array-items tools[0].function.parameters.allOf[0]',
      'openai-array-items tools[0].function.parameters.prefixItems[0]',
      'openai-array-items tools[0].function.parameters.items.properties.deep',
    ]);
    expect(
      found(
        'openai',
        chatSchema({ anyOf: [{ properties: { p: { items: { type: 'array' } } } }] }),
      )[0]?.message,
    ).toBe(missing("('anyOf', '0', 'properties', 'p', 'items')"));
  });

  it('spells a key of digits as an index, any other key as a name', () => {
    const array = { type: 'array' };
    const anyOf = [...Array.from({ length: 10 }, () => ({ type: 'string' })), array];
    expect(paths('openai', chatSchema({ properties: { v2: array, '2v': array }, anyOf }))).toEqual([
      'openai-array-items tools[0].function.parameters.properties.v2',
      'openai-array-items tools[0].function.parameters.properties.2v',
      'openai-array-items tools[0].function.parameters.anyOf[10]',
    ]);
  });

  it('keeps each path to its own node after a sibling is walked', () => {
    const schema = {
      type: 'object',
      properties: {
        first: { type: 'object', properties: { inner: { type: 'string' } } },
        second: { type: 'array' },
      },
      anyOf: [{ type: 'object', properties: { x: { type: 'string' } } }, { type: 'array' }],
    };
    expect(found('openai', chatSchema(schema))).toEqual([
      {
        rule: 'openai-array-items',
        path: 'tools[0].function.parameters.properties.second',
        message: missing("('properties', 'second')"),
      },
      {
        rule: 'openai-array-items',
        path: 'tools[0].function.parameters.anyOf[1]',
        message: missing("('anyOf', '1')"),
      },
    ]);
  });

  it('reads only the schema’s own keys, not inherited ones', () => {
    const inherited = Object.create({ properties: { hidden: { type: 'array' } } });
    inherited.type = 'object';
    const properties = Object.create({ hidden: { type: 'array' } });
    expect(found('openai', chatSchema(inherited))).toEqual([]);
    expect(found('openai', chatSchema({ type: 'object', properties }))).toEqual([]);
  });

  it('looks inside a map keyword only when it holds a map, a list keyword only when a list', () => {
    // A schema from a tool server may hold anything: `properties` given as a list, `anyOf` as
    // an object that looks like a list. The provider refuses those shapes itself; this rule
    // reports only arrays without items, and looks for none inside them.
    const arrayNode = { type: 'array' };
    expect(
      found(
        'openai',
        chatSchema({
          type: 'object',
          properties: [arrayNode],
          $defs: 'array',
          anyOf: { length: 1, 0: arrayNode },
          oneOf: 'array',
          items: [arrayNode],
        }),
      ),
    ).toEqual([]);
  });

  it('each wire names the function and spells its own schema path', () => {
    expect(
      found('responses', {
        model: 'm',
        input: [],
        tools: [{ type: 'function', name: 'list', parameters: { type: 'array' } }],
      }),
    ).toEqual([
      {
        rule: 'responses-array-items',
        path: 'tools[0].parameters',
        message: "Invalid schema for function 'list': In context=(), array schema missing items.",
      },
    ]);
    expect(
      found('gemini', {
        contents: [],
        tools: [
          { functionDeclarations: [{ name: 'a' }] },
          {
            functionDeclarations: [
              { name: 'b', parameters: { type: 'OBJECT', properties: { p: { type: 'ARRAY' } } } },
            ],
          },
        ],
      }),
    ).toEqual([
      {
        rule: 'gemini-array-items',
        path: 'tools[1].functionDeclarations[0].parameters.properties.p',
        message:
          "Invalid schema for function 'b': In context=('properties', 'p'), array schema missing items.",
      },
    ]);
  });
});

describe('anthropic-tool-names-unique', () => {
  it('refuses every repeat of a name, naming it, and passes distinct names', () => {
    const tool = (name: string) => ({ name, input_schema: { type: 'object' } });
    expect(
      found('anthropic', anthropicTools([tool('a'), tool('b'), tool('a'), tool('a')])),
    ).toEqual([
      {
        rule: 'anthropic-tool-names-unique',
        path: 'tools[2].name',
        message: 'tools: Tool names must be unique. ("a" is used twice)',
      },
      {
        rule: 'anthropic-tool-names-unique',
        path: 'tools[3].name',
        message: 'tools: Tool names must be unique. ("a" is used twice)',
      },
    ]);
    expect(found('anthropic', anthropicTools([tool('a'), tool('A'), tool('b')]))).toEqual([]);
  });
});

describe('anthropic-tool-input-schema-object', () => {
  const check = (input_schema: unknown) =>
    found('anthropic', anthropicTools([{ name: 'answer', input_schema }]));
  it('refuses a schema whose type is not object, at its type', () => {
    expect(check({ type: 'array', items: {} })).toEqual([
      {
        rule: 'anthropic-tool-input-schema-object',
        path: 'tools[0].input_schema.type',
        message: "tools[0].input_schema.type: Input should be 'object'",
      },
    ]);
    expect(paths('anthropic', anthropicTools([{ name: 'answer', input_schema: {} }]))).toEqual([
      'anthropic-tool-input-schema-object tools[0].input_schema.type',
    ]);
  });

  it.each(['anyOf', 'oneOf', 'allOf'])('refuses %s at the top of an object schema', (key) => {
    expect(check({ type: 'object', [key]: [{ type: 'object' }] })).toEqual([
      {
        rule: 'anthropic-tool-input-schema-object',
        path: 'tools[0].input_schema',
        message:
          'tools[0].input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level',
      },
    ]);
  });

  it('passes an object schema, one with anyOf below its top, and a tool with no schema', () => {
    expect(check({ type: 'object', properties: { a: { anyOf: [{ type: 'string' }] } } })).toEqual(
      [],
    );
    expect(found('anthropic', anthropicTools([{ name: 'answer' }]))).toEqual([]);
  });
});

describe('Anthropic media limits at their exact boundaries', () => {
  it('anthropic-image-bytes: 5,242,880 characters of base64 pass, 5,242,884 are refused', () => {
    // 3,932,160 bytes are exactly 5,242,880 base64 characters; one byte more is 4 more.
    expect(found('anthropic', anthropic([image(pngHeaderBase64(10, 10, 3_932_160))]))).toEqual([]);
    expect(
      found(
        'anthropic',
        anthropic([{ type: 'text', text: 'see' }, image(pngHeaderBase64(10, 10, 3_932_161))]),
      ),
    ).toEqual([
      {
        rule: 'anthropic-image-bytes',
        path: 'messages[0].content[1].source.data',
        message: 'image exceeds 5 MB maximum: 5242884 bytes > 5242880 bytes',
      },
    ]);
  });

  it('anthropic-image-bytes: a document or a non-base64 source of that size is not an image payload', () => {
    const big = pngHeaderBase64(10, 10, 3_932_161);
    const document = {
      type: 'document',
      source: { type: 'base64', media_type: 'application/pdf', data: big },
    };
    const notBase64 = { type: 'image', source: { type: 'text', data: big } };
    expect(found('anthropic', anthropic([document, notBase64]))).toEqual([]);
  });

  it('anthropic-image-side: 8000 pixels pass, 8001 on either side are refused', () => {
    expect(found('anthropic', anthropic([image(pngHeaderBase64(8000, 7999))]))).toEqual([]);
    const message = 'At least one of the image dimensions exceed max allowed size: 8000 pixels';
    expect(
      found(
        'anthropic',
        anthropic([image(pngHeaderBase64(10, 8001)), image(pngHeaderBase64(8001, 10))]),
      ),
    ).toEqual([
      { rule: 'anthropic-image-side', path: 'messages[0].content[0].source.data', message },
      { rule: 'anthropic-image-side', path: 'messages[0].content[1].source.data', message },
    ]);
    // A payload whose header cannot be read has no known side: nothing to refuse.
    expect(found('anthropic', anthropic([image('AAAA')]))).toEqual([]);
  });

  it('anthropic-media-count: 100 images and documents pass, 101 are refused with both counts', () => {
    const mixed = (images: number, documents: number) => [
      ...Array.from({ length: images }, (_, index) =>
        index % 2 === 0 ? image(pngHeaderBase64(10, 10)) : urlImage(),
      ),
      ...Array.from({ length: documents }, pdf),
    ];
    expect(found('anthropic', anthropic(mixed(97, 3)))).toEqual([]);
    expect(found('anthropic', anthropic(mixed(98, 3)))).toEqual([
      {
        rule: 'anthropic-media-count',
        path: 'messages',
        message: 'too many images and documents: 98 + 3 > 100',
      },
    ]);
  });

  it('anthropic-many-image-side: over 20 base64 images, each side over 2000 pixels is refused', () => {
    const message =
      'At least one of the image dimensions exceed max allowed size for many-image requests: 2000 pixels';
    const small = Array.from({ length: 20 }, () => image(pngHeaderBase64(2000, 2000)));
    expect(found('anthropic', anthropic([...small, image(pngHeaderBase64(1000, 2001))]))).toEqual([
      { rule: 'anthropic-many-image-side', path: 'messages[0].content[20].source.data', message },
    ]);
    // Twenty base64 images and one by URL: the URL image is not counted, nothing is refused.
    const twenty = Array.from({ length: 20 }, () => image(pngHeaderBase64(2001, 10)));
    expect(found('anthropic', anthropic([...twenty, urlImage()]))).toEqual([]);
    // Nor is an image whose base64 data is not text.
    const notText = { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 5 } };
    expect(found('anthropic', anthropic([...twenty, notText]))).toEqual([]);
    // Nor are documents.
    expect(found('anthropic', anthropic([...twenty, pdf()]))).toEqual([]);
  });
});

describe('tools that are not a list', () => {
  it('are no tools: nothing to refuse, on every wire', () => {
    expect(found('openai', { model: 'm', messages: [], tools: { 0: chatTool('a b') } })).toEqual(
      [],
    );
    expect(found('anthropic', { model: 'm', max_tokens: 1, messages: [] })).toEqual([]);
    expect(found('gemini', { contents: [], tools: 'x' })).toEqual([]);
  });
});
