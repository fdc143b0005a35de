/**
 * Whether `word` is the start of `candidate` but for at most one typo: a letter changed, missing,
 * added, or two neighbouring letters swapped (the optimal string alignment distance of `word` and
 * some start of `candidate` is at most 1). "mineralwaser" starts "mineralwasser", "pomes" is
 * "pommes", "minerlawasser" is "mineralwasser"; the search box types a word before it is complete,
 * so a start counts, not only the whole word.
 */
export function startsWithOneTypo(word: string, candidate: string): boolean {
  const n = word.length;
  const m = candidate.length;
  if (m < n - 1) return false;
  // rows of the distance table: i letters of `word` against 0…m letters of `candidate`
  let beforePrevious = new Array<number>(m + 1).fill(0);
  let previous = Array.from({ length: m + 1 }, (_, j) => j);
  for (let i = 1; i <= n; i += 1) {
    const current = new Array<number>(m + 1).fill(i);
    for (let j = 1; j <= m; j += 1) {
      const changed = word[i - 1] === candidate[j - 1] ? 0 : 1;
      let best = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + changed,
      );
      if (i > 1 && j > 1 && word[i - 1] === candidate[j - 2] && word[i - 2] === candidate[j - 1])
        best = Math.min(best, (beforePrevious[j - 2] ?? 0) + 1);
      current[j] = best;
    }
    beforePrevious = previous;
    previous = current;
  }
  return Math.min(...previous) <= 1;
}
