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

/** How a claim in the data files is known: written by the provider, observed on the wire, or reasoned. */
export const CLAIM_EVIDENCE_KINDS = ['docs', 'live', 'inferred'] as const;

/**
 * How an effective value is known: a data-file claim's evidence, or `catalogue` for a fact
 * from the imported catalogue (models.dev), which ranks below every curated claim.
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
  'usage_cache_reads_in_input',
  'cache_control',
  'prompt_cache_key',
] as const;

export type QuirkName = (typeof QUIRK_NAMES)[number];

export function isCapabilityName(value: unknown): value is CapabilityName {
  return typeof value === 'string' && (CAPABILITY_NAMES as readonly string[]).includes(value);
}
