/**
 * Refreshes the imported catalogue snapshot from a local copy of models.dev.
 *
 *   node --import tsx packages/registry/scripts/catalogue.ts refresh --from ../models.dev
 *        [--commit <sha> --date YYYY-MM-DD]   (read from git when the copy is a checkout)
 *
 * Reads `providers/<id>/models/**.toml` (merging `base_model` from `models/<lab>/<id>.toml`)
 * for every models.dev provider a Crosswire provider file names in `catalogue.models_dev`,
 * keeps only the fields the registry reads, and writes data/catalogue/models-dev.json and the
 * catalogue's licence beside it. Then run `registry.ts generate`.
 */

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import { type CatalogueSnapshot, catalogueSnapshotSchema } from '../src/catalogue/schema.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
export const SNAPSHOT_FILE = path.join(packageDir, 'data', 'catalogue', 'models-dev.json');
const LICENCE_FILE = path.join(packageDir, 'data', 'catalogue', 'LICENSE-models-dev');
const SOURCE = 'https://github.com/anomalyco/models.dev';

type Toml = Record<string, unknown>;

/** The models.dev provider ids the provider files map to. */
export function mappedProviders(dataDir = path.join(packageDir, 'data')): string[] {
  const dir = path.join(dataDir, 'providers');
  const ids = new Set<string>();
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.json')) continue;
    const data = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as {
      catalogue?: { models_dev?: string };
    };
    if (data.catalogue?.models_dev) ids.add(data.catalogue.models_dev);
  }
  return [...ids].sort();
}

function tomlFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const full = path.join(dir, entry);
    // Symlinked model files share one file between providers; a dangling one is skipped.
    let info: ReturnType<typeof statSync>;
    try {
      info = statSync(full);
    } catch {
      continue;
    }
    if (info.isDirectory()) found.push(...tomlFiles(full, `${prefix}${entry}/`));
    else if (entry.endsWith('.toml')) found.push(`${prefix}${entry}`);
  }
  return found;
}

function isObject(value: unknown): value is Toml {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** models.dev's merge: objects deep-merged, arrays and primitives replaced. */
function mergeDeep(base: Toml, over: Toml): Toml {
  const result: Toml = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = result[key];
    result[key] = isObject(current) && isObject(value) ? mergeDeep(current, value) : value;
  }
  return result;
}

function omit(data: Toml, dotted: string): void {
  const parts = dotted.split('.');
  let node: unknown = data;
  for (const part of parts.slice(0, -1)) node = isObject(node) ? node[part] : undefined;
  if (isObject(node)) delete node[parts.at(-1) as string];
}

function readModel(root: string, file: string): Toml {
  let data = parse(readFileSync(file, 'utf8')) as Toml;
  if (typeof data.base_model === 'string') {
    const base = path.join(root, 'models', `${data.base_model}.toml`);
    if (!existsSync(base)) throw new Error(`${file}: base_model ${data.base_model} not found`);
    data = mergeDeep(parse(readFileSync(base, 'utf8')) as Toml, data);
    for (const dotted of (data.base_model_omit as string[] | undefined) ?? []) omit(data, dotted);
  }
  return data;
}

function list(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
}

function kindOf(id: string, output: readonly string[]): string | undefined {
  if (/embed/i.test(id)) return 'embedding';
  if (output.includes('image')) return 'image';
  if (output.includes('video')) return 'video';
  if (!output.includes('text') && output.includes('audio')) return 'speech';
  return undefined;
}

/** input, output, cache_read, cache_write (USD per million tokens); tiers are left out. */
function costOf(value: unknown): Record<string, number> | undefined {
  if (!isObject(value)) return undefined;
  const price = (field: unknown) =>
    typeof field === 'number' && Number.isFinite(field) && field >= 0 ? field : undefined;
  const input = price(value.input);
  const output = price(value.output);
  if (input === undefined || output === undefined) return undefined;
  const cost: Record<string, number> = { input, output };
  const cacheRead = price(value.cache_read);
  const cacheWrite = price(value.cache_write);
  if (cacheRead !== undefined) cost.cache_read = cacheRead;
  if (cacheWrite !== undefined) cost.cache_write = cacheWrite;
  return cost;
}

/** The fields the registry reads, in a fixed order. */
function compact(id: string, data: Toml): Record<string, unknown> {
  const modalities = isObject(data.modalities) ? data.modalities : {};
  const input = list(modalities.input);
  const output = list(modalities.output);
  const limit = isObject(data.limit) ? data.limit : {};
  const positive = (value: unknown) =>
    typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
  const record: Record<string, unknown> = {
    name: typeof data.name === 'string' ? data.name : undefined,
    in: (input.length > 0 ? input : ['text']).join(' '),
    out: (output.length > 0 ? output : ['text']).join(' '),
    tools: typeof data.tool_call === 'boolean' ? data.tool_call : undefined,
    context: positive(limit.context),
    output: positive(limit.output),
    released: typeof data.release_date === 'string' ? data.release_date : undefined,
    status: typeof data.status === 'string' ? data.status : undefined,
    kind: kindOf(id, output),
    cost: costOf(data.cost),
  };
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

export function readCatalogue(
  root: string,
  providers: readonly string[],
  commit: string,
  date: string,
): CatalogueSnapshot {
  const snapshot: CatalogueSnapshot = {
    source: SOURCE,
    licence: 'MIT (Copyright (c) 2025 models.dev); see LICENSE-models-dev',
    commit,
    date,
    providers: {},
  };
  for (const provider of providers) {
    const dir = path.join(root, 'providers', provider, 'models');
    const models: Record<string, ReturnType<typeof compact>> = {};
    for (const relative of tomlFiles(dir)) {
      const id = relative.replace(/\.toml$/, '');
      models[id] = compact(id, readModel(root, path.join(dir, relative)));
    }
    if (Object.keys(models).length === 0) {
      throw new Error(`models.dev has no models for provider "${provider}" in ${root}`);
    }
    snapshot.providers[provider] = models as CatalogueSnapshot['providers'][string];
  }
  return catalogueSnapshotSchema.parse(snapshot);
}

/** One model per line, so a refresh shows as a readable diff. */
export function renderSnapshot(snapshot: CatalogueSnapshot): string {
  const lines = ['{'];
  lines.push(`  "source": ${JSON.stringify(snapshot.source)},`);
  lines.push(`  "licence": ${JSON.stringify(snapshot.licence)},`);
  lines.push(`  "commit": ${JSON.stringify(snapshot.commit)},`);
  lines.push(`  "date": ${JSON.stringify(snapshot.date)},`);
  lines.push('  "providers": {');
  const providers = Object.entries(snapshot.providers);
  providers.forEach(([provider, models], providerIndex) => {
    lines.push(`    ${JSON.stringify(provider)}: {`);
    const entries = Object.entries(models);
    entries.forEach(([id, model], modelIndex) => {
      const comma = modelIndex < entries.length - 1 ? ',' : '';
      lines.push(`      ${JSON.stringify(id)}: ${JSON.stringify(model)}${comma}`);
    });
    lines.push(`    }${providerIndex < providers.length - 1 ? ',' : ''}`);
  });
  lines.push('  }', '}', '');
  return lines.join('\n');
}

function option(argv: readonly string[], name: string): string | undefined {
  const position = argv.indexOf(`--${name}`);
  return position >= 0 ? argv[position + 1] : undefined;
}

function gitFact(root: string, format: string): string | undefined {
  if (!existsSync(path.join(root, '.git'))) return undefined;
  return execFileSync('git', ['-C', root, 'log', '-1', `--format=${format}`], {
    encoding: 'utf8',
  }).trim();
}

function main(argv: readonly string[]): number {
  const from = option(argv, 'from');
  if (argv[0] !== 'refresh' || from === undefined) {
    process.stderr.write(
      'usage: catalogue.ts refresh --from <models.dev checkout> [--commit <sha> --date YYYY-MM-DD]\n',
    );
    return 2;
  }
  const root = path.resolve(from);
  const commit = option(argv, 'commit') ?? gitFact(root, '%H');
  const date = option(argv, 'date') ?? gitFact(root, '%cs');
  if (commit === undefined || date === undefined) {
    process.stderr.write(`${root} is not a git checkout: pass --commit and --date\n`);
    return 2;
  }
  const snapshot = readCatalogue(root, mappedProviders(), commit, date);
  writeFileSync(SNAPSHOT_FILE, renderSnapshot(snapshot));
  writeFileSync(LICENCE_FILE, readFileSync(path.join(root, 'LICENSE'), 'utf8'));
  const count = Object.values(snapshot.providers).reduce(
    (sum, models) => sum + Object.keys(models).length,
    0,
  );
  process.stdout.write(
    `catalogue: ${count} models of ${Object.keys(snapshot.providers).length} providers from ${commit.slice(0, 7)} (${date}) written to ${path.relative(process.cwd(), SNAPSHOT_FILE)}\n`,
  );
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  process.exitCode = main(process.argv.slice(2));
}
