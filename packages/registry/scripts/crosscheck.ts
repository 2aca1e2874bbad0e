/**
 * Where the curated data and the imported catalogue disagree, for a maintainer to review
 * instead of the whole catalogue. Report only: the exit status is 0 whatever it finds.
 *
 *   node --import tsx packages/registry/scripts/crosscheck.ts [--json] [--reviewed]
 *
 * For every provider the catalogue lists and every name it serves that the catalogue also
 * lists, compares what the data alone answers (an entry's claim, or a family template's
 * guess) with what the catalogue states: tools, image/pdf/audio input, context and output
 * limits. Unknown on either side is not a disagreement.
 *
 * Differences a maintainer has reviewed (`data/catalogue/crosscheck-reviewed.json`, see
 * crosscheck-reviewed.ts) are reported apart from the unreviewed ones, which are listed by id
 * (`<provider> <model> <fact>`); a reviewed entry that no longer matches a difference (either
 * side changed) is reported as stale.
 */

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODEL_FACT_NAMES } from '../src/capabilities.js';
import { type Catalogue, type CatalogueModel, catalogueClaim } from '../src/catalogue/catalogue.js';
import { createRegistry } from '../src/create.js';
import { defaultRegistry } from '../src/default-registry.js';
import type { Registry } from '../src/types.js';
import { differenceId, type ReviewedEntry, readReviewed } from './crosscheck-reviewed.js';

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

/** A difference and the review that explains it. */
export interface ReviewedDisagreement extends Disagreement {
  readonly review: ReviewedEntry;
}

/** A reviewed entry's model that no current difference matches (same values on both sides). */
export interface StaleReview {
  readonly id: string;
  readonly review: ReviewedEntry;
  /** The current difference with that id, when one side changed; absent when they agree now. */
  readonly now: Disagreement | undefined;
}

export interface CrosscheckReport {
  readonly catalogue: { readonly source: string; readonly commit: string; readonly date: string };
  /** Facts stated on both sides and compared. */
  readonly compared: number;
  /** Every difference, reviewed or not. */
  readonly disagreements: readonly Disagreement[];
  /** The differences no review covers: what a maintainer has to look at. */
  readonly unreviewed: readonly Disagreement[];
  readonly reviewed: readonly ReviewedDisagreement[];
  readonly stale: readonly StaleReview[];
}

function idOf(item: Disagreement): string {
  return differenceId(item.provider, item.model, item.fact);
}

/** Splits the differences by the reviewed table; a review matches only the values it saw. */
function applyReviews(
  disagreements: readonly Disagreement[],
  reviews: readonly ReviewedEntry[],
): Pick<CrosscheckReport, 'unreviewed' | 'reviewed' | 'stale'> {
  const byId = new Map(disagreements.map((item) => [idOf(item), item]));
  const matched = new Map<string, ReviewedEntry>();
  const stale: StaleReview[] = [];
  for (const review of reviews) {
    for (const model of review.models) {
      const id = differenceId(review.provider, model, review.fact);
      const now = byId.get(id);
      if (now !== undefined && now.data === review.ours && now.catalogue === review.theirs) {
        matched.set(id, review);
      } else {
        stale.push({ id, review, now });
      }
    }
  }
  const unreviewed: Disagreement[] = [];
  const reviewed: ReviewedDisagreement[] = [];
  for (const item of disagreements) {
    const review = matched.get(idOf(item));
    if (review === undefined) unreviewed.push(item);
    else reviewed.push({ ...item, review });
  }
  return { unreviewed, reviewed, stale };
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

export function crosscheck(
  registry: Registry = defaultRegistry,
  reviews: readonly ReviewedEntry[] = readReviewed(),
): CrosscheckReport {
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
    ...applyReviews(disagreements, reviews),
  };
}

function describe(item: Disagreement): string {
  const says = item.from === 'template' ? 'family template guesses' : 'data says';
  return `${says} ${item.data}, catalogue says ${item.catalogue}`;
}

/**
 * The report: unreviewed differences first, by id, with both sources; stale reviews; then the
 * number of reviewed ones, or (`reviewed`) each with its verdict, reason and source.
 */
export function renderReport(
  report: CrosscheckReport,
  options: { reviewed?: boolean } = {},
): string {
  const lines = [
    `registry crosscheck against ${report.catalogue.source} @ ${report.catalogue.commit.slice(0, 7)} (${report.catalogue.date})`,
  ];
  if (report.unreviewed.length > 0) {
    lines.push(`unreviewed (${report.unreviewed.length}): check each against the provider's docs`);
  }
  for (const item of report.unreviewed) {
    lines.push(
      `  ${idOf(item)}: ${describe(item)}`,
      `      data: ${item.dataSource ?? '(no source)'}`,
      `      catalogue: ${item.catalogueSource}`,
    );
  }
  if (report.stale.length > 0) {
    lines.push(
      `stale reviews (${report.stale.length}): no longer a difference with these values; update or remove them in data/catalogue/crosscheck-reviewed.json`,
    );
  }
  for (const item of report.stale) {
    const was = `reviewed ours ${item.review.ours}, theirs ${item.review.theirs}`;
    lines.push(`  ${item.id}: ${was}; now ${item.now ? describe(item.now) : 'no difference'}`);
  }
  if (options.reviewed) {
    if (report.reviewed.length > 0) lines.push(`reviewed (${report.reviewed.length}):`);
    for (const item of report.reviewed) {
      lines.push(
        `  ${idOf(item)}: ${describe(item)} (${item.review.verdict}, ${item.review.date})`,
        `      ${item.review.reason} ${item.review.source}`,
      );
    }
  } else if (report.reviewed.length > 0) {
    lines.push(
      `reviewed (${report.reviewed.length}): listed with their reasons by --reviewed (data/catalogue/crosscheck-reviewed.json)`,
    );
  }
  const agree = report.compared - report.disagreements.length;
  lines.push(
    `${report.compared} facts compared: ${agree} agree, ${report.disagreements.length} differ: ${report.unreviewed.length} unreviewed, ${report.reviewed.length} reviewed, ${report.stale.length} stale reviews (report only)`,
  );
  return `${lines.join('\n')}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const report = crosscheck();
  process.stdout.write(
    process.argv.includes('--json')
      ? `${JSON.stringify(report, null, 2)}\n`
      : renderReport(report, { reviewed: process.argv.includes('--reviewed') }),
  );
}
