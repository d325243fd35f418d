import { redirect, useSearchParams } from "react-router";
import { safeRedirectPath } from "../../core/shared/redirects";
import { loginSchema } from "../../core/accounts/account-forms";
import { formErrorResponse } from "../../server/route-helpers/app-errors";
import { parseForm } from "../../server/route-helpers/forms";
import { forgetSignupEmail, signupEmailOf } from "../../server/route-helpers/signup-email";
import { Alert } from "../components/ui/alert";
import { AuthCard } from "../features/accounts/auth-card";
import { LoginForm } from "../features/accounts/login-form";
import type { Route } from "./+types/login";
import { metaI18n, useI18n } from "../features/i18n/i18n";

export const meta: Route.MetaFunction = ({ matches }) => {
  const { t } = metaI18n(matches);
  return [{ title: t("meta.page", { page: t("meta.login") }) }];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await context.currentUser();
  if (user) throw redirect(safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")));
  // The address just used to sign up, so the new seller types only the password.
  return { signupEmail: signupEmailOf(request) ?? null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, loginSchema, (text) => ({ email: text("email") }));
  if (!form.ok) return form.response;
  try {
    const headers = await context.services.accounts.signIn(form.data, request.headers);
    headers.append("Set-Cookie", forgetSignupEmail(request));
    return redirect(form.data.redirectTo, { headers });
  } catch (error) {
    return formErrorResponse(error, form.values);
  }
}

export default function Login({ actionData, loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { t } = useI18n();
  return (
    <AuthCard title={t("login.title")}>
      {params.get("registered") === "1" ? (
        <div className="mb-4">
          <Alert tone="success">{t("login.registered")}</Alert>
        </div>
      ) : null}
      {params.get("reset") === "1" ? (
        <div className="mb-4">
          <Alert tone="success">{t("login.passwordChanged")}</Alert>
        </div>
      ) : null}
      <LoginForm
        state={actionData ?? (loaderData?.signupEmail ? { values: { email: loaderData.signupEmail } } : undefined)}
        redirectTo={safeRedirectPath(params.get("redirectTo"))}
      />
    </AuthCard>
  );
}
