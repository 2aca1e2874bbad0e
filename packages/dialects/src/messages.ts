import { Image } from '@crosswire/content-image/image';
import { CrosswireError, type ToolCall, ValidationError, type WireFormat } from '@crosswire/core';
import type { ToolResult } from '@crosswire/tool-result';

/**
 * An image as MCP content carries it (the `ImageContent` of a tool result or a prompt):
 * base64 `data` and its `mimeType`. A user turn takes it as it is; it becomes an
 * {@link Image} (`Image.fromBase64`) before any wire sees it.
 */
export interface McpImagePart {
  readonly type: 'image';
  readonly data: string;
  readonly mimeType: string;
}

/**
 * One part of a user turn: text (a bare string or a text part), an {@link Image}, or an MCP
 * image block ({@link McpImagePart}).
 */
export type UserContentPart =
  | string
  | { readonly type: 'text'; readonly text: string }
  | Image
  | McpImagePart;

/**
 * A conversation entry already in one wire's shape: what `formatToolResults` returns. A
 * request builder copies it unchanged into the body of the same wire; a request of any other
 * wire reads it back into neutral messages with its wire's reader first.
 */
export interface WireMessage {
  readonly role: 'wire';
  readonly wire: WireFormat;
  readonly message: unknown;
}

export interface SystemMessage {
  readonly role: 'system';
  readonly content: string;
}

export interface UserMessage {
  readonly role: 'user';
  readonly content: string | readonly UserContentPart[];
}

export interface AssistantMessage {
  readonly role: 'assistant';
  readonly content: string;
  readonly toolCalls?: readonly ToolCall[];
}

/** The results answering the calls of the assistant turn before it, one per call. */
export interface ToolMessage {
  readonly role: 'tool';
  readonly results: readonly ToolResult[];
}

/** A provider-neutral chat message. Request builders turn it into each wire's shape. */
export type ChatMessage =
  | SystemMessage
  | UserMessage
  | AssistantMessage
  | ToolMessage
  | WireMessage;

/** Wraps a wire-shaped message so it can ride in a `ChatMessage` list. */
export function wireMessage(wire: WireFormat, message: unknown): WireMessage {
  return { role: 'wire', wire, message };
}

/** True for a {@link WireMessage}. */
export function isWireMessage(message: ChatMessage): message is WireMessage {
  return message.role === 'wire';
}

/**
 * The key that marks a {@link ProviderMessage} with its wire. A registered symbol, so two
 * copies of this package agree on it; set as a non-enumerable property, so the message still
 * equals (and serialises as) the plain provider message.
 */
export const PROVIDER_MESSAGE_WIRE: unique symbol = Symbol.for('@crosswire/engines.wire');

/**
 * A conversation entry in the provider's own shape, as `formatToolResults` returns it: the
 * OpenAI `{ role: 'assistant', content, tool_calls }` echo, a `{ role: 'tool', tool_call_id,
 * content }` result, an Anthropic `{ role: 'user', content: [tool_result...] }`, a Gemini
 * `{ role: 'model', parts }`, a Responses `function_call_output` item... It is marked with its
 * wire (a non-enumerable symbol property), so the request builder of that wire copies it into
 * the body unchanged and any other wire reads it back into neutral messages first. A message
 * rebuilt from JSON has lost the mark: {@link providerMessage} puts it back.
 */
export interface ProviderMessage {
  readonly [PROVIDER_MESSAGE_WIRE]: WireFormat;
  readonly [key: string]: unknown;
}

/** What a conversation may hold: canonical messages and provider-shaped ones. */
export type ConversationMessage = ChatMessage | ProviderMessage;

/**
 * Marks a message of `wire`'s own shape as a {@link ProviderMessage}. The object itself is
 * marked when it can be; a frozen one is copied (shallowly) first.
 */
export function providerMessage(wire: WireFormat, message: object): ProviderMessage {
  const target = Object.isExtensible(message) ? message : { ...message };
  Object.defineProperty(target, PROVIDER_MESSAGE_WIRE, {
    value: wire,
    enumerable: false,
    configurable: true,
  });
  return target as ProviderMessage;
}

/** True for a {@link ProviderMessage} (a provider-shaped message marked with its wire). */
export function isProviderMessage(message: unknown): message is ProviderMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof (message as { [PROVIDER_MESSAGE_WIRE]?: unknown })[PROVIDER_MESSAGE_WIRE] === 'string'
  );
}

/** The roles of canonical messages (`wire` wraps a provider-shaped one). */
const ROLES: readonly ChatMessage['role'][] = ['system', 'user', 'assistant', 'tool', 'wire'];

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value !== 'object') return `a ${typeof value}`;
  const type = (value as { type?: unknown }).type;
  return typeof type === 'string' ? `a part of type '${type}'` : 'an object without a type';
}

/** One user part checked, an MCP image made an {@link Image}; `path` names it in refusals. */
function checkedUserPart(part: unknown, path: string): Exclude<UserContentPart, McpImagePart> {
  if (typeof part === 'string' || part instanceof Image) return part;
  const record = (typeof part === 'object' && part !== null ? part : {}) as Record<string, unknown>;
  if (record.type === 'text' && typeof record.text === 'string') {
    return part as { readonly type: 'text'; readonly text: string };
  }
  if (record.type === 'image' && typeof record.data === 'string') {
    if (typeof record.mimeType !== 'string') {
      throw new ValidationError(`${path}: an MCP image needs its mimeType`, {
        path,
        code: 'invalid_user_part',
      });
    }
    try {
      return Image.fromBase64(record.data, { mediaType: record.mimeType });
    } catch (error) {
      const reason = error instanceof CrosswireError ? error.message : String(error);
      throw new ValidationError(`${path}: ${reason}`, {
        path,
        code: 'invalid_user_part',
        cause: error,
      });
    }
  }
  throw new ValidationError(
    `${path}: unknown user content part, ${describe(part)} (a part is a string, { type: 'text', text }, an Image, or an MCP image { type: 'image', data, mimeType })`,
    { path, code: 'invalid_user_part' },
  );
}

/**
 * One conversation entry checked: a provider message becomes the {@link WireMessage} the
 * builders read; a user turn's MCP images become {@link Image}s; an unknown role or an
 * unknown user part is a `ValidationError` (code `invalid_message` / `invalid_user_part`)
 * naming it (`messages[2].content[1]`), so nothing reaches a wire half-understood.
 */
function checkedMessage(message: ConversationMessage, index: number): ChatMessage {
  if (isProviderMessage(message)) return wireMessage(message[PROVIDER_MESSAGE_WIRE], message);
  const role = (message as { role?: unknown } | null)?.role;
  // Only a user turn has parts to check: a turn of any other known role is taken as it is
  // (and no path is spelled out for it: this runs for every message of every request).
  if (typeof message === 'object' && role !== 'user' && ROLES.includes(role as never)) {
    return message as ChatMessage;
  }
  const path = `messages[${index}]`;
  if (typeof message !== 'object' || message === null || !ROLES.includes(role as never)) {
    const found =
      typeof message === 'object' && message !== null
        ? `unknown role ${JSON.stringify(role) ?? 'undefined'}`
        : `${describe(message)}, not a message`;
    throw new ValidationError(
      `${path}: ${found} (a message's role is system, user, assistant or tool; provider-shaped messages come from formatToolResults)`,
      { path, code: 'invalid_message' },
    );
  }
  const chat = message as ChatMessage;
  if (chat.role !== 'user' || typeof chat.content === 'string') return chat;
  if (!Array.isArray(chat.content)) {
    throw new ValidationError(
      `${path}.content: a user message's content is a string or a list of parts, not ${describe(chat.content)}`,
      { path: `${path}.content`, code: 'invalid_message' },
    );
  }
  const parts = chat.content.map((part, partIndex) =>
    checkedUserPart(part, `${path}.content[${partIndex}]`),
  );
  return parts.every((part, partIndex) => part === chat.content[partIndex])
    ? chat
    : { ...chat, content: parts };
}

/**
 * The conversation as the builders read it: each provider message as a {@link WireMessage},
 * each MCP image as an {@link Image}, every message and user part checked.
 */
export function canonicalMessages(messages: readonly ConversationMessage[]): ChatMessage[] {
  return messages.map(checkedMessage);
}

/** Wrapped wire messages as the provider messages they carry (objects marked, others kept). */
export function providerMessages(messages: readonly WireMessage[]): ProviderMessage[] {
  return messages.map((wrapped) =>
    providerMessage(
      wrapped.wire,
      typeof wrapped.message === 'object' && wrapped.message !== null
        ? wrapped.message
        : { value: wrapped.message },
    ),
  );
}

/** A user part that is text, as its text; `undefined` for an image. */
export function userPartText(part: UserContentPart): string | undefined {
  if (typeof part === 'string') return part;
  if (isTextPart(part)) return part.text;
  return undefined;
}

function isTextPart(
  part: UserContentPart,
): part is { readonly type: 'text'; readonly text: string } {
  return (
    typeof part === 'object' &&
    part !== null &&
    (part as { type?: unknown }).type === 'text' &&
    typeof (part as { text?: unknown }).text === 'string'
  );
}

/** The user turn's parts as a list (a string content is one text part). */
export function userParts(message: UserMessage): readonly UserContentPart[] {
  return typeof message.content === 'string' ? [message.content] : message.content;
}

/** The images of a user turn, in order (after {@link canonicalMessages}, every one an Image). */
export function userImages(message: UserMessage): Image[] {
  return userParts(message).filter((part): part is Image => userPartText(part) === undefined);
}
