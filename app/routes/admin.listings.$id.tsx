import { Form, Link, redirect, useLocation } from "react-router";
import { z } from "zod";
import { formatShortDate, isoDate } from "../../core/shared/dates";
import { MAX_MODERATION_TEXT } from "../../core/moderation/moderation";
import { isAdmin } from "../../core/accounts/roles";
import { listingModerationSchema } from "../../core/moderation/moderation-forms";
import { searchParamsToObject } from "../../core/shared/form-fields";
import { formErrorResponse, inPageLanguage, orErrorPage } from "../../server/route-helpers/app-errors";
import { parseForm, postOnly } from "../../server/route-helpers/forms";
import { moderationValues, staffOnly } from "../../server/route-helpers/staff-only";
import { AdminNav } from "../features/moderation/admin-nav";
import { Alert } from "../components/ui/alert";
import { AuditList } from "../features/moderation/audit-list";
import { BanForm } from "../features/moderation/ban-form";
import { NoteForm } from "../features/moderation/note-form";
import { SubmitButton } from "../components/ui/submit-button";
import type { Route } from "./+types/admin.listings.$id";
import { metaI18n, useI18n } from "../features/i18n/i18n";
import { FULL_STOP } from "../../core/i18n/full-stop";

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: data ? t("caseFile.title", { name: data.listing.name }) : t("meta.page", { page: t("meta.notFound") }) }];
};
const doneQuerySchema = z.object({
  done: z.preprocess(
    (v) => (v === "hide" || v === "restore" || v === "dismiss" ? v : undefined),
    z.enum(["hide", "restore", "dismiss"]).optional(),
  ),
});

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await staffOnly(context);
  const found = await orErrorPage(() => context.services.moderation.listingCase({ actor: user, listingId: params.id }));
  const { done } = doneQuerySchema.parse(searchParamsToObject(new URL(request.url).searchParams));
  // A reason the system wrote reads in the page's language (the form below keeps the stored words).
  const shownReason = found.listing.hiddenReason ? inPageLanguage(found.listing.hiddenReason) : "";
  return { ...found, shownReason, done, admin: isAdmin(user.role) };
}

/** Hide (with a reason the seller sees), restore, or dismiss the reports: each written to the audit log. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await staffOnly(context);
  postOnly(request);
  const form = await parseForm(request, listingModerationSchema, moderationValues);
  if (!form.ok) return form.response;
  const { moderation } = context.services;
  const listingId = params.id;
  const input = form.data;
  try {
    if (input.intent === "hide") await moderation.hideListing({ actor: user, listingId, reason: input.reason });
    else if (input.intent === "restore") await moderation.restoreListing({ actor: user, listingId, note: input.note });
    else await moderation.dismissReports({ actor: user, listingId, note: input.note });
    return redirect(`/admin/listings/${encodeURIComponent(listingId.toLowerCase())}?done=${input.intent}`);
  } catch (error) {
    return formErrorResponse(error, form.values);
  }
}

export default function ModerateListing({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, seller, reports, history, done, admin, shownReason } = loaderData;
  const errors = actionData?.errors ?? {};
  const hidden = listing.hiddenAt !== null;
  const openReports = reports.filter((report) => report.resolvedAt === null).length;
  const { lang, t } = useI18n();
  const location = useLocation();
  return (
    <div className="page max-w-4xl py-6">
      <h1 className="mb-3 text-2xl font-bold">{t("admin.title")}</h1>
      <AdminNav admin={admin} />
      {done ? <Alert tone="success">{t(`caseFile.done.${done}`)}</Alert> : null}
      {errors.form || errors.intent || errors.note ? <Alert>{errors.form ?? errors.intent ?? errors.note}</Alert> : null}
      <section aria-labelledby="listing-heading" className="mt-3 rounded-xl border border-stone-200 bg-white p-4">
        <h2 id="listing-heading" className="text-xl font-bold [overflow-wrap:anywhere]">
          {listing.name}
        </h2>
        <p className="mt-1 text-stone-700">
          {hidden ? (
            <span className="font-semibold text-red-900">{t("caseFile.hiddenBecause", { reason: shownReason })}</span>
          ) : (
            <span>{t(listing.status === "sold" ? "caseFile.visibleSold" : "caseFile.visibleForSale")}</span>
          )}
        </p>
        {listing.reviewRequestedAt !== null ? (
          <p className="mt-1 font-semibold text-amber-900">
            {t("caseFile.reviewAskedOn")}{" "}
            <time dateTime={isoDate(listing.reviewRequestedAt)}>{formatShortDate(listing.reviewRequestedAt, lang)}</time>
            {FULL_STOP[lang]}
          </p>
        ) : null}
        <p className="mt-2">
          <Link to={`/view/${listing.id}`} className="underline underline-offset-4">
            {t("caseFile.openPage")}
          </Link>
        </p>
      </section>

      <section aria-labelledby="reports-heading" className="mt-6">
        <h2 id="reports-heading" className="section-title mb-2">
          {t("caseFile.reports", { count: reports.length })}
        </h2>
        {reports.length ? (
          <ul className="space-y-2">
            {reports.map((report) => (
              <li key={report.id} className="rounded-lg border border-stone-200 bg-white p-3">
                <p className="font-semibold">{t(`report.reason.${report.reason}`)}</p>
                {report.details ? <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere]">{report.details}</p> : null}
                <p className="mt-1 text-sm text-stone-600">
                  <time dateTime={isoDate(report.createdAt)}>{formatShortDate(report.createdAt, lang)}</time> ·{" "}
                  {t(report.signedIn ? "caseFile.signedIn" : "caseFile.visitor")} ·{" "}
                  {t(
                    report.resolution === null
                      ? "caseFile.open"
                      : report.resolution === "dismissed"
                        ? "caseFile.dismissed"
                        : "caseFile.actedOn",
                  )}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-stone-700">{t("caseFile.noReports")}</p>
        )}
      </section>

      <section aria-labelledby="actions-heading" className="mt-4 grid gap-4 md:grid-cols-2">
        <h2 id="actions-heading" className="sr-only">
          {t("caseFile.whatToDo")}
        </h2>
        {/* Drawn afresh after each send, so a refused one focuses its message (autoFocus acts only as it is drawn). */}
        <Form key={location.key} method="post" noValidate className="rounded-xl border border-stone-200 bg-white p-4">
          <input type="hidden" name="intent" value="hide" />
          <label htmlFor="hide-reason" className="label">
            {t(hidden ? "caseFile.changeReason" : "caseFile.hideReason")}
          </label>
          <textarea
            id="hide-reason"
            name="reason"
            rows={3}
            required
            maxLength={MAX_MODERATION_TEXT}
            defaultValue={actionData?.values?.intent === "hide" ? actionData.values.reason : hidden ? (listing.hiddenReason ?? "") : ""}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? "hide-reason-error" : undefined}
            className="input"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- only back from a refused send, onto its message
            autoFocus={Boolean(errors.reason)}
          />
          {errors.reason ? (
            <p id="hide-reason-error" className="field-error">
              {errors.reason}
            </p>
          ) : null}
          <div className="mt-3">
            <SubmitButton
              action={`/admin/listings/${listing.id}`}
              intent="hide"
              pendingText={t("admin.saving")}
              className="btn-primary bg-red-700 hover:bg-red-800"
            >
              {t(hidden ? "caseFile.saveReason" : "caseFile.hide")}
            </SubmitButton>
          </div>
        </Form>
        <div className="space-y-4">
          {hidden ? (
            <NoteForm {...noteFormAt(listing.id)} intent="restore" button={t("caseFile.restore")} label={t("caseFile.restoreNote")} />
          ) : null}
          {openReports ? (
            <NoteForm
              {...noteFormAt(listing.id)}
              intent="dismiss"
              button={t(openReports === 1 ? "caseFile.dismissOne" : "caseFile.dismissMany", { count: openReports })}
              label={t("caseFile.dismissNote")}
            />
          ) : null}
        </div>
      </section>

      <section aria-labelledby="seller-heading" className="mt-6 rounded-xl border border-stone-200 bg-white p-4">
        <h2 id="seller-heading" className="section-title">
          {t("caseFile.seller")}
        </h2>
        {seller ? (
          <>
            <p className="mt-1 [overflow-wrap:anywhere]">
              <Link to={`/admin/people?id=${encodeURIComponent(seller.id)}`} className="underline underline-offset-4">
                {seller.name}
              </Link>{" "}
              ({seller.email}){seller.banned ? t("caseFile.banned") : ""}
            </p>
            {!seller.banned && seller.role === "person" ? <BanForm personId={seller.id} name={seller.name} /> : null}
          </>
        ) : (
          <p className="mt-1 text-stone-700">{t("caseFile.sellerDeleted")}</p>
        )}
      </section>

      <section aria-labelledby="history-heading" className="mt-6">
        <h2 id="history-heading" className="section-title mb-2">
          {t("caseFile.history")}
        </h2>
        <AuditList entries={history} />
      </section>
    </div>
  );
}

/** Where this page's note forms post, and how they look here. */
const noteFormAt = (listingId: string) => ({
  action: `/admin/listings/${listingId}`,
  className: "rounded-xl border border-stone-200 bg-white p-4",
});
