import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The package loads in a browser or an edge runtime: no module it ships imports a Node built-in
// (scripts/check-pure-entries.mjs checks the built entry the same way, after the build).
const sourceDir = new URL('./', import.meta.url);

function runtimeSources(dir: URL, prefix = ''): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (entry.name === 'test-support') continue;
      found.push(...runtimeSources(new URL(`${entry.name}/`, dir), `${prefix}${entry.name}/`));
    } else if (entry.name.endsWith('.ts') && !/\.test(-d)?\.ts$/.test(entry.name)) {
      found.push(`${prefix}${entry.name}`);
    }
  }
  return found;
}

describe('a pure package', () => {
  it('no shipped source file imports a node: built-in', () => {
    const files = runtimeSources(sourceDir);
    const importing = files.filter((file) =>
      /(?:from|import)\s*\(?\s*['"]node:/.test(readFileSync(new URL(file, sourceDir), 'utf8')),
    );
    expect(files).toContain('default-registry.ts');
    expect(files).toContain('generated/data.ts');
    expect(importing).toEqual([]);
  });
});
