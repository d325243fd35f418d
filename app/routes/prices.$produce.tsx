import { Link } from "react-router";
import { z } from "zod";
import { requestLanguage } from "../../core/i18n/languages";
import { districtName, findState, stateName } from "../../core/locations";
import { formatRupees } from "../components/ui/price";
import { dayMonth, MIN_LISTINGS, MIN_SELLERS, roundForBand, type PriceSummary } from "../../core/prices/price-insight";
import { searchParamsToObject } from "../../core/shared/form-fields";
import { orErrorPage } from "../../server/route-helpers/app-errors";
import { CATALOGUES } from "../../core/i18n/catalogues";
import { createTranslator, type MessageTree } from "../../core/i18n/translate";
import { shareLanguage, shareMetaTags } from "../../core/share/share-meta";
import { listPreview } from "../../server/share/previews";
import { PriceChart } from "../features/prices/price-chart";
import { weekRows } from "../features/prices/week-rows";
import { MandiRateSource } from "../features/prices/mandi-rate";
import { formatRateDate, marketsHref, rateBand } from "../../core/prices/mandi-rate";
import type { Route } from "./+types/prices.$produce";
import { metaI18n, useI18n } from "../features/i18n/i18n";
import { produceNameIn } from "../../core/catalogue/produce-names";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const { t } = metaI18n(matches);
  return [
    { title: t("meta.page", { page: data ? t("priceInsight.produceTitle", { produce: data.produce }) : t("meta.notFound") }) },
    ...(data ? shareMetaTags(data.preview) : []),
  ];
};

/** ?state=<slug or name>: the district table shows that state's districts only. A place that does not exist is ignored. */
const pricesQuerySchema = z.object({
  state: z.preprocess((v) => (typeof v === "string" && v.length <= 60 ? (findState(v)?.slug ?? "") : ""), z.string()),
});
/** A produce id as the catalogue writes them; anything else is a produce we do not have. */
const produceParamSchema = z
  .string()
  .max(60)
  .regex(/^[a-z0-9-]+$/);

/** /prices/<produce>: the usual price by state and district, and a 90-day trend (decision 020). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requestLanguage(request);
  const { state } = pricesQuerySchema.parse(searchParamsToObject(new URL(request.url).searchParams));
  const produceId = produceParamSchema.safeParse(params.produce).data ?? "-";
  const page = await orErrorPage(() => context.services.priceInsight.pricePage(produceId));
  // The government's rates over the listings' own weeks (decision 050), per kg, each with its market and date.
  const isoOfDay = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
  const rates = await context.services.mandiRates.pricePageRates(
    page.produce.id,
    page.trend.map((week) => ({ fromDate: isoOfDay(week.fromDay), toDate: isoOfDay(week.toDay) })),
  );
  const perKg = (perQuintal: number) => Math.round(perQuintal / 100);
  const rateRow = (row: (typeof rates.byState)[number], name: string) => ({
    name,
    date: formatRateDate(row.date, lang),
    market: row.market,
    markets: row.markets,
    modalPerKg: perKg(row.figure.modal),
    minPerKg: perKg(row.figure.min),
    maxPerKg: perKg(row.figure.max),
  });
  const search = page.produce.searchName ?? page.produce.en.toLowerCase();
  const listingsHref = (place: { state?: string; district?: string }) =>
    `/viewmore?${new URLSearchParams({ q: search, ...place }).toString()}`;
  // Open Graph tags (decision 023): the usual price per kg across India, in Hindi when the link says ?lang=hi.
  const url = new URL(request.url);
  const previewLang = shareLanguage(url.searchParams, lang);
  const pt = createTranslator(previewLang, CATALOGUES[previewLang] as unknown as MessageTree);
  const preview = listPreview({
    title: pt("priceInsight.produceTitle", { produce: produceNameIn(page.produce, previewLang) }),
    description: page.india
      ? `${pt("unit.perKg", { price: formatRupees(page.india.medianPaise) })} · ${pt("priceInsight.pricesTitle")}`
      : pt("priceInsight.pricesIntro"),
    pathAndQuery: url.pathname + url.search,
    lang: previewLang,
    baseUrl: context.config.baseUrl,
  });
  // Figures in whole rupees (tens from ₹1,000), as the sell form reads them; rounded here, on the server.
  const rounded = (summary: PriceSummary): PriceSummary => ({
    ...summary,
    medianPaise: roundForBand(summary.medianPaise),
    lowPaise: roundForBand(summary.lowPaise),
    highPaise: roundForBand(summary.highPaise),
  });
  return {
    preview,
    produceId: page.produce.id,
    produce: produceNameIn(page.produce, lang),
    india: page.india ? rounded(page.india) : null,
    indiaHref: listingsHref({}),
    byState: page.byState.map((row) => ({
      ...row,
      summary: rounded(row.summary),
      name: stateName(row.state, lang),
      href: listingsHref({ state: row.state }),
    })),
    byDistrict: page.byDistrict
      .filter((row) => !state || row.state === state)
      .map((row) => ({
        ...row,
        summary: rounded(row.summary),
        name: `${districtName(row.state, row.district, lang)}, ${stateName(row.state, lang)}`,
        href: listingsHref({ state: row.state, district: row.district }),
      })),
    government: {
      demo: rates.demo,
      newestDate: rates.newestDate ? formatRateDate(rates.newestDate, lang) : null,
      byState: rates.byState.map((row) => rateRow(row, stateName(row.state, lang))).sort((a, b) => a.name.localeCompare(b.name, lang)),
      byDistrict: rates.byDistrict
        .filter((row) => !state || row.state === state)
        .map((row) => ({
          ...rateRow(row, `${districtName(row.state, row.district, lang)}, ${stateName(row.state, lang)}`),
          href: marketsHref({ produceId: page.produce.id, stateSlug: row.state, districtSlug: row.district, arrivalDate: row.date }),
        }))
        .sort((a, b) => a.name.localeCompare(b.name, lang)),
      trend: rates.trend.map((week) =>
        week ? { modalPaise: perKg(week.modal), lowPaise: perKg(week.low), highPaise: perKg(week.high), markets: week.markets } : null,
      ),
    },
    trend: page.trend.map((week) => ({
      label: dayMonth(week.fromDay, lang),
      toLabel: dayMonth(week.toDay, lang),
      medianPaise: week.summary ? roundForBand(week.summary.medianPaise) : null,
      lowPaise: week.summary ? roundForBand(week.summary.lowPaise) : null,
      highPaise: week.summary ? roundForBand(week.summary.highPaise) : null,
      listings: week.summary?.listings ?? null,
    })),
  };
}

function SummaryCells({ summary }: { summary: PriceSummary }) {
  return (
    <>
      <td className="px-2 py-1 text-end font-semibold whitespace-nowrap">{formatRupees(summary.medianPaise)}</td>
      <td className="px-2 py-1 whitespace-nowrap">
        {formatRupees(summary.lowPaise)}–{formatRupees(summary.highPaise).replace(/^₹/, "")}
      </td>
      <td className="px-2 py-1 text-end">{summary.listings}</td>
    </>
  );
}

function RegionTable({
  caption,
  placeHeader,
  rows,
}: {
  caption: string;
  placeHeader: string;
  rows: ReadonlyArray<{ name: string; href: string; summary: PriceSummary }>;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="mb-2 text-start text-lg font-semibold">{caption}</caption>
        <thead>
          <SummaryHeadRow first={placeHeader} />
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.href} className="border-b border-stone-200">
              <th scope="row" className="px-2 py-1 text-start font-normal">
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

/** The head row every summary table shares: its first column, then median, usual range, listings. */
function SummaryHeadRow({ first }: { first: string }) {
  const { t } = useI18n();
  return (
    <tr className="border-b border-stone-300 text-start">
      <th scope="col" className="px-2 py-1">
        {first}
      </th>
      <th scope="col" className="px-2 py-1 text-end">
        {t("priceInsight.median")}
      </th>
      <th scope="col" className="px-2 py-1">
        {t("priceInsight.bandHeader")}
      </th>
      <th scope="col" className="px-2 py-1 text-end">
        {t("priceInsight.listings")}
      </th>
    </tr>
  );
}

export default function Prices({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { produce, india, byState, byDistrict, trend, government } = loaderData;
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
                median: formatRupees(india.medianPaise),
                low: formatRupees(india.lowPaise),
                high: formatRupees(india.highPaise),
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
        <h2 id="trend-heading" className="text-xl font-semibold">
          {t("priceInsight.trendTitle")}
        </h2>
        {trend.some((week) => week.medianPaise !== null) ? (
          <>
            <PriceChart
              id="trend"
              title={t("priceInsight.trendChart", { produce })}
              description={t("priceInsight.trendDesc")}
              weeks={trend}
            />
            <div>
              <table className="w-full border-collapse text-sm">
                <caption className="sr-only">{t("priceInsight.trendChart", { produce })}</caption>
                <thead>
                  <SummaryHeadRow first={t("priceInsight.week")} />
                </thead>
                <tbody>
                  {weekRows(trend, (week) => week.medianPaise !== null).map(({ range, week }) => (
                    <tr key={range} className="border-b border-stone-200">
                      <th scope="row" className="px-2 py-1 text-start font-normal">
                        {range}
                      </th>
                      {week && week.medianPaise !== null && week.lowPaise !== null && week.highPaise !== null ? (
                        <SummaryCells
                          summary={{
                            medianPaise: week.medianPaise,
                            lowPaise: week.lowPaise,
                            highPaise: week.highPaise,
                            listings: week.listings ?? 0,
                            sellers: 0,
                          }}
                        />
                      ) : (
                        <td colSpan={3} className="px-2 py-1 text-stone-600">
                          {t("priceInsight.noFigure")}
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : (
          <p className="text-stone-700" data-testid="trend-empty">
            {t("priceInsight.trendEmpty", { listings: String(MIN_LISTINGS), sellers: String(MIN_SELLERS) })}
          </p>
        )}
      </section>

      <GovernmentRates produce={produce} government={government} weeks={trend} />
      {byState.length ? (
        <RegionTable caption={t("priceInsight.byState")} placeHeader={t("priceInsight.state")} rows={byState} />
      ) : (
        <p className="text-stone-700">{t("priceInsight.noRegions")}</p>
      )}
      {byDistrict.length ? (
        <RegionTable caption={t("priceInsight.byDistrict")} placeHeader={t("priceInsight.district")} rows={byDistrict} />
      ) : null}
      <p className="text-sm text-stone-600">{t("priceInsight.method", { listings: String(MIN_LISTINGS), sellers: String(MIN_SELLERS) })}</p>
    </div>
  );
}

type Government = Route.ComponentProps["loaderData"]["government"];

/** The government's mandi rates beside the listings' prices (decision 050): each with its market, date and source. */
function GovernmentRates({
  produce,
  government,
  weeks,
}: {
  produce: string;
  government: Government;
  weeks: ReadonlyArray<{ label: string; toLabel: string }>;
}) {
  const { t } = useI18n();
  const chartWeeks = weeks.map((week, index) => {
    const figure = government.trend[index];
    return {
      label: week.label,
      toLabel: week.toLabel,
      medianPaise: figure?.modalPaise ?? null,
      lowPaise: figure?.lowPaise ?? null,
      highPaise: figure?.highPaise ?? null,
      markets: figure?.markets ?? null,
    };
  });
  const rateTable = (caption: string, rows: ReadonlyArray<Government["byState"][number] & { href?: string | null }>) => (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="mb-2 text-start text-lg font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-stone-300 text-start">
            <th scope="col" className="px-2 py-1">
              {t("mandiRate.place")}
            </th>
            <th scope="col" className="px-2 py-1 text-end">
              {t("mandiRate.rate")}
            </th>
            <th scope="col" className="px-2 py-1">
              {t("mandiRate.reported")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} className="border-b border-stone-200">
              <th scope="row" className="px-2 py-1 text-start font-normal [overflow-wrap:anywhere]">
                {row.href ? (
                  <Link to={row.href} className="font-medium text-brand-800 underline underline-offset-4">
                    {row.name}
                  </Link>
                ) : (
                  row.name
                )}
              </th>
              <td className="px-2 py-1 text-end whitespace-nowrap">
                <span className="font-semibold">{formatRupees(row.modalPerKg)}</span>
                <span className="block text-xs text-stone-700">{rateBand(row)}</span>
              </td>
              <td className="px-2 py-1 [overflow-wrap:anywhere]">
                {row.markets > 1 ? t("mandiRate.markets", { count: String(row.markets) }) : row.market}
                {row.markets > 1 && row.market ? ` · ${row.market}` : null}
                <span className="block text-xs text-stone-700">{row.date}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  const intro = government.demo ? "mandiRate.demo.intro" : "mandiRate.govIntro";
  const trendTitle = government.demo ? "mandiRate.demo.trendTable" : "mandiRate.trendTable";
  return (
    <section aria-labelledby="government-heading" className="space-y-3" data-testid="government-rates">
      <h2 id="government-heading" className="text-xl font-semibold">
        {t(government.demo ? "mandiRate.demo.title" : "mandiRate.govTitle")}
      </h2>
      {government.newestDate ? (
        <>
          <p className="text-stone-700">{t(intro)}</p>
          {chartWeeks.some((week) => week.medianPaise !== null) ? (
            <>
              <PriceChart id="government-trend" title={t(trendTitle, { produce })} description={t(intro)} weeks={chartWeeks} />
              <table className="w-full border-collapse text-sm" data-testid="government-trend">
                <caption className="sr-only">{t(trendTitle, { produce })}</caption>
                <thead>
                  <tr className="border-b border-stone-300 text-start">
                    <th scope="col" className="px-2 py-1">
                      {t("priceInsight.week")}
                    </th>
                    <th scope="col" className="px-2 py-1 text-end">
                      {t("priceInsight.median")}
                    </th>
                    <th scope="col" className="px-2 py-1">
                      {t("priceInsight.bandHeader")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {weekRows(chartWeeks, (week) => week.medianPaise !== null).map(({ range, week }) => (
                    <tr key={range} className="border-b border-stone-200">
                      <th scope="row" className="px-2 py-1 text-start font-normal">
                        {range}
                      </th>
                      {week && week.medianPaise !== null && week.lowPaise !== null && week.highPaise !== null ? (
                        <>
                          <td className="px-2 py-1 text-end font-semibold whitespace-nowrap">{formatRupees(week.medianPaise)}</td>
                          <td className="px-2 py-1 whitespace-nowrap">
                            {rateBand({ minPerKg: week.lowPaise, maxPerKg: week.highPaise })}
                            <span className="block text-xs text-stone-700">
                              {t("mandiRate.markets", { count: String(week.markets ?? 0) })}
                            </span>
                          </td>
                        </>
                      ) : (
                        <td colSpan={2} className="px-2 py-1 text-stone-600">
                          {t("mandiRate.noRate")}
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          ) : (
            <p className="text-stone-700" data-testid="government-trend-none">
              {t("mandiRate.trendNone", { produce, date: government.newestDate })}
            </p>
          )}
          {government.byState.length ? rateTable(t("mandiRate.byState"), government.byState) : null}
          {government.byDistrict.length ? rateTable(t("mandiRate.byDistrict"), government.byDistrict) : null}
          <MandiRateSource demo={government.demo} className="text-sm text-stone-700" />
        </>
      ) : (
        <p className="text-stone-700">{t("mandiRate.govNone", { produce })}</p>
      )}
    </section>
  );
}
