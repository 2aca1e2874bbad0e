import { carriesNative, type WireFormat } from '@crosswire/core';
import { createEngine } from '@crosswire/engines';

/** The `ToolResult.to` options an engine for this provider and model uses. */
export interface ToolResultSettings {
  readonly provider: string;
  readonly model: string;
  readonly wire: WireFormat;
  readonly options: {
    readonly imageInput: boolean;
    readonly nativePdf: boolean;
    readonly sourceBlocks: boolean;
    readonly responseTag?: string;
  };
}

/**
 * The options an engine for `provider` and `model` renders tool results with, taken from the
 * engine itself so `convert` can never disagree with a real run: native images only where
 * `tool_result_images` is true, native PDFs only where `tool_result_pdf` is true (unknown is
 * never read as true), no document blocks on shims whose quirk says so. No request is made.
 */
export async function resolveToolResultSettings(
  provider: string,
  model: string,
): Promise<ToolResultSettings> {
  // A placeholder key: the engine is only asked what it would send, never to send it.
  const engine = createEngine({ provider, model, apiKey: 'crosswire-convert', env: {} });
  try {
    const { imageInput, nativePdf, sourceBlocks, hermes } = engine.dialectOptions;
    const responseTag = hermes?.responseTag;
    return {
      provider: engine.provider.id,
      model,
      wire: engine.toolWireFormat,
      options: {
        imageInput: imageInput === true,
        nativePdf: nativePdf === true,
        sourceBlocks: sourceBlocks !== false,
        ...(responseTag === undefined ? {} : { responseTag }),
      },
    };
  } finally {
    await engine.close();
  }
}

/** The wires that read the options of `ToolResult.to` other than the two media gates. */
const READ_BY: Record<'sourceBlocks' | 'responseTag', readonly WireFormat[]> = {
  sourceBlocks: ['anthropic'],
  responseTag: ['hermes'],
};

/**
 * What each option decides on `wire`, in words, for `convert --verbose`: an option can be true
 * and still decide nothing (an image on the openai wire is a placeholder whatever `imageInput`
 * says; there the value is the model's `image_input`, which only an engine's user-message
 * image fallback reads).
 */
export function settingGates(
  wire: WireFormat,
  settings: ToolResultSettings | undefined,
  imageInputFlag = false,
): Record<string, string> {
  const origin = (registry: string, fallback: string) =>
    settings === undefined ? `default: ${fallback}` : `from the registry: ${registry}`;
  const imageOrigin = imageInputFlag ? 'from --image-input' : origin('tool_result_images', 'false');
  const image = carriesNative(wire, 'image')
    ? `images a tool returned reach the model as images when true, as placeholders when false (${imageOrigin})`
    : `nothing in this block: the ${wire} wire has no image in a tool result, so a tool's image is a placeholder here; an engine sends it to a model that sees images in a user message after the results (${origin("the model's image_input, which gates that message", 'false')})`;
  const pdf = carriesNative(wire, 'pdf')
    ? `PDFs a tool returned go as documents when true, as placeholders when false (${origin('tool_result_pdf', wire === 'anthropic' ? 'true' : 'false')})`
    : `nothing in this block: the ${wire} wire has no PDF in a tool result, so a PDF is always a placeholder`;
  const sourceBlocks = READ_BY.sourceBlocks.includes(wire)
    ? `document and search_result blocks are sent when true, as text when false (${origin("the provider's source_blocks quirk", 'true')})`
    : `nothing on the ${wire} wire (read on ${READ_BY.sourceBlocks.join(', ')} only)`;
  const responseTag = READ_BY.responseTag.includes(wire)
    ? `the tag around the result (${origin("the provider's Hermes settings", 'tool_response')})`
    : `nothing on the ${wire} wire (read on ${READ_BY.responseTag.join(', ')} only)`;
  return { imageInput: image, nativePdf: pdf, sourceBlocks, responseTag };
}
