import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { DEMO_PDF_BASE64, DEMO_PNG_BASE64 } from './fixtures.js';

/** One demo tool: what it returns, by kind, and the arguments the scripted model passes. */
export interface DemoTool {
  /** The MCP tool name. */
  readonly name: string;
  /** The kind of output, as the demo's table shows it. */
  readonly output: 'text' | 'image' | 'pdf' | 'text resource' | 'error';
  readonly description: string;
  /** The arguments the simulated model calls it with. */
  readonly arguments: Readonly<Record<string, string>>;
  readonly result: CallToolResult;
  /** The MCP annotations the server lists (what `crosswire demo --approve` asks by). */
  readonly annotations: ToolAnnotations;
}

/** A tool that only reads. */
const READ_ONLY: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };

/** The five tools of the demo server, one per kind of tool output. */
export const DEMO_TOOLS: readonly DemoTool[] = [
  {
    name: 'get_weather',
    output: 'text',
    annotations: READ_ONLY,
    description: 'Current weather for a city.',
    arguments: { city: 'Paris' },
    result: { content: [{ type: 'text', text: 'Paris: 21 °C, light wind from the west' }] },
  },
  {
    name: 'render_chart',
    output: 'image',
    annotations: READ_ONLY,
    description: 'Renders a chart as a PNG image.',
    arguments: { city: 'Paris' },
    result: {
      content: [
        { type: 'text', text: 'Temperature chart for Paris:' },
        { type: 'image', data: DEMO_PNG_BASE64, mimeType: 'image/png' },
      ],
    },
  },
  {
    name: 'fetch_report',
    output: 'pdf',
    annotations: READ_ONLY,
    description: 'Returns the quarterly report as a PDF.',
    arguments: { city: 'Paris' },
    result: {
      content: [
        {
          type: 'resource',
          resource: {
            uri: 'file:///reports/q3-report.pdf',
            mimeType: 'application/pdf',
            blob: DEMO_PDF_BASE64,
          },
        },
      ],
    },
  },
  {
    name: 'read_notes',
    output: 'text resource',
    annotations: READ_ONLY,
    description: 'Reads the meeting notes (a text resource).',
    arguments: { city: 'Paris' },
    result: {
      content: [
        {
          type: 'resource',
          resource: {
            uri: 'file:///notes/meeting.md',
            mimeType: 'text/markdown',
            text: '# Meeting\n- ship the report on Friday',
          },
        },
      ],
    },
  },
  {
    name: 'book_table',
    output: 'error',
    // It acts in the world: `crosswire demo --approve` asks before each call of it.
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: true },
    description: 'Books a restaurant table (always fails in the demo).',
    arguments: { city: 'Paris' },
    result: {
      isError: true,
      content: [{ type: 'text', text: 'booking service unavailable: try again later' }],
    },
  },
];

/** A connected in-memory MCP server and the official SDK client talking to it. */
export interface DemoMcp {
  readonly client: Client;
  readonly close: () => Promise<void>;
}

/**
 * Starts the demo's MCP server in this process (official SDK, `InMemoryTransport`: no port,
 * no network) and connects a client to it.
 */
export async function startDemoMcp(): Promise<DemoMcp> {
  const server = new McpServer({ name: 'crosswire-demo', version: '1.0.0' });
  for (const tool of DEMO_TOOLS) {
    server.registerTool(
      tool.name,
      {
        description: tool.description,
        inputSchema: { city: z.string() },
        annotations: tool.annotations,
      },
      async () => tool.result,
    );
  }
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: 'crosswire-demo-client', version: '1.0.0' });
  await client.connect(clientTransport);
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
