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
 * Gemini's functionResponse. The response is the structured content whenever there is one,
 * else `{ result: <string form> }`; an image (JPEG, PNG, WebP, with `imageInput`) or a PDF
 * (with `nativePdf`) moves out of the string into `parts[].inlineData`. A result whose only
 * remaining item is a json item sends its value as JSON (`{ result: <value> }`): Gemini's
 * response is a JSON object, so structured output stays structured; next to other items it is
 * its compact JSON text like on every string wire.
 *
 * An `isError` result goes under `error` instead (`{ error: <the same value> }`, the structured
 * content included): Google documents `output` and `error` keys in `response`, and "if neither
 * is given, the whole response is treated as output", so `{ result }` would read as a success.
 */

function responseValue(result: ToolResultData, remaining: readonly ContentBlock[]): unknown {
  if (result.structuredContent !== undefined) return structuredClone(result.structuredContent);
  const [only] = remaining;
  if (remaining.length === 1 && only?.type === 'json') return structuredClone(only.value);
  return remaining.map(blockText).join('\n');
}

function response(
  result: ToolResultData,
  remaining: readonly ContentBlock[],
): Record<string, unknown> {
  const value = responseValue(result, remaining);
  if (result.isError) return { error: value };
  if (result.structuredContent !== undefined) return value as Record<string, unknown>;
  return { result: value };
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
