import type { ContentBlock } from '@crosswire/core';
import { PDF_MEDIA_TYPE } from '../media.js';
import { nativeImageOf, nativePdfOf } from '../native-media.js';
import { blockText } from '../string-form.js';
import type {
  GeminiInlineDataPart,
  GeminiToolResultBlock,
  ToolResultData,
  ToolResultToOptions,
} from '../wire-blocks.js';

/*
 * Gemini's functionResponse. The response is `{ result: <string form> }`; an image (JPEG, PNG,
 * WebP, with `imageInput`) or a PDF (with `nativePdf`) moves out of the string into
 * `parts[].inlineData`. A result whose only remaining item is a json item sends its value as
 * JSON (`{ result: <value> }`): Gemini's response is a JSON object, so structured output stays
 * structured; next to other items it is its compact JSON text like on every string wire.
 *
 * With structuredContent, the response is that object itself when nothing else is left to say
 * (no remaining content, or content that is only the object's JSON text, the block MCP asks
 * tools to add for clients without structured output). When the content says more, both go:
 * `{ result: <string form>, structuredContent: <object> }`, the object under its own key so its
 * keys never collide with `result`. Gemini treats a response without `output` or `error` keys
 * as the function's output, whole.
 */

/** A JSON value with its object keys sorted, so two equal values print alike. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}

const sameJson = (a: unknown, b: unknown): boolean =>
  JSON.stringify(sortedKeys(a)) === JSON.stringify(sortedKeys(b));

/** True when the content's `value` adds nothing to `structured`: blank, or its JSON (text). */
function restates(value: unknown, structured: unknown): boolean {
  if (typeof value !== 'string') return sameJson(value, structured);
  if (value.trim() === '') return true;
  try {
    return sameJson(JSON.parse(value), structured);
  } catch {
    return false;
  }
}

function response(
  result: ToolResultData,
  remaining: readonly ContentBlock[],
): Record<string, unknown> {
  const [only] = remaining;
  const value =
    remaining.length === 1 && only?.type === 'json'
      ? structuredClone(only.value)
      : remaining.map(blockText).join('\n');
  const structured = result.structuredContent;
  if (structured === undefined) return { result: value };
  if (restates(value, structured)) return structuredClone(structured);
  return { result: value, structuredContent: structuredClone(structured) };
}

/** The Gemini `functionResponse` part of `result`. */
export function renderToolResult(
  result: ToolResultData,
  options: ToolResultToOptions,
): GeminiToolResultBlock {
  const parts: GeminiInlineDataPart[] = [];
  const remaining: ContentBlock[] = [];
  const nativePdf = options.nativePdf === true;
  for (const block of result.content) {
    const image = nativeImageOf('gemini', block, options);
    if (image) {
      parts.push({ inlineData: { mimeType: image.mediaType, data: image.data } });
      continue;
    }
    const pdf = nativePdfOf(block, nativePdf);
    if (pdf) {
      parts.push({ inlineData: { mimeType: PDF_MEDIA_TYPE, data: pdf.data } });
      continue;
    }
    remaining.push(block);
  }
  const functionResponse: GeminiToolResultBlock['functionResponse'] =
    result.id === ''
      ? { name: result.name, response: {} }
      : { id: result.id, name: result.name, response: {} };
  functionResponse.response = response(result, remaining);
  if (parts.length > 0) functionResponse.parts = parts;
  return { functionResponse };
}
