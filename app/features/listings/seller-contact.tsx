/**
 * A seller's phone number with Call and WhatsApp, on a listing's page and a seller's page. Past
 * the client address's hourly threshold (decision 046) the page is rendered without the number
 * (`phone` null): then "Show number", a plain form POST to the page itself that works without
 * JavaScript, whose answer is the same page with this one number (`revealed`). The tel: and
 * wa.me links carry the digits too, so they are drawn only with the number.
 */
import { formatPhone, SHOW_NUMBER_INTENT, whatsappLink } from "../../../core/shared/phone";
import { useI18n } from "../i18n/i18n";
import { PhoneIcon } from "../../components/ui/icons";

/** Where the answer to "Show number" scrolls to. */
const CONTACT_ID = "seller-contact";

export function SellerContact({
  name,
  phone,
  action,
  refusedForMinutes,
}: {
  name: string;
  phone: string | null;
  action: string;
  refusedForMinutes?: number;
}) {
  const { t } = useI18n();
  if (phone) {
    return (
      <div id={CONTACT_ID}>
        <p className="mt-1 text-stone-700">{formatPhone(phone)}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <a href={`tel:${phone}`} className="btn-primary" aria-label={t("listing.callSellerOn", { name, phone: formatPhone(phone) })}>
            <PhoneIcon /> {t("listing.callSeller")}
          </a>
          <a href={whatsappLink(phone)} className="btn-secondary" rel="noopener noreferrer" target="_blank">
            {t("listing.whatsapp")}
          </a>
        </div>
      </div>
    );
  }
  return (
    <div id={CONTACT_ID}>
      <p className="mt-1 text-stone-700">{t("phoneReveal.note")}</p>
      {refusedForMinutes ? (
        <p role="alert" className="mt-2 font-semibold text-red-800">
          {t("phoneReveal.tooMany", { minutes: String(refusedForMinutes) })}
        </p>
      ) : null}
      {/* A plain form: the browser posts it with or without scripts, and shows the answer's page. */}
      <form method="post" action={`${action}#${CONTACT_ID}`} className="mt-3">
        <input type="hidden" name="intent" value={SHOW_NUMBER_INTENT} />
        <button type="submit" className="btn-primary" aria-label={t("phoneReveal.showNamed", { name })}>
          <PhoneIcon /> {t("phoneReveal.show")}
        </button>
      </form>
    </div>
  );
}
