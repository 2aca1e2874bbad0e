// What the per-wire readers of provider messages share: the reading context, the collector
// that turns what a wire file finds into neutral messages, and the conversions of images,
// data: URLs and PDFs every wire meets. A wire file reads its own shapes; nothing here knows one.
import { Image } from '@crosswire/content-image/image';
import {
  CrosswireError,
  emitWarning,
  mediaTypeFromBase64,
  parseDataUrl,
  type ToolCall,
  type WarningHandler,
  type WireFormat,
} from '@crosswire/core';
import { ToolResult } from '@crosswire/tool-result';
import type { ChatMessage, UserContentPart } from './messages.js';

/** What a reader of provider messages is given besides the messages. */
export interface ReadContext {
  /** The tool name of the call with this id, from the conversation before the messages read. */
  readonly callName: (id: string) => string | undefined;
  readonly onWarning?: WarningHandler | undefined;
}

/** A wire's reader: a run of its provider messages (in order) as neutral messages. */
export type ProviderMessageReader = (
  messages: readonly unknown[],
  context: ReadContext,
) => ChatMessage[];

/** One tool result as a wire carried it, before its name is looked up. */
export interface ReadResult {
  readonly id: string;
  /** The tool's name where the wire carries it (gemini, ollama, hermes). */
  readonly name?: string | undefined;
  /** MCP-style content (text, image, resource, json...) and Anthropic-native blocks. */
  readonly content: readonly unknown[];
  readonly isError?: boolean;
  readonly structuredContent?: Readonly<Record<string, unknown>> | undefined;
}

/**
 * Collects the neutral messages of one run of provider messages: consecutive results become
 * one tool message, a result's name comes from the call it answers, and what cannot cross is
 * counted (reasoning) or reported (anything else) instead of vanishing.
 */
export class NeutralMessages {
  readonly messages: ChatMessage[] = [];
  readonly #wire: WireFormat;
  readonly #context: ReadContext;
  readonly #names = new Map<string, string>();
  /** The calls of the assistant turn just read that no result has answered yet, in order. */
  #unanswered: ToolCall[] = [];
  #reasoning = 0;

  constructor(wire: WireFormat, context: ReadContext) {
    this.#wire = wire;
    this.#context = context;
  }

  system(text: string): void {
    this.messages.push({ role: 'system', content: text });
  }

  user(parts: readonly UserContentPart[]): void {
    if (parts.length === 0) return;
    const [only] = parts;
    this.messages.push({
      role: 'user',
      content: parts.length === 1 && typeof only === 'string' ? only : [...parts],
    });
  }

  /**
   * An assistant turn. `join`: the turn continues the assistant turn just read (Responses
   * spells one turn as several items), so its text (joined without a separator, as the
   * reply parser joins message items) and calls are added to that one.
   */
  assistant(text: string, calls: readonly ToolCall[], join = false): void {
    for (const call of calls) if (call.id !== '') this.#names.set(call.id, call.name);
    this.#unanswered = join ? [...this.#unanswered, ...calls] : [...calls];
    const last = this.messages.at(-1);
    if (join && last?.role === 'assistant') {
      this.messages[this.messages.length - 1] = {
        role: 'assistant',
        content: last.content + text,
        ...((last.toolCalls?.length ?? 0) + calls.length > 0
          ? { toolCalls: [...(last.toolCalls ?? []), ...calls] }
          : {}),
      };
      return;
    }
    this.messages.push({
      role: 'assistant',
      content: text,
      ...(calls.length > 0 ? { toolCalls: [...calls] } : {}),
    });
  }

  /**
   * A result; it joins the tool message just read, if any. Its tool name is the one the wire
   * sent, else the one of the call it answers: by id, or (a call without id, as Gemini's
   * OpenAI-compatible endpoint sends) the next unanswered call of the turn.
   */
  result(read: ReadResult): void {
    const answered = this.#unanswered.findIndex((call) =>
      read.id !== '' ? call.id === read.id : read.name ? call.name === read.name : true,
    );
    const [call] = answered === -1 ? [] : this.#unanswered.splice(answered, 1);
    const name =
      read.name ||
      (read.id === '' ? call?.name : (this.#names.get(read.id) ?? this.#context.callName(read.id)));
    if (name === undefined || name === '') {
      throw new CrosswireError(
        'wire_message_unreadable',
        `a ${this.#wire} tool result for call ${JSON.stringify(read.id)} answers no call of the conversation, so its tool name is unknown and no other wire can carry it`,
        { details: { wire: this.#wire, id: read.id } },
      );
    }
    const result = new ToolResult(
      {
        name,
        id: read.id,
        content: read.content,
        isError: read.isError === true,
        ...(read.structuredContent === undefined
          ? {}
          : { structuredContent: read.structuredContent }),
      },
      { onWarning: this.#context.onWarning ?? (() => {}) },
    );
    const last = this.messages.at(-1);
    if (last?.role === 'tool') {
      this.messages[this.messages.length - 1] = {
        role: 'tool',
        results: [...last.results, result],
      };
    } else this.messages.push({ role: 'tool', results: [result] });
  }

  /** Reasoning that only its own wire can verify: left out (see the engines README). */
  reasoning(): void {
    this.#reasoning += 1;
  }

  /** Something the neutral form cannot hold: left out, and `onWarning` is told what. */
  lost(what: string): void {
    emitWarning(this.#context.onWarning, {
      code: 'cross_wire_content_dropped',
      message: `${this.#wire}: ${what} cannot go to another wire; it is left out`,
      details: { wire: this.#wire, what },
    });
  }

  /** The neutral messages, after one `cross_wire_reasoning_dropped` warning if reasoning was left out. */
  done(): ChatMessage[] {
    if (this.#reasoning > 0) {
      emitWarning(this.#context.onWarning, {
        code: 'cross_wire_reasoning_dropped',
        message: `${this.#wire}: ${this.#reasoning} reasoning item(s) only ${this.#wire} can verify are left out when the conversation continues on another wire`,
        details: { wire: this.#wire, count: this.#reasoning },
      });
    }
    return this.messages;
  }
}

/** The message a reader cannot read at all (not an object, an unknown role or type). */
export function unreadable(wire: WireFormat, message: unknown, why: string): CrosswireError {
  return new CrosswireError(
    'wire_message_unreadable',
    `a ${wire} provider message cannot be read for another wire: ${why}`,
    { details: { wire, message: typeof message === 'object' ? 'object' : typeof message } },
  );
}

// The same part read twice (the image pre-fetch pass and the build) gives the same Image, so
// an image fetched for a wire that needs bytes has them when the request is built.
const images = new WeakMap<object, Map<number, Image>>();

function cached(owner: object, slot: number, make: () => Image): Image {
  let slots = images.get(owner);
  if (slots === undefined) {
    slots = new Map();
    images.set(owner, slots);
  }
  const found = slots.get(slot);
  if (found !== undefined) return found;
  const image = make();
  slots.set(slot, image);
  return image;
}

/** An image given by URL (`https:` or `data:`) in `owner`, the provider message part holding it. */
export function imageFromUrl(owner: object, url: string, slot = 0): Image {
  return cached(owner, slot, () => Image.fromUrl(url));
}

/** An image given as base64 bytes in `owner` (its media type sniffed when not given). */
export function imageFromBase64(
  owner: object,
  base64: string,
  mediaType?: string,
  slot = 0,
): Image {
  return cached(owner, slot, () =>
    Image.fromBase64(base64, mediaType === undefined ? {} : { mediaType }),
  );
}

/** An MCP image block of base64 bytes whose media type the wire did not send (sniffed). */
export function sniffedImageContent(base64: string): unknown {
  const mimeType = mediaTypeFromBase64(base64) ?? 'application/octet-stream';
  return mimeType.startsWith('image/')
    ? { type: 'image', data: base64, mimeType }
    : { type: 'resource', resource: { uri: '', mimeType, blob: base64 } };
}

/** Media as bytes: `{ mediaType, data }` of a base64 `data:` URL, else undefined. */
export function dataUrlMedia(url: string): { mediaType: string; data: string } | undefined {
  if (!/^data:/i.test(url)) return undefined;
  try {
    const parsed = parseDataUrl(url);
    return parsed.isBase64 ? { mediaType: parsed.mediaType, data: parsed.data } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Tool-result content for media bytes a wire carried: an image as an MCP image, a PDF as a
 * base64 document (what the wires with native PDFs take back), anything else as a
 * resource blob (its placeholder names it).
 */
export function mediaContent(mediaType: string, data: string, title?: string): unknown {
  const type = mediaType.toLowerCase();
  if (type.startsWith('image/')) return { type: 'image', data, mimeType: type };
  if (type === 'application/pdf') {
    return {
      type: 'document',
      source: { type: 'base64', media_type: type, data },
      ...(title === undefined ? {} : { title }),
    };
  }
  return {
    type: 'resource',
    resource: { uri: title === undefined ? '' : title, mimeType: type, blob: data },
  };
}

/** A text block; blank text carries nothing and is left out. */
export function textContent(text: string): unknown[] {
  return text === '' ? [] : [{ type: 'text', text }];
}
