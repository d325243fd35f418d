/** Longer than any way of writing a number: refused before any work (hostile input). */
const MAX_PHONE_INPUT = 64;

/**
 * Spaces (any Unicode space), dashes (hyphen, non-breaking hyphen, en and em dash, minus),
 * brackets and dots people write between groups, and invisible characters (Cc, Cf: zero-width
 * space, ZWJ/ZWNJ, bidi overrides, BOM) that a copy from a message or a web page carries.
 */
const INVISIBLE_OR_SEPARATOR = /[\s\p{Cc}\p{Cf}\-\u2010-\u2015\u2212().]/gu;

/**
 * Decimal digits of India's scripts (Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil,
 * Telugu, Kannada, Malayalam) → ASCII: a phone keyboard in Hindi types ९८७६५४३२१०. Each script's
 * zero is a code point whose next nine are 1–9.
 */
const INDIAN_ZEROS = [0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66];

/** Any Indian script's digits as ASCII digits (other characters as they are). */
export function asciiDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (digit) => {
    const code = digit.codePointAt(0)!;
    const zero = INDIAN_ZEROS.find((start) => code >= start && code <= start + 9);
    return zero === undefined ? digit : String(code - zero);
  });
}

/**
 * Indian mobile numbers: 10 digits starting 6–9, optionally written with +91, 91 or 0 in front
 * and spaces or dashes between groups, in ASCII or an Indian script's digits. Stored as E.164 (+919876543210).
 */

export function normalisePhone(text: string): string | undefined {
  if (text.length > MAX_PHONE_INPUT) return undefined;
  const digits = asciiDigits(text.replace(INVISIBLE_OR_SEPARATOR, ""));
  const match = /^(?:\+91|91|0)?([6-9]\d{9})$/.exec(digits);
  return match ? `+91${match[1]}` : undefined;
}

/** "+919876543210" → "+91 98765 43210". */
export function formatPhone(e164: string): string {
  const match = /^\+91(\d{5})(\d{5})$/.exec(e164);
  return match ? `+91 ${match[1]} ${match[2]}` : e164;
}

/** "+919876543210" → "https://wa.me/919876543210"; with `text`, the chat opens with it typed (wa.me's `text`, percent-encoded). */
export function whatsappLink(e164: string, text?: string): string {
  const chat = `https://wa.me/${e164.replace(/^\+/, "")}`;
  return text ? `${chat}?text=${encodeURIComponent(text)}` : chat;
}

/** The "Show number" form's intent (decision 046): a seller's number shown past the address's hourly threshold. */
export const SHOW_NUMBER_INTENT = "show-number";

/**
 * The safety note before the first call or chat of a session (decision 057). Call and WhatsApp
 * link to a short page beside the listing's or seller's (`/view/<id>/contact?via=call`), which
 * shows the note with the number and then the real link, and remembers in a session cookie that
 * it was seen: later taps go straight on. With JavaScript the page shows the note itself.
 */
export const CONTACT_NOTE_COOKIE = "contact_note";
export const CONTACT_VIA = ["call", "whatsapp"] as const;
export type ContactVia = (typeof CONTACT_VIA)[number];

/** The note's page for a listing's or a seller's page (`page`: "/view/<id>" or "/seller/<id>"). */
export const contactNoteHref = (page: string, via: ContactVia) => `${page}/contact?via=${via}`;

/** The real link: only ever the seller's own number, as tel: or wa.me (never taken from a request). */
export const contactLink = (via: ContactVia, phone: string, whatsappText?: string) =>
  via === "call" ? `tel:${phone}` : whatsappLink(phone, whatsappText);
