/**
 * The government's mandi rate beside a price (decisions 021, 050): "Government mandi rate,
 * Lasalgaon (Nashik), 24 Nov 2026: ₹21.50 / kg (₹19–23)", or, when several markets reported that
 * day, the district's median across them with their range and count, its principal market named,
 * and a link to every market's rate. Always with its date and source and, when more than a week
 * old, when it was reported; in the seller's unit too when it is not a kg. The district is ours
 * (core/locations), the market the government's. Nothing here says it is today's price.
 */
import { Link } from "react-router";
import {
  formatRateDate,
  MANDI_RATE_FRESH_DAYS,
  MANDI_RATE_SOURCE,
  MANDI_RATE_SOURCE_URL,
  marketsHref,
  rateBand,
  type MandiRateView,
} from "../../../core/prices/mandi-rate";
import { formatRupees } from "../../../core/money/money";
import type { Unit } from "../../../core/money/units";
import { useI18n } from "../i18n/i18n";

export function MandiRateNote({ rate }: { rate: MandiRateView | null | undefined }) {
  const { lang, t } = useI18n();
  if (!rate) return null;
  const date = formatRateDate(rate.arrivalDate, lang);
  const district = rate.districtNames[lang] ?? rate.districtNames.en;
  const price = formatRupees(rate.modalPerKg);
  const band = rateBand(rate);
  const href = rate.markets > 1 ? marketsHref(rate) : null;
  const plain = (paise: number) => formatRupees(paise).replace(/^₹/, "");
  return (
    <div
      className="mt-2 rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm text-stone-800 [overflow-wrap:anywhere]"
      data-testid="mandi-rate"
    >
      <p className="font-semibold">
        {rate.markets > 1
          ? t(rate.demo ? "mandiRate.demo.lineMarkets" : "mandiRate.lineMarkets", {
              district,
              date,
              price,
              band,
              count: String(rate.markets),
            })
          : t(rate.demo ? "mandiRate.demo.line" : "mandiRate.line", {
              place: marketAndDistrict(rate.market, district, t),
              date,
              price,
              band,
            })}
      </p>
      {rate.market && rate.marketRate ? (
        <p data-testid="mandi-rate-principal">
          {t("mandiRate.principal", {
            market: rate.market,
            price: formatRupees(rate.marketRate.modalPerKg),
            band: rateBand(rate.marketRate),
          })}
        </p>
      ) : null}
      {rate.inUnit ? (
        <p data-testid="mandi-rate-unit">
          {t("mandiRate.inUnit", {
            price: formatRupees(rate.inUnit.modalPaise),
            band:
              rate.inUnit.minPaise === rate.inUnit.maxPaise
                ? formatRupees(rate.inUnit.minPaise)
                : `₹${plain(rate.inUnit.minPaise)}–${plain(rate.inUnit.maxPaise)}`,
            unit: t(`unit.one.${rate.inUnit.unit as Unit}`),
          })}
        </p>
      ) : null}
      {rate.ageDays > MANDI_RATE_FRESH_DAYS ? <p>{t("mandiRate.old", { days: rate.ageDays, date })}</p> : null}
      {href ? (
        <p>
          <Link to={href} className="font-medium text-brand-800 underline underline-offset-4">
            {t("mandiRate.allMarkets", { count: String(rate.markets) })}
          </Link>
        </p>
      ) : null}
      <MandiRateSource demo={rate.demo} />
    </div>
  );
}

/**
 * Where the rates came from: the government's open data, linked; or, for the demo market's
 * made-up figures (issue 42, item 4), a plain statement that they are not the government's.
 */
export function MandiRateSource({ demo, className = "text-stone-700" }: { demo: boolean; className?: string }) {
  const { t } = useI18n();
  return demo ? (
    <p className={`font-semibold ${className}`} data-testid="mandi-rate-demo">
      {t("mandiRate.demo.source")}
    </p>
  ) : (
    <p className={className}>
      <a href={MANDI_RATE_SOURCE_URL} className="underline underline-offset-4" rel="noopener noreferrer">
        {t("mandiRate.source", { source: MANDI_RATE_SOURCE })}
      </a>
    </p>
  );
}

/** The rate a refused form send carried back with its values (the sell and edit actions), if any. */
export function mandiRateOf(values: unknown): MandiRateView | null | undefined {
  return values && typeof values === "object" && "mandiRate" in values ? (values.mandiRate as MandiRateView | null) : undefined;
}

/**
 * "Lasalgaon (Nashik)": the government's market and our district. One name when they are the
 * same name ("Indore", not "Indore (Indore)"), or when no market is named.
 */
function marketAndDistrict(market: string | null, district: string, t: ReturnType<typeof useI18n>["t"]): string {
  const bare = (name: string) => name.toLocaleLowerCase("en").replace(/[^\p{L}\p{N}]/gu, "");
  if (!market || bare(market) === bare(district)) return market || district;
  return t("mandiRate.marketInDistrict", { market, district });
}
