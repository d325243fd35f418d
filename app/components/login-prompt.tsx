import { MESSAGES } from "../../core/messages";
import { Alert } from "./alert";
import { AuthCard } from "./auth-card";
import { LoginForm } from "./login-form";

/** "You must login first" with the login form, coming back to `returnTo` (pages for signed-in people). */
export function LoginPrompt({ returnTo }: { returnTo: string }) {
  return (
    <AuthCard title="Login">
      <div className="mb-4">
        <Alert>{MESSAGES.mustLogin}</Alert>
      </div>
      <LoginForm state={undefined} redirectTo={returnTo} />
    </AuthCard>
  );
}
