// The documented ways Amazon Bedrock's Converse API refuses a request (HTTP 400
// ValidationException), each with its source and the words users quote. The checks read the
// body as the wire sends it, in one memoized walk over its messages; the conversation rules
// without a check are kept by construction in the dialect and enforced by the simulator.
import { base64ByteLength } from '@crosswire/core';
import { BEDROCK_MAX_CACHE_POINTS, bedrockCachePoints } from '../prompt-cache.js';
import { asArray, asRecord, isRecord, type JsonObject } from '../support/json.js';
import { base64ImageDimensions } from './image-header.js';
import { pngHeaderBase64 } from './request-rules.js';
import type { ProviderRule, RuleBreak, RuleContext } from './types.js';

const API = 'https://docs.aws.amazon.com/bedrock/latest/APIReference';
const MESSAGE_DOC = `${API}/API_runtime_Message.html`;
const CONVERSE = '/model/us.anthropic.claude-sonnet-4-6/converse';

/**
 * Converse's documented media limits (API_runtime_Message): "You can include up to 20 images.
 * Each image's size, height, and width must be no more than 3.75 MB, 8000 px, and 8000 px,
 * respectively. You can include up to five documents. Each document's size must be no more
 * than 4.5 MB." 3.75 MiB of bytes is 5 MiB of base64, the unit the engine's repair counts in.
 */
export const BEDROCK_MEDIA_LIMITS = Object.freeze({
  /** Base64 characters of one image as sent (3.75 MiB of bytes). */
  imageBytes: 5 * 1024 * 1024,
  imageSide: 8000,
  /** Images in one request. */
  images: 20,
  /** Documents in one request. */
  documents: 5,
  /** Bytes of one document, decoded. */
  documentBytes: 4.5 * 1024 * 1024,
});

/** The tool names Converse accepts (API_runtime_ToolSpecification). */
const NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** The toolUseIds Converse accepts (API_runtime_ToolUseBlockStart). */
const TOOL_USE_ID = /^[a-zA-Z0-9_.:-]{1,64}$/;

/** What a document's name may hold (API_runtime_DocumentBlock). */
const DOCUMENT_NAME = /^[A-Za-z0-9()[\]-]+(?: [A-Za-z0-9()[\]-]+)*$/;

/** An image or document block of a body, where it sits. */
interface MediaSite {
  readonly path: string;
  readonly kind: 'image' | 'document';
  /** Inside a `toolResult`. */
  readonly inToolResult: boolean;
  /** The base64 payload, when the source is bytes. */
  readonly bytes: string | undefined;
  readonly name: unknown;
  /** The block itself (`{ image }` or `{ document }`). */
  readonly block: JsonObject;
}

/** What one walk over a Converse body finds. */
interface ConverseFacts {
  readonly media: MediaSite[];
  /** The toolUseIds (of toolUse and toolResult blocks) Converse refuses, where they are. */
  readonly badIds: { path: string; id: unknown }[];
  readonly errorResults: { path: string; empty: boolean }[];
  toolBlocks: boolean;
}

/**
 * Where a message block is, spelled out only for a block that has something to report: a
 * conversation of text and tool blocks costs no string per block.
 */
function blockPath(index: number, inner: number): string {
  return `messages[${index}].content[${inner}]`;
}

/** Whether Converse takes `id` as a toolUseId. */
function goodToolUseId(id: unknown): boolean {
  return typeof id === 'string' && TOOL_USE_ID.test(id);
}

/** Whether a block (or a toolResult's content item) is an image or a document. */
function isMedia(block: JsonObject): boolean {
  return isRecord(block.image) || isRecord(block.document);
}

/** The site of a block {@link isMedia} took: its image, else its document. */
function mediaSite(block: JsonObject, path: string, inToolResult: boolean): MediaSite {
  const kind = isRecord(block.image) ? 'image' : 'document';
  const member = block[kind] as JsonObject;
  const bytes = asRecord(member.source).bytes;
  return {
    path: `${path}.${kind}`,
    kind,
    inToolResult,
    bytes: typeof bytes === 'string' ? bytes : undefined,
    name: member.name,
    block,
  };
}

/*
 * The facts of one preflight call, shared by its rules through the call's context object (each
 * rule would walk every block of the conversation for itself). Keyed by the context, which
 * lives for one call, so nothing is remembered from one call to the next: a body changed in
 * place between two calls is walked afresh (keyed by the body, the second call got the facts
 * of the body as it was).
 */
const walked = new WeakMap<RuleContext, { body: object; facts: ConverseFacts }>();

/**
 * Media, toolUseIds and error results of a Converse body, in message order: walked once per
 * preflight call when its `context` is given, afresh otherwise.
 */
export function converseFacts(
  body: Readonly<Record<string, unknown>>,
  context?: RuleContext,
): ConverseFacts {
  const known = context === undefined ? undefined : walked.get(context);
  if (known?.body === body) return known.facts;
  const facts: ConverseFacts = { media: [], badIds: [], errorResults: [], toolBlocks: false };
  const messages = asArray(body.messages);
  for (let index = 0; index < messages.length; index++) {
    const content = asArray(asRecord(messages[index]).content);
    for (let inner = 0; inner < content.length; inner++) {
      const block = asRecord(content[inner]);
      if (isMedia(block)) facts.media.push(mediaSite(block, blockPath(index, inner), false));
      if (isRecord(block.toolUse)) {
        facts.toolBlocks = true;
        const id = block.toolUse.toolUseId;
        if (!goodToolUseId(id))
          facts.badIds.push({ path: `${blockPath(index, inner)}.toolUse.toolUseId`, id });
      }
      if (isRecord(block.toolResult)) {
        const result = block.toolResult;
        facts.toolBlocks = true;
        const id = result.toolUseId;
        if (!goodToolUseId(id))
          facts.badIds.push({ path: `${blockPath(index, inner)}.toolResult.toolUseId`, id });
        const items = asArray(result.content);
        if (result.status === 'error') {
          facts.errorResults.push({
            path: `${blockPath(index, inner)}.toolResult`,
            empty: items.length === 0,
          });
        }
        for (let at = 0; at < items.length; at++) {
          const item = asRecord(items[at]);
          if (!isMedia(item)) continue;
          facts.media.push(
            mediaSite(item, `${blockPath(index, inner)}.toolResult.content[${at}]`, true),
          );
        }
      }
    }
  }
  if (context !== undefined) walked.set(context, { body, facts });
  return facts;
}

function longestSide(base64: string): number {
  const size = base64ImageDimensions(base64);
  return size ? Math.max(size.width, size.height) : 0;
}

type Body = Readonly<Record<string, unknown>>;
const images = (body: Body, context: RuleContext) =>
  converseFacts(body, context).media.filter((site) => site.kind === 'image');
const documents = (body: Body, context: RuleContext) =>
  converseFacts(body, context).media.filter((site) => site.kind === 'document');

const text = (value: string) => ({ text: value });
const use = (id: string, name = 'get_weather') => ({ toolUse: { toolUseId: id, name, input: {} } });
const result = (id: string, content: unknown[] = [text('ok')], extra: object = {}) => ({
  toolResult: { toolUseId: id, content, ...extra },
});
const converse = (messages: unknown[], extra: object = {}) => ({
  path: CONVERSE,
  body: { messages, ...extra },
});
const tools = (name = 'get_weather') => ({
  toolConfig: { tools: [{ toolSpec: { name, inputSchema: { json: { type: 'object' } } } }] },
});
const toolTurns = (results: unknown[], extra: object = tools()) =>
  converse(
    [
      { role: 'user', content: [text('Weather?')] },
      { role: 'assistant', content: [use('tooluse_1')] },
      { role: 'user', content: results },
    ],
    extra,
  );
const pdf = (name: string) => ({
  document: { format: 'pdf', name, source: { bytes: 'JVBERi0xLjQK' } },
});
const png = (data: string) => ({ image: { format: 'png', source: { bytes: data } } });

export const BEDROCK_RULES: readonly ProviderRule[] = [
  {
    id: 'bedrock-tool-name',
    wire: 'bedrock',
    rule: 'A tool name is 1 to 64 of `[a-zA-Z0-9_-]` (API_runtime_ToolSpecification).',
    source: 'https://github.com/kagent-dev/kagent/issues/1473',
    example: converse([{ role: 'user', content: [text('Hi')] }], tools('calendar.read')),
    violation: 'Tool names can only contain letters, numbers, underscores, and hyphens',
    quoted:
      'ValidationException: A tool name is invalid. Tool names can only contain letters, numbers, underscores, and hyphens',
    check: (body) => {
      const found: RuleBreak[] = [];
      asArray(asRecord(body.toolConfig).tools).forEach((tool, index) => {
        const spec = asRecord(tool).toolSpec;
        if (!isRecord(spec)) return;
        if (typeof spec.name === 'string' && NAME.test(spec.name)) return;
        found.push({
          path: `toolConfig.tools[${index}].toolSpec.name`,
          message: `${JSON.stringify(spec.name)}: A tool name is invalid. Tool names can only contain letters, numbers, underscores, and hyphens (at most 64)`,
        });
      });
      return found;
    },
  },
  {
    id: 'bedrock-tool-use-id',
    wire: 'bedrock',
    rule: 'A `toolUseId` (of a toolUse and of the toolResult answering it) is 1 to 64 of `[a-zA-Z0-9_.:-]`.',
    source: `${API}/API_runtime_ToolUseBlockStart.html`,
    example: converse(
      [
        { role: 'user', content: [text('Weather?')] },
        { role: 'assistant', content: [use('call 1/weather')] },
        { role: 'user', content: [result('call 1/weather')] },
      ],
      tools(),
    ),
    violation: 'toolUseId must match [a-zA-Z0-9_.:-]{1,64}',
    check: (body, context) =>
      converseFacts(body, context).badIds.map(({ path, id }) => ({
        path,
        message: `${JSON.stringify(id)}: toolUseId must match [a-zA-Z0-9_.:-]{1,64}`,
      })),
  },
  {
    id: 'bedrock-document-name',
    wire: 'bedrock',
    rule: 'A document name holds only letters, digits, single spaces, hyphens, parentheses and square brackets (API_runtime_DocumentBlock): `report_2026.pdf` is refused.',
    source: 'https://github.com/anomalyco/opencode/issues/19964',
    example: toolTurns([result('tooluse_1', [pdf('report_2026.pdf')])]),
    violation: 'The document file name can only contain alphanumeric characters',
    quoted:
      "The document file name can only contain alphanumeric characters, whitespace characters, hyphens, parentheses, and square brackets. The name can't contain more than one consecutive whitespace character.",
    check: (body, context) =>
      documents(body, context).flatMap((site): RuleBreak[] =>
        typeof site.name === 'string' && site.name.length <= 200 && DOCUMENT_NAME.test(site.name)
          ? []
          : [
              {
                path: `${site.path}.name`,
                message: `${JSON.stringify(site.name)}: The document file name can only contain alphanumeric characters, whitespace characters, hyphens, parentheses, and square brackets. The name can't contain more than one consecutive whitespace character.`,
              },
            ],
      ),
  },
  {
    id: 'bedrock-document-names-unique',
    wire: 'bedrock',
    rule: 'No two documents of a request share a name, across all its messages and tool results.',
    source: 'https://github.com/maximhq/bifrost/issues/7003',
    example: toolTurns([result('tooluse_1', [pdf('report'), pdf('report')])]),
    violation: "Messages can't contain duplicate document names",
    quoted:
      "ValidationException: Messages can't contain duplicate document names. Rename the document and retry your request.",
    check: (body, context) => {
      const seen = new Set<string>();
      const found: RuleBreak[] = [];
      for (const site of documents(body, context)) {
        if (typeof site.name !== 'string') continue;
        const key = site.name.toLowerCase();
        if (seen.has(key)) {
          found.push({
            path: `${site.path}.name`,
            message: `${JSON.stringify(site.name)}: Messages can't contain duplicate document names. Rename the document and retry your request.`,
          });
        }
        seen.add(key);
      }
      return found;
    },
  },
  {
    id: 'bedrock-document-count',
    wire: 'bedrock',
    rule: 'A request holds at most 5 documents (API_runtime_Message).',
    source: 'https://github.com/aws-samples/generative-ai-use-cases/issues/1685',
    example: toolTurns([
      result(
        'tooluse_1',
        ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => pdf(name)),
      ),
    ]),
    violation: "You can't include more than 5 documents in a request",
    quoted: "You can't include more than 5 documents in a request.",
    check: (body, context) => {
      const count = documents(body, context).length;
      return count > BEDROCK_MEDIA_LIMITS.documents
        ? [
            {
              path: 'messages',
              message: `You can't include more than ${BEDROCK_MEDIA_LIMITS.documents} documents in a request. (${count} documents)`,
            },
          ]
        : [];
    },
  },
  {
    id: 'bedrock-document-bytes',
    wire: 'bedrock',
    rule: 'A document is at most 4.5 MB.',
    source: MESSAGE_DOC,
    // A getter: the 4.5 MB example is built when read, not when the module loads.
    get example() {
      return toolTurns([
        result('tooluse_1', [
          { document: { format: 'pdf', name: 'big', source: { bytes: 'A'.repeat(6_291_460) } } },
        ]),
      ]);
    },
    violation: "Each document's size must be no more than 4.5 MB",
    check: (body, context) =>
      documents(body, context).flatMap((site): RuleBreak[] =>
        site.bytes !== undefined &&
        base64ByteLength(site.bytes) > BEDROCK_MEDIA_LIMITS.documentBytes
          ? [
              {
                path: `${site.path}.source.bytes`,
                message: `Each document's size must be no more than 4.5 MB (${base64ByteLength(site.bytes)} bytes)`,
              },
            ]
          : [],
      ),
  },
  {
    id: 'bedrock-media-count',
    wire: 'bedrock',
    rule: 'A request holds at most 20 images.',
    source: MESSAGE_DOC,
    example: converse([
      {
        role: 'user',
        content: [
          text('Compare'),
          ...Array.from({ length: 21 }, () => png(pngHeaderBase64(10, 10))),
        ],
      },
    ]),
    violation: 'You can include up to 20 images',
    check: (body, context) => {
      const count = images(body, context).length;
      return count > BEDROCK_MEDIA_LIMITS.images
        ? [
            {
              path: 'messages',
              message: `You can include up to ${BEDROCK_MEDIA_LIMITS.images} images. (${count} images)`,
            },
          ]
        : [];
    },
  },
  {
    id: 'bedrock-image-bytes',
    wire: 'bedrock',
    rule: 'An image is at most 3.75 MB (5 MiB of base64).',
    source: MESSAGE_DOC,
    get example() {
      return converse([
        { role: 'user', content: [text('Look'), png(pngHeaderBase64(100, 100, 3_932_161))] },
      ]);
    },
    violation:
      "Each image's size, height, and width must be no more than 3.75 MB, 8000 px, and 8000 px",
    check: (body, context) =>
      images(body, context).flatMap((site): RuleBreak[] =>
        (site.bytes?.length ?? 0) > BEDROCK_MEDIA_LIMITS.imageBytes
          ? [
              {
                path: `${site.path}.source.bytes`,
                message: `Each image's size, height, and width must be no more than 3.75 MB, 8000 px, and 8000 px, respectively (${site.bytes?.length} bytes of base64)`,
              },
            ]
          : [],
      ),
  },
  {
    id: 'bedrock-image-side',
    wire: 'bedrock',
    rule: 'No side of an image exceeds 8000 pixels.',
    source: MESSAGE_DOC,
    example: converse([
      { role: 'user', content: [text('Look'), png(pngHeaderBase64(1280, 8001))] },
    ]),
    violation:
      "Each image's size, height, and width must be no more than 3.75 MB, 8000 px, and 8000 px",
    check: (body, context) =>
      images(body, context).flatMap((site): RuleBreak[] =>
        longestSide(site.bytes ?? '') > BEDROCK_MEDIA_LIMITS.imageSide
          ? [
              {
                path: `${site.path}.source.bytes`,
                message: `Each image's size, height, and width must be no more than 3.75 MB, 8000 px, and 8000 px, respectively (a side of ${longestSide(site.bytes ?? '')} px)`,
              },
            ]
          : [],
      ),
  },
  {
    id: 'bedrock-tool-result-image',
    wire: 'bedrock',
    rule: 'An image goes inside a `toolResult` only for the models that take one (Claude, Nova and the others the registry marks `tool_result_images`); "This field is only supported by Amazon Nova and Anthropic Claude 3 and 4 models" (API_runtime_ToolResultContentBlock).',
    source: 'https://github.com/anomalyco/opencode/issues/49443',
    example: {
      path: '/model/openai.gpt-oss-120b-1:0/converse',
      body: toolTurns([result('tooluse_1', [png(pngHeaderBase64(4, 4))])]).body,
      capabilities: { tool_result_images: false },
    },
    violation: "This model doesn't support the image field for user messages",
    quoted:
      "This model doesn't support the image field for user messages. Remove image and try again.",
    check: (body, context) =>
      context.capabilities?.tool_result_images !== false
        ? []
        : images(body, context)
            .filter((site) => site.inToolResult)
            .map((site) => ({
              path: site.path,
              message:
                "This model doesn't support the image field for user messages. Remove image and try again.",
            })),
  },
  {
    id: 'bedrock-tool-config-required',
    wire: 'bedrock',
    rule: 'A request whose messages hold toolUse or toolResult blocks has a `toolConfig`.',
    source: 'https://github.com/epam/ai-dial-adapter-bedrock/pull/344',
    example: toolTurns([result('tooluse_1')], {}),
    violation:
      'The toolConfig field must be defined when using toolUse and toolResult content blocks',
    quoted: 'The toolConfig field must be defined when using toolUse and toolResult content blocks',
    check: (body, context) =>
      converseFacts(body, context).toolBlocks && !isRecord(body.toolConfig)
        ? [
            {
              path: 'toolConfig',
              message:
                'The toolConfig field must be defined when using toolUse and toolResult content blocks',
            },
          ]
        : [],
  },
  {
    id: 'bedrock-error-result-content',
    wire: 'bedrock',
    rule: "A toolResult with `status: 'error'` has content.",
    source:
      'https://github.com/aws-samples/sample-multi-agent-orchestration-chat-on-agentcore/issues/15',
    example: toolTurns([result('tooluse_1', [], { status: 'error' })]),
    violation: 'cannot be empty when status value is error',
    quoted:
      'The content field at messages.<n>.content.0.toolResult cannot be empty when status value is error.',
    check: (body, context) =>
      converseFacts(body, context).errorResults.flatMap(({ path, empty }): RuleBreak[] =>
        empty
          ? [
              {
                path: `${path}.content`,
                message: `The content field at ${path} cannot be empty when status value is error.`,
              },
            ]
          : [],
      ),
  },
  {
    id: 'bedrock-cache-points',
    wire: 'bedrock',
    rule: 'A request carries at most 4 `cachePoint` blocks (tools, system and messages together).',
    source: 'https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html',
    example: converse(
      [{ role: 'user', content: [text('d'), { cachePoint: { type: 'default' } }] }],
      {
        system: ['a', 'b', 'c', 'e'].flatMap((part) => [
          text(part),
          { cachePoint: { type: 'default' } },
        ]),
      },
    ),
    violation: 'at most 4 cache checkpoints',
    check: (body) => {
      const found = bedrockCachePoints(body).length;
      return found > BEDROCK_MAX_CACHE_POINTS
        ? [
            {
              path: 'cachePoint',
              message: `A request takes at most ${BEDROCK_MAX_CACHE_POINTS} cache checkpoints; it has ${found}.`,
            },
          ]
        : [];
    },
  },
  {
    id: 'bedrock-alternation',
    wire: 'bedrock',
    rule: 'Messages begin with a `user` turn and alternate `user` and `assistant`; the system prompt goes in `system`.',
    source: 'https://github.com/langchain-ai/langchainjs/issues/6724',
    example: converse([
      { role: 'user', content: [text('Hi')] },
      { role: 'user', content: [text('Again')] },
    ]),
    violation: 'A conversation must alternate between user and assistant roles',
    quoted:
      'ValidationException: A conversation must alternate between user and assistant roles. Make sure the conversation alternates between user and assistant roles and try again.',
  },
  {
    id: 'bedrock-tool-use-answered',
    wire: 'bedrock',
    rule: 'Every toolUse of an assistant turn is answered by a toolResult with its id in the next user turn.',
    source: 'https://github.com/agno-agi/agno/issues/6698',
    example: converse(
      [
        { role: 'user', content: [text('Weather?')] },
        { role: 'assistant', content: [use('tooluse_1'), use('tooluse_2')] },
        { role: 'user', content: [result('tooluse_1')] },
      ],
      tools(),
    ),
    violation: 'Expected toolResult blocks at messages.2.content for the following Ids: tooluse_2',
    quoted:
      'Expected toolResult blocks at messages.2.content for the following Ids: tooluse_jQ912rboYgzgLULQpRxWot, tooluse_sX1A7q9kipz4qAW36LUR1H',
  },
  {
    id: 'bedrock-non-blank-text',
    wire: 'bedrock',
    rule: 'A text block holds text that is not only whitespace.',
    source: 'https://github.com/aws-samples/generative-ai-use-cases/issues/1685',
    example: converse([{ role: 'user', content: [text('  ')] }]),
    violation: 'must contain non-whitespace text',
    quoted: 'text content blocks must contain non-whitespace text',
  },
  {
    id: 'bedrock-media-user-only',
    wire: 'bedrock',
    rule: 'Images and documents go only in `user` turns.',
    source: MESSAGE_DOC,
    example: converse([
      { role: 'user', content: [text('Draw')] },
      { role: 'assistant', content: [png(pngHeaderBase64(4, 4))] },
      { role: 'user', content: [text('Thanks')] },
    ]),
    violation: 'You can only include images and documents if the role is user',
  },
];
