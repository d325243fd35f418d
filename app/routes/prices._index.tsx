import { Link } from "react-router";
import { requestLanguage } from "../../core/i18n/languages";
import type { Route } from "./+types/prices._index";
import { metaI18n, useI18n } from "../features/i18n/i18n";
import { produceNameIn } from "../../core/catalogue/produce-names";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: t("meta.page", { page: t("priceInsight.pricesTitle") }) }];
};

/** /prices: every produce of the catalogue, most listed first, each linking to its price page (decision 020). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLanguage(request);
  const index = await context.services.priceInsight.produceIndex();
  return { produce: index.map(({ produce, listings }) => ({ id: produce.id, name: produceNameIn(produce, lang), listings })) };
}

export default function PricesIndex({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <div className="page max-w-3xl space-y-4 py-6">
      <h1 className="text-2xl font-bold">{t("priceInsight.pricesTitle")}</h1>
      <p className="text-stone-700">{t("priceInsight.pricesIntro")}</p>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {loaderData.produce.map((item) => (
          <li key={item.id}>
            <Link
              to={`/prices/${item.id}`}
              className="flex min-h-11 items-center justify-between gap-2 rounded-lg border border-stone-200 bg-white px-3 py-2 hover:border-brand-700"
            >
              <span className="font-medium text-brand-800">{item.name}</span>
              <span className="text-sm text-stone-600">
                {item.listings
                  ? t(item.listings === 1 ? "priceInsight.listingsCountOne" : "priceInsight.listingsCountMany", {
                      count: String(item.listings),
                    })
                  : t("priceInsight.noListings")}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
