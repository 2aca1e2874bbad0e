import type { ToolImage } from '@crosswire/dialects';
import type { ToolResult, ToolResultToOptions } from '@crosswire/tool-result';
import {
  type BaseMessage,
  type ContentBlock,
  type MessageContent,
  ToolMessage,
  type ToolMessageFields,
} from '@langchain/core/messages';

/** The fields of the tool message being rewritten that its replacement keeps. */
export type KeptFields = Omit<ToolMessageFields, 'content'>;

/** The part of the human message after the tool messages that carries one image or PDF. */
export type FollowPart = (item: ToolImage) => ContentBlock;

/**
 * How one wire's LangChain integration is made to send what Crosswire sends: the integration
 * writes the body from the messages, so each wire says which message content becomes the
 * native block there.
 */
export interface LangChainWire {
  /** What the integration can put inside a tool message as media (not what the wire can). */
  readonly carries: Readonly<Record<'image' | 'pdf', boolean>>;
  /**
   * What goes in one human message right after the tool messages when the model sees it but the
   * tool message cannot carry it, and the content part of each item there. Undefined on wires
   * whose tool messages carry media (nothing follows there).
   */
  readonly follow?: {
    readonly images: boolean;
    readonly pdfs: boolean;
    readonly part: FollowPart;
  };
  /** The tool message content that makes the integration send Crosswire's rendering. */
  content(result: ToolResult, options: ToolResultToOptions): MessageContent;
  /**
   * The message that stands for the tool message in a request, where a tool message cannot say
   * what the wire can (undefined: a ToolMessage with {@link content}).
   */
  message?(
    result: ToolResult,
    options: ToolResultToOptions,
    kept: KeptFields,
  ): BaseMessage | undefined;
}

/** The tool message a wire sends: the kept fields, the wire's content, the error status. */
export function toolMessage(
  wire: LangChainWire,
  result: ToolResult,
  options: ToolResultToOptions,
  kept: KeptFields,
): BaseMessage {
  return (
    wire.message?.(result, options, kept) ??
    new ToolMessage({
      ...kept,
      content: wire.content(result, options),
      ...(result.isError ? { status: 'error' as const } : {}),
    })
  );
}

/**
 * An image as an OpenAI-style `image_url` part with a data URL: the one image form that every
 * integration whose tool messages are followed by images reads in a human message.
 */
export const imageUrlPart: FollowPart = (item) => ({
  type: 'image_url',
  image_url: { url: `data:${item.mediaType};base64,${item.base64}` },
});
