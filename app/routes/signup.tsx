import { Form, Link, redirect } from "react-router";
import { MIN_PASSWORD_LENGTH } from "../../core/shared/constants";
import { signupSchema } from "../../core/accounts/account-forms";
import { formErrorResponse } from "../../server/route-helpers/app-errors";
import { parseForm } from "../../server/route-helpers/forms";
import { keepSignupEmail } from "../../server/route-helpers/signup-email";
import { Alert } from "../components/ui/alert";
import { AuthCard } from "../features/accounts/auth-card";
import { SubmitButton } from "../components/ui/submit-button";
import { TextField } from "../components/ui/text-field";
import type { Route } from "./+types/signup";
import { metaI18n, useI18n } from "../features/i18n/i18n";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: t("meta.page", { page: t("meta.signup") }) }];
};

export async function action({ request, context }: Route.ActionArgs) {
  // The password is never sent back to the browser.
  const form = await parseForm(request, signupSchema, (text) => ({ name: text("name"), email: text("email"), phone: text("phone") }));
  if (!form.ok) return form.response;
  try {
    await context.services.accounts.signUp(form.data, request.headers);
  } catch (error) {
    return formErrorResponse(error, form.values);
  }
  // The login page offers the address just used (issue 42).
  return redirect("/login?registered=1", { headers: { "Set-Cookie": keepSignupEmail(request, form.data.email) } });
}

export default function Signup({ actionData }: Route.ComponentProps) {
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values = actionData?.values;
  const { t } = useI18n();
  return (
    <AuthCard title={t("signup.title")}>
      <Form method="post" noValidate className="space-y-4">
        {errors.form ? <Alert>{errors.form}</Alert> : null}
        <TextField label={t("signup.name")} name="name" autoComplete="name" required defaultValue={values?.name} error={errors.name} />
        <TextField
          label={t("signup.email")}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          defaultValue={values?.email}
          error={errors.email}
        />
        <TextField
          label={t("signup.phone")}
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          required
          defaultValue={values?.phone}
          error={errors.phone}
          hint={t("signup.phoneHint")}
        />
        <TextField
          label={t("signup.password")}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          error={errors.password}
          hint={t("signup.passwordHint", { min: MIN_PASSWORD_LENGTH })}
        />
        <SubmitButton action="/signup" pendingText={t("signup.pending")}>
          {t("signup.submit")}
        </SubmitButton>
        <p className="text-center text-stone-700">
          {t("signup.haveAccount")}{" "}
          <Link to="/login" className="font-semibold text-brand-700 underline">
            {t("signup.login")}
          </Link>
        </p>
      </Form>
    </AuthCard>
  );
}
