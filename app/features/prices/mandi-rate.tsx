/**
 * The government's mandi rate beside a price (decision 021): "Government mandi rate, Lasalgaon
 * (Nashik), 24 Nov 2026: ₹21.50 / kg (₹19–23)", always with its market, date and source, and,
 * when more than a week old, when it was reported. Nothing here says it is today's price.
 */
import {
  formatRateDate,
  MANDI_RATE_FRESH_DAYS,
  MANDI_RATE_SOURCE,
  MANDI_RATE_SOURCE_URL,
  rateBand,
  type MandiRateView,
} from "../../../core/prices/mandi-rate";
import { formatRupees } from "../../../core/money/money";
import { useI18n } from "../i18n/i18n";

export function MandiRateNote({ rate }: { rate: MandiRateView | null | undefined }) {
  const { lang, t } = useI18n();
  if (!rate) return null;
  const date = formatRateDate(rate.arrivalDate, lang);
  return (
    <p
      className="mt-2 rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm text-stone-800 [overflow-wrap:anywhere]"
      data-testid="mandi-rate"
    >
      <span className="font-semibold">
        {t("mandiRate.line", {
          market: rate.market,
          district: rate.district,
          date,
          price: formatRupees(rate.modalPerKg),
          band: rateBand(rate),
        })}
      </span>{" "}
      {rate.ageDays > MANDI_RATE_FRESH_DAYS ? <span className="block">{t("mandiRate.old", { days: rate.ageDays, date })}</span> : null}
      <span className="block text-stone-700">
        <a href={MANDI_RATE_SOURCE_URL} className="underline underline-offset-4" rel="noopener noreferrer">
          {t("mandiRate.source", { source: MANDI_RATE_SOURCE })}
        </a>
      </span>
    </p>
  );
}

/** The rate a refused form send carried back with its values (the sell and edit actions), if any. */
export function mandiRateOf(values: unknown): MandiRateView | null | undefined {
  return values && typeof values === "object" && "mandiRate" in values ? (values.mandiRate as MandiRateView | null) : undefined;
}
