import type { LanguageModelV4ToolResultOutput } from '@ai-sdk/provider';
import { emitWarning, type WarningHandler } from '@crosswire/core';
import { structuredContentWithoutMedia, ToolResult } from '@crosswire/tool-result';
import { malformedResultOutput } from './convert.js';

/** Options of {@link mcpToModelOutput}. */
export interface McpToModelOutputOptions {
  /** The tool's name and call id, for warnings. */
  readonly toolName?: string;
  readonly toolCallId?: string;
  readonly onWarning?: WarningHandler;
}

type Output = Extract<
  LanguageModelV4ToolResultOutput,
  { type: 'content' | 'text' | 'error-text' | 'json' }
>;

/**
 * An MCP `CallToolResult` (or a Crosswire `ToolResult`) as the AI SDK's tool output, for
 * `tool({ toModelOutput: ({ output }) => mcpToModelOutput(output) })`: text items as text
 * parts, images and embedded PDFs (and other blobs) as file parts, audio as a file part, a
 * resource link and embedded text as Crosswire's string form, an error result as `error-text`.
 * With `crosswireMiddleware` on the model, the parts then go the way Crosswire sends them on the
 * model's wire. The result is read, never changed.
 */
export function mcpToModelOutput(result: unknown, options: McpToModelOutputOptions = {}): Output {
  const call = { name: options.toolName ?? 'tool', id: options.toolCallId ?? '' };
  let toolResult: ToolResult;
  try {
    toolResult =
      result instanceof ToolResult
        ? result
        : ToolResult.fromCallToolResult(call, result, { onWarning: options.onWarning });
  } catch (error) {
    // One result Crosswire cannot read (nested past MAX_CONTENT_DEPTH, not a CallToolResult)
    // becomes that result's error text, never a throw out of the tool's `toModelOutput`.
    return malformedResultOutput(call, error, options.onWarning);
  }
  if (toolResult.isError) {
    return { type: 'error-text', value: toolResult.to('openai').content };
  }
  if (toolResult.content.length === 0) {
    return toolResult.structuredContent === undefined
      ? { type: 'text', value: toolResult.to('openai').content }
      : {
          type: 'json',
          // Media payloads in it go as placeholders, as every wire's rendering sends them.
          value: structuredClone(
            structuredContentWithoutMedia(toolResult, { onWarning: options.onWarning }),
          ) as never,
        };
  }
  const value: Extract<Output, { type: 'content' }>['value'] = [];
  for (const block of toolResult.content) {
    const record = block as unknown as Record<string, unknown>;
    if ((block.type === 'image' || block.type === 'audio') && typeof record.data === 'string') {
      value.push({
        type: 'file',
        mediaType: String(record.mimeType),
        data: { type: 'data', data: record.data },
      });
      continue;
    }
    const resource = record.resource as Record<string, unknown> | undefined;
    if (block.type === 'resource' && typeof resource?.blob === 'string') {
      const uri = typeof resource.uri === 'string' ? resource.uri : '';
      // The path's last segment: the query and fragment are no part of a file's name.
      const filename = uri
        .replace(/[?#][\s\S]*$/, '')
        .split('/')
        .filter(Boolean)
        .pop();
      value.push({
        type: 'file',
        mediaType: String(resource.mimeType ?? 'application/octet-stream'),
        data: { type: 'data', data: resource.blob },
        ...(filename === undefined || uri === ''
          ? {}
          : { filename: decodedFilename(filename, call, options.onWarning) }),
      });
      continue;
    }
    value.push({
      type: 'text',
      text: new ToolResult({ ...call, content: [block] }).to('openai').content,
    });
  }
  return { type: 'content', value };
}

/**
 * The last segment of a resource URI, percent-decoded; as written, with a
 * `resource_uri_malformed` warning, when its escapes are not UTF-8 (`%E0%A4%A`), which
 * `decodeURIComponent` refuses with a `URIError`.
 */
function decodedFilename(
  segment: string,
  call: { readonly name: string; readonly id: string },
  onWarning: WarningHandler | undefined,
): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    emitWarning(onWarning, {
      code: 'resource_uri_malformed',
      message: `the URI of a resource from tool ${call.name} is not well-formed percent-encoding; its filename is sent as written`,
      details: { toolName: call.name, callId: call.id, segment: segment.slice(0, 200) },
    });
    return segment;
  }
}
