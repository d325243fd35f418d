/**
 * Quality grades, as India's mandis report them (AGMARKNET's "Grade" column): FAQ (fair average
 * quality) and A, B, C. Optional on a listing; price insight compares like with like when it can.
 */
export const GRADES = ["FAQ", "A", "B", "C"] as const;
export type Grade = (typeof GRADES)[number];

export function isGrade(value: string): value is Grade {
  return (GRADES as readonly string[]).includes(value);
}

/** A grade as typed or as a mandi export writes it ("faq", "Grade A", "a") → its canonical form. */
export function readGrade(text: string): Grade | undefined {
  const typed = text
    .trim()
    .toUpperCase()
    .replace(/^GRADE\s*/, "");
  return isGrade(typed) ? typed : undefined;
}
