import type { Claim } from '../schema.js';
import { formatPath, type RegistryIssue } from './issues.js';

// What the lab and the provider checks share: the provenance a claim needs, and the name a
// file's path gives the entry it holds.

/** Reports what `claim` lacks for its value: evidence and a date, and a source when true. */
export function checkClaim(
  issues: RegistryIssue[],
  file: string,
  path: readonly PropertyKey[],
  claim: Claim,
): void {
  if (claim.probe !== undefined && claim.evidence !== 'live') {
    issues.push({
      file,
      path: formatPath([...path, 'probe']),
      message: 'a probe record belongs to a "live" claim (what a live probe observed)',
    });
  }
  if (claim.value === 'unknown') return;
  const needs: ('evidence' | 'date' | 'source')[] =
    claim.value === true ? ['evidence', 'source', 'date'] : ['evidence', 'date'];
  for (const field of needs) {
    if (claim[field] === undefined) {
      issues.push({
        file,
        path: formatPath([...path, field]),
        message:
          field === 'source'
            ? 'a true claim needs a source URL (docs page, changelog or recorded fixture)'
            : `a ${String(claim.value)} claim needs "${field}"`,
      });
    }
  }
}

/** The name of a `.json` file without its folder and extension. */
export function baseName(file: string): string | undefined {
  const match = /([^/\\]+)\.json$/.exec(file);
  return match ? match[1] : undefined;
}
