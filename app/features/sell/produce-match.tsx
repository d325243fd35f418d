/**
 * "Compared with: Onion" (issue 23, decision 019): the produce the listing's prices are compared
 * with, read from its name and category as the seller types (core/catalogue/price-context), and a select
 * to correct it: a catalogue produce, or none of these. Posts as the form's `produce` field
 * (core/listings/produce-fields.ts reads it into `produceChoice`). Without JavaScript the line shows what the page
 * was rendered with: after a refused send, and on Edit.
 */
import { useMemo, type RefObject } from "react";
import { comparedProduce } from "../../../core/catalogue/price-context";
import type { ListingFormValues } from "../../../core/listings/listing-form";
import { NO_PRODUCE, produceName } from "../../../core/catalogue/produce";
import { HTML_LANG } from "../../../core/i18n/languages";
import { PRODUCE } from "../../../core/catalogue/produce-list";
import { useI18n } from "../i18n/i18n";
import { useProduceNames } from "../i18n/produce-names";
import { SelectField } from "../../components/ui/select-field";
import { useFormFields } from "../../components/ui/use-form-fields";

export function ProduceMatch({
  form,
  values,
  error,
}: {
  form: RefObject<HTMLFormElement | null>;
  values: ListingFormValues;
  error?: string | undefined;
}) {
  const { t, lang } = useI18n();
  const names = useProduceNames();
  const fields = useFormFields(form, { name: values.name, category: values.category, produce: values.produce });
  const compared = comparedProduce({ name: fields.name, category: fields.category, choice: fields.produce });
  const choices = useMemo(
    () => [...PRODUCE].sort((a, b) => produceName(a, lang, names).localeCompare(produceName(b, lang, names), HTML_LANG[lang])),
    [lang, names],
  );
  const typed = Boolean(fields.name.trim()) || compared.chosen;
  return (
    <div className="space-y-2 rounded-lg bg-stone-50 p-3">
      <p aria-live="polite" className="min-h-6 font-semibold" data-testid="compared-with">
        {!typed
          ? null
          : compared.produce
            ? t("produce.comparedWith", { name: produceName(compared.produce, lang, names) })
            : compared.chosen
              ? t("produce.comparedWithNone")
              : t("produce.notFound")}
      </p>
      <SelectField label={t("produce.change")} name="produce" defaultValue={values.produce} error={error} hint={t("produce.changeHint")}>
        <option value="">
          {compared.fromName ? t("produce.fromName", { name: produceName(compared.fromName, lang, names) }) : t("produce.fromNameUnknown")}
        </option>
        {choices.map((produce) => (
          <option key={produce.id} value={produce.id}>
            {produceName(produce, lang, names)}
          </option>
        ))}
        <option value={NO_PRODUCE}>{t("produce.none")}</option>
      </SelectField>
    </div>
  );
}
