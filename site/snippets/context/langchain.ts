// Fragments about LangChain agents: the chat model classes, the middleware, the agent's tools
// and an MCP client, as a LangChain app has them. Only their types matter: type-checked, never run.
import type { StructuredToolInterface } from '@langchain/core/tools';

export { crosswireMiddleware } from '@crosswire/langchain';
export { ChatAnthropic } from '@langchain/anthropic';
export { ChatOpenAI } from '@langchain/openai';
export { browser, mcpClient } from './app.ts';
/** The agent's tools (from `@langchain/mcp-adapters`' loadMcpTools, or your own). */
export declare const tools: StructuredToolInterface[];
/** The tool call the model made, which the tool message answers. */
export declare const call: { readonly id: string; readonly name: string };
