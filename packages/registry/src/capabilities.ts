/**
 * The capabilities the registry knows. Snake_case because they are data keys shared with the
 * data files and with `engine.supports('image_input')`.
 */
export const CAPABILITY_NAMES = [
  'tools',
  'image_input',
  'pdf_input',
  'audio_input',
  'tool_result_images',
  'tool_result_pdf',
] as const;

export type CapabilityName = (typeof CAPABILITY_NAMES)[number];

/** Facts about the model itself; the two tool_result_* capabilities are derived per wire. */
export const MODEL_FACT_NAMES = ['tools', 'image_input', 'pdf_input', 'audio_input'] as const;

/**
 * How a claim in the data files is known: written by the provider, observed on the wire,
 * reasoned, or stated by the provider's own model list (`listing`, written by
 * `crosswire registry sync`).
 */
export const CLAIM_EVIDENCE_KINDS = ['docs', 'live', 'inferred', 'listing'] as const;

/**
 * How an effective value is known: a data-file claim's evidence, `listing` for a fact from the
 * provider's own model list (learned by `registry.discover`), or `catalogue` for a fact from
 * the imported catalogue (models.dev); both rank below every curated claim, the listing above
 * the catalogue.
 */
export const EVIDENCE_KINDS = [...CLAIM_EVIDENCE_KINDS, 'catalogue'] as const;
export type Evidence = (typeof EVIDENCE_KINDS)[number];

/** A capability value. `'unknown'` is never read as true. */
export type Tristate = true | false | 'unknown';

/** Provider quirks: facts about an endpoint that change what goes on its wire. */
export const QUIRK_NAMES = [
  'source_blocks',
  'inline_images',
  'tool_result_images',
  'tool_result_pdf',
  'tool_result_image_fallback',
  'structured_output_with_tools',
  'usage_cache_reads_in_input',
  'cache_control',
  'prompt_cache_key',
] as const;

export type QuirkName = (typeof QUIRK_NAMES)[number];

/**
 * Facts about what a model's API accepts in a request, by model name (data/models/*.json
 * `request_features`), read where a request would otherwise be refused:
 * - `output_format`: the wire's own JSON-schema output parameter (anthropic
 *   `output_config.format`, gemini `responseJsonSchema`; else the synthetic tool or the
 *   `responseSchema` subset);
 * - `forced_tool_choice`: a `tool_choice` that forces a tool call (anthropic `any` / `tool`);
 * - `json_with_tools`: function tools together with a JSON response MIME type (gemini).
 * Only `false` changes what is sent; `unknown` keeps the default.
 */
export const REQUEST_FEATURE_NAMES = [
  'output_format',
  'forced_tool_choice',
  'json_with_tools',
] as const;

export type RequestFeatureName = (typeof REQUEST_FEATURE_NAMES)[number];

export function isCapabilityName(value: unknown): value is CapabilityName {
  return typeof value === 'string' && (CAPABILITY_NAMES as readonly string[]).includes(value);
}
