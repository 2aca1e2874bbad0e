// The stored form of a conversation: a versioned JSON document, written and read back without
// loss. The schema below is the contract; fixtures/wire/conversation/ holds its goldens.
import { Image, type ImageRecord } from '@crosswire/content-image';
import {
  parseContentBlock,
  sealToolCall,
  type ToolCall,
  WIRE_FORMATS,
  type WireFormat,
} from '@crosswire/core';
import {
  type ChatMessage,
  type ConversationMessage,
  isProviderMessage,
  isRecord,
  PROVIDER_MESSAGE_WIRE,
  providerMessage,
  type UserContentPart,
} from '@crosswire/dialects';
import { ToolResult } from '@crosswire/tool-result';
import { en } from 'zod/locales';
import * as z from 'zod/mini';
import { checkEnvelope } from './envelope.js';
import { ConversationError } from './errors.js';
import { jsonCopy } from './json-copy.js';

/** The `format` of every stored conversation. */
export const CONVERSATION_FORMAT = 'crosswire.conversation';

/** The version this release writes (and the newest it reads). */
export const CONVERSATION_VERSION = 1;

const wireSchema = z.enum(WIRE_FORMATS);
const optionalString = z.optional(z.string());

const imageSchema = z.union([
  z.strictObject({
    type: z.literal('image'),
    source: z.literal('url'),
    url: z.string(),
    mediaType: optionalString,
    detail: optionalString,
  }),
  z.strictObject({
    type: z.literal('image'),
    source: z.enum(['data-url', 'bytes']),
    data: z.string(),
    mediaType: optionalString,
    detail: optionalString,
  }),
]);

/** Where a payload moved to a blob store goes back (see `saveConversation`). */
export const mediaReferenceSchema = z.strictObject({
  /** The keys from the entry down to the string the blob holds. */
  path: z.array(z.union([z.string(), z.number().check(z.int(), z.nonnegative())])),
  /** `sha256-<hex>` of the blob's bytes. */
  blob: z.string().check(z.regex(/^sha256-[0-9a-f]{64}$/)),
  /** How the string is made from the bytes: base64 (after `prefix`) or UTF-8 text. */
  encoding: z.enum(['base64', 'utf8']),
  /** What precedes the encoded bytes in the string (`data:image/png;base64,`). */
  prefix: optionalString,
  /** The blob's size in bytes. */
  bytes: z.number().check(z.int(), z.nonnegative()),
  mediaType: optionalString,
});
export type MediaReference = z.infer<typeof mediaReferenceSchema>;

const media = { media: z.optional(z.array(mediaReferenceSchema)) };

const toolCallSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()),
  rawArguments: z.optional(z.unknown()),
  argumentsUndecodable: z.boolean(),
  argumentsError: optionalString,
  wire: wireSchema,
  raw: z.optional(z.unknown()),
});

const toolResultSchema = z.strictObject({
  name: z.string(),
  id: z.string(),
  content: z.array(z.unknown()),
  isError: z.boolean(),
  structuredContent: z.optional(z.record(z.string(), z.unknown())),
});

const storedMessageSchema = z.discriminatedUnion('role', [
  z.strictObject({ role: z.literal('system'), content: z.string(), ...media }),
  z.strictObject({
    role: z.literal('user'),
    content: z.union([
      z.string(),
      z.array(
        z.union([
          z.string(),
          z.strictObject({ type: z.literal('text'), text: z.string() }),
          imageSchema,
          /** An `McpImagePart`, kept as it was given. */
          z.strictObject({ type: z.literal('image'), data: z.string(), mimeType: z.string() }),
        ]),
      ),
    ]),
    ...media,
  }),
  z.strictObject({
    role: z.literal('assistant'),
    content: z.string(),
    toolCalls: z.optional(z.array(toolCallSchema)),
    ...media,
  }),
  z.strictObject({ role: z.literal('tool'), results: z.array(toolResultSchema), ...media }),
  /** A `WireMessage`: a wire-shaped entry wrapped as `{ role: 'wire', wire, message }`. */
  z.strictObject({ role: z.literal('wire'), wire: wireSchema, message: z.unknown(), ...media }),
  /** A `ProviderMessage`: the provider's own message, marked with its wire. */
  z.strictObject({
    role: z.literal('provider'),
    wire: wireSchema,
    message: z.record(z.string(), z.unknown()),
    ...media,
  }),
]);

/** One stored entry of a conversation. */
export type StoredMessage = z.infer<typeof storedMessageSchema>;

/** A stored conversation: `JSON.stringify` it, or put it in a JSON column as it is. */
export interface ConversationDocument {
  readonly format: typeof CONVERSATION_FORMAT;
  readonly version: number;
  readonly messages: readonly StoredMessage[];
}

const englishIssues = { error: en().localeError };

/**
 * The conversation as a {@link ConversationDocument}: plain JSON with every payload inline.
 * Images keep what they were built from (a URL image stays a URL; a payload fetched for it is
 * not stored), tool results and calls keep every field, provider messages keep their wire.
 * Throws `ConversationError` naming the entry for what JSON cannot hold (a BigInt, a cycle)
 * or a message that is not a conversation message. The document is a copy: `messages` are not
 * changed.
 */
export function serializeConversation(
  messages: readonly ConversationMessage[],
): ConversationDocument {
  if (!Array.isArray(messages)) {
    throw new ConversationError(
      'conversation_not_serializable',
      'serializeConversation takes an array of messages',
      { path: 'messages' },
    );
  }
  return {
    format: CONVERSATION_FORMAT,
    version: CONVERSATION_VERSION,
    messages: messages.map((message, index) => {
      const path = `messages[${index}]`;
      const entry = encodeMessage(message, path);
      // Never write what could not be read back.
      const checked = storedMessageSchema.safeParse(entry, englishIssues);
      if (!checked.success) {
        throw new ConversationError(
          'conversation_not_serializable',
          `${path} cannot be stored: ${describeIssue(checked.error.issues[0])}`,
          { path },
        );
      }
      return entry;
    }),
  };
}

/**
 * The conversation a document holds (a JSON string, or the parsed value). Checks the format,
 * the version and every entry; throws `ConversationError` naming the bad entry and field
 * (`invalid_conversation`), for a version newer than this release reads
 * (`unsupported_conversation_version`), or for payloads kept in a blob store
 * (`blob_store_required`: use `loadConversation`).
 */
export function parseConversation(input: unknown): ConversationMessage[] {
  const document = readEnvelope(input);
  return document.messages.map((entry, index) => {
    const path = `messages[${index}]`;
    if (isRecord(entry) && entry.media !== undefined) {
      throw new ConversationError(
        'blob_store_required',
        `${path} keeps payloads in a blob store; load it with loadConversation(document, { blobStore })`,
        { path },
      );
    }
    return decodeMessage(entry, path);
  });
}

/** The document's entries, after checking its format and version. */
export function readEnvelope(input: unknown): { readonly messages: readonly unknown[] } {
  const value = checkEnvelope(input, {
    noun: 'conversation',
    format: CONVERSATION_FORMAT,
    version: CONVERSATION_VERSION,
    invalid: 'invalid_conversation',
    unsupported: 'unsupported_conversation_version',
    error: ConversationError,
  });
  if (!Array.isArray(value.messages)) {
    throw new ConversationError('invalid_conversation', 'the conversation has no messages array', {
      path: 'messages',
    });
  }
  return { messages: value.messages };
}

/** One stored entry as the message it was, checked against the schema. */
export function decodeMessage(entry: unknown, path: string): ConversationMessage {
  const stored = checkEntry(entry, path);
  switch (stored.role) {
    case 'system':
      return { role: 'system', content: stored.content };
    case 'user':
      return {
        role: 'user',
        content:
          typeof stored.content === 'string'
            ? stored.content
            : stored.content.map((part, index) =>
                decodeUserPart(part, `${path}.content[${index}]`),
              ),
      };
    case 'assistant':
      return {
        role: 'assistant',
        content: stored.content,
        ...(stored.toolCalls
          ? {
              toolCalls: stored.toolCalls.map((call, index) =>
                decodeToolCall(call, `${path}.toolCalls[${index}]`),
              ),
            }
          : {}),
      };
    case 'tool':
      return {
        role: 'tool',
        results: stored.results.map((result, index) =>
          decodeToolResult(result, `${path}.results[${index}]`),
        ),
      };
    case 'wire':
      return { role: 'wire', wire: stored.wire, message: jsonCopy(stored.message, path) };
    case 'provider':
      return providerMessage(stored.wire, jsonCopy(stored.message, path) as object);
  }
}

/** The entry after checking its shape against the schema (values are built by decodeMessage). */
export function checkEntry(entry: unknown, path: string): StoredMessage {
  const checked = storedMessageSchema.safeParse(entry, englishIssues);
  if (!checked.success) {
    const role = isRecord(entry) && typeof entry.role === 'string' ? ` (${entry.role})` : '';
    const issue = checked.error.issues[0];
    throw new ConversationError(
      'invalid_conversation',
      `conversation entry ${path}${role} is invalid: ${describeIssue(issue)}`,
      { path: joinPath(path, issue?.path ?? []) },
    );
  }
  return checked.data;
}

function encodeMessage(message: ConversationMessage, path: string): StoredMessage {
  if (isProviderMessage(message)) {
    return {
      role: 'provider',
      wire: message[PROVIDER_MESSAGE_WIRE],
      message: jsonCopy(message, `${path}.message`) as Record<string, unknown>,
    };
  }
  const chat = message as ChatMessage;
  switch (isRecord(chat) ? chat.role : undefined) {
    case 'system':
      return { role: 'system', content: (chat as { content: string }).content };
    case 'user': {
      const content = (chat as { content: unknown }).content;
      return {
        role: 'user',
        content: Array.isArray(content)
          ? content.map((part) => encodeUserPart(part))
          : (content as string),
      };
    }
    case 'assistant': {
      const { content, toolCalls } = chat as { content: string; toolCalls?: readonly ToolCall[] };
      return {
        role: 'assistant',
        content,
        ...(toolCalls === undefined
          ? {}
          : {
              toolCalls: toolCalls.map((call, index) =>
                encodeToolCall(call, `${path}.toolCalls[${index}]`),
              ),
            }),
      };
    }
    case 'tool':
      return {
        role: 'tool',
        // jsonCopy calls a ToolResult's toJSON (its stored form); a plain record is copied.
        results: (chat as { results: readonly ToolResult[] }).results.map(
          (result, index) => jsonCopy(result, `${path}.results[${index}]`) as StoredToolResult,
        ),
      };
    case 'wire': {
      const wrapped = chat as { wire: WireFormat; message: unknown };
      return {
        role: 'wire',
        wire: wrapped.wire,
        message: jsonCopy(wrapped.message, `${path}.message`) ?? null,
      };
    }
    default:
      throw new ConversationError(
        'conversation_not_serializable',
        `${path} is not a conversation message (role system, user, assistant, tool or wire, or a provider message)`,
        { path },
      );
  }
}

type StoredToolResult = z.infer<typeof toolResultSchema>;
type StoredToolCall = z.infer<typeof toolCallSchema>;
type StoredUserPart =
  | string
  | { type: 'text'; text: string }
  | ImageRecord
  | { type: 'image'; data: string; mimeType: string };

function encodeUserPart(part: UserContentPart): StoredUserPart {
  if (isImage(part)) return part.toRecord();
  if (typeof part === 'string') return part;
  if (part.type === 'image') return { type: 'image', data: part.data, mimeType: part.mimeType };
  return { type: 'text', text: part.text };
}

function decodeUserPart(part: StoredUserPart, path: string): UserContentPart {
  if (typeof part === 'string' || part.type === 'text' || !('source' in part)) return part;
  try {
    return Image.fromRecord(part);
  } catch (cause) {
    const field = (cause as { path?: unknown }).path;
    throw new ConversationError(
      'invalid_conversation',
      `conversation entry ${path} is not a valid image: ${(cause as Error).message}`,
      { path: typeof field === 'string' && field !== '' ? `${path}.${field}` : path, cause },
    );
  }
}

function encodeToolCall(call: ToolCall, path: string): StoredToolCall {
  const stored: Record<string, unknown> = {
    id: call.id,
    name: call.name,
    arguments: jsonCopy(call.arguments, `${path}.arguments`),
  };
  if (call.rawArguments !== undefined) {
    stored.rawArguments = jsonCopy(call.rawArguments, `${path}.rawArguments`);
  }
  stored.argumentsUndecodable = call.argumentsUndecodable;
  if (call.argumentsError !== undefined) stored.argumentsError = call.argumentsError;
  stored.wire = call.wire;
  if (call.raw !== undefined) stored.raw = jsonCopy(call.raw, `${path}.raw`);
  return stored as StoredToolCall;
}

function decodeToolCall(stored: StoredToolCall, path: string): ToolCall {
  return sealToolCall({
    id: stored.id,
    name: stored.name,
    arguments: jsonCopy(stored.arguments, `${path}.arguments`) as Record<string, unknown>,
    rawArguments: jsonCopy(stored.rawArguments, `${path}.rawArguments`),
    argumentsUndecodable: stored.argumentsUndecodable,
    argumentsError: stored.argumentsError,
    wire: stored.wire as WireFormat,
    raw: jsonCopy(stored.raw, `${path}.raw`),
  });
}

function decodeToolResult(stored: StoredToolResult, path: string): ToolResult {
  const content = stored.content.map((block, index) => {
    const blockPath = `${path}.content[${index}]`;
    if (isRecord(block) && block.type === 'unknown') {
      // A block the tool sent that did not parse: kept as it was, `raw` included.
      if (typeof block.reason !== 'string') {
        throw new ConversationError(
          'invalid_conversation',
          `conversation entry ${blockPath} is an unknown block without a reason`,
          { path: `${blockPath}.reason` },
        );
      }
      return { ...block, raw: block.raw };
    }
    const parsed = parseContentBlock(block);
    if (parsed.type === 'unknown') {
      throw new ConversationError(
        'invalid_conversation',
        `conversation entry ${blockPath} is not a valid content block: ${parsed.reason}`,
        { path: blockPath },
      );
    }
    return block;
  });
  return new ToolResult({ ...stored, content });
}

function isImage(value: unknown): value is Image {
  return (
    value instanceof Image ||
    (isRecord(value) && typeof (value as { toRecord?: unknown }).toRecord === 'function')
  );
}

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

function joinPath(base: string, keys: readonly PropertyKey[]): string {
  return keys.reduce<string>(
    (path, key) => (typeof key === 'number' ? `${path}[${key}]` : `${path}.${String(key)}`),
    base,
  );
}

function describeIssue(issue: Issue | undefined): string {
  if (!issue) return 'does not match the schema';
  return issue.path.length === 0
    ? issue.message
    : `${joinPath('', issue.path).replace(/^\./, '')}: ${issue.message}`;
}
