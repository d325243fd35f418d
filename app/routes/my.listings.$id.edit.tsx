import { redirect } from "react-router";
import { loginPath } from "../../core/shared/redirects";
import { formValuesOf } from "../../core/listings/listing-form";
import { formErrorResponse, orErrorPage } from "../../server/route-helpers/app-errors";
import { placeNamesFor, produceNamesFor } from "../../server/route-helpers/places";
import { readListingForm, refuseListingForm } from "../../server/route-helpers/listing-form";
import { priceNotesFor } from "../../server/route-helpers/price-insight";
import { discardBody } from "../../server/route-helpers/multipart";
import type { PriceInsightNote } from "../../core/prices/price-insight";
import { ListingForm } from "../features/sell/listing-form";
import { mandiRateOf } from "../features/prices/mandi-rate";
import type { Route } from "./+types/my.listings.$id.edit";
import { metaI18n, useI18n } from "../features/i18n/i18n";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: t("meta.page", { page: data ? t("sell.editTitle", { name: data.listing.name }) : t("meta.notFound") }) }];
};

/** The seller's own listing; anyone else (or nobody signed in) gets what a missing listing gets. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await context.currentUser();
  if (!user) throw redirect(loginPath(new URL(request.url).pathname));
  const { listings } = context.services;
  const { config } = context;
  const listing = await orErrorPage(() => listings.getOwnListing({ actor: user, id: params.id }));
  const values = formValuesOf(listing);
  const { priceInsight, mandiRate } = await priceNotesFor(context.services, request, values, listing.id);
  return {
    listing,
    values,
    priceInsight,
    mandiRate,
    maxImageBytes: config.maxImageBytes,
    maxPhotos: config.maxPhotosPerListing,
    placeNames: placeNamesFor(request),
    produceNames: produceNamesFor(request),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { listings } = context.services;
  const { config } = context;
  const user = await context.currentUser();
  if (!user) {
    await discardBody(request);
    throw redirect(loginPath(new URL(request.url).pathname));
  }
  // Not theirs: the same 404 as for a listing that does not exist, before the body is read.
  const listing = await orErrorPage(() => listings.getOwnListing({ actor: user, id: params.id })).catch(async (error: unknown) => {
    await discardBody(request);
    throw error;
  });
  let values = formValuesOf(listing);
  try {
    const form = await readListingForm(request, {
      maxFileBytes: config.maxImageBytes,
      maxPhotos: config.maxPhotosPerListing,
      now: Date.now(),
    });
    values = form.values;
    if (!form.ok) return await refuseListingForm(context.services, request, form, listing.id);
    await listings.saveListing({ actor: user, id: listing.id, fields: form.fields, photos: form.photos });
  } catch (error) {
    return formErrorResponse(error, values);
  }
  return redirect(`/my/listings?saved=${listing.id}`);
}

export default function EditListing({ loaderData, actionData }: Route.ComponentProps) {
  const { listing } = loaderData;
  const { t } = useI18n();
  return (
    <div className="page max-w-xl py-6">
      <div className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6">
        <h1 className="mb-1 text-2xl font-bold [overflow-wrap:anywhere]">{t("sell.editTitle", { name: listing.name })}</h1>
        {listing.status !== "active" ? (
          <p className="mb-4 text-stone-700">{t(listing.status === "sold" ? "sell.notActiveSold" : "sell.notActiveExpired")}</p>
        ) : (
          <p className="mb-4 text-stone-700">{t("sell.editIntro")}</p>
        )}
        <ListingForm
          action={`/my/listings/${listing.id}/edit`}
          values={actionData?.values ?? loaderData.values}
          errors={actionData?.errors ?? {}}
          maxPhotos={loaderData.maxPhotos}
          maxImageBytes={loaderData.maxImageBytes}
          currentPhotos={listing.photos}
          submitLabel={t("sell.save")}
          listingId={listing.id}
          placeNames={loaderData.placeNames}
          produceNames={loaderData.produceNames}
          mandiRate={actionData ? mandiRateOf(actionData) : loaderData.mandiRate}
          priceInsight={
            actionData && "priceInsight" in actionData ? (actionData.priceInsight as PriceInsightNote | null) : loaderData.priceInsight
          }
        />
      </div>
    </div>
  );
}
