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
 */
import type { ReactNode } from "react";
import { formatPhone, SHOW_NUMBER_INTENT, whatsappLink } from "../../../core/shared/phone";
import { useI18n } from "../i18n/i18n";
import { PhoneIcon } from "../../components/ui/icons";

/** Where the answer to "Show number" scrolls to: the number, or the refusal. */
const CONTACT_ID = "seller-contact";

interface ContactProps {
  name: string;
  phone: string | null;
  action: string;
  refusedForMinutes?: number;
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
export function SellerNumber({ phone, refusedForMinutes, children }: ContactProps & { children?: ReactNode }) {
  const { t } = useI18n();
  return (
    <div id={CONTACT_ID}>
      <p className="mt-1 text-stone-700">{phone ? formatPhone(phone) : t("phoneReveal.note")}</p>
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
  whatsappText,
  short = false,
  className,
}: ContactProps & { whatsappText?: string; short?: boolean; className: string }) {
  const { t } = useI18n();
  const button = short ? "flex-1 whitespace-nowrap" : "";
  if (phone) {
    return (
      <div className={className}>
        <a
          href={`tel:${phone}`}
          className={`btn-primary ${button}`}
          aria-label={t("listing.callSellerOn", { name, phone: formatPhone(phone) })}
        >
          <PhoneIcon /> {t(short ? "listing.call" : "listing.callSeller")}
        </a>
        <a href={whatsappLink(phone, whatsappText)} className={`btn-secondary ${button}`} rel="noopener noreferrer" target="_blank">
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
