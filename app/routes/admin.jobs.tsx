import { Form, redirect } from "react-router";
import { z } from "zod";
import { formatShortDate, indiaTimeOfDay } from "../../core/shared/dates";
import { retryJobSchema } from "../../core/moderation/moderation-forms";
import { searchParamsToObject } from "../../core/shared/form-fields";
import { formErrorResponse, orErrorPage } from "../../server/route-helpers/app-errors";
import { parseForm, postOnly } from "../../server/route-helpers/forms";
import { staffOnly } from "../../server/route-helpers/staff-only";
import { AdminNav } from "../features/moderation/admin-nav";
import { Alert } from "../components/ui/alert";
import { SubmitButton } from "../components/ui/submit-button";
import type { Route } from "./+types/admin.jobs";
import { metaI18n, useI18n } from "../features/i18n/i18n";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaI18n(matches).t("failedJobs.title") }];

const doneSchema = z.object({ done: z.preprocess((v) => (v === "retry" ? v : undefined), z.literal("retry").optional()) });

/** Jobs that failed every attempt (decision 028); admins only, like the audit log. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await staffOnly(context, { admin: true });
  const { done } = doneSchema.parse(searchParamsToObject(new URL(request.url).searchParams));
  const { jobs, driver } = await orErrorPage(() => context.services.failedJobs.list({ actor: user }));
  return { jobs, driver, done };
}

/** Retry: queue a failed job again, with every attempt again. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await staffOnly(context, { admin: true });
  postOnly(request);
  const form = await parseForm(request, retryJobSchema, (text) => ({ id: text("id").slice(0, 200) }));
  if (!form.ok) return form.response;
  try {
    await context.services.failedJobs.retry({ actor: user, id: form.data.id });
  } catch (error) {
    return formErrorResponse(error, form.values);
  }
  return redirect("/admin/jobs?done=retry");
}

/** "14:05", India Standard Time. */

export default function FailedJobs({ loaderData, actionData }: Route.ComponentProps) {
  const { jobs, driver, done } = loaderData;
  const { lang, t } = useI18n();
  const formError = actionData?.errors ? Object.values(actionData.errors)[0] : undefined;
  return (
    <div className="page max-w-4xl py-6">
      <h1 className="mb-3 text-2xl font-bold">{t("admin.title")}</h1>
      <AdminNav admin />
      <h2 className="section-title mb-2">{t("failedJobs.nav")}</h2>
      {done ? <Alert tone="success">{t("failedJobs.retried")}</Alert> : null}
      {formError ? <Alert>{formError}</Alert> : null}
      <p className="mb-1 text-stone-700">{t("failedJobs.intro")}</p>
      <p className="mb-3 text-sm text-stone-600">{t("failedJobs.driver", { driver })}</p>
      {jobs.length === 0 ? (
        <p className="text-stone-700">{t("failedJobs.none")}</p>
      ) : (
        <ol className="space-y-2">
          {jobs.map((job) => (
            <li key={job.id} className="rounded-lg border border-stone-200 bg-white p-3 [overflow-wrap:anywhere]">
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="font-semibold">{t("failedJobs.kind")}</dt>
                <dd>{job.kind}</dd>
                <dt className="font-semibold">{t("failedJobs.key")}</dt>
                <dd>
                  <code>{job.key}</code>
                </dd>
                <dt className="font-semibold">{t("failedJobs.attempts")}</dt>
                <dd>{job.attempts}</dd>
                <dt className="font-semibold">{t("failedJobs.lastError")}</dt>
                <dd>{job.lastError ?? t("failedJobs.noError")}</dd>
                <dt className="font-semibold">{t("failedJobs.failedAt")}</dt>
                <dd>
                  {job.failedAt === null ? (
                    "—"
                  ) : (
                    <time dateTime={new Date(job.failedAt).toISOString()}>
                      {formatShortDate(job.failedAt, lang)} {indiaTimeOfDay(job.failedAt)} {t("admin.ist")}
                    </time>
                  )}
                </dd>
              </dl>
              <Form method="post" action="/admin/jobs" className="mt-2">
                <input type="hidden" name="intent" value="retry" />
                <input type="hidden" name="id" value={job.id} />
                <SubmitButton action="/admin/jobs" pendingText={t("failedJobs.retrying")} className="btn-secondary">
                  <span aria-hidden="true">{t("failedJobs.retry")}</span>
                  <span className="sr-only">{t("failedJobs.retryLabel", { key: job.key })}</span>
                </SubmitButton>
              </Form>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
