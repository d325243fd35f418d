import { Form, Link } from "react-router";
import { formatShortDate, isoDate } from "../../../core/dates";
import { isAdmin, REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason } from "../../../core/moderation";
import { moderationQueueQuerySchema, searchParamsToObject } from "../../../core/schemas";
import { orErrorPage } from "../../../server/route-helpers/app-errors";
import { noFormsForStaff, staffOnly } from "../../../server/route-helpers/staff-only";
import { AdminNav } from "../../components/admin-nav";
import { Alert } from "../../components/alert";
import { Pagination } from "../../components/pagination";
import type { Route } from "./+types/queue";

export const meta: Route.MetaFunction = () => [{ title: "Reports — Mandi back office" }];

const VIEWS = [
  { view: "open", label: "Open reports" },
  { view: "review", label: "Review asked for" },
  { view: "hidden", label: "Hidden" },
] as const;

/** The report queue: listings grouped, most-reported and oldest first (decision 014). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await staffOnly(context);
  const query = moderationQueueQuerySchema.parse(searchParamsToObject(new URL(request.url).searchParams));
  const queue = await orErrorPage(() => context.services.moderation.queue({ actor: user, view: query.view, reason: query.reason, page: query.page }));
  return { ...queue, view: query.view, reason: query.reason ?? "", admin: isAdmin(user.role) };
}

function reasonsText(reasons: Partial<Record<ReportReason, number>>): string {
  return REPORT_REASONS.filter((reason) => reasons[reason])
    .map((reason) => `${REPORT_REASON_LABELS[reason]} × ${reasons[reason]}`)
    .join(", ");
}

/** No forms here; to anyone but staff this address does not exist, whatever the method. */
export const action = ({ context }: Route.ActionArgs) => noFormsForStaff(context);

export default function Queue({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, pageCount, view, reason, admin } = loaderData;
  const search = new URLSearchParams({ view, ...(reason ? { reason } : {}) });
  return (
    <div className="page max-w-4xl py-6">
      <h1 className="mb-3 text-2xl font-bold">Back office</h1>
      <AdminNav admin={admin} />
      <nav aria-label="Which listings" className="mb-3 flex flex-wrap gap-2">
        {VIEWS.map((item) => (
          <Link
            key={item.view}
            to={`/admin?view=${item.view}`}
            aria-current={item.view === view ? "page" : undefined}
            className={`rounded-full border px-3 py-1.5 text-sm font-semibold ${item.view === view ? "border-brand-700 bg-brand-50 text-brand-800" : "border-stone-300 bg-white"}`}
          >
            {item.label}
          </Link>
        ))}
      </nav>
      {view === "open" ? (
        <Form method="get" action="/admin" className="mb-4 flex flex-wrap items-end gap-2">
          <input type="hidden" name="view" value="open" />
          <div>
            <label htmlFor="reason" className="label">
              Reason
            </label>
            <select id="reason" name="reason" defaultValue={reason} className="input">
              <option value="">Every reason</option>
              {REPORT_REASONS.map((r) => (
                <option key={r} value={r}>
                  {REPORT_REASON_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-secondary">
            Show
          </button>
        </Form>
      ) : null}
      <p className="mb-3 text-stone-700">
        {total} {total === 1 ? "listing" : "listings"}
        {view === "open" ? ": most reported first, then the oldest." : view === "review" ? ": the oldest request first." : ": the longest hidden first."}
      </p>
      {entries.length ? (
        <ul aria-label="Listings to look at" className="space-y-3">
          {entries.map((entry) => (
            <li key={entry.id} className="rounded-xl border border-stone-200 bg-white p-3 shadow-sm">
              <h2 className="font-semibold [overflow-wrap:anywhere]">
                {entry.deleted ? (
                  <span>Deleted by the seller</span>
                ) : (
                  <Link to={`/admin/listings/${entry.id}`} className="underline-offset-4 hover:underline">
                    {entry.name}
                  </Link>
                )}
              </h2>
              <p className="text-sm text-stone-700 [overflow-wrap:anywhere]">
                Seller:{" "}
                {entry.sellerName && entry.sellerId ? (
                  <Link to={`/admin/people?id=${encodeURIComponent(entry.sellerId)}`} className="underline underline-offset-4">
                    {entry.sellerName}
                  </Link>
                ) : (
                  "account deleted"
                )}
              </p>
              <p className="mt-1 flex flex-wrap gap-2 text-sm">
                {entry.hiddenAt !== null ? <span className="rounded bg-red-100 px-2 py-0.5 font-semibold text-red-900">Hidden</span> : null}
                {entry.reviewRequestedAt !== null ? <span className="rounded bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">Review asked for</span> : null}
                {entry.openReports ? (
                  <span>
                    {entry.reporters} {entry.reporters === 1 ? "person" : "people"} reported: {reasonsText(entry.reasons)}
                  </span>
                ) : null}
              </p>
              <p className="mt-1 text-sm text-stone-600">
                Since <time dateTime={isoDate(entry.since)}>{formatShortDate(entry.since)}</time>
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <Alert tone="info">Nothing to look at here. Well done.</Alert>
      )}
      <Pagination page={page} pageCount={pageCount} search={search} />
    </div>
  );
}
