#!/usr/bin/env node
// Extracts the schema parts the conformance tests need from the providers' OpenAPI documents
// into fixtures/conformance/*.json, following $refs transitively, so the tests do not load
// 3.4 MB of OpenAPI on every run. Run from anywhere:
//
//   node packages/tool-result/scripts/extract-conformance.mjs [path/to/shared/conformance]
//
// The default source is ../shared/conformance next to the repository root.

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourceDir = path.resolve(
  process.argv[2] ?? path.join(packageDir, '../../../shared/conformance'),
);
const outDir = path.join(packageDir, 'fixtures/conformance');

/** Every `#/components/schemas/X` reachable from the roots. */
function closure(schemas, roots) {
  const found = new Set();
  const pending = [...roots];
  while (pending.length > 0) {
    const name = pending.pop();
    if (found.has(name)) continue;
    if (!(name in schemas)) throw new Error(`schema ${name} not in the document`);
    found.add(name);
    const text = JSON.stringify(schemas[name]);
    for (const match of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (!found.has(match[1])) pending.push(match[1]);
    }
  }
  return Object.fromEntries([...found].sort().map((name) => [name, schemas[name]]));
}

function extract({ file, licenseFile, source, roots, out }) {
  const document = JSON.parse(readFileSync(path.join(sourceDir, file), 'utf8'));
  const licenseLines = readFileSync(path.join(sourceDir, licenseFile), 'utf8').split('\n');
  const copyright = licenseLines.find((line) => line.startsWith('Copyright'))?.trim();
  const license = `${licenseLines[0].trim()}${copyright ? `, ${copyright}` : ''}`;
  const schemas = closure(document.components.schemas, roots);
  const fixture = {
    $comment: [
      `Extracted by packages/tool-result/scripts/extract-conformance.mjs from ${source}`,
      `(${file}, OpenAPI ${document.openapi}, info.version ${document.info.version}).`,
      `Licence: ${license} (the licence of the source document). Roots: ${roots.join(', ')};`,
      `${Object.keys(schemas).length} schemas, $refs resolved transitively.`,
    ].join(' '),
    roots,
    components: { schemas },
  };
  writeFileSync(path.join(outDir, out), `${JSON.stringify(fixture, null, 1)}\n`);
  console.log(`${out}: ${Object.keys(schemas).length} schemas`);
}

extract({
  file: 'openai/openapi.json',
  licenseFile: 'openai/LICENSE',
  source: 'github.com/openai/openai-openapi',
  roots: ['CreateChatCompletionRequest'],
  out: 'openai-chat.json',
});
extract({
  file: 'openai/openapi.json',
  licenseFile: 'openai/LICENSE',
  source: 'github.com/openai/openai-openapi',
  roots: ['CreateResponse'],
  out: 'openai-responses.json',
});
extract({
  file: 'gemini/gemini-native.openapi.json',
  licenseFile: 'gemini/LICENSE',
  source: 'github.com/whit3rabbit/gemini-openapi-spec (community, unofficial)',
  roots: ['GenerateContentRequest'],
  out: 'gemini.json',
});
