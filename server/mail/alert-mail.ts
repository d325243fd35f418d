/**
 * An alert email's words, in the person's language: one listing (as they come) or several (the
 * daily digest), as plain text and as HTML in which every piece of text is escaped (decision 026).
 * Text people chose (the saved search's name or words, the seller's listing name) is never in
 * the subject, never a link, and always quoted under a label that says who wrote it; the person
 * is not greeted by the account's name, which anyone may set (decision 045). Also the link that
 * confirms an address.
 */
import { HTML_LANG, textDirection, type Language } from "../../core/i18n/languages";
import { placeLabel } from "../../core/locations";
import { formatPricePerKg } from "../../core/money/money";
import type { OutgoingMail } from "./mailer";
import { mailTranslator } from "./mail-words";

export interface MailListing {
  id: string;
  name: string;
  pricePaise: number;
  state: string | null;
  district: string | null;
}

export interface AlertMailInput {
  to: string;
  language: Language;
  /** The saved search in plain words (or the name the person gave it). */
  search: string;
  listings: readonly MailListing[];
  baseUrl: string;
  /** The one-tap unsubscribe address (/alerts/unsubscribe?t=…). */
  unsubscribeUrl: string;
}

/** The five characters that mean something in HTML, as entities. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** A mail's page around its paragraphs (already HTML). */
function htmlPage(language: Language, subject: string, body: string): string {
  return `<!doctype html>
<html lang="${HTML_LANG[language]}" dir="${textDirection(language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:16px;font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1c1917;background:#fafaf9">
<div style="max-width:560px;margin:0 auto">
${body}
</div>
</body>
</html>
`;
}

/** Someone's own words, shown as a quotation (escaped, never a link). */
const quotedHtml = (text: string) => `<span style="font-style:italic">“${escapeHtml(text)}”</span>`;

export function composeAlertMail(input: AlertMailInput): OutgoingMail {
  const t = mailTranslator(input.language);
  const base = input.baseUrl.replace(/\/+$/, "");
  const alertsUrl = `${base}/my/alerts`;
  const count = input.listings.length;
  const subject = count === 1 ? t("subjectOne") : t("subjectMany", { count });
  const intro = count === 1 ? t("introOne") : t("introMany", { count });
  const items = input.listings.map((listing) => ({
    name: listing.name,
    price: formatPricePerKg(listing.pricePaise),
    place: placeLabel({ state: listing.state, district: listing.district }, input.language),
    url: `${base}/view/${encodeURIComponent(listing.id)}`,
  }));

  const text = [
    t("greeting"),
    "",
    intro,
    `${t("searchLabel")} “${input.search}”`,
    "",
    ...items.flatMap((item) => [`${t("listingLabel")} “${item.name}”`, `${item.price} · ${item.place}`, `${t("see")}: ${item.url}`, ""]),
    t("unchecked"),
    "",
    `${t("myAlerts")}: ${alertsUrl}`,
    "",
    t("why"),
    `${t("stop")}: ${input.unsubscribeUrl}`,
    "",
  ].join("\n");

  const h = escapeHtml;
  const html = htmlPage(
    input.language,
    subject,
    `<p>${h(t("greeting"))}</p>
<p>${h(intro)}</p>
<p>${h(t("searchLabel"))} ${quotedHtml(input.search)}</p>
${items
  .map(
    (item) => `<div style="margin:12px 0;padding:12px;border:1px solid #e7e5e4;border-radius:8px;background:#fff">
<p style="margin:0;font-size:14px;color:#57534e">${h(t("listingLabel"))}</p>
<p style="margin:0;font-size:18px">${quotedHtml(item.name)}</p>
<p style="margin:4px 0">${h(item.price)} · ${h(item.place)}</p>
<p style="margin:8px 0 0"><a href="${h(item.url)}">${h(t("see"))}</a></p>
</div>`,
  )
  .join("\n")}
<p style="font-size:14px;color:#57534e">${h(t("unchecked"))}</p>
<p><a href="${h(alertsUrl)}">${h(t("myAlerts"))}</a></p>
<p style="font-size:14px;color:#57534e">${h(t("why"))} <a href="${h(input.unsubscribeUrl)}">${h(t("stop"))}</a></p>`,
  );

  return {
    to: input.to,
    subject,
    text,
    html,
    language: input.language,
    // RFC 2369 and RFC 8058: the mail program's own "Unsubscribe" button POSTs here, one tap.
    headers: { "List-Unsubscribe": `<${input.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

/** The link that confirms an address (better-auth's email verification, decision 045): nobody's words but Mandi's. */
export function composeVerifyMail(input: { to: string; language: Language; verifyUrl: string }): OutgoingMail {
  const t = mailTranslator(input.language);
  const subject = t("verify.subject");
  const text = [t("greeting"), "", t("verify.intro"), "", `${t("verify.button")}: ${input.verifyUrl}`, "", t("verify.ignore"), ""].join(
    "\n",
  );
  const h = escapeHtml;
  const html = htmlPage(
    input.language,
    subject,
    `<p>${h(t("greeting"))}</p>
<p>${h(t("verify.intro"))}</p>
<p><a href="${h(input.verifyUrl)}" style="display:inline-block;padding:10px 20px;border-radius:8px;background:#166534;color:#fff;text-decoration:none;font-weight:bold">${h(t("verify.button"))}</a></p>
<p style="font-size:14px;color:#57534e">${h(t("verify.ignore"))}</p>`,
  );
  return { to: input.to, subject, text, html, language: input.language };
}

/** The link that sets a new password ("Forgot password?", decision 052): nobody's words but Mandi's. */
export function composeResetMail(input: { to: string; language: Language; resetUrl: string }): OutgoingMail {
  const t = mailTranslator(input.language);
  const subject = t("reset.subject");
  const text = [t("greeting"), "", t("reset.intro"), "", `${t("reset.button")}: ${input.resetUrl}`, "", t("reset.ignore"), ""].join("\n");
  const h = escapeHtml;
  const html = htmlPage(
    input.language,
    subject,
    `<p>${h(t("greeting"))}</p>
<p>${h(t("reset.intro"))}</p>
<p><a href="${h(input.resetUrl)}" style="display:inline-block;padding:10px 20px;border-radius:8px;background:#166534;color:#fff;text-decoration:none;font-weight:bold">${h(t("reset.button"))}</a></p>
<p style="font-size:14px;color:#57534e">${h(t("reset.ignore"))}</p>`,
  );
  return { to: input.to, subject, text, html, language: input.language };
}
