// The user-facing documentation: what a user reads (READMEs, the guides in docs/, the site's
// hand-written pages), as opposed to docs/design-notes/ (contributors) and generated pages.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { listPackages, repositoryRoot } from '../workspace.mjs';

function markdownIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(dir, name));
}

/** The folders of site/ that are generated at build time (never committed, never read here). */
const GENERATED = new Set(['api', 'guides', 'packages', 'reference', '.vitepress', 'node_modules']);

/** The docs site's hand-written pages (its generated pages come from the files listed here). */
function sitePages(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return GENERATED.has(entry.name) ? [] : sitePages(path.join(dir, entry.name));
    return entry.name.endsWith('.md') ? [path.join(dir, entry.name)] : [];
  });
}

/**
 * Every user-facing Markdown file, absolute: the root README, docs/*.md, examples/*.md, the
 * site's pages, and each package's Markdown (its CHANGELOG aside) and docs/*.md. A page added
 * to any of these places is covered without being listed.
 */
export function userDocs(root: string = repositoryRoot): string[] {
  const at = (name: string) => path.join(root, name);
  return [
    at('README.md'),
    ...markdownIn(at('docs')),
    ...markdownIn(at('examples')),
    ...sitePages(at('site')),
    ...listPackages(root).flatMap(({ dir }: { dir: string }) => [
      ...markdownIn(dir).filter((file) => path.basename(file) !== 'CHANGELOG.md'),
      ...markdownIn(path.join(dir, 'docs')),
    ]),
  ];
}
