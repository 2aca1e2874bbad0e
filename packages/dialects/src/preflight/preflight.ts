import {
  CrosswireError,
  isWireFormat,
  UnknownWireFormatError,
  type WireFormat,
} from '@crosswire/core';
import { isRecord } from '../support/json.js';
import { PROVIDER_RULES } from './rules.js';
import type { ModelFacts, ModelRequestFeatures, ProviderRule } from './types.js';

/** One broken rule in a request body. */
export interface PreflightViolation {
  /** The rule's id in the catalogue (`openai-tool-name`, `anthropic-image-side`...). */
  readonly rule: string;
  /** Where in the body: `tools[0].function.name`, `messages[3].content[1].source.data`. */
  readonly path: string;
  /** What the provider would answer, in its own words where it documents them. */
  readonly message: string;
  /** Where the rule is documented. */
  readonly source: string;
}

export interface PreflightOptions {
  /** The wire the body is for. */
  readonly wire: WireFormat;
  /** The registry provider id, when known. */
  readonly provider?: string;
  /** The model, when the wire names it outside the body (Gemini's and Bedrock's URL). */
  readonly model?: string;
  /**
   * The model's effective facts where a rule depends on them (registry `tool_result_images`,
   * `tool_result_pdf`): an engine passes them; without them those rules are not checked.
   */
  readonly capabilities?: ModelFacts;
  /**
   * What the model accepts where that differs by model (the registry's request features:
   * `output_config.format`, a forced `tool_choice`, function tools beside a JSON response);
   * the rules that depend on one check it only when it is given.
   */
  readonly features?: ModelRequestFeatures;
}

export interface PreflightResult {
  /** Every broken rule; empty when the provider has no documented reason to refuse the body. */
  readonly violations: readonly PreflightViolation[];
}

/** The checked rules of each wire, in catalogue order (built once). */
const CHECKED: Readonly<Record<WireFormat, readonly ProviderRule[]>> = (() => {
  const byWire: Record<WireFormat, ProviderRule[]> = {
    openai: [],
    anthropic: [],
    gemini: [],
    ollama: [],
    responses: [],
    hermes: [],
    bedrock: [],
  };
  for (const rule of PROVIDER_RULES) if (rule.check) byWire[rule.wire].push(rule);
  return byWire;
})();

/**
 * Checks a request body against the documented rules of its wire's provider (tool names, tool
 * schemas, tool counts, media sizes and counts; see `PROVIDER_RULES`), without sending
 * anything. Pure and synchronous: the engine runs it before every send and refuses with
 * {@link PreflightRefusedError}; run it yourself on a body you built or changed.
 */
export function preflight(request: unknown, options: PreflightOptions): PreflightResult {
  if (!isWireFormat(options.wire)) throw new UnknownWireFormatError(options.wire);
  if (!isRecord(request)) return { violations: [] };
  const context = {
    ...(options.model === undefined ? {} : { model: options.model }),
    ...(options.provider === undefined ? {} : { provider: options.provider }),
    ...(options.capabilities === undefined ? {} : { capabilities: options.capabilities }),
    ...(options.features === undefined ? {} : { features: options.features }),
  };
  const violations: PreflightViolation[] = [];
  for (const rule of CHECKED[options.wire]) {
    for (const broken of rule.check?.(request, context) ?? []) {
      violations.push({
        rule: rule.id,
        path: broken.path,
        message: broken.message,
        source: rule.source,
      });
    }
  }
  return { violations };
}

/**
 * A request refused before any byte was sent: it breaks a documented rule of the provider
 * (code `request_refused_preflight`). `rule`, `path` and `source` name the first broken rule;
 * `violations` lists them all.
 */
export class PreflightRefusedError extends CrosswireError {
  readonly rule: string;
  readonly path: string;
  readonly source: string;
  readonly violations: readonly PreflightViolation[];
  constructor(wire: WireFormat, violations: readonly PreflightViolation[]) {
    const first = violations[0] ?? { rule: '', path: '', message: '', source: '' };
    const more = violations.length > 1 ? ` (and ${violations.length - 1} more)` : '';
    super(
      'request_refused_preflight',
      `request refused before sending: it breaks the ${wire} rule ${first.rule} at ${first.path}: ${first.message}${more} (${first.source})`,
      { details: { wire, rule: first.rule, path: first.path, source: first.source, violations } },
    );
    this.rule = first.rule;
    this.path = first.path;
    this.source = first.source;
    this.violations = violations;
  }
}
