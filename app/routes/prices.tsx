import { Link } from "react-router";
import { z } from "zod";
import { requestLanguage } from "../../core/i18n/languages";
import { districtName, findState, stateName } from "../../core/locations";
import { formatRupees } from "../../core/money";
import { dayMonth, MIN_LISTINGS, MIN_SELLERS, roundForBand, type PriceSummary } from "../../core/price-insight";
import { produceName } from "../../core/produce-catalogue";
import { searchParamsToObject } from "../../core/schemas";
import { orErrorPage } from "../../server/route-helpers/app-errors";
import { PriceChart } from "../components/price-chart";
import type { Route } from "./+types/prices";
import { metaI18n, useI18n } from "../components/i18n";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: t("meta.page", { page: data ? t("priceInsight.produceTitle", { produce: data.produce }) : t("meta.notFound") }) }];
};

/** ?state=<slug or name>: the district table shows that state's districts only. A place that does not exist is ignored. */
const pricesQuerySchema = z.object({
  state: z.preprocess((v) => (typeof v === "string" && v.length <= 60 ? (findState(v)?.slug ?? "") : ""), z.string()),
});
/** A produce id as the catalogue writes them; anything else is a produce we do not have. */
const produceParamSchema = z.string().max(60).regex(/^[a-z0-9-]+$/);

/** /prices/<produce>: the usual price by state and district, and a 90-day trend (decision 020). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requestLanguage(request);
  const { state } = pricesQuerySchema.parse(searchParamsToObject(new URL(request.url).searchParams));
  const produceId = produceParamSchema.safeParse(params.produce).data ?? "-";
  const page = await orErrorPage(() => context.services.priceInsight.pricePage(produceId));
  const search = page.produce.searchName ?? page.produce.en.toLowerCase();
  const listingsHref = (place: { state?: string; district?: string }) => `/viewmore?${new URLSearchParams({ q: search, ...place }).toString()}`;
  return {
    produceId: page.produce.id,
    produce: produceName(page.produce, lang),
    india: page.india ?? null,
    indiaHref: listingsHref({}),
    byState: page.byState.map((row) => ({ ...row, name: stateName(row.state, lang), href: listingsHref({ state: row.state }) })),
    byDistrict: page.byDistrict
      .filter((row) => !state || row.state === state)
      .map((row) => ({ ...row, name: `${districtName(row.state, row.district, lang)}, ${stateName(row.state, lang)}`, href: listingsHref({ state: row.state, district: row.district }) })),
    trend: page.trend.map((week) => ({
      label: dayMonth(week.fromDay, lang),
      range: `${dayMonth(week.fromDay, lang)} – ${dayMonth(week.toDay, lang)}`,
      medianPaise: week.summary?.medianPaise ?? null,
      lowPaise: week.summary?.lowPaise ?? null,
      highPaise: week.summary?.highPaise ?? null,
      listings: week.summary?.listings ?? null,
    })),
  };
}

function SummaryCells({ summary }: { summary: PriceSummary }) {
  return (
    <>
      <td className="px-2 py-1 text-right font-semibold whitespace-nowrap">{formatRupees(roundForBand(summary.medianPaise))}</td>
      <td className="px-2 py-1 whitespace-nowrap">
        {formatRupees(roundForBand(summary.lowPaise))}–{formatRupees(roundForBand(summary.highPaise)).replace(/^₹/, "")}
      </td>
      <td className="px-2 py-1 text-right">{summary.listings}</td>
    </>
  );
}

function RegionTable({ caption, placeHeader, rows }: { caption: string; placeHeader: string; rows: ReadonlyArray<{ name: string; href: string; summary: PriceSummary }> }) {
  const { t } = useI18n();
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="mb-2 text-left text-lg font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-stone-300 text-left">
            <th scope="col" className="px-2 py-1">{placeHeader}</th>
            <th scope="col" className="px-2 py-1 text-right">{t("priceInsight.median")}</th>
            <th scope="col" className="px-2 py-1">{t("priceInsight.bandHeader")}</th>
            <th scope="col" className="px-2 py-1 text-right">{t("priceInsight.listings")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.href} className="border-b border-stone-200">
              <th scope="row" className="px-2 py-1 text-left font-normal">
                <Link to={row.href} className="font-medium text-brand-800 underline underline-offset-4">
                  {row.name}
                </Link>
              </th>
              <SummaryCells summary={row.summary} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function Prices({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { produce, india, byState, byDistrict, trend } = loaderData;
  return (
    <div className="page max-w-3xl space-y-6 py-6">
      <div>
        <p className="text-sm">
          <Link to="/prices" className="text-brand-800 underline underline-offset-4">
            {t("priceInsight.allPrices")}
          </Link>
        </p>
        <h1 className="mt-2 text-2xl font-bold [overflow-wrap:anywhere]">{t("priceInsight.produceTitle", { produce })}</h1>
        <p className="mt-2 text-stone-700">
          {india ? (
            <>
              {t("priceInsight.usualIndia", {
                median: formatRupees(roundForBand(india.medianPaise)),
                low: formatRupees(roundForBand(india.lowPaise)),
                high: formatRupees(roundForBand(india.highPaise)),
                count: String(india.listings),
                sellers: String(india.sellers),
              })}{" "}
              <Link to={loaderData.indiaHref} className="font-medium text-brand-800 underline underline-offset-4">
                {t("priceInsight.seeListings")}
              </Link>
            </>
          ) : (
            t("priceInsight.notEnoughIndia", { listings: String(MIN_LISTINGS), sellers: String(MIN_SELLERS) })
          )}
        </p>
      </div>

      <section aria-labelledby="trend-heading" className="space-y-3">
        <h2 id="trend-heading" className="text-xl font-semibold">{t("priceInsight.trendTitle")}</h2>
        <PriceChart id="trend" title={t("priceInsight.trendChart", { produce })} description={t("priceInsight.trendDesc")} weeks={trend} />
        <div>
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">{t("priceInsight.trendChart", { produce })}</caption>
            <thead>
              <tr className="border-b border-stone-300 text-left">
                <th scope="col" className="px-2 py-1">{t("priceInsight.week")}</th>
                <th scope="col" className="px-2 py-1 text-right">{t("priceInsight.median")}</th>
                <th scope="col" className="px-2 py-1">{t("priceInsight.bandHeader")}</th>
                <th scope="col" className="px-2 py-1 text-right">{t("priceInsight.listings")}</th>
              </tr>
            </thead>
            <tbody>
              {trend.map((week) => (
                <tr key={week.range} className="border-b border-stone-200">
                  <th scope="row" className="px-2 py-1 text-left font-normal">{week.range}</th>
                  {week.medianPaise !== null && week.lowPaise !== null && week.highPaise !== null ? (
                    <SummaryCells summary={{ medianPaise: week.medianPaise, lowPaise: week.lowPaise, highPaise: week.highPaise, listings: week.listings ?? 0, sellers: 0 }} />
                  ) : (
                    <td colSpan={3} className="px-2 py-1 text-stone-600">{t("priceInsight.noFigure")}</td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {byState.length ? (
        <RegionTable caption={t("priceInsight.byState")} placeHeader={t("priceInsight.state")} rows={byState} />
      ) : (
        <p className="text-stone-700">{t("priceInsight.noRegions")}</p>
      )}
      {byDistrict.length ? <RegionTable caption={t("priceInsight.byDistrict")} placeHeader={t("priceInsight.district")} rows={byDistrict} /> : null}
      <p className="text-sm text-stone-600">{t("priceInsight.method", { listings: String(MIN_LISTINGS), sellers: String(MIN_SELLERS) })}</p>
    </div>
  );
}
