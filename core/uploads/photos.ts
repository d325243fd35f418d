/** A listing's photos: how many it may carry, how the browser shrinks them, and upload ids. */

/**
 * Most photos one listing can carry; the first is its cover. The ceiling: an operator may set a
 * lower limit (MAX_PHOTOS_PER_LISTING in server/config.ts), so code and words take the configured
 * number, never this one.
 */
export const MAX_PHOTOS_PER_LISTING = 5;

/** The browser shrinks a photo to this longest side before sending it (the largest variant is 1280). */
export const RESIZE_MAX_SIDE = 1600;
/** Encoder quality for that shrunk copy (WebP, or JPEG where the browser cannot make WebP). */
export const RESIZE_QUALITY = 0.8;

/** Upload ids are 32 lower-case hex characters, made by the server (server/uploads/tus-server.ts). */
export const UPLOAD_ID_PATTERN = /^[0-9a-f]{32}$/;
