// A real MCP server (the official SDK) on an in-memory transport: `snapshot` returns a text, a
// PNG and a PDF, `broken` fails (`isError`). Tools for a LangChain agent come from
// @langchain/mcp-adapters (in its default and its standard-block forms) or from `tool()` calling
// the MCP client directly.
import { crc32, deflateSync } from 'node:zlib';
import { loadMcpTools } from '@langchain/mcp-adapters';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

/**
 * A valid 16x16 RGB PNG of a fixed pattern, stored without compression so its base64 (1,140
 * characters) is long enough for the simulator's base64-in-text rule (256 characters in a row).
 */
function patternPng(): string {
  const side = 16;
  const rows: Buffer[] = [];
  for (let y = 0; y < side; y++) {
    const row = Buffer.alloc(1 + side * 3);
    for (let x = 0; x < side; x++)
      row.set([(x * 16) & 255, (y * 16) & 255, (x * y * 7) & 255], 1 + x * 3);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]).toString('base64');
}

export const PNG = patternPng();

/** A minimal one-page PDF (written by hand; no outside source). */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
).toString('base64');

export const PDF_URI = 'file:///reports/q3.pdf';

/** What `snapshot` returns. */
export const SNAPSHOT = {
  content: [
    { type: 'text', text: 'page title: Example' },
    { type: 'image', data: PNG, mimeType: 'image/png' },
    { type: 'resource', resource: { uri: PDF_URI, mimeType: 'application/pdf', blob: PDF } },
  ],
} as const;

export interface Mcp {
  readonly client: Client;
  close(): Promise<void>;
}

export async function startMcp(): Promise<Mcp> {
  const server = new McpServer({ name: 'browser', version: '1.0.0' });
  server.registerTool('snapshot', { description: 'A page snapshot' }, async () => ({
    content: SNAPSHOT.content.map((block) => ({ ...block })),
  }));
  server.registerTool('broken', { description: 'Always fails' }, async () => ({
    isError: true,
    content: [{ type: 'text', text: 'the browser is not running' }],
  }));
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1.0.0' });
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** The MCP tools through @langchain/mcp-adapters, embedded resources sent to the model. */
export function adapterTools(client: Client, standardBlocks: boolean) {
  return loadMcpTools('browser', client, {
    useStandardContentBlocks: standardBlocks,
    outputHandling: 'content',
  });
}
