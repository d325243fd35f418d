/**
 * Each language's script, as Unicode names it (Marathi shares Hindi's Devanagari): what the
 * catalogue check and the browser tests count a page's letters by (issue 40). A module of its
 * own: no page's script needs it.
 */
import type { Language } from "./languages";

export const LANGUAGE_SCRIPT: Record<Exclude<Language, "en">, RegExp> = {
  hi: /\p{Script=Devanagari}/u,
  mr: /\p{Script=Devanagari}/u,
  bn: /\p{Script=Bengali}/u,
  te: /\p{Script=Telugu}/u,
  ta: /\p{Script=Tamil}/u,
  gu: /\p{Script=Gujarati}/u,
  or: /\p{Script=Oriya}/u,
  kn: /\p{Script=Kannada}/u,
  pa: /\p{Script=Gurmukhi}/u,
  ur: /\p{Script=Arabic}/u,
  ml: /\p{Script=Malayalam}/u,
};

/**
 * Brand and technical words a message or a page may keep in Latin letters in every language
 * (issue 40's allow-list), and the examples a person types as they are. The catalogue check
 * reads messages with it, the browser crawl reads pages with it.
 */
export const LATIN_ALLOWED =
  /\b(Mandi|UPI|API|JPEG|PNG|WebP|HEIC|MB|KB|SMS|OTP|WhatsApp|AGMARKNET|MSP|FPO|CSV|URL|ID|PIN|IFSC|eNAM|data\.gov\.in|English|name@example\.com|npm run [\w:-]+|Pusa \d+|Wi-Fi)\b/g;
