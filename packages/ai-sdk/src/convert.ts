import type {
  LanguageModelV4FilePart,
  LanguageModelV4TextPart,
  LanguageModelV4ToolResultOutput,
} from '@ai-sdk/provider';
import { emitWarning, type WarningHandler, type WireFormat } from '@crosswire/core';
import {
  type AnthropicToolResultContentBlock,
  type BedrockToolResultContentBlock,
  blockText,
  type ResponsesOutputPart,
  ToolResult,
  type ToolResultToOptions,
} from '@crosswire/tool-result';

/** An AI SDK `content` tool output's parts. */
type ContentOutput = Extract<LanguageModelV4ToolResultOutput, { type: 'content' }>;
type ContentPart = ContentOutput['value'][number];
type FilePart = Extract<ContentPart, { type: 'file' }>;

const MCP_BLOCK_TYPES = new Set(['text', 'image', 'audio', 'resource', 'resource_link']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when a `json` output's value is an MCP `CallToolResult` (what `@ai-sdk/mcp` tools return). */
export function isCallToolResult(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value) || !Array.isArray(value.content)) return false;
  return value.content.every(
    (block) => isRecord(block) && typeof block.type === 'string' && MCP_BLOCK_TYPES.has(block.type),
  );
}

function base64Of(data: Uint8Array | string): string {
  return typeof data === 'string' ? data : Buffer.from(data).toString('base64');
}

/** A full media type's top-level kind, or the whole type. */
const topLevel = (mediaType: string) => mediaType.split('/')[0] ?? mediaType;

/** The MCP content block of one file part, or undefined when Crosswire has no form for it (a URL, a provider file reference). */
function mcpBlockOfFile(part: FilePart): Record<string, unknown> | undefined {
  const { data, mediaType } = part;
  if (data.type === 'text') {
    return {
      type: 'resource',
      resource: { uri: uriOf(part), mimeType: mediaType, text: data.text },
    };
  }
  if (data.type !== 'data' || !mediaType.includes('/')) return undefined;
  const base64 = base64Of(data.data);
  const kind = topLevel(mediaType);
  if (kind === 'image') return { type: 'image', data: base64, mimeType: mediaType };
  if (kind === 'audio') return { type: 'audio', data: base64, mimeType: mediaType };
  return { type: 'resource', resource: { uri: uriOf(part), mimeType: mediaType, blob: base64 } };
}

/** The resource URI of a file part: its filename (so Crosswire's PDF filename rule finds it), else none. */
function uriOf(part: FilePart): string {
  return part.filename === undefined ? '' : `file:///${encodeURIComponent(part.filename)}`;
}

/**
 * The Crosswire {@link ToolResult} of an AI SDK tool output, or undefined when the output is
 * none Crosswire rewrites (text, error, denied, json that is no CallToolResult, or content with
 * a URL, a provider file reference or a custom part: those pass through untouched).
 */
export function toolResultOf(
  call: { readonly name: string; readonly id: string },
  output: LanguageModelV4ToolResultOutput,
  onWarning: WarningHandler | undefined,
): ToolResult | undefined {
  if (output.type === 'json' || output.type === 'error-json') {
    if (!isCallToolResult(output.value)) return undefined;
    const result = ToolResult.fromCallToolResult(call, output.value, { onWarning });
    if (output.type === 'error-json' && !result.isError) {
      return new ToolResult({ ...call, content: result.content, isError: true }, { onWarning });
    }
    return result;
  }
  if (output.type !== 'content') return undefined;
  const content: Record<string, unknown>[] = [];
  for (const part of output.value) {
    if (part.type === 'text') content.push({ type: 'text', text: part.text });
    else if (part.type === 'file') {
      const block = mcpBlockOfFile(part);
      if (block === undefined) return undefined;
      content.push(block);
    } else return undefined;
  }
  return new ToolResult({ ...call, content }, { onWarning });
}

const text = (value: string): LanguageModelV4TextPart => ({ type: 'text', text: value });

function file(mediaType: string, base64: string, filename?: string): LanguageModelV4FilePart {
  return {
    type: 'file',
    mediaType,
    data: { type: 'data', data: base64 },
    ...(filename === undefined ? {} : { filename }),
  };
}

/** `data:<type>;base64,<data>` split into its parts. */
function fromDataUrl(url: string): { mediaType: string; base64: string } | undefined {
  const match = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  return match ? { mediaType: match[1] as string, base64: match[2] as string } : undefined;
}

/** A string output, keeping the error flag where the AI SDK provider has one. */
function stringOutput(result: ToolResult, value: string): LanguageModelV4ToolResultOutput {
  return result.isError ? { type: 'error-text', value } : { type: 'text', value };
}

/** Parts as a `content` output, or the string output when only text is left. */
function partsOutput(
  result: ToolResult,
  parts: ReadonlyArray<LanguageModelV4TextPart | LanguageModelV4FilePart>,
): LanguageModelV4ToolResultOutput {
  if (parts.every((part) => part.type === 'text')) {
    return stringOutput(
      result,
      parts.map((part) => (part as LanguageModelV4TextPart).text).join('\n'),
    );
  }
  return { type: 'content', value: [...parts] as ContentOutput['value'] };
}

function anthropicPart(
  block: AnthropicToolResultContentBlock,
): LanguageModelV4TextPart | LanguageModelV4FilePart {
  if (block.type === 'image' && block.source.type === 'base64') {
    return file(block.source.media_type, block.source.data);
  }
  if (block.type === 'document' && block.source.type === 'base64') {
    return file('application/pdf', block.source.data, block.title ?? undefined);
  }
  if (block.type === 'search_result') {
    return text([block.title, ...block.content.map((part) => part.text)].join('\n'));
  }
  // A text block, a text document: their text; anything else its placeholder line.
  return text(blockText(block as never));
}

function responsesPart(
  part: ResponsesOutputPart,
): LanguageModelV4TextPart | LanguageModelV4FilePart {
  if (part.type === 'input_text') return text(part.text);
  if (part.type === 'input_image') {
    const data = fromDataUrl(part.image_url);
    return data ? file(data.mediaType, data.base64) : text(part.image_url);
  }
  const data = fromDataUrl(part.file_data);
  return data ? file(data.mediaType, data.base64, part.filename) : text(part.filename);
}

/** The media type of a Converse document format, for the AI SDK's file part. */
const CONVERSE_DOCUMENTS: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

function bedrockPart(
  block: BedrockToolResultContentBlock,
): LanguageModelV4TextPart | LanguageModelV4FilePart {
  if ('text' in block) return text(block.text);
  if ('json' in block) return text(JSON.stringify(block.json));
  if ('image' in block) return file(`image/${block.image.format}`, block.image.source.bytes);
  const { format, name, source } = block.document;
  return file(CONVERSE_DOCUMENTS[format] ?? 'application/octet-stream', source.bytes, name);
}

/**
 * The error text that stands in for one tool result Crosswire cannot read (nested deeper than
 * `MAX_CONTENT_DEPTH`, a malformed `CallToolResult`), with a `tool_result_malformed` warning:
 * the one result degrades, the generation goes on.
 */
export function malformedResultOutput(
  call: { readonly name: string; readonly id: string },
  error: unknown,
  onWarning: WarningHandler | undefined,
): { type: 'error-text'; value: string } {
  const reason = error instanceof Error ? error.message : String(error);
  const value = `tool ${call.name} returned a malformed result: ${reason}`;
  emitWarning(onWarning, {
    code: 'tool_result_malformed',
    message: `${value}; the model gets this error text in its place`,
    details: { toolName: call.name, callId: call.id },
  });
  return { type: 'error-text', value };
}

/** Crosswire's rendering on a wire, written back as the AI SDK tool output that makes the AI SDK provider send it. */
type Writer = (result: ToolResult, options: ToolResultToOptions) => LanguageModelV4ToolResultOutput;

export const OUTPUT_WRITERS: Record<WireFormat, Writer> = {
  openai: (result, options) => stringOutput(result, result.to('openai', options).content),
  ollama: (result, options) => stringOutput(result, result.to('ollama', options).content),
  hermes: (result, options) => stringOutput(result, result.to('openai', options).content),
  anthropic: (result, options) => {
    const { content } = result.to('anthropic', options);
    return typeof content === 'string'
      ? stringOutput(result, content)
      : partsOutput(result, content.map(anthropicPart));
  },
  responses: (result, options) => {
    const { output } = result.to('responses', options);
    return typeof output === 'string'
      ? stringOutput(result, output)
      : partsOutput(result, output.map(responsesPart));
  },
  bedrock: (result, options) =>
    partsOutput(result, result.to('bedrock', options).toolResult.content.map(bedrockPart)),
  gemini: (result, options) => {
    const { functionResponse } = result.to('gemini', options);
    const response = functionResponse.response as Record<string, unknown>;
    const keys = Object.keys(response);
    const only = keys.length === 1 && keys[0] === 'result' ? response.result : undefined;
    const media = (functionResponse.parts ?? []).map((part) =>
      file(part.inlineData.mimeType, part.inlineData.data),
    );
    if (media.length === 0) {
      if (typeof only === 'string') return stringOutput(result, only);
      return { type: result.isError ? 'error-json' : 'json', value: (only ?? response) as never };
    }
    const head = typeof only === 'string' ? only : JSON.stringify(only ?? response);
    return { type: 'content', value: [...(head === '' ? [] : [text(head)]), ...media] };
  },
};
