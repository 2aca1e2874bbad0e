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

export function isCapabilityName(value: unknown): value is CapabilityName {
  return typeof value === 'string' && (CAPABILITY_NAMES as readonly string[]).includes(value);
}

// Which structured-output mechanism each provider (and model) takes, as a data table with its
// evidence: the engines read it to choose Anthropic's `output_config.format` over the synthetic
// tool, Gemini's `responseJsonSchema` over the `responseSchema` subset, and to say in
// `explain` what a request will use. Kept apart from the capability claims of data/*.json
// (a later change may move it there); the quirk `structured_output_with_tools` says which
// endpoints refuse tools together with structured output.

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

/** One row: a provider, optionally the model ids it covers, and the fact with its evidence. */
export interface StructuredOutputFact {
  readonly provider: string;
  /** The model ids the row covers (a pattern over the id); every model when unset. */
  readonly models?: RegExp;
  /** Whether the endpoint constrains the reply to the schema itself. */
  readonly value: Tristate;
  readonly support: StructuredOutputSupport;
  readonly evidence: Evidence;
  readonly source: string;
  readonly date: string;
  readonly note?: string;
}

const DATE = '2026-12-02';
const OPENAI = 'https://platform.openai.com/docs/guides/structured-outputs';
const ANTHROPIC = 'https://platform.claude.com/docs/en/build-with-claude/structured-outputs';
const GEMINI = 'https://ai.google.dev/gemini-api/docs/structured-output';
const OLLAMA = 'https://docs.ollama.com/capabilities/structured-outputs';
/** Claude models with `output_config.format`: Sonnet 4.5, Opus 4.1, Haiku 4.5 and later. */
const CLAUDE_NATIVE =
  /^claude-(?:opus-4-(?:[1-9]|\d\d)|sonnet-4-(?:[5-9]|\d\d)|haiku-4-(?:[5-9]|\d\d)|(?:opus|sonnet|haiku)-(?:[5-9]|\d\d)|[5-9](?:-\d+)?-(?:opus|sonnet|haiku))/;

const BEDROCK = 'https://docs.aws.amazon.com/bedrock/latest/userguide/structured-output.html';
/**
 * Claude models Amazon Bedrock constrains to a schema (Haiku 4.5, Sonnet 4.5, Opus 4.5 and
 * later, per the page above), by the model part of a Bedrock id or inference profile.
 */
const BEDROCK_CLAUDE_NATIVE =
  /(?:^|\.)anthropic\.claude-(?:(?:opus|sonnet|haiku)-4-(?:[5-9]|\d\d)|(?:opus|sonnet|haiku)-(?:[5-9]|\d\d)|[5-9](?:-\d+)?-(?:opus|sonnet|haiku))/;

/** The table, first matching row wins (model rows before their provider's row). */
export const STRUCTURED_OUTPUT_FACTS: readonly StructuredOutputFact[] = Object.freeze([
  {
    provider: 'openai',
    value: true,
    support: 'native',
    evidence: 'docs',
    source: OPENAI,
    date: DATE,
  },
  {
    provider: 'openai-responses',
    value: true,
    support: 'native',
    evidence: 'docs',
    source: OPENAI,
    date: DATE,
  },
  {
    provider: 'anthropic',
    models: CLAUDE_NATIVE,
    value: true,
    support: 'native',
    evidence: 'docs',
    source: ANTHROPIC,
    date: DATE,
  },
  {
    provider: 'anthropic',
    value: false,
    support: 'tool',
    evidence: 'docs',
    source: ANTHROPIC,
    date: DATE,
    note: 'older Claude models have no output_config.format: a forced synthetic tool instead',
  },
  ...['aki-anthropic', 'moonshot-anthropic', 'minimax-anthropic', 'lmstudio-anthropic'].map(
    (provider): StructuredOutputFact => ({
      provider,
      value: 'unknown',
      support: 'tool',
      evidence: 'inferred',
      source: ANTHROPIC,
      date: DATE,
      note: 'an /anthropic shim documents no output_config.format: a forced synthetic tool, which every Messages endpoint takes',
    }),
  ),
  {
    provider: 'bedrock',
    models: BEDROCK_CLAUDE_NATIVE,
    value: true,
    support: 'native',
    evidence: 'docs',
    source: BEDROCK,
    date: DATE,
    note: 'Converse outputConfig.textFormat',
  },
  {
    provider: 'bedrock',
    models: /(?:^|\.)(?:anthropic\.claude|amazon\.nova)/,
    value: false,
    support: 'tool',
    evidence: 'docs',
    source: BEDROCK,
    date: DATE,
    note: 'not among the models Bedrock constrains: a forced synthetic tool (Converse toolChoice.tool, which Claude and Nova take)',
  },
  {
    provider: 'bedrock',
    value: 'unknown',
    support: 'native',
    evidence: 'docs',
    source: BEDROCK,
    date: DATE,
    note: 'Converse outputConfig.textFormat, documented for select open-weight models (Qwen, DeepSeek, Mistral, Gemma, Nemotron, MiniMax, Kimi); the reply is validated',
  },
  {
    provider: 'anthropic-bedrock',
    models: BEDROCK_CLAUDE_NATIVE,
    value: true,
    support: 'native',
    evidence: 'docs',
    source: BEDROCK,
    date: DATE,
    note: 'InvokeModel output_config.format',
  },
  {
    provider: 'anthropic-bedrock',
    value: false,
    support: 'tool',
    evidence: 'docs',
    source: BEDROCK,
    date: DATE,
    note: 'older Claude models have no output_config.format: a forced synthetic tool instead',
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
    models: /^gemini-(?:1\.|2\.0)/,
    value: true,
    support: 'subset',
    evidence: 'docs',
    source:
      'https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/control-generated-output',
    date: DATE,
    note: 'responseJsonSchema needs Gemini 2.5 or later; older models take the responseSchema subset',
  },
  {
    provider: 'gemini-vertex',
    value: true,
    support: 'native',
    evidence: 'docs',
    source:
      'https://cloud.google.com/vertex-ai/generative-ai/docs/multimodal/control-generated-output',
    date: DATE,
  },
  {
    provider: 'gemini',
    models: /^gemini-(?:1\.|2\.0)/,
    value: true,
    support: 'subset',
    evidence: 'docs',
    source: GEMINI,
    date: DATE,
    note: 'responseJsonSchema needs Gemini 2.5 or later; older models take the responseSchema subset',
  },
  {
    provider: 'gemini',
    value: true,
    support: 'native',
    evidence: 'docs',
    source: GEMINI,
    date: DATE,
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
 * The first row of {@link STRUCTURED_OUTPUT_FACTS} for `provider` whose models match `model`;
 * a provider without a row is `unknown` with the wire's native mechanism (the engine still
 * validates the reply).
 */
export function structuredOutputFact(provider: string, model: string): StructuredOutputResolution {
  const row = STRUCTURED_OUTPUT_FACTS.find(
    (fact) => fact.provider === provider && (fact.models === undefined || fact.models.test(model)),
  );
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
  return {
    value: row.value,
    support: row.support,
    evidence: row.evidence,
    source: row.source,
    reasons: [
      `structured_output: ${String(row.value)} (${row.evidence}, ${row.source}, ${row.date})${row.models ? ` for models matching ${row.models.source}` : ''}: ${row.support}${row.note ? `; ${row.note}` : ''}`,
    ],
  };
}
