import { data, Link } from "react-router";
import { LISTING_MESSAGES } from "../../core/i18n/messages";
import { CATALOGUES } from "../../core/i18n/catalogues";
import { requestLanguage } from "../../core/i18n/languages";
import { inPageLanguage, orErrorPage } from "../../server/route-helpers/app-errors";
import { contactNoteAnswer, contactVia } from "../../server/route-helpers/contact-note";
import { showNumberAction, showNumberHeaders } from "../../server/route-helpers/phone-reveal";
import { listingPreview } from "../../server/share/previews";
import { ContactNotePage } from "../features/listings/contact-note-page";
import { listingWhatsappText } from "../features/listings/seller-contact";
import { i18nOf, metaI18n, useI18n } from "../features/i18n/i18n";
import type { Route } from "./+types/view.$id.contact";

/**
 * The safety note before calling a listing's seller, for a browser without JavaScript (decision
 * 057): the note, the number and the real link; once seen this session, straight to the link.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  contactVia(request);
  const listing = await orErrorPage(() => context.services.listings.getListing(params.id, { viewer: context.currentUser }));
  // A listing whose seller's account is gone has no number to call.
  if (!listing.seller) throw data(inPageLanguage(LISTING_MESSAGES.listingNotFound), { status: 404 });
  const lang = requestLanguage(request);
  // The chat opens with the same message as the listing's own WhatsApp button.
  const url = listingPreview(listing, lang, context.config.baseUrl).preview.url;
  const whatsappText = listingWhatsappText(listing, i18nOf(lang, CATALOGUES[lang]), url);
  return contactNoteAnswer(request, context, {
    id: listing.id,
    name: listing.seller.name,
    phone: listing.seller.phone,
    whatsappText,
  });
}

/** "Show number" past the address's threshold, from this page (decision 046): its answer is this page with the number. */
export async function action({ request, params, context }: Route.ActionArgs) {
  contactVia(request);
  return showNumberAction(
    request,
    context,
    async () => (await context.services.listings.getListing(params.id, { viewer: context.currentUser })).seller?.phone ?? null,
  );
}

export const headers: Route.HeadersFunction = showNumberHeaders;

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const { t } = metaI18n(matches);
  return [
    { title: t("meta.page", { page: data ? t("contactNote.pageTitle", { name: data.name }) : t("meta.notFound") }) },
    { name: "robots", content: "noindex" },
  ];
};

export default function ListingContact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const shown = actionData && "revealedPhone" in actionData ? actionData : undefined;
  const page = `/view/${loaderData.id}`;
  return (
    <ContactNotePage
      name={loaderData.name}
      phone={shown?.revealedPhone ?? loaderData.phone}
      via={loaderData.via}
      whatsappText={loaderData.whatsappText}
      action={page}
      refusedForMinutes={shown?.refusedForMinutes}
    >
      <Link to={page} className="underline underline-offset-4">
        {t("contactNote.backToListing")}
      </Link>
    </ContactNotePage>
  );
}
