import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentProblems, installProblems } from './tarballs.mjs';

let dir: string;

function write(relative: string, text: string): void {
  const file = path.join(dir, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const repositoryHas = (relative: string) => relative === 'packages/engines/docs/dialects.md';

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tarball-contents-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('contentProblems (what a published tarball must not have)', () => {
  it('accepts maps whose sources ship, and links to shipped files or to this repository', () => {
    write('src/index.ts', 'export {};');
    write('dist/index.js.map', JSON.stringify({ sources: ['../src/index.ts'] }));
    write('CAPABILITIES.md', '# table');
    write(
      'README.md',
      '[table](./CAPABILITIES.md) [top](#install) [site](https://example.com/x) ' +
        '[dialects](https://github.com/crosswire-dev/crosswire/blob/main/packages/engines/docs/dialects.md#api)',
    );
    expect(contentProblems(dir, repositoryHas)).toEqual([]);
  });

  it('names a map source, a link and a test file that would be broken on npm', () => {
    write('dist/index.js.map', JSON.stringify({ sources: ['../src/index.ts'] }));
    write('dist/index.test.js', '');
    write(
      'README.md',
      '[dialects](docs/dialects.md) [root](../../README.md) ' +
        '[gone](https://github.com/crosswire-dev/crosswire/blob/main/nope.md)',
    );
    expect(contentProblems(dir, repositoryHas).sort()).toEqual([
      'README.md: link ../../README.md points outside the package (it does not work on npm)',
      'README.md: link docs/dialects.md points at a file that is not in the tarball',
      'README.md: link https://github.com/crosswire-dev/crosswire/blob/main/nope.md names no file of the repository',
      'dist/index.js.map: source ../src/index.ts is not in the tarball',
      'dist/index.test.js: a test file',
    ]);
  });
});

describe('installProblems (what installing every tarball must not do)', () => {
  it('passes an install with no AI SDK package and no engine warning', () => {
    const lock = { packages: { 'node_modules/@crosswire/ai-sdk': {}, 'node_modules/zod': {} } };
    expect(installProblems(lock, 'added 80 packages in 3s\n')).toEqual([]);
  });

  it('names the AI SDK packages npm added and the EBADENGINE warnings it printed', () => {
    const lock = {
      packages: {
        'node_modules/ai': {},
        'node_modules/@ai-sdk/provider': {},
        'node_modules/@crosswire/ai-sdk': {},
        'node_modules/@ai-sdk/provider/node_modules/x': {},
      },
    };
    const output =
      "npm warn EBADENGINE Unsupported engine {\nnpm warn EBADENGINE   package: 'ai@7.0.173',\n";
    expect(installProblems(lock, output)).toEqual([
      'installing the tarballs added AI SDK packages: node_modules/ai, node_modules/@ai-sdk/provider',
      "npm warned about engines:\nnpm warn EBADENGINE Unsupported engine {\nnpm warn EBADENGINE   package: 'ai@7.0.173',",
    ]);
  });
});
