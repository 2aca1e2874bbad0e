import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listPackages, repositoryRoot } from './workspace.mjs';

// The layering and module layout the design asks for (see CONTRIBUTING's "Adding a wire").
const packages = listPackages(repositoryRoot);
const source = (file: string) => readFileSync(path.join(repositoryRoot, file), 'utf8');
const relativeImports = (text: string) =>
  [...text.matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((match) => match[1] ?? '');
const crosswireImports = (text: string) =>
  [...text.matchAll(/from '(@crosswire\/[a-z-]+)(?:\/[a-z-]+)?'/g)].map((match) => match[1] ?? '');

/** Which workspace packages each package may depend on (dependencies and peers). */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  '@crosswire/core': [],
  '@crosswire/content-image': ['@crosswire/core'],
  '@crosswire/tool-result': ['@crosswire/core', '@crosswire/content-image'],
  '@crosswire/registry': ['@crosswire/core'],
  '@crosswire/dialects': ['@crosswire/core', '@crosswire/content-image', '@crosswire/tool-result'],
  '@crosswire/simulator': ['@crosswire/core', '@crosswire/dialects'],
  '@crosswire/engines': [
    '@crosswire/core',
    '@crosswire/content-image',
    '@crosswire/tool-result',
    '@crosswire/registry',
    '@crosswire/dialects',
  ],
  '@crosswire/ai-sdk': [
    '@crosswire/core',
    '@crosswire/content-image',
    '@crosswire/tool-result',
    '@crosswire/registry',
    '@crosswire/dialects',
  ],
  '@crosswire/otel': ['@crosswire/engines'],
  '@crosswire/langchain': [
    '@crosswire/core',
    '@crosswire/content-image',
    '@crosswire/tool-result',
    '@crosswire/registry',
    '@crosswire/dialects',
  ],
  '@crosswire/cli': [
    '@crosswire/core',
    '@crosswire/content-image',
    '@crosswire/tool-result',
    '@crosswire/registry',
    '@crosswire/dialects',
    '@crosswire/engines',
    '@crosswire/simulator',
  ],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(repositoryRoot, dir)).flatMap((name) => {
    const file = `${dir}/${name}`;
    if (statSync(path.join(repositoryRoot, file)).isDirectory()) {
      return name === 'test-support' ? [] : sourceFiles(file);
    }
    return /\.ts$/.test(name) && !/\.test(-d)?\.ts$/.test(name) ? [file] : [];
  });
}

describe('package layering', () => {
  it('knows every package', () => {
    expect(packages.map(({ name }) => name).filter((name) => !(name in ALLOWED))).toEqual([]);
  });

  it.each(packages.map(({ name, dir, manifest }) => [name, dir, manifest] as const))(
    '%s depends only on the packages below it',
    (name, dir, manifest) => {
      const declared = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies });
      const allowed = ALLOWED[name] ?? [];
      expect(
        declared.filter(
          (dependency) => dependency.startsWith('@crosswire/') && !allowed.includes(dependency),
        ),
      ).toEqual([]);
      const srcDir = path.relative(repositoryRoot, path.join(dir, 'src'));
      const imported = sourceFiles(srcDir).flatMap((file) => crosswireImports(source(file)));
      expect(
        [...new Set(imported)].filter(
          (dependency) => dependency !== name && !allowed.includes(dependency),
        ),
      ).toEqual([]);
    },
  );

  it.each(packages.map(({ name, dir }) => [name, dir] as const))(
    '%s keeps at most 20 entries at the top of src/ besides tests and their support',
    (_name, dir) => {
      const entries = readdirSync(path.join(dir, 'src')).filter(
        (entry) => !/\.test(-d)?\.ts$/.test(entry) && entry !== 'test-support',
      );
      expect(entries.length).toBeLessThanOrEqual(20);
    },
  );
});

const WIRES = ['anthropic', 'bedrock', 'gemini', 'hermes', 'ollama', 'openai', 'responses'];
const dialectWires = readdirSync(path.join(repositoryRoot, 'packages/dialects/src/wires')).filter(
  (name) => name.endsWith('.ts') && !name.includes('.test'),
);
/** The Chat Completions code that openai and hermes share: support modules, not wires. */
const SHARED = ['chat-completions.ts', 'chat-completions-stream.ts'];

describe('dialects module layout', () => {
  it('has one file per wire and concern, the shared Chat Completions code and the dispatch', () => {
    expect(dialectWires.sort()).toEqual(
      [
        ...WIRES.flatMap((wire) => [`${wire}.ts`, `${wire}-stream.ts`]),
        ...SHARED,
        'index.ts',
      ].sort(),
    );
  });

  it.each(dialectWires.filter((name) => name !== 'index.ts' && !SHARED.includes(name)))(
    'wires/%s imports no other wire file and not the dispatch',
    (name) => {
      const imports = relativeImports(source(`packages/dialects/src/wires/${name}`));
      expect(
        imports.filter(
          (file) =>
            file.startsWith('./') && !SHARED.includes(file.slice(2).replace(/\.js$/, '.ts')),
        ),
      ).toEqual([]);
      expect(imports).not.toContain('../dialect.js');
    },
  );

  it('the dispatch tables live in wires/index.ts', () => {
    const index = source('packages/dialects/src/wires/index.ts');
    expect(index).toContain('Readonly<Record<WireFormat, Dialect>>');
    expect(index).toContain('Readonly<Record<WireFormat, WireStream>>');
    expect(relativeImports(source('packages/dialects/src/dialect.ts'))).toContain(
      './wires/index.js',
    );
    expect(relativeImports(source('packages/dialects/src/stream-decoder.ts'))).toContain(
      './wires/index.js',
    );
  });

  it.each(['simulator', 'tool-result', 'content-image', 'cli', 'langchain'])(
    '%s has a file per wire',
    (name) => {
      const files = readdirSync(path.join(repositoryRoot, `packages/${name}/src/wires`));
      for (const wire of WIRES)
        expect(files, `${name}/src/wires/${wire}.ts`).toContain(`${wire}.ts`);
    },
  );
});

describe('engines module layout', () => {
  it('the tool loop does not import the engine back (the engine runs the loop)', () => {
    expect(relativeImports(source('packages/engines/src/engine/engine.ts'))).toContain(
      '../loop/tool-loop.js',
    );
    for (const file of sourceFiles('packages/engines/src/loop')) {
      expect(relativeImports(source(file)), file).not.toContain('../engine/engine.js');
    }
  });
});
