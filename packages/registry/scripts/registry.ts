/**
 * The registry's contribution tool.
 *
 *   node --import tsx packages/registry/scripts/registry.ts validate   strict schema + cross-field checks
 *   node --import tsx packages/registry/scripts/registry.ts generate   validate, then write the artifacts
 *   node --import tsx packages/registry/scripts/registry.ts check      validate, then fail if an artifact is stale
 *
 * Artifacts: src/generated/data.ts (the compiled data), schema/*.schema.json (editor
 * completion) and CAPABILITIES.md (the effective capability table reviewers diff).
 * `--data <dir>` points at another data folder (tests use it); `--quiet` prints only problems.
 */

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { renderCapabilitiesTable } from '../src/capabilities-table.js';
import { catalogueSnapshotSchema } from '../src/catalogue/schema.js';
import { buildRegistry } from '../src/registry.js';
import { labFileSchema, providerFileSchema } from '../src/schema.js';
import {
  formatIssue,
  type RegistryFile,
  type RegistryIssue,
  type RegistrySource,
  validateRegistrySources,
} from '../src/validation/validate.js';
import { checkReviewed, reviewedFileSchema } from './crosscheck-reviewed.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

function readSources(dataDir: string): { sources: RegistrySource[]; issues: RegistryIssue[] } {
  const sources: RegistrySource[] = [];
  const issues: RegistryIssue[] = [];
  for (const folder of ['models', 'providers']) {
    const dir = path.join(dataDir, folder);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      if (!name.endsWith('.json')) continue;
      const file = path.relative(packageDir, path.join(dir, name)).split(path.sep).join('/');
      const text = readFileSync(path.join(dir, name), 'utf8');
      try {
        sources.push({ file, data: JSON.parse(text) });
      } catch (error) {
        issues.push({ file, path: '', message: `not valid JSON: ${(error as Error).message}` });
      }
    }
  }
  return { sources, issues };
}

/** Strips `$schema` (editor-only) so the compiled data holds facts only. */
function withoutSchemaKey(file: RegistryFile): RegistryFile {
  const { $schema: _schema, ...data } = file.data;
  return { ...file, data } as RegistryFile;
}

/**
 * Compact JSON, one line per model, offering and other list entry, so the shipped module is
 * small and quick to parse while a data change still shows as a readable diff.
 */
function compactJson(value: unknown, depth = 0): string {
  if (Array.isArray(value)) {
    if (depth > 3 || value.every((item) => typeof item !== 'object' || item === null)) {
      return JSON.stringify(value);
    }
    return `[\n${value.map((item) => compactJson(item, depth + 1)).join(',\n')}\n]`;
  }
  if (typeof value === 'object' && value !== null && depth < 3) {
    const entries = Object.entries(value).map(
      ([key, item]) => `${JSON.stringify(key)}:${compactJson(item, depth + 1)}`,
    );
    return `{\n${entries.join(',\n')}\n}`;
  }
  return JSON.stringify(value);
}

function renderDataModule(files: readonly RegistryFile[]): string {
  const json = compactJson(files.map(withoutSchemaKey))
    .replaceAll('\\', '\\\\')
    .replaceAll('`', '\\`')
    .replaceAll('${', '\\${');
  return [
    '// Generated from data/*.json by `node --import tsx packages/registry/scripts/registry.ts generate`.',
    '// Do not edit: change the data files and regenerate. Validated when generated, so loading it',
    '// needs no schema pass; JSON.parse of one string is the fastest way to load this much data.',
    "import type { RegistryFile } from '../files.js';",
    '',
    `export const registryFiles: readonly RegistryFile[] = JSON.parse(\`${json}\`);`,
    '',
  ].join('\n');
}

function renderSchema(schema: z.ZodType, title: string): string {
  const generated = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return `${JSON.stringify({ ...generated, title }, null, 2)}\n`;
}

/** The catalogue snapshot as a string the registry parses on first use (lazy data). */
function renderCatalogueModule(snapshotText: string): string {
  const snapshot = catalogueSnapshotSchema.parse(JSON.parse(snapshotText));
  const json = JSON.stringify(snapshot)
    .replaceAll('\\', '\\\\')
    .replaceAll('`', '\\`')
    .replaceAll('${', '\\${');
  return [
    '// Generated from data/catalogue/models-dev.json by `node --import tsx packages/registry/scripts/registry.ts generate`.',
    '// Do not edit: refresh the snapshot (scripts/catalogue.ts) and regenerate. A string, parsed on',
    '// first use, so importing the registry does not pay for the catalogue.',
    '',
    `export const catalogueText: string = \`${json}\`;`,
    '',
  ].join('\n');
}

function readCatalogueText(dataDir: string): string | undefined {
  const file = path.join(dataDir, 'catalogue', 'models-dev.json');
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

export function artifacts(
  files: readonly RegistryFile[],
  catalogueText: string | undefined = readCatalogueText(path.join(packageDir, 'data')),
): Map<string, string> {
  return new Map([
    ['src/generated/data.ts', renderDataModule(files)],
    ...(catalogueText === undefined
      ? []
      : [['src/generated/catalogue.ts', renderCatalogueModule(catalogueText)] as [string, string]]),
    [
      'schema/lab.schema.json',
      renderSchema(labFileSchema, 'Crosswire registry: a lab file (models)'),
    ],
    [
      'schema/provider.schema.json',
      renderSchema(providerFileSchema, 'Crosswire registry: a provider file'),
    ],
    [
      'schema/crosscheck-reviewed.schema.json',
      renderSchema(reviewedFileSchema, 'Crosswire registry: reviewed crosscheck differences'),
    ],
    ['CAPABILITIES.md', renderCapabilitiesTable(buildRegistry(files))],
  ]);
}

/** JSON artifacts compare by value, so the repository formatter may lay them out its own way. */
function sameContent(relative: string, current: string, generated: string): boolean {
  if (!relative.endsWith('.json')) return current === generated;
  try {
    return JSON.stringify(JSON.parse(current)) === JSON.stringify(JSON.parse(generated));
  } catch {
    return false;
  }
}

/** The reviewed crosscheck table's problems, when the data folder has one. */
function reviewedIssues(dataDir: string): RegistryIssue[] {
  const file = path.join(dataDir, 'catalogue', 'crosscheck-reviewed.json');
  if (!existsSync(file)) return [];
  const relative = path.relative(packageDir, file).split(path.sep).join('/');
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return [{ file: relative, path: '', message: `not valid JSON: ${(error as Error).message}` }];
  }
  return checkReviewed(data).problems.map((problem) => ({ file: relative, ...problem }));
}

function main(argv: readonly string[]): number {
  const command = argv[0] ?? 'validate';
  const dataFlag = argv.indexOf('--data');
  const dataDir =
    dataFlag >= 0 ? path.resolve(argv[dataFlag + 1] ?? '.') : path.join(packageDir, 'data');
  const quiet = argv.includes('--quiet');
  if (!['validate', 'generate', 'check'].includes(command)) {
    process.stderr.write(`unknown command "${command}" (use validate, generate or check)\n`);
    return 2;
  }

  const read = readSources(dataDir);
  const validated = validateRegistrySources(read.sources);
  const issues = [...read.issues, ...validated.issues, ...reviewedIssues(dataDir)];
  if (issues.length > 0) {
    for (const issue of issues) process.stderr.write(`${formatIssue(issue)}\n`);
    process.stderr.write(`registry: ${issues.length} problem(s) in ${dataDir}\n`);
    return 1;
  }
  const providers = validated.files.filter((file) => file.kind === 'provider').length;
  const models = validated.files
    .filter((file) => file.kind === 'lab')
    .reduce((sum, file) => sum + (file.kind === 'lab' ? file.data.models.length : 0), 0);
  if (!quiet) process.stdout.write(`registry: ${providers} providers, ${models} models: valid\n`);
  if (command === 'validate') return 0;

  const stale: string[] = [];
  for (const [relative, content] of artifacts(validated.files, readCatalogueText(dataDir))) {
    const target = path.join(packageDir, relative);
    const current = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
    if (current !== undefined && sameContent(relative, current, content)) continue;
    if (command === 'generate') {
      writeFileSync(target, content);
      if (!quiet) process.stdout.write(`registry: wrote ${relative}\n`);
    } else {
      stale.push(relative);
    }
  }
  if (stale.length > 0) {
    process.stderr.write(
      `registry: out of date: ${stale.join(', ')}; run \`node --import tsx packages/registry/scripts/registry.ts generate\` and commit the result\n`,
    );
    return 1;
  }
  if (command === 'check' && !quiet) process.stdout.write('registry: generated files up to date\n');
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  process.exitCode = main(process.argv.slice(2));
}
