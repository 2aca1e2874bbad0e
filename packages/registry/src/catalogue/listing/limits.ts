// One set of limits for the learned layer: what `discover` keeps from a provider's listing is
// exactly what `createRegistry({ learned })` loads back, so a saved snapshot always loads.
// The loader's schema and discover's reader both read these, never a number of their own.

/** The limits of a learned listing, shared by `discover` and the snapshot loader. */
export const LEARNED_LIMITS = Object.freeze({
  /** Models kept from one listing; more makes the listing incomplete (`listing_truncated`). */
  models: 20_000,
  /** Characters in a model id, a display name, an alias or a replacement id. */
  text: 256,
  /** Aliases kept per model. */
  aliases: 64,
  /** Pages read from a paged listing; more makes the listing incomplete. */
  pages: 20,
});

// Control characters, format characters (bidirectional overrides and isolates, zero-width
// space and joiners, the byte-order mark, soft hyphen), line and paragraph separators, and any
// whitespace other than a plain space: none of them belongs in a model name, and the
// invisible ones let one name pass for another in a report.
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]|[^\S ]/u;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Why `text` cannot be a learned model id (or name, alias, replacement), or undefined when
 * it can: at most {@link LEARNED_LIMITS}.text characters, no control, bidirectional or
 * zero-width character, no whitespace but inner plain spaces (`my model` is a real local name).
 */
export function learnedTextProblem(text: string): string | undefined {
  if (text.length === 0) return 'is empty';
  if (text.length > LEARNED_LIMITS.text) {
    return `is ${text.length} characters long (at most ${LEARNED_LIMITS.text})`;
  }
  if (LONE_SURROGATE.test(text)) return 'holds a lone surrogate';
  if (FORBIDDEN.test(text)) {
    return 'holds a control, bidirectional, zero-width or non-space whitespace character';
  }
  if (text.trim() !== text) return 'starts or ends with a space';
  return undefined;
}

const ESCAPED = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]|[^\S ]|\p{Cs}/gu;

/**
 * A peer's string as a person may read it in a message: every invisible or control character
 * written as `\u{...}`, cut to `max` characters, in double quotes.
 */
export function quoted(text: string, max = 80): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return `"${cut.replace(ESCAPED, (character) => `\\u{${(character.codePointAt(0) ?? 0).toString(16)}}`)}"`;
}
