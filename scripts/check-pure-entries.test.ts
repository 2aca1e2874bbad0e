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
