import { data, redirect, useSearchParams } from "react-router";
import { safeRedirectPath } from "../../core/redirects";
import { loginSchema, parseWith } from "../../core/schemas";
import { formErrorResponse } from "../../server/http/app-errors";
import { readForm } from "../../server/http/forms";
import { Alert } from "../components/alert";
import { AuthCard } from "../components/auth-card";
import { LoginForm } from "../components/login-form";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [{ title: "Login — Mandi" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await context.currentUser();
  if (user) throw redirect(safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  let form: Record<string, FormDataEntryValue>;
  try {
    form = await readForm(request);
  } catch (error) {
    return formErrorResponse(error, { email: "" });
  }
  const values = { email: typeof form.email === "string" ? form.email : "" };
  const parsed = parseWith(loginSchema, form);
  if (!parsed.ok) return data({ errors: parsed.errors as Record<string, string>, values }, { status: 400 });
  try {
    const headers = await context.services.accounts.signIn(parsed.data, request.headers);
    return redirect(parsed.data.redirectTo, { headers });
  } catch (error) {
    return formErrorResponse(error, values);
  }
}

export default function Login({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <AuthCard title="Login">
      {params.get("registered") === "1" ? (
        <div className="mb-4">
          <Alert tone="success">Your account is ready. Please log in.</Alert>
        </div>
      ) : null}
      <LoginForm state={actionData} redirectTo={safeRedirectPath(params.get("redirectTo"))} />
    </AuthCard>
  );
}
