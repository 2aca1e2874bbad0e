// The structured reply of a wire whose model answers in text (every wire but anthropic's
// synthetic-tool mode), and the warning for a schema that cannot be made strict.
import { emitWarning, isDeeplyFrozen, type WarningHandler, type WireFormat } from '@crosswire/core';
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
  const sent = sentSchema(output.schema, output.strict);
  if (sent.repaired.length > 0) {
    warnRepaired(
      onWarning,
      wire,
      output,
      `${wire}-structured-array-items`,
      'has arrays without items; they get items: {}',
      sent.repaired,
    );
  }
  if (sent.reasons.length > 0) {
    const rule = `${wire}-structured-strict-schema`;
    emitWarning(onWarning, {
      code: 'structured_output_not_strict',
      message: `${wire}: the schema of output "${output.name}" cannot be made strict (${sent.reasons.join('; ')}); sent with strict: false (rule ${rule}), and the reply is still validated`,
      details: { wire, name: output.name, rule, reasons: sent.reasons },
    });
  }
  return { schema: sent.schema, strict: sent.strict };
}

interface SentSchema {
  readonly schema: JsonObject;
  readonly strict: boolean;
  readonly repaired: readonly string[];
  /** Why it is not strict, when strict was asked for. */
  readonly reasons: readonly string[];
}

// What each deeply frozen output schema object became, strict and not: the engine sends the
// same frozen schema on every turn of a loop, and preflight remembers its walks per frozen
// schema too. A schema that is not frozen is read afresh on every call (a caller may have
// changed it in place since the last one).
const SENT = new WeakMap<object, { strict?: SentSchema; loose?: SentSchema }>();

function sentSchema(given: JsonObject, strict: boolean): SentSchema {
  let known = SENT.get(given);
  if (known === undefined) {
    known = {};
    if (isDeeplyFrozen(given)) SENT.set(given, known);
  }
  const cached = strict ? known.strict : known.loose;
  if (cached !== undefined) return cached;
  const { schema, repaired } = withArrayItems(given);
  let sent: SentSchema = { schema, strict: false, repaired, reasons: [] };
  if (strict) {
    const made = strictOutputSchema(schema);
    sent = made.strict
      ? { schema: made.schema, strict: true, repaired, reasons: [] }
      : { schema, strict: false, repaired, reasons: made.reasons };
    known.strict = sent;
  } else known.loose = sent;
  return sent;
}
