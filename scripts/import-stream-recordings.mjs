#!/usr/bin/env node
// One-off import of recorded provider streams from public repositories into
// packages/dialects/fixtures/streams/oracle/ (run by hand; the copies and manifest.json are committed).
//   node scripts/import-stream-recordings.mjs <dir holding owner+name/repo git mirrors>
// Every file is stored as the bytes a client reads on the wire. vercel/ai keeps one SSE `data`
// per line: each becomes `event: <type>` (Anthropic and Responses, whose servers name every event
// after its JSON `type`) and `data: <line>`, then a blank line; Chat Completions streams end in
// `data: [DONE]` as the API sends it. Jest snapshots (openai-node) are unescaped from their template
// literal. js-genai recordings keep each response chunk as JSON: each becomes `data: <json>`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const mirrors = process.argv[2];
if (mirrors === undefined) throw new Error('usage: import-stream-recordings.mjs <mirror dir>');
const out = new URL('../packages/dialects/fixtures/streams/oracle/', import.meta.url).pathname;

const REPOS = {
  'anthropics/anthropic-sdk-typescript': { licence: 'MIT, Copyright 2023 Anthropic, PBC' },
  'openai/openai-node': { licence: 'Apache-2.0, Copyright 2024 OpenAI' },
  'vercel/ai': { licence: 'Apache-2.0, Copyright 2023 Vercel, Inc.' },
  'googleapis/js-genai': { licence: 'Apache-2.0, Copyright 2025 Google LLC' },
};
const git = (repo, ...args) =>
  execFileSync('git', ['-C', join(mirrors, repo.replace('/', '+'), 'repo'), ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
const commitOf = (repo) => git(repo, 'rev-parse', 'HEAD').trim();
const show = (repo, path) => git(repo, 'show', `HEAD:${path}`);

const dataLines = (text) => text.split('\n').filter((line) => line.trim() !== '');
const typedSse = (text) =>
  dataLines(text)
    .map((line) => `event: ${JSON.parse(line).type}\ndata: ${line}\n\n`)
    .join('');
const plainSse = (text, done) =>
  dataLines(text)
    .map((line) => `data: ${line}\n\n`)
    .join('') + (done ? 'data: [DONE]\n\n' : '');

function snapshot(text, name) {
  const start = text.indexOf(`exports[\`${name}\`] = \``);
  if (start === -1) throw new Error(`snapshot ${name} not found`);
  const body = text.slice(text.indexOf('`', start + name.length + 12) + 1);
  const raw = body.slice(0, body.indexOf('\n`;'));
  // pretty-format wraps the string in quotes; the template literal escapes \ and `, and a
  // snapshot written with escapeString also escapes " (ResponseStream's).
  const escaped = raw.includes('{\\"') ? /\\([\\`$"])/g : /\\([\\`$])/g;
  return raw.replace(escaped, '$1').replace(/^\n?"/, '').replace(/"\n?$/, '\n');
}

function genaiRecording(text, interaction = 0) {
  const record = JSON.parse(text);
  return record.interactions[interaction].response.bodySegments
    .map((chunk) => `data: ${JSON.stringify(chunk)}\r\n\r\n`)
    .join('');
}

const V = 'vercel/ai';
const A = 'anthropics/anthropic-sdk-typescript';
const O = 'openai/openai-node';
const G = 'googleapis/js-genai';
const vercel = (wire, path, convert) => ({ wire, repo: V, path, convert });
const fx = 'packages/anthropic/src/__fixtures__/';
const rs = 'packages/openai/src/responses/__fixtures__/';
const az = 'packages/azure/src/__fixtures__/';
const go = 'packages/google/src/__fixtures__/';

const SOURCES = [
  // Anthropic: the SDK's own fixtures, then vercel/ai recordings.
  { wire: 'anthropic', repo: A, path: 'tests/lib/fixtures/basic_response.txt' },
  { wire: 'anthropic', repo: A, path: 'tests/lib/fixtures/tool_use_response.txt' },
  { wire: 'anthropic', repo: A, path: 'tests/lib/fixtures/incomplete_partial_json_response.txt' },
  { wire: 'anthropic', repo: A, path: 'tests/fixtures/fable-fallback/stream-a-refusal.sse' },
  { wire: 'anthropic', repo: A, path: 'tests/fixtures/fable-fallback/stream-a-toolrefusal.sse' },
  { wire: 'anthropic', repo: A, path: 'tests/fixtures/fable-fallback/stream-b-fallback.sse' },
  ...[
    'anthropic-text',
    'anthropic-json-tool.1',
    'anthropic-json-tool.2',
    'anthropic-tool-no-args',
    'anthropic-message-delta-input-tokens',
    'anthropic-refusal',
    'anthropic-web-search-tool.1',
    'anthropic-web-fetch-tool.1',
    'anthropic-code-execution-20250825.1',
    'anthropic-clear-thinking.1',
    'anthropic-json-output-format.1',
    'anthropic-mcp.1',
    'anthropic-compaction.1',
  ].map((name) => vercel('anthropic', `${fx}${name}.chunks.txt`, typedSse)),
  // Chat Completions: openai-node snapshots, then vercel/ai (OpenAI and compatible servers).
  ...[
    '.stream() works 1',
    '.stream() emits content logprobs events 1',
    '.stream() emits refusal logprobs events 1',
  ].map((snap) => ({
    wire: 'openai',
    repo: O,
    path: 'tests/lib/__snapshots__/ChatCompletionStream.test.ts.snap',
    snap,
  })),
  ...[
    'packages/openai/src/chat/__fixtures__/openai-text.chunks.txt',
    'packages/openai/src/chat/__fixtures__/azure-model-router.1.chunks.txt',
    'packages/deepseek/src/chat/__fixtures__/deepseek-reasoning.chunks.txt',
    'packages/deepseek/src/chat/__fixtures__/deepseek-tool-call.chunks.txt',
    'packages/deepseek/src/chat/__fixtures__/deepseek-text.chunks.txt',
    'packages/openai-compatible/src/chat/__fixtures__/xai-tool-call.chunks.txt',
    'packages/openai-compatible/src/chat/__fixtures__/xai-text.chunks.txt',
    'packages/groq/src/__fixtures__/groq-tool-call.chunks.txt',
    'packages/groq/src/__fixtures__/groq-reasoning.chunks.txt',
    'packages/mistral/src/__fixtures__/mistral-tool-call.chunks.txt',
  ].map((path) => vercel('openai', path, (text) => plainSse(text, true))),
  // Responses: openai-node snapshots, then vercel/ai (OpenAI and Azure).
  ...['.stream() standard text works 1', '.stream() reasoning works 1'].map((snap) => ({
    wire: 'responses',
    repo: O,
    path: 'tests/lib/__snapshots__/ResponseStream.test.ts.snap',
    snap,
  })),
  ...[
    `${rs}openai-error.1`,
    `${rs}openai-reasoning-encrypted-content.1`,
    `${rs}openai-web-search-tool.1`,
    'packages/xai/src/responses/__fixtures__/xai-text-streaming.1',
    `${rs}github-copilot-id-rotation.1`,
    'packages/xai/src/responses/__fixtures__/xai-text-with-reasoning-streaming.1',
    `${rs}openai-file-search-tool.1`,
    `${az}azure-text.1`,
    `${az}azure-tool-call.1`,
  ].map((path) => vercel('responses', `${path}.chunks.txt`, typedSse)),
  // Gemini: vercel/ai recordings, then js-genai's own recordings.
  ...[
    'google-text',
    'google-tool-call',
    'google-tool-call-gemini3',
    'google-reasoning',
    'google-reasoning-gemini3',
    'google-stream-no-args-tool-call',
  ].map((name) => vercel('gemini', `${go}${name}.chunks.txt`, (text) => plainSse(text, false))),
  ...[
    'Chats_Tests_sendMessage_Google_AI_with_text_stream',
    'Chats_Tests_chats_function_calling_Google_AI_with_function_calling_stream',
    'Chats_Tests_sendMessage_Vertex_AI_with_config_stream',
    'AFC_Streaming_Tests_generateContentStream_afc_disabled_Google_AI_AFC_disabled',
  ].map((name) => ({
    wire: 'gemini',
    repo: G,
    path: `test/system/recordings/${name}.json`,
    genai: true,
  })),
];

// Streams built by hand (Ollama, Hermes: no official accumulator, no permissive recording) are
// listed in the manifest by hand and kept.
const manifestFile = join(out, 'manifest.json');
const kept = existsSync(manifestFile)
  ? JSON.parse(readFileSync(manifestFile, 'utf8')).filter((entry) =>
      entry.transform.startsWith('hand-built'),
    )
  : [];
const manifest = [];
for (const source of SOURCES) {
  const text = show(source.repo, source.path);
  let bytes;
  let transform;
  if (source.snap !== undefined) {
    bytes = snapshot(text, source.snap);
    transform = `the Jest snapshot \`${source.snap}\`, unescaped from its template literal`;
  } else if (source.genai) {
    bytes = genaiRecording(text);
    transform = "the first interaction's response bodySegments, each as one `data:` event";
  } else if (source.convert !== undefined) {
    bytes = source.convert(text);
    transform =
      source.convert === typedSse
        ? 'one data line per event; `event: <type>` added from each JSON `type`'
        : source.wire === 'openai'
          ? 'one data line per event; `data: [DONE]` added at the end'
          : 'one data line per event';
  } else {
    bytes = text;
    transform = 'unchanged';
  }
  const base = source.path
    .split('/')
    .at(-1)
    .replace(/\.(chunks\.txt|txt|sse|json|snap)$/, '');
  const name = `${source.wire}/${(source.snap ?? base)
    .replace(/[^A-Za-z0-9.]+/g, '-')
    .replace(/^[-.]+|-$/g, '')
    .replace(/-1$/, '')
    .toLowerCase()}${source.snap ? `-${base.replace('.test.ts', '').toLowerCase()}` : ''}`;
  mkdirSync(join(out, source.wire), { recursive: true });
  writeFileSync(join(out, `${name}.sse`), bytes);
  manifest.push({
    name,
    wire: source.wire,
    file: `${name}.sse`,
    source: `https://github.com/${source.repo}/blob/${commitOf(source.repo)}/${source.path}`,
    licence: REPOS[source.repo].licence,
    transform,
  });
}
manifest.push(...kept);
writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`${manifest.length} streams`);
