import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CrosswireError } from '@crosswire/core';
import type { ModelEntry, Registry, RegistryIssue } from '@crosswire/registry';
import { writeValidated } from '../sync/checked-write.js';
import type { ProbeResult } from './probe.js';

const SENT_AS: Record<ProbeResult['capability'], string> = {
  image_input: 'an image in a user message',
  tool_result_images: 'an image in a tool result',
  tool_result_pdf: 'a PDF in a tool result',
};

/** The reply text kept with a claim: enough for a reviewer to see the word, never a transcript. */
const REPLY_CHARACTERS = 200;

/**
 * A provider's response id as a data file keeps it: printable ASCII, at most 256 characters
 * (the data schema's bound). A longer or stranger one is left out, and the note says so.
 */
const RESPONSE_ID = /^[\x21-\x7e]{1,256}$/;

interface OfferingJson {
  id: string;
  model: string;
  aliases?: string[];
  capabilities?: Record<string, unknown>;
  [key: string]: unknown;
}

interface ProviderJson {
  offerings?: OfferingJson[];
  retired?: { id: string; retired: string; replacement?: string }[];
}

interface LabJson {
  models: Record<string, unknown>[];
}

/**
 * Where a probe's evidence goes, decided before anything is sent: the provider's data file and
 * its offering for the model (found, or to be added), and the lab entry to create when the
 * model has none yet.
 */
export interface EvidenceTarget {
  readonly dataDir: string;
  readonly provider: string;
  readonly model: string;
  readonly endpoint: string;
  /** The `<lab>/<id>` the offering points at. */
  readonly modelKey: string;
  /** Set when the model has no lab entry: the family template it matched. */
  readonly newLabEntry: ModelEntry | undefined;
}

export interface WrittenEvidence {
  /** False when the validator refused the result: nothing was written, `issues` says why. */
  readonly ok: boolean;
  readonly file: string;
  readonly offering: string;
  readonly capabilities: readonly string[];
  /** The lab file an entry was created in (marked for review), when the model had none. */
  readonly createdLabEntry: string | undefined;
  readonly issues: readonly RegistryIssue[];
}

function providerFile(dataDir: string, provider: string): string {
  return path.join(dataDir, 'providers', `${provider}.json`);
}

function namedAs(names: readonly string[], wanted: string): boolean {
  const lower = wanted.toLowerCase();
  return names.some((name) => name.toLowerCase() === lower);
}

function findOffering(data: ProviderJson, model: string): OfferingJson | undefined {
  return data.offerings?.find((entry) => namedAs([entry.id, ...(entry.aliases ?? [])], model));
}

/**
 * Checks that a probe's outcomes can be written, before the probe spends a request: a retired
 * model is refused (evidence about what a provider no longer serves helps nobody), and a model
 * with no lab entry needs a family template to create one from.
 */
export async function evidenceTarget(options: {
  readonly dataDir: string;
  readonly registry: Registry;
  readonly provider: string;
  readonly model: string;
  readonly endpoint: string;
}): Promise<EvidenceTarget> {
  const provider = options.registry.provider(options.provider);
  const data = JSON.parse(
    await readFile(providerFile(options.dataDir, provider.id), 'utf8'),
  ) as ProviderJson;
  const base = { ...options, provider: provider.id };
  const offering = findOffering(data, options.model);
  if (offering) return { ...base, modelKey: offering.model, newLabEntry: undefined };
  const retired = data.retired?.find((entry) => namedAs([entry.id], options.model));
  if (retired) {
    const replacement = retired.replacement ? `; its replacement is "${retired.replacement}"` : '';
    throw new CrosswireError(
      'probe_unwritable',
      `registry probe: cannot write evidence for "${options.model}": provider "${provider.id}" retired it on ${retired.retired}${replacement}`,
    );
  }
  const { model } = options.registry.resolve({ provider: provider.id, model: options.model });
  if (model?.origin === 'data') return { ...base, modelKey: model.key, newLabEntry: undefined };
  if (model?.origin === 'family') return { ...base, modelKey: model.key, newLabEntry: model };
  throw new CrosswireError(
    'probe_unwritable',
    `registry probe: cannot write evidence for "${options.model}": no lab file has an entry for it and no family template matches the name (add the model under data/models first)`,
  );
}

/** A lab entry from the family template a name matched, marked for a maintainer's review. */
function labEntry(model: ModelEntry, date: string): Record<string, unknown> {
  return {
    id: model.id,
    name: model.name,
    family: model.family,
    ...(model.variant !== undefined ? { variant: model.variant } : {}),
    ...(model.version !== undefined ? { version: model.version } : {}),
    capabilities: {},
    source: model.source,
    review: `created by crosswire registry probe --write on ${date} from the "${model.family}" family template: check the name, release date, limits and source against the lab's page for this model, then remove this field`,
  };
}

async function withLabEntry(
  dataDir: string,
  model: ModelEntry,
  date: string,
): Promise<{ readonly file: string; readonly data: LabJson }> {
  const file = path.join(dataDir, 'models', `${model.lab}.json`);
  const data = JSON.parse(await readFile(file, 'utf8')) as LabJson;
  data.models.push(labEntry(model, date));
  return { file, data };
}

/**
 * Writes the measured outcomes into the provider's data file as `live` claims on the
 * offering (added when the provider lists none for the model; the lab entry created, marked
 * for review, when the model has none). Each claim keeps what a reviewer checks: the code
 * word, the reply (trimmed), the provider's response id (when it is a short printable id) and
 * the endpoint. The files are checked by the validator of `registry validate` first; on a
 * problem nothing is written (`ok: false`, with the issues).
 */
export async function writeEvidence(
  target: EvidenceTarget,
  date: string,
  results: readonly ProbeResult[],
): Promise<WrittenEvidence> {
  const file = providerFile(target.dataDir, target.provider);
  const data = JSON.parse(await readFile(file, 'utf8')) as ProviderJson;
  const lab = target.newLabEntry
    ? await withLabEntry(target.dataDir, target.newLabEntry, date)
    : undefined;
  const offerings = data.offerings ?? [];
  data.offerings = offerings;
  let offering = findOffering(data, target.model);
  if (!offering) {
    offering = { id: target.model, model: target.modelKey };
    offerings.push(offering);
  }
  const capabilities = offering.capabilities ?? {};
  offering.capabilities = capabilities;
  const written: string[] = [];
  for (const result of results) {
    if (result.outcome !== 'seen' && result.outcome !== 'not_seen') continue;
    const seen = result.outcome === 'seen';
    const id = result.responseId;
    const keptId = id !== undefined && RESPONSE_ID.test(id) ? id : undefined;
    const leftOut =
      id !== undefined && keptId === undefined
        ? `; the provider's response id (${id.length} characters, not a short printable id) was left out`
        : '';
    capabilities[result.capability] = {
      value: seen,
      evidence: 'live',
      source: target.endpoint,
      date,
      note: `registry:probe: the model "${target.model}" ${seen ? 'read back' : 'did not read back'} a random code word sent as ${SENT_AS[result.capability]}${leftOut}`,
      probe: {
        code_word: result.codeWord,
        reply: (result.reply ?? '').trim().slice(0, REPLY_CHARACTERS),
        ...(keptId !== undefined ? { response_id: keptId } : {}),
        endpoint: target.endpoint,
      },
    };
    written.push(result.capability);
  }
  const changes = new Map<string, unknown>([[file, data]]);
  if (lab) changes.set(lab.file, lab.data);
  const outcome = await writeValidated(target.dataDir, changes);
  return {
    ok: outcome.ok,
    file,
    offering: offering.id,
    capabilities: outcome.ok ? written : [],
    createdLabEntry: outcome.ok ? lab?.file : undefined,
    issues: outcome.ok ? [] : outcome.issues,
  };
}
