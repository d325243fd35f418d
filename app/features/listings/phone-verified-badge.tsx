/**
 * "Phone verified" with the day (decision 058): on a listing's page and a seller's page. Plain
 * text drawn on the server, no handler or state; a screen reader reads it as it reads.
 */
import { formatShortDate, isoDate } from "../../../core/shared/dates";
import { useI18n } from "../i18n/i18n";

export function PhoneVerifiedBadge({ at }: { at: number }) {
  const { t, lang } = useI18n();
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-sm font-semibold text-green-900">
      <span aria-hidden="true">✓</span>
      <time dateTime={isoDate(at)}>{t("phoneVerification.badgeSince", { date: formatShortDate(at, lang) })}</time>
    </span>
  );
}
