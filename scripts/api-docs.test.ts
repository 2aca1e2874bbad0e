import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listPackages, repositoryRoot } from './workspace.mjs';

// The API reference (TypeDoc, `pnpm api-docs`) has one module per entry of every package's
// exports map, named as a user imports it: `@crosswire/core`, `@crosswire/engines/durable`.
const typedoc = JSON.parse(readFileSync(path.join(repositoryRoot, 'typedoc.json'), 'utf8')) as {
  entryPoints: string[];
};

/** Each import path a package exports (`.` and subpaths; not package.json) with its source. */
function exportedEntries() {
  return listPackages(repositoryRoot)
    .filter(({ manifest }) => !manifest.private)
    .flatMap(({ dir, name, manifest }) =>
      Object.entries(manifest.exports as Record<string, { default?: string } | string>)
        .filter(([subpath]) => subpath !== './package.json')
        .map(([subpath, target]) => {
          const built = typeof target === 'string' ? target : (target.default ?? '');
          const source = built.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts');
          return {
            importPath: subpath === '.' ? name : `${name}/${subpath.slice(2)}`,
            source: path.relative(repositoryRoot, path.join(dir, source)),
          };
        }),
    );
}

describe('the API reference', () => {
  const entries = exportedEntries();

  it('documents every exported entry, and nothing else', () => {
    expect([...typedoc.entryPoints].sort()).toEqual(entries.map(({ source }) => source).sort());
    expect(entries.map(({ importPath }) => importPath)).toContain('@crosswire/engines/durable');
  });

  it('names each module as it is imported', () => {
    for (const { importPath, source } of entries) {
      const text = readFileSync(path.join(repositoryRoot, source), 'utf8');
      const header = /^\/\*\*[\s\S]*?\*\//.exec(text)?.[0] ?? '';
      expect(header, source).toMatch(new RegExp(`@module ${importPath.replace(/\//g, '\\/')}\\n`));
    }
  });
});
