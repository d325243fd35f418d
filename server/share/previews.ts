/**
 * The share previews (Open Graph and Twitter tags, core/share/share-meta.ts) of a listing, a seller and
 * search results, in the preview's language (decision 023). Loaders call these on the server:
 * they know BASE_URL and have every catalogue; the meta functions only copy the result out.
 */
import { CATALOGUES } from "../../core/i18n/catalogues";
import type { Language } from "../../core/i18n/languages";
import { createTranslator, type MessageTree } from "../../core/i18n/translate";
import { placeLabel } from "../../core/locations";
import type { ListingDetail } from "../../core/listings/listing";
import { formatRupees } from "../../core/money/money";
import { absoluteUrl, type SharePreview } from "../../core/share/share-meta";
import { UNITS } from "../../core/money/units";
import { CARD_HEIGHT, CARD_WIDTH } from "./share-card";
import { shareCardPath } from "./share-cards.service";

const translator = (lang: Language) => createTranslator(lang, CATALOGUES[lang] as unknown as MessageTree);
/** The app's own icon, for pages without a picture of their own. */
const SITE_IMAGE = { path: "/icon-512.png", width: 512, height: 512 };

/** "₹2,500 / quintal (₹25 / kg)", as a listing's page writes it. */
export function priceLine(listing: Pick<ListingDetail, "unit" | "unitPricePaise" | "pricePaise">, lang: Language): string {
  const t = translator(lang);
  const unit = (UNITS as readonly string[]).includes(listing.unit) ? listing.unit : "kg";
  const perKg = t("unit.perKg", { price: formatRupees(listing.pricePaise) });
  return unit === "kg"
    ? perKg
    : t("unit.perUnitAndKg", { price: formatRupees(listing.unitPricePaise), unit: t(`unit.one.${unit}`), perKg });
}

export interface ListingShare {
  preview: SharePreview;
  /** What the Share button sends: a short line and the link. */
  text: string;
}

export function listingPreview(listing: ListingDetail, lang: Language, baseUrl: string): ListingShare {
  const t = translator(lang);
  const price = priceLine(listing, lang);
  const where = [listing.place, placeLabel({ state: listing.state, district: listing.district }, lang)].filter(Boolean).join(", ");
  const status = listing.status === "sold" ? t("listing.sold") : listing.status === "active" ? "" : t("listing.expired");
  const path = `/view/${listing.id}`;
  const description = [status, price, where, listing.description].filter(Boolean).join(" · ");
  return {
    preview: {
      title: `${listing.name} — ${status || price}`,
      description,
      canonical: absoluteUrl(baseUrl, path),
      url: absoluteUrl(baseUrl, path, lang),
      lang,
      type: "product",
      image: {
        url: absoluteUrl(baseUrl, shareCardPath(listing, lang)),
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        alt: `${listing.name}, ${price}${where ? `, ${where}` : ""}`,
      },
    },
    text: where ? t("share.text", { name: listing.name, price, place: where }) : t("share.textNoPlace", { name: listing.name, price }),
  };
}

export function sellerPreview(
  seller: { id: string; name: string; where?: string | null },
  forSale: string,
  lang: Language,
  baseUrl: string,
): SharePreview {
  const t = translator(lang);
  const path = `/seller/${seller.id}`;
  return {
    title: t("seller.title", { name: seller.name }),
    description: [forSale, seller.where].filter(Boolean).join(" · "),
    canonical: absoluteUrl(baseUrl, path),
    url: absoluteUrl(baseUrl, path, lang),
    lang,
    type: "profile",
    image: { url: absoluteUrl(baseUrl, SITE_IMAGE.path), width: SITE_IMAGE.width, height: SITE_IMAGE.height, alt: "Mandi" },
  };
}

/** Search results and other lists (price pages too): `pathAndQuery` is the page's own address. */
export function listPreview(input: {
  title: string;
  description: string;
  pathAndQuery: string;
  lang: Language;
  baseUrl: string;
}): SharePreview {
  const path = input.pathAndQuery;
  return {
    title: input.title,
    description: input.description,
    canonical: absoluteUrl(input.baseUrl, path),
    url: absoluteUrl(input.baseUrl, path, input.lang),
    lang: input.lang,
    type: "website",
    image: { url: absoluteUrl(input.baseUrl, SITE_IMAGE.path), width: SITE_IMAGE.width, height: SITE_IMAGE.height, alt: "Mandi" },
  };
}
