import { Form } from "react-router";
import { useI18n } from "../i18n/i18n";

/**
 * Alert email waits for the address to be confirmed (decision 045): what the person is waiting
 * for, and the form that sends the link again (My alerts' action; it works without JavaScript).
 */
export function EmailWaits({ email, className = "" }: { email: string; className?: string }) {
  const { t } = useI18n();
  return (
    <section aria-label={t("alerts.channelEmail")} className={`rounded-xl border border-saffron-500 bg-white p-3 shadow-sm ${className}`}>
      <p className="[overflow-wrap:anywhere]">{t("alerts.emailWaits", { email })}</p>
      <Form method="post" action="/my/alerts" className="mt-2">
        <input type="hidden" name="intent" value="verify-email" />
        <button type="submit" className="btn-secondary">
          {t("alerts.emailSend")}
        </button>
      </Form>
    </section>
  );
}
