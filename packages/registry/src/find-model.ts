import type { Index, ProviderRecord } from './build-index.js';
import { type NameStep, nameCandidates } from './names.js';
import type { OfferingData } from './schema.js';
import type { ModelEntry, OfferingEntry, ResolutionVia } from './types.js';
import { formatVersion, satisfiesRange } from './version.js';

const EMPTY: readonly string[] = Object.freeze([]);

export interface FoundModel {
  readonly model: ModelEntry;
  readonly offering: { offering: OfferingEntry; data: OfferingData } | undefined;
  readonly via: ResolutionVia;
  readonly steps: readonly string[];
}

export function findModel(
  index: Index,
  provider: ProviderRecord | undefined,
  requested: string,
): FoundModel | undefined {
  const candidates = nameCandidates(requested, provider?.naming ?? index.anyProviderNaming);
  const taken: string[] = [];
  for (const candidate of candidates) {
    if (candidate.kind !== 'exact') taken.push(candidate.description);
    const lower = candidate.name.toLowerCase();
    const offered = provider?.offerings.get(lower);
    if (offered) {
      const model = index.models.get(offered.offering.model)?.entry;
      if (model) {
        const name =
          offered.offering.id.toLowerCase() === lower ? '' : ` (alias of "${offered.offering.id}")`;
        return {
          model,
          offering: offered,
          via: 'offering',
          steps: [
            ...taken,
            `offering "${offered.offering.id}"${name} of provider "${provider?.entry.id}" serving ${model.key}`,
          ],
        };
      }
    }
    const named = index.names.get(lower);
    if (named) {
      const model = index.models.get(named.key)?.entry;
      if (model) {
        const kinds = candidates.slice(0, candidates.indexOf(candidate) + 1).map((c) => c.kind);
        const via: ResolutionVia =
          named.kind !== 'id'
            ? named.kind
            : kinds.includes('snapshot')
              ? 'snapshot'
              : kinds.includes('latest')
                ? 'latest'
                : 'id';
        const how = { id: 'the id', alias: 'an alias', snapshot: 'a listed snapshot' }[named.kind];
        const served = provider?.byModel.get(model.key);
        const where = !provider
          ? ''
          : served
            ? `; served as offering "${served.offering.id}" of provider "${provider.entry.id}"`
            : `; not listed as an offering of provider "${provider.entry.id}", so the model's own facts apply`;
        return {
          model,
          offering: served,
          via,
          steps: [...taken, `"${candidate.name}" is ${how} of ${model.key}${where}`],
        };
      }
    }
  }
  // No entry names it: try the family templates (a new Gemini version before its entry
  // lands), the most stripped name first.
  for (let position = candidates.length - 1; position >= 0; position -= 1) {
    const candidate = candidates[position] as NameStep;
    const found = matchFamily(index, candidate.name.toLowerCase());
    if (!found) continue;
    const stepsTaken = candidates.slice(1, position + 1).map((step) => step.description);
    return { ...found, steps: [...stepsTaken, ...found.steps] };
  }
  return undefined;
}

/** The first family whose template (and version range) matches `name`, as a model entry. */
function matchFamily(index: Index, name: string): FoundModel | undefined {
  for (const family of index.families) {
    for (const template of family.templates) {
      const matched = template.match(name);
      if (!matched) continue;
      if (family.versions && !satisfiesRange(matched.version, family.versions)) continue;
      const version = formatVersion(matched.version);
      const model: ModelEntry = Object.freeze({
        key: `${family.lab}/${name}`,
        lab: family.lab,
        id: name,
        name,
        family: family.data.family,
        variant: matched.variant,
        version,
        releaseDate: undefined,
        aliases: EMPTY,
        snapshots: EMPTY,
        limits: Object.freeze({}),
        openWeights: undefined,
        capabilities: Object.freeze({ ...family.data.capabilities }),
        source: family.data.source,
        fromFamily: true,
      });
      const range = family.data.versions ? ` (versions ${family.data.versions})` : '';
      return {
        model,
        offering: undefined,
        via: 'family',
        steps: [
          `"${name}" has no entry; it matches the template "${template.template}" of family ${family.data.family}${range}, version ${version}, so the family's facts apply`,
        ],
      };
    }
  }
  return undefined;
}
