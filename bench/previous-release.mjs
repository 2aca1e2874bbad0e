// The previous release of the packages, built from git in the bench's process for a direct A/B:
// the newest commit whose subject starts "Version packages" (the release `changeset version`
// made), or the commit in CROSSWIRE_BENCH_BASELINE. Its packages/ tree is extracted with
// `git archive` into node_modules/.cache/crosswire-previous/<commit>/ and one entry is bundled
// from its sources with esbuild, its dependencies (zod, undici, ...) included as the current
// packages resolve them, so the two builds differ only in Crosswire's own code.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

/**
 * The commit of the previous release, with its subject; undefined when this clone's history
 * does not hold one (a shallow clone).
 */
export function previousRelease() {
  let commit = process.env.CROSSWIRE_BENCH_BASELINE;
  try {
    commit ||= git('log', '-1', '--format=%H', '--grep=^Version packages', 'HEAD');
  } catch {
    return undefined;
  }
  if (!commit) return undefined;
  return { commit, subject: git('log', '-1', '--format=%h %s', commit) };
}

// Optional peers and heavy integrations the bench never loads stay imports.
const EXTERNAL = [
  'sharp',
  '@modelcontextprotocol/*',
  're2js',
  'google-auth-library',
  '@aws-sdk/*',
  '@smithy/*',
];

/**
 * Imports `@crosswire/<pkg>` as the previous release had it (`engines` by default): its module
 * namespace, and the release's commit and subject; undefined without a release in the history.
 */
export async function importPreviousRelease(pkg = 'engines') {
  const release = previousRelease();
  if (release === undefined) return undefined;
  const directory = path.join(root, 'node_modules/.cache/crosswire-previous', release.commit);
  if (!existsSync(path.join(directory, 'packages'))) {
    mkdirSync(directory, { recursive: true });
    const archive = execFileSync('git', ['archive', '--format=tar', release.commit, 'packages'], {
      cwd: root,
      maxBuffer: 512 * 1024 * 1024,
    });
    execFileSync('tar', ['-x', '-C', directory], { input: archive });
  }
  const outfile = path.join(directory, `${pkg}.mjs`);
  await build({
    entryPoints: [path.join(directory, 'packages', pkg, 'src/index.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    // The release's sibling packages from its own sources; its dependencies from today's
    // install (each package's node_modules, where pnpm links them).
    plugins: [
      {
        name: 'previous-release-workspace',
        setup(context) {
          context.onResolve({ filter: /^@crosswire\/[a-z-]+(\/[a-z-]+)?$/ }, (args) => {
            const [, name, subpath] = args.path.match(/^@crosswire\/([a-z-]+)(?:\/([a-z-]+))?$/);
            return {
              path: path.join(directory, 'packages', name, 'src', subpath ?? '', 'index.ts'),
            };
          });
        },
      },
    ],
    nodePaths: ['core', 'content-image', 'registry', 'engines'].map((name) =>
      path.join(root, 'packages', name, 'node_modules'),
    ),
    // undici is CommonJS: its require() calls of Node's modules need a real require.
    banner: {
      js: "import { createRequire as __previousRequire } from 'node:module'; const require = __previousRequire(import.meta.url);",
    },
    logLevel: 'error',
  });
  return { ...release, module: await import(pathToFileURL(outfile).href) };
}
