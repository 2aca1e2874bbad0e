/**
 * An MCP server (the official SDK's `McpServer`) whose tools carry the MCP annotations as the
 * SDK types them (`ToolAnnotations`), for the tool-approval tests: a read-only tool, a
 * destructive one and one without annotations. Every execution is written to `ledger`, so a
 * test sees which calls reached the server, with which arguments and idempotency key.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** One execution: which tool ran, with what, and the idempotency key its request carried. */
export interface Execution {
  readonly tool: string;
  readonly arguments: Record<string, unknown>;
  readonly key: unknown;
}

/** The annotations of each tool, as the server lists them. */
export const ANNOTATIONS = {
  read_file: { title: 'Read a file', readOnlyHint: true, openWorldHint: false },
  delete_file: {
    title: 'Delete a file',
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: true,
    openWorldHint: false,
  },
} as const satisfies Record<string, ToolAnnotations>;

/**
 * `read_file` (read-only), `delete_file` (destructive) and `send_email` (no annotations: by
 * MCP's defaults neither read-only nor harmless). Each answers with one line naming its
 * arguments, `path` for the files, `to` for the email.
 */
export function createAnnotatedServer(name = 'files'): {
  readonly server: McpServer;
  readonly ledger: Execution[];
} {
  const ledger: Execution[] = [];
  const server = new McpServer({ name, version: '1.0.0' });
  const record = (tool: string, args: Record<string, unknown>, meta: unknown) =>
    ledger.push({
      tool,
      arguments: args,
      key: (meta as Record<string, unknown> | undefined)?.['dev.crosswire/idempotency-key'],
    });
  server.registerTool(
    'read_file',
    {
      description: 'Reads a file.',
      inputSchema: { path: z.string() },
      annotations: ANNOTATIONS.read_file,
    },
    async (args, extra) => {
      record('read_file', args, extra._meta);
      return { content: [{ type: 'text', text: `contents of ${args.path}` }] };
    },
  );
  server.registerTool(
    'delete_file',
    {
      description: 'Deletes a file.',
      inputSchema: { path: z.string() },
      annotations: ANNOTATIONS.delete_file,
    },
    async (args, extra) => {
      record('delete_file', args, extra._meta);
      return { content: [{ type: 'text', text: `deleted ${args.path}` }] };
    },
  );
  server.registerTool(
    'send_email',
    { description: 'Sends an email.', inputSchema: { to: z.string(), body: z.string() } },
    async (args, extra) => {
      record('send_email', args, extra._meta);
      return { content: [{ type: 'text', text: `sent to ${args.to}` }] };
    },
  );
  return { server, ledger };
}
