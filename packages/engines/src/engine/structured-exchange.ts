// One chat turn that must end in a structured reply: the request with `output`, the reply read,
// parsed and validated, the validation issues sent back `repair` times, and on endpoints that
// refuse tools together with structured output the two-step form (the turn with tools and
// without `output`; when the model answers without calls, one more turn without tools asks for
// the object).
import type { WireFormat } from '@crosswire/core';
import {
  type ChatResponse,
  type ConversationMessage,
  DIALECTS,
  type DialectOptions,
  readStructured,
  type StructuredOutputRequest,
} from '@crosswire/dialects';
import { ToolResult } from '@crosswire/tool-result';
import type { ChatExchange, ChatOptions } from './chat-options.js';
import {
  checkStructured,
  invalidOutputError,
  outputRequest,
  type ResolvedOutput,
  refusedOutputError,
  repairPrompt,
  type StructuredOutputIssue,
} from './structured.js';

/** A reply of a turn that asked for structured output: `object` once it validated. */
export type StructuredChatResponse<T = unknown> = ChatResponse & { readonly object: T };

/** What the structured turn needs of the engine. */
export interface StructuredTurnContext {
  readonly wire: WireFormat;
  readonly dialectOptions: DialectOptions;
  /**
   * False on endpoints that refuse tools together with structured output (registry quirk
   * `structured_output_with_tools`, or the model's request feature `json_with_tools`).
   */
  readonly toolsWithOutput: boolean;
  /** Told each time a turn goes in the two-step form (the engine warns once per rule). */
  onTwoStep(): void;
  /** One round trip; `output` set asks for the structured reply on that request. */
  roundTrip(
    messages: readonly ConversationMessage[],
    options: ChatOptions,
    output: StructuredOutputRequest | undefined,
  ): Promise<ChatExchange>;
}

/** The prompt of the two-step form's last turn. */
export const FINAL_OBJECT_PROMPT =
  'Now give your final answer as one JSON object that matches the required schema, and nothing else.';

/** True when a turn with these options goes in the two-step form. */
export function twoStep(context: StructuredTurnContext, options: ChatOptions): boolean {
  const split = !context.toolsWithOutput && (options.tools?.length ?? 0) > 0;
  if (split) context.onTwoStep();
  return split;
}

/**
 * The turn: its exchange with `response.object` set when the reply is the structured answer;
 * a reply that asks for (other) tools comes back without `object`, for the loop to run them.
 * Throws `StructuredOutputError` for a refusal or, after `repair` corrections, an invalid reply.
 */
export async function structuredExchange(
  context: StructuredTurnContext,
  messages: readonly ConversationMessage[],
  options: ChatOptions,
  resolved: ResolvedOutput,
): Promise<ChatExchange> {
  const output = outputRequest(resolved, options.tools, context.wire);
  let conversation = [...messages];
  let turnOptions = options;
  let exchanged: ChatExchange;
  if (twoStep(context, options)) {
    exchanged = await context.roundTrip(conversation, options, undefined);
    if (exchanged.response.toolCalls.length > 0) return exchanged;
    conversation = [...conversation, ...answerTurn(exchanged.response)];
    turnOptions = withoutTools(options);
  }
  exchanged = await context.roundTrip(conversation, turnOptions, output);
  for (let attempt = 1; ; attempt++) {
    const response = exchanged.response;
    const reply = readStructured(context.wire, response, output, context.dialectOptions);
    if (reply.refusal !== undefined) throw refusedOutputError(output.name, reply.refusal);
    // The model asked for the loop's tools instead of answering: their turn first.
    if (reply.toolCallId === undefined && response.toolCalls.length > 0) return exchanged;
    const checked = await checkStructured(resolved, reply);
    if (checked.ok) {
      const object = checked.value;
      const answered: StructuredChatResponse = {
        ...response,
        // The synthetic call carried the answer: it is not a call for the loop to run (a reply
        // with other calls went back above, so any calls left are the synthetic one).
        toolCalls: [],
        object,
      };
      return { ...exchanged, response: answered };
    }
    if (attempt > resolved.repair) {
      throw invalidOutputError(output.name, reply.text, checked.issues, attempt);
    }
    conversation = [
      ...conversation,
      ...repairTurn(
        context,
        response,
        reply.toolCallId,
        output.toolName ?? output.name,
        checked.issues,
      ),
    ];
    exchanged = await context.roundTrip(conversation, turnOptions, output);
  }
}

function withoutTools(options: ChatOptions): ChatOptions {
  const { tools: _tools, toolChoice: _choice, ...rest } = options;
  return rest;
}

/** The model's answer of the tool turn, then the request for the object. */
function answerTurn(response: ChatResponse): ConversationMessage[] {
  return [
    ...(response.content === '' ? [] : [{ role: 'assistant' as const, content: response.content }]),
    { role: 'user', content: FINAL_OBJECT_PROMPT },
  ];
}

/**
 * The invalid reply and the issues, as the next turn's conversation: a text reply and a user
 * message; the synthetic tool's call (anthropic) and an error result for it that says why.
 */
function repairTurn(
  context: StructuredTurnContext,
  response: ChatResponse,
  toolCallId: string | undefined,
  name: string,
  issues: readonly StructuredOutputIssue[],
): ConversationMessage[] {
  const prompt = repairPrompt(issues);
  if (toolCallId === undefined) {
    return [
      { role: 'assistant', content: response.content === '' ? '(no answer)' : response.content },
      { role: 'user', content: prompt },
    ];
  }
  const result = new ToolResult({
    name,
    id: toolCallId,
    content: [{ type: 'text', text: prompt }],
    isError: true,
  });
  return DIALECTS[context.wire].formatToolResults(response.raw, [result], context.dialectOptions);
}
