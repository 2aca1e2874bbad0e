#!/usr/bin/env node
// The conformance-fixture extractor. The runtime oracles of core, tool-result and dialects
// validate what they put on the wire with ajv against the providers' published OpenAPI
// documents. Those documents live outside the repository (`../shared/conformance/`, 3.4 MB of
// OpenAPI), so this script copies into each package's `fixtures/conformance/` only the schemas
// a test needs, with every `$ref` resolved transitively, as plain JSON Schema 2020-12. The
// fixtures are committed: the tests never read `shared/`. Load one with
// `scripts/conformance-oracle.ts`.
//
//   node scripts/extract-conformance.mjs --all [--shared DIR]          every fixture in FIXTURES
//   node scripts/extract-conformance.mjs DOCUMENT OUT ROOT... [--shared DIR]
//
// DOCUMENT is a path under `<shared>/conformance/` (`openai/openapi.json`), or an absolute or
// `./`-relative path; a `LICENSE` file must sit beside it. OUT is relative to the working
// folder. `<shared>` is `--shared DIR`, else `../shared` beside the repository root (as in CI),
// else `/work/shared`.
//
// The OpenAPI 3.0 spellings that survive in these 3.1 documents are rewritten as JSON Schema
// (`nullable: true` becomes a null branch, a boolean `exclusiveMinimum` a numeric one), and
// the OpenAPI-only annotations ajv would ignore anyway (`discriminator`, `example`) are dropped.
// Only schema positions are rewritten, so a property that happens to be called `nullable` or
// an `enum`/`default` value is left as the document has it.

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { repositoryRoot } from './workspace.mjs';

/** Where each known document comes from, for the fixture header. */
export const SOURCES = {
  'openai/openapi.json': {
    origin: 'https://github.com/openai/openai-openapi (openapi.json, official)',
  },
  'gemini/gemini-native.openapi.json': {
    origin:
      'https://github.com/whit3rabbit/gemini-openapi-spec (openapi/gemini-native.openapi.json, community, unofficial)',
  },
};

/** Every committed fixture: what `--all` (`pnpm conformance:extract`) regenerates. */
export const FIXTURES = [
  {
    out: 'packages/core/fixtures/conformance/openai-tools.json',
    document: 'openai/openapi.json',
    roots: [
      'ChatCompletionTool',
      'ChatCompletionMessageToolCall',
      'FunctionTool',
      'FunctionToolCall',
    ],
  },
  {
    out: 'packages/core/fixtures/conformance/gemini-tools.json',
    document: 'gemini/gemini-native.openapi.json',
    roots: ['Tool', 'FunctionDeclaration', 'FunctionCall', 'Part'],
  },
  {
    out: 'packages/tool-result/fixtures/conformance/openai-chat.json',
    document: 'openai/openapi.json',
    roots: ['CreateChatCompletionRequest'],
  },
  {
    out: 'packages/tool-result/fixtures/conformance/openai-responses.json',
    document: 'openai/openapi.json',
    roots: ['CreateResponse'],
  },
  {
    out: 'packages/tool-result/fixtures/conformance/gemini.json',
    document: 'gemini/gemini-native.openapi.json',
    roots: ['GenerateContentRequest'],
  },
  {
    out: 'packages/dialects/fixtures/conformance/openai.json',
    document: 'openai/openapi.json',
    roots: ['CreateChatCompletionRequest', 'CreateResponse'],
  },
  {
    out: 'packages/dialects/fixtures/conformance/gemini.json',
    document: 'gemini/gemini-native.openapi.json',
    roots: ['GenerateContentRequest'],
  },
];

const SCHEMA_PREFIX = '#/components/schemas/';

// The keywords whose value is a schema, an array of schemas, or a map of names to schemas.
// Every other keyword's value is data (`enum`, `default`, `const`, `x-…`) and is kept verbatim.
const SCHEMA_KEYWORDS = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'not',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
]);
const SCHEMA_ARRAY_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_MAP_KEYWORDS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
]);
/** OpenAPI-only annotations with no JSON Schema meaning: ajv (strict: false) ignores them. */
const DROPPED_KEYWORDS = new Set(['discriminator', 'example']);

function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The component name a `#/components/schemas/…` reference points at. */
export function referencedName(ref) {
  if (!ref.startsWith(SCHEMA_PREFIX)) throw new Error(`unsupported $ref ${ref}`);
  return ref.slice(SCHEMA_PREFIX.length).replaceAll('~1', '/').replaceAll('~0', '~');
}

/** Calls `visit` on every schema nested in `schema` (itself included), by schema position. */
function eachSchema(schema, visit) {
  if (!isObject(schema)) return;
  visit(schema);
  for (const [key, value] of Object.entries(schema)) {
    if (SCHEMA_KEYWORDS.has(key)) {
      if (Array.isArray(value)) for (const inner of value) eachSchema(inner, visit);
      else eachSchema(value, visit);
    } else if (SCHEMA_ARRAY_KEYWORDS.has(key) && Array.isArray(value)) {
      for (const inner of value) eachSchema(inner, visit);
    } else if (SCHEMA_MAP_KEYWORDS.has(key) && isObject(value)) {
      for (const inner of Object.values(value)) eachSchema(inner, visit);
    }
  }
}

/**
 * The components reachable from the roots through `$ref`s, transitively, sorted by name.
 * Throws on a missing component or a reference outside `#/components/schemas/`.
 */
export function reachableSchemas(schemas, roots) {
  const found = new Map();
  const pending = [...roots];
  while (pending.length > 0) {
    const name = pending.shift();
    if (found.has(name)) continue;
    if (!Object.hasOwn(schemas, name)) throw new Error(`schema ${name} not in the document`);
    found.set(name, schemas[name]);
    eachSchema(schemas[name], (schema) => {
      if (typeof schema.$ref === 'string') pending.push(referencedName(schema.$ref));
    });
  }
  return Object.fromEntries([...found].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** One schema, its OpenAPI 3.0 spellings rewritten as JSON Schema 2020-12 (see the header). */
export function toJsonSchema(schema) {
  if (!isObject(schema)) return schema;
  const fixed = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable' || DROPPED_KEYWORDS.has(key)) continue;
    if (SCHEMA_KEYWORDS.has(key)) {
      fixed[key] = Array.isArray(value) ? value.map(toJsonSchema) : toJsonSchema(value);
    } else if (SCHEMA_ARRAY_KEYWORDS.has(key) && Array.isArray(value)) {
      fixed[key] = value.map(toJsonSchema);
    } else if (SCHEMA_MAP_KEYWORDS.has(key) && isObject(value)) {
      fixed[key] = Object.fromEntries(
        Object.entries(value).map(([name, inner]) => [name, toJsonSchema(inner)]),
      );
    } else fixed[key] = value;
  }
  // OpenAPI 3.0: `exclusiveMinimum: true` qualifies `minimum`; 2020-12 makes it the bound.
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ]) {
    if (typeof fixed[flag] !== 'boolean') continue;
    if (fixed[flag] && typeof fixed[bound] === 'number') {
      fixed[flag] = fixed[bound];
      delete fixed[bound];
    } else delete fixed[flag];
  }
  return schema.nullable === true ? { anyOf: [fixed, { type: 'null' }] } : fixed;
}

/** "MIT" plus the copyright line of a licence text, for the fixture header. */
export function describeLicence(text) {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  if (!/\bMIT\b/.test(lines[0] ?? '')) throw new Error(`not an MIT licence: ${lines[0]}`);
  return { licence: 'MIT', copyright: lines.find((line) => line.startsWith('Copyright')) ?? '' };
}

/**
 * The fixture for `roots` of one OpenAPI document: a header naming the source, its sha256 and
 * its licence (the full text, as MIT asks of a substantial portion), then `components.schemas`.
 */
export function buildFixture({ documentText, licenceText, sourceName, origin, roots }) {
  const document = JSON.parse(documentText);
  const schemas = reachableSchemas(document.components?.schemas ?? {}, roots);
  const { licence, copyright } = describeLicence(licenceText);
  return {
    $comment:
      'Generated by scripts/extract-conformance.mjs (pnpm conformance:extract) from the OpenAPI document named below; do not edit by hand.',
    source: origin,
    sourceFile: sourceName,
    sourceVersion: `${document.info?.title} ${document.info?.version} (OpenAPI ${document.openapi})`,
    sourceSha256: createHash('sha256').update(documentText).digest('hex'),
    licence,
    copyright,
    licenceText: licenceText,
    roots,
    components: {
      schemas: Object.fromEntries(
        Object.entries(schemas).map(([name, schema]) => [name, toJsonSchema(schema)]),
      ),
    },
  };
}

/** The text of a fixture file: one-space JSON (the OpenAI extracts are large) and a newline. */
export function formatFixture(fixture) {
  return `${JSON.stringify(fixture, null, 1)}\n`;
}

/** `<shared>/conformance`: `--shared DIR`, else `../shared` beside the repository, else /work. */
export function findConformanceDir(shared) {
  const candidates = shared
    ? [path.resolve(shared)]
    : [path.resolve(repositoryRoot, '..', 'shared'), '/work/shared'];
  for (const candidate of candidates) {
    const dir = path.join(candidate, 'conformance');
    if (existsSync(dir)) return dir;
  }
  throw new Error(`no conformance/ folder in ${candidates.join(' or ')}; pass --shared DIR`);
}

function extract({ document, roots, out }, conformanceDir) {
  const file =
    path.isAbsolute(document) || /^\.\.?[\\/]/.test(document)
      ? path.resolve(document)
      : path.join(conformanceDir, document);
  const relative = path.relative(conformanceDir, file);
  const sourceName = relative.startsWith('..')
    ? path.basename(file)
    : `conformance/${relative.split(path.sep).join('/')}`;
  const known = SOURCES[relative.split(path.sep).join('/')];
  const fixture = buildFixture({
    documentText: readFileSync(file, 'utf8'),
    licenceText: readFileSync(path.join(path.dirname(file), 'LICENSE'), 'utf8'),
    sourceName,
    origin: known?.origin ?? sourceName,
    roots,
  });
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, formatFixture(fixture));
  const count = Object.keys(fixture.components.schemas).length;
  console.log(`${path.relative(process.cwd(), out)}: ${count} schemas from ${sourceName}`);
}

export function main(argv) {
  const rest = [...argv];
  let shared;
  const sharedAt = rest.indexOf('--shared');
  if (sharedAt >= 0) {
    shared = rest[sharedAt + 1];
    if (!shared) throw new Error('--shared needs a folder');
    rest.splice(sharedAt, 2);
  }
  const conformanceDir = findConformanceDir(shared);
  if (rest.length === 1 && rest[0] === '--all') {
    for (const fixture of FIXTURES) {
      extract({ ...fixture, out: path.join(repositoryRoot, fixture.out) }, conformanceDir);
    }
    return 0;
  }
  const [document, out, ...roots] = rest;
  if (!document || !out || roots.length === 0 || rest.some((word) => word.startsWith('--'))) {
    console.error(
      'usage: node scripts/extract-conformance.mjs --all [--shared DIR]\n' +
        '       node scripts/extract-conformance.mjs DOCUMENT OUT ROOT... [--shared DIR]',
    );
    return 2;
  }
  extract({ document, roots, out: path.resolve(out) }, conformanceDir);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
