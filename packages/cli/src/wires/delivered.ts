/** One tool result as a request body carried it: the call it answers and its wire block. */
export interface DeliveredToolResult {
  /** The call id the block answers, where the wire has one. */
  readonly callId: string | undefined;
  /** The tool name, where the wire says it (or the call it answers does). */
  readonly name: string | undefined;
  /** The block exactly as it was in the body. */
  readonly block: unknown;
}

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
