/**
 * /my/saved: the listings the signed-in person saved, newest first, each saying what became of it
 * (sold, expired, no longer available), with a button to remove it. Its action takes every heart's
 * form (issue 24, decision 023): save or remove, then back to the page the heart was pressed on;
 * someone signed out is asked to log in and brought back to that page.
 */
import { Link, redirect } from "react-router";
import { z } from "zod";
import { isAppError } from "../../core/shared/app-error";
import { formatShortDate, isoDate } from "../../core/shared/dates";
import { imageUrl } from "../../core/uploads/images";
import { withPlaceLabels } from "../../core/locations";
import { requestLanguage } from "../../core/i18n/languages";
import { loginPath, safeRedirectPath } from "../../core/shared/redirects";
import { pageNumber, searchParamsToObject } from "../../core/shared/form-fields";
import { orErrorPage } from "../../server/route-helpers/app-errors";
import { parseForm, postOnly } from "../../server/route-helpers/forms";
import { backPath } from "../../server/route-helpers/saved-hearts";
import { Alert } from "../components/ui/alert";
import { Pagination } from "../components/ui/pagination";
import { priceText } from "../components/ui/price";
import type { Route } from "./+types/my.saved";
import { metaI18n, useI18n } from "../features/i18n/i18n";

const PATH = "/my/saved";
const ID = /^[0-9a-f-]{36}$/i;

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: t("meta.page", { page: t("saved.title") }) }, { name: "robots", content: "noindex" }];
};

const pageQuerySchema = z.object({
  page: pageNumber,
  full: z.preprocess((v) => v === "1", z.boolean()),
});

const heartSchema = z.object({
  id: z.string().regex(ID, "We could not find that listing. It may have been removed."),
  intent: z.enum(["save", "remove"], "Please choose save or remove."),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await context.currentUser();
  const url = new URL(request.url);
  if (!user) throw redirect(loginPath(url.pathname + url.search));
  const query = pageQuerySchema.parse(searchParamsToObject(url.searchParams));
  const saved = await orErrorPage(() => context.services.savedListings.listSaved({ actor: user, page: query.page }));
  const lang = requestLanguage(request);
  return {
    ...saved,
    items: saved.items.map((item) => ({ ...item, listing: item.listing && withPlaceLabels([item.listing], lang)[0]! })),
    full: query.full,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  postOnly(request);
  const form = await parseForm(request, heartSchema, () => ({}));
  if (!form.ok) return form.response;
  const { id, intent } = form.data;
  const back = safeRedirectPath(backPath(request, `/view/${id.toLowerCase()}`), `/view/${id.toLowerCase()}`);
  const user = await context.currentUser();
  if (!user) throw redirect(loginPath(back), 303);
  const { savedListings } = context.services;
  try {
    if (intent === "save") await savedListings.saveListing({ actor: user, listingId: id });
    else await savedListings.unsaveListing({ actor: user, listingId: id });
  } catch (error) {
    if (isAppError(error) && error.code === "BAD_INPUT") throw redirect(`${PATH}?full=1`, 303);
    await orErrorPage(() => Promise.reject(error));
  }
  throw redirect(back, 303);
}

const STATUS_CLASSES = {
  sold: "bg-stone-200 text-stone-900",
  expired: "bg-amber-100 text-amber-950",
  unavailable: "bg-red-100 text-red-900",
} as const;

export default function MySaved({ loaderData, actionData }: Route.ComponentProps) {
  const { items, page, pageCount, total, full } = loaderData;
  // A refused heart (its fields are hidden, so its first message says it all).
  const refused = actionData ? Object.values(actionData.errors)[0] : undefined;
  const i18n = useI18n();
  const { lang, t } = i18n;
  return (
    <div className="page max-w-3xl py-6">
      <h1 className="text-2xl font-bold">{t("saved.title")}</h1>
      <p className="mt-1 mb-4 text-stone-700">{t("saved.intro")}</p>
      {full ? <Alert>{t("saved.full")}</Alert> : null}
      {refused ? <Alert>{refused}</Alert> : null}
      {total === 0 ? (
        <div className="rounded-xl border border-dashed border-stone-300 bg-white p-6 text-center">
          <p>{t("saved.empty")}</p>
          <Link to="/viewmore" className="btn-primary mt-4">
            {t("saved.browse")}
          </Link>
        </div>
      ) : (
        <ul aria-label={t("saved.title")} className="space-y-3">
          {items.map((item) => (
            <li key={item.listingId} className="rounded-xl border border-stone-200 bg-white p-3 shadow-sm">
              <div className="flex gap-3">
                {item.listing ? (
                  <img
                    src={imageUrl(item.listing.imageKey, 320)}
                    alt=""
                    width={96}
                    height={72}
                    className="h-18 w-24 shrink-0 rounded object-cover"
                  />
                ) : null}
                <div className="min-w-0 flex-1">
                  <h2 className="font-semibold [overflow-wrap:anywhere]">
                    {item.listing ? (
                      <Link to={`/view/${item.listingId}`} className="hover:underline">
                        {item.name}
                      </Link>
                    ) : (
                      item.name
                    )}
                  </h2>
                  {item.listing ? (
                    <p className={item.status === "active" ? "text-brand-800" : "text-stone-600 line-through"}>
                      {priceText(item.listing, i18n)}
                    </p>
                  ) : null}
                  {item.listing?.where ? <p className="text-sm text-stone-700 [overflow-wrap:anywhere]">{item.listing.where}</p> : null}
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-stone-700">
                    {item.status === "active" ? null : (
                      <span className={`rounded px-2 py-0.5 font-semibold ${STATUS_CLASSES[item.status]}`}>
                        {t(`saved.${item.status}`)}
                      </span>
                    )}
                    <span>
                      {t("saved.savedOn")} <time dateTime={isoDate(item.savedAt)}>{formatShortDate(item.savedAt, lang)}</time>
                    </span>
                  </p>
                </div>
              </div>
              <form method="post" action={PATH} className="mt-2">
                <input type="hidden" name="id" value={item.listingId} />
                <input type="hidden" name="intent" value="remove" />
                <button type="submit" className="btn-secondary" aria-label={t("saved.removeNamed", { name: item.name })}>
                  {t("saved.remove")}
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} search={new URLSearchParams()} />
    </div>
  );
}
