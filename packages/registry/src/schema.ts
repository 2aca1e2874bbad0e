import { WIRE_FORMATS } from '@crosswire/core';
import { z } from 'zod';
import {
  CAPABILITY_NAMES,
  CLAIM_EVIDENCE_KINDS,
  QUIRK_NAMES,
  REQUEST_FEATURE_NAMES,
} from './capabilities.js';

// Every object is strict: an unknown key (a typo such as `image_inpt`) is an error, never a
// silently dropped fact (models.dev's non-strict cost object lost keys that way).

/** A calendar date, `YYYY-MM-DD`. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'expected a date YYYY-MM-DD');

const releaseDate = z
  .string()
  .regex(
    /^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/,
    'expected a date YYYY-MM or YYYY-MM-DD',
  );

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:[-.][a-z0-9]+)*$/, 'expected lowercase letters, digits, "-" and "."');

/**
 * The longest string a data file takes from a provider (a model id, a name, a response id):
 * the registry's learned limit, so what `discover` keeps fits and nothing a peer sends grows a
 * data file without bound.
 */
export const PROVIDER_TEXT_MAX = 256;

/** A model id as the provider spells it; case is kept, lookups ignore it. */
const modelId = z
  .string()
  .max(PROVIDER_TEXT_MAX, `a model id has at most ${PROVIDER_TEXT_MAX} characters`)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:@/-]*$/, 'expected letters, digits and . _ : @ / -');

/** A note a person or a tool writes beside a fact: bounded, so a tool cannot grow it forever. */
const note = z.string().max(2000, 'a note has at most 2000 characters');

/** `<lab>/<model id>`: a reference from an offering or a condition to a model entry. */
const modelReference = z
  .string()
  .max(PROVIDER_TEXT_MAX * 2)
  .regex(/^[a-z0-9-]+\/[A-Za-z0-9][A-Za-z0-9._:@-]*$/, 'expected "<lab>/<model id>"');

/** A numeric dotted version: `3`, `2.5`, `4.10` (ordered as numbers, so 4.10 > 4.9). */
export const versionString = z
  .string()
  .regex(/^\d+(\.\d+)*$/, 'expected a dotted numeric version such as "3" or "2.5"');

/** One or more comparisons joined by spaces: `>=3`, `<3`, `>=2.5 <3`, `=3.1`. */
export const versionRange = z
  .string()
  .regex(
    /^(>=|<=|>|<|=)\d+(\.\d+)*( (>=|<=|>|<|=)\d+(\.\d+)*)*$/,
    'expected comparisons such as ">=3" or ">=2.5 <3"',
  );

const tristate = z.union([z.literal(true), z.literal(false), z.literal('unknown')]);

/**
 * One claim about one capability: the value, how we know it, where it is written and when it
 * was checked. A true claim needs a source and a date (checked by the validator, so the
 * message can name the file).
 */
export const claimSchema = z.strictObject({
  value: tristate.describe('true, false or "unknown"; unknown is never read as true'),
  evidence: z
    .enum(CLAIM_EVIDENCE_KINDS)
    .optional()
    .describe(
      "docs: the provider documents it; live: observed on the wire; inferred: reasoned; listing: the provider's own model list states it",
    ),
  source: z.url().optional().describe('where the claim is written or was observed'),
  date: isoDate.optional().describe('when the claim was last checked, YYYY-MM-DD'),
  note: note.optional(),
  probe: z
    .strictObject({
      code_word: z
        .string()
        .regex(/^[A-Z0-9]{4,16}$/, 'the code word the probe drew or wrote (capitals and digits)'),
      reply: z.string().max(200).describe("the model's reply text, trimmed to 200 characters"),
      response_id: z
        .string()
        .min(1)
        .max(PROVIDER_TEXT_MAX, `a response id has at most ${PROVIDER_TEXT_MAX} characters`)
        .regex(/^[\x21-\x7e]+$/, 'a response id is printable ASCII without spaces')
        .optional()
        .describe("the provider's id of the reply (absent where the wire has none)"),
      endpoint: z.url().describe('the URL the probe sent to'),
    })
    .optional()
    .describe(
      'what `crosswire registry probe --write` observed: a reviewer checks the reply against the code word',
    ),
});

const condition = z
  .strictObject({
    family: slug.optional(),
    variant: z.string().optional(),
    version: versionRange.optional(),
    model: modelReference.optional(),
  })
  .describe('all given fields must hold for the resolved model');

/** A claim that holds for the models matching `when` (every model when absent). */
export const conditionalClaimSchema = claimSchema.extend({ when: condition.optional() });

const capabilityClaims = z.strictObject(
  Object.fromEntries(CAPABILITY_NAMES.map((name) => [name, claimSchema.optional()])) as Record<
    (typeof CAPABILITY_NAMES)[number],
    z.ZodOptional<typeof claimSchema>
  >,
);

const conditionalClaims = z.union([conditionalClaimSchema, z.array(conditionalClaimSchema)]);

const providerCapabilityClaims = z.strictObject(
  Object.fromEntries(
    CAPABILITY_NAMES.map((name) => [name, conditionalClaims.optional()]),
  ) as Record<(typeof CAPABILITY_NAMES)[number], z.ZodOptional<typeof conditionalClaims>>,
);

const requestFeatureClaims = z
  .strictObject(
    Object.fromEntries(
      REQUEST_FEATURE_NAMES.map((name) => [name, claimSchema.optional()]),
    ) as Record<(typeof REQUEST_FEATURE_NAMES)[number], z.ZodOptional<typeof claimSchema>>,
  )
  .describe(
    "what the model's API accepts in a request: output_format (the wire's own JSON-schema output parameter), forced_tool_choice (a tool_choice that forces a call), json_with_tools (function tools beside a JSON response MIME type)",
  );

const familyRequestFeatureClaims = z
  .strictObject(
    Object.fromEntries(
      REQUEST_FEATURE_NAMES.map((name) => [name, conditionalClaims.optional()]),
    ) as Record<(typeof REQUEST_FEATURE_NAMES)[number], z.ZodOptional<typeof conditionalClaims>>,
  )
  .describe('request features of an unlisted member, by version or variant (first match wins)');

const limits = z.strictObject({
  context: z.int().positive().optional().describe('context window in tokens'),
  output: z.int().positive().optional().describe('maximum output tokens; at most the context'),
});

const price = z.number().nonnegative().describe('USD per million tokens');

/** Curated prices: they win over the imported catalogue's. */
export const pricingSchema = z.strictObject({
  input: price,
  output: price,
  cache_read: price.optional(),
  cache_write: price.optional().describe('the shortest cache lifetime the provider prices'),
  cache_write_1h: price
    .optional()
    .describe('writing input to the cache for one hour, where the provider prices it apart'),
  currency: z.literal('USD').describe('prices are in US dollars'),
  source: z.url().describe("the provider's pricing page or the model's page"),
  date: isoDate.describe('when the prices were read, YYYY-MM-DD'),
  note: note.optional(),
});

export const modelSchema = z.strictObject({
  id: modelId.describe('the canonical id, as the lab names it'),
  name: z.string().min(1).max(PROVIDER_TEXT_MAX),
  family: slug.describe('the family versions are ordered in, e.g. gemini, claude, gpt'),
  variant: z.string().optional().describe('the line within the family, e.g. pro, flash, sonnet'),
  version: versionString.optional(),
  release_date: releaseDate.optional(),
  aliases: z
    .array(modelId)
    .optional()
    .describe('other names of this model: -latest names, dotted spellings'),
  snapshots: z.array(modelId).optional().describe('dated snapshot ids that resolve to this model'),
  limits: limits.optional(),
  open_weights: z.boolean().optional(),
  capabilities: capabilityClaims,
  request_features: requestFeatureClaims.optional(),
  source: z.url().describe("the lab's page for this model"),
  note: note.optional(),
  review: z
    .string()
    .min(1)
    .optional()
    .describe(
      'set when a tool created the entry (registry probe --write): what a maintainer checks before removing it',
    ),
});

export const familySchema = z.strictObject({
  family: slug,
  templates: z
    .array(z.string().regex(/\{version\}/, 'a template needs a {version} placeholder'))
    .min(1)
    .describe('id shapes such as "gemini-{version}-{variant}"; {variant} is optional'),
  version_separator: z.enum(['.', '-']).optional().describe('how the id spells 2.5: "." or "-"'),
  versions: versionRange
    .optional()
    .describe('the versions the templates stand for, e.g. ">=5" (gpt-3.5-turbo is no GPT-5)'),
  exclude_tokens: z
    .array(z.string().regex(/^[a-z0-9]+$/, 'expected one lowercase word'))
    .optional()
    .describe(
      'words of a name that mark a model the family facts do not cover (tts, image, embedding): a name holding one is no member',
    ),
  capabilities: capabilityClaims.describe('facts for an unlisted member of the family'),
  request_features: familyRequestFeatureClaims.optional(),
  source: z.url(),
  note: z.string().optional(),
});

export const labFileSchema = z.strictObject({
  $schema: z.string().optional(),
  lab: slug.describe('the lab that makes these models; model references are "<lab>/<id>"'),
  name: z.string().min(1),
  families: z.array(familySchema).optional(),
  models: z.array(modelSchema),
});

const quirks = z.strictObject({
  source_blocks: z
    .boolean()
    .optional()
    .describe('false: the endpoint takes no document or search_result block in a tool_result'),
  inline_images: z
    .boolean()
    .optional()
    .describe('true: the endpoint rejects remote image URLs; send images as data'),
  tool_result_images: z
    .literal('never')
    .optional()
    .describe('never: images in tool results do not reach the model here'),
  tool_result_pdf: z
    .literal('never')
    .optional()
    .describe('never: PDFs in tool results do not reach the model here'),
  tool_result_image_fallback: z
    .enum(['user-message', 'tool-message'])
    .optional()
    .describe(
      "how a tool's images reach a model that sees images when the tool result cannot carry them: user-message (after the results; on gemini, inlineData parts beside the functionResponse parts) or tool-message (ollama: images on the tool message itself)",
    ),
  structured_output_with_tools: z
    .boolean()
    .optional()
    .describe(
      'false: the endpoint refuses tools together with structured output in one request; the engine asks for the object in a turn without tools',
    ),
  usage_cache_reads_in_input: z
    .boolean()
    .optional()
    .describe(
      'true (anthropic wire): input_tokens already counts the cache reads (Anthropic counts them beside it); the reads are not added again',
    ),
  cache_control: z
    .enum(['refused', 'ignored'])
    .optional()
    .describe(
      'anthropic wire: the endpoint refuses (400) or ignores cache_control breakpoints; promptCache then places none',
    ),
  prompt_cache_key: z
    .enum(['refused', 'ignored'])
    .optional()
    .describe(
      'openai and responses wires: the endpoint refuses (400) or ignores prompt_cache_key; promptCache then sends none',
    ),
});

/** A provider's price rule for one-hour cache writes, as a multiple of the input price. */
export const cacheWrite1hSchema = z
  .strictObject({
    input_multiple: z.number().positive().describe('the one-hour write price over the input price'),
    source: z.url().describe("the provider's pricing page"),
    date: isoDate,
    note: z.string().optional(),
  })
  .describe(
    "one-hour cache writes priced at this multiple of each model's input price, where no curated price gives cache_write_1h",
  );

const provenance = z.strictObject({
  evidence: z.enum(CLAIM_EVIDENCE_KINDS),
  source: z.url().optional(),
  date: isoDate,
  note: z.string().optional(),
});

/** What the HTTP transport can send: a token for a header name (RFC 9110). */
const headerName = z
  .string()
  .regex(
    /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/,
    'a header name must be an HTTP token (letters, digits, -)',
  );
/** A header value the transport can send: no CR, LF or NUL (they would split the request). */
const headerValue = z
  .string()
  .regex(/^[^\r\n\0]*$/, 'a header value must not contain CR, LF or NUL');

const auth = z.strictObject({
  header: headerName.describe('e.g. Authorization, x-api-key, x-goog-api-key'),
  scheme: z
    .string()
    .regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'an auth scheme is one word, e.g. Bearer')
    .optional()
    .describe('e.g. Bearer; absent: the key is the whole value'),
  required: z.boolean().optional().describe('false for local servers that accept no key'),
});

const modelNaming = z.strictObject({
  strip_suffixes: z
    .array(z.string().regex(/^:[a-z0-9-]+$/, 'expected a suffix such as ":free"'))
    .optional()
    .describe('suffixes that select routing, not a model, e.g. :free, :nitro'),
  strip_any_tag: z
    .boolean()
    .optional()
    .describe('true: any ":tag" (a size or a quantization) is stripped when no offering matches'),
});

/** A value `base_url` or `chat_path` names in braces (`{region}`): where an engine finds it. */
const cloudParam = z.strictObject({
  env: z
    .array(z.string().regex(/^[A-Z][A-Z0-9_]*$/))
    .optional()
    .describe('the environment variables read, in order, when the engine option is absent'),
  default: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .optional()
    .describe('the value when neither the option nor the environment gives one'),
});

/**
 * How an endpoint in a cloud account is reached: the credentials beyond an API key and the
 * values its URL names. The engine reads the kind and fills the URL; the code per kind is in
 * `@crosswire/engines`.
 */
export const cloudSchema = z.strictObject({
  credentials: z
    .enum(['aws-sigv4', 'google-oauth', 'bearer-token'])
    .describe(
      'what stands in for an API key: aws-sigv4 (requests signed with AWS credentials), google-oauth (a Google access token as Bearer), bearer-token (a token from the caller, e.g. Microsoft Entra)',
    ),
  service: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .optional()
    .describe('aws-sigv4: the service the signature is for, e.g. bedrock'),
  base_url: z
    .string()
    .regex(/^https:\/\/[^\s#?@]+$/, 'expected an https URL whose {param} parts the engine fills')
    .optional()
    .describe('the base URL with {param} placeholders (base_url is one filled-in instance of it)'),
  params: z
    .record(z.string().regex(/^[a-z]+$/), cloudParam)
    .optional()
    .describe(
      'the values cloud.base_url names in braces ({region}, {project}, {location}, {resource})',
    ),
  base_url_overrides: z
    .array(
      z.strictObject({
        param: z.string().regex(/^[a-z]+$/),
        value: z.string().regex(/^[a-z0-9-]+$/),
        base_url: z.string().regex(/^https:\/\/[^\s#?@]+$/),
      }),
    )
    .optional()
    .describe(
      'another base_url for one value of a param (Vertex AI: location global has no regional host)',
    ),
  api_key_base_url: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(
      'where requests go when an API key is used instead of the credentials (Vertex AI express mode)',
    ),
});

/** The changes a cloud route makes to a wire's request body. */
const requestBody = z.strictObject({
  omit: z
    .array(z.string().regex(/^[a-z_]+$/))
    .optional()
    .describe('top-level fields the endpoint refuses (the model, which is in the path)'),
  set: z
    .record(z.string().regex(/^[a-z_]+$/), z.union([z.string(), z.number(), z.boolean()]))
    .optional()
    .describe('top-level fields the endpoint requires, e.g. anthropic_version'),
});
/** How a lifecycle is known: the provider's notice (`docs`) or its own model list (`listing`). */
const lifecycleEvidence = z
  .enum(['docs', 'listing'])
  .optional()
  .describe(
    "docs (the default): the provider's deprecation page or notice; listing: the provider's own model list states it (written by registry sync)",
  );

/** When an offering stops being served: the provider's deprecation notice, cited. */
export const lifecycleSchema = z.strictObject({
  deprecated: isoDate.optional().describe('the date the provider announced the deprecation'),
  retired: isoDate
    .optional()
    .describe('the date requests stop being served (or are redirected to another model)'),
  replacement: modelId.optional().describe('the id the provider recommends instead'),
  source: z.url().describe("the provider's deprecation page or notice"),
  evidence: lifecycleEvidence,
  note: note.optional(),
});

export const offeringSchema = z.strictObject({
  id: modelId.describe('the model id this provider accepts'),
  model: modelReference.describe('the model served, "<lab>/<id>"'),
  aliases: z.array(modelId).optional(),
  wire: z.enum(WIRE_FORMATS).optional().describe('overrides the provider wire for this model'),
  chat_path: z.string().regex(/^\//, 'expected a path starting with "/"').optional(),
  limits: limits.optional(),
  capabilities: capabilityClaims.optional().describe('overrides of the model facts here'),
  pricing: pricingSchema.optional().describe("this provider's prices, when they differ"),
  lifecycle: lifecycleSchema.optional(),
  source: z.url().optional(),
  note: note.optional(),
});

/** An offering the provider no longer serves, kept so its names resolve with a warning. */
export const retiredOfferingSchema = z.strictObject({
  id: modelId.describe('the model id the provider accepted'),
  model: modelReference.describe('the model it served, "<lab>/<id>"'),
  aliases: z.array(modelId).optional(),
  deprecated: isoDate.optional().describe('the date the provider announced the deprecation'),
  retired: isoDate.describe('the date requests stopped being served (or were redirected)'),
  replacement: modelId.optional().describe('the id the provider recommends instead'),
  source: z.url().describe("the provider's deprecation page or notice"),
  evidence: lifecycleEvidence,
  note: note.optional(),
});

export const providerFileSchema = z.strictObject({
  $schema: z.string().optional(),
  id: slug,
  name: z.string().min(1),
  aliases: z.array(slug).optional(),
  tool_wire_format: z.enum(WIRE_FORMATS),
  base_url: z
    .url({
      protocol: /^https?$/,
      error: (issue) =>
        typeof issue.input === 'string'
          ? 'base_url must be an http or https URL (the transport speaks nothing else)'
          : undefined,
    })
    .refine(
      (url) => !/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(url),
      'base_url must not carry credentials (user:password@); the key goes in the auth header',
    )
    .refine(
      (url) => !url.includes('#'),
      'base_url must not have a fragment (#...): it is never sent, so the chat path would be lost; a query (?name=value) is kept after the chat path',
    )
    .describe('the chat path goes after its path; its query, if any, stays at the end of the URL'),
  chat_path: z
    .string()
    .regex(/^\//, 'expected a path starting with "/"')
    .describe('appended to base_url for a chat request; {model} is replaced by the model id'),
  auth: z.union([auth, z.null()]),
  api_key_env: z
    .string()
    .regex(/^[A-Z][A-Z0-9_]*$/)
    .optional(),
  headers: z.record(headerName, headerValue).optional(),
  cloud: cloudSchema.optional(),
  request_body: requestBody.optional(),
  stream_path: z
    .string()
    .regex(/^\//, 'expected a path starting with "/"')
    .optional()
    .describe(
      "the path of a streamed request when it is not the wire's own ({model} is the model id)",
    ),
  stream_framing: z
    .enum(['aws-eventstream'])
    .optional()
    .describe(
      "aws-eventstream: the stream comes in AWS event-stream frames whose chunk events carry the wire's own events",
    ),
  docs: z.url(),
  quirks: quirks.optional(),
  quirk_sources: z
    .strictObject(
      Object.fromEntries(QUIRK_NAMES.map((name) => [name, provenance.optional()])) as Record<
        (typeof QUIRK_NAMES)[number],
        z.ZodOptional<typeof provenance>
      >,
    )
    .optional(),
  capabilities: providerCapabilityClaims.optional(),
  model_naming: modelNaming.optional(),
  cache_write_1h: cacheWrite1hSchema.optional(),
  catalogue: z
    .strictObject({
      models_dev: slug.describe('the provider id in the models.dev catalogue, e.g. google'),
    })
    .optional()
    .describe("where the imported catalogue lists this endpoint's models"),
  default_model: modelId.optional(),
  offerings: z.array(offeringSchema).optional(),
  retired: z
    .array(retiredOfferingSchema)
    .optional()
    .describe('offerings retired before the data was last checked; never a default'),
  note: z.string().optional(),
});

/** A provider entry given to `createRegistry` to change a provider of the base registry. */
export const providerPatchSchema = providerFileSchema.partial().required({ id: true });

/**
 * A lab entry given to `createRegistry` to change a lab of the base registry: each model is
 * matched by `id` and only the fields given replace the base's (capabilities and limits key by
 * key); a model the base lacks must be complete.
 */
export const labPatchSchema = labFileSchema.extend({
  name: z.string().min(1).optional(),
  models: z.array(modelSchema.partial().required({ id: true })),
});

export type Claim = z.infer<typeof claimSchema>;
export type ConditionalClaim = z.infer<typeof conditionalClaimSchema>;
export type ModelData = z.infer<typeof modelSchema>;
export type FamilyData = z.infer<typeof familySchema>;
export type LabFile = z.infer<typeof labFileSchema>;
export type OfferingData = z.infer<typeof offeringSchema>;
export type ProviderFile = z.infer<typeof providerFileSchema>;
export type ProviderPatch = z.infer<typeof providerPatchSchema>;
export type LabPatch = z.infer<typeof labPatchSchema>;
export type Condition = z.infer<typeof condition>;
export type LifecycleData = z.infer<typeof lifecycleSchema>;
export type RetiredOfferingData = z.infer<typeof retiredOfferingSchema>;

export type PricingData = z.infer<typeof pricingSchema>;
