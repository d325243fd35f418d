import { Form, Link } from "react-router";
import { forgotPasswordSchema } from "../../core/accounts/account-forms";
import { formErrorResponse } from "../../server/route-helpers/app-errors";
import { parseForm } from "../../server/route-helpers/forms";
import { Alert } from "../components/ui/alert";
import { SubmitButton } from "../components/ui/submit-button";
import { TextField } from "../components/ui/text-field";
import { AuthCard } from "../features/accounts/auth-card";
import { metaI18n, useI18n } from "../features/i18n/i18n";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: t("meta.page", { page: t("passwordReset.forgotTitle") }) }];
};

/** Whether this Mandi can send the link at all (SMTP_URL and MAIL_FROM): without mail, the page says so. */
export function loader({ context }: Route.LoaderArgs) {
  return { sendsMail: context.services.accounts.sendsMail };
}

/**
 * "Forgot password?" (decision 052): one answer whether the address has an account or not, so
 * the page never tells anyone whose address is on Mandi.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, forgotPasswordSchema, (text) => ({ email: text("email") }));
  if (!form.ok) return form.response;
  try {
    await context.services.accounts.requestPasswordReset(form.data.email, request.headers);
  } catch (error) {
    return formErrorResponse(error, form.values);
  }
  return { sent: form.data.email };
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const sent = actionData && "sent" in actionData ? actionData.sent : null;
  const refused = actionData && "errors" in actionData ? actionData : undefined;
  const errors: Record<string, string> = refused?.errors ?? {};
  return (
    <AuthCard title={t("passwordReset.forgotTitle")}>
      {!loaderData.sendsMail ? (
        <Alert>{t("passwordReset.noMail")}</Alert>
      ) : sent ? (
        <Alert tone="success">{t("passwordReset.sent", { email: sent })}</Alert>
      ) : (
        <Form method="post" noValidate className="space-y-4" aria-labelledby="login-heading">
          <p className="text-stone-700">{t("passwordReset.forgotIntro")}</p>
          {errors.form ? <Alert>{errors.form}</Alert> : null}
          <TextField
            label={t("passwordReset.email")}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            defaultValue={refused?.values?.email}
            error={errors.email}
            takeFocus={Boolean(errors.email)}
          />
          <SubmitButton action="/forgot-password" pendingText={t("passwordReset.sending")}>
            {t("passwordReset.send")}
          </SubmitButton>
        </Form>
      )}
      <p className="mt-4 text-center">
        <Link to="/login" className="font-semibold text-brand-700 underline">
          {t("passwordReset.backToLogin")}
        </Link>
      </p>
    </AuthCard>
  );
}
