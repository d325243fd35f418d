import { useSearchParams } from "react-router";
import { z } from "zod";
import { requestLanguage } from "../../core/i18n/languages";
import { placeLabel, withPlaceLabels } from "../../core/locations";
import { pageNumber, searchParamsToObject } from "../../core/shared/form-fields";
import { orErrorPage } from "../../server/route-helpers/app-errors";
import { withSaved } from "../../server/route-helpers/saved-hearts";
import { phoneForPage, showNumberAction, showNumberHeaders } from "../../server/route-helpers/phone-reveal";
import { shareLanguage, shareMetaTags } from "../../core/share/share-meta";
import { CATALOGUES } from "../../core/i18n/catalogues";
import { createTranslator, type MessageTree } from "../../core/i18n/translate";
import { sellerPreview } from "../../server/share/previews";
import { SaveHeart } from "../features/listings/save-heart";
import { Alert } from "../components/ui/alert";
import { SellerContact } from "../features/listings/seller-contact";
import { ContactNoteDialog } from "../features/listings/contact-note";
import { SellerSignals } from "../features/listings/seller-signals";
import { ListingGrid } from "../features/listings/listing-card";
import { Pagination } from "../components/ui/pagination";
import { formatCount } from "../../core/search/counts";
import type { Route } from "./+types/seller.$id";
import { PhoneVerifiedBadge } from "../features/listings/phone-verified-badge";
import { OrganisationBadge } from "../features/listings/organisation-badge";
import { metaI18n, useI18n } from "../features/i18n/i18n";

const querySchema = z.object({
  page: pageNumber,
});

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const query = querySchema.parse(searchParamsToObject(new URL(request.url).searchParams));
  const found = await orErrorPage(() => context.services.search.getSellerPage({ id: params.id, page: query.page }));
  // Past the address's hourly threshold the number is left out: the page offers "Show number" (decision 046).
  // "Phone verified" and since when (decision 058).
  const [verified, organisation] = await Promise.all([
    context.services.phoneVerification.verifiedSellers([found.seller.id]),
    // "FPO verified by Mandi" (decision 061).
    context.services.organisations.badgeOf(found.seller.id),
  ]);
  const page = {
    ...found,
    seller: {
      ...found.seller,
      phone: phoneForPage(context, found.seller.phone),
      phoneVerifiedAt: verified.get(found.seller.id) ?? null,
      organisation,
    },
  };
  // Places in the page's language (core/locations).
  const lang = requestLanguage(request);
  const [items, signals] = await Promise.all([
    withSaved(context, lang === "en" ? page.items : withPlaceLabels(page.items, lang)),
    // "Member since" and "<n> listings sold" (decision 057).
    context.services.listings.sellerSignals(page.seller.id),
  ]);
  // Open Graph tags (decision 023), in Hindi when the shared link says ?lang=hi.
  const previewLang = shareLanguage(new URL(request.url).searchParams, lang);
  const t = createTranslator(previewLang, CATALOGUES[previewLang] as unknown as MessageTree);
  const forSale = t(page.total === 1 && !page.moreThanTotal ? "seller.forSaleOne" : "seller.forSaleMany", {
    count: formatCount(page.total, page.moreThanTotal),
  });
  const preview = sellerPreview(
    { ...page.seller, where: page.seller.place ? placeLabel(page.seller.place, previewLang) || null : null },
    forSale,
    previewLang,
    context.config.baseUrl,
  );
  const soldCount = signals?.soldCount ?? 0;
  if (lang === "en") return { ...page, items, preview, soldCount };
  const where = page.seller.place ? placeLabel(page.seller.place, lang) || null : null;
  return { ...page, seller: { ...page.seller, where }, items, preview, soldCount };
}

/** "Show number": this seller's number, counted against the address (decision 046). */
export async function action({ request, params, context }: Route.ActionArgs) {
  return showNumberAction(
    request,
    context,
    async () => (await context.services.search.getSellerPage({ id: params.id, page: 1 })).seller.phone,
  );
}

export const headers: Route.HeadersFunction = showNumberHeaders;

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const { t } = metaI18n(matches);
  return [
    { title: data ? t("seller.title", { name: data.seller.name }) : t("meta.page", { page: t("meta.notFound") }) },
    ...(data ? shareMetaTags(data.preview) : []),
  ];
};

export default function Seller({ loaderData, actionData }: Route.ComponentProps) {
  const { seller, items, total, moreThanTotal, page, pageCount, soldCount } = loaderData;
  const shown = actionData && "revealedPhone" in actionData ? actionData : undefined;
  const [search] = useSearchParams();
  const where = seller.where;
  const phone = shown?.revealedPhone ?? seller.phone;
  const { t } = useI18n();
  return (
    <div className="page py-6">
      <section aria-labelledby="seller-name" className="mb-6 rounded-xl border border-stone-200 bg-white p-4">
        <h1 id="seller-name" className="text-2xl font-bold [overflow-wrap:anywhere]">
          {seller.name}
        </h1>
        {where ? <p className="mt-1 text-stone-700 [overflow-wrap:anywhere]">{where}</p> : null}
        <SellerSignals signals={{ memberSince: seller.createdAt, soldCount }} className="mt-1" />
        {seller.phoneVerifiedAt !== null ? (
          <p className="mt-1">
            <PhoneVerifiedBadge at={seller.phoneVerifiedAt} />
          </p>
        ) : null}
        {seller.organisation ? (
          <p className="mt-1">
            <OrganisationBadge kind={seller.organisation} />
          </p>
        ) : null}
        <SellerContact
          name={seller.name}
          phone={phone}
          action={`/seller/${seller.id}`}
          // Call and WhatsApp go through the safety note's page; an answer to "Show number" shows the note itself (decision 057).
          notePage={shown ? null : `/seller/${seller.id}`}
          refusedForMinutes={shown?.refusedForMinutes}
        />
        {phone ? <ContactNoteDialog name={seller.name} phone={phone} /> : null}
      </section>
      <h2 className="section-title mb-3">
        {t(total === 1 && !moreThanTotal ? "seller.forSaleOne" : "seller.forSaleMany", { count: formatCount(total, moreThanTotal) })}
      </h2>
      {items.length ? (
        <>
          <ListingGrid listings={items} label={t("seller.listingsBy", { name: seller.name })} Extra={SaveHeart} />
          <Pagination page={page} pageCount={pageCount} search={search} />
        </>
      ) : (
        <Alert tone="info">{t("seller.nothing")}</Alert>
      )}
    </div>
  );
}
