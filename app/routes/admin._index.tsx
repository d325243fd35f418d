import { Form, Link } from "react-router";
import { formatShortDate, isoDate } from "../../core/shared/dates";
import { REPORT_REASONS, type ReportReason } from "../../core/moderation/moderation";
import { isAdmin } from "../../core/accounts/roles";
import { moderationQueueQuerySchema } from "../../core/moderation/moderation-forms";
import { searchParamsToObject } from "../../core/shared/form-fields";
import { orErrorPage } from "../../server/route-helpers/app-errors";
import { noFormsForStaff, staffOnly } from "../../server/route-helpers/staff-only";
import { AdminNav } from "../features/moderation/admin-nav";
import { Alert } from "../components/ui/alert";
import { Pagination } from "../components/ui/pagination";
import type { Route } from "./+types/admin._index";
import { metaI18n, useI18n, type I18n } from "../features/i18n/i18n";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaI18n(matches).t("admin.metaQueue") }];

const VIEWS = ["open", "review", "hidden"] as const;

/** The report queue: listings grouped, most-reported and oldest first (decision 014). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await staffOnly(context);
  const query = moderationQueueQuerySchema.parse(searchParamsToObject(new URL(request.url).searchParams));
  const queue = await orErrorPage(() =>
    context.services.moderation.queue({ actor: user, view: query.view, reason: query.reason, page: query.page }),
  );
  return { ...queue, view: query.view, reason: query.reason ?? "", admin: isAdmin(user.role) };
}

function reasonsText(reasons: Partial<Record<ReportReason, number>>, { t }: I18n): string {
  return REPORT_REASONS.filter((reason) => reasons[reason])
    .map((reason) => t("admin.reasonCount", { reason: t(`report.reason.${reason}`), count: reasons[reason] ?? 0 }))
    .join(", ");
}

/** No forms here; to anyone but staff this address does not exist, whatever the method. */
export const action = ({ context }: Route.ActionArgs) => noFormsForStaff(context);

export default function Queue({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, pageCount, view, reason, admin } = loaderData;
  const search = new URLSearchParams({ view, ...(reason ? { reason } : {}) });
  const i18n = useI18n();
  const { lang, t } = i18n;
  return (
    <div className="page max-w-4xl py-6">
      <h1 className="mb-3 text-2xl font-bold">{t("admin.title")}</h1>
      <AdminNav admin={admin} />
      <nav aria-label={t("admin.which")} className="mb-3 flex flex-wrap gap-2">
        {VIEWS.map((item) => (
          <Link
            key={item}
            to={`/admin?view=${item}`}
            aria-current={item === view ? "page" : undefined}
            className={`rounded-full border px-3 py-1.5 text-sm font-semibold ${item === view ? "border-brand-700 bg-brand-50 text-brand-800" : "border-stone-300 bg-white"}`}
          >
            {t(`admin.views.${item}`)}
          </Link>
        ))}
      </nav>
      {view === "open" ? (
        <Form method="get" action="/admin" className="mb-4 flex flex-wrap items-end gap-2">
          <input type="hidden" name="view" value="open" />
          <div>
            <label htmlFor="reason" className="label">
              {t("admin.reason")}
            </label>
            <select id="reason" name="reason" defaultValue={reason} className="input">
              <option value="">{t("admin.everyReason")}</option>
              {REPORT_REASONS.map((r) => (
                <option key={r} value={r}>
                  {t(`report.reason.${r}`)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary">
            {t("admin.show")}
          </button>
        </Form>
      ) : null}
      <p className="mb-3 text-stone-700">
        {t(total === 1 ? "admin.countOne" : "admin.countMany", { count: total })}
        {t(`admin.order.${view}`)}
      </p>
      {entries.length ? (
        <ul aria-label={t("admin.toLookAt")} className="space-y-3">
          {entries.map((entry) => (
            <li key={entry.id} className="rounded-xl border border-stone-200 bg-white p-3 shadow-sm">
              <h2 className="font-semibold [overflow-wrap:anywhere]">
                {entry.deleted ? (
                  <span>{t("admin.deletedBySeller")}</span>
                ) : (
                  <Link to={`/admin/listings/${entry.id}`} className="underline-offset-4 hover:underline">
                    {entry.name}
                  </Link>
                )}
              </h2>
              <p className="text-sm text-stone-700 [overflow-wrap:anywhere]">
                {t("admin.seller")}{" "}
                {entry.sellerName && entry.sellerId ? (
                  <Link to={`/admin/people?id=${encodeURIComponent(entry.sellerId)}`} className="underline underline-offset-4">
                    {entry.sellerName}
                  </Link>
                ) : (
                  t("admin.accountDeleted")
                )}
              </p>
              <p className="mt-1 flex flex-wrap gap-2 text-sm">
                {entry.hiddenAt !== null ? (
                  <span className="rounded bg-red-100 px-2 py-0.5 font-semibold text-red-900">{t("admin.hidden")}</span>
                ) : null}
                {entry.reviewRequestedAt !== null ? (
                  <span className="rounded bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">{t("admin.reviewAsked")}</span>
                ) : null}
                {entry.openReports ? (
                  <span>
                    {t(entry.reporters === 1 ? "admin.reportedByOne" : "admin.reportedByMany", {
                      count: entry.reporters,
                      reasons: reasonsText(entry.reasons, i18n),
                    })}
                  </span>
                ) : null}
              </p>
              <p className="mt-1 text-sm text-stone-600">
                {t("admin.since")} <time dateTime={isoDate(entry.since)}>{formatShortDate(entry.since, lang)}</time>
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <Alert tone="info">{t("admin.nothing")}</Alert>
      )}
      <Pagination page={page} pageCount={pageCount} search={search} />
    </div>
  );
}
