import { Form } from "react-router";
import { MAX_MODERATION_TEXT } from "../../../core/moderation/moderation";
import { SubmitButton } from "../../components/ui/submit-button";
import { useI18n } from "../i18n/i18n";

/**
 * An admin lifts a blocked number (decision 056): the reason is required, for the audit log.
 * One form per number, so each field's id carries the number's digits.
 */
export function LiftPhoneForm({ phone, shown, error, reason }: { phone: string; shown: string; error?: string; reason?: string }) {
  const { t } = useI18n();
  const id = `lift-${phone.replace(/\D/g, "")}`;
  return (
    <Form method="post" action="/admin/people" noValidate className="mt-2">
      <input type="hidden" name="intent" value="lift-phone" />
      <input type="hidden" name="phone" value={phone} />
      <label htmlFor={`${id}-reason`} className="label">
        {t("peoplePage.liftPhoneReason", { phone: shown })}
      </label>
      <input
        id={`${id}-reason`}
        name="reason"
        required
        maxLength={MAX_MODERATION_TEXT}
        defaultValue={reason}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only back from a refused send, onto its message
        autoFocus={Boolean(error)}
        className="input"
      />
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
      <div className="mt-2">
        <SubmitButton action="/admin/people" intent="lift-phone" pendingText={t("admin.saving")} className="btn-secondary">
          {t("peoplePage.liftPhone")}
        </SubmitButton>
      </div>
    </Form>
  );
}
