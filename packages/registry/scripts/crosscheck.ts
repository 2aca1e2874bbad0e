/**
 * Where the curated data and the imported catalogue disagree, for a maintainer to review
 * instead of the whole catalogue. Report only: the exit status is 0 whatever it finds.
 *
 *   node --import tsx packages/registry/scripts/crosscheck.ts [--json]
 *
 * For every provider the catalogue lists and every name it serves that the catalogue also
 * lists, compares what the data alone answers (an entry's claim, or a family template's
 * guess) with what the catalogue states: tools, image/pdf/audio input, context and output
 * limits. Unknown on either side is not a disagreement.
 */

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODEL_FACT_NAMES } from '../src/capabilities.js';
import { type Catalogue, type CatalogueModel, catalogueClaim } from '../src/catalogue.js';
import { createRegistry } from '../src/create.js';
import { defaultRegistry } from '../src/default-registry.js';
import type { Registry } from '../src/types.js';

export interface Disagreement {
  readonly provider: string;
  readonly model: string;
  /** A capability name, or `limits.context` / `limits.output`. */
  readonly fact: string;
  /** `entry` for a data-file claim, `template` for a family template's guess. */
  readonly from: 'entry' | 'template';
  readonly data: boolean | number;
  readonly catalogue: boolean | number;
  /** Where the data's claim is written (its source URL), when it says. */
  readonly dataSource: string | undefined;
  readonly catalogueSource: string;
}

export interface CrosscheckReport {
  readonly catalogue: { readonly source: string; readonly commit: string; readonly date: string };
  /** Facts stated on both sides and compared. */
  readonly compared: number;
  readonly disagreements: readonly Disagreement[];
}

/** The names a provider serves that the catalogue lists too, with the catalogue's entry. */
function pairs(registry: Registry, catalogue: Catalogue): [string, string, CatalogueModel][] {
  const found: [string, string, CatalogueModel][] = [];
  for (const provider of registry.providers()) {
    if (provider.catalogue === undefined) continue;
    const names = [
      ...provider.offerings.map((offering) => offering.id),
      ...catalogue.models(provider.catalogue).map((model) => model.id),
    ];
    for (const name of new Set(names)) {
      const listed = catalogue.find(provider.catalogue, name);
      if (listed) found.push([provider.id, name, listed]);
    }
  }
  return found;
}

export function crosscheck(registry: Registry = defaultRegistry): CrosscheckReport {
  const catalogue = registry.catalogue();
  if (catalogue === undefined) throw new Error('the registry has no imported catalogue');
  // What the data alone says: the same registry without its catalogue.
  const dataOnly = createRegistry({ extends: registry, catalogue: null, cacheSize: 0 });
  const disagreements: Disagreement[] = [];
  let compared = 0;
  for (const [provider, name, listed] of pairs(registry, catalogue)) {
    const resolution = dataOnly.resolve({ provider, model: name });
    if (!resolution.known || resolution.model === undefined) continue;
    const from = resolution.model.origin === 'family' ? 'template' : 'entry';
    for (const fact of MODEL_FACT_NAMES) {
      const data = resolution.capabilities[fact];
      const stated = catalogueClaim(catalogue, listed, fact);
      if (data.value === 'unknown' || stated === undefined || stated.value === 'unknown') continue;
      compared += 1;
      if (data.value === stated.value) continue;
      disagreements.push({
        provider,
        model: name,
        fact,
        from,
        data: data.value,
        catalogue: stated.value,
        dataSource: data.source,
        catalogueSource: listed.source,
      });
    }
    for (const limit of ['context', 'output'] as const) {
      const data = resolution.limits[limit];
      const stated = limit === 'context' ? listed.context : listed.maxOutput;
      if (data === undefined || stated === undefined) continue;
      compared += 1;
      if (data === stated) continue;
      disagreements.push({
        provider,
        model: name,
        fact: `limits.${limit}`,
        from,
        data,
        catalogue: stated,
        dataSource: resolution.offering?.id
          ? `offering "${resolution.offering.id}"`
          : resolution.model.source,
        catalogueSource: listed.source,
      });
    }
  }
  return {
    catalogue: { source: catalogue.source, commit: catalogue.commit, date: catalogue.date },
    compared,
    disagreements,
  };
}

export function renderReport(report: CrosscheckReport): string {
  const lines = [
    `registry crosscheck against ${report.catalogue.source} @ ${report.catalogue.commit.slice(0, 7)} (${report.catalogue.date})`,
  ];
  for (const item of report.disagreements) {
    lines.push(
      `${item.provider} ${item.model}: ${item.fact}: ${item.from === 'template' ? 'family template guesses' : 'data says'} ${item.data}, catalogue says ${item.catalogue}`,
      `    data: ${item.dataSource ?? '(no source)'}`,
      `    catalogue: ${item.catalogueSource}`,
    );
  }
  const agree = report.compared - report.disagreements.length;
  lines.push(
    `${report.compared} facts compared: ${agree} agree, ${report.disagreements.length} differ (report only; review each difference against the provider's docs)`,
  );
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const report = crosscheck();
  process.stdout.write(
    process.argv.includes('--json') ? `${JSON.stringify(report, null, 2)}\n` : renderReport(report),
  );
}
