/**
 * Does a listing's text ask for money up front (issue 43, decision 056)? A UPI ID, a payment
 * link or words asking for an advance: such a listing waits for a moderator before buyers see it.
 * Every pattern is here and nowhere else. Text is first folded (`foldForScan`) so that lookalike
 * letters, full-width signs, invisible characters and spacing tricks read as the plain text they
 * imitate. Server only: the listing service checks each save.
 */

export type PaymentRequestKind = "upiId" | "paymentLink" | "advance";

/** Zero-width and direction characters, soft hyphen, word joiner, BOM: invisible, and used to split a word a filter looks for. */
const INVISIBLE = /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0]/g;

/** Cyrillic and Greek letters drawn like Latin ones (NFKC leaves them), lower-cased first. */
const LOOKALIKES: Readonly<Record<string, string>> = {
  а: "a",
  в: "b",
  с: "c",
  ԁ: "d",
  е: "e",
  ё: "e",
  һ: "h",
  н: "h",
  і: "i",
  ї: "i",
  ј: "j",
  к: "k",
  ӏ: "l",
  м: "m",
  п: "n",
  о: "o",
  р: "p",
  ԛ: "q",
  г: "r",
  ѕ: "s",
  т: "t",
  у: "y",
  х: "x",
  ү: "y",
  ԝ: "w",
  α: "a",
  β: "b",
  ε: "e",
  η: "n",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ϲ: "c",
  ɑ: "a",
  ɡ: "g",
  ı: "i",
  ℓ: "l",
};
const LOOKALIKE_PATTERN = new RegExp(`[${Object.keys(LOOKALIKES).join("")}]`, "g");

/** Digits of Indian scripts a phone number may be written in. */
const DIGIT_ZEROS = [0x0966 /* Devanagari */, 0x09e6 /* Bengali */, 0x0a66 /* Gurmukhi */, 0x0ae6 /* Gujarati */];

/**
 * The text as a filter should read it: NFKC (full-width "＠" and "ｐａｙ" become "@" and "pay"),
 * without invisible characters, lookalike letters as the Latin letter they imitate, Indian digits
 * as ASCII ones, lower case, "[at]"/"(at)" as "@", and no spaces around "@".
 */
export function foldForScan(text: string): string {
  let folded = text.normalize("NFKC").replace(INVISIBLE, "").toLowerCase();
  folded = folded.replace(LOOKALIKE_PATTERN, (letter) => LOOKALIKES[letter] ?? letter);
  for (const zero of DIGIT_ZEROS) {
    folded = folded.replace(new RegExp(`[\\u{${zero.toString(16)}}-\\u{${(zero + 9).toString(16)}}]`, "gu"), (d) =>
      String(d.codePointAt(0)! - zero),
    );
  }
  return folded
    .replace(/\s*[[({<]\s*at\s*[\])}>]\s*/g, "@")
    .replace(/\s*@\s*/g, "@")
    .replace(/\s+/g, " ");
}

/**
 * The part after "@" that a payment app gives (okaxis, ybl, paytm, oksbi…): a known handle, or a
 * word that names a bank or a payment app. Anything else after "@" ("@rs 40", "@ 20/kg", which
 * sellers write for a price) is not a UPI ID.
 */
const UPI_HANDLES = new Set([
  "upi",
  "ybl",
  "ibl",
  "axl",
  "apl",
  "yapl",
  "rapl",
  "paytm",
  "ptyes",
  "ptaxis",
  "pthdfc",
  "ptsbi",
  "okaxis",
  "okhdfcbank",
  "okicici",
  "oksbi",
  "axisbank",
  "axisb",
  "hdfcbank",
  "icici",
  "sbi",
  "kotak",
  "kmbl",
  "idfcbank",
  "idfcfirst",
  "fbl",
  "federal",
  "jupiteraxis",
  "ikwik",
  "freecharge",
  "airtel",
  "jio",
  "waaxis",
  "wahdfcbank",
  "waicici",
  "wasbi",
  "abfspay",
  "pingpay",
  "timecosmos",
  "dbs",
  "indus",
  "kbl",
  "pnb",
  "barodampay",
  "unionbank",
  "unionbankofindia",
  "boi",
  "cnrb",
  "cub",
  "dlb",
  "hsbc",
  "idbi",
  "iob",
  "ubi",
  "yesbank",
  "yesbankltd",
  "aubank",
  "rbl",
  "sib",
  "tjsb",
  "equitas",
  "fino",
  "finobank",
  "postbank",
  "ippb",
  "mahb",
  "uco",
  "psb",
  "jkb",
  "karb",
  "kvb",
  "nsdl",
  "pockets",
  "slice",
  "superyes",
  "naviaxis",
  "goaxb",
  "yesg",
  "tapicici",
  "mobikwik",
  "amazonpay",
  "apay",
  "gpay",
  "phonepe",
  "bhim",
  "cmsidfc",
  "citi",
  "scb",
  "dcb",
  "csbpay",
  "ezeepay",
  "allbank",
  "andb",
  "barodapay",
  "centralbank",
  "cbin",
  "indianbank",
  "idib",
]);
const UPI_HANDLE_WORD = /bank|pay|upi|axis|hdfc|icici|sbi|kotak|^ok[a-z]{2,}$|^pt[a-z]{2,}$/;

/**
 * name@handle: the name of letters, digits, dots, hyphens and underscores; the handle letters
 * (and digits after them), not followed by a dot and a letter or digit, which would make it an
 * email address's domain (farmer@gmail.com is an email, not a UPI ID).
 */
const UPI_ID = /(?<![a-z0-9._-])[a-z0-9][a-z0-9._-]{1,255}@([a-z][a-z0-9]{1,63})(?![a-z0-9]|\.[a-z0-9])/g;

/** Payment links, read in the text with "[dot]" and spaces around "." "/" ":" taken out. */
const PAYMENT_LINKS = [
  /upi:\/*(pay|mandate|collect)/, // a UPI intent: upi://pay?pa=…
  /tez:\/*upi/,
  /[?&]pa=[a-z0-9._-]+@/, // a UPI intent's payee, whatever the scheme
  /(^|[^a-z0-9])(p\.)?paytm\.(me|link)/,
  /paytm\.com\/(link|pay|qr)/,
  /phon\.pe\//,
  /phonepe\.com\/(pay|link|qr)/,
  /pay\.google\.com/,
  /gpay\.app\.goo\.gl/,
  /g\.co\/pay/,
  /razorpay\.(me|com\/payment-(link|button|page))/,
  /rzp\.io\//,
  /pages\.razorpay\.com/,
  /paypal\.(me|com\/paypalme)/,
  /(instamojo\.com\/@?|imjo\.in\/)/,
  /cashfree\.com\/(link|payment)/,
  /payu\.in\/(pay|invoice)|pmny\.in\//,
  /bhimupi\.org\.in\/pay|upilink\.in\//,
];

/**
 * Words asking for money before the produce arrives, in English, in Hindi, and in Hindi written
 * in Latin letters. "Advance" alone is not enough ("advance booking available" is a seller
 * taking orders ahead of the harvest, which is ordinary): it must be about paying.
 */
const ADVANCE_WORDS = [
  /advance\s*(payment|pay|paid|money|amount|deposit|transfer|dena|dijiye|bhej|rs\b|inr\b|₹|\d)/,
  /(pay|payment|money|paise|paisa|amount|deposit)\s+(in\s+)?advance/,
  /\d+\s*%\s*(advance|in advance|upfront|before)/,
  /\bpay\s*first\b|\bpayment\s*first\b|\bfirst\s*(pay|payment|send money)\b/,
  /\b(pay|payment)\s*(before|prior to)\s*(delivery|dispatch|loading|shipping|sending)/,
  /\b(pay|payment)\s*upfront\b|\bupfront\s*(pay|payment|money|amount)/,
  /\btoken\s*(amount|money|payment|paisa|paise|rashi)\b/,
  /\b(pehle|pahle|pehele)\s*(paise|paisa|payment|pay|bhugtan)|\b(paise|paisa|payment)\s*(pehle|pahle)\b/,
  /एडव[ाै]ं?(?:न्)?स(?!\s*बुकिंग)/, // एडवांस, एडवान्स; not "एडवांस बुकिंग" (ordering ahead)
  /अग्रिम\s*(भुगतान|राशि|रकम|पैसे?|धन|रुपये?)/,
  /पहले\s*(पैसे?|भुगतान|पेमेंट|रुपये?|रक़?म)/,
  /(पैसे?|भुगतान|पेमेंट)\s*पहले/,
  /टोकन\s*(राशि|मनी|अमाउंट|रक़?म|पैसे?)/,
  /बयाना/,
];

/** What in these texts asks for money up front, the first kind found (a link, then a UPI ID, then words), or null. */
export function findPaymentRequest(texts: ReadonlyArray<string | null | undefined>): PaymentRequestKind | null {
  const folded = texts
    .filter((text): text is string => typeof text === "string" && text.length > 0)
    .map(foldForScan)
    .join("\n");
  if (!folded) return null;
  const compact = folded.replace(/\s*[[({<]\s*dot\s*[\])}>]\s*/g, ".").replace(/\s*([./:?&=])\s*/g, "$1");
  if (PAYMENT_LINKS.some((pattern) => pattern.test(compact))) return "paymentLink";
  for (const match of folded.matchAll(UPI_ID)) {
    const handle = match[1]!;
    if (UPI_HANDLES.has(handle) || UPI_HANDLE_WORD.test(handle)) return "upiId";
  }
  if (ADVANCE_WORDS.some((pattern) => pattern.test(folded))) return "advance";
  return null;
}
