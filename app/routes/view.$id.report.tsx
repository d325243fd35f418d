import { Link, redirect, useLocation } from "react-router";
import { reportFormSchema } from "../../core/moderation/moderation-forms";
import { formErrorResponse, orErrorPage } from "../../server/route-helpers/app-errors";
import { parseForm, postOnly } from "../../server/route-helpers/forms";
import { Alert } from "../components/ui/alert";
import { ReportForm } from "../features/moderation/report-listing";
import type { Route } from "./+types/view.$id.report";
import { metaI18n, useI18n } from "../features/i18n/i18n";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const { t } = metaI18n(matches);
  return [
    {
      title: t("meta.page", {
        page: !data ? t("meta.notFound") : data.sent ? t("reportPage.sentTitle") : t("reportPage.title", { name: data.name }),
      }),
    },
  ];
};

/**
 * The report form on a page of its own: where a refused send comes back to, with its message.
 * `?sent=1`: the thanks, for a report that hid the listing (its own page is gone for buyers).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (new URL(request.url).searchParams.get("sent") === "1") return { sent: true as const };
  const listing = await orErrorPage(() => context.services.listings.getListing(params.id));
  return { sent: false as const, id: listing.id, name: listing.name };
}

/**
 * A report from anyone, signed in or not (signed out, it counts against the address). The
 * answer is the same thanks whether or not this person had reported it before.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  postOnly(request);
  const form = await parseForm(request, reportFormSchema, (text) => ({
    reason: text("reason").slice(0, 20),
    details: text("details").slice(0, 600),
  }));
  if (!form.ok) return form.response;
  const user = await context.currentUser();
  const id = encodeURIComponent(params.id.toLowerCase());
  try {
    const { stillShown } = await context.services.moderation.report({
      listingId: params.id,
      reporter: user ? { userId: user.id } : { address: context.clientAddress },
      reason: form.data.reason,
      details: form.data.details,
    });
    return redirect(stillShown ? `/view/${id}?reported=1` : `/view/${id}/report?sent=1`);
  } catch (error) {
    return formErrorResponse(error, form.values);
  }
}

export default function ReportListing({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const location = useLocation();
  if (loaderData.sent) {
    return (
      <div className="page max-w-xl py-6">
        <h1 className="mb-4 text-2xl font-bold">{t("reportPage.sentTitle")}</h1>
        <Alert tone="success">{t("reportPage.reported")}</Alert>
        <p className="mt-6">
          <Link to="/" className="btn-secondary">
            {t("reportPage.backToMarket")}
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="page max-w-xl py-6">
      <h1 className="text-2xl font-bold [overflow-wrap:anywhere]">{t("reportPage.title", { name: loaderData.name })}</h1>
      <p className="mt-1 mb-4 text-stone-700">{t("reportPage.intro")}</p>
      {/* Drawn afresh after each send, so a refused one focuses its message (autoFocus acts only as it is drawn). */}
      <ReportForm key={location.key} listingId={loaderData.id} state={actionData} />
      <p className="mt-6">
        <Link to={`/view/${loaderData.id}`} className="underline underline-offset-4">
          {t("reportPage.backToListing")}
        </Link>
      </p>
    </div>
  );
}
