import type { Image } from '@crosswire/content-image';
import type { ToolCall, WireFormat } from '@crosswire/core';
import type { ToolResult } from '@crosswire/tool-result';

/** One part of a user turn: text (a bare string or a text part) or an {@link Image}. */
export type UserContentPart = string | { readonly type: 'text'; readonly text: string } | Image;

/**
 * A conversation entry already in one wire's shape: what `formatToolResults` returns. A
 * request builder copies it unchanged into the body of the same wire and refuses it on any
 * other wire (its shape is that wire's, nothing else would accept it).
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
 * the body unchanged and any other wire refuses it. A message rebuilt from JSON has lost the
 * mark: {@link providerMessage} puts it back.
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

/** The conversation with each provider message as the {@link WireMessage} the builders read. */
export function canonicalMessages(messages: readonly ConversationMessage[]): ChatMessage[] {
  return messages.map((message) =>
    isProviderMessage(message)
      ? wireMessage(message[PROVIDER_MESSAGE_WIRE], message)
      : (message as ChatMessage),
  );
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

/** The images of a user turn, in order. */
export function userImages(message: UserMessage): Image[] {
  return userParts(message).filter((part): part is Image => userPartText(part) === undefined);
}
