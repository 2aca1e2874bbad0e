import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bundlePackage, packageEntries } from './bundle-package.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const manifest = (name: string) =>
  JSON.parse(readFileSync(new URL(`../packages/${name}/package.json`, import.meta.url), 'utf8'));

describe('packageEntries', () => {
  it("maps each export's node target and each bin to its source", () => {
    expect(packageEntries(manifest('engines'))).toEqual([
      { in: 'src/index.ts', out: 'index' },
      { in: 'src/durable/index.ts', out: 'durable/index' },
    ]);
    expect(packageEntries(manifest('cli'))).toEqual([
      { in: 'src/index.ts', out: 'index' },
      { in: 'src/cli.ts', out: 'cli' },
    ]);
  });

  it('refuses an export without a node target, or one outside dist/node/', () => {
    expect(() =>
      packageEntries({
        exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
      }),
    ).toThrow('exports["."] has no node target');
    expect(() => packageEntries({ exports: { '.': { node: './dist/index.js' } } })).toThrow(
      './dist/index.js: a Node entry must be a .js file under ./dist/node/',
    );
  });
});

describe('bundlePackage', () => {
  it('bundles relative imports, keeps package imports, splits dynamic imports into chunks', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'bundle-package-'));
    roots.push(root);
    const files: Record<string, string> = {
      'package.json': JSON.stringify({
        name: '@crosswire/example',
        exports: { '.': { types: './dist/index.d.ts', node: './dist/node/index.js' } },
      }),
      'tsconfig.build.json': JSON.stringify({ compilerOptions: { paths: {} } }),
      'src/index.ts':
        "import { z } from 'zod';\nimport { core } from '@crosswire/core';\nimport { helper } from './helper.js';\nexport const value = [z, core, helper];\nexport const load = () => import('./lazy.js');",
      'src/helper.ts': 'export const helper = 1;',
      'src/lazy.ts': "export { request } from 'undici';",
      'dist/node/stale.js': 'stale',
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    await bundlePackage(root);
    const entry = readFileSync(path.join(root, 'dist/node/index.js'), 'utf8');
    expect(entry).toContain('from "zod"');
    expect(entry).toContain('from "@crosswire/core"');
    expect(entry).toContain('var helper = 1;');
    expect(entry).toMatch(/import\("\.\/lazy-[A-Z0-9]+\.js"\)/);
    expect(entry).not.toContain('undici');
    // An earlier build's files are gone.
    expect(() => readFileSync(path.join(root, 'dist/node/stale.js'))).toThrow();
  });
});
