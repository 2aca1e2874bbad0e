// The JSON a model wrote in text: the whole text, or the inside of one Markdown code fence
// (prompt-only wires such as hermes often wrap it). Linear: no backtracking pattern.

/** `text` without a surrounding Markdown code fence and outer whitespace. */
export function unfencedJson(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith('```') || !trimmed.endsWith('```') || trimmed.length < 6) return trimmed;
  const firstLine = trimmed.indexOf('\n');
  if (firstLine < 0) return trimmed;
  // The opening fence may name a language (```json); the body is between the two fences.
  if (!/^```[a-zA-Z]*$/.test(trimmed.slice(0, firstLine).trim())) return trimmed;
  return trimmed.slice(firstLine + 1, trimmed.length - 3).trim();
}
