import { Form, redirect } from "react-router";
import { requestLanguage } from "../../core/i18n/languages";
import { loginPath } from "../../core/shared/redirects";
import { SAVED_SEARCH_FIELDS, savedQueryOf } from "../../core/alerts/saved-search";
import { browseQuerySchema } from "../../core/search/search-query";
import { searchParamsToObject } from "../../core/shared/form-fields";
import { describeInLanguage } from "../../core/alerts/describe";
import { formErrorResponse } from "../../server/route-helpers/app-errors";
import { postOnly, readForm } from "../../server/route-helpers/forms";
import { Alert } from "../components/ui/alert";
import { EmailWaits } from "../features/accounts/email-waits";
import { metaI18n, useI18n } from "../features/i18n/i18n";
import type { Route } from "./+types/my.alerts.new";

/**
 * "Tell me when new listings match" (decision 022). /viewmore's button posts the search here; a
 * signed-out person is sent to log in and comes back to this page, which asks once more (a
 * sign-in never saves anything by itself). Works without JavaScript.
 */
export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: t("meta.page", { page: t("alerts.newTitle") }) }];
};

/** The search's fields, as /viewmore reads them (the same schema, so the same search). */
function searchOf(fields: Record<string, unknown>) {
  const picked: Record<string, string> = {};
  for (const name of SAVED_SEARCH_FIELDS) if (typeof fields[name] === "string" && fields[name]) picked[name] = fields[name];
  const query = browseQuerySchema.parse(picked);
  const grade = typeof picked.grade === "string" ? picked.grade.slice(0, 40) : undefined;
  return { query: savedQueryOf({ ...query, ...(grade ? { grade } : {}) }), params: new URLSearchParams(picked).toString() };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = await context.currentUser();
  if (!user) throw redirect(loginPath(url.pathname + url.search));
  const { query } = searchOf(searchParamsToObject(url.searchParams));
  return {
    fields: Object.fromEntries(SAVED_SEARCH_FIELDS.map((name) => [name, url.searchParams.get(name) ?? ""])),
    description: describeInLanguage(query, requestLanguage(request)),
    // Alert email waits for the address to be confirmed (decision 045).
    emailUnconfirmed: context.services.alerts.mailEnabled && !user.emailVerified ? user.email : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  postOnly(request);
  let form: Record<string, FormDataEntryValue>;
  try {
    form = await readForm(request);
  } catch (error) {
    return formErrorResponse(error, {});
  }
  const { query, params } = searchOf(form);
  const user = await context.currentUser();
  if (!user) throw redirect(loginPath(`/my/alerts/new${params ? `?${params}` : ""}`));
  try {
    await context.services.alerts.saveSearch({ actor: user, query, language: requestLanguage(request) });
  } catch (error) {
    return formErrorResponse(error, {});
  }
  return redirect("/my/alerts?done=saved");
}

export default function NewAlert({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const error = actionData ? Object.values(actionData.errors)[0] : undefined;
  return (
    <div className="page max-w-xl py-6">
      <h1 className="mb-3 text-2xl font-bold">{t("alerts.newTitle")}</h1>
      {error ? <Alert>{error}</Alert> : null}
      <p className="mt-3">{t("alerts.newText")}</p>
      <p className="my-3 rounded-lg border border-stone-200 bg-white p-3 font-semibold [overflow-wrap:anywhere]">
        {loaderData.description}
      </p>
      <Form method="post" action="/my/alerts/new">
        {Object.entries(loaderData.fields).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        <button type="submit" className="btn-primary">
          {t("alerts.save")}
        </button>
      </Form>
      {loaderData.emailUnconfirmed ? <EmailWaits email={loaderData.emailUnconfirmed} className="mt-4" /> : null}
    </div>
  );
}
