import { Form } from "react-router";
import { MAX_MODERATION_TEXT } from "../../../core/moderation/moderation";
import { SubmitButton } from "../../components/ui/submit-button";
import { useI18n } from "../i18n/i18n";

/** Ban a person (from a listing's page or the people page); posted to /admin/people. */
export function BanForm({ personId, name, error, reason }: { personId: string; name: string; error?: string; reason?: string }) {
  const { t } = useI18n();
  return (
    <Form method="post" action="/admin/people" noValidate className="mt-3">
      <input type="hidden" name="intent" value="ban" />
      <input type="hidden" name="personId" value={personId} />
      <label htmlFor="ban-reason" className="label">
        {t("admin.banLabel", { name })}
      </label>
      <textarea
        id="ban-reason"
        name="reason"
        rows={2}
        required
        maxLength={MAX_MODERATION_TEXT}
        defaultValue={reason}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "ban-reason-error" : "ban-reason-hint"}
        className="input"
        // eslint-disable-next-line jsx-a11y/no-autofocus -- only back from a refused send, onto its message
        autoFocus={Boolean(error)}
      />
      {error ? (
        <p id="ban-reason-error" className="field-error">
          {error}
        </p>
      ) : (
        <p id="ban-reason-hint" className="mt-1 text-sm text-stone-600">
          {t("admin.banHint")}
        </p>
      )}
      <div className="mt-3">
        <SubmitButton
          action="/admin/people"
          intent="ban"
          pendingText={t("admin.banning")}
          className="btn-primary bg-red-700 hover:bg-red-800"
        >
          {t("admin.ban")}
        </SubmitButton>
      </div>
    </Form>
  );
}
