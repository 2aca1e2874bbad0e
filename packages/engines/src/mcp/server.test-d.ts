// Compile-time checks: the official SDK Client is an McpToolServer as it is, and what
// gatherTools gets from it is what the loop expects.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import { expectTypeOf } from 'vitest';
import type { McpListToolsResult, McpToolServer } from './server.js';

declare const client: Client;
const server: McpToolServer = client;
expectTypeOf(server).toExtend<McpToolServer>();
expectTypeOf<ListToolsResult>().toExtend<McpListToolsResult>();
// A plain object with the two methods is a server too.
const plain: McpToolServer = {
  async listTools() {
    return { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] };
  },
  async callTool() {
    return { content: [] };
  },
};
expectTypeOf(plain).not.toBeAny();
