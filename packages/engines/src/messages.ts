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
