// OpenAI Chat Completions (`POST /chat/completions`) and the many servers that speak it.
import {
  extractToolCall,
  formatToolCall,
  formatTools,
  locateToolCalls,
  type ToolCall,
} from '@crosswire/core';
import type { ToolResult } from '@crosswire/tool-result';
import { replyCallIds, withCallIds } from '../call-ids.js';
import { toolResultImageMessage } from '../dialect-images.js';
import type { ChatRequest, Dialect, DialectOptions, ToolChoice } from '../dialect-types.js';
import type { ChatMessage, WireMessage } from '../messages.js';
import { NeutralMessages, type ReadContext, textContent, unreadable } from '../provider-reading.js';
import type { ChatResponse } from '../response.js';
import { UsageReader } from '../response.js';
import { openAiOutputSchema, textStructuredReply } from '../structured/reply.js';
import { withSchemaPrompt } from '../structured/schema-prompt.js';
import type { StructuredOutputRequest } from '../structured/types.js';
import { requireObject, throwIfErrorBody } from '../support/error-body.js';
import { mergeExtra } from '../support/extra.js';
import {
  asArray,
  asRecord,
  asString,
  cloneJson,
  isRecord,
  type JsonObject,
} from '../support/json.js';
import { contentChunksText, joinReasoning, splitThinkTags } from '../support/reasoning.js';
import { checkResultsAnswerCalls, dropCallItems, resultOptions } from '../support/turns.js';
import { wrap } from '../support/wire-messages.js';
import {
  chatContentText,
  chatMessages,
  chatUsage,
  choiceMessage,
  finishReasonOf,
  messageReasoning,
  messageText,
  readChatUserParts,
  samplingFields,
} from './chat-completions.js';

export const wire = 'openai' as const;

export function path(_model: string): string {
  return '/chat/completions';
}

/** The Chat Completions `tool_choice` value. */
export function toolChoice(choice: ToolChoice): unknown {
  return typeof choice === 'string'
    ? choice
    : { type: 'function', function: { name: choice.name } };
}

function assistantMessage(message: Extract<ChatMessage, { role: 'assistant' }>): JsonObject {
  const calls = message.toolCalls ?? [];
  if (calls.length === 0) return { role: 'assistant', content: message.content };
  return {
    role: 'assistant',
    content: message.content === '' ? null : message.content,
    tool_calls: calls.map((call) => formatToolCall('openai', call)),
  };
}

function resultMessages(results: readonly ToolResult[], options: DialectOptions): JsonObject[] {
  const messages: JsonObject[] = results.map(
    (result) => result.to('openai', resultOptions(options)) as unknown as JsonObject,
  );
  const images = toolResultImageMessage('openai', results, options);
  if (images !== undefined) messages.push(images);
  return messages;
}

export function buildRequest(given: ChatRequest, options: DialectOptions): Record<string, unknown> {
  const request = withSchemaPrompt(given, options);
  const body: JsonObject = {
    model: request.model,
    messages: chatMessages(
      withCallIds(request.messages),
      options,
      'openai',
      assistantMessage,
      (results) => resultMessages(results, options),
    ),
  };
  const tools = request.tools ?? [];
  if (tools.length > 0) {
    body.tools = formatTools('openai', tools, {
      ...(options.onWarning ? { onWarning: options.onWarning } : {}),
    });
    if (request.toolChoice !== undefined) body.tool_choice = toolChoice(request.toolChoice);
  }
  Object.assign(body, samplingFields(request, options));
  if (request.output !== undefined) body.response_format = responseFormat(request.output, options);
  return mergeExtra(wire, body, request.extra, options.onWarning);
}

/**
 * Chat Completions structured outputs: `response_format: { type: 'json_schema', json_schema:
 * { name, description?, schema, strict } }` (openai-node `ResponseFormatJSONSchema`).
 */
function responseFormat(output: StructuredOutputRequest, options: DialectOptions): JsonObject {
  // A model without json_schema structured outputs: JSON mode, the schema in the system prompt.
  if (options.structuredOutput === 'prompt') return { type: 'json_object' };
  const { schema, strict } = openAiOutputSchema(wire, output, options.onWarning);
  return {
    type: 'json_schema',
    json_schema: {
      name: output.name,
      ...(output.description === undefined ? {} : { description: output.description }),
      schema,
      strict,
    },
  };
}

export function readToolCalls(body: unknown): ToolCall[] {
  return locateToolCalls('openai', body).flatMap((raw) => {
    const call = extractToolCall('openai', raw);
    return call === undefined ? [] : [call];
  });
}

export function parseResponse(body: unknown, options: DialectOptions): ChatResponse {
  throwIfErrorBody(wire, body);
  requireObject(wire, body);
  const message = choiceMessage(body);
  const { content, thinking } = messageText(message, options);
  const refusal = asString(message.refusal) ?? undefined;
  return {
    content: content === '' && refusal !== undefined ? refusal : content,
    toolCalls: readToolCalls(body),
    finishReason: finishReasonOf(body),
    usage: chatUsage(body, new UsageReader(wire, options.onWarning, options.contextWindow)),
    reasoning: joinReasoning([messageReasoning(message), ...thinking]),
    refusal,
    raw: body,
  };
}

export function readText(body: unknown, options: DialectOptions): string {
  return messageText(choiceMessage(body), options).content;
}

/** The assistant echo of a chat completion: content, calls and the provider's reasoning fields. */
export function assistantEcho(body: unknown): JsonObject {
  const message = choiceMessage(body);
  const echo: JsonObject = { role: 'assistant' };
  const content = message.content;
  echo.content =
    typeof content === 'string' || content === null ? content : contentChunksText(content).text;
  if (echo.content === undefined) echo.content = null;
  const calls = asArray(message.tool_calls);
  // Some compatible servers (Mistral) leave out `type`, which the Chat Completions request
  // requires; the rest of each call goes back as it came.
  if (calls.length > 0) {
    echo.tool_calls = calls.map((call) => {
      const copy = asRecord(cloneJson(call));
      return copy.type === undefined ? { type: 'function', ...copy } : copy;
    });
  }
  // DeepSeek rejects a tool loop whose earlier assistant turn lost its reasoning.
  for (const field of ['reasoning_content', 'reasoning', 'reasoning_details'] as const) {
    if (message[field] !== undefined && message[field] !== null)
      echo[field] = cloneJson(message[field]);
  }
  return echo;
}

export function formatToolResults(
  body: unknown,
  results: readonly ToolResult[],
  options: DialectOptions,
): WireMessage[] {
  const echo = assistantEcho(body);
  const calls = asArray(echo.tool_calls).map(asRecord);
  // A call without an id gets a derived one, and so does the result answering it (the tool
  // message needs a tool_call_id naming a call of this turn).
  const paired = replyCallIds(
    calls.map((call) => ({
      name: asString(asRecord(call.function).name) ?? '',
      id: asString(call.id) ?? '',
    })),
    results,
  );
  calls.forEach((call, index) => {
    call.id = paired.callIds[index];
  });
  checkResultsAnswerCalls(wire, paired.callIds, paired.results, options.onWarning);
  return wrap(wire, [echo, ...resultMessages(paired.results, options)]);
}

export function withoutToolCalls(body: unknown, calls: readonly ToolCall[]): unknown {
  if (!isRecord(body)) return body;
  const copy = cloneJson(body);
  const message = choiceMessage(copy);
  dropCallItems(message, 'tool_calls', calls);
  return copy;
}

/** The reasoning fields of an assistant message (DeepSeek, OpenRouter): only this wire takes them back. */
const REASONING_FIELDS = ['reasoning_content', 'reasoning', 'reasoning_details'] as const;

/**
 * Chat Completions messages as neutral messages: system and developer text, user text and
 * images, assistant text and calls (a refusal as its text), tool messages as results named
 * by the call they answer. Reasoning fields are left out (counted); a message of another
 * role is refused (`wire_message_unreadable`).
 */
export function readMessages(messages: readonly unknown[], context: ReadContext): ChatMessage[] {
  const out = new NeutralMessages(wire, context);
  for (const message of messages) {
    if (!isRecord(message)) throw unreadable(wire, message, 'not an object');
    switch (message.role) {
      case 'system':
      case 'developer':
        out.system(chatContentText(message.content));
        break;
      case 'user':
        out.user(readChatUserParts(message.content, (what) => out.lost(what)));
        break;
      case 'assistant': {
        if (
          REASONING_FIELDS.some((field) => message[field] !== undefined && message[field] !== null)
        )
          out.reasoning();
        const said = chatContentText(message.content) || (asString(message.refusal) ?? '');
        const { content, thinking } = splitThinkTags(said);
        if (thinking.length > 0) out.reasoning();
        out.assistant(
          thinking.length > 0 ? content : said,
          readToolCalls({ choices: [{ message }] }),
        );
        break;
      }
      case 'tool':
        out.result({
          id: asString(message.tool_call_id) ?? '',
          content: textContent(chatContentText(message.content)),
        });
        break;
      default:
        throw unreadable(wire, message, `unknown role ${JSON.stringify(message.role)}`);
    }
  }
  return out.done();
}

export const dialect: Dialect = {
  wire,
  path,
  buildRequest,
  parseResponse,
  formatToolResults,
  readText,
  withoutToolCalls,
  readMessages,
  structuredMechanism: (options) =>
    options.structuredOutput === 'prompt' ? 'prompt' : 'response_format',
  readStructured: textStructuredReply,
};
