/** "Did you mean …?": the valid names closest to a misspelt one, by edit distance (a swap of two letters counts once). */

/** The candidates within a couple of edits of `name` (more for long names), closest first; empty when none is close. */
export function nearestNames(name: string, candidates: Iterable<string>, limit = 1): string[] {
  const wanted = name.toLowerCase();
  const allowed = Math.max(2, Math.floor(wanted.length / 3));
  return [...new Set(candidates)]
    .map((candidate) => ({ candidate, distance: editDistance(wanted, candidate.toLowerCase()), shared: sharedStart(wanted, candidate.toLowerCase()) }))
    .filter(({ candidate, distance }) => distance <= allowed && candidate !== name)
    // Ties go to the name that starts as the misspelling does ("=" → "==", not "-").
    .sort((a, b) => a.distance - b.distance || b.shared - a.shared || a.candidate.localeCompare(b.candidate))
    .slice(0, limit)
    .map(({ candidate }) => candidate);
}

/** A fix that opens with `did you mean "x"?` when a candidate is close to `name`, then says `rest`. */
export function didYouMean(name: string, candidates: Iterable<string>, rest: string): string {
  const [nearest] = nearestNames(name, candidates);
  return nearest === undefined ? rest : `did you mean "${nearest}"? ${rest.charAt(0).toUpperCase()}${rest.slice(1)}`;
}

/** Every candidate, the closest to `name` first (ties keep the candidates' order). */
export function byNearness(name: string, candidates: readonly string[]): string[] {
  const wanted = name.toLowerCase();
  const distance = new Map(candidates.map((c) => [c, editDistance(wanted, c.toLowerCase())]));
  return [...candidates].sort((a, b) => distance.get(a)! - distance.get(b)!);
}

function sharedStart(a: string, b: string): number {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours each cost 1. */
export function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}
