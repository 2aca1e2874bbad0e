// An AI SDK app with its MCP tools from `@ai-sdk/mcp` (whose client's `tools()` gives the AI
// SDK's tool set), for the side-by-side on the site's AI SDK page.
import type { ToolSet } from 'ai';

export * from './ai-sdk.ts';

export declare const mcpClient: { tools(): Promise<ToolSet> };
