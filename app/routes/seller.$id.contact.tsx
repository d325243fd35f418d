import { Link } from "react-router";
import { orErrorPage } from "../../server/route-helpers/app-errors";
import { contactNoteAnswer, contactVia } from "../../server/route-helpers/contact-note";
import { showNumberAction, showNumberHeaders } from "../../server/route-helpers/phone-reveal";
import { ContactNotePage } from "../features/listings/contact-note-page";
import { metaI18n, useI18n } from "../features/i18n/i18n";
import type { Route } from "./+types/seller.$id.contact";

/**
 * The safety note before calling a seller from their page, for a browser without JavaScript
 * (decision 057): the note, the number and the real link; once seen this session, straight on.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  contactVia(request);
  // The seller's page's own rule: nobody who has not listed, no banned seller.
  const { seller } = await orErrorPage(() => context.services.search.getSellerPage({ id: params.id, page: 1 }));
  return contactNoteAnswer(request, context, { id: seller.id, name: seller.name, phone: seller.phone });
}

/** "Show number" past the address's threshold, from this page (decision 046). */
export async function action({ request, params, context }: Route.ActionArgs) {
  contactVia(request);
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
    { title: t("meta.page", { page: data ? t("contactNote.pageTitle", { name: data.name }) : t("meta.notFound") }) },
    { name: "robots", content: "noindex" },
  ];
};

export default function SellerContactNote({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const shown = actionData && "revealedPhone" in actionData ? actionData : undefined;
  const page = `/seller/${loaderData.id}`;
  return (
    <ContactNotePage
      name={loaderData.name}
      phone={shown?.revealedPhone ?? loaderData.phone}
      via={loaderData.via}
      action={page}
      refusedForMinutes={shown?.refusedForMinutes}
    >
      <Link to={page} className="underline underline-offset-4">
        {t("contactNote.backToSeller")}
      </Link>
    </ContactNotePage>
  );
}
