/**
 * An alert email's words, in the person's language: one listing (as they come) or several (the
 * daily digest), as plain text and as HTML in which every piece of text is escaped (decision 026).
 */
import type { Language } from "../../core/i18n/languages";
import { placeLabel } from "../../core/locations";
import { formatPricePerKg } from "../../core/money";
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
  personName: string;
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

export function composeAlertMail(input: AlertMailInput): OutgoingMail {
  const t = mailTranslator(input.language);
  const base = input.baseUrl.replace(/\/+$/, "");
  const alertsUrl = `${base}/my/alerts`;
  const count = input.listings.length;
  const first = input.listings[0];
  const subject = count === 1 && first ? t("subjectOne", { listing: first.name, search: input.search }) : t("subjectMany", { count, search: input.search });
  const greeting = input.personName.trim() ? t("greeting", { name: input.personName.trim() }) : t("greetingNoName");
  const intro = count === 1 ? t("introOne", { search: input.search }) : t("introMany", { count, search: input.search });
  const items = input.listings.map((listing) => ({
    name: listing.name,
    price: formatPricePerKg(listing.pricePaise),
    place: placeLabel({ state: listing.state, district: listing.district }, input.language),
    url: `${base}/view/${encodeURIComponent(listing.id)}`,
  }));

  const text = [
    greeting,
    "",
    intro,
    "",
    ...items.flatMap((item) => [`${item.name} — ${item.price}`, item.place, `${t("see")}: ${item.url}`, ""]),
    `${t("myAlerts")}: ${alertsUrl}`,
    "",
    t("why"),
    `${t("stop")}: ${input.unsubscribeUrl}`,
    "",
  ].join("\n");

  const h = escapeHtml;
  const html = `<!doctype html>
<html lang="${input.language === "hi" ? "hi-IN" : "en-IN"}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${h(subject)}</title></head>
<body style="margin:0;padding:16px;font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1c1917;background:#fafaf9">
<div style="max-width:560px;margin:0 auto">
<p>${h(greeting)}</p>
<p>${h(intro)}</p>
${items
  .map(
    (item) => `<div style="margin:12px 0;padding:12px;border:1px solid #e7e5e4;border-radius:8px;background:#fff">
<p style="margin:0;font-weight:bold;font-size:18px">${h(item.name)}</p>
<p style="margin:4px 0">${h(item.price)}</p>
<p style="margin:4px 0;color:#57534e">${h(item.place)}</p>
<p style="margin:8px 0 0"><a href="${h(item.url)}">${h(t("see"))}</a></p>
</div>`,
  )
  .join("\n")}
<p><a href="${h(alertsUrl)}">${h(t("myAlerts"))}</a></p>
<p style="font-size:14px;color:#57534e">${h(t("why"))} <a href="${h(input.unsubscribeUrl)}">${h(t("stop"))}</a></p>
</div>
</body>
</html>
`;

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
