#!/usr/bin/env node
// Records the MCP reference servers' tools and a few results as data files in
// fixtures/mcp-reference/ (the one command that writes them; tests only read them).
//
//   npm install --prefix /tmp/mcp-reference @modelcontextprotocol/server-everything@2026.8.31 \
//     @modelcontextprotocol/server-filesystem@2026.8.31 @modelcontextprotocol/server-memory@2026.8.31
//   node packages/engines/scripts/record-mcp-reference.mjs /tmp/mcp-reference
//
// Each server runs over stdio through the MCP SDK client (the servers' own transport); the
// filesystem server gets a fresh directory with a small PNG (made here, no fixture file) and a
// text file, the memory server a fresh memory file.

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const from = process.argv[2];
if (!from) {
  console.error('usage: record-mcp-reference.mjs <dir where the three servers are installed>');
  process.exit(2);
}
const out = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'fixtures',
  'mcp-reference',
);
mkdirSync(out, { recursive: true });

/** A `width` x `height` RGB PNG with a gradient (a real image, a few hundred bytes). */
function png(width, height) {
  const crc = (bytes) => {
    let c = ~0;
    for (const byte of bytes) {
      c ^= byte;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set([x * 4, y * 5, 128], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const files = mkdtempSync(path.join(tmpdir(), 'mcp-reference-files-'));
writeFileSync(path.join(files, 'photo.png'), png(48, 32));
writeFileSync(path.join(files, 'notes.txt'), 'first line\nsecond line\n');
const memory = path.join(mkdtempSync(path.join(tmpdir(), 'mcp-reference-memory-')), 'memory.jsonl');

const servers = [
  {
    name: 'server-everything',
    args: ['stdio'],
    calls: [
      ['echo', { message: 'hello from crosswire' }],
      ['get-sum', { a: 2, b: 3 }],
      ['get-tiny-image', {}],
      ['get-annotated-message', { messageType: 'error', includeImage: true }],
      ['get-resource-reference', { resourceType: 'Text', resourceId: 1 }],
      ['get-resource-reference', { resourceType: 'Blob', resourceId: 2 }],
      ['get-resource-links', { count: 2 }],
      ['get-structured-content', { location: 'New York' }],
      // A call the server refuses (a string where a number goes): its error result.
      ['get-sum', { a: 'two', b: 3 }],
    ],
  },
  {
    name: 'server-filesystem',
    args: [files],
    calls: [
      ['read_media_file', { path: path.join(files, 'photo.png') }],
      ['read_text_file', { path: path.join(files, 'notes.txt') }],
      ['list_directory', { path: files }],
      ['get_file_info', { path: path.join(files, 'notes.txt') }],
      // Outside the allowed directory: an error result.
      ['read_text_file', { path: '/etc/hostname' }],
    ],
  },
  {
    name: 'server-memory',
    args: [],
    calls: [
      [
        'create_entities',
        {
          entities: [
            { name: 'Ada', entityType: 'person', observations: ['wrote the first program'] },
          ],
        },
      ],
      ['read_graph', {}],
      ['search_nodes', { query: 'Ada' }],
      // A required argument missing: an error result.
      ['open_nodes', {}],
    ],
  },
];

/** The recorded text without the temporary directory's name (the same data on every run). */
function scrub(value) {
  return JSON.parse(
    JSON.stringify(value).replaceAll(files, '/files').replaceAll(memory, '/memory.jsonl'),
  );
}

for (const server of servers) {
  const dir = path.join(from, 'node_modules', '@modelcontextprotocol', server.name);
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const bin = typeof pkg.bin === 'string' ? pkg.bin : Object.values(pkg.bin)[0];
  const client = new Client({ name: 'crosswire-recorder', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [path.join(dir, bin), ...server.args],
      env: { ...process.env, MEMORY_FILE_PATH: memory },
      stderr: 'ignore',
    }),
  );
  const { tools } = await client.listTools();
  const calls = [];
  for (const [name, args] of server.calls) {
    let result;
    try {
      result = await client.callTool({ name, arguments: args });
    } catch (error) {
      // The SDK client throws when a result breaks the tool's outputSchema; record the refusal.
      result = { content: [{ type: 'text', text: String(error.message) }], isError: true };
    }
    calls.push({ name, arguments: args, result });
  }
  await client.close();
  const file = path.join(out, `${server.name}.json`);
  writeFileSync(
    file,
    `${JSON.stringify(
      scrub({
        server: `@modelcontextprotocol/${server.name}`,
        version: pkg.version,
        source: 'https://github.com/modelcontextprotocol/servers',
        licence: 'see LICENSE.md beside this file',
        recordedWith: 'node packages/engines/scripts/record-mcp-reference.mjs',
        tools,
        calls,
      }),
      null,
      2,
    )}\n`,
  );
  console.log(`recorded ${file}: ${tools.length} tools, ${calls.length} calls`);
}
