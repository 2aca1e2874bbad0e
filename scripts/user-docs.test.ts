import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listPackages, repositoryRoot } from './workspace.mjs';

// User-facing documentation speaks about behaviour in its own words. Which reference a rule
// follows (the seeds, Langertha, ADRs) is provenance, kept in docs/design-notes/ (one file per topic, not scanned here).
const PROVENANCE = /\bseeds?\b|langertha|\bADR\b/i;

function markdownIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(dir, name));
}

/** The docs site's hand-written pages (its generated pages come from the files checked here). */
function sitePages(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const generated = new Set([
    'api',
    'guides',
    'packages',
    'reference',
    '.vitepress',
    'node_modules',
  ]);
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return generated.has(entry.name) ? [] : sitePages(path.join(dir, entry.name));
    return entry.name.endsWith('.md') ? [path.join(dir, entry.name)] : [];
  });
}

function userDocs(): string[] {
  const root = (name: string) => path.join(repositoryRoot, name);
  return [
    root('README.md'),
    ...markdownIn(root('docs')),
    ...markdownIn(root('examples')),
    ...sitePages(root('site')),
    ...listPackages(repositoryRoot).flatMap(({ dir }) => [
      ...markdownIn(dir).filter((file) => path.basename(file) !== 'CHANGELOG.md'),
      ...markdownIn(path.join(dir, 'docs')),
    ]),
  ];
}

describe('user-facing documentation', () => {
  it('names no seed, Langertha or ADR (provenance lives in docs/design-notes/)', () => {
    const hits = userDocs().flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          PROVENANCE.test(line)
            ? [`${path.relative(repositoryRoot, file)}:${index + 1}: ${line}`]
            : [],
        ),
    );
    expect(hits).toEqual([]);
  });
});
