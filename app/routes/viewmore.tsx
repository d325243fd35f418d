import { Link, redirect, useSearchParams } from "react-router";
import { PAGE_SIZE } from "../../core/shared/constants";
import { requestLanguage } from "../../core/i18n/languages";
import { districtName, placeChoices, withPlaceLabels } from "../../core/locations";
import { nearestDistrict } from "../../core/locations/centres";
import { roughDistanceText } from "../../core/locations/distance";
import { districtGroups, NearestFrom } from "../features/search/near-me";
import { browseQuerySchema } from "../../core/search/search-query";
import { searchParamsToObject } from "../../core/shared/form-fields";
import { inPageLanguage } from "../../server/route-helpers/app-errors";
import { withSaved } from "../../server/route-helpers/saved-hearts";
import { SAVED_SEARCH_FIELDS } from "../../core/alerts/saved-search";
import { shareLanguage, shareMetaTags } from "../../core/share/share-meta";
import { CATALOGUES } from "../../core/i18n/catalogues";
import { createTranslator, type MessageTree } from "../../core/i18n/translate";
import { listPreview } from "../../server/share/previews";
import { SaveHeart } from "../features/listings/save-heart";
import { Alert } from "../components/ui/alert";
import { BrowseFilters } from "../features/search/browse-filters";
import { ListingGrid } from "../features/listings/listing-card";
import { Pagination } from "../components/ui/pagination";
import { formatCount } from "../../core/search/counts";
import type { Route } from "./+types/viewmore";
import { nearestFirstOrigin } from "../../server/listings/listing-cursor";
import { metaI18n, useI18n } from "../features/i18n/i18n";

/** The longest home address /viewmore sends a search to on an empty market (far under any client's header limit). */
const MAX_ASKED_ADDRESS = 2048;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = browseQuerySchema.parse(searchParamsToObject(url.searchParams));
  // "Near me" (decision 024): the phone's rounded position becomes its nearest district, and the
  // link is replaced by one without it, so the position stays in no history, bookmark or share.
  if (url.searchParams.has("lat") || url.searchParams.has("lon")) {
    const params = new URLSearchParams(url.searchParams);
    for (const key of ["lat", "lon", "page"]) params.delete(key);
    if (query.lat !== undefined && query.lon !== undefined) {
      const near = nearestDistrict({ lat: query.lat, lon: query.lon });
      params.set("sort", "near");
      params.set("from", `${near.state}/${near.district}`);
    }
    throw redirect(`${url.pathname}?${params.toString()}`);
  }
  // Nearest first from the chosen district, else from the district the filter names (a position
  // was turned into its district above), by the search service's one rule.
  const { from } = nearestFirstOrigin(query);
  const result = await context.services.search.browseListings({ ...query, from });
  // The specification sends people home when there is nothing at all to list; the search goes
  // with them, so the home page can offer to save it (issue 42).
  // What "Tell me when new listings match" posts: every field of this search, its order and origin too.
  const saveFields = SAVED_SEARCH_FIELDS.flatMap((name) => {
    const value = url.searchParams.get(name);
    return value ? [[name, value] as const] : [];
  });
  if (result.marketplaceEmpty) {
    // Only the search's own fields, and only while the address stays short: a hostile query
    // (a 10 KB `sort`) must not become a Location header larger than clients and proxies read.
    const asked = new URLSearchParams(saveFields.map(([name, value]) => [name, value]));
    const home = `/?${new URLSearchParams({ asked: asked.toString() }).toString()}`;
    throw redirect(asked.size && home.length <= MAX_ASKED_ADDRESS ? home : "/");
  }
  // Places in the page's language; a city that spans districts (Mumbai) is one choice (core/locations).
  const lang = requestLanguage(request);
  const places = placeChoices(query.state, lang);
  // The price filter's problem, if any, in the page's language.
  const priceProblem = query.price.problem ? inPageLanguage(query.price.problem) : undefined;
  // Under "Nearest first", the card's place line leads with the rough distance, worded here.
  const pageT = createTranslator(lang, CATALOGUES[lang] as unknown as MessageTree);
  const distanceWords = { nearby: pageT("near.nearby"), about: (km: string) => pageT("near.about", { km }) };
  const items = withPlaceLabels(result.items, lang).map(({ distanceKm, ...item }) =>
    distanceKm === undefined
      ? item
      : { ...item, where: [roughDistanceText(distanceKm, distanceWords), item.where].filter(Boolean).join(" · ") },
  );
  const [fromState = "", fromDistrict = ""] = from.split("/");
  const near =
    query.sort === "near"
      ? {
          from,
          fromName: from ? districtName(fromState, fromDistrict, lang) : "",
          // Every district, grouped by state, for the "Nearest to" select (only on this sort). Its
          // options are a static island: in a whole page the browser keeps the server's HTML of
          // them, so only a client navigation's data carries them (57 KB less HTML per page).
          groups: context.rendersDocument ? undefined : districtGroups(lang),
        }
      : null;
  // Open Graph tags (decision 023): what was searched, how many found, in Hindi when the link says ?lang=hi.
  const previewLang = shareLanguage(url.searchParams, lang);
  const t = createTranslator(previewLang, CATALOGUES[previewLang] as unknown as MessageTree);
  const category = result.category ? t(`category.label.${result.category}`) : "";
  const preview = listPreview({
    title: query.q ? t("browse.resultsFor", { q: query.q }) : category || t("browse.allProducts"),
    description: `${t(result.total === 1 && !result.moreThanTotal ? "seller.forSaleOne" : "seller.forSaleMany", { count: formatCount(result.total, result.moreThanTotal) })} · ${t("meta.site")}`,
    pathAndQuery: url.pathname + url.search,
    lang: previewLang,
    baseUrl: context.config.baseUrl,
  });
  return { query, result: { ...result, items: await withSaved(context, items) }, places, priceProblem, near, preview, saveFields };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: t("meta.page", { page: t("meta.products") }) }, ...(data ? shareMetaTags(data.preview) : [])];
};

export default function ViewMore({ loaderData }: Route.ComponentProps) {
  const { query, result, places, priceProblem, near, saveFields } = loaderData;
  const keep = Object.fromEntries(
    (["q", "by", "category", "state", "district", "min", "max"] as const).flatMap((key) =>
      query[key] && !(key === "by" && query.by === "any") ? [[key, query[key]]] : [],
    ),
  );
  const [search] = useSearchParams();
  const { t } = useI18n();
  const categoryLabel = result.category ? t(`category.label.${result.category}`) : query.category;
  const title = query.q ? t("browse.resultsFor", { q: query.q }) : categoryLabel ? categoryLabel : t("browse.allProducts");
  const from = result.total ? (result.page - 1) * PAGE_SIZE + 1 : 0;
  const to = from ? from + result.items.length - 1 : 0;

  return (
    <div className="page pt-2 pb-4">
      {/* One line, so the results start above the fold on a phone; the full query is in the search box
          above. When nothing has the exact name, the heading says these are similar names instead. */}
      <h1 className="truncate text-xl leading-7 font-bold sm:text-2xl sm:leading-8">
        {result.closeMatches ? t("browse.closeMatches", { q: query.q }) : title}
      </h1>
      <BrowseFilters
        query={query}
        priceError={priceProblem}
        places={places}
        status={
          result.total ? (
            <p role="status">
              {t(result.total === 1 && !result.moreThanTotal ? "browse.showingOne" : "browse.showingMany", {
                from,
                to,
                total: formatCount(result.total, result.moreThanTotal),
              })}
            </p>
          ) : null
        }
      />
      {near ? (
        <>
          <NearestFrom from={near.from} groups={near.groups} keep={keep} />
          <p className="mb-2 text-sm font-semibold" role="note">
            {near.fromName ? t("near.heading", { place: near.fromName }) : t("near.needDistrict")}
          </p>
        </>
      ) : null}
      {/* "Tell me when new listings match" comes after the results: on a phone they start above the fold. */}
      {result.items.length ? (
        <>
          <ListingGrid listings={result.items} label={title} eager={4} Extra={SaveHeart} />
          <Pagination page={result.page} pageCount={result.pageCount} search={search} />
          <SaveSearchForm fields={saveFields} />
        </>
      ) : (
        <div className="space-y-4">
          <Alert tone="info">{query.by === "name" ? t("spec.noItemsByName") : t("spec.noItems")}</Alert>
          <SaveSearchForm fields={saveFields} />
          <Link to="/" className="btn-secondary">
            {t("browse.backHome")}
          </Link>
        </div>
      )}
    </div>
  );
}

/**
 * "Tell me when new listings match" (decision 022): a plain form carrying this search's fields to
 * /my/alerts/new, which saves it (or asks a signed-out person to log in first and comes back).
 */
function SaveSearchForm({ fields }: { fields: ReadonlyArray<readonly [string, string]> }) {
  const { t } = useI18n();
  return (
    <form method="post" action="/my/alerts/new" className="mt-4 flex flex-wrap items-center gap-2">
      {fields.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="btn-secondary">
        {t("alerts.save")}
      </button>
    </form>
  );
}
