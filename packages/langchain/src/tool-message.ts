import { emitWarning, type WarningHandler } from '@crosswire/core';
import { toolResultImages } from '@crosswire/dialects';
import type { ToolResult } from '@crosswire/tool-result';
import { type MessageContent, ToolMessage } from '@langchain/core/messages';
import {
  type FallbackOptions,
  type ModelLookupOptions,
  namedTarget,
  planFor,
} from './capabilities.js';
import { RESULT_ARTIFACT, toolResultOf } from './read-content.js';
import { WIRES } from './wires/index.js';

/** Options of {@link toolMessageContent}. */
export interface ToolMessageContentOptions extends ModelLookupOptions, FallbackOptions {
  /**
   * The registry provider the message is for (`anthropic`, `openai`, `openai-responses`,
   * `gemini`, `ollama`, ...); its wire is the registry's unless `wire` says otherwise. Without
   * one, the content is Crosswire's text form with placeholders, which every integration sends.
   */
  readonly provider?: string;
  /** The tool's name and the call it answers, for the result and for warnings. */
  readonly name?: string;
  readonly toolCallId?: string;
  /** Told about every degradation. Default: one process warning per kind. */
  readonly onWarning?: WarningHandler;
}

/** Options of {@link mcpToolMessage}. */
export interface McpToolMessageOptions extends ToolMessageContentOptions {
  readonly name: string;
  readonly toolCallId: string;
}

/** The result rendered for the options' model: its content, and whether it failed. */
function render(
  output: unknown,
  options: ToolMessageContentOptions,
): { result: ToolResult; content: MessageContent } {
  const { onWarning } = options;
  const result = toolResultOf(
    output,
    { name: options.name ?? '', id: options.toolCallId ?? '' },
    { onWarning },
  );
  const target = namedTarget(options);
  if (target.wire === undefined) {
    // No model named: the text form, which every wire and integration takes.
    return { result, content: result.to('openai', { onWarning }).content };
  }
  const plan = planFor({ ...target, wire: target.wire }, options);
  const images = plan.delivery.image === 'native' ? [] : toolResultImages([result], { onWarning });
  if (images.length > 0) {
    // A lone tool message has no human message after it: the middleware sends one.
    emitWarning(onWarning, {
      code: 'tool_result_image_placeholder',
      message: `model "${plan.model}" does not see images inside a tool message on the ${plan.wire} wire through LangChain; ${images.length} image(s) from tool ${result.name} went as a text placeholder (crosswireMiddleware sends them in a user message where the model sees images)`,
      details: { toolName: result.name, callId: result.id, model: plan.model, wire: plan.wire },
    });
  }
  return { result, content: WIRES[plan.wire].content(result, plan.toOptions) };
}

/**
 * The `ToolMessage` content of a tool's output for a model, by Crosswire's rules: an MCP
 * `CallToolResult` (from the official SDK, or `@langchain/mcp-adapters`' content blocks), a
 * Crosswire `ToolResult`, or LangChain content blocks. With `provider` (and `model`), native
 * images and PDFs where that wire, its LangChain integration and the model carry them, text
 * placeholders elsewhere; without, Crosswire's text form with placeholders. Never base64 as text.
 * `result` is read, never changed.
 */
export function toolMessageContent(
  result: unknown,
  options: ToolMessageContentOptions = {},
): MessageContent {
  return render(result, options).content;
}

/**
 * A tool's output as a `ToolMessage` answering `toolCallId`, for agents written without
 * `createAgent`: the content of {@link toolMessageContent}, `status: 'error'` for a failed call,
 * and the MCP result itself as the `artifact`, from which `crosswireMiddleware` renders it again
 * for whichever model the request goes to (so a tool may return it to an agent with the
 * middleware and name no model).
 */
export function mcpToolMessage(result: unknown, options: McpToolMessageOptions): ToolMessage {
  const rendered = render(result, options);
  const { result: toolResult } = rendered;
  return new ToolMessage({
    content: rendered.content,
    tool_call_id: options.toolCallId,
    name: options.name,
    status: toolResult.isError ? 'error' : 'success',
    artifact: {
      content: toolResult.content,
      isError: toolResult.isError,
      ...(toolResult.structuredContent === undefined
        ? {}
        : { structuredContent: toolResult.structuredContent }),
    },
    metadata: { crosswire: RESULT_ARTIFACT },
  });
}
