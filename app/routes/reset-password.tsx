import { Form, Link, redirect } from "react-router";
import { resetLinkQuerySchema, resetPasswordSchema } from "../../core/accounts/account-forms";
import { MIN_PASSWORD_LENGTH } from "../../core/shared/constants";
import { parseWith } from "../../core/shared/form-fields";
import { formErrorResponse, inPageLanguage } from "../../server/route-helpers/app-errors";
import { parseForm } from "../../server/route-helpers/forms";
import { Alert } from "../components/ui/alert";
import { SubmitButton } from "../components/ui/submit-button";
import { TextField } from "../components/ui/text-field";
import { AuthCard } from "../features/accounts/auth-card";
import { metaI18n, useI18n } from "../features/i18n/i18n";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: t("meta.page", { page: t("passwordReset.resetTitle") }) }];
};

/**
 * Where a reset mail's link lands (decision 052): the token read from the address, and a form
 * for the new password. Opening the link changes nothing (a mail scanner that opens every link
 * spends no token); only the form's POST uses it, once.
 */
export function loader({ request }: Route.LoaderArgs) {
  const query = parseWith(resetLinkQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
  if (!query.ok) return { token: null, invalid: inPageLanguage(query.errors.token ?? Object.values(query.errors)[0] ?? "") };
  return { token: query.data.token, invalid: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  // The token goes back to the form when the password is refused; the password never does.
  const form = await parseForm(request, resetPasswordSchema, (text) => ({ token: text("token") }));
  if (!form.ok) return form.response;
  try {
    await context.services.accounts.resetPassword(form.data, request.headers);
  } catch (error) {
    return formErrorResponse(error, form.values);
  }
  return redirect("/login?reset=1");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const errors: Record<string, string> = actionData?.errors ?? {};
  const token = loaderData.token ?? actionData?.values?.token;
  const invalid = loaderData.invalid ?? errors.token ?? null;
  return (
    <AuthCard title={t("passwordReset.resetTitle")}>
      {invalid || !token ? (
        <Alert>{invalid}</Alert>
      ) : (
        <Form method="post" noValidate className="space-y-4" aria-labelledby="login-heading">
          <p className="text-stone-700">{t("passwordReset.resetIntro")}</p>
          {errors.form ? <Alert>{errors.form}</Alert> : null}
          <input type="hidden" name="token" value={token} />
          <TextField
            label={t("passwordReset.newPassword")}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            error={errors.newPassword}
            hint={t("passwordReset.newPasswordHint", { min: MIN_PASSWORD_LENGTH })}
            takeFocus={Boolean(errors.newPassword)}
          />
          <SubmitButton action="/reset-password" pendingText={t("passwordReset.saving")}>
            {t("passwordReset.save")}
          </SubmitButton>
        </Form>
      )}
      <p className="mt-4 text-center">
        <Link to={invalid || errors.form ? "/forgot-password" : "/login"} className="font-semibold text-brand-700 underline">
          {t(invalid || errors.form ? "passwordReset.askAgain" : "passwordReset.backToLogin")}
        </Link>
      </p>
    </AuthCard>
  );
}
