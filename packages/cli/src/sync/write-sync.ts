import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type LearnedModel,
  MODEL_FACT_NAMES,
  type Registry,
  type RegistryIssue,
} from '@crosswire/registry';
import { writeValidated } from './checked-write.js';
import { isDataModelId, type SyncChange, type SyncReport } from './compare.js';

/** The lab whose models a provider serves under their own names, for new lab entries. */
const PROVIDER_LABS: Readonly<Record<string, string>> = {
  anthropic: 'anthropic',
  openai: 'openai',
  'openai-responses': 'openai',
  gemini: 'google',
  xai: 'xai',
  mistral: 'mistral',
  deepseek: 'deepseek',
  moonshot: 'moonshot',
};

/** The words `registry sync` flags an offering with; found again, the flag is updated, not repeated. */
const FLAG = 'registry sync:';

/** New entries one run may add unless `maxNew` says otherwise. */
export const DEFAULT_MAX_NEW = 100;

export interface WrittenSync {
  /** Whether anything was written; false with `issues` when the validator refused the result. */
  readonly ok: boolean;
  readonly offerings: readonly string[];
  readonly labEntries: readonly string[];
  readonly lifecycles: readonly string[];
  readonly retired: readonly string[];
  readonly flagged: readonly string[];
  /** Changes that could not be written (no lab file has the model), with the reason. */
  readonly skipped: readonly { readonly id: string; readonly reason: string }[];
  readonly files: readonly string[];
  /** Why nothing was written: the validator's problems, or the cap on new entries. */
  readonly issues: readonly RegistryIssue[];
}

type Json = Record<string, unknown>;

async function readJson(file: string): Promise<Json> {
  return JSON.parse(await readFile(file, 'utf8')) as Json;
}

/** The family slug of a new entry: the id's first word (`claude`, `gpt`, `gemini`, `grok`). */
function familyOf(id: string): string {
  return /^[a-z]+/.exec(id.toLowerCase())?.[0] ?? 'model';
}

/**
 * Writes a sync report into the data files, for a reviewer: new offerings (and lab entries
 * with the listing's facts as `evidence: listing`), the lifecycle the listing states (as `evidence: listing`, an offering that shut down moved to
 * `retired`), and a note on each offering the complete listing lacks. Nothing else is removed.
 * The result is checked by the same validator as `registry validate` before a byte is written;
 * on a problem, or more new entries than `maxNew`, nothing is written and `issues` says why.
 */
export async function writeSync(options: {
  readonly dataDir: string;
  readonly registry: Registry;
  readonly report: SyncReport;
  readonly maxNew?: number;
}): Promise<WrittenSync> {
  const { dataDir, registry, report } = options;
  const providerFile = path.join(dataDir, 'providers', `${report.provider}.json`);
  const provider = await readJson(providerFile);
  const offerings = (provider.offerings ?? []) as Json[];
  const retiredList = (provider.retired ?? []) as Json[];
  const ownLab = PROVIDER_LABS[report.provider];
  const labFile = ownLab === undefined ? undefined : path.join(dataDir, 'models', `${ownLab}.json`);
  // Read when the first new model needs a lab entry.
  let labData: Json | undefined;
  const reviewed = `added by registry sync on ${report.date}: listed by ${report.endpoint} (evidence: listing); review`;
  const lifecycleOf = (listed: LearnedModel | undefined): Json | undefined => {
    const stated = listed?.lifecycle;
    if (!stated || (stated.retired === undefined && stated.deprecated === undefined)) {
      return undefined;
    }
    return {
      ...(stated.deprecated ? { deprecated: stated.deprecated } : {}),
      ...(stated.retired ? { retired: stated.retired } : {}),
      ...(stated.replacement && isDataModelId(stated.replacement)
        ? { replacement: stated.replacement }
        : {}),
      source: report.endpoint,
      evidence: 'listing',
      note: `registry sync on ${report.date}: as the provider's model list states it; review`,
    };
  };

  const written = {
    offerings: [] as string[],
    labEntries: [] as string[],
    lifecycles: [] as string[],
    retired: [] as string[],
    flagged: [] as string[],
    skipped: [] as { id: string; reason: string }[],
  };

  for (const change of report.changes) {
    switch (change.change) {
      case 'add-offering': {
        let model = change.model;
        if (model === undefined && labFile !== undefined && change.listed) {
          labData ??= await readJson(labFile);
          const models = (labData.models ?? []) as Json[];
          labData.models = models;
          models.push(labEntry(registry, report, change.listed));
          model = `${ownLab}/${change.id}`;
          written.labEntries.push(model);
        }
        if (model === undefined) {
          written.skipped.push({
            id: change.id,
            reason:
              'no lab file has the model and this provider has no lab of its own: add a lab entry first',
          });
          continue;
        }
        const lifecycle = lifecycleOf(change.listed);
        offerings.push({
          id: change.id,
          model,
          ...(lifecycle ? { lifecycle } : {}),
          source: report.endpoint,
          note: reviewed,
        });
        written.offerings.push(change.id);
        break;
      }
      case 'lifecycle': {
        const offering = offerings.find((candidate) => candidate.id === change.offering);
        const lifecycle = lifecycleOf(change.listed);
        if (!offering || !lifecycle) continue;
        offering.lifecycle = lifecycle;
        written.lifecycles.push(change.id);
        break;
      }
      case 'retire': {
        const position = offerings.findIndex((candidate) => candidate.id === change.offering);
        const stated = lifecycleOf(change.listed);
        const own = change.id !== change.offering;
        const offering = offerings[position];
        if (!stated || (!own && !offering)) continue;
        // A snapshot retired on its own gets its own entry; an offering moves over whole.
        if (!own) offerings.splice(position, 1);
        const { note: _note, evidence, ...dates } = stated;
        retiredList.push({
          id: change.id,
          model: change.model,
          ...(!own && Array.isArray(offering?.aliases) ? { aliases: offering.aliases } : {}),
          ...dates,
          retired: dates.retired ?? report.date,
          evidence,
          note: `registry sync on ${report.date}: the provider's model list says it shut down; review`,
        });
        written.retired.push(change.id);
        break;
      }
      case 'flag-unlisted': {
        const offering = offerings.find((candidate) => candidate.id === change.offering);
        if (!offering) continue;
        const candidate = `${FLAG} not in the provider's model list (${report.endpoint}) on ${report.date}: a candidate for "retired"; review, then move it there or remove this note`;
        const kept = typeof offering.note === 'string' ? offering.note.split(` | ${FLAG}`)[0] : '';
        offering.note = kept && !kept.startsWith(FLAG) ? `${kept} | ${candidate}` : candidate;
        written.flagged.push(change.id);
        break;
      }
      case 'skip':
        break;
      default:
        change.change satisfies never;
    }
  }

  const added = written.offerings.length + written.labEntries.length + written.retired.length;
  const cap = options.maxNew ?? DEFAULT_MAX_NEW;
  if (added > cap) {
    return {
      ok: false,
      ...written,
      files: [],
      issues: [
        {
          file: path.relative(dataDir, providerFile),
          path: '',
          message: `the listing would add ${added} new entries, more than ${cap} per run: nothing written (check the listing; raise the cap with --max-new ${added} if it is right)`,
        },
      ],
    };
  }
  const changes = new Map<string, unknown>();
  const anyProviderChange =
    written.offerings.length +
      written.lifecycles.length +
      written.retired.length +
      written.flagged.length >
    0;
  if (anyProviderChange) {
    provider.offerings = offerings;
    if (retiredList.length > 0) provider.retired = retiredList;
    changes.set(providerFile, provider);
  }
  if (labFile !== undefined && labData !== undefined) changes.set(labFile, labData);
  const result = await writeValidated(dataDir, changes);
  return result.ok
    ? { ok: true, ...written, files: result.files, issues: [] }
    : { ok: false, ...written, files: [], issues: result.issues };
}

/**
 * A lab entry for a model only the listing knows: its facts as `listing` claims, and where the
 * listing says nothing, what the registry resolves today from a family template (so a new
 * entry keeps the family's facts).
 */
function labEntry(
  registry: Registry,
  report: SyncReport,
  listed: SyncChange['listed'] & object,
): Json {
  const resolution = registry.resolve({ provider: report.provider, model: listed.id });
  const capabilities: Json = {};
  for (const name of MODEL_FACT_NAMES) {
    const stated = listed.capabilities?.[name];
    if (stated !== undefined) {
      capabilities[name] = {
        value: stated,
        evidence: 'listing',
        source: listed.endpoint ?? report.endpoint,
        date: report.date,
      };
      continue;
    }
    const current = resolution.capabilities[name];
    if (resolution.model?.origin === 'family' && current.value !== 'unknown' && current.source) {
      capabilities[name] = {
        value: current.value,
        evidence: current.evidence === 'catalogue' ? 'inferred' : current.evidence,
        source: current.source,
        ...(current.date ? { date: current.date } : {}),
        note: `from the family ${resolution.model.family} template (registry sync)`,
      };
    }
  }
  const limits = {
    ...(listed.context ? { context: listed.context } : {}),
    ...(listed.output && (!listed.context || listed.output <= listed.context)
      ? { output: listed.output }
      : {}),
  };
  const family = resolution.model?.origin === 'family' ? resolution.model : undefined;
  return {
    id: listed.id,
    name: listed.name ?? listed.id,
    family: family ? family.family : familyOf(listed.id),
    ...(family?.variant ? { variant: family.variant } : {}),
    ...(family?.version ? { version: family.version } : {}),
    ...(listed.created ? { release_date: listed.created } : {}),
    ...(Object.keys(limits).length > 0 ? { limits } : {}),
    capabilities,
    source: report.endpoint,
    review: `created by crosswire registry sync on ${report.date} from the provider's model list (${report.endpoint}): check the name, family, release date, limits, capabilities and source against the lab's page for this model, then remove this field`,
  };
}
