// What an engine derives from the registry's answer for its model: the options the wire
// renderers are told, and the request features preflight reads.
import { carriesNative, type WireFormat } from '@crosswire/core';
import type { DialectOptions, ModelRequestFeatures } from '@crosswire/dialects';
import {
  type CapabilityName,
  type ProviderEntry,
  type Resolution,
  requestFeatures,
  type StructuredOutputSupport,
  structuredOutputFact,
} from '@crosswire/registry/lookup';
import type { EngineOptions } from './engine.js';

/** What the wire renderers are told, from the model's capabilities and the provider's quirks. */
export function dialectOptionsOf(
  resolution: Resolution,
  wire: WireFormat,
  provider: ProviderEntry,
  options: Pick<EngineOptions, 'onWarning' | 'dialect'>,
): DialectOptions {
  const capabilities = resolution.capabilities;
  const isTrue = (name: CapabilityName) => capabilities[name].value === true;
  return Object.freeze({
    // Wires with a native tool-result image take the derived tool_result_images (which the
    // registry clears for AKI.IO's shim and text-only models); the others use it only to
    // gate the user-message image fallback, which needs the model to see images at all.
    imageInput: carriesNative(wire, 'image') ? isTrue('tool_result_images') : isTrue('image_input'),
    imageFallbackInput: isTrue('image_input'),
    pdfFallbackInput: isTrue('pdf_input'),
    // A model that sees images gets a tool's images where the wire's tool result cannot carry
    // them (a user message after the results) unless the provider says otherwise; the
    // dialects apply it only when `imageFallbackInput` is true. Opt out: `imageFallback: 'none'`.
    imageFallback: provider.quirks.tool_result_image_fallback ?? 'user-message',
    nativePdf: isTrue('tool_result_pdf'),
    sourceBlocks: provider.quirks.source_blocks,
    inlineImages: provider.quirks.inline_images,
    // A shim that counts cache reads inside input_tokens (registry quirk, with its source).
    ...(provider.quirks.usage_cache_reads_in_input === true
      ? { cacheReadsInInputTokens: true }
      : {}),
    // anthropic: output_config.format where the model has it, else the synthetic tool;
    // gemini: the responseSchema subset for models before 2.5.
    ...structuredMode(structuredOutputFact(resolution).support),
    // No token count of one reply is more than the model's context window.
    ...(resolution.limits.context === undefined
      ? {}
      : { contextWindow: resolution.limits.context }),
    // A model that refuses a forced tool_choice (registry request feature): sent as auto.
    ...(requestFeatures(resolution).forced_tool_choice.value === false
      ? { forcedToolChoice: false }
      : {}),
    ...(options.onWarning ? { onWarning: options.onWarning } : {}),
    ...options.dialect,
  });
}

/**
 * The registry's request features of a resolved model as `preflight` (and the simulator's
 * `modelFeatures`) read them: only a known value is given.
 */
export function modelRequestFeatures(resolution: Resolution): ModelRequestFeatures {
  const features = requestFeatures(resolution);
  const known = (value: true | false | 'unknown') => (value === 'unknown' ? undefined : value);
  const outputFormat = known(features.output_format.value);
  const forcedToolChoice = known(features.forced_tool_choice.value);
  const jsonWithTools = known(features.json_with_tools.value);
  return Object.freeze({
    ...(outputFormat === undefined ? {} : { outputFormat }),
    ...(forcedToolChoice === undefined ? {} : { forcedToolChoice }),
    ...(jsonWithTools === undefined ? {} : { jsonWithTools }),
  });
}

/** The dialect mode of each registry support value. */
const STRUCTURED_MODES: Readonly<
  Record<StructuredOutputSupport, DialectOptions['structuredOutput']>
> = {
  native: 'native',
  tool: 'tool',
  subset: 'subset',
  prompt: 'prompt',
};

function structuredMode(support: StructuredOutputSupport): Partial<DialectOptions> {
  const mode = STRUCTURED_MODES[support];
  return mode === undefined ? {} : { structuredOutput: mode };
}
