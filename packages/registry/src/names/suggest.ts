// "Did you mean": the nearest known name to a mistyped one, for the registry's refusals
// (`unknown provider "antropic"; did you mean "anthropic"?`) and the CLI's commands and options.

/**
 * Edit distance with adjacent transpositions counted as one edit (`explian` → `explain` is
 * one), for naming what a mistyped word was meant to be.
 */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    const row = rows[i] ?? [];
    const above = rows[i - 1] ?? [];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      }
      row[j] = best;
    }
  }
  return rows[a.length]?.[b.length] ?? 0;
}

/**
 * The candidate `word` was most likely meant to be: the nearest one (case-insensitive), at
 * most two edits away and fewer edits than half its length, so a short word is not "corrected"
 * into an unrelated one. The first of equally near candidates wins; undefined when none is near.
 */
export function closestName(word: string, candidates: Iterable<string>): string | undefined {
  const lower = word.toLowerCase();
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance > 2 || distance * 2 >= candidate.length) continue;
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
