/**
 * Business constants: the specification's (page size, suggestions, fresh recommendations) and
 * the limits it leaves to us. docs/architecture.md lists each with where it comes from.
 */

/** Listings per page on /viewmore and in each home-page section. */
export const PAGE_SIZE = 8;
/** Most names the header search box suggests. */
export const MAX_SUGGESTIONS = 15;
/**
 * A suggestion's live listings are counted up to this many at each request: past it the box says
 * "100+", so the fifteen counts stay cheap however many listings a name has (decision 017).
 */
export const SUGGESTION_COUNT_CAP = 100;
/** How many of the newest listings "Fresh recommendations" shows. */
export const FRESH_COUNT = 4;

/**
 * Matches are counted up to this many: past it a page says "1,000+" and its page links reach
 * this far (125 pages of 8), so a broad search never counts a million listings and no page is
 * deeper than a thousand matches (decision 017).
 */
export const MAX_COUNTED_MATCHES = 1_000;

/** Largest photo a seller may upload, in bytes (10 MB). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Widths (px) of the WebP variants made from every listing photo. */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** Field lengths: long enough for real listings, short enough to keep pages small. */
export const MAX_NAME_LENGTH = 80;
export const MAX_DESCRIPTION_LENGTH = 2000;
export const MAX_PERSON_NAME_LENGTH = 80;
export const MAX_SEARCH_LENGTH = 80;

/** Highest price a listing may carry: ₹10,00,000 per kg, in paise. */
export const MAX_PRICE_PAISE = 100_000_000;
