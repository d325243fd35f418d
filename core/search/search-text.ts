/**
 * The one form search text takes, in a module of its own: the header's search box (every page,
 * core/search/suggestions.ts) needs it in the browser without the produce catalogue that
 * search-terms.ts reads.
 */

/**
 * The form names are searched in: NFC (so a nukta typed either way matches), lower case, one
 * space between words, no control characters. Listings store their name this way in `name_search`.
 */
export function normaliseSearchText(text: string): string {
  // Control characters (a NUL from a crafted URL) mean nothing in a name and would end an FTS5 string early.
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[\s\p{Cc}]+/gu, " ")
    .trim();
}
