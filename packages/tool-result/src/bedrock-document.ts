import { normalizeMediaType } from '@crosswire/core';
import { blobMediaType } from './media.js';
import { uriFileName } from './pdf-filename.js';
import type { BedrockDocumentFormat } from './wire-blocks.js';

/*
 * What a Converse `document` block takes: its formats, and the one spelling of a name it
 * accepts. https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_DocumentBlock.html
 */

/**
 * The binary document formats a Converse `document` block carries, by media type. The text
 * formats it also names (csv, html, txt, md) go as text, which costs the model the same and
 * needs no document slot (Converse takes at most five documents a request).
 */
export const BEDROCK_BINARY_DOCUMENT_FORMATS: Readonly<Record<string, BedrockDocumentFormat>> = {
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
};

/** The name a document gets when nothing usable is left of its file name. */
export const DEFAULT_BEDROCK_DOCUMENT_NAME = 'document';

/** The longest name Converse takes. */
export const MAX_BEDROCK_DOCUMENT_NAME = 200;

/** The Converse format of a resource blob's media type, or undefined when it has none. */
export function bedrockDocumentFormat(resource: {
  readonly mimeType?: string;
  readonly blob: string;
}): BedrockDocumentFormat | undefined {
  const mediaType = blobMediaType(resource);
  return mediaType === undefined
    ? undefined
    : BEDROCK_BINARY_DOCUMENT_FORMATS[normalizeMediaType(mediaType)];
}

/**
 * `text` as a name Converse accepts for a document: only letters, digits, single spaces,
 * hyphens, parentheses and square brackets, 1 to 200 characters ("The document file name can
 * only contain alphanumeric characters, whitespace characters, hyphens, parentheses, and square
 * brackets. The name can't contain more than one consecutive whitespace character."). Every
 * run of other characters (`_`, `.`, accents) becomes one space; `document` when nothing is left.
 */
export function sanitizeBedrockDocumentName(text: string): string {
  const name = text
    .replace(/[^A-Za-z0-9()[\]-]+/g, ' ')
    .trim()
    .slice(0, MAX_BEDROCK_DOCUMENT_NAME)
    .trim();
  return name === '' ? DEFAULT_BEDROCK_DOCUMENT_NAME : name;
}

/**
 * The Converse name of a document a tool returned as a resource: its URI's file name without
 * the extension, sanitized ({@link sanitizeBedrockDocumentName}); `document` when the URI
 * names no file.
 *
 * @example bedrockDocumentName('file:///reports/report_2026.pdf') // 'report 2026'
 */
export function bedrockDocumentName(uri: string | undefined): string {
  const file = uriFileName(uri);
  if (file === undefined) return DEFAULT_BEDROCK_DOCUMENT_NAME;
  const dot = file.lastIndexOf('.');
  return sanitizeBedrockDocumentName(dot > 0 ? file.slice(0, dot) : file);
}

/**
 * `name`, or `name 2`, `name 3`, ... when `taken` already holds it (compared without case),
 * kept within 200 characters; the name given is added to `taken`. Converse refuses a request
 * whose documents share a name ("Messages can't contain duplicate document names. Rename the
 * document and retry your request."), across all its messages and tool results.
 */
export function uniqueBedrockDocumentName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let count = 2; taken.has(candidate.toLowerCase()); count++) {
    const suffix = ` ${count}`;
    candidate = `${name.slice(0, MAX_BEDROCK_DOCUMENT_NAME - suffix.length).trim()}${suffix}`;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}
