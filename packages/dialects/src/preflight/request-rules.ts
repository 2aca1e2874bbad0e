// The request rules `preflight` checks: tool names, tool schemas, tool counts and media limits,
// each a documented (or verbatim-quoted) provider refusal. Facts in one table per wire; the
// checks below read the body as the wire sends it.
import { bytesToBase64, isDeeplyFrozen, type WireFormat } from '@crosswire/core';
import { saysArray } from '../structured/schema-nodes.js';
import { anthropicBlockPath, forEachAnthropicMedia } from '../support/anthropic-blocks.js';
import { asArray, isRecord, type JsonObject } from '../support/json.js';
import { markersOf } from './cache-rules.js';
import { base64ImageDimensions } from './image-header.js';
import type { ProviderRule, RuleBreak, RuleCheck, RuleContext } from './types.js';

/** Where a wire's function tools sit: the paths of a tool's name and schema from its indexes. */
interface ToolSite {
  readonly name: (index: number, inner: number) => string;
  readonly schema: (index: number, inner: number) => string;
}

/**
 * A function tool of the body. Its paths are built when a rule reports it, not when it is
 * read: two strings a tool on every request were a third of Anthropic's preflight.
 */
class FunctionTool {
  constructor(
    readonly name: unknown,
    readonly schema: unknown,
    private readonly site: ToolSite,
    private readonly index: number,
    private readonly inner = 0,
  ) {}

  get path(): string {
    return this.site.name(this.index, this.inner);
  }

  get schemaPath(): string {
    return this.site.schema(this.index, this.inner);
  }
}

/**
 * The entries `read` gives for the records of a list, in order (undefined: not a function
 * tool). A plain loop: this runs before every send, and `flatMap` costs several times more.
 */
function readTools(
  list: unknown,
  read: (tool: JsonObject, index: number) => FunctionTool | undefined,
  found: FunctionTool[] = [],
): FunctionTool[] {
  const items = asArray(list);
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    const tool = isRecord(item) ? read(item, index) : undefined;
    if (tool !== undefined) found.push(tool);
  }
  return found;
}

const SITES = {
  openai: {
    name: (index) => `tools[${index}].function.name`,
    schema: (index) => `tools[${index}].function.parameters`,
  },
  flat: {
    name: (index) => `tools[${index}].name`,
    schema: (index) => `tools[${index}].parameters`,
  },
  anthropic: {
    name: (index) => `tools[${index}].name`,
    schema: (index) => `tools[${index}].input_schema`,
  },
  gemini: {
    name: (index, inner) => `tools[${index}].functionDeclarations[${inner}].name`,
    schema: (index, inner) => `tools[${index}].functionDeclarations[${inner}].parameters`,
  },
} as const satisfies Record<string, ToolSite>;

const TOOL_READERS: Readonly<Record<WireFormat, (body: JsonObject) => FunctionTool[]>> = {
  openai: (body) =>
    readTools(body.tools, (tool, index) =>
      isRecord(tool.function)
        ? new FunctionTool(tool.function.name, tool.function.parameters, SITES.openai, index)
        : undefined,
    ),
  responses: (body) =>
    readTools(body.tools, (tool, index) =>
      tool.type === 'function'
        ? new FunctionTool(tool.name, tool.parameters, SITES.flat, index)
        : undefined,
    ),
  anthropic: (body) =>
    readTools(body.tools, (tool, index) =>
      // Server tools (`web_search_20250305`...) carry a versioned `type` and no schema.
      tool.type === undefined || tool.type === 'custom'
        ? new FunctionTool(tool.name, tool.input_schema, SITES.anthropic, index)
        : undefined,
    ),
  gemini: (body) => {
    const found: FunctionTool[] = [];
    const tools = asArray(body.tools);
    for (let index = 0; index < tools.length; index++) {
      const tool = tools[index];
      if (!isRecord(tool)) continue;
      readTools(
        tool.functionDeclarations,
        // `parametersJsonSchema` is JSON Schema proper; the refusal is `parameters`'.
        (declaration, inner) =>
          new FunctionTool(declaration.name, declaration.parameters, SITES.gemini, index, inner),
        found,
      );
    }
    return found;
  },
  ollama: () => [],
  hermes: () => [],
  // Converse's tool rules read `toolConfig.tools` in bedrock-rules.ts.
  bedrock: () => [],
};

/*
 * Several rules read the same tools of one body: read once per preflight call, keyed by the
 * call's context object (keyed by the body, a tool pushed into the same array between two
 * calls went unseen by the second).
 */
const toolsRead = new WeakMap<RuleContext, { body: JsonObject; tools: FunctionTool[] }>();
function toolsOf(
  wire: WireFormat,
  body: JsonObject,
  context: RuleContext | undefined,
): FunctionTool[] {
  if (context === undefined) return TOOL_READERS[wire](body);
  const known = toolsRead.get(context);
  if (known?.body === body) return known.tools;
  const tools = TOOL_READERS[wire](body);
  toolsRead.set(context, { body, tools });
  return tools;
}

/**
 * A check that reads only `body.tools`, remembering its last answer: the tool loop sends the
 * same formatted tools (deeply frozen objects, shared between requests) on every request, so a
 * body whose `tools` holds the same objects in the same order gets the same answer without a
 * walk of every schema. Tools that are not deeply frozen are checked afresh every time (they
 * may have changed in place); the answer is copied, so no caller shares it.
 */
function rememberedForTools(check: RuleCheck): RuleCheck {
  let last:
    | { readonly tools: readonly unknown[]; readonly found: readonly RuleBreak[] }
    | undefined;
  return (body, context) => {
    const tools = body.tools;
    if (!Array.isArray(tools)) return check(body, context);
    if (last !== undefined && sameItems(last.tools, tools)) return [...last.found];
    const found = check(body, context);
    last = tools.every(isDeeplyFrozen) ? { tools: [...tools], found: [...found] } : undefined;
    return found;
  };
}

function sameItems(known: readonly unknown[], items: readonly unknown[]): boolean {
  if (known.length !== items.length) return false;
  for (let index = 0; index < known.length; index++) {
    if (known[index] !== items[index]) return false;
  }
  return true;
}

/** The tool-name pattern each wire's provider documents, with the refusal it answers. */
function toolNameCheck(
  wire: WireFormat,
  pattern: RegExp,
  refusal: (path: string) => string,
): RuleCheck {
  return rememberedForTools((body, context) => {
    const found: RuleBreak[] = [];
    for (const tool of toolsOf(wire, body, context)) {
      if (typeof tool.name === 'string' && pattern.test(tool.name)) continue;
      found.push({
        path: tool.path,
        message: `${JSON.stringify(tool.name)}: ${refusal(tool.path)}`,
      });
    }
    return found;
  });
}

const SCHEMA_CHILDREN = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const SCHEMA_MAPS = ['properties', '$defs', 'definitions', 'patternProperties'] as const;

/** The dotted path of a schema node from its keys (`properties.paths.items`). */
function schemaPath(base: string | (() => string), keys: readonly string[]): string {
  let path = typeof base === 'string' ? base : base();
  for (const key of keys) path += /^\d+$/.test(key) ? `[${key}]` : `.${key}`;
  return path;
}

/** The keys under which a schema holds one subschema, a map of them, or a list of them. */
const SCHEMA_KEYS: ReadonlyMap<string, 'one' | 'map' | 'list'> = new Map([
  ['items', 'one'],
  ['additionalProperties', 'one'],
  ...SCHEMA_MAPS.map((key) => [key, 'map'] as const),
  ...SCHEMA_CHILDREN.map((key) => [key, 'list'] as const),
]);

/**
 * Every schema node under `schema` that is an array without `items`, found with one shared key
 * stack (no path is built unless a node breaks the rule: this runs before every send). One
 * pass over each node's own keys, no closures: a tool schema is walked on every request.
 * `base` is the path of `schema`, or a function that gives it, called only for a break.
 */
export function arraysWithoutItems(
  schema: unknown,
  base: string | (() => string),
  keys: string[],
  out: RuleBreak[],
) {
  if (!isRecord(schema)) return;
  if (schema.items === undefined && saysArray(schema.type)) {
    const where = keys.length === 0 ? '()' : `(${keys.map((part) => `'${part}'`).join(', ')})`;
    out.push({
      path: schemaPath(base, keys),
      message: `In context=${where}, array schema missing items`,
    });
  }
  for (const key in schema) {
    const kind = SCHEMA_KEYS.get(key);
    if (kind === undefined || !Object.hasOwn(schema, key)) continue;
    const inner = schema[key];
    if (kind === 'one') {
      if (!isRecord(inner)) continue;
      keys.push(key);
      arraysWithoutItems(inner, base, keys, out);
      keys.pop();
    } else if (kind === 'map') {
      if (!isRecord(inner)) continue;
      for (const name in inner) {
        if (!Object.hasOwn(inner, name)) continue;
        keys.push(key, name);
        arraysWithoutItems(inner[name], base, keys, out);
        keys.length -= 2;
      }
    } else if (Array.isArray(inner)) {
      for (let index = 0; index < inner.length; index++) {
        keys.push(key, String(index));
        arraysWithoutItems(inner[index], base, keys, out);
        keys.length -= 2;
      }
    }
  }
}

function arrayItemsCheck(wire: WireFormat): RuleCheck {
  return rememberedForTools((body, context) => {
    const found: RuleBreak[] = [];
    const keys: string[] = [];
    for (const tool of toolsOf(wire, body, context)) {
      const out: RuleBreak[] = [];
      arraysWithoutItems(tool.schema, () => tool.schemaPath, keys, out);
      for (const broken of out) {
        found.push({
          path: broken.path,
          message: `Invalid schema for function '${String(tool.name)}': ${broken.message}.`,
        });
      }
    }
    return found;
  });
}

/** An Anthropic image or document block, where it sits, and its base64 payload if any. */
interface AnthropicMedia {
  readonly path: string;
  readonly kind: 'image' | 'document';
  readonly base64: string | undefined;
}

/*
 * The media of one preflight call, shared by its four media rules through the call's context
 * object (each rule walked every block of the conversation for itself: four walks a request).
 * Keyed by the context, which lives for one call, so nothing is remembered from one request to
 * the next: a body changed in between is walked afresh.
 */
const MEDIA = new WeakMap<RuleContext, { body: JsonObject; media: AnthropicMedia[] }>();

function anthropicMedia(body: JsonObject, context: RuleContext): AnthropicMedia[] {
  const known = MEDIA.get(context);
  if (known?.body === body) return known.media;
  const found: AnthropicMedia[] = [];
  // The breakpoint rules' walk of this call (shared) says whether there is any media to find.
  if (!markersOf(body, context).media) {
    MEDIA.set(context, { body, media: found });
    return found;
  }
  forEachAnthropicMedia(body, (block, place) => {
    const source = isRecord(block.source) ? block.source : {};
    found.push({
      path: anthropicBlockPath(place),
      kind: block.type as AnthropicMedia['kind'],
      base64: source.type === 'base64' && typeof source.data === 'string' ? source.data : undefined,
    });
  });
  MEDIA.set(context, { body, media: found });
  return found;
}

/** Anthropic's media limits (https://docs.anthropic.com/en/docs/build-with-claude/vision). */
/**
 * The most tools one request may offer, per wire, where the provider documents a limit (a
 * wire missing here documents none). The tool loop refuses a larger tool set before sending.
 */
export const TOOL_COUNT_LIMITS: Readonly<Partial<Record<WireFormat, number>>> = Object.freeze({
  openai: 128,
});

export const ANTHROPIC_MEDIA_LIMITS = Object.freeze({
  /** Bytes of one base64 image as sent (the API counts the base64 text: 5 MB). */
  imageBytes: 5 * 1024 * 1024,
  /** Pixels of either side of one image. */
  imageSide: 8000,
  /** Images and documents in one request. */
  mediaPerRequest: 100,
  /** Above this many images, no side may exceed `manyImageSide`. */
  manyImages: 20,
  manyImageSide: 2000,
});

const anthropicImages = (body: JsonObject, context: RuleContext) =>
  anthropicMedia(body, context).filter(
    (media) => media.kind === 'image' && media.base64 !== undefined,
  );

function longestSide(base64: string): number {
  const size = base64ImageDimensions(base64);
  return size ? Math.max(size.width, size.height) : 0;
}

const ANTHROPIC = '/v1/messages';
const CHAT = '/chat/completions';
const RESPONSES = '/responses';
const GEMINI = '/models/gemini-2.5-flash:generateContent';

/** A PNG header of `width` x `height` (no pixel data: the rules read the header only). */
export function pngHeaderBase64(width: number, height: number, padTo = 0): string {
  const bytes = new Uint8Array(Math.max(33, padTo));
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  return bytesToBase64(bytes);
}

const anthropicImage = (data: string) => ({
  type: 'image',
  source: { type: 'base64', media_type: 'image/png', data },
});
const anthropicBody = (content: unknown[], extra: object = {}) => ({
  path: ANTHROPIC,
  body: {
    model: 'claude-sonnet-4-5',
    max_tokens: 64,
    messages: [{ role: 'user', content }],
    ...extra,
  },
});
const chatTools = (tools: unknown[]) => ({
  path: CHAT,
  body: { model: 'gpt-4.1', messages: [{ role: 'user', content: 'Hi' }], tools },
});
const chatTool = (name: string, parameters: object = { type: 'object', properties: {} }) => ({
  type: 'function',
  function: { name, parameters },
});
const responsesTools = (tools: unknown[]) => ({
  path: RESPONSES,
  body: { model: 'gpt-4.1', input: [{ role: 'user', content: 'Hi' }], tools },
});
const geminiTools = (declarations: unknown[]) => ({
  path: GEMINI,
  body: {
    contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
    tools: [{ functionDeclarations: declarations }],
  },
});
const PATHS_SCHEMA = { type: 'object', properties: { paths: { type: 'array' } } };

export const REQUEST_RULES: readonly ProviderRule[] = [
  {
    id: 'openai-tool-name',
    wire: 'openai',
    rule: 'A function name matches `^[a-zA-Z0-9_-]{1,64}$`.',
    source: 'https://github.com/openai/openai-openapi (FunctionObject.name)',
    example: chatTools([chatTool('calendar.read')]),
    violation: 'string does not match pattern',
    quoted:
      "Invalid 'tools[0].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
    check: toolNameCheck(
      'openai',
      /^[a-zA-Z0-9_-]{1,64}$/,
      (path) =>
        `Invalid '${path}': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]{1,64}$'.`,
    ),
  },
  {
    id: 'openai-tool-count',
    wire: 'openai',
    rule: 'A request offers at most 128 tools.',
    source: 'https://github.com/vishalmysore/Tools4AI/issues/16',
    example: chatTools(Array.from({ length: 129 }, (_, index) => chatTool(`t${index}`))),
    violation: 'array too long',
    quoted:
      "Invalid 'tools': array too long. Expected an array with maximum length 128, but got an array with length 325 instead.",
    check: (body) =>
      Array.isArray(body.tools) && body.tools.length > (TOOL_COUNT_LIMITS.openai as number)
        ? [
            {
              path: 'tools',
              message: `Invalid 'tools': array too long. Expected an array with maximum length ${TOOL_COUNT_LIMITS.openai}, but got an array with length ${body.tools.length} instead.`,
            },
          ]
        : [],
  },
  {
    id: 'openai-array-items',
    wire: 'openai',
    rule: 'An array in a function schema has `items`.',
    source: 'https://github.com/sigoden/aichat/pull/1049',
    example: chatTools([chatTool('read_multiple_files', PATHS_SCHEMA)]),
    violation: 'array schema missing items',
    quoted:
      "Invalid schema for function 'filesystem_read_multiple_files': In context=('properties', 'paths'), array schema missing items.",
    check: arrayItemsCheck('openai'),
  },
  {
    id: 'responses-tool-name',
    wire: 'responses',
    rule: 'A function name matches `^[a-zA-Z0-9_-]{1,64}$`.',
    source: 'https://github.com/openai/openai-openapi (FunctionTool.name)',
    example: responsesTools([{ type: 'function', name: 'calendar.read', parameters: {} }]),
    violation: 'string does not match pattern',
    quoted:
      "Invalid 'tools[0].name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
    check: toolNameCheck(
      'responses',
      /^[a-zA-Z0-9_-]{1,64}$/,
      (path) =>
        `Invalid '${path}': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]{1,64}$'.`,
    ),
  },
  {
    id: 'responses-array-items',
    wire: 'responses',
    rule: 'An array in a function schema has `items` (the same schema validator as Chat Completions).',
    source: 'https://github.com/sigoden/aichat/pull/1049',
    example: responsesTools([
      { type: 'function', name: 'read_multiple_files', parameters: PATHS_SCHEMA },
    ]),
    violation: 'array schema missing items',
    check: arrayItemsCheck('responses'),
  },
  {
    id: 'anthropic-tool-name',
    wire: 'anthropic',
    rule: 'A tool name matches `^[a-zA-Z0-9_-]{1,128}$`.',
    source: 'https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use',
    example: anthropicBody([{ type: 'text', text: 'Hi' }], {
      tools: [{ name: 'calendar.read', input_schema: { type: 'object' } }],
    }),
    violation: "String should match pattern '^[a-zA-Z0-9_-]{1,128}$'",
    quoted: "tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'",
    check: toolNameCheck(
      'anthropic',
      /^[a-zA-Z0-9_-]{1,128}$/,
      () => "String should match pattern '^[a-zA-Z0-9_-]{1,128}$'",
    ),
  },
  {
    id: 'anthropic-tool-names-unique',
    wire: 'anthropic',
    rule: 'Tool names are unique within a request.',
    source: 'https://github.com/danny-avila/LibreChat/issues/13162',
    example: anthropicBody([{ type: 'text', text: 'Hi' }], {
      tools: [
        { name: 'response', input_schema: { type: 'object' } },
        { name: 'response', input_schema: { type: 'object' } },
      ],
    }),
    violation: 'Tool names must be unique',
    quoted: 'tools: Tool names must be unique.',
    check: rememberedForTools((body, context) => {
      const seen = new Set<unknown>();
      const found: RuleBreak[] = [];
      for (const tool of toolsOf('anthropic', body, context)) {
        if (seen.has(tool.name)) {
          found.push({
            path: tool.path,
            message: `tools: Tool names must be unique. (${JSON.stringify(tool.name)} is used twice)`,
          });
        }
        seen.add(tool.name);
      }
      return found;
    }),
  },
  {
    id: 'anthropic-tool-input-schema-object',
    wire: 'anthropic',
    rule: "A tool's `input_schema` is an object schema (`type: 'object'`), with no `anyOf`, `oneOf` or `allOf` at its top.",
    source: 'https://github.com/anthropics/claude-code/issues/5319',
    example: anthropicBody([{ type: 'text', text: 'Hi' }], {
      tools: [{ name: 'answer', input_schema: { type: 'array', items: { type: 'string' } } }],
    }),
    violation: "input_schema.type: Input should be 'object'",
    quoted: "tools.0.custom.input_schema.type: Input should be 'object'",
    check: rememberedForTools((body, context) => {
      const found: RuleBreak[] = [];
      for (const tool of toolsOf('anthropic', body, context)) {
        const schema = tool.schema;
        if (!isRecord(schema)) continue;
        if (schema.type !== 'object') {
          found.push({
            path: `${tool.schemaPath}.type`,
            message: `${tool.schemaPath}.type: Input should be 'object'`,
          });
        } else if (
          schema.anyOf !== undefined ||
          schema.oneOf !== undefined ||
          schema.allOf !== undefined
        ) {
          found.push({
            path: tool.schemaPath,
            message: `${tool.schemaPath}: input_schema does not support oneOf, allOf, or anyOf at the top level`,
          });
        }
      }
      return found;
    }),
  },
  {
    id: 'anthropic-image-bytes',
    wire: 'anthropic',
    rule: 'A base64 image is at most 5 MB (5242880 bytes of base64).',
    source: 'https://github.com/anthropics/claude-code/issues/10612',
    // A getter: the 5 MB example is built when read, not when the module loads.
    get example() {
      return anthropicBody([anthropicImage(pngHeaderBase64(100, 100, 3_932_161))]);
    },
    violation: 'image exceeds 5 MB maximum',
    quoted:
      'messages.0.content.2.image.source.base64: image exceeds 5 MB maximum: 15908784 bytes > 5242880 bytes',
    check: (body, context) =>
      anthropicImages(body, context).flatMap((image): RuleBreak[] =>
        (image.base64?.length ?? 0) > ANTHROPIC_MEDIA_LIMITS.imageBytes
          ? [
              {
                path: `${image.path}.source.data`,
                message: `image exceeds 5 MB maximum: ${image.base64?.length} bytes > ${ANTHROPIC_MEDIA_LIMITS.imageBytes} bytes`,
              },
            ]
          : [],
      ),
  },
  {
    id: 'anthropic-image-side',
    wire: 'anthropic',
    rule: 'No side of an image exceeds 8000 pixels.',
    source: 'https://github.com/anthropics/claude-code/issues/4778',
    example: anthropicBody([anthropicImage(pngHeaderBase64(1280, 8001))]),
    violation: 'At least one of the image dimensions exceed max allowed size: 8000 pixels',
    quoted:
      'messages.7.content.2.image.source.base64.data: At least one of the image dimensions exceed max allowed size: 8000 pixels',
    check: (body, context) =>
      anthropicImages(body, context).flatMap((image): RuleBreak[] =>
        longestSide(image.base64 ?? '') > ANTHROPIC_MEDIA_LIMITS.imageSide
          ? [
              {
                path: `${image.path}.source.data`,
                message:
                  'At least one of the image dimensions exceed max allowed size: 8000 pixels',
              },
            ]
          : [],
      ),
  },
  {
    id: 'anthropic-media-count',
    wire: 'anthropic',
    rule: 'A request holds at most 100 images and documents.',
    source: 'https://github.com/anthropics/claude-code/issues/23392',
    example: anthropicBody(
      Array.from({ length: 101 }, () => anthropicImage(pngHeaderBase64(10, 10))),
    ),
    violation: 'too many images and documents',
    quoted: 'too many images and documents: 104 + 1 > 100',
    check: (body, context) => {
      const media = anthropicMedia(body, context);
      const images = media.filter((item) => item.kind === 'image').length;
      const documents = media.length - images;
      return media.length > ANTHROPIC_MEDIA_LIMITS.mediaPerRequest
        ? [
            {
              path: 'messages',
              message: `too many images and documents: ${images} + ${documents} > ${ANTHROPIC_MEDIA_LIMITS.mediaPerRequest}`,
            },
          ]
        : [];
    },
  },
  {
    id: 'anthropic-many-image-side',
    wire: 'anthropic',
    rule: 'In a request with more than 20 images, no side of an image exceeds 2000 pixels.',
    source: 'https://github.com/anthropics/claude-code/issues/9375',
    example: anthropicBody(
      Array.from({ length: 21 }, () => anthropicImage(pngHeaderBase64(2001, 1000))),
    ),
    violation: 'exceed max allowed size for many-image requests: 2000 pixels',
    quoted:
      'messages.21.content.40.image.source.base64.data: At least one of the image dimensions exceed max allowed size for many-image requests: 2000 pixels',
    check: (body, context) => {
      const images = anthropicImages(body, context);
      if (images.length <= ANTHROPIC_MEDIA_LIMITS.manyImages) return [];
      return images.flatMap((image): RuleBreak[] =>
        longestSide(image.base64 ?? '') > ANTHROPIC_MEDIA_LIMITS.manyImageSide
          ? [
              {
                path: `${image.path}.source.data`,
                message:
                  'At least one of the image dimensions exceed max allowed size for many-image requests: 2000 pixels',
              },
            ]
          : [],
      );
    },
  },
  {
    id: 'gemini-tool-name',
    wire: 'gemini',
    rule: 'A function name starts with a letter or an underscore, then letters, digits, `_`, `.`, `:` or `-`, at most 64 characters (the API says 64, the SDK docs 128: the stricter holds).',
    source: 'https://github.com/kaitranntt/ccs/issues/25',
    example: geminiTools([{ name: '1password_lookup' }]),
    violation: 'Invalid function name',
    quoted:
      'tools[0].function_declarations[53].name: [FIELD_INVALID] Invalid function name. Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores (_), dots (.), colons (:), or dashes (-), with a maximum length of 64.',
    check: toolNameCheck(
      'gemini',
      /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
      () =>
        '[FIELD_INVALID] Invalid function name. Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores (_), dots (.), colons (:), or dashes (-), with a maximum length of 64.',
    ),
  },
  {
    id: 'gemini-array-items',
    wire: 'gemini',
    rule: 'An `ARRAY` in function `parameters` has `items` ("items: missing field").',
    source: 'https://ai.google.dev/api/caching#Schema',
    example: geminiTools([{ name: 'read_multiple_files', parameters: PATHS_SCHEMA }]),
    violation: 'array schema missing items',
    check: arrayItemsCheck('gemini'),
  },
];
