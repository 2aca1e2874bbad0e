/*
 * Compile-time conformance: the official SDK types are the oracle. `tsc -p
 * packages/core/tsconfig.json` fails when a shape drifts from what the SDKs declare.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type {
  ToolSpecification as BedrockToolSpecification,
  ToolUseBlock as BedrockToolUseBlockSdk,
} from '@aws-sdk/client-bedrock-runtime';
import type { FunctionDeclaration as GeminiSdkFunctionDeclaration } from '@google/genai';
import type {
  CallToolResult,
  ContentBlock as McpContentBlock,
  Tool as McpTool,
} from '@modelcontextprotocol/sdk/types.js';
import type { Message as OllamaMessage, Tool as OllamaSdkTool } from 'ollama';
import type {
  ChatCompletionMessageToolCall,
  ChatCompletionTool,
} from 'openai/resources/chat/completions';
import type {
  FunctionTool,
  ResponseFunctionToolCall,
  ResponseInputItem,
} from 'openai/resources/responses/responses';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type BedrockTool,
  type CallToolResultInput,
  type ContentBlock,
  type ContentBlockInput,
  createToolCall,
  formatToolCall,
  formatTools,
  type HermesTool,
  hermesToolsPrompt,
  parseCallToolResult,
  parseContent,
  parseContentBlock,
  parseToolDefinition,
  type ToolCall,
  type ToolDefinitionInput,
  toolCallsFrom,
} from './index.js';

declare const mcpResult: CallToolResult;
declare const mcpBlocks: McpContentBlock[];
declare const mcpTools: McpTool[];

describe('MCP SDK types as input', () => {
  it('accepts a CallToolResult and its content blocks', () => {
    const input: CallToolResultInput = mcpResult;
    parseCallToolResult(input);
    parseCallToolResult(mcpResult);
    parseContent(mcpResult.content);
    parseContent(mcpBlocks);
    for (const block of mcpBlocks) parseContentBlock(block);
    // Every MCP block is one of the blocks a caller may pass in.
    const inputs: ContentBlockInput[] = mcpBlocks;
    const parsed: ContentBlock[] = inputs;
    expectTypeOf(parsed).toExtend<ContentBlock[]>();
  });

  it('accepts the SDK Tool as a tool definition', () => {
    const definitions: readonly ToolDefinitionInput[] = mcpTools;
    formatTools('openai', mcpTools);
    hermesToolsPrompt(mcpTools);
    if (mcpTools[0]) parseToolDefinition(mcpTools[0]);
    expectTypeOf(definitions).toExtend<readonly ToolDefinitionInput[]>();
  });
});

describe('formatTools per wire against the provider SDKs', () => {
  it('openai gives ChatCompletionTool[]', () => {
    const tools: ChatCompletionTool[] = formatTools('openai', mcpTools);
    const strict: ChatCompletionTool[] = formatTools('openai', mcpTools, { strict: true });
    expectTypeOf(formatTools('openai', [])).toExtend<ChatCompletionTool[]>();
    void [tools, strict];
  });

  it('anthropic gives Anthropic.Tool[] (and ToolUnion[])', () => {
    const tools: Anthropic.Tool[] = formatTools('anthropic', mcpTools);
    const union: Anthropic.ToolUnion[] = formatTools('anthropic', mcpTools, { strict: true });
    void [tools, union];
  });

  it('responses gives FunctionTool[]', () => {
    const tools: FunctionTool[] = formatTools('responses', mcpTools);
    expectTypeOf(formatTools('responses', [])).toExtend<FunctionTool[]>();
    void tools;
  });

  it('gemini gives function declarations the @google/genai type accepts', () => {
    const [tool] = formatTools('gemini', mcpTools);
    const declarations: GeminiSdkFunctionDeclaration[] | undefined = tool?.functionDeclarations;
    const [jsonSchemaTool] = formatTools('gemini', mcpTools, {
      geminiSchemaField: 'parametersJsonSchema',
    });
    const jsonSchemaDeclarations: GeminiSdkFunctionDeclaration[] | undefined =
      jsonSchemaTool?.functionDeclarations;
    void jsonSchemaDeclarations;
    void declarations;
  });

  it('ollama gives the ollama Tool[]', () => {
    const tools: OllamaSdkTool[] = formatTools('ollama', mcpTools);
    void tools;
  });

  it('hermes gives the HermesTool list', () => {
    expectTypeOf(formatTools('hermes', mcpTools)).toEqualTypeOf<HermesTool[]>();
  });

  it('does not mix up the wires', () => {
    expectTypeOf(formatTools('anthropic', [])).not.toExtend<ChatCompletionTool[]>();
    expectTypeOf(formatTools('openai', [])).not.toExtend<Anthropic.Tool[]>();
  });
});

// The AWS SDK types a JSON value as its `__DocumentType` (no `unknown` inside), which a JSON
// Schema typed `Record<string, unknown>` cannot be assigned to; every other field is checked.
type WithoutDocument<T, K extends keyof T> = Omit<T, K> & { [P in K]: unknown };

describe('bedrock tools against the AWS SDK', () => {
  it('gives Converse toolSpec entries (toolConfig.tools), strict or not', () => {
    const [tool] = formatTools('bedrock', mcpTools, { strict: true });
    const spec: WithoutDocument<BedrockToolSpecification, 'inputSchema'> | undefined =
      tool?.toolSpec;
    expectTypeOf(formatTools('bedrock', [])).toEqualTypeOf<BedrockTool[]>();
    expectTypeOf<keyof BedrockTool>().toEqualTypeOf<'toolSpec'>();
    void spec;
  });
});

describe('tool-call echo forms against the provider SDKs', () => {
  const call: ToolCall = createToolCall({ id: 'c', name: 'f', arguments: {} });

  it('fits each SDK call type', () => {
    const openai: ChatCompletionMessageToolCall = formatToolCall('openai', call);
    const anthropic: Anthropic.ToolUseBlockParam = formatToolCall('anthropic', call);
    const responses: ResponseFunctionToolCall = formatToolCall('responses', call);
    const responsesItem: ResponseInputItem = formatToolCall('responses', call);
    const ollama: NonNullable<OllamaMessage['tool_calls']>[number] = formatToolCall('ollama', call);
    expectTypeOf(formatToolCall('hermes', call)).toEqualTypeOf<string>();
    const bedrock: WithoutDocument<BedrockToolUseBlockSdk, 'input'> = formatToolCall(
      'bedrock',
      call,
    ).toolUse;
    void [openai, anthropic, responses, responsesItem, ollama, bedrock];
  });

  it('gives readonly ToolCall values', () => {
    expectTypeOf(toolCallsFrom('openai', {})).toEqualTypeOf<ToolCall[]>();
    expectTypeOf<ToolCall['arguments']>().toEqualTypeOf<Readonly<Record<string, unknown>>>();
  });
});
