/**
 * Every piece of text a person sends passes through `cleanText` before it is checked or stored,
 * so nothing stored is malformed or invisible (issue 9, finding 7).
 */

/**
 * Half of a UTF-16 pair with no other half (invalid UTF-8 once stored). The same as
 * `String.prototype.toWellFormed`, which older phone browsers lack (core runs there too).
 */
const LONE_SURROGATE = /\p{Cs}/gu;
/** Line breaks: kept as "\n" in text that may span lines (descriptions), a space elsewhere. */
const LINE_BREAK = /\r\n|[\n\u000b\u000c\r\u0085\u2028\u2029]/g;
/**
 * Control (Cc) and format (Cf) characters: NUL, bidi overrides, zero-width spaces, soft hyphens,
 * byte-order marks. ZWNJ (U+200C) and ZWJ (U+200D) stay: Indic scripts and emoji need them.
 * "\n" is only still there when line breaks are kept.
 */
const INVISIBLE = /(?![\n\u200c\u200d])[\p{Cc}\p{Cf}]/gu;
/** What `trim` leaves: joiners with nothing to join at the ends, marks with no letter to sit on. */
const LOOSE_START = /^[\s\u200c\u200d\p{M}]+/u;
const LOOSE_END = /[\s\u200c\u200d]+$/u;

export interface CleanTextOptions {
  /** Keep line breaks (as "\n"), for text areas. */
  multiline?: boolean;
}

/**
 * Makes incoming text well-formed and visible: a lone surrogate becomes U+FFFD, line breaks and
 * tabs become spaces (or "\n" in multi-line text), control and format characters go, the text is
 * NFC-normalised (after the removals, which can bring a mark next to its letter), and the ends
 * are trimmed.
 */
export function cleanText(text: string, options: CleanTextOptions = {}): string {
  return text
    .replace(LONE_SURROGATE, "\uFFFD")
    .replace(LINE_BREAK, options.multiline ? "\n" : " ")
    .replace(/\t/g, " ")
    .replace(INVISIBLE, "")
    .normalize("NFC")
    .replace(LOOSE_START, "")
    .replace(LOOSE_END, "");
}

/** True when the text holds something a person can read: at least one letter or digit. */
export function hasLetterOrDigit(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}
