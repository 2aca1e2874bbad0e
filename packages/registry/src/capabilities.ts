import type { Claim } from './schema.js';
import type { Resolution } from './types.js';
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

/** One request feature of a resolved model: its value, and where it comes from. */
export interface RequestFeature {
  readonly value: Tristate;
  /** `<lab>/<id>`: the entry the claim is on (a snapshot's is its model's), when known. */
  readonly model: string | undefined;
  readonly evidence: Claim['evidence'];
  readonly source: string | undefined;
  readonly date: string | undefined;
}

export type RequestFeatures = Readonly<Record<RequestFeatureName, RequestFeature>>;

/**
 * The request features of a resolution's model; `unknown` where no claim says (an unknown
 * model, or a fact the data does not state), which keeps the default request form.
 */
export function requestFeatures(resolution: Pick<Resolution, 'model'>): RequestFeatures {
  const claims = resolution.model?.requestFeatures ?? {};
  return Object.freeze(
    Object.fromEntries(
      REQUEST_FEATURE_NAMES.map((name) => {
        const claim = claims[name];
        return [
          name,
          Object.freeze({
            value: claim?.value ?? 'unknown',
            model: claim === undefined ? undefined : resolution.model?.key,
            evidence: claim?.evidence,
            source: claim?.source,
            date: claim?.date,
          }),
        ];
      }),
    ) as Record<RequestFeatureName, RequestFeature>,
  );
}

// Which structured-output mechanism each provider takes, as a data table with its evidence, and
// the model's own `output_format` request feature (data/models/*.json) where the provider's
// mechanism depends on the model: the engines read it to choose Anthropic's
// `output_config.format` over the synthetic tool and Gemini's `responseJsonSchema` over the
// `responseSchema` subset, and to say in `explain` what a request will use. The model is
// matched by name through the registry's resolution (a dated snapshot has its alias's facts),
// never by a pattern over the id. The quirk `structured_output_with_tools` says which endpoints
// refuse tools together with structured output.

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

const BEDROCK = 'https://docs.aws.amazon.com/bedrock/latest/userguide/structured-output.html';
const VERTEX_GEMINI =
  'https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/control-generated-output';

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
    provider: 'bedrock',
    // Bedrock constrains only the models it lists (Claude 4.5 and later, select open-weight
    // models): the model's own output_format claim settles it, unknown where the data says none.
    value: 'unknown',
    support: 'native',
    evidence: 'docs',
    source: BEDROCK,
    date: DATE,
    note: 'Converse outputConfig.textFormat, documented for Claude 4.5 and later and select open-weight models (Qwen, DeepSeek, Mistral, Gemma, Nemotron, MiniMax, Kimi); the reply is validated',
    withoutOutputFormat: {
      value: false,
      support: 'tool',
      when: 'false',
      note: 'the model is not among those Bedrock constrains (request feature output_format: Claude before 4.5, Nova): a forced synthetic tool (Converse toolChoice.tool)',
    },
  },
  {
    provider: 'anthropic-bedrock',
    value: true,
    support: 'native',
    evidence: 'docs',
    source: BEDROCK,
    date: DATE,
    note: 'InvokeModel output_config.format',
    withoutOutputFormat: {
      value: false,
      support: 'tool',
      note: 'the model has no output_config.format on Bedrock (request feature output_format): a forced synthetic tool instead',
    },
  },
  {
    provider: 'anthropic-vertex',
    value: 'unknown',
    support: 'tool',
    evidence: 'inferred',
    source:
      'https://cloud.google.com/vertex-ai/generative-ai/docs/partner-models/claude/use-claude',
    date: DATE,
    note: 'Vertex AI documents no output_config.format for Claude: a forced synthetic tool, which every Messages endpoint takes',
  },
  ...['azure-openai', 'azure-openai-responses'].map(
    (provider): StructuredOutputFact => ({
      provider,
      value: true,
      support: 'native',
      evidence: 'docs',
      source: 'https://learn.microsoft.com/en-us/azure/ai-foundry/openai/how-to/structured-outputs',
      date: DATE,
      note: 'for the deployments of models with structured outputs (GPT-4o and later)',
    }),
  ),
  {
    provider: 'gemini-vertex',
    value: true,
    support: 'native',
    evidence: 'docs',
    source: VERTEX_GEMINI,
    date: DATE,
    withoutOutputFormat: {
      value: true,
      support: 'subset',
      note: 'responseJsonSchema needs Gemini 2.5 or later (request feature output_format); older models take the responseSchema subset',
    },
  },
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
      // A row unknown because it depends on the model (bedrock) is settled by a model that
      // claims the provider's parameter.
      value: row.value === 'unknown' && feature.value === true ? true : row.value,
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
