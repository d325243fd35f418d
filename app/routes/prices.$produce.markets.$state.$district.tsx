import { Link } from "react-router";
import { z } from "zod";
import { requestLanguage } from "../../core/i18n/languages";
import { districtName, findDistrict, findState } from "../../core/locations";
import { produceById } from "../../core/catalogue/produce";
import { AppError } from "../../core/shared/app-error";
import { searchParamsToObject } from "../../core/shared/form-fields";
import { formatRupees } from "../../core/money/money";
import { formatRateDate, rateBand } from "../../core/prices/mandi-rate";
import { MandiRateSource } from "../features/prices/mandi-rate";
import { orErrorPage } from "../../server/route-helpers/app-errors";
import type { Route } from "./+types/prices.$produce.markets.$state.$district";
import { metaI18n, useI18n } from "../features/i18n/i18n";
import { produceNameIn } from "../../core/catalogue/produce-names";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const { t } = metaI18n(matches);
  return [
    {
      title: t("meta.page", {
        page: data ? t("mandiRate.marketsTitle", { produce: data.produce, district: data.district }) : t("meta.notFound"),
      }),
    },
  ];
};

/** ?date=YYYY-MM-DD: that day's rates; anything else (or none) is the latest day. */
const marketsQuerySchema = z.object({
  date: z.preprocess((v) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) ? v : ""), z.string()),
});
const NOT_FOUND = "We could not find prices for that produce. See all produce prices on the Prices page.";

/** /prices/<produce>/markets/<state>/<district>: every market's mandi rate that day (decision 050). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lang = requestLanguage(request);
  const { date } = marketsQuerySchema.parse(searchParamsToObject(new URL(request.url).searchParams));
  const day = await orErrorPage(async () => {
    const produce = produceById(typeof params.produce === "string" && params.produce.length <= 60 ? params.produce : "");
    const state = findState(params.state.slice(0, 60));
    const district = state ? findDistrict(state.slug, params.district.slice(0, 60)) : undefined;
    if (!produce || !state || !district || state.slug !== params.state || district.slug !== params.district)
      throw new AppError("NOT_FOUND", NOT_FOUND);
    const found = await context.services.mandiRates.marketsOfDay({
      produceId: produce.id,
      state: state.slug,
      district: district.slug,
      date: date || undefined,
    });
    return { produce, state, district, found };
  });
  const perKg = (perQuintal: number) => Math.round(perQuintal / 100);
  const { found } = day;
  return {
    produceId: day.produce.id,
    produce: produceNameIn(day.produce, lang),
    district: districtName(day.state.slug, day.district.slug, lang),
    date: found ? formatRateDate(found.date, lang) : null,
    heldBack: found?.heldBack ?? 0,
    demo: found?.demo ?? false,
    figure: found?.figure
      ? {
          modalPerKg: perKg(found.figure.modal),
          minPerKg: perKg(found.figure.min),
          maxPerKg: perKg(found.figure.max),
          markets: found.figure.markets,
        }
      : null,
    markets: (found?.markets ?? []).map((market) => ({
      market: market.market,
      principal: market.market === found?.principal,
      modalPerKg: perKg(market.modal),
      minPerKg: perKg(market.min),
      maxPerKg: perKg(market.max),
      modalPerQuintal: market.modal,
    })),
  };
}

export default function MarketRates({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { produce, district, date, figure, markets, heldBack, produceId, demo } = loaderData;
  return (
    <div className="page max-w-3xl space-y-4 py-6">
      <p className="text-sm">
        <Link to={`/prices/${produceId}`} className="text-brand-800 underline underline-offset-4">
          {t("mandiRate.backToPrices", { produce })}
        </Link>
      </p>
      <h1 className="text-2xl font-bold [overflow-wrap:anywhere]">{t("mandiRate.marketsTitle", { produce, district })}</h1>
      {date && markets.length ? (
        <>
          <p className="text-stone-700">{t(demo ? "mandiRate.demo.marketsIntro" : "mandiRate.marketsIntro", { produce, date })}</p>
          {figure ? (
            <p className="font-semibold" data-testid="markets-summary">
              {t("mandiRate.marketsSummary", {
                count: String(figure.markets),
                price: formatRupees(figure.modalPerKg),
                band: rateBand(figure),
              })}
            </p>
          ) : null}
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-sm" data-testid="markets-table">
              <caption className="sr-only">{t("mandiRate.marketsTitle", { produce, district })}</caption>
              <thead>
                <tr className="border-b border-stone-300 text-start">
                  <th scope="col" className="px-2 py-1">
                    {t("mandiRate.market")}
                  </th>
                  <th scope="col" className="px-2 py-1 text-end">
                    {t("mandiRate.modal")}
                  </th>
                  <th scope="col" className="px-2 py-1">
                    {t("mandiRate.band")}
                  </th>
                  <th scope="col" className="px-2 py-1 text-end">
                    {t("mandiRate.perQuintal")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {markets.map((market) => (
                  <tr key={market.market} className="border-b border-stone-200">
                    <th scope="row" className="px-2 py-1 text-start font-normal [overflow-wrap:anywhere]">
                      {market.market}
                      {market.principal ? (
                        <span className="block text-xs font-semibold text-brand-800">{t("mandiRate.principalMark")}</span>
                      ) : null}
                    </th>
                    <td className="px-2 py-1 text-end font-semibold whitespace-nowrap">{formatRupees(market.modalPerKg)}</td>
                    <td className="px-2 py-1 whitespace-nowrap">{rateBand(market)}</td>
                    <td className="px-2 py-1 text-end whitespace-nowrap">{formatRupees(market.modalPerQuintal)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p className="text-stone-700">{t("mandiRate.noMarkets", { produce, district })}</p>
      )}
      {heldBack ? <p className="text-sm text-stone-700">{t("mandiRate.heldBack", { count: String(heldBack) })}</p> : null}
      <MandiRateSource demo={demo} className="text-sm text-stone-700" />
    </div>
  );
}
