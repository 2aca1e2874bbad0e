import type { WireFormat } from '@crosswire/core';
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
