// Every model a user-facing doc names must be one the registry serves without a lifecycle
// warning: when a model the docs name retires (or is deprecated), this fails, and the fix is the
// one line that names it. Run by CI (`pnpm docs:models`).
//
//   node --import tsx scripts/docs-code/models.ts
//   (with TSX_TSCONFIG_PATH=site/tsconfig.json: the package names resolve to their sources)
//
// A model is "named" where a doc writes a name a provider in the registry serves or served (its
// offerings, their aliases, its retired offerings), anywhere on the page; or where it is given
// as a model (`model: '...'`, `--model ...`, `crosswire caps PROVIDER MODEL`), which must then
// resolve to a model the registry knows.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { defaultRegistry, type Registry } from '@crosswire/registry';
import { userDocs } from './user-docs.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** One name a page gives, where, and on which provider when the page says. */
export interface NamedModel {
  readonly page: string;
  readonly line: number;
  readonly name: string;
  readonly provider?: string;
}

/** Each name a provider serves or served, with those providers. */
export function servedNames(registry: Registry): Map<string, string[]> {
  const names = new Map<string, string[]>();
  for (const provider of registry.providers()) {
    for (const offering of [...provider.offerings, ...provider.retired]) {
      for (const name of [offering.id, ...offering.aliases]) {
        names.set(name, [...new Set([...(names.get(name) ?? []), provider.id])]);
      }
    }
  }
  return names;
}

const TOKEN = /[A-Za-z0-9][A-Za-z0-9._:/-]*[A-Za-z0-9]/g;
// Where a page gives a model explicitly: in code, as an option, on a command line.
const GIVEN = [
  /\bmodel:\s*['"]([^'"]+)['"]/g,
  /--model[ =]([A-Za-z0-9][\w.:/-]*)/g,
  /\bcaps\s+(?:--provider\s+)?([a-z][\w-]*)\s+(?:--model\s+)?([A-Za-z0-9][\w.:/-]*)/g,
];

/**
 * The lines a page exempts: a page that shows what a retired or an unknown name does (a warning,
 * a family template) marks the paragraph or code block with `<!-- models: example -->`.
 */
function exemptLines(lines: readonly string[]): Set<number> {
  const exempt = new Set<number>();
  for (let index = 0; index < lines.length; index += 1) {
    if (!/^<!--\s*models:\s*example\b/.test((lines[index] ?? '').trim())) continue;
    let inFence = false;
    for (let next = index + 1; next < lines.length; next += 1) {
      const text = lines[next] ?? '';
      if (/^\s*(```|~~~)/.test(text)) inFence = !inFence;
      else if (!inFence && text.trim() === '' && next > index + 1) break;
      exempt.add(next);
      if (!inFence && /^\s*(```|~~~)/.test(text) && next > index + 1) break;
    }
  }
  return exempt;
}

/** The models one page names (none on a generated page: it lists what the data holds). */
export function namedModels(
  page: string,
  text: string,
  served: Map<string, string[]>,
): NamedModel[] {
  const found: NamedModel[] = [];
  if (/<!-- Generated /.test(text.slice(0, 400))) return found;
  const lines = text.split('\n');
  const exempt = exemptLines(lines);
  lines.forEach((lineText, index) => {
    if (exempt.has(index)) return;
    const line = index + 1;
    const given = new Set<string>();
    for (const pattern of GIVEN) {
      for (const match of lineText.matchAll(pattern)) {
        const [, first = '', second] = match;
        const name = second ?? first;
        // A placeholder (MODEL, M, <model>) or a word of prose is not a model: a model name
        // has a digit, a dash, a colon or a slash.
        if (/^[A-Z_]+$|^<|^\$/.test(name) || !/[\d:/-]/.test(name)) continue;
        given.add(name);
        found.push({ page, line, name, ...(second === undefined ? {} : { provider: first }) });
      }
    }
    for (const [name] of lineText.matchAll(TOKEN)) {
      if (served.has(name) && !given.has(name)) found.push({ page, line, name });
    }
  });
  return found;
}

/** Why a named model fails, or undefined when it resolves with no lifecycle warning. */
export function problemOf(
  named: NamedModel,
  registry: Registry,
  served: Map<string, string[]>,
): string | undefined {
  const providers =
    named.provider !== undefined && registry.hasProvider(named.provider)
      ? [named.provider]
      : (served.get(named.name) ?? []);
  if (providers.length === 0) {
    const resolution = registry.resolve({ model: named.name });
    if (!resolution.known || resolution.via === 'family') {
      return `model "${named.name}" is not one the registry knows (no provider serves it)`;
    }
    return resolution.lifecycle !== undefined && resolution.lifecycle.status !== 'current'
      ? (resolution.warnings[0] ?? `model "${named.name}" is ${resolution.lifecycle.status}`)
      : undefined;
  }
  // Fine where any provider that serves the name serves it current.
  const answers = providers.map((provider) => registry.resolve({ provider, model: named.name }));
  const fine = answers.find(
    (resolution) =>
      resolution.known &&
      resolution.via !== 'family' &&
      (resolution.lifecycle === undefined || resolution.lifecycle.status === 'current'),
  );
  if (fine !== undefined) return undefined;
  const warned = answers.find((resolution) => resolution.warnings.length > 0);
  return (
    warned?.warnings[0] ??
    `model "${named.name}" is not one the registry knows on ${providers.join(', ')}`
  );
}

function main(): number {
  const served = servedNames(defaultRegistry);
  const problems: string[] = [];
  let count = 0;
  for (const file of userDocs(root)) {
    const page = path.relative(root, file);
    for (const named of namedModels(page, readFileSync(file, 'utf8'), served)) {
      count += 1;
      const problem = problemOf(named, defaultRegistry, served);
      if (problem !== undefined) problems.push(`${page}:${named.line}: ${problem}`);
    }
  }
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(
      `docs:models: ${problems.length} of ${count} model names in the docs need a current model`,
    );
    return 1;
  }
  console.log(`docs:models: ${count} model names in the docs, each served without a warning`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main();
