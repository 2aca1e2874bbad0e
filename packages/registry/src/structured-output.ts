// Which structured-output mechanism each provider takes, as a data table with its evidence, and
// the model's own `output_format` request feature (data/models/*.json) where the provider's
// mechanism depends on the model: the engines read it to choose Anthropic's
// `output_config.format` over the synthetic tool and Gemini's `responseJsonSchema` over the
// `responseSchema` subset, and to say in `explain` what a request will use. The model is
// matched by name through the registry's resolution (a dated snapshot has its alias's facts),
// never by a pattern over the id. The quirk `structured_output_with_tools` says which endpoints
// refuse tools together with structured output.
import type { Evidence, Tristate } from './capabilities.js';
import { requestFeatures } from './request-features.js';
import type { Resolution } from './types.js';

/** How a provider's wire asks for a structured reply. */
export type StructuredOutputSupport =
  /** The wire's own schema parameter. */
  | 'native'
  /** anthropic: a synthetic tool forced with `tool_choice`. */
  | 'tool'
  /** gemini: the OpenAPI-subset `responseSchema`. */
  | 'subset'
  /** hermes: the schema in the system prompt, the reply parsed. */
  | 'prompt';

/** One row: a provider and the fact with its evidence. */
export interface StructuredOutputFact {
  readonly provider: string;
  /** Whether the endpoint constrains the reply to the schema itself. */
  readonly value: Tristate;
  readonly support: StructuredOutputSupport;
  readonly evidence: Evidence;
  readonly source: string;
  readonly date: string;
  readonly note?: string;
  /**
   * The mechanism for a model whose `output_format` request feature is not `true` (the
   * provider's native parameter is model by model): the synthetic tool on anthropic, the
   * `responseSchema` subset on gemini.
   */
  readonly withoutOutputFormat?: {
    readonly value: Tristate;
    readonly support: StructuredOutputSupport;
    readonly note: string;
    /**
     * `false`: only a model that says `output_format: false` (the provider's parameter is the
     * rule); `not-true` (the default): any model that does not say `true`.
     */
    readonly when?: 'false' | 'not-true';
  };
}

const DATE = '2026-12-02';
const OPENAI = 'https://platform.openai.com/docs/guides/structured-outputs';
const ANTHROPIC = 'https://platform.claude.com/docs/en/build-with-claude/structured-outputs';
const GEMINI = 'https://ai.google.dev/gemini-api/docs/structured-output';
const OLLAMA = 'https://docs.ollama.com/capabilities/structured-outputs';

/** The table, one row per provider. */
export const STRUCTURED_OUTPUT_FACTS: readonly StructuredOutputFact[] = Object.freeze([
  ...['openai', 'openai-responses'].map(
    (provider): StructuredOutputFact => ({
      provider,
      value: true,
      support: 'native',
      evidence: 'docs',
      source: OPENAI,
      date: DATE,
      withoutOutputFormat: {
        value: false,
        support: 'prompt',
        when: 'false',
        note: "the model has no json_schema structured outputs (request feature output_format; \"Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model\"): JSON mode with the schema in the system prompt, the reply validated",
      },
    }),
  ),
  {
    provider: 'anthropic',
    value: true,
    support: 'native',
    evidence: 'docs',
    source: ANTHROPIC,
    date: DATE,
    withoutOutputFormat: {
      value: false,
      support: 'tool',
      note: 'the model has no output_config.format (request feature output_format): a synthetic tool instead',
    },
  },
  ...['aki-anthropic', 'moonshot-anthropic', 'minimax-anthropic', 'lmstudio-anthropic'].map(
    (provider): StructuredOutputFact => ({
      provider,
      value: 'unknown',
      support: 'tool',
      evidence: 'inferred',
      source: ANTHROPIC,
      date: DATE,
      note: 'an /anthropic shim documents no output_config.format: a synthetic tool, which every Messages endpoint takes',
    }),
  ),
  {
    provider: 'gemini',
    value: true,
    support: 'native',
    evidence: 'docs',
    source: GEMINI,
    date: DATE,
    withoutOutputFormat: {
      value: true,
      support: 'subset',
      note: 'responseJsonSchema needs Gemini 2.5 or later (request feature output_format); older models take the responseSchema subset',
    },
  },
  {
    provider: 'ollama',
    value: true,
    support: 'native',
    evidence: 'docs',
    source: OLLAMA,
    date: DATE,
  },
  {
    provider: 'groq',
    value: true,
    support: 'native',
    evidence: 'docs',
    source: 'https://console.groq.com/docs/structured-outputs',
    date: DATE,
    note: 'not together with tools (quirk structured_output_with_tools: false)',
  },
  {
    provider: 'cerebras',
    value: true,
    support: 'native',
    evidence: 'docs',
    source: 'https://inference-docs.cerebras.ai/capabilities/structured-outputs',
    date: DATE,
    note: 'not together with tools (quirk structured_output_with_tools: false)',
  },
  {
    provider: 'deepseek',
    value: false,
    support: 'native',
    evidence: 'docs',
    source: 'https://api-docs.deepseek.com/guides/json_mode',
    date: DATE,
    note: 'JSON mode (json_object) only: a json_schema response_format is not constrained',
  },
  ...['aki', 'nousresearch'].map(
    (provider): StructuredOutputFact => ({
      provider,
      value: false,
      support: 'prompt',
      evidence: 'inferred',
      source: 'https://github.com/NousResearch/Hermes-Function-Calling',
      date: DATE,
      note: 'prompt tool calling: the schema goes in the system prompt and the reply is validated',
    }),
  ),
]);

/** The structured-output fact of a provider's model, with the reasons for it. */
export interface StructuredOutputResolution {
  readonly value: Tristate;
  readonly support: StructuredOutputSupport;
  readonly evidence: Evidence | undefined;
  readonly source: string | undefined;
  readonly reasons: readonly string[];
}

/**
 * The structured-output fact of a resolved model on its provider: the provider's row of
 * {@link STRUCTURED_OUTPUT_FACTS}, and where the row depends on the model, the model's
 * `output_format` request feature (read by name, so a dated snapshot has its alias's fact). A
 * provider without a row is `unknown` with the wire's native mechanism (the engine still
 * validates the reply).
 */
export function structuredOutputFact(
  resolution: Pick<Resolution, 'provider' | 'model' | 'requested'>,
): StructuredOutputResolution {
  const provider = resolution.provider?.id ?? '';
  const row = STRUCTURED_OUTPUT_FACTS.find((fact) => fact.provider === provider);
  if (row === undefined) {
    return {
      value: 'unknown',
      support: 'native',
      evidence: undefined,
      source: undefined,
      reasons: [
        `structured_output: no fact for provider "${provider}": unknown; the wire's own parameter is sent and the reply validated`,
      ],
    };
  }
  const head = `structured_output: ${String(row.value)} (${row.evidence}, ${row.source}, ${row.date}): ${row.support}${row.note ? `; ${row.note}` : ''}`;
  const fallback = row.withoutOutputFormat;
  if (fallback === undefined) {
    return {
      value: row.value,
      support: row.support,
      evidence: row.evidence,
      source: row.source,
      reasons: [head],
    };
  }
  const feature = requestFeatures(resolution).output_format;
  const applies = fallback.when === 'false' ? feature.value === false : feature.value !== true;
  const by =
    feature.model === undefined
      ? `model "${resolution.requested}" has no output_format request feature in the data`
      : `model ${feature.model} claims output_format ${String(feature.value)} (${feature.evidence ?? 'no evidence'}, ${feature.source ?? 'no source'}, ${feature.date ?? 'no date'})`;
  if (!applies) {
    return {
      value: row.value,
      support: row.support,
      evidence: row.evidence,
      source: row.source,
      reasons: [head, by],
    };
  }
  return {
    value: fallback.value,
    support: fallback.support,
    evidence: row.evidence,
    source: row.source,
    reasons: [head, `${by}: ${fallback.support}; ${fallback.note}`],
  };
}
