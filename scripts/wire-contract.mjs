#!/usr/bin/env node
// The wire-contract guard.
//
// A wire-rendering package keeps golden fixtures of what it puts on each provider's wire under
// `packages/<pkg>/fixtures/wire/**/*.json` (and, for whole conversations through the tool loop,
// `packages/<pkg>/fixtures/loop/**/*.json`). Those files are a contract: an app pins the wire
// behaviour it depends on by pinning the package version, so a changed golden must ship as at
// least a minor release of that package.
//
//   node scripts/wire-contract.mjs check  [--root DIR]   fails when the goldens differ from those
//                                                        of the package's released version and no
//                                                        pending minor/major changeset names it
//   node scripts/wire-contract.mjs record [--root DIR]   part of a release, after `changeset
//                                                        version`: records the goldens of each
//                                                        package's new version
//
// `packages/<pkg>/fixtures/wire.digest` holds the goldens of the package's released version: a
// `version X.Y.Z` line, then one line per golden, the sha256 of the file's JSON value and its
// path under fixtures/ (`wire/...`, `loop/...`). Hashing the parsed value (key order kept,
// whitespace dropped) means reformatting a golden or a CRLF checkout is not a contract change,
// while any change to what goes on the wire is. `record` never rewrites the goldens of a
// version already recorded (only a release, which bumps the version, moves the baseline), so
// recording cannot stand in for a changeset. The guard reads only the work tree, never git, so
// it works on a clone with no history.

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listPackages } from './workspace.mjs';

/** Every folder of golden JSON files, under a package's fixtures/. */
export const GOLDEN_DIRS = ['wire', 'loop'];
export const FIXTURES_DIR = 'fixtures';
export const DIGEST_FILE = path.join('fixtures', 'wire.digest');

const DIGEST_HEADER = [
  '# Wire-contract digest: the goldens of the released version below, as the sha256 of each',
  '# golden JSON value (fixtures/wire/, fixtures/loop/). Written by `pnpm wire:record` during a',
  '# release (after `changeset version`), compared by `pnpm wire:check`. Do not edit by hand.',
];
const CONTRACT_BUMPS = new Set(['minor', 'major']);

function listJsonFiles(dir, prefix = '') {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...listJsonFiles(path.join(dir, entry.name), relative));
    else if (entry.isFile() && entry.name.endsWith('.json')) files.push(relative);
  }
  return files;
}

/** Hash of one golden's JSON value; a golden that is not valid JSON is an error, not a skip. */
export function hashGolden(file) {
  const text = readFileSync(file, 'utf8');
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`wire-contract: golden ${file} is not valid JSON (${error.message})`);
  }
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/**
 * The goldens of one package as a sorted Map of path (relative to fixtures/, with `/`, so
 * `wire/...` or `loop/...`) to hash, or null when the package has none of the golden folders.
 */
export function collectGoldens(packageDir) {
  const fixturesDir = path.join(packageDir, FIXTURES_DIR);
  const folders = GOLDEN_DIRS.filter((folder) => existsSync(path.join(fixturesDir, folder)));
  if (folders.length === 0) return null;
  const files = folders.flatMap((folder) => listJsonFiles(path.join(fixturesDir, folder), folder));
  files.sort();
  return new Map(files.map((file) => [file, hashGolden(path.join(fixturesDir, file))]));
}

/** The digest text of `goldens` (a Map of path to hash) as released in `version`. */
export function formatDigest(goldens, version) {
  const lines = [...goldens].map(([file, hash]) => `${hash}  ${file}`);
  return `${[...DIGEST_HEADER, `version ${version}`, ...lines].join('\n')}\n`;
}

/**
 * The recorded digest of a package, `{ version, goldens }` (goldens a Map of path to hash), or
 * null when none is recorded.
 */
export function readDigest(packageDir) {
  const file = path.join(packageDir, DIGEST_FILE);
  if (!existsSync(file)) return null;
  const goldens = new Map();
  let version;
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    if (line === '' || line.startsWith('#')) continue;
    const versionLine = /^version (\S+)$/.exec(line);
    if (versionLine && version === undefined && goldens.size === 0) {
      version = versionLine[1];
      continue;
    }
    const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
    if (!match) {
      throw new Error(
        `wire-contract: malformed line in ${file}: ${line} (after a merge conflict, take main's copy: git checkout main -- ${file})`,
      );
    }
    goldens.set(match[2], match[1]);
  }
  if (version === undefined) {
    throw new Error(
      `wire-contract: ${file} names no released version (a \`version X.Y.Z\` line before the goldens)`,
    );
  }
  return { version, goldens };
}

/** What changed between the recorded digest and the goldens on disk. */
export function diffGoldens(recorded, current) {
  const before = recorded ?? new Map();
  const after = current ?? new Map();
  const added = [...after.keys()].filter((file) => !before.has(file));
  const removed = [...before.keys()].filter((file) => !after.has(file));
  const changed = [...after.keys()].filter(
    (file) => before.has(file) && before.get(file) !== after.get(file),
  );
  return { added, removed, changed };
}

/**
 * The releases named in one changeset's front matter, as a Map of package name to bump.
 * The front matter is the YAML block between the first two `---` lines; each entry is
 * `"<name>": <bump>`, quoted or not, which is all that changesets writes or accepts there.
 */
export function parseChangeset(text) {
  const releases = new Map();
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') return releases;
  for (const line of lines.slice(1)) {
    if (line.trim() === '---') break;
    const match = /^\s*(['"]?)([^'"\s:]+)\1\s*:\s*(['"]?)(major|minor|patch|none)\3\s*(#.*)?$/.exec(
      line,
    );
    if (match) releases.set(match[2], match[4]);
  }
  return releases;
}

/** The pending changesets in `<root>/.changeset/*.md` (README.md excluded). */
export function readPendingChangesets(root) {
  const dir = path.join(root, '.changeset');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md') && name.toLowerCase() !== 'readme.md')
    .sort()
    .map((name) => ({
      file: path.join('.changeset', name),
      releases: parseChangeset(readFileSync(path.join(dir, name), 'utf8')),
    }));
}

function differs(diff) {
  return diff.added.length + diff.removed.length + diff.changed.length > 0;
}

/**
 * Records the goldens of each package's current version, as a release does after `changeset
 * version`. A package whose digest already holds its current version is left alone, whether
 * its goldens match (`unchanged`) or not (`refused`): the goldens of a released version are
 * never rewritten, so a golden change stays visible to `check` until a release ships it.
 * Returns `{ written, unchanged, refused }` (digest paths, and `{ name, dir, version, added,
 * removed, changed }` per refused package).
 */
export function recordWireContract(root) {
  const written = [];
  const unchanged = [];
  const refused = [];
  for (const { dir, name, manifest } of listPackages(root)) {
    const goldens = collectGoldens(dir);
    const digestFile = path.join(dir, DIGEST_FILE);
    // A package whose goldens were all removed keeps an empty digest, so removing them stays
    // visible as a recorded change rather than the guard silently forgetting the package.
    if (goldens === null && !existsSync(digestFile)) continue;
    const version = String(manifest.version ?? '0.0.0');
    const recorded = readDigest(dir);
    const relative = path.relative(root, digestFile);
    if (recorded !== null && recorded.version === version) {
      const diff = diffGoldens(recorded.goldens, goldens);
      if (differs(diff)) refused.push({ name, dir: path.relative(root, dir), version, ...diff });
      else unchanged.push(relative);
      continue;
    }
    writeFileSync(digestFile, formatDigest(goldens ?? new Map(), version));
    written.push(relative);
  }
  return { written, unchanged, refused };
}

/**
 * Compares every package's goldens with those of its released version (its digest).
 * Returns one entry per package whose goldens differ, with the changeset that covers it (if
 * any), one per package whose digest names another version than its package.json (a release
 * that did not record), and `ok`: false when some package differs with no minor/major
 * changeset naming it, or its digest is stale.
 */
export function checkWireContract(root) {
  const changesets = readPendingChangesets(root);
  const packages = [];
  const stale = [];
  for (const { dir, name, manifest } of listPackages(root)) {
    const current = collectGoldens(dir);
    const recorded = readDigest(dir);
    if (current === null && recorded === null) continue;
    const version = String(manifest.version ?? '0.0.0');
    if (recorded !== null && recorded.version !== version) {
      stale.push({ name, dir: path.relative(root, dir), recorded: recorded.version, version });
    }
    const diff = diffGoldens(recorded?.goldens ?? null, current);
    if (!differs(diff)) continue;
    const covering = changesets.find(({ releases }) => CONTRACT_BUMPS.has(releases.get(name)));
    const weaker = changesets.filter(
      ({ releases }) => releases.has(name) && !CONTRACT_BUMPS.has(releases.get(name)),
    );
    packages.push({
      name,
      dir: path.relative(root, dir),
      ...diff,
      covering: covering ? { file: covering.file, bump: covering.releases.get(name) } : null,
      weaker: weaker.map(({ file, releases }) => ({ file, bump: releases.get(name) })),
    });
  }
  return {
    ok: stale.length === 0 && packages.every((entry) => entry.covering !== null),
    packages,
    stale,
  };
}

function describeDiff(entry) {
  const lines = [];
  const goldenDir = `${entry.dir}/fixtures`;
  for (const file of entry.changed) lines.push(`    changed  ${goldenDir}/${file}`);
  for (const file of entry.added) lines.push(`    added    ${goldenDir}/${file}`);
  for (const file of entry.removed) lines.push(`    removed  ${goldenDir}/${file}`);
  return lines;
}

/** The report of a check as text lines: errors for uncovered packages, notices for covered ones. */
export function formatReport(result) {
  const stale = result.stale ?? [];
  if (result.packages.length === 0 && stale.length === 0) {
    return ['wire-contract: every package matches the goldens of its released version.'];
  }
  const lines = [];
  for (const entry of stale) {
    lines.push('');
    lines.push(
      `wire-contract: error: ${entry.dir}/fixtures/wire.digest holds the goldens of ` +
        `${entry.name} ${entry.recorded}, but the package is at ${entry.version}.`,
      '  A release records the goldens of the new version: after `changeset version`, run',
      '  `npx -y pnpm@12.4.2 wire:record` and commit the digest with the version bump.',
    );
  }
  for (const entry of result.packages) {
    lines.push('');
    if (entry.covering) {
      lines.push(
        `wire-contract: notice: the wire goldens of ${entry.name} differ from its released ` +
          `version; covered by the ${entry.covering.bump} bump in ${entry.covering.file}.`,
      );
      lines.push(...describeDiff(entry));
      lines.push(
        '  Nothing to record now: the release that ships the changeset records the new goldens.',
      );
      continue;
    }
    lines.push(
      `wire-contract: error: the wire goldens of ${entry.name} differ from its released version, ` +
        'and no pending changeset bumps it by minor or major.',
    );
    lines.push(...describeDiff(entry));
    for (const weaker of entry.weaker) {
      lines.push(`  ${weaker.file} bumps ${entry.name} by ${weaker.bump} only: not enough.`);
    }
    lines.push(
      '  A golden file is the wire contract: apps pin wire behaviour by pinning package versions,',
      '  so a change needs at least a minor release. If the change is intended, add a changeset',
      `    npx -y pnpm@12.4.2 changeset     (select ${entry.name}, choose minor or major)`,
      '  and commit it with the goldens (recording is not a way around it: the digest holds the',
      '  released goldens, and only a release records new ones).',
      '  If it is not intended, fix the renderer so the goldens come back as they were.',
    );
  }
  return lines;
}

function parseArguments(argv) {
  const [command, ...rest] = argv;
  let root = process.cwd();
  for (let index = 0; index < rest.length; index += 1) {
    if (rest[index] === '--root' && rest[index + 1] !== undefined) {
      root = path.resolve(rest[index + 1]);
      index += 1;
    } else {
      throw new Error(`wire-contract: unknown argument '${rest[index]}'`);
    }
  }
  if (command !== 'record' && command !== 'check') {
    throw new Error('usage: node scripts/wire-contract.mjs <record|check> [--root DIR]');
  }
  return { command, root };
}

export function main(argv) {
  const { command, root } = parseArguments(argv);
  if (command === 'record') {
    const { written, unchanged, refused } = recordWireContract(root);
    if (written.length + unchanged.length + refused.length === 0) {
      console.log('wire-contract: no package has golden fixtures yet.');
    }
    for (const file of written) console.log(`wire-contract: recorded ${file}`);
    for (const file of unchanged) console.log(`wire-contract: up to date ${file}`);
    for (const entry of refused) {
      console.log(
        [
          '',
          `wire-contract: notice: ${entry.dir}/fixtures/wire.digest holds the released goldens ` +
            `of ${entry.name} ${entry.version}; kept as they are.`,
          ...describeDiff(entry),
          '  These goldens differ from the released ones: a wire change, which ships with a minor',
          `  changeset (npx -y pnpm@12.4.2 changeset, select ${entry.name}); \`wire:check\` fails`,
          '  until one is pending. The release that bumps the version records the new goldens.',
        ].join('\n'),
      );
    }
    return 0;
  }
  const result = checkWireContract(root);
  const report = formatReport(result).join('\n');
  if (result.ok) console.log(report);
  else console.error(report);
  return result.ok ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 2;
  }
}
