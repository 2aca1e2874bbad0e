// The structured reply of a wire whose model answers in text (every wire but anthropic's
// synthetic-tool mode), and the warning for a schema that cannot be made strict.
import { emitWarning, type WarningHandler, type WireFormat } from '@crosswire/core';
import type { ChatResponse } from '../response.js';
import type { JsonObject } from '../support/json.js';
import { unfencedJson } from './json-text.js';
import { withArrayItems } from './schema-nodes.js';
import { strictOutputSchema } from './strict.js';
import type { StructuredOutputRequest, StructuredReply } from './types.js';

/** The reply's text as the JSON to parse (a code fence taken off), or its refusal. */
export function textStructuredReply(response: ChatResponse): StructuredReply {
  if (response.refusal !== undefined && response.refusal !== '') {
    return { text: '', refusal: response.refusal };
  }
  return { text: unfencedJson(response.content) };
}

/** Tells `onWarning` that an output schema was repaired before sending, naming the rule. */
export function warnRepaired(
  onWarning: WarningHandler | undefined,
  wire: WireFormat,
  output: StructuredOutputRequest,
  rule: string,
  what: string,
  paths: readonly string[],
): void {
  emitWarning(onWarning, {
    code: 'structured_output_repaired',
    message: `${wire}: the schema of output "${output.name}" ${what} at ${paths.join(', ')} (rule ${rule}); the reply is still validated against the schema as given`,
    details: { wire, name: output.name, rule, paths },
  });
}

/**
 * The schema and `strict` flag openai and responses send: arrays without `items` given
 * `items: {}` (warned, rule `<wire>-structured-array-items`), then strict by OpenAI's rules when
 * asked and possible; otherwise `strict: false`, and one `structured_output_not_strict` warning
 * saying why (rule `<wire>-structured-strict-schema`). `items: {}` has no type, which strict
 * mode refuses, so a repaired array also means `strict: false`.
 */
export function openAiOutputSchema(
  wire: WireFormat,
  output: StructuredOutputRequest,
  onWarning: WarningHandler | undefined,
): { readonly schema: JsonObject; readonly strict: boolean } {
  const { schema, repaired } = withArrayItems(output.schema);
  if (repaired.length > 0) {
    warnRepaired(
      onWarning,
      wire,
      output,
      `${wire}-structured-array-items`,
      'has arrays without items; they get items: {}',
      repaired,
    );
  }
  if (!output.strict) return { schema, strict: false };
  const made = strictOutputSchema(schema);
  if (made.strict) return { schema: made.schema, strict: true };
  const rule = `${wire}-structured-strict-schema`;
  emitWarning(onWarning, {
    code: 'structured_output_not_strict',
    message: `${wire}: the schema of output "${output.name}" cannot be made strict (${made.reasons.join('; ')}); sent with strict: false (rule ${rule}), and the reply is still validated`,
    details: { wire, name: output.name, rule, reasons: made.reasons },
  });
  return { schema, strict: false };
}
