// What a docs snippet takes as given: the values of "your app" a fragment in a README or a
// guide uses without building them (an MCP client, an engine, the conversation so far). Only
// their types matter: snippets marked `context=app` are type-checked, never run.
// scripts/docs-code/snippets.ts imports from here the names a snippet uses and does not declare.
import type { ContentBlock, ToolCall, ToolDefinitionInput, WarningHandler } from '@crosswire/core';
import type { ChatMessage, ConversationMessage } from '@crosswire/dialects';
import type { Engine, ToolLoopResult } from '@crosswire/engines';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { LanguageModel } from 'ai';
import type { Queue } from 'bullmq';
import type * as z from 'zod';

/** MCP SDK clients connected to your servers. */
export declare const client: Client;
export declare const mcpClient: Client;
export declare const browser: Client;
export declare const weather: Client;
export declare const files: Client;
export declare const mcpServers: Client[];
/** An engine for your provider and model. */
export declare const engine: Engine;
/** The conversation so far, and the tools you offer. */
export declare const messages: ChatMessage[];
export declare const conversation: ConversationMessage[];
export declare const tools: ToolDefinitionInput[];
export declare const mcpTools: ToolDefinitionInput[];
export declare const controller: AbortController;
/** A provider's decoded JSON reply, and what the dialects read from it. */
export declare const replyBody: unknown;
export declare const response: Response & { body: ReadableStream<Uint8Array> };
export declare const call: ToolCall;
export declare const body: Record<string, unknown>;
/** Media your app has: base64, bytes, a URL from a user or a tool. */
export declare const png: string;
export declare const pngBase64: string;
export declare const base64: string;
export declare const bytes: Uint8Array;
export declare const url: string;
export declare const untrustedUrl: string;
export declare const mediaType: string;
export declare const detail: 'low' | 'high' | 'auto';
export declare const callToolResult: CallToolResult;
/** Your own pieces: a transport, a tool runner, a logger, a store, a queue, a schema. */
export declare function callProvider(body: unknown): Promise<unknown>;
export declare const myTransport: { post(url: string, body: unknown): Promise<unknown> };
export declare function run(call: ToolCall): Promise<ContentBlock[]>;
export declare function runMyTool(call: ToolCall): Promise<ContentBlock[]>;
export declare function log(...values: unknown[]): void;
/** Answers a call your app refuses (an error result of your own). */
export declare function reply(call: ToolCall, error: string | undefined): void;
export declare const onWarning: WarningHandler;
/** What a finished loop returned. */
export declare const result: ToolLoopResult;
export declare const store: {
  get(key: string): Promise<string>;
  set(key: string, value: string): Promise<void>;
};
export declare const queue: Queue;
export declare const zodSchema: z.ZodType;
export declare const options: Record<string, never>;
/** An AI SDK model and providers. */
export declare const model: LanguageModel;

/** Asks a person in your UI; resolves with their answer. */
export declare function askSomeone(question: string): Promise<boolean>;
/** A caller's own access-token source (a cloud route's `cloud.getAccessToken`). */
export declare function getAccessToken(): Promise<string>;
