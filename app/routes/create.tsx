import { Link, redirect } from "react-router";
import { Alert } from "../components/ui/alert";
import { EMPTY_LISTING_VALUES, type ListingFormValues } from "../../core/listings/listing-form";
import { MESSAGES } from "../../core/i18n/messages";
import { formErrorResponse, refuseForm } from "../../server/route-helpers/app-errors";
import { placeNamesFor, produceNamesFor } from "../../server/route-helpers/places";
import { readListingForm, refuseListingForm } from "../../server/route-helpers/listing-form";
import { discardBody } from "../../server/route-helpers/multipart";
import type { PriceInsightNote } from "../../core/prices/price-insight";
import { ListingForm } from "../features/sell/listing-form";
import { SellDraftNotes, useSellDraft } from "../features/sell/sell-draft";
import { LoginPrompt } from "../features/accounts/login-prompt";
import { mandiRateOf } from "../features/prices/mandi-rate";
import type { Route } from "./+types/create";
import { metaI18n, useI18n } from "../features/i18n/i18n";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: t("meta.page", { page: t("meta.sell") }) }];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await context.currentUser();
  const { listings } = context.services;
  const { config } = context;
  // A seller usually sells from the same place: the form starts there (decision 013).
  const [place, phone] = user
    ? await Promise.all([listings.startingPlaceOf({ id: user.id }), context.services.phoneVerification.status(user)])
    : [null, null];
  return {
    // "Verify your number so buyers trust your listing" (decision 058): shown until it is verified,
    // where verification is available; `?phone=verified` when /my/phone sent the seller back.
    phoneNotice: phone?.verifiedAt === null && phone.available ? ("verify" as const) : null,
    phoneJustVerified: phone?.verifiedAt != null && new URL(request.url).searchParams.get("phone") === "verified",
    signedIn: Boolean(user),
    maxImageBytes: config.maxImageBytes,
    maxPhotos: config.maxPhotosPerListing,
    values: { ...EMPTY_LISTING_VALUES, ...place } satisfies ListingFormValues,
    placeNames: placeNamesFor(request),
    produceNames: produceNamesFor(request),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { listings } = context.services;
  const { config } = context;
  const user = await context.currentUser();
  if (!user) {
    // The session ended while the form was open: answer once the browser has sent it all.
    await discardBody(request);
    return refuseForm(401, { form: MESSAGES.mustLogin }, EMPTY_LISTING_VALUES);
  }
  let values = EMPTY_LISTING_VALUES;
  try {
    const form = await readListingForm(request, {
      maxFileBytes: config.maxImageBytes,
      maxPhotos: config.maxPhotosPerListing,
      now: Date.now(),
    });
    values = form.values;
    if (!form.ok) return await refuseListingForm(context.services, request, form);
    const { id } = await listings.saveListing({ actor: user, fields: form.fields, photos: form.photos });
    // Home, as the specification says, where the banner links to the new listing.
    return redirect(`/?created=${id}`);
  } catch (error) {
    return formErrorResponse(error, values);
  }
}

export default function Create({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  // What the seller typed is kept on this phone until it is sent (decision 016).
  const draft = useSellDraft({ startValues: loaderData.values, refused: Boolean(actionData) });
  if (!loaderData.signedIn) {
    return <LoginPrompt returnTo="/create" />;
  }
  return (
    <div className="page max-w-xl py-6">
      <div className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6" {...draft.wrapperProps}>
        <h1 className="mb-4 text-2xl font-bold">{t("sell.title")}</h1>
        <SellDraftNotes draft={draft} />
        {loaderData.phoneJustVerified ? (
          <div role="status" className="mb-4">
            <Alert tone="success">{t("phoneVerification.sellDone")}</Alert>
          </div>
        ) : null}
        {loaderData.phoneNotice ? (
          <div className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3">
            <p className="font-semibold">{t("phoneVerification.sellNotice")}</p>
            <Link to="/my/phone?from=sell" className="font-semibold text-brand-700 underline">
              {t("phoneVerification.sellLink")}
            </Link>
          </div>
        ) : null}
        <ListingForm
          key={draft.formKey}
          action="/create"
          values={actionData?.values ?? draft.restored ?? loaderData.values}
          errors={actionData?.errors ?? {}}
          maxPhotos={loaderData.maxPhotos}
          maxImageBytes={loaderData.maxImageBytes}
          submitLabel={t("sell.submit")}
          placeNames={loaderData.placeNames}
          produceNames={loaderData.produceNames}
          mandiRate={mandiRateOf(actionData)}
          priceInsight={actionData && "priceInsight" in actionData ? (actionData.priceInsight as PriceInsightNote | null) : null}
        />
      </div>
    </div>
  );
}
