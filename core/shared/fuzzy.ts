/**
 * Typo tolerance: how far a typed word is from a word in a listing name. The database only finds
 * candidates (names sharing three-letter pieces with the query); the decision is made here, so
 * both engines answer the same.
 */

/** Words shorter than this are never corrected: "tea" is not a typo for "pea". */
export const MIN_FUZZY_LENGTH = 4;

/** Edits allowed in a word of this length: one for 4–7 letters, two from 8. */
export function allowedEdits(length: number): number {
  if (length < MIN_FUZZY_LENGTH) return 0;
  return length < 8 ? 1 : 2;
}

/**
 * Optimal string alignment distance (insertions, deletions, substitutions and swaps of two
 * neighbours), giving up with `max + 1` once the answer must exceed `max`.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > max) return max + 1;
  let previousRow: number[] = [];
  let row = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const next = [i];
    let rowMin = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let value = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) value = Math.min(value, previousRow[j - 2]! + 1);
      next.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previousRow = row;
    row = next;
  }
  return row[y.length]!;
}

/**
 * Edits needed to turn `typed` into `word`, or into the start of it when `asPrefix` (the word
 * being typed may be unfinished: "basmt" is one edit from "basma…"). Undefined when too far.
 */
export function wordEdits(typed: string, word: string, asPrefix: boolean): number | undefined {
  if (word.startsWith(typed)) return 0;
  const max = allowedEdits([...typed].length);
  if (max === 0) return undefined;
  const whole = editDistance(typed, word, max);
  let best = whole;
  if (asPrefix) {
    const length = [...typed].length;
    for (let n = Math.max(1, length - max); n <= length + max; n++) {
      best = Math.min(best, editDistance(typed, [...word].slice(0, n).join(""), max));
    }
  }
  return best <= max ? best : undefined;
}

/**
 * How many edits make every typed word match a word of the name (already normalised), or
 * undefined when one of them matches nothing. The last typed word may be unfinished.
 */
export function fuzzyNameEdits(typed: string, name: string): number | undefined {
  const typedWords = typed.split(" ").filter(Boolean);
  const nameWords = name.split(" ").filter(Boolean);
  if (!typedWords.length) return undefined;
  let total = 0;
  for (const [index, typedWord] of typedWords.entries()) {
    const asPrefix = index === typedWords.length - 1;
    let best: number | undefined;
    for (const nameWord of nameWords) {
      const edits = wordEdits(typedWord, nameWord, asPrefix);
      if (edits !== undefined && (best === undefined || edits < best)) best = edits;
    }
    if (best === undefined) return undefined;
    total += best;
  }
  return total;
}

/** Whether a query is worth correcting: some word of it is long enough to hold a typo. */
export function canBeFuzzy(typed: string): boolean {
  return typed.split(" ").some((word) => [...word].length >= MIN_FUZZY_LENGTH);
}
