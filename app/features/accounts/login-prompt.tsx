import { Alert } from "../../components/ui/alert";
import { AuthCard } from "./auth-card";
import { LoginForm } from "./login-form";
import { useI18n } from "../i18n/i18n";

/** "You must login first" with the login form, coming back to `returnTo` (pages for signed-in people). */
export function LoginPrompt({ returnTo }: { returnTo: string }) {
  const { t } = useI18n();
  return (
    <AuthCard title={t("login.title")}>
      <div className="mb-4">
        <Alert>{t("spec.mustLogin")}</Alert>
      </div>
      <LoginForm state={undefined} redirectTo={returnTo} />
    </AuthCard>
  );
}
