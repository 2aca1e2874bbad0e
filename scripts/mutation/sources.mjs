// Which source files the mutation report must cover, and which group measures each.
// A source file is any `packages/*/src/**/*.ts` but tests (`*.test.ts`, `*.test-d.ts`),
// declaration files and test helpers (`test-support/` folders). Each is either measured by a
// group of groups.mjs (the first group, in declaration order, whose `mutate` patterns match
// it: so a folder-wide group takes what the narrower groups before it leave, and a new file in
// that folder joins it) or excepted in EXCEPTIONS with why, a claim the check verifies.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { EXCEPTIONS, GROUPS } from './groups.mjs';

/** `pattern` (`*` within a path segment, `**` across segments, `{a,b}`) as a RegExp. */
export function globToRegExp(pattern) {
  let source = '';
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === '*' && pattern[index + 1] === '*') {
      // `**/` matches no segment or any number of them.
      const slash = pattern[index + 2] === '/';
      source += slash ? '(?:[^/]+/)*' : '.*';
      index += slash ? 2 : 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else if (char === '{') {
      const end = pattern.indexOf('}', index);
      source += `(?:${pattern
        .slice(index + 1, end)
        .split(',')
        .map((part) => part.replace(/[.+^$()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*'))
        .join('|')})`;
      index = end;
    } else source += char.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

const matcher = (patterns) => {
  const expressions = patterns.map(globToRegExp);
  return (file) => expressions.some((expression) => expression.test(file));
};

function walk(dir, out) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'test-support') walk(path, out);
    } else if (
      name.endsWith('.ts') &&
      !name.endsWith('.test.ts') &&
      !name.endsWith('.test-d.ts') &&
      !name.endsWith('.d.ts')
    ) {
      out.push(path);
    }
  }
  return out;
}

/** Every source file of every package, sorted. */
export function sourceFiles() {
  const files = [];
  for (const name of readdirSync('packages').sort()) {
    try {
      if (statSync(`packages/${name}/src`).isDirectory()) walk(`packages/${name}/src`, files);
    } catch {
      // A folder without src/ is no package with sources.
    }
  }
  return files;
}

/**
 * The files each group measures (its patterns, less what an earlier group claimed), the
 * exception of each excepted file, and the files nothing claims.
 */
export function assignSources(files = sourceFiles()) {
  const exceptions = EXCEPTIONS.map((exception) => ({
    ...exception,
    matches: matcher(exception.files),
  }));
  const groups = Object.entries(GROUPS).map(([name, group]) => ({
    name,
    matches: matcher(group.mutate),
  }));
  const byGroup = Object.fromEntries(Object.keys(GROUPS).map((name) => [name, []]));
  const excepted = [];
  const unclaimed = [];
  for (const file of files) {
    const exception = exceptions.find((candidate) => candidate.matches(file));
    if (exception) {
      excepted.push({ file, exception });
      continue;
    }
    const group = groups.find((candidate) => candidate.matches(file));
    if (group) byGroup[group.name].push(file);
    else unclaimed.push(file);
  }
  return { byGroup, excepted, unclaimed };
}

/** The files one group measures (what stryker.config.mjs mutates). */
export function groupFiles(name) {
  return assignSources().byGroup[name] ?? [];
}

/** The code esbuild leaves of a TypeScript file, comments and blank lines removed. */
function emitted(file) {
  const { code } = transformSync(readFileSync(file, 'utf8'), { loader: 'ts', format: 'esm' });
  return code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .trim();
}

const RE_EXPORT =
  /(?:export|import)\s*(?:\*|\{[^}]*\}|[\w$]+)?(?:\s*as\s*[\w$]+)?\s*(?:from\s*)?"[^"]+";/g;

/** A constant array of string or number literals, as esbuild writes `[...] as const`. */
const CONSTANT_ARRAY = /const [\w$]+ = \[(?:\s*(?:"[^"\\]*"|-?\d+(?:\.\d+)?)\s*,?)*\s*\];/g;

/**
 * Why an excepted file is not what its exception says, or undefined when it is: `types`
 * compiles to nothing, `re-exports` to imports and re-exports only, `constants` to exported
 * arrays of literals only (Stryker finds no mutant there), `generated` starts with a
 * "Generated from" line.
 */
export function exceptionProblem(file, kind) {
  if (kind === 'types') {
    const code = emitted(file);
    return code === '' || code === 'export {};' ? undefined : 'has code, not only types';
  }
  if (kind === 're-exports') {
    const code = emitted(file)
      .replace(RE_EXPORT, '')
      .replace(/export\s*\{[^}]*\};/g, '')
      .trim();
    return code === '' ? undefined : 'has code, not only re-exports';
  }
  if (kind === 'constants') {
    const code = emitted(file)
      .replace(CONSTANT_ARRAY, '')
      .replace(/export\s*\{[^}]*\};/g, '')
      .trim();
    return code === '' ? undefined : 'has code, not only arrays of literals';
  }
  if (kind === 'generated') {
    return /^\/\/ Generated from /.test(readFileSync(file, 'utf8'))
      ? undefined
      : 'does not start with a "// Generated from" line';
  }
  return `unknown exception kind ${JSON.stringify(kind)}`;
}
