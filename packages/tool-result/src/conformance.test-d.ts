import type Anthropic from '@anthropic-ai/sdk';
import type * as Bedrock from '@aws-sdk/client-bedrock-runtime';
import type { Part } from '@google/genai';
import type { Message as OllamaMessage } from 'ollama';
import type { ChatCompletionToolMessageParam } from 'openai/resources/chat/completions';
import type { ResponseInputItem } from 'openai/resources/responses/responses';
import { expectTypeOf } from 'vitest';
import type {
  AnthropicToolResultBlock,
  BedrockToolResultBlock,
  GeminiToolResultBlock,
  HermesToolResultBlock,
  OllamaToolResultBlock,
  OpenAIToolResultBlock,
  ResponsesToolResultBlock,
  ToolResultBlock,
} from './index.js';
import { ToolResult } from './index.js';

// The official SDK types are the oracles: each wire's block must be assignable to the
// parameter type the provider's own SDK sends.
const result = new ToolResult({ name: 'n', id: 'i', content: [] });

expectTypeOf(result.to('anthropic')).toEqualTypeOf<AnthropicToolResultBlock>();
expectTypeOf(result.to('anthropic')).toExtend<Anthropic.ToolResultBlockParam>();
expectTypeOf<AnthropicToolResultBlock['content']>().toExtend<
  Anthropic.ToolResultBlockParam['content']
>();

expectTypeOf(result.to('responses')).toEqualTypeOf<ResponsesToolResultBlock>();
expectTypeOf(result.to('responses')).toExtend<ResponseInputItem.FunctionCallOutput>();
expectTypeOf(result.to('responses')).toExtend<ResponseInputItem>();

expectTypeOf(result.to('openai')).toEqualTypeOf<OpenAIToolResultBlock>();
expectTypeOf(result.to('openai')).toExtend<ChatCompletionToolMessageParam>();

expectTypeOf(result.to('ollama')).toEqualTypeOf<OllamaToolResultBlock>();
expectTypeOf(result.to('ollama')).toExtend<OllamaMessage>();

expectTypeOf(result.to('hermes')).toEqualTypeOf<HermesToolResultBlock>();
// The Hermes block is the message text: the engine puts it into a plain chat message, and
// Ollama's Message is the loosest such type.
expectTypeOf(result.to('hermes')).toEqualTypeOf<string>();
expectTypeOf({ role: 'tool', content: result.to('hermes') }).toExtend<OllamaMessage>();

expectTypeOf(result.to('gemini')).toEqualTypeOf<GeminiToolResultBlock>();
expectTypeOf(result.to('gemini')).toExtend<Part>();

// Plain assignments as well: tsc fails here on any mismatch, whatever expect-type does.
export const anthropicBlock: Anthropic.ToolResultBlockParam = result.to('anthropic');
export const responsesItem: ResponseInputItem.FunctionCallOutput = result.to('responses');
export const openaiMessage: ChatCompletionToolMessageParam = result.to('openai');
export const ollamaMessage: OllamaMessage = result.to('ollama');
export const geminiPart: Part = result.to('gemini');

// A wire not known statically gives the union of the six.
declare const someWire: 'openai' | 'gemini';
expectTypeOf(result.to(someWire)).toEqualTypeOf<ToolResultBlock<'openai' | 'gemini'>>();

// Negative cases: the oracle is live. The Langertha 0.503 Responses shape is not an input
// item, and a Chat Completions tool message cannot hold an image part.
expectTypeOf<{
  role: 'tool';
  call_id: string;
  content: string;
}>().not.toExtend<ResponseInputItem>();
expectTypeOf<{
  type: 'tool_result';
  tool_use_id: string;
  content: [{ type: 'audio'; data: string }];
}>().not.toExtend<Anthropic.ToolResultBlockParam>();
// @ts-expect-error an unknown wire is a compile error
result.to('cohere');

// Bedrock: the AWS SDK types the bytes of an image or document as a Uint8Array, which its JSON
// protocol sends as base64 text, and a JSON value as its `__DocumentType`; the block is the SDK
// type with those two read as what goes on the wire.
type DocumentType = NonNullable<Bedrock.ToolUseBlock['input']>;
type OnTheWire<T> = [DocumentType] extends [T]
  ? unknown
  : T extends Uint8Array
    ? string
    : T extends readonly (infer Item)[]
      ? OnTheWire<Item>[]
      : T extends object
        ? { [Key in keyof T]: OnTheWire<T[Key]> }
        : T;
expectTypeOf(result.to('bedrock')).toEqualTypeOf<BedrockToolResultBlock>();
expectTypeOf(result.to('bedrock')).toExtend<OnTheWire<Bedrock.ContentBlock.ToolResultMember>>();
export const bedrockBlock: OnTheWire<Bedrock.ContentBlock> = result.to('bedrock');
expectTypeOf<{ toolResult: { toolUseId: string; content: [{ audio: string }] } }>().not.toExtend<
  OnTheWire<Bedrock.ContentBlock>
>();
