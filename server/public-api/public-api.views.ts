/**
 * How the public API words what the services return (decision 032): snake_case names, money as
 * paise and a rupee string with its unit, times in ISO 8601 with India's offset, names in the
 * answer's language, absolute links. A list item never carries a phone number: only
 * listingDetailView and sellerView are given one.
 */
import type { z } from "zod";
import { getCategory, type CategorySlug } from "../../core/catalogue/categories";
import { IMAGE_WIDTHS } from "../../core/shared/constants";
import type { Language } from "../../core/i18n/languages";
import { isoDateTimeInIndia } from "../../core/shared/dates";
import { imageUrl } from "../../core/uploads/images";
import type { ListingDetail, ListingSummary } from "../../core/listings/listing";
import { placeLabel } from "../../core/locations";
import type { PriceInsight } from "../../core/prices/price-insight";
import type { Produce } from "../../core/catalogue/produce-list";
import { produceById } from "../../core/catalogue/produce";
import { districtName, stateName } from "../../core/locations";
import type { STATES } from "../../core/locations/states";
import { mspWords, type MSP_SEASONS } from "../../core/prices/msp";
import type { StoredMandiRate } from "../mandi-rates/mandi-rates.repository";
import type {
  listingDetailSchema,
  listingSummarySchema,
  mandiRatesPageSchema,
  moneySchema,
  mspTableSchema,
  priceInsightSchema,
  produceListSchema,
  sellerSchema,
  stateListSchema,
  stateSchema,
} from "./public-api.schemas";
import { API_BASE } from "./problems";
import { produceNameIn } from "../../core/catalogue/produce-names";
import { CATALOGUES } from "../../core/i18n/catalogues";

type Money = z.output<typeof moneySchema>;

export function money(paise: number, unit: string): Money {
  const whole = Math.round(paise);
  return { price_paise: whole, price_rupees: `${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`, unit };
}

export interface ViewContext {
  lang: Language;
  /** The site's public origin (BASE_URL), for absolute links. */
  origin: string;
}

export function categoryView(slug: CategorySlug, lang: Language) {
  const category = getCategory(slug);
  const name = lang === "en" ? category.label : lang === "hi" ? category.hindi : CATALOGUES[lang].category.label[slug];
  return { slug, name, name_en: category.label, name_hi: category.hindi };
}

export function placeView(state: string | null, district: string | null, lang: Language) {
  if (!state) return null;
  const name = placeLabel({ state, district }, lang);
  return name ? { state, district, name } : null;
}

const photoView = (imageKey: string, origin: string) => ({
  sizes: IMAGE_WIDTHS.map((width) => ({ width, url: origin + imageUrl(imageKey, width) })),
});

export function listingSummaryView(item: ListingSummary, { lang, origin }: ViewContext): z.output<typeof listingSummarySchema> {
  return {
    id: item.id,
    name: item.name,
    category: categoryView(item.category, lang),
    price_per_kg: money(item.pricePaise, "kg"),
    price_as_listed: money(item.unitPricePaise, item.unit),
    grade: item.grade,
    produce_id: item.produceId,
    place: placeView(item.state, item.district, lang),
    created_at: isoDateTimeInIndia(item.createdAt),
    cover_photo: photoView(item.imageKey, origin),
    ...(item.distanceKm === undefined ? {} : { distance_km: Math.round(item.distanceKm) }),
    url: `${origin}/view/${item.id}`,
    api_url: `${origin}${API_BASE}/listings/${item.id}`,
  };
}

export function listingDetailView(listing: ListingDetail, context: ViewContext): z.output<typeof listingDetailSchema> {
  const { origin } = context;
  return {
    ...listingSummaryView(listing, context),
    description: listing.description,
    // A hidden listing is not found at all (the service's rule); the rest read as they are.
    status: listing.status === "hidden" ? "expired" : listing.status,
    expires_at: isoDateTimeInIndia(listing.expiresAt),
    photos: listing.photos.map((photo) => photoView(photo.imageKey, origin)),
    quantity: listing.quantity,
    min_order: listing.minOrder,
    variety: listing.variety,
    organic: listing.organic,
    available_from: listing.availableFrom,
    seller: listing.seller
      ? {
          id: listing.sellerId,
          name: listing.seller.name,
          phone: listing.seller.phone,
          api_url: `${origin}${API_BASE}/sellers/${listing.sellerId}`,
        }
      : null,
  };
}

export function sellerView(
  page: {
    seller: { id: string; name: string; phone: string; createdAt: number; place: { state: string; district: string } | null };
    items: ListingSummary[];
    total: number;
    moreThanTotal: boolean;
  },
  context: ViewContext,
): z.output<typeof sellerSchema> {
  const { seller } = page;
  return {
    id: seller.id,
    name: seller.name,
    phone: seller.phone,
    member_since: isoDateTimeInIndia(seller.createdAt),
    place: seller.place ? placeView(seller.place.state, seller.place.district, context.lang) : null,
    listings: page.items.map((item) => listingSummaryView(item, context)),
    live_listings: page.total,
    more_than_live_listings: page.moreThanTotal,
    url: `${context.origin}/seller/${seller.id}`,
  };
}

export function produceRef(produce: Produce, lang: Language) {
  return { id: produce.id, name: produceNameIn(produce, lang) };
}

export function produceView(produce: Produce, { lang, origin }: ViewContext): z.output<typeof produceListSchema>["items"][number] {
  return {
    ...produceRef(produce, lang),
    name_en: produce.en,
    name_hi: produce.hi,
    category: produce.category,
    prices_url: `${origin}/prices/${produce.id}`,
  };
}

type State = (typeof STATES)[number];

export function stateSummaryView(state: State, { lang, origin }: ViewContext): z.output<typeof stateListSchema>["items"][number] {
  return {
    slug: state.slug,
    name: stateName(state.slug, lang),
    name_en: state.name,
    name_hi: stateName(state.slug, "hi"),
    kind: state.kind,
    api_url: `${origin}${API_BASE}/states/${state.slug}`,
  };
}

export function stateView(state: State, context: ViewContext): z.output<typeof stateSchema> {
  const { lang } = context;
  return {
    ...stateSummaryView(state, context),
    districts: state.districts.map((d) => ({
      slug: d.slug,
      name: districtName(state.slug, d.slug, lang),
      name_en: d.name,
      name_hi: districtName(state.slug, d.slug, "hi"),
    })),
  };
}

/** The MSP seasons, newest first. */
export function mspTableView(seasons: typeof MSP_SEASONS, lang: Language): z.output<typeof mspTableSchema> {
  return {
    seasons: [...seasons]
      .sort((a, b) => b.from.localeCompare(a.from))
      .map((season) => ({
        name: mspWords(season.name, lang),
        from: season.from,
        to: season.to,
        source: season.source,
        prices: season.prices.map((price) => {
          const produce = produceById(price.produce);
          return {
            produce_id: price.produce,
            produce: produce ? produceNameIn(produce, lang) : price.produce,
            variety: price.variety ? mspWords(price.variety, lang) : null,
            price: money(price.perQuintalPaise, "quintal"),
          };
        }),
      })),
  };
}

export function priceInsightView(
  produce: Produce,
  found: PriceInsight,
  { lang, origin }: ViewContext,
): z.output<typeof priceInsightSchema> {
  const common = { produce: produceRef(produce, lang), days: 30, prices_url: `${origin}/prices/${produce.id}` };
  if (!found.enough)
    return {
      ...common,
      enough: false,
      scope: null,
      place: null,
      grade: null,
      median: null,
      low: null,
      high: null,
      listings: found.listings,
      sellers: found.sellers,
    };
  return {
    ...common,
    enough: true,
    scope: found.scope,
    place: placeView(found.state, found.district, lang),
    grade: found.grade,
    median: money(found.summary.medianPaise, "kg"),
    low: money(found.summary.lowPaise, "kg"),
    high: money(found.summary.highPaise, "kg"),
    listings: found.summary.listings,
    sellers: found.summary.sellers,
  };
}

export function mandiRateView(rate: StoredMandiRate & { id: string }): z.output<typeof mandiRatesPageSchema>["items"][number] {
  return {
    id: rate.id,
    arrival_date: rate.arrivalDate,
    market: rate.market,
    district: rate.district,
    state: rate.state,
    state_slug: rate.stateSlug,
    district_slug: rate.districtSlug,
    commodity: rate.commodity,
    variety: rate.variety,
    grade: rate.grade,
    // The file gives rupees per quintal; they are stored as paise per quintal.
    min: money(rate.minPrice, "quintal"),
    max: money(rate.maxPrice, "quintal"),
    modal: money(rate.modalPrice, "quintal"),
    demo: rate.demo,
  };
}
