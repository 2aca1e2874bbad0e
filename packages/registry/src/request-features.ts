// What a model's API accepts in a request (`request_features` in the lab files), by model
// name: a model entry's own claims, then its family's first claim whose condition holds for the
// model's version and variant. Dated snapshots and aliases resolve to their model's entry, so
// `claude-sonnet-4-20250514` has the facts of `claude-sonnet-4`, never a pattern's guess.
import { REQUEST_FEATURE_NAMES, type RequestFeatureName, type Tristate } from './capabilities.js';
import { type ConditionSubject, conditionHolds } from './conditions.js';
import type { Claim, ConditionalClaim, FamilyData, ModelData } from './schema.js';
import type { RequestFeatureClaims, Resolution } from './types.js';

const NONE: RequestFeatureClaims = Object.freeze({});

/** The request features of a model: its own claims first, then its family's for it. */
export function requestFeatureClaims(
  model: ConditionSubject,
  own: ModelData['request_features'],
  family: FamilyData | undefined,
): RequestFeatureClaims {
  const byFamily = family?.request_features;
  if (own === undefined && byFamily === undefined) return NONE;
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
  const claims = resolution.model?.requestFeatures ?? NONE;
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
