// A request's messages with each tool message rendered for one model: the message standing for
// it, and after each run of tool messages one human message with the images (and on Gemini the
// PDFs) the model sees but the tool messages could not carry, as @crosswire/engines sends them.
import { emitWarning, normalizeMediaType, type WarningHandler } from '@crosswire/core';
import { type ToolImage, toolResultImages } from '@crosswire/dialects';
import type { ToolResult } from '@crosswire/tool-result';
import { type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import type { Plan } from './capabilities.js';
import { toolResultOfMessage } from './read-content.js';
import { WIRES } from './wires/index.js';
import { type KeptFields, toolMessage } from './wires/wire.js';

/** One tool message rendered for a plan: what stands for it, and what follows the run it is in. */
export interface Rendered {
  readonly message: BaseMessage;
  readonly images: readonly ToolImage[];
  readonly pdfs: readonly ToolImage[];
}

/** The sentence `@crosswire/dialects` writes before the media that follow the results. */
function label(media: readonly ToolImage[], what: string): string {
  const names = media.map((item) =>
    item.callId ? `${item.toolName} (${item.callId})` : item.toolName,
  );
  return `The tool results above returned ${media.length} ${what}, attached here in order: ${names.join(', ')}.`;
}

/** The PDFs of a result (embedded resource blobs, Anthropic-native base64 documents), in order. */
function resultPdfs(result: ToolResult): ToolImage[] {
  return result.content.flatMap((block) => {
    const record = block as unknown as Record<string, unknown>;
    const holder = (block.type === 'resource' ? record.resource : record.source) as
      | Record<string, unknown>
      | undefined;
    const mediaType = holder?.mimeType ?? holder?.media_type;
    const base64 = block.type === 'resource' ? holder?.blob : holder?.data;
    const isPdf =
      (block.type === 'resource' || (block.type === 'document' && holder?.type === 'base64')) &&
      typeof mediaType === 'string' &&
      normalizeMediaType(mediaType) === 'application/pdf';
    // An empty payload is no document (Gemini refuses empty inlineData): its placeholder stays.
    return isPdf && typeof base64 === 'string' && base64 !== ''
      ? [{ toolName: result.name, callId: result.id ?? '', mediaType: 'application/pdf', base64 }]
      : [];
  });
}

/** The fields of a tool message its replacement keeps (all but the content). */
function keptFields(message: ToolMessage): KeptFields {
  return {
    tool_call_id: message.tool_call_id,
    ...(message.name === undefined ? {} : { name: message.name }),
    ...(message.id === undefined ? {} : { id: message.id }),
    ...(message.status === undefined ? {} : { status: message.status }),
    ...(message.artifact === undefined ? {} : { artifact: message.artifact }),
    ...(message.metadata === undefined ? {} : { metadata: message.metadata }),
    additional_kwargs: message.additional_kwargs,
    response_metadata: message.response_metadata,
  };
}

/**
 * One tool message rendered for `plan`, or undefined when there is nothing to rewrite (the text
 * of a call that did not fail). Warns `tool_result_image_placeholder` when the model gets an
 * image as its placeholder.
 */
export function renderToolMessage(
  message: ToolMessage,
  plan: Plan,
  onWarning: WarningHandler | undefined,
): Rendered | undefined {
  const result = toolResultOfMessage(message, { onWarning });
  if (result === undefined) return undefined;
  const wire = WIRES[plan.wire];
  const rendered = toolMessage(wire, result, plan.toOptions, keptFields(message));
  const images = plan.delivery.image === 'native' ? [] : toolResultImages([result], { onWarning });
  if (images.length > 0 && plan.delivery.image === 'placeholder') {
    emitWarning(onWarning, {
      code: 'tool_result_image_placeholder',
      message: `model "${plan.model}" does not see images in tool results on the ${plan.wire} wire through LangChain; ${images.length} image(s) from tool ${result.name} went as a text placeholder`,
      details: { toolName: result.name, callId: result.id, model: plan.model, wire: plan.wire },
    });
  }
  // A message whose text is already what the wire gets stays the same object.
  const same =
    ToolMessage.isInstance(rendered) &&
    typeof message.content === 'string' &&
    rendered.content === message.content &&
    rendered.status === message.status;
  return {
    message: same ? message : rendered,
    images: plan.delivery.image === 'user-message' ? images : [],
    pdfs: plan.delivery.pdf === 'user-message' ? resultPdfs(result) : [],
  };
}

/** The human message after a run of tool messages, or undefined when nothing follows. */
function followingMessage(
  plan: Plan,
  images: readonly ToolImage[],
  pdfs: readonly ToolImage[],
): HumanMessage | undefined {
  const follow = WIRES[plan.wire].follow;
  if (follow === undefined || (images.length === 0 && pdfs.length === 0)) return undefined;
  return new HumanMessage({
    content: [
      ...(images.length === 0 ? [] : [{ type: 'text', text: label(images, 'image(s)') }]),
      ...images.map(follow.part),
      ...(pdfs.length === 0 ? [] : [{ type: 'text', text: label(pdfs, 'PDF document(s)') }]),
      ...pdfs.map(follow.part),
    ],
  });
}

/**
 * `messages` with their tool messages rendered for `plan` (through `render`, which may cache),
 * or the same array when nothing changed.
 */
export function rewriteMessages(
  messages: readonly BaseMessage[],
  plan: Plan,
  render: (message: ToolMessage) => Rendered | undefined,
): readonly BaseMessage[] {
  let out: BaseMessage[] | undefined;
  let images: ToolImage[] = [];
  let pdfs: ToolImage[] = [];
  const flush = (index: number) => {
    const following = followingMessage(plan, images, pdfs);
    images = [];
    pdfs = [];
    if (following === undefined) return;
    out ??= messages.slice(0, index);
    out.push(following);
  };
  messages.forEach((message, index) => {
    if (!ToolMessage.isInstance(message)) {
      flush(index);
      out?.push(message);
      return;
    }
    const rendered = render(message);
    const replacement = rendered?.message ?? message;
    if (replacement !== message) out ??= messages.slice(0, index);
    out?.push(replacement);
    if (rendered !== undefined) {
      images.push(...rendered.images);
      pdfs.push(...rendered.pdfs);
    }
  });
  flush(messages.length);
  return out ?? messages;
}
