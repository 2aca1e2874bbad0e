/**
 * The reviewed crosscheck differences: where the curated data and the imported catalogue
 * disagree and a maintainer checked the provider's docs and kept the data (the catalogue is
 * wrong, or the difference is intended). `registry:crosscheck` reports these apart from new,
 * unreviewed differences. An entry records both values it saw, so a catalogue refresh or a
 * data change that alters either side makes the difference unreviewed again and the entry stale.
 *
 * Data: `data/catalogue/crosscheck-reviewed.json` (JSON Schema `schema/crosscheck-reviewed.schema.json`).
 */

import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { MODEL_FACT_NAMES } from '../src/capabilities.js';
import { isoDate } from '../src/schema.js';
import { formatPath } from '../src/validation/issues.js';

export const CROSSCHECK_FACTS = [...MODEL_FACT_NAMES, 'limits.context', 'limits.output'] as const;
export type CrosscheckFact = (typeof CROSSCHECK_FACTS)[number];

export const REVIEW_VERDICTS = ['catalogue-wrong', 'intended'] as const;

const value = z.union([z.boolean(), z.number().int().positive()]);

export const reviewedEntrySchema = z
  .strictObject({
    provider: z.string().min(1).describe('the Crosswire provider id'),
    models: z
      .array(z.string().min(1))
      .min(1)
      .describe('the model names as the crosscheck prints them, each differing the same way'),
    fact: z.enum(CROSSCHECK_FACTS),
    ours: value.describe('what the curated data says (a capability value or a limit)'),
    theirs: value.describe('what the catalogue says'),
    verdict: z
      .enum(REVIEW_VERDICTS)
      .describe('catalogue-wrong: the data is right; intended: both are right, on purpose'),
    reason: z.string().min(1).describe('why the data is kept, in one or two sentences'),
    source: z.url().describe('the primary source the data follows (the provider docs)'),
    date: isoDate.describe('when the difference was reviewed, YYYY-MM-DD'),
  })
  .superRefine((entry, context) => {
    const kind = entry.fact.startsWith('limits.') ? 'number' : 'boolean';
    for (const key of ['ours', 'theirs'] as const) {
      if (typeof entry[key] !== kind) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: `expected a ${kind === 'number' ? 'limit (a positive integer)' : 'true or false'} for ${entry.fact}`,
        });
      }
    }
    if (entry.ours === entry.theirs) {
      context.addIssue({ code: 'custom', path: ['theirs'], message: 'equals ours: no difference' });
    }
  });

export const reviewedFileSchema = z.strictObject({
  $schema: z.string().optional(),
  reviewed: z.array(reviewedEntrySchema),
});

export type ReviewedEntry = z.infer<typeof reviewedEntrySchema>;

/** The key a difference is listed by: `<provider> <model> <fact>` (no name holds a space). */
export function differenceId(provider: string, model: string, fact: string): string {
  return `${provider} ${model} ${fact}`;
}

/** A problem in the reviewed table: where (`reviewed[2].ours`) and what. */
export interface ReviewedProblem {
  readonly path: string;
  readonly message: string;
}

/** Checks the reviewed table: the schema, then no difference reviewed twice. */
export function checkReviewed(data: unknown): {
  reviewed: ReviewedEntry[];
  problems: ReviewedProblem[];
} {
  const parsed = reviewedFileSchema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => ({
      path: formatPath(issue.path),
      message: issue.message,
    }));
    return { reviewed: [], problems };
  }
  const seen = new Map<string, number>();
  const problems: ReviewedProblem[] = [];
  parsed.data.reviewed.forEach((entry, index) => {
    entry.models.forEach((model, position) => {
      const id = differenceId(entry.provider, model, entry.fact);
      const first = seen.get(id);
      if (first === undefined) seen.set(id, index);
      else {
        problems.push({
          path: `reviewed[${index}].models[${position}]`,
          message: `"${id}" is already reviewed in reviewed[${first}]`,
        });
      }
    });
  });
  return { reviewed: parsed.data.reviewed, problems };
}

export const REVIEWED_FILE = new URL('../data/catalogue/crosscheck-reviewed.json', import.meta.url);

/** The shipped reviewed table; throws an Error listing every problem in it. */
export function readReviewed(file: URL | string = REVIEWED_FILE): ReviewedEntry[] {
  const { reviewed, problems } = checkReviewed(JSON.parse(readFileSync(file, 'utf8')));
  if (problems.length === 0) return reviewed;
  const name = String(file).split('/').at(-1);
  throw new Error(
    problems.map((problem) => `${name}: ${problem.path}: ${problem.message}`).join('\n'),
  );
}
