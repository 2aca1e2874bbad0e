// Every image a request body carries is what its bytes say (issue 39, item 1). A body's images
// come from many places: the caller's `Image`s, MCP image parts of a user turn, tool results,
// provider messages copied verbatim from a stored conversation. Only the tool-result renderers
// looked at the bytes; here the built body is read once, per wire, and every base64 image whose
// bytes are not the type it is labelled (an SVG or an HTML page called `image/png`, an empty
// payload) becomes the wire's placeholder text with an `image_bytes_mismatch` warning, whatever
// path it came by. An image library (the engine's resize) and the provider see only images that
// are what they claim.
import {
  emitWarning,
  imageBase64Matches,
  isDeeplyFrozen,
  mediaTypeFromBase64,
  normalizeMediaType,
  type WarningHandler,
  type WireFormat,
} from '@crosswire/core';
import { placeholder } from '@crosswire/tool-result';
import {
  anthropicBlockKeys,
  anthropicBlockPath,
  forEachAnthropicMedia,
} from './support/anthropic-blocks.js';
import { asArray, isRecord, type JsonObject } from './support/json.js';

/** One base64 image of a body, where it is, and how its placeholder takes its place. */
export interface BodyImage {
  /** Where the image is, for a warning (`messages[2].content[0].content[1]`). */
  readonly path: string;
  /** The keys from the body to the value `replace` rewrites. */
  readonly keys: readonly (string | number)[];
  /** The type it is labelled with; undefined where the wire writes none (Ollama's `images`). */
  readonly mediaType: string | undefined;
  /** The base64 payload (a view into the body's string: only its head is read). */
  readonly data: string;
  /** The value at `keys` with this image replaced by `text` (or left out where text cannot go). */
  readonly replace: (current: unknown, text: string) => unknown;
}

const textBlock = (_current: unknown, text: string) => ({ type: 'text', text });
const inputText = (_current: unknown, text: string) => ({ type: 'input_text', text });
// Gemini parts and Converse content blocks: a bare `{ text }`.
const geminiText = (_current: unknown, text: string) => ({ text });

/** `data:<type>;base64,<payload>` as its type and payload, or undefined for any other URL. */
function base64DataUrl(url: unknown): { mediaType: string; data: string } | undefined {
  if (typeof url !== 'string' || !/^data:/i.test(url)) return undefined;
  const comma = url.indexOf(',');
  if (comma < 0) return undefined;
  const header = url.slice(5, comma).split(';');
  if (header.pop()?.trim().toLowerCase() !== 'base64') return undefined;
  return { mediaType: header.join(';'), data: url.slice(comma + 1) };
}

/**
 * Calls `read` with each record of `list` (a body's messages or contents) and its index, but
 * for the ones known to hold no base64 image: an item that is deeply frozen (the tool loop
 * freezes the turns it adds) and where `read` found none is remembered in `plain`, one set per
 * wire's reader, so a growing conversation is read once per message, not once per request.
 * Any other item is read every time (it may have changed in place).
 */
function readItems(
  list: unknown,
  plain: WeakSet<object>,
  found: readonly BodyImage[],
  read: (item: JsonObject, index: number) => void,
): void {
  const items = asArray(list);
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    if (!isRecord(item) || plain.has(item)) continue;
    const before = found.length;
    read(item, index);
    if (found.length === before && isDeeplyFrozen(item)) plain.add(item);
  }
}

/** The deeply frozen items each reader found without an image. */
const PLAIN = {
  chat: new WeakSet<object>(),
  responses: new WeakSet<object>(),
  gemini: new WeakSet<object>(),
  ollama: new WeakSet<object>(),
  bedrock: new WeakSet<object>(),
};

/** Anthropic: image blocks of each message, and inside its tool_result blocks. */
function anthropicImages(body: JsonObject): BodyImage[] {
  const found: BodyImage[] = [];
  forEachAnthropicMedia(body, (block, place) => {
    const source = isRecord(block.source) ? block.source : undefined;
    if (block.type !== 'image' || source?.type !== 'base64' || typeof source.data !== 'string') {
      return;
    }
    found.push({
      path: anthropicBlockPath(place),
      keys: anthropicBlockKeys(place),
      mediaType: typeof source.media_type === 'string' ? source.media_type : '',
      data: source.data,
      replace: textBlock,
    });
  });
  return found;
}

/** Chat Completions (openai, hermes): `image_url` parts whose URL is a base64 data: URL. */
function chatCompletionsImages(body: JsonObject): BodyImage[] {
  const found: BodyImage[] = [];
  readItems(body.messages, PLAIN.chat, found, (message, index) => {
    asArray(message.content).forEach((part, inner) => {
      if (!isRecord(part) || part.type !== 'image_url') return;
      const url = isRecord(part.image_url) ? part.image_url.url : part.image_url;
      const image = base64DataUrl(url);
      if (image === undefined) return;
      found.push({
        path: `messages[${index}].content[${inner}]`,
        keys: ['messages', index, 'content', inner],
        ...image,
        replace: textBlock,
      });
    });
  });
  return found;
}

/** Responses: `input_image` parts of input messages and of function_call_output lists. */
function responsesImages(body: JsonObject): BodyImage[] {
  const found: BodyImage[] = [];
  readItems(body.input, PLAIN.responses, found, (item, index) => {
    const field = Array.isArray(item.content) ? 'content' : 'output';
    asArray(item[field]).forEach((part, inner) => {
      if (!isRecord(part) || part.type !== 'input_image') return;
      const image = base64DataUrl(part.image_url);
      if (image === undefined) return;
      found.push({
        path: `input[${index}].${field}[${inner}]`,
        keys: ['input', index, field, inner],
        ...image,
        replace: inputText,
      });
    });
  });
  return found;
}

/** The inline data of a Gemini part (either spelling), when it is an image. */
function geminiInline(part: unknown): { mediaType: string; data: string } | undefined {
  if (!isRecord(part)) return undefined;
  const inline = isRecord(part.inlineData)
    ? part.inlineData
    : isRecord(part.inline_data)
      ? part.inline_data
      : undefined;
  const mediaType = inline?.mimeType ?? inline?.mime_type;
  if (typeof mediaType !== 'string' || typeof inline?.data !== 'string') return undefined;
  return normalizeMediaType(mediaType).startsWith('image/')
    ? { mediaType, data: inline.data }
    : undefined;
}

/**
 * Gemini: image `inlineData` parts of each content, and inside a functionResponse's `parts`
 * (which take media only: a refused image there is left out, the warning says so).
 */
function geminiImages(body: JsonObject): BodyImage[] {
  const found: BodyImage[] = [];
  readItems(body.contents, PLAIN.gemini, found, (content, index) => {
    asArray(content.parts).forEach((part, inner) => {
      const path = `contents[${index}].parts[${inner}]`;
      const keys = ['contents', index, 'parts', inner];
      const image = geminiInline(part);
      if (image !== undefined) {
        found.push({ path, keys, ...image, replace: geminiText });
        return;
      }
      const response = isRecord(part) ? part.functionResponse : undefined;
      if (!isRecord(response)) return;
      asArray(response.parts).forEach((media, position) => {
        const inlined = geminiInline(media);
        if (inlined === undefined) return;
        found.push({
          path: `${path}.functionResponse.parts[${position}]`,
          keys: [...keys, 'functionResponse'],
          ...inlined,
          replace: (current) =>
            isRecord(current)
              ? { ...current, parts: asArray(current.parts).filter((item) => item !== media) }
              : current,
        });
      });
    });
  });
  return found;
}

/** Ollama: each message's `images` (bare base64, no type written): refused ones join its text. */
function ollamaImages(body: JsonObject): BodyImage[] {
  const found: BodyImage[] = [];
  readItems(body.messages, PLAIN.ollama, found, (message, index) => {
    asArray(message.images).forEach((data, inner) => {
      if (typeof data !== 'string') return;
      found.push({
        path: `messages[${index}].images[${inner}]`,
        keys: ['messages', index],
        mediaType: undefined,
        data,
        replace: (current, text) => {
          if (!isRecord(current)) return current;
          const images = asArray(current.images);
          const at = images.indexOf(data);
          const content = typeof current.content === 'string' ? current.content : '';
          return {
            ...current,
            images: images.filter((_, position) => position !== at),
            content: content === '' ? text : `${content}\n${text}`,
          };
        },
      });
    });
  });
  return found;
}

/**
 * Bedrock (Converse): `image` blocks of each message and inside its `toolResult` blocks, their
 * type written as a `format` (`png`, `jpeg`, `gif`, `webp`) and the bytes base64 in JSON.
 */
function bedrockImages(body: JsonObject): BodyImage[] {
  const found: BodyImage[] = [];
  const visit = (block: unknown, path: string, keys: (string | number)[]) => {
    if (!isRecord(block)) return;
    if (isRecord(block.toolResult)) {
      asArray(block.toolResult.content).forEach((inner, index) => {
        visit(inner, `${path}.toolResult.content[${index}]`, [
          ...keys,
          'toolResult',
          'content',
          index,
        ]);
      });
      return;
    }
    const image = isRecord(block.image) ? block.image : undefined;
    const bytes = isRecord(image?.source) ? image.source.bytes : undefined;
    if (typeof image?.format !== 'string' || typeof bytes !== 'string') return;
    found.push({
      path,
      keys,
      mediaType: `image/${image.format}`,
      data: bytes,
      replace: geminiText,
    });
  };
  readItems(body.messages, PLAIN.bedrock, found, (message, index) => {
    asArray(message.content).forEach((block, inner) => {
      visit(block, `messages[${index}].content[${inner}]`, ['messages', index, 'content', inner]);
    });
  });
  return found;
}

/** Where each wire's bodies carry base64 images; the compiler checks every wire has a reader. */
export const BODY_IMAGES: Readonly<Record<WireFormat, (body: JsonObject) => BodyImage[]>> = {
  anthropic: anthropicImages,
  openai: chatCompletionsImages,
  hermes: chatCompletionsImages,
  responses: responsesImages,
  gemini: geminiImages,
  ollama: ollamaImages,
  bedrock: bedrockImages,
};

/** The image types an unlabelled payload may prove (Ollama's `images`). */
function provesAnImage(data: string): boolean {
  return mediaTypeFromBase64(data)?.startsWith('image/') === true;
}

/**
 * Whether `image`'s bytes are the type it is labelled: for a type with a known signature (PNG,
 * JPEG, GIF, WebP, BMP, TIFF, AVIF, HEIC, HEIF), its signature; an unlabelled one must prove
 * some image type. A type with no signature (SVG, an unknown `image/x-...`) proves nothing here
 * and is left to the provider; no rasteriser ever reads one (see the engine's `imageLimits`).
 */
export function imageIsWhatItSays(image: Pick<BodyImage, 'mediaType' | 'data'>): boolean {
  if (image.mediaType === undefined) return provesAnImage(image.data);
  return imageBase64Matches(image.data, image.mediaType) !== false;
}

/**
 * `body` with every base64 image whose bytes are not what it is labelled replaced by the
 * wire's placeholder (`[image] image/png (N bytes)`), one `image_bytes_mismatch` warning each;
 * `body` itself when there is none. Copies only along the changed paths (`body` itself is not
 * changed). Reads each image's head only: linear in the body's size.
 */
export function withProvenImages(
  body: Record<string, unknown>,
  wire: WireFormat,
  onWarning: WarningHandler | undefined,
): Record<string, unknown> {
  const refused = BODY_IMAGES[wire](body).filter((image) => !imageIsWhatItSays(image));
  if (refused.length === 0) return body;
  const root: Record<string, unknown> = { ...body };
  const copied = new Set<unknown>([root]);
  for (const image of refused) {
    const label = image.mediaType === undefined ? undefined : normalizeMediaType(image.mediaType);
    const text = placeholder({
      type: 'image',
      mediaType: label || undefined,
      size: Math.floor((image.data.length * 3) / 4),
    });
    let parent: Record<string | number, unknown> = root;
    for (const key of image.keys.slice(0, -1)) {
      let child = parent[key];
      if (!copied.has(child)) {
        child = Array.isArray(child) ? [...child] : { ...(child as object) };
        copied.add(child);
        parent[key] = child;
      }
      parent = child as Record<string | number, unknown>;
    }
    const last = image.keys[image.keys.length - 1] as string | number;
    parent[last] = image.replace(parent[last], text);
    copied.add(parent[last]);
    emitWarning(onWarning, {
      code: 'image_bytes_mismatch',
      message:
        label === undefined
          ? `the bytes of the image at ${image.path} are no image type; it is sent to ${wire} as the placeholder ${text}`
          : `the bytes of the image at ${image.path} are not ${label}, the type it is labelled; it is sent to ${wire} as the placeholder ${text}`,
      details: { wire, path: image.path, mediaType: label ?? null },
    });
  }
  return root;
}
