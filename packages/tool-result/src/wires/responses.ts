import { buildDataUrl, type ContentBlock } from '@crosswire/core';
import { PDF_MEDIA_TYPE, urlImageOf } from '../media.js';
import { nativeImageOf, nativePdfOf } from '../native-media.js';
import { pdfFilename } from '../pdf-filename.js';
import { blockText, emptyContentText } from '../string-form.js';
import type {
  ResponsesInputImagePart,
  ResponsesOutputPart,
  ResponsesToolResultBlock,
  ToolResultData,
  ToolResultToOptions,
} from '../wire-blocks.js';

/*
 * The Responses API input item. `output` stays the string form unless an image (with
 * `imageInput`) or a PDF (with `nativePdf`) goes natively; then it is a part array in content
 * order, every other item an `input_text` with the text it has in the string form.
 */

function nativePart(
  block: ContentBlock,
  options: ToolResultToOptions,
): ResponsesOutputPart | undefined {
  const image = nativeImageOf('responses', block, options);
  if (image) {
    const part: ResponsesInputImagePart = {
      type: 'input_image',
      image_url: buildDataUrl(image.mediaType, image.data),
    };
    if (image.detail !== undefined) part.detail = image.detail;
    return part;
  }
  if (options.imageInput === true) {
    // A typed imageUrl item: OpenAI fetches the URL itself.
    const linked = urlImageOf(block);
    if (linked) {
      const part: ResponsesInputImagePart = { type: 'input_image', image_url: linked.url };
      if (linked.detail !== undefined) part.detail = linked.detail;
      return part;
    }
  }
  const pdf = nativePdfOf(block, options.nativePdf === true);
  if (pdf) {
    return {
      type: 'input_file',
      filename: pdfFilename(pdf.uri),
      file_data: buildDataUrl(PDF_MEDIA_TYPE, pdf.data),
    };
  }
  return undefined;
}

/** The Responses `function_call_output` item of `result`. */
export function renderToolResult(
  result: ToolResultData,
  options: ToolResultToOptions,
): ResponsesToolResultBlock {
  const base = { type: 'function_call_output', call_id: result.id } as const;
  if (result.content.length === 0) {
    return { ...base, output: emptyContentText(result.structuredContent) };
  }
  let anyNative = false;
  const parts = result.content.map((block): ResponsesOutputPart => {
    const part = nativePart(block, options);
    if (part) {
      anyNative = true;
      return part;
    }
    return { type: 'input_text', text: blockText(block) };
  });
  if (anyNative) return { ...base, output: parts };
  return { ...base, output: parts.map((part) => (part as { text: string }).text).join('\n') };
}
