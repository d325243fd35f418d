import { Form, Link } from "react-router";
import { Alert } from "../../components/ui/alert";
import { SubmitButton } from "../../components/ui/submit-button";
import { TextField } from "../../components/ui/text-field";
import { useI18n } from "../i18n/i18n";

export interface LoginFormState {
  errors?: Record<string, string>;
  values?: { email?: string };
}

/** Email, Password, Login and a link to sign up; used on /login and on /create when signed out. */
export function LoginForm({ state, redirectTo }: { state: LoginFormState | undefined; redirectTo: string }) {
  const errors = state?.errors ?? {};
  const { t } = useI18n();
  return (
    <Form method="post" action="/login" noValidate className="space-y-4" aria-labelledby="login-heading">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      <TextField
        label={t("login.email")}
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        defaultValue={state?.values?.email ?? ""}
        error={errors.email}
      />
      <TextField
        label={t("login.password")}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.password}
      />
      <p>
        <Link to="/forgot-password" className="font-semibold text-brand-700 underline">
          {t("login.forgot")}
        </Link>
      </p>
      <SubmitButton action="/login" pendingText={t("login.pending")}>
        {t("login.submit")}
      </SubmitButton>
      <p className="text-center text-stone-700">
        {t("login.newHere")}{" "}
        <Link to="/signup" className="font-semibold text-brand-700 underline">
          {t("login.signup")}
        </Link>
      </p>
    </Form>
  );
}
