import { stripSchemaDialect, toGeminiSchema } from '../json-schema.js';
import type { DestructurableToolCall, ToolCall } from '../tool-call.js';
import type { ToolDefinition } from '../tool-definition.js';
import type {
  FormatToolsOptions,
  GeminiFunctionCallPart,
  GeminiFunctionDeclaration,
  GeminiTool,
} from '../tool-wire.js';
import {
  argumentsObject,
  buildToolCall,
  describe,
  isRecord,
  records,
  schemaOf,
} from '../tool-wire-helpers.js';

/*
 * Gemini generateContent: all functions go into one `{functionDeclarations:[...]}` tool,
 * each schema cleaned up to Gemini's Schema subset (or sent as `parametersJsonSchema`);
 * calls are the parts of `candidates[0].content.parts[]` that hold a `functionCall`.
 * The part (not only its functionCall) is located, because Gemini 3 wants the part's
 * `thoughtSignature` echoed back with the call.
 */

export function formatTools(
  tools: readonly ToolDefinition[],
  options: FormatToolsOptions,
): GeminiTool[] {
  if (tools.length === 0) return [];
  const declarations = tools.map((tool): GeminiFunctionDeclaration => {
    if (options.geminiSchemaField === 'parametersJsonSchema') {
      return {
        name: tool.name,
        ...describe(tool),
        parametersJsonSchema: stripSchemaDialect(schemaOf(tool)),
      };
    }
    const parameters = toGeminiSchema(schemaOf(tool), { onWarning: options.onWarning });
    return {
      name: tool.name,
      ...describe(tool),
      ...(parameters === undefined ? {} : { parameters }),
    };
  });
  return [{ functionDeclarations: declarations }];
}

export function locateToolCalls(body: unknown): unknown[] {
  if (!isRecord(body) || !Array.isArray(body.candidates)) return [];
  const candidate = body.candidates[0];
  if (!isRecord(candidate) || !isRecord(candidate.content)) return [];
  return records(candidate.content.parts).filter((part) => 'functionCall' in part);
}

/** Takes a part `{functionCall:{...}}` or a bare functionCall `{name, args, id?}`. */
export function toolCallFrom(raw: unknown): DestructurableToolCall | undefined {
  if (!isRecord(raw)) return undefined;
  const call = 'functionCall' in raw ? raw.functionCall : raw;
  if (!isRecord(call)) return undefined;
  return buildToolCall('gemini', raw, { id: call.id, name: call.name, rawArguments: call.args });
}

/**
 * The `thoughtSignature` Google documents for a function call Gemini did not produce (history
 * rebuilt from another model or from saved messages): Gemini 3 refuses a replayed call without
 * a signature ("Function call is missing a thought_signature"), and accepts this value in its
 * place. https://ai.google.dev/gemini-api/docs/thought-signatures
 */
export const GEMINI_SKIP_SIGNATURE = 'skip_thought_signature_validator';

/** True for a call located in a Gemini reply: a part that holds the functionCall. */
function cameFromGeminiReply(call: ToolCall): boolean {
  return call.wire === 'gemini' && isRecord(call.raw) && isRecord(call.raw.functionCall);
}

/**
 * A call from a Gemini reply keeps its part's signature, or none (in a parallel reply only
 * the first call carries one); any other call gets {@link GEMINI_SKIP_SIGNATURE}.
 */
function signatureOf(call: ToolCall): string | undefined {
  if (isRecord(call.raw) && typeof call.raw.thoughtSignature === 'string') {
    return call.raw.thoughtSignature;
  }
  return cameFromGeminiReply(call) ? undefined : GEMINI_SKIP_SIGNATURE;
}

export function formatToolCall(call: ToolCall): GeminiFunctionCallPart {
  const signature = signatureOf(call);
  return {
    functionCall: {
      name: call.name,
      args: argumentsObject(call),
      ...(call.id === '' ? {} : { id: call.id }),
    },
    ...(signature === undefined ? {} : { thoughtSignature: signature }),
  };
}
