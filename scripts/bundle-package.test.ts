import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eachMapping, originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bundlePackage,
  INLINED_DEPENDENCIES,
  packageEntries,
  withoutSources,
} from './bundle-package.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A package folder of its own in tmpdir holding `files` (removed after the test). */
function packageRoot(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'bundle-package-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

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
    const root = packageRoot(files);
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

  it('bundles the dependencies it inlines (ipaddr.js) with their licence, and maps only its own files', async () => {
    const files: Record<string, string> = {
      'package.json': JSON.stringify({
        name: '@crosswire/example',
        exports: { '.': { types: './dist/index.d.ts', node: './dist/node/index.js' } },
      }),
      'tsconfig.build.json': JSON.stringify({ compilerOptions: { paths: {} } }),
      'src/index.ts':
        "import ipaddr from 'ipaddr.js';\nimport { helper } from './helper.js';\nexport const parse = ipaddr.parse;\nexport const help = helper;",
      'src/helper.ts': 'export function helper() {\n  return 1;\n}',
      'node_modules/ipaddr.js/package.json': JSON.stringify({
        name: 'ipaddr.js',
        main: 'lib/ipaddr.js',
      }),
      'node_modules/ipaddr.js/LICENSE': 'Copyright (C) 2011-2017 a maintainer\n\nMIT terms */ here',
      'node_modules/ipaddr.js/lib/ipaddr.js':
        'exports.parse = function parseAddressMarker() {\n  return 2;\n};',
    };
    const root = packageRoot(files);
    await bundlePackage(root);
    const entry = readFileSync(path.join(root, 'dist/node/index.js'), 'utf8');
    expect(entry).toContain('parseAddressMarker');
    expect(entry).not.toContain('from "ipaddr.js"');
    expect(entry).toContain('ipaddr.js: Copyright (C) 2011-2017 a maintainer');
    // The licence cannot end the comment early.
    expect(entry).toContain('MIT terms * / here');
    const map = JSON.parse(readFileSync(path.join(root, 'dist/node/index.js.map'), 'utf8'));
    expect(map.sources).toEqual(['../../src/index.ts', '../../src/helper.ts']);
    // The helper's code still maps to its own lines.
    const traced = new TraceMap(map);
    const lines = entry.split('\n');
    const at = lines.findIndex((line) => line.includes('return 1;'));
    expect(
      originalPositionFor(traced, { line: at + 1, column: (lines[at] ?? '').indexOf('return') }),
    ).toMatchObject({
      source: '../../src/helper.ts',
      line: 2,
    });
    expect(INLINED_DEPENDENCIES).toEqual(['ipaddr.js']);
  });
});

describe('withoutSources', () => {
  // Three sources, the middle one dropped; segments of 1, 4 and 5 fields across lines.
  const map = {
    version: 3 as const,
    sources: ['a.ts', 'dep.js', 'b.ts'],
    names: ['first', 'second'],
    mappings: 'AAAA,EAAEA;ACAA,IAAIC,ECCA;AFAA,KAAK,A',
  };

  it('keeps every segment of the kept sources where it was, and unmaps the dropped one', () => {
    const before: string[] = [];
    eachMapping(new TraceMap(map), (mapping) => {
      before.push(
        `${mapping.generatedLine}:${mapping.generatedColumn} ${mapping.source === 'dep.js' || mapping.source === null ? '-' : `${mapping.source} ${mapping.originalLine}:${mapping.originalColumn} ${mapping.name}`}`,
      );
    });
    const result = withoutSources(map, (source: string) => source === 'dep.js');
    expect(result.sources).toEqual(['a.ts', 'b.ts']);
    expect(result.names).toEqual(['first', 'second']);
    const after: string[] = [];
    eachMapping(new TraceMap(result), (mapping) => {
      after.push(
        `${mapping.generatedLine}:${mapping.generatedColumn} ${mapping.source === null ? '-' : `${mapping.source} ${mapping.originalLine}:${mapping.originalColumn} ${mapping.name}`}`,
      );
    });
    expect(after).toEqual(before);
    // As @jridgewell/trace-mapping reads the original map.
    expect(before).toEqual([
      '1:0 a.ts 1:0 null',
      '1:2 a.ts 1:2 first',
      '2:0 -',
      '2:4 -',
      '2:6 b.ts 2:6 null',
      '3:0 a.ts 2:6 null',
      '3:5 a.ts 2:11 null',
      '3:5 -',
    ]);
  });

  it('gives back the same map when nothing is dropped', () => {
    expect(withoutSources(map, () => false)).toBe(map);
  });
});
