// The learned layer: what a provider's own model list says, as plain data that can be saved
// (JSON) and given back to `createRegistry({ learned })`. It ranks below every curated claim
// and above the imported catalogue.

/** The model facts a listing can state. */
export const LEARNED_FACTS = ['tools', 'image_input', 'pdf_input', 'audio_input'] as const;
export type LearnedFact = (typeof LEARNED_FACTS)[number];

/** One model as a provider's listing states it. */
export interface LearnedModel {
  /** The id as the provider lists it (`qwen3-vl:8b`, `claude-sonnet-5-5`). */
  readonly id: string;
  /** The display name, when the listing gives one. */
  readonly name?: string;
  /** Context window in tokens, when stated. */
  readonly context?: number;
  /** Maximum output tokens, when stated. */
  readonly output?: number;
  /** Only what the listing states; a fact it does not state is absent (unknown). */
  readonly capabilities?: Readonly<Partial<Record<LearnedFact, boolean>>>;
  /** The request that stated the capabilities, when not the list itself (Ollama's `/api/show`). */
  readonly endpoint?: string;
}

/** What one provider listed on one day. */
export interface LearnedListing {
  /** The registry's provider id (`ollama`, `anthropic`). */
  readonly provider: string;
  /** The URL read (no query, no credentials). */
  readonly endpoint: string;
  /** The day it was read, YYYY-MM-DD. */
  readonly date: string;
  /**
   * True when this is the provider's whole list; false when only some models were asked
   * about (an engine's one model), so a missing name says nothing.
   */
  readonly complete: boolean;
  readonly models: readonly LearnedModel[];
}

/** The learned layer of a registry: `registry.learned()`, `createRegistry({ learned })`. */
export interface LearnedSnapshot {
  readonly listings: readonly LearnedListing[];
}
