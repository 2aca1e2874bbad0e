/** Shared rules the simulator checks on every wire. */

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

const DATA_URL = /data:[\w.+-]+\/[\w.+-]+;base64,/;
// 256 base64 characters in a row: no prose or placeholder has that, every real payload does.
const BASE64_RUN = /[A-Za-z0-9+/]{256,}={0,2}/;

/** True when `text` carries a base64 payload (a `data:` URL or a long base64 run). */
export function containsBase64Payload(text: string): boolean {
  return DATA_URL.test(text) || BASE64_RUN.test(text);
}

/** An assistant's tool call as the conversation carried it. */
export interface SentCall {
  readonly id: string;
  readonly name: string;
}

/**
 * Tracks the calls of the latest assistant turn and their results, and reports every break of
 * "each call has exactly one result, with a matching id, before the conversation moves on".
 * Wires without ids (ollama, hermes) match results to calls by name, in order.
 */
export class CallLedger {
  readonly violations: string[] = [];
  #pending: { call: SentCall; answered: number }[] = [];
  #matchById: boolean;

  constructor(matchById: boolean) {
    this.#matchById = matchById;
  }

  /** An assistant turn with `calls`; any call of the previous turn still unanswered is a violation. */
  calls(calls: readonly SentCall[], where: string): void {
    this.#closeTurn(where);
    const ids = new Set<string>();
    for (const call of calls) {
      if (this.#matchById) {
        if (call.id === '') this.violations.push(`${where}: tool call ${call.name} has no id`);
        else if (ids.has(call.id))
          this.violations.push(`${where}: tool call id ${call.id} used twice`);
        ids.add(call.id);
      }
    }
    this.#pending = calls.map((call) => ({ call, answered: 0 }));
  }

  /** A result for `id` (or `name` on wires without ids). */
  result(id: string, name: string, where: string): void {
    const entry = this.#matchById
      ? this.#pending.find((pending) => pending.call.id === id)
      : (this.#pending.find((pending) => pending.call.name === name && pending.answered === 0) ??
        this.#pending.find((pending) => pending.call.name === name));
    if (!entry) {
      this.violations.push(
        this.#matchById
          ? `${where}: tool result for ${id === '' ? 'a call without id' : `call id ${id}`} answers no call of the previous assistant turn`
          : `${where}: tool result for ${name || 'an unnamed tool'} answers no call of the previous assistant turn`,
      );
      return;
    }
    entry.answered++;
    if (entry.answered === 2) {
      this.violations.push(`${where}: tool call ${describe(entry.call)} has more than one result`);
    }
  }

  /** The conversation moved on (a user text turn, another assistant turn, or its end). */
  closeTurn(where: string): void {
    this.#closeTurn(where);
    this.#pending = [];
  }

  #closeTurn(where: string): void {
    for (const { call, answered } of this.#pending) {
      if (answered === 0)
        this.violations.push(`${where}: tool call ${describe(call)} has no result`);
    }
  }
}

function describe(call: SentCall): string {
  return call.id ? `${call.name} (${call.id})` : call.name;
}

/** Mints a call id in the style of the wire's provider. */
export function callId(prefix: string, turn: number, index: number): string {
  return `${prefix}${turn}_${index}`;
}

/** Rough token estimate for `usage`: 4 characters per token. */
export function estimateTokens(body: unknown): number {
  return Math.max(1, Math.round(replyJson(body ?? '').length / 4));
}

/** Arguments of a simulated call as a JSON string (string wires) — raw strings pass unchanged. */
export function argumentsText(
  args: Readonly<Record<string, unknown>> | string | undefined,
): string {
  return typeof args === 'string' ? args : JSON.stringify(args ?? {});
}

/** Arguments as an object (object wires); a raw string is parsed, or `{}` when it does not decode. */
export function argumentsObject(
  args: Readonly<Record<string, unknown>> | string | undefined,
): Json {
  if (typeof args !== 'string') return { ...args };
  try {
    const parsed: unknown = JSON.parse(args);
    if (!isObject(parsed)) return {};
    VERBATIM_JSON.set(parsed, args);
    return parsed;
  } catch {
    return {};
  }
}

/**
 * Objects parsed from a script's JSON text, with that text: a reply sends the text as it was
 * written, so an object too deep for `JSON.stringify` (a hostile reply nested 10,000 deep)
 * still goes out.
 */
export const VERBATIM_JSON = new WeakMap<object, string>();

/** `JSON.stringify(body)`, with each object of {@link VERBATIM_JSON} as its own text. */
export function replyJson(body: unknown): string {
  const verbatim: string[] = [];
  const text = JSON.stringify(body, (_key, value: unknown) => {
    if (typeof value !== 'object' || value === null) return value;
    const written = VERBATIM_JSON.get(value);
    if (written === undefined) return value;
    verbatim.push(written);
    return `${VERBATIM_MARK}${verbatim.length - 1}`;
  });
  if (verbatim.length === 0) return text;
  return text.replace(
    new RegExp(`"${VERBATIM_MARK}(\\d+)"`, 'g'),
    (_match, index: string) => verbatim[Number(index)] as string,
  );
}

const VERBATIM_MARK = '__crosswire_simulator_verbatim_json_';
