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

/** A tool call as a body names it: its id and tool name, each read as the wire has them. */
export interface NamedCall {
  readonly id: unknown;
  readonly name: unknown;
}

/**
 * The result blocks of a body, each with the call id `resultId` reads from it and the name of
 * the call among `calls` with that id.
 */
export function namedResults(
  calls: readonly NamedCall[],
  results: readonly JsonObject[],
  resultId: (block: JsonObject) => unknown,
): DeliveredToolResult[] {
  const names = new Map<string, string>();
  for (const call of calls) {
    const id = asString(call.id);
    const name = asString(call.name);
    if (id !== undefined && name !== undefined) names.set(id, name);
  }
  return results.map((block) => {
    const callId = asString(resultId(block));
    return { callId, name: callId === undefined ? undefined : names.get(callId), block };
  });
}
