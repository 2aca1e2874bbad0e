// "Did you mean ...?": the known names nearest to a mistyped one — for a model name the registry
// does not know (a typo is otherwise a 404 from the provider with no hint), for the registry's
// refusals (`unknown provider "antropic"; did you mean "anthropic"?`) and the CLI's commands
// and options.

/**
 * Edit distance (insertions, deletions, substitutions, adjacent transpositions each one
 * edit), giving up past `limit`: `claude-sonet-5-5` is one edit from `claude-sonnet-5-5`.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = new Array<number>(b.length + 1).fill(0);
    current[0] = i;
    let smallest = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, (before[j - 2] as number) + 1);
      }
      current[j] = best;
      smallest = Math.min(smallest, best);
    }
    if (smallest > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] as number;
}

/** How many names a suggestion lists at most. */
export const MAX_SUGGESTIONS = 3;

/**
 * The known names nearest to `name` (case aside): at most three edits away and fewer edits
 * than a third of its length, so a short name is not "corrected" into an unrelated one; only
 * the nearest (`claude-sonet-5-5` gets `claude-sonnet-5-5`, not also `claude-sonnet-4-5` two
 * edits away), at most three, each once, in alphabetical order.
 */
export function closestNames(name: string, known: Iterable<string>): readonly string[] {
  const lower = name.toLowerCase();
  const limit = Math.min(3, Math.ceil(lower.length / 3) - 1);
  if (limit < 1) return [];
  const found = new Map<string, { name: string; distance: number }>();
  for (const candidate of known) {
    const key = candidate.toLowerCase();
    if (key === lower || found.has(key)) continue;
    const distance = editDistance(lower, key, limit);
    if (distance <= limit) found.set(key, { name: candidate, distance });
  }
  const nearest = Math.min(...[...found.values()].map((entry) => entry.distance));
  return [...found.values()]
    .filter((entry) => entry.distance === nearest)
    .map((entry) => entry.name)
    .sort((a, b) => a.localeCompare(b))
    .slice(0, MAX_SUGGESTIONS);
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
    const distance = editDistance(lower, candidate.toLowerCase(), 2);
    if (distance > 2 || distance * 2 >= candidate.length) continue;
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
