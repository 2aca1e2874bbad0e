#!/usr/bin/env node
// The packages as a user gets them. Needs the built `dist/` (run after `pnpm build`).
//
//   node scripts/tarballs.mjs pack [--out DIR]   one tarball per package, into DIR (default
//                                                .tarballs/), for installing from a clone
//   node scripts/tarballs.mjs publish [--dry-run]
//                                                packs and publishes every package whose
//                                                version is not on npm yet, with
//                                                `npm publish --provenance --access public`
//                                                (the release workflow runs it after the
//                                                changesets version PR is merged)
//   node scripts/tarballs.mjs check              packs into a temp folder, then checks:
//     - each tarball's contents: no test files; every source map's sources are in the
//       tarball; every relative link in a shipped Markdown file points at a shipped file, and
//       every link into this repository on GitHub at a file that exists;
//     - `npm publish --dry-run` of each tarball;
//     - a fresh app (scripts/tarball-app) with every tarball installed by npm, from the
//       tarballs only (the @crosswire/* packages never come from a registry; third-party
//       dependencies do): npm adds no AI SDK package (@crosswire/ai-sdk's peers are optional)
//       and prints no EBADENGINE; the app type-checks with the repository's TypeScript and
//       runs, once with `import` and once with `require`, and the installed `crosswire` bin
//       answers;
//     - a second app (scripts/tarball-app-ai-sdk) with the AI SDK installed too: the
//       middleware inside the AI SDK's generateText, against the loopback simulator.
//
// The npm cache is used first (`--prefer-offline`), so a second run needs no download.

import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listPackages, packPackage, pnpmCommand, repositoryRoot } from './workspace.mjs';

const appSource = path.join(repositoryRoot, 'scripts', 'tarball-app');
const aiSdkAppSource = path.join(repositoryRoot, 'scripts', 'tarball-app-ai-sdk');

function publicPackages() {
  return listPackages(repositoryRoot).filter(({ manifest }) => !manifest.private);
}

function requireBuilt(packages) {
  const unbuilt = packages.filter(({ dir }) => !existsSync(path.join(dir, 'dist')));
  if (unbuilt.length > 0) {
    throw new Error(
      `no dist/ in ${unbuilt.map(({ name }) => name).join(', ')}; ` +
        'run `npx -y pnpm@12.4.2 build` first',
    );
  }
}

function packAll(destination) {
  const packages = publicPackages();
  requireBuilt(packages);
  rmSync(destination, { recursive: true, force: true });
  mkdirSync(destination, { recursive: true });
  const pnpm = pnpmCommand();
  return packages.map((entry) => ({
    ...entry,
    tarball: packPackage(pnpm, entry.dir, destination),
  }));
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.error) throw result.error;
  return result;
}

function mustRun(what, command, args, options = {}) {
  const result = run(command, args, options);
  if (result.status !== 0) {
    throw new Error(`${what} failed (exit ${result.status}):\n${result.stdout}${result.stderr}`);
  }
  return result;
}

/** Every file below `dir`, as paths relative to it with `/` separators. */
function walk(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? walk(path.join(dir, entry.name), relative) : [relative];
  });
}

const MARKDOWN_LINK = /\[[^\]]*\]\(([^)\s]+)\)/g;

/** The problems of one unpacked tarball's contents, as sentences. */
export function contentProblems(packageDir, repositoryFileExists) {
  const files = new Set(walk(packageDir));
  const problems = [];
  for (const file of files) {
    if (/\.test(-d)?\.|(^|\/)test-support\//.test(file)) problems.push(`${file}: a test file`);
    if (file.endsWith('.map')) {
      const map = JSON.parse(readFileSync(path.join(packageDir, file), 'utf8'));
      for (const source of map.sources ?? []) {
        const target = path.posix.join(path.posix.dirname(file), map.sourceRoot ?? '', source);
        if (!files.has(target)) problems.push(`${file}: source ${source} is not in the tarball`);
      }
    }
    if (file.endsWith('.md')) {
      const text = readFileSync(path.join(packageDir, file), 'utf8');
      for (const [, link] of text.matchAll(MARKDOWN_LINK)) {
        const problem = linkProblem(file, link, files, repositoryFileExists);
        if (problem) problems.push(`${file}: link ${link} ${problem}`);
      }
    }
  }
  return problems;
}

function linkProblem(file, link, files, repositoryFileExists) {
  if (link.startsWith('#') || link.startsWith('mailto:')) return undefined;
  const inRepository = link.match(
    /^https:\/\/github\.com\/crosswire-dev\/crosswire\/(?:blob|tree)\/main\/([^#?]+)/,
  );
  if (inRepository) {
    return repositoryFileExists(inRepository[1]) ? undefined : 'names no file of the repository';
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(link)) return undefined;
  const target = path.posix.normalize(
    path.posix.join(path.posix.dirname(file), link.split('#')[0]),
  );
  if (target.startsWith('..')) return 'points outside the package (it does not work on npm)';
  const shipped = files.has(target) || [...files].some((name) => name.startsWith(`${target}/`));
  return shipped ? undefined : 'points at a file that is not in the tarball';
}

function checkContents(packed, scratch) {
  const problems = [];
  const repositoryFileExists = (relative) => existsSync(path.join(repositoryRoot, relative));
  for (const { name, tarball } of packed) {
    const dir = path.join(scratch, 'unpacked', name.replace('/', '+'));
    mkdirSync(dir, { recursive: true });
    mustRun(`unpacking ${name}`, 'tar', ['-xzf', tarball, '-C', dir]);
    for (const problem of contentProblems(path.join(dir, 'package'), repositoryFileExists)) {
      problems.push(`${name}: ${problem}`);
    }
  }
  return problems;
}

function npmPublishArgs(tarball, { dryRun, provenance }) {
  return [
    'publish',
    ...(dryRun ? ['--dry-run'] : []),
    ...(provenance ? ['--provenance'] : []),
    '--ignore-scripts',
    '--access',
    'public',
    tarball,
  ];
}

function publishDryRun(packed) {
  for (const { name, tarball } of packed) {
    mustRun(
      `npm publish --dry-run of ${name}`,
      'npm',
      npmPublishArgs(tarball, { dryRun: true, provenance: false }),
    );
    console.log(`  npm publish --dry-run ok: ${name}`);
  }
}

/** Whether `name@version` is on the registry already (a re-run publishes only what is new). */
function isPublished(name, version) {
  const result = run('npm', ['view', `${name}@${version}`, 'version'], { stdio: 'pipe' });
  return result.status === 0 && result.stdout.trim() === version;
}

function publish(args) {
  const dryRun = args.includes('--dry-run');
  const scratch = mkdtempSync(path.join(tmpdir(), 'crosswire-publish-'));
  try {
    for (const { name, manifest, tarball } of packAll(scratch)) {
      if (isPublished(name, manifest.version)) {
        console.log(`${name}@${manifest.version} is on npm already`);
        continue;
      }
      // Provenance needs the CI's identity token; a local dry run has none.
      mustRun(
        `npm publish of ${name}`,
        'npm',
        npmPublishArgs(tarball, { dryRun, provenance: !dryRun }),
        {
          stdio: 'inherit',
        },
      );
      // The line changesets/action reads to tag the release.
      console.log(`New tag: ${name}@${manifest.version}`);
    }
    return 0;
  } catch (error) {
    console.error(`tarballs: ${error instanceof Error ? error.message : error}`);
    return 1;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function installedVersion(name) {
  const manifest = path.join(repositoryRoot, 'node_modules', name, 'package.json');
  return JSON.parse(readFileSync(manifest, 'utf8')).version;
}

/** The AI SDK packages: `@crosswire/ai-sdk`'s optional peers, and a provider for the second app. */
const AI_SDK_PACKAGE = /^node_modules\/(?:ai|@ai-sdk\/[^/]+)$/;

/**
 * Installs every tarball into a copy of `source` (with `extra` dependencies from the registry)
 * and returns the app's folder and what npm printed. Warnings are printed (`--loglevel=warn`)
 * so an `EBADENGINE` can be seen.
 */
function buildApp(packed, scratch, { source, name, extra }) {
  const app = path.join(scratch, name);
  cpSync(source, app, { recursive: true });
  const tarballs = Object.fromEntries(packed.map(({ name, tarball }) => [name, `file:${tarball}`]));
  writeFileSync(
    path.join(app, 'package.json'),
    `${JSON.stringify(
      {
        name: `crosswire-${name}`,
        private: true,
        dependencies: { ...tarballs, '@modelcontextprotocol/sdk': '^1', ...extra },
        devDependencies: { '@types/node': installedVersion('@types/node') },
        // A package's dependency on another @crosswire package is a version range; this makes
        // npm take it from the tarball too, never from a registry.
        overrides: tarballs,
      },
      null,
      2,
    )}\n`,
  );
  const install = mustRun(
    `npm install of the tarballs (${name})`,
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--ignore-scripts',
      '--loglevel=warn',
    ],
    { cwd: app },
  );
  const lock = JSON.parse(readFileSync(path.join(app, 'package-lock.json'), 'utf8'));
  const crosswire = Object.entries(lock.packages).filter(([key]) => key.includes('@crosswire/'));
  const strays = crosswire.filter(
    ([key, entry]) =>
      !/^node_modules\/@crosswire\/[^/]+$/.test(key) || !entry.resolved?.startsWith('file:'),
  );
  if (strays.length > 0 || crosswire.length !== packed.length) {
    throw new Error(
      `the app's @crosswire packages did not all come from the tarballs, once each:\n${crosswire
        .map(([key, entry]) => `  ${key} ${entry.resolved}`)
        .join('\n')}`,
    );
  }
  return { app, lock, npmOutput: `${install.stdout}${install.stderr}` };
}

/**
 * The first app installs every tarball and nothing of the AI SDK: `@crosswire/ai-sdk` takes
 * it as optional peers, so npm adds no AI SDK package and, on Node 20, prints no EBADENGINE
 * (`ai@7` declares Node 22).
 */
export function installProblems(lock, npmOutput) {
  const problems = [];
  const aiSdk = Object.keys(lock.packages ?? {}).filter((key) => AI_SDK_PACKAGE.test(key));
  if (aiSdk.length > 0) {
    problems.push(`installing the tarballs added AI SDK packages: ${aiSdk.join(', ')}`);
  }
  const engines = npmOutput.split('\n').filter((line) => line.includes('EBADENGINE'));
  if (engines.length > 0) {
    problems.push(`npm warned about engines:\n${engines.join('\n')}`);
  }
  return problems;
}

function runApp(app, entries) {
  const tsc = path.join(repositoryRoot, 'node_modules', 'typescript', 'bin', 'tsc');
  mustRun(`type-checking ${path.basename(app)}`, process.execPath, [tsc, '-p', app]);
  for (const entry of entries) {
    const result = mustRun(`running ${entry}`, process.execPath, [path.join('out', entry)], {
      cwd: app,
    });
    process.stdout.write(`  ${result.stdout.trim()}\n`);
    const noise = result.stderr.trim();
    if (noise) throw new Error(`${entry} printed on stderr:\n${noise}`);
  }
}

function checkApp(app) {
  runApp(app, ['esm.mjs', 'cjs.cjs']);
  const bin = path.join(app, 'node_modules', '.bin', 'crosswire');
  const caps = mustRun('the installed crosswire bin', bin, ['caps', 'openai', 'gpt-6.1-sol'], {
    cwd: app,
  });
  if (!caps.stdout.includes('tool_result_images')) {
    throw new Error(`crosswire caps printed no capability table:\n${caps.stdout}`);
  }
  console.log('  crosswire bin: ok');
}

function check() {
  const scratch = mkdtempSync(path.join(tmpdir(), 'crosswire-tarballs-'));
  const started = Date.now();
  try {
    const packed = packAll(path.join(scratch, 'tarballs'));
    const contents = checkContents(packed, scratch);
    if (contents.length > 0) {
      console.error(`tarballs: ${contents.length} problems:\n${contents.join('\n')}`);
      return 1;
    }
    console.log(`  contents ok: ${packed.length} tarballs`);
    publishDryRun(packed);
    const plain = buildApp(packed, scratch, {
      source: appSource,
      name: 'app',
      // @crosswire/otel's peer (the app's README code instruments an engine).
      extra: { '@opentelemetry/api': '~1.9.0' },
    });
    const problems = installProblems(plain.lock, plain.npmOutput);
    if (problems.length > 0) throw new Error(problems.join('\n'));
    console.log(`  no AI SDK package and no EBADENGINE on Node ${process.versions.node}`);
    checkApp(plain.app);
    // The second app uses the AI SDK: with it installed, the middleware still works.
    const withAiSdk = buildApp(packed, scratch, {
      source: aiSdkAppSource,
      name: 'app-ai-sdk',
      extra: { ai: '^7', '@ai-sdk/provider': '^4', '@ai-sdk/openai': '^4' },
    });
    runApp(withAiSdk.app, ['app.mjs']);
    console.log(
      `tarballs: ${packed.length} packages ok (${((Date.now() - started) / 1000).toFixed(0)}s)`,
    );
    return 0;
  } catch (error) {
    console.error(`tarballs: ${error instanceof Error ? error.message : error}`);
    return 1;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function pack(args) {
  const outIndex = args.indexOf('--out');
  const destination = path.resolve(
    outIndex >= 0 ? (args[outIndex + 1] ?? '') : path.join(repositoryRoot, '.tarballs'),
  );
  try {
    for (const { tarball } of packAll(destination))
      console.log(path.relative(process.cwd(), tarball));
    return 0;
  } catch (error) {
    console.error(`tarballs: ${error instanceof Error ? error.message : error}`);
    return 1;
  }
}

function main([command, ...rest]) {
  if (command === 'pack') return pack(rest);
  if (command === 'check') return check();
  if (command === 'publish') return publish(rest);
  console.error('usage: node scripts/tarballs.mjs pack [--out DIR] | publish [--dry-run] | check');
  return 2;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
