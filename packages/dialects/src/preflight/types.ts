import type { WireFormat } from '@crosswire/core';

/** One break of a rule: where in the request body, and what is wrong there. */
export interface RuleBreak {
  /** The path in the body, e.g. `tools[0].function.name`. */
  readonly path: string;
  readonly message: string;
}

/**
 * What the model's API accepts, where it differs by model (the registry's request features;
 * undefined: not known, and no rule refuses on it).
 */
export interface ModelRequestFeatures {
  /** false: the model has no `output_config.format` (anthropic) / `responseJsonSchema` (gemini). */
  readonly outputFormat?: boolean;
  /** false: the model refuses a `tool_choice` that forces a tool call (anthropic). */
  readonly forcedToolChoice?: boolean;
  /** false: the model refuses function tools beside a JSON response MIME type (gemini 2.x). */
  readonly jsonWithTools?: boolean;
}

/** What a check knows besides the body. */
export interface RuleContext {
  /** The model the request goes to (Gemini names it in the URL, not the body). */
  readonly model?: string;
  /** The registry provider id, when known. */
  readonly provider?: string;
  /**
   * What the model is known to accept, where a rule depends on the model (Converse takes an
   * image inside a `toolResult` only for some models): the registry's effective values. A
   * fact left out is not checked.
   */
  readonly capabilities?: ModelFacts;
  /** What the model accepts where it differs by model (from the registry), when known. */
  readonly features?: ModelRequestFeatures;
}

/** Model facts a rule may need, named as the registry names them. */
export interface ModelFacts {
  readonly tool_result_images?: boolean;
  readonly tool_result_pdf?: boolean;
}

/** A rule's check: every break of the rule in `body` (empty when the body keeps it). */
export type RuleCheck = (
  body: Readonly<Record<string, unknown>>,
  context: RuleContext,
) => RuleBreak[];

export interface ProviderRule {
  readonly id: string;
  readonly wire: WireFormat;
  /** What the provider requires, in one sentence. */
  readonly rule: string;
  /** Where the rule is documented: the provider's docs, its OpenAPI document, or a public issue. */
  readonly source: string;
  /** A minimal request that breaks the rule: the endpoint path and the body. */
  readonly example: {
    readonly path: string;
    readonly body: unknown;
    /** The registry provider the example goes to, for a rule of some providers only. */
    readonly provider?: string;
    /** The model's facts the example holds, for a rule of some models only. */
    readonly capabilities?: ModelFacts;
    /** The model's request features, for a rule of some models only. */
    readonly features?: ModelRequestFeatures;
  };
  /** A piece of the violation the simulator (and `preflight`, for a rule with a check) reports for the example. */
  readonly violation: string;
  /**
   * The check `preflight` runs (the rules without one are conversation invariants the dialects
   * keep by construction; the simulator checks them).
   */
  readonly check?: RuleCheck;
  /** The provider's own 400 message for a request that breaks the rule, as quoted at `source`. */
  readonly quoted?: string;
}
