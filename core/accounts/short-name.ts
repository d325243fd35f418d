/**
 * The name a signed-in person's account menu shows in the header (issue 42): the first word of
 * their name, cut, if it must be, between whole letters ("र्" alone is no letter: CSS's ellipsis
 * cut a Hindi name there). The full name is inside the menu.
 */
const MOST_LETTERS = 12;

export function shortName(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? "";
  // Whole grapheme clusters (a Devanagari consonant with its vowel signs and conjuncts stays whole).
  const letters = [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(first)].map((s) => s.segment);
  return letters.length > MOST_LETTERS ? `${letters.slice(0, MOST_LETTERS - 1).join("")}…` : first;
}
