import { useId } from "react";
import { Form } from "react-router";
import { MAX_MODERATION_TEXT, REPORT_REASONS } from "../../../core/moderation/moderation";
import { SubmitButton } from "../../components/ui/submit-button";
import { fieldDescribedBy, FieldNotes } from "../../components/ui/text-field";
import { useI18n } from "../i18n/i18n";

export interface ReportFormState {
  errors?: Record<string, string>;
  values?: { reason?: string; details?: string };
}

/**
 * "Report this listing": a reason and, if they like, a few words. A plain form posted to
 * /view/:id/report, so it works without JavaScript; refused sends come back on that page.
 */
export function ReportForm({ listingId, state }: { listingId: string; state?: ReportFormState }) {
  const id = useId();
  const { t } = useI18n();
  const errors = state?.errors ?? {};
  const action = `/view/${listingId}/report`;
  const reasonError = errors.reason ?? errors.form;
  return (
    <Form method="post" action={action} className="space-y-4" noValidate>
      <fieldset aria-describedby={reasonError ? `${id}-reason-error` : undefined}>
        <legend className="label">{t("report.question")}</legend>
        <div className="mt-1 space-y-1">
          {REPORT_REASONS.map((reason, index) => (
            <label key={reason} className="flex min-h-11 items-center gap-3 rounded-lg px-2 hover:bg-stone-100">
              <input
                type="radio"
                name="reason"
                value={reason}
                defaultChecked={state?.values?.reason === reason}
                required
                className="size-5 accent-brand-700"
                // eslint-disable-next-line jsx-a11y/no-autofocus -- only back from a refused send, onto its message
                autoFocus={index === 0 && Boolean(reasonError)}
              />
              {t(`report.reason.${reason}`)}
            </label>
          ))}
        </div>
        {reasonError ? (
          <p id={`${id}-reason-error`} className="field-error">
            {reasonError}
          </p>
        ) : null}
      </fieldset>
      <div>
        <label htmlFor={`${id}-details`} className="label">
          {t("report.more")} <span className="font-normal text-stone-600">{t("report.neededFor")}</span>
        </label>
        <textarea
          id={`${id}-details`}
          name="details"
          rows={3}
          maxLength={MAX_MODERATION_TEXT}
          defaultValue={state?.values?.details}
          aria-invalid={errors.details ? true : undefined}
          aria-describedby={fieldDescribedBy(`${id}-details`, "hint", errors.details)}
          className="input"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- only back from a refused send, onto its message
          autoFocus={!reasonError && Boolean(errors.details)}
        />
        <FieldNotes id={`${id}-details`} hint={t("report.hint")} error={errors.details} />
      </div>
      <SubmitButton action={action} pendingText={t("report.pending")} className="btn-secondary">
        {t("report.send")}
      </SubmitButton>
    </Form>
  );
}
