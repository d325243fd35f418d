import { Link } from "react-router";
import { z } from "zod";
import { getCategory } from "../../core/catalogue/categories";
import { CATALOGUES } from "../../core/i18n/catalogues";
import { requestLanguage } from "../../core/i18n/languages";
import { withPlaceLabels } from "../../core/locations";
import { formatShortDate, INDIA_UTC_OFFSET, isoDate } from "../../core/shared/dates";
import { MODERATION_MESSAGES } from "../../core/moderation/moderation";
import { searchParamsToObject } from "../../core/shared/form-fields";
import { shareLanguage, shareMetaTags } from "../../core/share/share-meta";
import { inPageLanguage, orErrorPage } from "../../server/route-helpers/app-errors";
import { withSaved } from "../../server/route-helpers/saved-hearts";
import { phoneForPage, showNumberAction, showNumberHeaders } from "../../server/route-helpers/phone-reveal";
import { listingPreview } from "../../server/share/previews";
import { SaveHeart } from "../features/listings/save-heart";
import { priceStandingFor } from "../../server/route-helpers/price-insight";
import { PriceStanding } from "../features/prices/price-insight";
import { Alert } from "../components/ui/alert";
import { MandiRateNote } from "../features/prices/mandi-rate";
import { ContactActions, listingWhatsappText, SellerNumber } from "../features/listings/seller-contact";
import { ContactNoteDialog, SafetyTips } from "../features/listings/contact-note";
import { SellerSignals } from "../features/listings/seller-signals";
import { PhoneVerifiedBadge } from "../features/listings/phone-verified-badge";
import { OrganisationBadge } from "../features/listings/organisation-badge";
import { ListingGrid } from "../features/listings/listing-card";
import { PhotoGallery } from "../features/listings/photo-gallery";
import { StaticIsland } from "../components/ui/static-island";
import { priceText, quantityText, unitOf } from "../components/ui/price";
import { ReportForm } from "../features/moderation/report-listing";
import type { Route } from "./+types/view.$id";
import { metaI18n, useI18n } from "../features/i18n/i18n";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { listings, search } = context.services;
  // Who is looking is read only for a listing moderation hid (its seller and staff still see it),
  // so every other listing's page stays the same for everyone, and shareable by a cache.
  const listing = await orErrorPage(() => listings.getListing(params.id, { viewer: context.currentUser }));
  // A shared link outlives the produce: a sold or expired listing's page offers the same produce.
  const alternatives = listing.status === "active" || listing.status === "hidden" ? [] : await search.findAlternatives(listing);
  const { reported } = viewQuerySchema.parse(searchParamsToObject(new URL(request.url).searchParams));
  // Only the seller and staff get this far with a hidden listing: each to where they act on it.
  const manage = listing.moderation
    ? (await context.currentUser())?.id === listing.sellerId
      ? "/my/listings"
      : `/admin/listings/${listing.id}`
    : null;
  // A reason the system wrote (hidden by reports, a banned seller) reads in the page's language; a moderator's own words as written.
  const moderation = listing.moderation && {
    ...listing.moderation,
    reason: listing.moderation.reason && inPageLanguage(listing.moderation.reason),
  };
  // In the title instead of the price, in the page's language.
  const lang = requestLanguage(request);
  const words = CATALOGUES[lang].listing;
  const statusTitle = listing.status === "active" ? "" : words[listing.status];
  // Places in the page's language (core/locations); the village or town stays as the seller typed it.
  const [placed] = withPlaceLabels([listing], lang);
  // Open Graph tags and the preview card (decision 023): in Hindi when the shared link says ?lang=hi.
  const url = new URL(request.url);
  const { preview } = listingPreview(listing, shareLanguage(url.searchParams, lang), context.config.baseUrl);
  // The Share button sends the page's own language: a Hindi page shares a Hindi preview.
  const share = listingPreview(listing, lang, context.config.baseUrl);
  const [mandiRate, standing, [saved], savedAlternatives, sellerSignals, verified, organisation] = await Promise.all([
    context.services.mandiRates.rateFor({
      produceId: listing.produceId,
      state: listing.state,
      district: listing.district,
      unit: listing.unit,
      gramsPerUnit: listing.gramsPerUnit,
    }),
    priceStandingFor(context.services, request, listing),
    withSaved(context, [listing]),
    withSaved(context, withPlaceLabels(alternatives, lang)),
    // "Member since" and "<n> listings sold" (decision 057).
    listing.seller ? context.services.listings.sellerSignals(listing.sellerId) : null,
    context.services.phoneVerification.verifiedSellers([listing.sellerId]),
    // "FPO verified by Mandi" (decision 061).
    listing.seller ? context.services.organisations.badgeOf(listing.sellerId) : null,
  ]);
  // Past the address's hourly threshold the number is left out: the page offers "Show number" (decision 046).
  const seller = listing.seller && {
    ...listing.seller,
    phone: phoneForPage(context, listing.seller.phone),
    // "Phone verified" and since when (decision 058).
    phoneVerifiedAt: verified.get(listing.sellerId) ?? null,
    organisation,
  };
  return {
    mandiRate,
    listing: { ...listing, seller, where: placed?.where ?? listing.where, moderation, saved: Boolean(saved?.saved) },
    statusTitle,
    alternatives: savedAlternatives,
    reported,
    manage,
    reportedMessage: reported ? inPageLanguage(MODERATION_MESSAGES.reported) : "",
    standing,
    sellerSignals,
    preview,
    share: { url: share.preview.url, text: share.text, title: listing.name },
  };
}

/** "Show number": this listing's seller's number, counted against the address (decision 046). */
export async function action({ request, params, context }: Route.ActionArgs) {
  return showNumberAction(
    request,
    context,
    async () => (await context.services.listings.getListing(params.id, { viewer: context.currentUser })).seller?.phone ?? null,
  );
}

const viewQuerySchema = z.object({ reported: z.preprocess((v) => v === "1", z.boolean()) });

export const headers: Route.HeadersFunction = showNumberHeaders;

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const i18n = metaI18n(matches);
  const { t } = i18n;
  if (!data) return [{ title: t("meta.page", { page: t("meta.notFound") }) }];
  return [
    { title: t("meta.page", { page: `${data.listing.name} — ${data.statusTitle || priceText(data.listing, i18n)}` }) },
    // A hidden listing (seen only by its seller and staff) is never previewed.
    ...(data.listing.moderation ? [{ name: "robots", content: "noindex" }] : shareMetaTags(data.preview)),
  ];
};

export default function View({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, alternatives, reported, manage, reportedMessage } = loaderData;
  const shown = actionData && "revealedPhone" in actionData ? actionData : undefined;
  const phone = shown?.revealedPhone ?? listing.seller?.phone ?? null;
  const i18n = useI18n();
  const { lang, t } = i18n;
  const category = getCategory(listing.category);
  const categoryLower = t(`category.lower.${category.slug}`);
  const unit = unitOf(listing.unit);
  const where = listing.where;
  const active = listing.status === "active";
  const whatsappText = listingWhatsappText(listing, i18n, loaderData.share.url);
  // Call and WhatsApp go through the safety note's page; an answer to "Show number" shows the note itself (decision 057).
  const notePage = shown ? null : `/view/${listing.id}`;
  return (
    <div className="page py-6">
      {reported ? (
        <div className="mb-4">
          <Alert tone="success">{reportedMessage}</Alert>
        </div>
      ) : null}
      {listing.moderation ? (
        <div role="status" className="mb-4 rounded-xl border-2 border-red-300 bg-red-50 p-4">
          <p className="text-xl font-bold">
            {t(
              listing.moderation.cause === "held"
                ? "listing.heldForModerator"
                : listing.moderation.cause === "unverified"
                  ? "listing.waitingForPhone"
                  : "listing.hiddenByModerator",
            )}
          </p>
          <p className="mt-1 [overflow-wrap:anywhere]">
            {t("listing.buyersCannotSee")} {listing.moderation.reason}
          </p>
          {/* REQUIRE_VERIFIED_PHONE (decision 061): its seller verifies, and it goes live at once. */}
          {listing.moderation.cause === "unverified" && manage === "/my/listings" ? (
            <p className="mt-2">
              <Link to="/my/phone" className="font-semibold underline underline-offset-4">
                {t("phoneVerification.accountVerify")}
              </Link>
            </p>
          ) : null}
          {manage ? (
            <p className="mt-2">
              <Link to={manage} className="underline underline-offset-4">
                {t(manage === "/my/listings" ? "listing.seeInMyListings" : "listing.openInBackOffice")}
              </Link>
            </p>
          ) : null}
        </div>
      ) : !active ? (
        <div role="status" className="mb-4 rounded-xl border-2 border-stone-300 bg-stone-100 p-4">
          <p className="text-xl font-bold">{t(listing.status === "sold" ? "listing.sold" : "listing.expired")}</p>
          <p className="mt-1 text-stone-700">
            {t(listing.status === "sold" ? "listing.sellerSold" : "listing.ended")} {t("listing.stillSee", { category: categoryLower })}
          </p>
        </div>
      ) : null}
      <article className="grid gap-6 md:grid-cols-2">
        <PhotoGallery photos={listing.photos} name={listing.name} />
        <div className="min-w-0">
          <p className={`text-3xl font-extrabold ${active ? "text-brand-800" : "text-stone-500 line-through"}`}>
            {priceText(listing, i18n)}
          </p>
          <MandiRateNote rate={loaderData.mandiRate} />
          <PriceStanding standing={loaderData.standing} />
          <h1 className="mt-1 text-2xl font-bold [overflow-wrap:anywhere]">{listing.name}</h1>
          {listing.moderation ? null : (
            <div className="mt-3 flex flex-wrap gap-2">
              <SaveHeart listing={listing} withText />
              <ShareButton share={loaderData.share} />
            </div>
          )}
          {/* The details, the seller and the safety tips: text and links, not hydrated (decision 039). */}
          <StaticIsland as="div" deps={[listing, lang, phone, shown?.refusedForMinutes]}>
            {/* Call and WhatsApp here in the reading and keyboard order, held at the foot of a phone's screen while the listing is for sale (decision 053). */}
            {listing.seller ? (
              <section aria-label={t("listing.contactSeller")} className={active ? "contact-bar" : "mt-3"}>
                <ContactActions
                  name={listing.seller.name}
                  phone={phone}
                  action={`/view/${listing.id}`}
                  notePage={notePage}
                  whatsappText={whatsappText}
                  short
                  className="flex gap-2"
                />
              </section>
            ) : null}
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-stone-700">
              <dt className="font-semibold">{t("listing.category")}</dt>
              <dd>{t(`category.label.${category.slug}`)}</dd>
              {listing.variety ? (
                <>
                  <dt className="font-semibold">{t("listing.variety")}</dt>
                  <dd className="[overflow-wrap:anywhere]">{listing.variety}</dd>
                </>
              ) : null}
              {listing.grade ? (
                <>
                  <dt className="font-semibold">{t("produce.gradeTerm")}</dt>
                  <dd>{t(`produce.gradeLabel.${listing.grade}`)}</dd>
                </>
              ) : null}
              {listing.organic ? (
                <>
                  <dt className="font-semibold">{t("listing.organic")}</dt>
                  <dd>{t("listing.yes")}</dd>
                </>
              ) : null}
              {listing.quantity !== null ? (
                <>
                  <dt className="font-semibold">{t("listing.available")}</dt>
                  <dd>{quantityText(listing.quantity, unit, i18n)}</dd>
                </>
              ) : null}
              {listing.minOrder !== null ? (
                <>
                  <dt className="font-semibold">{t("listing.minOrder")}</dt>
                  <dd>{quantityText(listing.minOrder, unit, i18n)}</dd>
                </>
              ) : null}
              {listing.availableFrom ? (
                <>
                  <dt className="font-semibold">{t("listing.availableFrom")}</dt>
                  <dd>
                    <time dateTime={listing.availableFrom}>
                      {formatShortDate(Date.parse(`${listing.availableFrom}T12:00:00${INDIA_UTC_OFFSET}`), lang)}
                    </time>
                  </dd>
                </>
              ) : null}
              {where ? (
                <>
                  <dt className="font-semibold">{t("listing.where")}</dt>
                  <dd className="[overflow-wrap:anywhere]">
                    {listing.place ? `${listing.place}, ` : ""}
                    {where}
                    {listing.pin ? ` ${listing.pin}` : ""}
                  </dd>
                </>
              ) : null}
              <dt className="font-semibold">{t("listing.listedOn")}</dt>
              <dd>
                <time dateTime={isoDate(listing.createdAt)}>{formatShortDate(listing.createdAt, lang)}</time>
              </dd>
            </dl>
            <h2 className="mt-5 font-bold">{t("listing.description")}</h2>
            <p className="mt-1 whitespace-pre-line text-stone-800 [overflow-wrap:anywhere]">{listing.description}</p>

            <section aria-labelledby="seller-heading" className="mt-6 rounded-xl border border-stone-200 bg-white p-4">
              <h2 id="seller-heading" className="text-lg font-bold">
                {t("listing.sellerDetails")}
              </h2>
              {listing.seller ? (
                <>
                  <p className="mt-1 text-lg [overflow-wrap:anywhere]">
                    <Link
                      to={`/seller/${listing.sellerId}`}
                      className="underline-offset-4 hover:underline"
                      aria-label={t("listing.sellerPage", { name: listing.seller.name })}
                    >
                      {listing.seller.name}
                    </Link>
                  </p>
                  {loaderData.sellerSignals ? <SellerSignals signals={loaderData.sellerSignals} className="mt-1" /> : null}
                  {listing.seller.phoneVerifiedAt !== null ? (
                    <p className="mt-1">
                      <PhoneVerifiedBadge at={listing.seller.phoneVerifiedAt} />
                    </p>
                  ) : null}
                  {listing.seller.organisation ? (
                    <p className="mt-1">
                      <OrganisationBadge kind={listing.seller.organisation} />
                    </p>
                  ) : null}
                  <SellerNumber
                    name={listing.seller.name}
                    phone={phone}
                    action={`/view/${listing.id}`}
                    notePage={notePage}
                    refusedForMinutes={shown?.refusedForMinutes}
                  />
                </>
              ) : (
                <p className="mt-1 text-stone-700">{t("listing.sellerUnavailable")}</p>
              )}
            </section>
            <SafetyTips />
          </StaticIsland>
          {listing.seller && phone ? <ContactNoteDialog name={listing.seller.name} phone={phone} whatsappText={whatsappText} /> : null}
          {listing.moderation ? null : (
            <details className="mt-4 rounded-xl border border-stone-200 bg-white p-4">
              <summary className="cursor-pointer font-semibold text-stone-800">{t("listing.report")}</summary>
              <div className="mt-3">
                <ReportForm listingId={listing.id} />
              </div>
            </details>
          )}
        </div>
      </article>
      {alternatives.length ? (
        <section aria-labelledby="alternatives-heading" className="mt-8">
          <h2 id="alternatives-heading" className="section-title mb-3">
            {t("listing.otherOn", { category: categoryLower })}
          </h2>
          <ListingGrid listings={alternatives} label={t("listing.otherOn", { category: categoryLower })} Extra={SaveHeart} />
        </section>
      ) : null}
    </div>
  );
}

/**
 * Share (decision 023): a plain link to WhatsApp with a short line and the listing's address, so
 * it works without JavaScript; where the browser has the Web Share API (most phones), pressing it
 * opens the phone's own share sheet instead. This code is in this route's chunk only.
 */
function ShareButton({ share }: { share: { url: string; text: string; title: string } }) {
  const { t } = useI18n();
  const href = `https://wa.me/?text=${encodeURIComponent(`${share.text} ${share.url}`)}`;
  return (
    <a
      href={href}
      className="btn-secondary"
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t("share.named", { name: share.title })}
      onClick={(event) => {
        if (typeof navigator.share !== "function") return;
        event.preventDefault();
        // Closing the sheet rejects: nothing to do. Anything else falls back to WhatsApp.
        navigator.share({ title: share.title, text: share.text, url: share.url }).catch((error: unknown) => {
          if ((error as { name?: string }).name !== "AbortError") window.open(href, "_blank", "noopener,noreferrer");
        });
      }}
    >
      <span aria-hidden="true" className="share-icon" />
      {t("share.button")}
    </a>
  );
}
