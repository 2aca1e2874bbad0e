/** The largest tool result forwarded to the model by default: 16 MiB. */
export const DEFAULT_MAX_TOOL_RESULT_BYTES = 16 * 1024 * 1024;

/**
 * Whether `value`, written as JSON, would take more than `limit` bytes: an iterative walk
 * (no recursion, so a result nested any depth is measured without a stack overflow) that
 * counts each string's UTF-8 bytes and stops as soon as the count passes `limit`, so the cost
 * is bounded by the limit, not by what the server sent. The count is a lower bound of the
 * JSON size (quotes, commas and escapes aside), exact enough for a cap in megabytes.
 */
export function exceedsBytes(value: unknown, limit: number): boolean {
  let total = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'string') {
      // A string longer than the limit in UTF-16 units is over it in UTF-8 bytes too.
      total += current.length > limit ? current.length : Buffer.byteLength(current, 'utf8');
    } else if (typeof current === 'number' || typeof current === 'boolean') {
      total += 8;
    } else if (Array.isArray(current)) {
      total += 2 + current.length;
      for (const item of current) pending.push(item);
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        total += key.length + 4;
        pending.push(item);
      }
    }
    if (total > limit) return true;
  }
  return false;
}
