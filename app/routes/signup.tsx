import { Form, Link, redirect } from "react-router";
import { MIN_PASSWORD_LENGTH } from "../../core/constants";
import { signupSchema } from "../../core/schemas";
import { formErrorResponse } from "../../server/route-helpers/app-errors";
import { parseForm } from "../../server/route-helpers/forms";
import { Alert } from "../components/alert";
import { AuthCard } from "../components/auth-card";
import { SubmitButton } from "../components/submit-button";
import { TextField } from "../components/text-field";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = () => [{ title: "Signup — Mandi" }];

export async function action({ request, context }: Route.ActionArgs) {
  // The password is never sent back to the browser.
  const form = await parseForm(request, signupSchema, (text) => ({ name: text("name"), email: text("email"), phone: text("phone") }));
  if (!form.ok) return form.response;
  try {
    await context.services.accounts.signUp(form.data, request.headers);
  } catch (error) {
    return formErrorResponse(error, form.values);
  }
  return redirect("/login?registered=1");
}

export default function Signup({ actionData }: Route.ComponentProps) {
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values = actionData?.values;
  return (
    <AuthCard title="Signup">
      <Form method="post" noValidate className="space-y-4">
        {errors.form ? <Alert>{errors.form}</Alert> : null}
        <TextField label="Full Name" name="name" autoComplete="name" required defaultValue={values?.name} error={errors.name} />
        <TextField
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          defaultValue={values?.email}
          error={errors.email}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          required
          defaultValue={values?.phone}
          error={errors.phone}
          hint="10-digit mobile number. Buyers will call you on it."
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          error={errors.password}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        />
        <SubmitButton action="/signup" pendingText="Creating your account…">
          Signup
        </SubmitButton>
        <p className="text-center text-stone-700">
          Already have an account?{" "}
          <Link to="/login" className="font-semibold text-brand-700 underline">
            Login
          </Link>
        </p>
      </Form>
    </AuthCard>
  );
}
