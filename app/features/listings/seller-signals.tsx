/**
 * What a buyer can read about a seller before calling (decision 057): since when they have been
 * on Mandi, and how many of their listings they marked sold, in the page's language.
 */
import { pluralForm } from "../../../core/i18n/plural";
import { formatMonthYear } from "../../../core/shared/month-year";
import { formatIndianNumber } from "../../../core/shared/numbers";
import { useI18n } from "../i18n/i18n";

export interface SellerSignalsData {
  memberSince: number;
  soldCount: number;
}

export function SellerSignals({ signals, className }: { signals: SellerSignalsData; className?: string }) {
  const { lang, t } = useI18n();
  return (
    <ul className={`flex flex-wrap gap-x-4 gap-y-1 text-stone-700 ${className ?? ""}`}>
      <li>{t("seller.memberSince", { date: formatMonthYear(signals.memberSince, lang) })}</li>
      <li>{t(`seller.soldCount.${pluralForm(signals.soldCount, lang)}`, { count: formatIndianNumber(signals.soldCount) })}</li>
    </ul>
  );
}
