import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CrosswireError } from '@crosswire/core';
import type { Registry } from '@crosswire/registry';
import type { ProbeResult } from './probe.js';

const SENT_AS: Record<ProbeResult['capability'], string> = {
  image_input: 'an image in a user message',
  tool_result_images: 'an image in a tool result',
  tool_result_pdf: 'a PDF in a tool result',
};

interface OfferingJson {
  id: string;
  model: string;
  aliases?: string[];
  capabilities?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface WrittenEvidence {
  readonly file: string;
  readonly offering: string;
  readonly capabilities: readonly string[];
}

/**
 * Writes the measured outcomes into the provider's data file as `live` claims on the
 * offering (added when the provider lists none for the model and the model has a lab entry),
 * with the date, the endpoint probed and the model in the note: ready for a pull request.
 */
export async function writeEvidence(options: {
  readonly dataDir: string;
  readonly registry: Registry;
  readonly provider: string;
  readonly model: string;
  readonly endpoint: string;
  readonly date: string;
  readonly results: readonly ProbeResult[];
}): Promise<WrittenEvidence> {
  const provider = options.registry.provider(options.provider);
  const file = path.join(options.dataDir, 'providers', `${provider.id}.json`);
  const data = JSON.parse(await readFile(file, 'utf8')) as { offerings?: OfferingJson[] };
  const lower = options.model.toLowerCase();
  const offerings = data.offerings ?? [];
  data.offerings = offerings;
  let offering = offerings.find((entry) =>
    [entry.id, ...(entry.aliases ?? [])].some((name) => name.toLowerCase() === lower),
  );
  if (!offering) {
    const resolution = options.registry.resolve({ provider: provider.id, model: options.model });
    if (resolution.model?.origin !== 'data') {
      throw new CrosswireError(
        'probe_unwritable',
        `registry probe: cannot write evidence for "${options.model}": no lab file has an entry for it (add the model under data/models first)`,
      );
    }
    offering = { id: options.model, model: resolution.model.key };
    offerings.push(offering);
  }
  const capabilities = offering.capabilities ?? {};
  offering.capabilities = capabilities;
  const written: string[] = [];
  for (const result of options.results) {
    if (result.outcome !== 'seen' && result.outcome !== 'not_seen') continue;
    const seen = result.outcome === 'seen';
    capabilities[result.capability] = {
      value: seen,
      evidence: 'live',
      source: options.endpoint,
      date: options.date,
      note: `registry:probe: the model "${options.model}" ${seen ? 'read back' : 'did not read back'} a random code word sent as ${SENT_AS[result.capability]}`,
    };
    written.push(result.capability);
  }
  await writeFile(file, `${JSON.stringify(data, null, 2)}\n`);
  return { file, offering: offering.id, capabilities: written };
}
