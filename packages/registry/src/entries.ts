import { REQUEST_FEATURE_NAMES, type RequestFeatureName } from './capabilities.js';
import type {
  Claim,
  ConditionalClaim,
  FamilyData,
  ModelData,
  PricingData,
  ProviderFile,
} from './schema.js';
import type { ModelEntry, Pricing, ProviderEntry, RequestFeatureClaims } from './types.js';
import { type ConditionSubject, conditionHolds } from './version.js';

/** A lab file's model as an entry; `family` is the lab's family of the same name, if any. */
export function modelEntryFrom(lab: string, data: ModelData, family?: FamilyData): ModelEntry {
  return Object.freeze({
    key: `${lab}/${data.id}`,
    lab,
    id: data.id,
    name: data.name,
    family: data.family,
    variant: data.variant,
    version: data.version,
    releaseDate: data.release_date,
    aliases: Object.freeze([...(data.aliases ?? [])]),
    snapshots: Object.freeze([...(data.snapshots ?? [])]),
    limits: Object.freeze({ ...data.limits }),
    openWeights: data.open_weights,
    capabilities: Object.freeze({ ...data.capabilities }),
    requestFeatures: requestFeatureClaims(
      {
        family: data.family,
        variant: data.variant,
        version: data.version,
        key: `${lab}/${data.id}`,
      },
      data.request_features,
      family,
    ),
    source: data.source,
    fromFamily: false,
    origin: 'data',
  });
}

export function providerEntryFrom(data: ProviderFile): ProviderEntry {
  const quirks = data.quirks ?? {};
  return Object.freeze({
    id: data.id,
    name: data.name,
    aliases: Object.freeze([...(data.aliases ?? [])]),
    wire: data.tool_wire_format,
    baseUrl: data.base_url,
    chatPath: data.chat_path,
    auth: data.auth
      ? Object.freeze({
          header: data.auth.header,
          scheme: data.auth.scheme,
          required: data.auth.required ?? true,
        })
      : null,
    apiKeyEnv: data.api_key_env,
    headers: Object.freeze({ ...data.headers }),
    cloud: data.cloud
      ? Object.freeze({
          credentials: data.cloud.credentials,
          service: data.cloud.service,
          baseUrl: data.cloud.base_url,
          params: Object.freeze(
            Object.fromEntries(
              Object.entries(data.cloud.params ?? {}).map(([name, param]) => [
                name,
                Object.freeze({
                  env: Object.freeze([...(param.env ?? [])]),
                  default: param.default,
                }),
              ]),
            ),
          ),
          baseUrlOverrides: Object.freeze(
            (data.cloud.base_url_overrides ?? []).map((override) =>
              Object.freeze({
                param: override.param,
                value: override.value,
                baseUrl: override.base_url,
              }),
            ),
          ),
          apiKeyBaseUrl: data.cloud.api_key_base_url,
        })
      : undefined,
    requestBody: data.request_body
      ? Object.freeze({
          omit: Object.freeze([...(data.request_body.omit ?? [])]),
          set: Object.freeze({ ...data.request_body.set }),
        })
      : undefined,
    streamPath: data.stream_path,
    streamFraming: data.stream_framing,
    docs: data.docs,
    quirks: Object.freeze({
      source_blocks: quirks.source_blocks ?? true,
      inline_images: quirks.inline_images ?? false,
      tool_result_images: quirks.tool_result_images,
      tool_result_pdf: quirks.tool_result_pdf,
      tool_result_image_fallback: quirks.tool_result_image_fallback,
      structured_output_with_tools: quirks.structured_output_with_tools ?? true,
      usage_cache_reads_in_input: quirks.usage_cache_reads_in_input,
      cache_control: quirks.cache_control,
      prompt_cache_key: quirks.prompt_cache_key,
    }),
    defaultModel: data.default_model,
    retired: Object.freeze(
      (data.retired ?? []).map((retired) =>
        Object.freeze({
          id: retired.id,
          model: retired.model,
          aliases: Object.freeze([...(retired.aliases ?? [])]),
          wire: undefined,
          chatPath: undefined,
          limits: Object.freeze({}),
          capabilities: Object.freeze({}),
          pricing: undefined,
          lifecycle: Object.freeze({
            deprecated: retired.deprecated,
            retired: retired.retired,
            replacement: retired.replacement,
            source: retired.source,
            evidence: retired.evidence,
            note: retired.note,
          }),
        }),
      ),
    ),
    catalogue: data.catalogue?.models_dev,
    cacheWrite1hInputMultiple: data.cache_write_1h?.input_multiple,
    offerings: Object.freeze(
      (data.offerings ?? []).map((offering) =>
        Object.freeze({
          id: offering.id,
          model: offering.model,
          aliases: Object.freeze([...(offering.aliases ?? [])]),
          wire: offering.wire,
          chatPath: offering.chat_path,
          limits: Object.freeze({ ...offering.limits }),
          capabilities: Object.freeze({ ...offering.capabilities }),
          pricing: offering.pricing ? pricingFrom(offering.pricing) : undefined,
          lifecycle: offering.lifecycle ? Object.freeze({ ...offering.lifecycle }) : undefined,
        }),
      ),
    ),
  });
}

/** The data's snake_case prices as the API's `Pricing`, optional fields left out when absent. */
export function pricingFrom(data: PricingData): Pricing {
  return Object.freeze({
    input: data.input,
    output: data.output,
    ...(data.cache_read === undefined ? {} : { cacheRead: data.cache_read }),
    ...(data.cache_write === undefined ? {} : { cacheWrite: data.cache_write }),
    ...(data.cache_write_1h === undefined ? {} : { cacheWrite1h: data.cache_write_1h }),
    currency: data.currency,
    source: data.source,
    date: data.date,
  });
}

// What a model's API accepts in a request (`request_features` in the lab files), by model
// name: a model entry's own claims, then its family's first claim whose condition holds for the
// model's version and variant. Dated snapshots and aliases resolve to their model's entry, so
// `claude-sonnet-4-20250514` has the facts of `claude-sonnet-4`, never a pattern's guess.

export const NO_REQUEST_FEATURES: RequestFeatureClaims = Object.freeze({});

/** The request features of a model: its own claims first, then its family's for it. */
export function requestFeatureClaims(
  model: ConditionSubject,
  own: ModelData['request_features'],
  family: FamilyData | undefined,
): RequestFeatureClaims {
  const byFamily = family?.request_features;
  if (own === undefined && byFamily === undefined) return NO_REQUEST_FEATURES;
  const claims: Partial<Record<RequestFeatureName, Claim>> = {};
  for (const name of REQUEST_FEATURE_NAMES) {
    const given = own?.[name];
    if (given !== undefined) {
      claims[name] = given;
      continue;
    }
    const listed = byFamily?.[name];
    const list: readonly ConditionalClaim[] =
      listed === undefined ? [] : Array.isArray(listed) ? listed : [listed];
    const matched = list.find((claim) => conditionHolds(claim.when, model));
    if (matched !== undefined) {
      const { when: _when, ...claim } = matched;
      claims[name] = Object.freeze(claim);
    }
  }
  return Object.freeze(claims);
}
