// How a tool's image or PDF reaches the model: the one answer that `crosswire caps`, `convert`,
// `supportsInToolResults`, the demo and the engine all give. A wire whose tool result cannot
// carry the medium may still get it to a model that sees it, in a message after the results
// (the engine's and the AI SDK middleware's `imageFallback`); the registry says which, from the
// model's capabilities, the provider's quirk and the fallback forms each wire's dialect sends.
import type { MediaKind, WireFormat } from '@crosswire/core';
import type { Resolution } from '../types.js';

/**
 * How a tool's image (or PDF) reaches the model:
 * - `native`: inside the tool result itself;
 * - `user-message`: the tool result holds a placeholder line, and the medium follows the
 *   results in one user message (on gemini, `inlineData` parts beside the functionResponse);
 * - `tool-message`: (ollama) the placeholder line, and the images on the tool message itself;
 * - `placeholder`: only the placeholder line (`[image] image/png (70 bytes)`); the model never
 *   sees the medium.
 */
export type ToolResultDelivery = 'native' | 'user-message' | 'tool-message' | 'placeholder';

export const TOOL_RESULT_DELIVERIES = [
  'native',
  'user-message',
  'tool-message',
  'placeholder',
] as const satisfies readonly ToolResultDelivery[];

/** An engine's or the AI SDK middleware's `imageFallback`: which fallback form to send, if any. */
export type ImageFallback = 'none' | 'user-message' | 'tool-message';

/** The answer for one medium, with the reasons in order. */
export interface MediaDelivery {
  readonly delivery: ToolResultDelivery;
  readonly reasons: readonly string[];
}

/** The answer for both media a tool can return. */
export type ToolResultDeliveries = Readonly<Record<MediaKind, MediaDelivery>>;

export interface ToolResultDeliveryOptions {
  /**
   * The fallback the caller sends (an engine's `dialect.imageFallback`, the middleware's
   * `imageFallback`). Default: the provider's `tool_result_image_fallback` quirk, else
   * `user-message`, as an engine does.
   */
  readonly imageFallback?: ImageFallback;
}

/**
 * The fallback forms each wire's dialect sends for a medium its tool result cannot carry
 * (`@crosswire/dialects`: `toolResultImageMessage` on openai, ollama and hermes,
 * `toolMessageImages` on ollama, `geminiMediaFallbackParts` on gemini, which also sends PDFs,
 * and on bedrock `image` blocks after the `toolResult` blocks of the same user turn).
 * anthropic and responses carry both media natively, so they have none.
 */
export const WIRE_FALLBACK_FORMS: Readonly<
  Record<WireFormat, Readonly<Record<MediaKind, readonly ImageFallback[]>>>
> = {
  openai: { image: ['user-message'], pdf: [] },
  anthropic: { image: [], pdf: [] },
  gemini: { image: ['user-message'], pdf: ['user-message'] },
  ollama: { image: ['user-message', 'tool-message'], pdf: [] },
  responses: { image: [], pdf: [] },
  hermes: { image: ['user-message'], pdf: [] },
  bedrock: { image: ['user-message'], pdf: [] },
};

/** What the answer reads of a resolution. */
export type DeliveryFacts = Pick<Resolution, 'wire' | 'provider' | 'capabilities'>;

const CAPABILITY_OF = { image: 'tool_result_images', pdf: 'tool_result_pdf' } as const;
const INPUT_OF = { image: 'image_input', pdf: 'pdf_input' } as const;
const NOUN = { image: 'an image', pdf: 'a PDF' } as const;

/**
 * How a tool's `kind` reaches the model of `resolution`: natively where `tool_result_images`
 * (`tool_result_pdf`) is true; else by the fallback, where the wire's dialect has that form and
 * the model sees the medium at all (`image_input`, `pdf_input` true; unknown is not yes); else
 * as a placeholder line.
 */
export function toolResultDelivery(
  resolution: DeliveryFacts,
  kind: MediaKind,
  options: ToolResultDeliveryOptions = {},
): MediaDelivery {
  const answer = (delivery: ToolResultDelivery, ...reasons: string[]): MediaDelivery =>
    Object.freeze({ delivery, reasons: Object.freeze(reasons) });
  const wire = resolution.wire;
  const capability = CAPABILITY_OF[kind];
  if (wire === undefined) {
    return answer('placeholder', `no provider, so no wire to carry ${NOUN[kind]}`);
  }
  if (resolution.capabilities[capability].value === true) {
    return answer('native', `${capability} is true: the ${wire} tool result carries ${NOUN[kind]}`);
  }
  const inResult = `${capability} is ${String(resolution.capabilities[capability].value)}: the ${wire} tool result holds a placeholder line`;
  const quirk = resolution.provider?.quirks.tool_result_image_fallback;
  const fallback = options.imageFallback ?? quirk ?? 'user-message';
  const origin =
    options.imageFallback !== undefined
      ? `imageFallback is ${fallback}`
      : quirk !== undefined
        ? `the provider's tool_result_image_fallback is ${fallback}`
        : `imageFallback is ${fallback} (the default)`;
  if (fallback === 'none') return answer('placeholder', inResult, `${origin}: nothing follows it`);
  if (!WIRE_FALLBACK_FORMS[wire][kind].includes(fallback)) {
    return answer(
      'placeholder',
      inResult,
      `the ${wire} wire has no ${fallback} form for ${NOUN[kind]}`,
    );
  }
  const input = INPUT_OF[kind];
  const sees = resolution.capabilities[input].value;
  if (sees !== true) {
    return answer(
      'placeholder',
      inResult,
      `${input} is ${String(sees)}: the model does not ${kind === 'image' ? 'see images' : 'read PDFs'}, so ${origin} sends nothing`,
    );
  }
  const where =
    fallback === 'tool-message'
      ? 'on the tool message itself'
      : wire === 'gemini'
        ? 'as inlineData parts beside the functionResponse parts'
        : 'in one user message after the results';
  return answer(fallback, inResult, `${origin} and ${input} is true: sent ${where}`);
}

/** Both media's answers with the provider's default fallback: `Resolution.delivery`. */
export function toolResultDeliveries(resolution: DeliveryFacts): ToolResultDeliveries {
  return Object.freeze({
    image: toolResultDelivery(resolution, 'image'),
    pdf: toolResultDelivery(resolution, 'pdf'),
  });
}
