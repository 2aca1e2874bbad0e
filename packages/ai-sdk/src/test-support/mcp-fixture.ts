// A real MCP server (the official SDK) whose `snapshot` tool returns text, a PNG and a PDF, and
// an AI SDK tool that calls it through an in-memory MCP client.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { jsonSchema, type Tool, tool } from 'ai';
import { PIXEL_PNG } from '../../../../test-support/dialect-conversation.js';

export { PIXEL_PNG };

/** A minimal one-page PDF (written by hand; no outside source). */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
).toString('base64');

export async function startMcp(): Promise<{ client: Client; close: () => Promise<void> }> {
  const server = new McpServer({ name: 'fixture', version: '1.0.0' });
  server.registerTool('snapshot', { description: 'A page snapshot' }, async () => ({
    content: [
      { type: 'text', text: 'page title: Example' },
      { type: 'image', data: PIXEL_PNG, mimeType: 'image/png' },
      {
        type: 'resource',
        resource: { uri: 'file:///reports/q3.pdf', mimeType: 'application/pdf', blob: TINY_PDF },
      },
    ],
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

/** The AI SDK tool calling the MCP tool; its output is the CallToolResult (a `json` output). */
export function snapshotTool(client: Client, toModelOutput?: (output: unknown) => unknown): Tool {
  return tool({
    description: 'A page snapshot',
    inputSchema: jsonSchema<Record<string, never>>({ type: 'object', properties: {} }),
    execute: async () => client.callTool({ name: 'snapshot', arguments: {} }),
    ...(toModelOutput
      ? { toModelOutput: ({ output }: { output: unknown }) => toModelOutput(output) as never }
      : {}),
  });
}
