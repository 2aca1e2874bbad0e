// The Chat Completions body shape, shared by the openai and hermes wires (hermes sends the same
// chat body and reads the same choice; only its tool calls travel as text).
import type { Image } from '@crosswire/content-image/image';
import type { ToolResult } from '@crosswire/tool-result';
import type { ChatRequest, DialectOptions } from '../dialect-types.js';
import type { ChatMessage, UserContentPart } from '../messages.js';
import { userParts, userPartText } from '../messages.js';
import { imageFromUrl } from '../provider-reading.js';
import type { UsageReader } from '../response.js';
import { asArray, asRecord, asString, type JsonObject } from '../support/json.js';
import { contentChunksText, joinReasoning, splitThinkTags } from '../support/reasoning.js';
import { unwrapWireMessage } from '../support/wire-messages.js';

function userContent(
  content: string | readonly unknown[],
  options: DialectOptions,
): string | JsonObject[] {
  if (typeof content === 'string') return content;
  return userParts({ role: 'user', content: content as never }).map((part) => {
    const text = userPartText(part);
    if (text !== undefined) return { type: 'text', text };
    return (part as Image).toOpenAI({
      inline: options.inlineImages === true,
    }) as unknown as JsonObject;
  });
}

/**
 * The Chat Completions messages of a conversation. Shared with hermes, whose body is the same
 * chat shape; `assistantToolCalls` says how an assistant's calls go out there.
 */
export function chatMessages(
  messages: readonly ChatMessage[],
  options: DialectOptions,
  forWire: 'openai' | 'hermes',
  assistantMessage: (message: Extract<ChatMessage, { role: 'assistant' }>) => JsonObject,
  toolMessages: (results: readonly ToolResult[]) => JsonObject[],
): unknown[] {
  const out: unknown[] = [];
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        out.push({ role: 'system', content: message.content });
        break;
      case 'user':
        out.push({ role: 'user', content: userContent(message.content, options) });
        break;
      case 'assistant':
        out.push(assistantMessage(message));
        break;
      case 'tool':
        out.push(...toolMessages(message.results));
        break;
      case 'wire':
        out.push(unwrapWireMessage(forWire, message));
        break;
      default: {
        const exhaustive: never = message;
        throw new Error(`unknown message ${JSON.stringify(exhaustive)}`);
      }
    }
  }
  return out;
}

/** The sampling fields shared with hermes: output cap and temperature. */
export function samplingFields(request: ChatRequest, options: DialectOptions): JsonObject {
  const fields: JsonObject = {};
  if (request.maxTokens !== undefined) {
    fields[options.maxTokensField ?? 'max_completion_tokens'] = request.maxTokens;
  }
  if (request.temperature !== undefined) fields.temperature = request.temperature;
  return fields;
}

/** The first choice's message of a chat completion, or {}. */
export function choiceMessage(body: unknown): JsonObject {
  const choice = asRecord(asArray(asRecord(body).choices)[0]);
  return asRecord(choice.message);
}

/** Reasoning a chat completion carries: DeepSeek `reasoning_content`, OpenRouter `reasoning` / `reasoning_details`. */
export function messageReasoning(message: JsonObject): string | undefined {
  const details = asArray(message.reasoning_details).flatMap((detail) => {
    const record = asRecord(detail);
    const text = asString(record.text) ?? asString(record.summary);
    return text === undefined ? [] : [text];
  });
  const direct = asString(message.reasoning_content) ?? asString(message.reasoning);
  return joinReasoning(direct !== undefined ? [direct] : details);
}

/** Text and reasoning of a chat message, with `<think>` filtered when asked. */
export function messageText(
  message: JsonObject,
  options: DialectOptions,
): { content: string; thinking: string[] } {
  const { text, thinking } = contentChunksText(message.content);
  if (!options.thinkTagFilter) return { content: text, thinking };
  const split = splitThinkTags(text);
  return { content: split.content, thinking: [...thinking, ...split.thinking] };
}

export function chatUsage(body: unknown, usage: UsageReader) {
  const counts = asRecord(asRecord(body).usage);
  return usage.usage({
    inputTokens: usage.count(counts.prompt_tokens, 'usage.prompt_tokens'),
    outputTokens: usage.count(counts.completion_tokens, 'usage.completion_tokens'),
    totalTokens: usage.count(counts.total_tokens, 'usage.total_tokens'),
    reasoningTokens: usage.count(
      asRecord(counts.completion_tokens_details).reasoning_tokens,
      'usage.completion_tokens_details.reasoning_tokens',
    ),
    // Cached tokens are part of `prompt_tokens` (CompletionUsage.prompt_tokens_details).
    cacheReadTokens: usage.count(
      asRecord(counts.prompt_tokens_details).cached_tokens,
      'usage.prompt_tokens_details.cached_tokens',
    ),
  });
}

export function finishReasonOf(body: unknown): string | undefined {
  return asString(asRecord(asArray(asRecord(body).choices)[0]).finish_reason);
}

/**
 * A Chat Completions message `content` (a string, or parts) as neutral user parts: text parts
 * as text, `image_url` parts as images; any other part (audio, a file) is reported to
 * `lost` and left out.
 */
export function readChatUserParts(
  content: unknown,
  lost: (what: string) => void,
): UserContentPart[] {
  if (typeof content === 'string') return content === '' ? [] : [content];
  const parts: UserContentPart[] = [];
  for (const part of asArray(content)) {
    const record = asRecord(part);
    const text = asString(record.text);
    if (record.type === 'text' && text !== undefined) {
      if (text !== '') parts.push({ type: 'text', text });
      continue;
    }
    const url = asString(asRecord(record.image_url).url);
    if (record.type === 'image_url' && url !== undefined) {
      parts.push(imageFromUrl(record, url));
      continue;
    }
    lost(`a ${JSON.stringify(asString(record.type) ?? 'untyped')} content part`);
  }
  return parts;
}

/** The text of a Chat Completions `content` (a string, null, or text parts). */
export function chatContentText(content: unknown): string {
  return contentChunksText(content ?? '').text;
}
