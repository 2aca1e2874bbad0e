import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { impurities, staticImports } from './check-pure-entries.mjs';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function workspace(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'pure-entries-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('check-pure-entries', () => {
  it('reads static imports and re-exports, not import() calls', () => {
    expect(
      staticImports(
        "import a from './a.js';\nexport { b } from './b.js';\nimport './c.js';\nconst lazy = await import('./d.js');\nconst other = import(\n  'undici'\n);",
      ),
    ).toEqual(['./a.js', './b.js', './c.js']);
  });

  it('follows relative files and sibling packages to undici, node: modules and MCP code', () => {
    const root = workspace({
      'packages/dialects/dist/index.js': "export * from './wire.js';\nimport '@crosswire/core';",
      'packages/dialects/dist/wire.js': "import { request } from 'undici';",
      'packages/core/dist/index.js':
        "import { readFile } from 'node:fs/promises';\nimport { Client } from '@modelcontextprotocol/sdk/client/index.js';\nimport net from 'net';",
    });
    expect(
      impurities(root, 'dialects')
        .map((problem) => problem.what)
        .sort(),
    ).toEqual(['@modelcontextprotocol/sdk/client/index.js', 'net', 'node:fs/promises', 'undici']);
  });

  it('passes an entry that loads its HTTP client with import() only', () => {
    const root = workspace({
      'packages/core/dist/index.js':
        "import { z } from 'zod';\nexport const load = () => import('./fetch.js');",
      'packages/core/dist/fetch.js': "import { request } from 'undici';",
    });
    expect(impurities(root, 'core')).toEqual([]);
  });
});

describe('check-pure-entries for the engines (node: modules allowed)', () => {
  it('allows node: modules but still refuses a static undici or MCP import', () => {
    const root = workspace({
      'packages/engines/dist/index.js':
        "import { setTimeout } from 'node:timers/promises';\nexport * from './http.js';",
      'packages/engines/dist/http.js':
        "import { Agent } from 'undici';\nimport { Client } from '@modelcontextprotocol/sdk/client/index.js';",
    });
    expect(
      impurities(root, 'engines', { allowBuiltins: true })
        .map((problem) => problem.what)
        .sort(),
    ).toEqual(['@modelcontextprotocol/sdk/client/index.js', 'undici']);
  });
});

describe('check-pure-entries on the Node build (dist/node/)', () => {
  it('follows the node bundles, sibling packages included', () => {
    const root = workspace({
      'packages/dialects/dist/index.js': "import '@crosswire/core';",
      'packages/dialects/dist/node/index.js':
        "import '@crosswire/core';\nimport './chunk-A.js';\nexport const load = () => import('./fetch-B.js');",
      'packages/dialects/dist/node/chunk-A.js': 'export const a = 1;',
      'packages/core/dist/index.js': 'export const core = 1;',
      'packages/core/dist/node/index.js': "import { request } from 'undici';",
    });
    expect(impurities(root, 'dialects')).toEqual([]);
    expect(impurities(root, 'dialects', { build: 'node' })).toEqual([
      {
        what: 'undici',
        via: ['packages/dialects/dist/node/index.js', 'packages/core/dist/node/index.js'],
      },
    ]);
  });
});

describe('check-pure-entries and the registry', () => {
  it("refuses the registry's root entry (its schemas) and follows its lookup entry", () => {
    const root = workspace({
      'packages/engines/dist/index.js':
        "import { defaultRegistry } from '@crosswire/registry/lookup';\nimport { modelSchema } from '@crosswire/registry';",
      'packages/registry/dist/lookup/index.js': "export * from '../default-registry.js';",
      'packages/registry/dist/default-registry.js': "import { request } from 'undici';",
      'packages/registry/dist/index.js': "import { z } from 'zod';",
    });
    expect(impurities(root, 'engines', { allowBuiltins: true })).toEqual([
      {
        what: '@crosswire/registry, whose data-file schemas are built at import (import @crosswire/registry/lookup)',
        via: ['packages/engines/dist/index.js'],
      },
      {
        what: 'undici',
        via: [
          'packages/engines/dist/index.js',
          'packages/registry/dist/lookup/index.js',
          'packages/registry/dist/default-registry.js',
        ],
      },
    ]);
    // The registry's own root entry is where the walk of the registry starts: not refused.
    expect(impurities(root, 'registry')).toEqual([]);
  });
});
