import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MODEL_FACT_NAMES, type Registry } from '@crosswire/registry';
import type { SyncReport } from './compare.js';

/** The lab whose models a provider serves under their own names, for new lab entries. */
const PROVIDER_LABS: Readonly<Record<string, string>> = {
  anthropic: 'anthropic',
  openai: 'openai',
  'openai-responses': 'openai',
  gemini: 'google',
  xai: 'xai',
  mistral: 'mistral',
  deepseek: 'deepseek',
};

/** The words `registry sync` flags an offering with; found again, the flag is updated, not repeated. */
const FLAG = 'registry sync:';

export interface WrittenSync {
  readonly offerings: readonly string[];
  readonly labEntries: readonly string[];
  readonly flagged: readonly string[];
  /** Listed names that got no offering: no lab file has them and the provider has no own lab. */
  readonly skipped: readonly string[];
  readonly files: readonly string[];
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
 * Writes a sync report into the data files: each listed model the data lacks becomes an
 * offering (and, when no lab file has it and the provider has a lab of its own, a lab entry
 * with the listing's facts as `evidence: listing` claims); each offering the provider no longer
 * lists is flagged in its note as a candidate for `retired`, for a reviewer. Nothing is removed.
 */
export async function writeSync(options: {
  readonly dataDir: string;
  readonly registry: Registry;
  readonly report: SyncReport;
}): Promise<WrittenSync> {
  const { dataDir, registry, report } = options;
  const providerFile = path.join(dataDir, 'providers', `${report.provider}.json`);
  const provider = await readJson(providerFile);
  const offerings = (provider.offerings ?? []) as Json[];
  provider.offerings = offerings;
  const lab = PROVIDER_LABS[report.provider];
  const labFile = lab === undefined ? undefined : path.join(dataDir, 'models', `${lab}.json`);
  const labData = labFile === undefined ? undefined : await readJson(labFile);
  const reviewed = `added by registry sync on ${report.date}: listed by ${report.endpoint} (evidence: listing); review`;

  const written: string[] = [];
  const labEntries: string[] = [];
  const skipped: string[] = [];
  for (const missing of report.missing) {
    let model = missing.model;
    if (model === undefined && lab !== undefined && labData !== undefined) {
      const models = (labData.models ?? []) as Json[];
      labData.models = models;
      models.push(labEntry(registry, report, missing.listed));
      model = `${lab}/${missing.id}`;
      labEntries.push(model);
    }
    if (model === undefined) {
      skipped.push(missing.id);
      continue;
    }
    offerings.push({ id: missing.id, model, source: report.endpoint, note: reviewed });
    written.push(missing.id);
  }

  const flagged: string[] = [];
  const candidate = `${FLAG} not in the provider's model list (${report.endpoint}) on ${report.date}: a candidate for "retired"; review, then move it there or remove this note`;
  for (const offering of offerings) {
    if (!report.unlisted.includes(String(offering.id))) continue;
    const kept = typeof offering.note === 'string' ? offering.note.split(` | ${FLAG}`)[0] : '';
    offering.note = kept && !kept.startsWith(FLAG) ? `${kept} | ${candidate}` : candidate;
    flagged.push(String(offering.id));
  }

  const files: string[] = [];
  if (written.length > 0 || flagged.length > 0) {
    await writeFile(providerFile, `${JSON.stringify(provider, null, 2)}\n`);
    files.push(providerFile);
  }
  if (labFile !== undefined && labEntries.length > 0) {
    await writeFile(labFile, `${JSON.stringify(labData, null, 2)}\n`);
    files.push(labFile);
  }
  return { offerings: written, labEntries, flagged, skipped, files };
}

/**
 * A lab entry for a model only the listing knows: its facts as `listing` claims, and where the
 * listing says nothing, what the registry resolves today from a family template (so a new
 * entry keeps the family's facts).
 */
function labEntry(
  registry: Registry,
  report: SyncReport,
  listed: SyncReport['missing'][number]['listed'],
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
  return {
    id: listed.id,
    name: listed.name ?? listed.id,
    family: resolution.model?.origin === 'family' ? resolution.model.family : familyOf(listed.id),
    ...(resolution.model?.origin === 'family' && resolution.model.variant
      ? { variant: resolution.model.variant }
      : {}),
    ...(resolution.model?.origin === 'family' && resolution.model.version
      ? { version: resolution.model.version }
      : {}),
    ...(Object.keys(limits).length > 0 ? { limits } : {}),
    capabilities,
    source: report.endpoint,
    review: `created by crosswire registry sync on ${report.date} from the provider's model list (${report.endpoint}): check the name, family, release date, limits, capabilities and source against the lab's page for this model, then remove this field`,
  };
}
