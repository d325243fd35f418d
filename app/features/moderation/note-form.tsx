import { Form } from "react-router";
import { MAX_MODERATION_TEXT } from "../../../core/moderation/moderation";
import { SubmitButton } from "../../components/ui/submit-button";
import { useI18n } from "../i18n/i18n";

/**
 * A back-office action with an optional note for the audit log (restore, dismiss, lift a ban):
 * one button, posted to `action` with `intent` and the `fields` that name what it acts on.
 */
export function NoteForm({
  action,
  intent,
  fields = {},
  label,
  button,
  className = "",
}: {
  action: string;
  intent: string;
  fields?: Record<string, string>;
  label: string;
  button: string;
  className?: string;
}) {
  const { t } = useI18n();
  return (
    <Form method="post" action={action} noValidate className={className}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={`${intent}-note`} className="label">
        {label}
      </label>
      <input id={`${intent}-note`} name="note" maxLength={MAX_MODERATION_TEXT} className="input" />
      <div className="mt-3">
        <SubmitButton action={action} intent={intent} pendingText={t("admin.saving")} className="btn-secondary">
          {button}
        </SubmitButton>
      </div>
    </Form>
  );
}
