import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findUndeclared, importedPackages, packageOf } from './check-dependencies.mjs';

describe('packageOf', () => {
  it('names the package of a bare specifier and skips relative paths and Node builtins', () => {
    expect(packageOf('@modelcontextprotocol/sdk/client/index.js')).toBe(
      '@modelcontextprotocol/sdk',
    );
    expect(packageOf('zod/v4')).toBe('zod');
    expect(packageOf('./wires/anthropic.js')).toBeNull();
    expect(packageOf('node:fs')).toBeNull();
    expect(packageOf('fs/promises')).toBeNull();
  });
});

describe('importedPackages', () => {
  it('reads static, dynamic, side-effect and type imports of compiled output, not comments', () => {
    const text = [
      '/** @example',
      " * import { OpenAI } from 'openai';",
      ' */',
      "import { z } from 'zod';",
      "export * from './index.js';",
      "import 'undici';",
      "const sdk = await import('@modelcontextprotocol/sdk/client/index.js');",
      "export declare const x: import('@anthropic-ai/sdk').Message;",
    ].join('\n');
    expect([...importedPackages(text)].sort()).toEqual([
      '@anthropic-ai/sdk',
      '@modelcontextprotocol/sdk',
      'undici',
      'zod',
    ]);
  });
});

describe('findUndeclared', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('reports an import that the package does not declare, and only that one', () => {
    root = mkdtempSync(path.join(tmpdir(), 'check-dependencies-'));
    const dir = path.join(root, 'packages/engines');
    mkdirSync(path.join(dir, 'dist'), { recursive: true });
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ name: '@crosswire/engines', dependencies: { '@crosswire/core': '^0.1.0' } }),
    );
    writeFileSync(
      path.join(dir, 'dist/index.js'),
      "import { x } from '@crosswire/core';\nimport { Client } from '@modelcontextprotocol/sdk/client/index.js';\n",
    );
    expect(findUndeclared(root)).toEqual([
      {
        name: '@crosswire/engines',
        missing: [{ dependency: '@modelcontextprotocol/sdk', files: ['dist/index.js'] }],
      },
    ]);
  });
});
