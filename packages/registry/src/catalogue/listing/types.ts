// The learned layer: what a provider's own model list says, as plain data that can be saved
// (JSON) and given back to `createRegistry({ learned })`. It ranks below every curated claim
// with evidence and above the imported catalogue and every inference.

import type { ModelKind } from '../schema.js';

/** The model facts a listing can state. */
export const LEARNED_FACTS = [
  'tools',
  'image_input',
  'pdf_input',
  'audio_input',
  'structured_output',
] as const;
export type LearnedFact = (typeof LEARNED_FACTS)[number];

/** The modalities a listing can name, in the registry's words (`file` is `pdf`, `speech` is `audio`). */
export const LEARNED_MODALITIES = ['text', 'image', 'pdf', 'audio', 'video'] as const;
export type LearnedModality = (typeof LEARNED_MODALITIES)[number];

/** Where a listed model stands, as the listing states it. */
export interface LearnedLifecycle {
  /**
   * The stage the listing names (Anthropic's `lifecycle`); absent when it names none, and the
   * stage then follows from the dates (a past `retired` date is retired, a future one deprecated).
   */
  readonly status?: 'active' | 'deprecated' | 'retired';
  /** The day the deprecation was announced or took effect, YYYY-MM-DD. */
  readonly deprecated?: string;
  /** The day requests stop being served (OpenAI's `shutdown_date`), YYYY-MM-DD. */
  readonly retired?: string;
  /** The id the listing names instead (Mistral's `deprecation_replacement_model`). */
  readonly replacement?: string;
}

/** Prices a listing states, USD per million tokens. */
export interface LearnedPricing {
  readonly input: number;
  readonly output: number;
  readonly cacheRead?: number;
  readonly cacheWrite?: number;
}

/** One model as a provider's listing states it. */
export interface LearnedModel {
  /** The id as the provider lists it (`qwen3-vl:8b`, `claude-sonnet-5-5`). */
  readonly id: string;
  /** The display name, when the listing gives one. */
  readonly name?: string;
  /**
   * What the model is for, when it is not a chat model (`embedding`, `speech`,
   * `transcription`, ...): such a model is listed but never offered for chat. Absent: chat.
   */
  readonly kind?: Exclude<ModelKind, 'chat'>;
  /** Other names the listing gives the same model (Mistral's `aliases`). */
  readonly aliases?: readonly string[];
  /** The day the model was created or released, YYYY-MM-DD, when stated. */
  readonly created?: string;
  /** Context window in tokens, when stated. */
  readonly context?: number;
  /** Maximum output tokens, when stated. */
  readonly output?: number;
  /** Input and output modalities, when stated. */
  readonly modalities?: {
    readonly input?: readonly LearnedModality[];
    readonly output?: readonly LearnedModality[];
  };
  /** Only what the listing states; a fact it does not state is absent (unknown). */
  readonly capabilities?: Readonly<Partial<Record<LearnedFact, boolean>>>;
  /** Deprecation and retirement, when the listing states them. */
  readonly lifecycle?: LearnedLifecycle;
  /** Prices, when the listing states them (Groq, OpenRouter). */
  readonly pricing?: LearnedPricing;
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
   * about (an engine's one model) or the list was cut short (`truncated`), so a missing name
   * says nothing.
   */
  readonly complete: boolean;
  /**
   * Why a listing that was asked for whole is not complete: it held more models or pages than
   * the limits, or its pages went round in a loop (`listing_truncated`).
   */
  readonly truncated?: string;
  readonly models: readonly LearnedModel[];
}

/** The learned layer of a registry: `registry.learned()`, `createRegistry({ learned })`. */
export interface LearnedSnapshot {
  readonly listings: readonly LearnedListing[];
}
