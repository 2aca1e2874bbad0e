import {
  checkTagName,
  HERMES_DEFAULTS,
  hermesReplyText,
  hermesTool,
  parseHermesToolCalls,
} from '../hermes.js';
import type { DestructurableToolCall, ToolCall } from '../tool-call.js';
import type { ToolDefinition } from '../tool-definition.js';
import type {
  FormatToolCallOptions,
  FormatToolsOptions,
  HermesTool,
  LocateToolCallsOptions,
} from '../tool-wire.js';
import { buildToolCall, isRecord, records } from '../tool-wire-helpers.js';

/*
 * Hermes: no tools parameter; the tool list goes into the system prompt
 * (`hermesToolsPrompt`), calls are `<tool_call>` JSON blocks in the reply text. Hermes has
 * no call ids: a call's id is '' unless an OpenAI-compatible server parsed the calls
 * itself and gave them one.
 */

export function formatTools(
  tools: readonly ToolDefinition[],
  options: FormatToolsOptions,
): HermesTool[] {
  return tools.map((tool) => hermesTool(tool, options.hermesShape));
}

/**
 * Calls a server already lifted out of the text (vLLM, llama.cpp with a Hermes parser)
 * come first, as `{id, name, arguments}`; then the `<tool_call>` blocks of the text.
 */
export function locateToolCalls(body: unknown, options: LocateToolCallsOptions): unknown[] {
  const native: unknown[] = [];
  if (isRecord(body) && Array.isArray(body.choices)) {
    const choice = body.choices[0];
    const message = isRecord(choice) && isRecord(choice.message) ? choice.message : undefined;
    for (const item of records(message?.tool_calls)) {
      const fn = isRecord(item.function) ? item.function : undefined;
      if (typeof fn?.name === 'string' && fn.name !== '') {
        native.push({ id: item.id ?? '', name: fn.name, arguments: fn.arguments });
      } else {
        // A nameless one (`function: null`) as the body's own item: it is no call, and a tool
        // loop leaves it out of its echo (see locateToolCallItems).
        native.push(item);
      }
    }
  }
  return [...native, ...parseHermesToolCalls(hermesReplyText(body), options)];
}

export function toolCallFrom(raw: unknown): DestructurableToolCall | undefined {
  if (!isRecord(raw)) return undefined;
  // Some models write `parameters` where Hermes says `arguments`.
  const rawArguments = raw.arguments !== undefined ? raw.arguments : raw.parameters;
  return buildToolCall('hermes', raw, { id: raw.id, name: raw.name, rawArguments });
}

export function formatToolCall(call: ToolCall, options: FormatToolCallOptions): string {
  const tag = checkTagName(options.callTag ?? HERMES_DEFAULTS.callTag, 'callTag');
  const argumentsValue =
    call.argumentsUndecodable && typeof call.rawArguments === 'string'
      ? call.rawArguments
      : call.arguments;
  return `<${tag}>\n${JSON.stringify({ name: call.name, arguments: argumentsValue })}\n</${tag}>`;
}
