import { base64ByteLength, parseDataUrl } from '@crosswire/core';
import { asString, isObject } from '../wires/delivered.js';

/** One piece of what a provider received for a tool output. */
export type DeliveredPart =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'placeholder'; readonly text: string }
  | { readonly kind: 'image'; readonly mediaType: string; readonly bytes: number }
  | {
      readonly kind: 'document';
      readonly mediaType: string;
      readonly bytes: number;
      readonly filename?: string;
    }
  | { readonly kind: 'text document'; readonly text: string };

/** What a tool output became on a wire: its parts, and whether the wire flagged an error. */
export interface DeliveredSummary {
  readonly parts: readonly DeliveredPart[];
  readonly errorFlag: boolean;
  /** Short, for a table cell: `text + image`, `placeholder`, `document`. */
  readonly label: string;
  /** One line of detail: media types and sizes, the placeholder or the start of the text. */
  readonly detail: string;
}

// The placeholder the string form uses for media it must not inline: `[image] image/png (84
// bytes)`, `[resource] application/pdf <file:///r.pdf> (598 bytes)`.
const placeholderLine = /^\[[a-z_]+\]\s/;

function textParts(text: string): DeliveredPart[] {
  const parts: DeliveredPart[] = [];
  let pending: string[] = [];
  const flush = (): void => {
    if (pending.length > 0) parts.push({ kind: 'text', text: pending.join('\n') });
    pending = [];
  };
  for (const line of text.split('\n')) {
    if (placeholderLine.test(line)) {
      flush();
      parts.push({ kind: 'placeholder', text: line });
    } else {
      pending.push(line);
    }
  }
  flush();
  return parts;
}

function dataUrlFacts(url: string): { mediaType: string; bytes: number } | undefined {
  if (!url.startsWith('data:')) return undefined;
  try {
    const parsed = parseDataUrl(url);
    const bytes = parsed.isBase64 ? base64ByteLength(parsed.data) : parsed.data.length;
    return { mediaType: parsed.mediaType, bytes };
  } catch {
    return undefined;
  }
}

function mediaPart(mediaType: string, bytes: number, filename?: string): DeliveredPart {
  return mediaType.startsWith('image/')
    ? { kind: 'image', mediaType, bytes }
    : filename === undefined
      ? { kind: 'document', mediaType, bytes }
      : { kind: 'document', mediaType, bytes, filename };
}

/** The media type of a Converse document format. */
const CONVERSE_DOCUMENTS: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A Converse content member (`{ image }`, `{ document }`, `{ json }`), when `node` is one. */
function converseMember(node: Record<string, unknown>, parts: DeliveredPart[]): boolean {
  const image = isObject(node.image) ? node.image : undefined;
  const document = isObject(node.document) ? node.document : undefined;
  const bytesOf = (member: Record<string, unknown>) =>
    asString(isObject(member.source) ? member.source.bytes : undefined);
  if (image !== undefined && bytesOf(image) !== undefined) {
    parts.push(
      mediaPart(`image/${asString(image.format) ?? '*'}`, base64ByteLength(bytesOf(image) ?? '')),
    );
    return true;
  }
  if (document !== undefined && bytesOf(document) !== undefined) {
    const format = asString(document.format) ?? '';
    parts.push(
      mediaPart(
        CONVERSE_DOCUMENTS[format] ?? format,
        base64ByteLength(bytesOf(document) ?? ''),
        asString(document.name),
      ),
    );
    return true;
  }
  if ('json' in node && Object.keys(node).length === 1) {
    parts.push({ kind: 'text', text: JSON.stringify(node.json) });
    return true;
  }
  return false;
}

function collect(node: unknown, parts: DeliveredPart[]): void {
  if (typeof node === 'string') {
    parts.push(...textParts(unwrapHermes(node)));
    return;
  }
  if (Array.isArray(node)) {
    for (const item of node) collect(item, parts);
    return;
  }
  if (!isObject(node)) {
    if (node !== undefined && node !== null) parts.push({ kind: 'text', text: String(node) });
    return;
  }
  const type = asString(node.type);
  const source = isObject(node.source) ? node.source : undefined;
  if ((type === 'image' || type === 'document') && source !== undefined) {
    const sourceType = asString(source.type);
    if (sourceType === 'text') {
      parts.push({ kind: 'text document', text: asString(source.data) ?? '' });
    } else if (sourceType === 'content') {
      collect(source.content, parts);
    } else {
      const mediaType = asString(source.media_type) ?? 'unknown';
      const data = asString(source.data);
      const url = asString(source.url);
      parts.push(
        mediaPart(mediaType, data === undefined ? 0 : base64ByteLength(data), url ?? undefined),
      );
    }
    return;
  }
  if (type === 'input_image') {
    const url = asString(node.image_url) ?? '';
    const facts = dataUrlFacts(url);
    parts.push(mediaPart(facts?.mediaType ?? 'image/*', facts?.bytes ?? 0));
    return;
  }
  if (type === 'input_file') {
    const facts = dataUrlFacts(asString(node.file_data) ?? '');
    const filename = asString(node.filename);
    parts.push({
      kind: 'document',
      mediaType: facts?.mediaType ?? 'unknown',
      bytes: facts?.bytes ?? 0,
      ...(filename === undefined ? {} : { filename }),
    });
    return;
  }
  if (isObject(node.inlineData)) {
    const mediaType = asString(node.inlineData.mimeType) ?? 'unknown';
    parts.push(mediaPart(mediaType, base64ByteLength(asString(node.inlineData.data) ?? '')));
    return;
  }
  if ((type === 'text' || type === 'input_text' || type === 'output_text') && 'text' in node) {
    parts.push(...textParts(asString(node.text) ?? ''));
    return;
  }
  if (isObject(node.toolResult)) {
    collect(node.toolResult.content, parts);
    return;
  }
  if (type === undefined && converseMember(node, parts)) return;
  if (type === undefined && typeof node.text === 'string' && Object.keys(node).length === 1) {
    parts.push(...textParts(node.text));
    return;
  }
  if (isObject(node.functionResponse)) {
    const response = node.functionResponse.response;
    if (isObject(response) && Object.keys(response).length === 1 && 'result' in response) {
      collect(response.result, parts);
    } else if (isObject(response) && Object.keys(response).length === 1 && 'error' in response) {
      collect(response.error, parts);
    } else if (response !== undefined) {
      parts.push({ kind: 'text', text: JSON.stringify(response) });
    }
    collect(node.functionResponse.parts, parts);
    return;
  }
  for (const key of ['content', 'output', 'result']) {
    if (key in node) {
      collect(node[key], parts);
      return;
    }
  }
  parts.push({ kind: 'text', text: JSON.stringify(node) });
}

// A Hermes block is `<tool_response>{"name": ..., "content": ...}</tool_response>`: the part
// that reaches the model is the content.
function unwrapHermes(text: string): string {
  const match = /^<([a-z_]+)>\s*([\s\S]*?)\s*<\/\1>$/.exec(text.trim());
  if (!match) return text;
  try {
    const parsed = JSON.parse(match[2] ?? '') as unknown;
    if (isObject(parsed)) {
      const inner = parsed.content ?? parsed.result ?? parsed.output;
      if (typeof inner === 'string') return inner;
      if (inner !== undefined) return JSON.stringify(inner);
    }
  } catch {
    // Plain text inside the tag.
  }
  return match[2] ?? text;
}

function errorFlagged(block: unknown): boolean {
  if (!isObject(block)) return false;
  if (block.is_error === true || block.isError === true) return true;
  if (isObject(block.toolResult) && block.toolResult.status === 'error') return true;
  const response = isObject(block.functionResponse) ? block.functionResponse.response : undefined;
  return isObject(response) && 'error' in response && !('result' in response);
}

function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`;
}

function partDetail(part: DeliveredPart): string {
  switch (part.kind) {
    case 'text':
    case 'placeholder':
    case 'text document':
      return JSON.stringify(part.text);
    case 'image':
      return `${part.mediaType}, ${formatSize(part.bytes)}`;
    case 'document':
      return `${part.filename === undefined ? '' : `${part.filename}, `}${part.mediaType}, ${formatSize(part.bytes)}`;
    default: {
      const unreachable: never = part;
      return String(unreachable);
    }
  }
}

/** Describes what the provider received for one tool output, from the block in the body. */
export function describeDelivered(block: unknown): DeliveredSummary {
  const parts: DeliveredPart[] = [];
  collect(block, parts);
  const nonEmpty = parts.filter((part) => !(part.kind === 'text' && part.text === ''));
  const kinds = [...new Set(nonEmpty.map((part) => part.kind))];
  const errorFlag = errorFlagged(block);
  const label = `${kinds.join(' + ') || 'empty'}${errorFlag ? ' (is_error)' : ''}`;
  // The detail shows what matters most: media first, then placeholders, then text.
  const order = ['image', 'document', 'placeholder', 'text document', 'text'];
  const shown = [...nonEmpty].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  return { parts: nonEmpty, errorFlag, label, detail: shown.map(partDetail).join('; ') };
}

/** Base64 text (standard or URL-safe alphabet, padding and line breaks allowed). */
function isBase64Text(text: string): boolean {
  return /^[A-Za-z0-9+/_=\r\n-]+$/.test(text);
}

/**
 * A copy of `value` with every payload replaced by its size: base64 `data`, `blob` and
 * `file_data` strings and `data:` URLs. The demo and `fetch-image` never print a payload.
 */
export function summarisePayloads(value: unknown): unknown {
  if (typeof value === 'string') {
    // Only a real payload is replaced, so summarising a summary changes nothing: a
    // `data:...;base64,[84 bytes]` already shown must not become `[6 bytes]`.
    const comma = value.indexOf(',');
    const payload = comma < 0 ? '' : value.slice(comma + 1);
    if (
      value.startsWith('data:') &&
      value.slice(0, comma).endsWith(';base64') &&
      isBase64Text(payload)
    ) {
      return `${value.slice(0, comma + 1)}[${base64ByteLength(payload)} bytes]`;
    }
    return value;
  }
  if (Array.isArray(value)) return value.map(summarisePayloads);
  if (!isObject(value)) return value;
  const textual = value.type === 'text' || asString(value.media_type)?.startsWith('text/');
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const payload =
      (key === 'data' || key === 'blob' || key === 'bytes') &&
      typeof item === 'string' &&
      !textual &&
      isBase64Text(item) &&
      item.length >= 16;
    copy[key] = payload ? `[base64, ${base64ByteLength(item)} bytes]` : summarisePayloads(item);
  }
  return copy;
}
