/**
 * A seller's phone number with Call and WhatsApp, on a listing's page and a seller's page. Past
 * the client address's hourly threshold (decision 046) the page is rendered without the number
 * (`phone` null): then "Show number", a plain form POST to the page itself that works without
 * JavaScript, whose answer is the same page with this one number (`revealed`). The tel: and
 * wa.me links carry the digits too, so they are drawn only with the number.
 *
 * A listing's page splits the two (decision 053): the number, or why it is not shown, stays in
 * the seller's details (`SellerNumber`), and the buttons (`ContactActions`) sit in a bar at the
 * foot of a phone's screen, so a buyer can call from the first screen.
 *
 * Call and WhatsApp lead through the safety note (decision 057): their links go to the note's
 * page (`notePage`), and carry the real link for `ContactNoteDialog` to open with JavaScript. An
 * answer to "Show number" (a page for this client alone, already counted) links straight to the
 * number and shows the note beside it instead (`notePage` null).
 */
import type { ReactNode } from "react";
import { contactLink, contactNoteHref, formatPhone, SHOW_NUMBER_INTENT, type ContactVia } from "../../../core/shared/phone";
import { useI18n, type I18n } from "../i18n/i18n";
import { priceText } from "../../components/ui/price";
import { PhoneIcon } from "../../components/ui/icons";
import { ContactNoteText } from "./contact-note";

/** Where the answer to "Show number" scrolls to: the number, or the refusal. */
const CONTACT_ID = "seller-contact";

interface ContactProps {
  name: string;
  phone: string | null;
  action: string;
  refusedForMinutes?: number;
  /** The page the safety note's page sits beside ("/view/<id>"); null: link straight to the number, the note shown here. */
  notePage: string | null;
}

/** A seller's page: the number (or the note) and the buttons together. */
export function SellerContact(props: ContactProps) {
  return (
    <SellerNumber {...props}>
      <ContactActions {...props} className="mt-3 flex flex-wrap gap-2" />
    </SellerNumber>
  );
}

/** The number as text, or why it is not on the page and, after a refused press, for how long. */
export function SellerNumber({ phone, refusedForMinutes, notePage, children }: ContactProps & { children?: ReactNode }) {
  const { t } = useI18n();
  return (
    <div id={CONTACT_ID}>
      {phone && notePage === null ? (
        <div className="mt-2">
          <ContactNoteText headingId="contact-note-inline" as="h3" />
        </div>
      ) : null}
      {/* A number reads left to right in a right-to-left page too (its groups would swap otherwise). */}
      <p className="mt-1 text-stone-700">{phone ? <span dir="ltr">{formatPhone(phone)}</span> : t("phoneReveal.note")}</p>
      {!phone && refusedForMinutes ? (
        <p role="alert" className="mt-2 font-semibold text-red-800">
          {t("phoneReveal.tooMany", { minutes: String(refusedForMinutes) })}
        </p>
      ) : null}
      {children}
    </div>
  );
}

/**
 * Call and WhatsApp, or "Show number" while the page has no number. `whatsappText` starts the
 * chat with a message (a listing's page: which listing, its price, its link). `short`: the bar's
 * one-word labels, which fit two to a 360 px screen in Hindi too; the names say it in full.
 */
export function ContactActions({
  name,
  phone,
  action,
  notePage,
  whatsappText,
  short = false,
  className,
}: ContactProps & { whatsappText?: string; short?: boolean; className: string }) {
  const { t } = useI18n();
  const button = short ? "flex-1 whitespace-nowrap" : "";
  if (phone) {
    // The note's page (no JavaScript) or the real link; the real link rides along for the dialog.
    const link = (via: ContactVia) => {
      const real = via === "call" ? contactLink(via, phone) : contactLink(via, phone, whatsappText);
      return { href: notePage ? contactNoteHref(notePage, via) : real, "data-contact": via, "data-contact-href": real };
    };
    return (
      <div className={className}>
        <a
          {...link("call")}
          className={`btn-primary ${button}`}
          aria-label={t("listing.callSellerOn", { name, phone: formatPhone(phone) })}
        >
          <PhoneIcon /> {t(short ? "listing.call" : "listing.callSeller")}
        </a>
        {/* The note's page opens in this tab (it ends in the chat's link); the chat itself in a new one. */}
        <a
          {...link("whatsapp")}
          className={`btn-secondary ${button}`}
          {...(notePage ? {} : { rel: "noopener noreferrer", target: "_blank" })}
        >
          {t("listing.whatsapp")}
        </a>
      </div>
    );
  }
  return (
    // A plain form: the browser posts it with or without scripts, and shows the answer's page.
    <form method="post" action={`${action}#${CONTACT_ID}`} className={className}>
      <input type="hidden" name="intent" value={SHOW_NUMBER_INTENT} />
      <button type="submit" className={`btn-primary ${button}`} aria-label={t("phoneReveal.showNamed", { name })}>
        <PhoneIcon /> {t("phoneReveal.show")}
      </button>
    </form>
  );
}

/** The message a listing's WhatsApp chat opens with: which listing, its price, its link (the page and the note's page). */
export const listingWhatsappText = (listing: Parameters<typeof priceText>[0] & { name: string }, i18n: I18n, url: string) =>
  i18n.t("listing.whatsappMessage", { name: listing.name, price: priceText(listing, i18n), url });
