#!/usr/bin/env node
// Extracts the parts of the provider OpenAPI documents that core's conformance tests need
// into fixtures/conformance/, so the tests do not read 3.4 MB of OpenAPI per run.
//
//   node packages/core/scripts/extract-conformance.mjs [/work/shared/conformance]
//
// Each output keeps the source, the licence and only the schemas reachable from its roots.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const conformance = process.argv[2] ?? '/work/shared/conformance';
const outDir = path.join(here, '..', 'fixtures', 'conformance');

function reachable(schemas, roots) {
  const kept = {};
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const name = value.replace('#/components/schemas/', '');
        if (!(name in kept)) {
          kept[name] = schemas[name];
          visit(schemas[name]);
        }
      } else visit(value);
    }
  };
  for (const root of roots) {
    kept[root] = schemas[root];
    visit(schemas[root]);
  }
  return kept;
}

// OpenAPI 3.0 `nullable: true` is not JSON Schema; ajv needs it spelled as a null union.
function fixNullable(node) {
  if (Array.isArray(node)) return node.map(fixNullable);
  if (node === null || typeof node !== 'object') return node;
  const { nullable, ...rest } = node;
  const fixed = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, fixNullable(value)]),
  );
  return nullable === true ? { anyOf: [fixed, { type: 'null' }] } : fixed;
}

function extract(file, licence, roots, out) {
  const document = JSON.parse(readFileSync(path.join(conformance, file), 'utf8'));
  const schemas = fixNullable(reachable(document.components.schemas, roots));
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    path.join(outDir, out),
    `${JSON.stringify(
      {
        source: `${file} (${document.info.title} ${document.info.version}), components.schemas reachable from ${roots.join(', ')}`,
        licence,
        schemas,
      },
      null,
      2,
    )}\n`,
  );
}

extract(
  'openai/openapi.json',
  'MIT (openai/openai-openapi)',
  ['ChatCompletionTool', 'ChatCompletionMessageToolCall', 'FunctionTool', 'FunctionToolCall'],
  'openai-tools.json',
);
extract(
  'gemini/gemini-native.openapi.json',
  'MIT (whit3rabbit/gemini-openapi-spec, community, unofficial)',
  ['Tool', 'FunctionDeclaration', 'FunctionCall', 'Part'],
  'gemini-tools.json',
);
