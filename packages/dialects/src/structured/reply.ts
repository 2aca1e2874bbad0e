// The structured reply of a wire whose model answers in text (every wire but anthropic's
// synthetic-tool mode), and the warning for a schema that cannot be made strict.
import { emitWarning, type WarningHandler, type WireFormat } from '@crosswire/core';
import type { ChatResponse } from '../response.js';
import type { JsonObject } from '../support/json.js';
import { unfencedJson } from './json-text.js';
import { strictOutputSchema } from './strict.js';
import type { StructuredOutputRequest, StructuredReply } from './types.js';

/** The reply's text as the JSON to parse (a code fence taken off), or its refusal. */
export function textStructuredReply(response: ChatResponse): StructuredReply {
  if (response.refusal !== undefined && response.refusal !== '') {
    return { text: '', refusal: response.refusal };
  }
  return { text: unfencedJson(response.content) };
}

/**
 * The schema and `strict` flag openai and responses send: strict by OpenAI's rules when asked
 * and possible; otherwise the schema as given with `strict: false`, and one
 * `structured_output_not_strict` warning saying why.
 */
export function openAiOutputSchema(
  wire: WireFormat,
  output: StructuredOutputRequest,
  onWarning: WarningHandler | undefined,
): { readonly schema: JsonObject; readonly strict: boolean } {
  if (!output.strict) return { schema: output.schema, strict: false };
  const made = strictOutputSchema(output.schema);
  if (made.strict) return { schema: made.schema, strict: true };
  emitWarning(onWarning, {
    code: 'structured_output_not_strict',
    message: `${wire}: the schema of output "${output.name}" cannot be made strict (${made.reasons.join('; ')}); sent with strict: false, and the reply is still validated`,
    details: { wire, name: output.name, reasons: made.reasons },
  });
  return { schema: output.schema, strict: false };
}
