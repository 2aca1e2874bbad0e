#!/usr/bin/env node
// Extracts the request schemas the dialect conformance tests validate against from the
// provider OpenAPI documents in ../shared/conformance/ (outside this repository), with every
// $ref resolved transitively, into fixtures/conformance/*.json. Re-run after updating those
// documents:
//
//   node packages/engines/scripts/dialect-conformance-extract.mjs [CONFORMANCE_DIR]
//
// Sources (both MIT licensed; the licence text is copied into each extract):
// - OpenAI: openai/openai-openapi `openapi.json` (official, OpenAPI 3.1)
// - Gemini: whit3rabbit/gemini-openapi-spec `openapi/gemini-native.openapi.json` (community,
//   OpenAPI 3.1, built from Google's docs and discovery document)
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const source = path.resolve(process.argv[2] ?? path.join(here, '../../../../shared/conformance'));
const out = path.join(here, '../fixtures/conformance');

const EXTRACTS = [
  {
    file: 'openai.json',
    document: 'openai/openapi.json',
    licence: 'openai/LICENSE',
    origin: 'https://github.com/openai/openai-openapi (openapi.json)',
    roots: ['CreateChatCompletionRequest', 'CreateResponse'],
  },
  {
    file: 'gemini.json',
    document: 'gemini/gemini-native.openapi.json',
    licence: 'gemini/LICENSE',
    origin:
      'https://github.com/whit3rabbit/gemini-openapi-spec (openapi/gemini-native.openapi.json)',
    roots: ['GenerateContentRequest'],
  },
];

const PREFIX = '#/components/schemas/';

function collect(schemas, roots) {
  const kept = {};
  const queue = [...roots];
  while (queue.length > 0) {
    const name = queue.shift();
    if (name in kept) continue;
    const schema = schemas[name];
    if (schema === undefined) throw new Error(`schema ${name} not found`);
    kept[name] = schema;
    const walk = (value) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        if (typeof value.$ref === 'string') {
          if (!value.$ref.startsWith(PREFIX)) throw new Error(`unsupported $ref ${value.$ref}`);
          queue.push(value.$ref.slice(PREFIX.length));
        }
        Object.values(value).forEach(walk);
      }
    };
    walk(schema);
  }
  return Object.fromEntries(
    Object.keys(kept)
      .sort()
      .map((name) => [name, kept[name]]),
  );
}

mkdirSync(out, { recursive: true });
for (const extract of EXTRACTS) {
  const text = readFileSync(path.join(source, extract.document), 'utf8');
  const document = JSON.parse(text);
  const schemas = collect(document.components.schemas, extract.roots);
  const result = {
    source: extract.origin,
    sourceVersion: document.info?.version,
    sourceSha256: createHash('sha256').update(text).digest('hex'),
    licence: readFileSync(path.join(source, extract.licence), 'utf8'),
    roots: extract.roots,
    components: { schemas },
  };
  writeFileSync(path.join(out, extract.file), `${JSON.stringify(result, null, 1)}\n`);
  console.log(`${extract.file}: ${Object.keys(schemas).length} schemas from ${extract.document}`);
}
