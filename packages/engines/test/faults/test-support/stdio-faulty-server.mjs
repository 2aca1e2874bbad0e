// A faulty MCP server over stdio, built with the official SDK; plain JavaScript so it starts
// without a TypeScript loader. Tools: `echo` answers, `hang` never does (and ignores
// cancellation), `crash` kills this process in the middle of the call.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'stdio-faulty', version: '1.0.0' });
server.registerTool('echo', { inputSchema: { text: z.string() } }, async ({ text }) => ({
  content: [{ type: 'text', text }],
}));
server.registerTool('hang', {}, () => new Promise(() => {}));
server.registerTool('crash', {}, async () => {
  process.exit(3);
});
await server.connect(new StdioServerTransport());
