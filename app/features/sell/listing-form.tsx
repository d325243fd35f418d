/**
 * The listing form, for Sell and for Edit: one form, one set of fields and messages. Works
 * without JavaScript (plain selects and a file input); with it, the unit and state choices adjust
 * the fields that depend on them, and photos upload resumably before the form is sent.
 */
import { useRef, useState, useSyncExternalStore } from "react";
import { Form } from "react-router";
import { CATEGORIES } from "../../../core/catalogue/categories";
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from "../../../core/shared/constants";
import type { ListingFormValues } from "../../../core/listings/listing-form";
import { isCountedUnit, UNIT_OPTIONS, type Unit } from "../../../core/money/units";
import { Alert } from "../../components/ui/alert";
import { ErrorSummary } from "../../components/ui/error-summary";
import type { PlaceNames } from "../../../core/locations/states";
import { PlaceFields } from "../locations/place-fields";
import { SelectField } from "../../components/ui/select-field";
import { SubmitButton } from "../../components/ui/submit-button";
import { FieldIdsByName, TextField } from "../../components/ui/text-field";
import { PhotoField } from "../uploads/photo-field";
import { GradeField } from "./grade-field";
import { ProduceMatch } from "./produce-match";
import { ProduceNamesContext } from "../i18n/produce-names";
import { useSendWhenPhotosReady } from "./use-send-when-photos-ready";
import { useI18n } from "../i18n/i18n";
import type { MandiRateView } from "../../../core/prices/mandi-rate";
import type { PriceInsightNote } from "../../../core/prices/price-insight";
import { SellFormPriceNotes } from "../prices/sell-form-price-notes";

export interface ListingFormProps {
  /** Where the form posts (its own page). */
  action: string;
  values: ListingFormValues;
  errors: Record<string, string>;
  maxPhotos: number;
  maxImageBytes: number;
  /** The listing's own photos (Edit). */
  currentPhotos?: ReadonlyArray<{ imageKey: string }>;
  submitLabel: string;
  /** The place selects' names in the page's language (PlaceFields); null: English. */
  placeNames?: PlaceNames | null;
  /** The produce's names in the page's language, beyond English and Hindi (server/route-helpers/places.ts). */
  produceNames?: Readonly<Record<string, string>> | null;
  /** The government's mandi rate for the produce and place chosen so far (decision 021). */
  mandiRate?: MandiRateView | null;
  /** The usual price of similar listings near the seller, as the server saw the form (decision 020). */
  priceInsight?: PriceInsightNote | null;
  /** The listing being edited (Edit): its price notes leave it out of its own band. */
  listingId?: string;
}

/** The form's fields in the order it shows them: its error summary lists their messages so. */
const FIELD_ORDER = [
  "name",
  "category",
  "variety",
  "produce",
  "unit",
  "unitKg",
  "price",
  "quantity",
  "minOrder",
  "grade",
  "availableFrom",
  "state",
  "district",
  "place",
  "pin",
  "description",
  "image",
] as const;

const unitOf = (unit: string): Unit => UNIT_OPTIONS.find((option) => option.value === unit)?.value ?? "kg";
const noChanges = () => () => {};

/** Its fields go by their names as ids, so the error summary at its top links to each. */
export function ListingForm(props: ListingFormProps) {
  return (
    <FieldIdsByName value>
      <ProduceNamesContext.Provider value={props.produceNames ?? null}>
        <ListingFormFields {...props} />
      </ProduceNamesContext.Provider>
    </FieldIdsByName>
  );
}

function ListingFormFields({
  action,
  values,
  errors,
  maxPhotos,
  maxImageBytes,
  currentPhotos = [],
  submitLabel,
  placeNames,
  mandiRate,
  priceInsight,
  listingId,
}: ListingFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const send = useSendWhenPhotosReady(form);
  // The unit and state chosen so far: the price label and the district list follow them.
  const [unit, setUnit] = useState(values.unit || "kg");
  const counted = isCountedUnit(unit as Unit);
  // Before the script runs, every field shows (the server ignores what does not apply).
  const hydrated = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
  const { t } = useI18n();
  return (
    <Form method="post" action={action} encType="multipart/form-data" noValidate className="space-y-4" ref={form} onSubmit={send.onSubmit}>
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      <ErrorSummary title={t("sell.errorSummary")} errors={errors} order={FIELD_ORDER} />
      <TextField
        label={t("sell.name")}
        name="name"
        required
        maxLength={MAX_NAME_LENGTH}
        defaultValue={values.name}
        error={errors.name}
        placeholder={t("sell.namePlaceholder")}
      />
      <SelectField label={t("sell.category")} name="category" id="category" required defaultValue={values.category} error={errors.category}>
        <option value="">{t("sell.selectCategory")}</option>
        {CATEGORIES.map((c) => (
          <option key={c.slug} value={c.slug}>
            {t(`category.form.${c.slug}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t("sell.variety")}
        name="variety"
        maxLength={60}
        defaultValue={values.variety}
        error={errors.variety}
        placeholder={t("sell.varietyPlaceholder")}
      />
      <ProduceMatch form={form} values={values} error={errors.produce} />

      <fieldset className="space-y-4 rounded-lg border border-stone-200 p-3">
        <legend className="px-1 font-semibold">{t("sell.priceAndQuantity")}</legend>
        <SelectField
          label={t("sell.soldBy")}
          name="unit"
          defaultValue={values.unit || "kg"}
          error={errors.unit}
          onChange={(e) => setUnit(e.currentTarget.value)}
        >
          {UNIT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {t(`unit.option.${option.value}`)}
            </option>
          ))}
        </SelectField>
        <div hidden={hydrated && !counted}>
          <TextField
            label={t("sell.unitKg")}
            name="unitKg"
            inputMode="decimal"
            defaultValue={values.unitKg}
            error={errors.unitKg}
            hint={t("sell.unitKgHint")}
          />
        </div>
        <TextField
          label={t("sell.price", { unit: t(`unit.one.${unitOf(unit)}`) })}
          name="price"
          inputMode="decimal"
          required
          defaultValue={values.price}
          error={errors.price}
          placeholder={t("sell.pricePlaceholder")}
        />
        <SellFormPriceNotes form={form} values={values} priceInsight={priceInsight} mandiRate={mandiRate} listingId={listingId} />
        <TextField
          label={t("sell.quantity")}
          name="quantity"
          inputMode="decimal"
          defaultValue={values.quantity}
          error={errors.quantity}
          hint={t("sell.quantityHint", { units: t(`unit.many.${unitOf(unit)}`) })}
        />
        <TextField label={t("sell.minOrder")} name="minOrder" inputMode="decimal" defaultValue={values.minOrder} error={errors.minOrder} />
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" name="organic" defaultChecked={values.organic} className="h-5 w-5" />
          {t("sell.organic")}
        </label>
        <GradeField value={values.grade} error={errors.grade} />
        <TextField
          label={t("sell.availableFrom")}
          name="availableFrom"
          type="date"
          defaultValue={values.availableFrom}
          error={errors.availableFrom}
        />
      </fieldset>

      <fieldset className="space-y-4 rounded-lg border border-stone-200 p-3">
        <legend className="px-1 font-semibold">{t("sell.where")}</legend>
        <PlaceFields values={values} errors={errors} names={placeNames} />
      </fieldset>

      <div>
        <label htmlFor="description" className="label">
          {t("sell.description")}
        </label>
        <textarea
          id="description"
          name="description"
          required
          rows={4}
          maxLength={MAX_DESCRIPTION_LENGTH}
          defaultValue={values.description}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? "description-error" : undefined}
          className="input"
          placeholder={t("sell.descriptionPlaceholder")}
        />
        {errors.description ? (
          <p id="description-error" className="field-error">
            {errors.description}
          </p>
        ) : null}
      </div>
      <PhotoField
        maxPhotos={maxPhotos}
        maxBytes={maxImageBytes}
        error={send.waiting ? t("sell.waitingMessage") : (send.message ?? errors.image)}
        currentPhotos={currentPhotos}
        onBlockerChange={send.onBlockerChange}
      />
      <SubmitButton action={action} pendingText={t("sell.pending")} waitingText={send.waiting ? t("sell.waiting") : undefined}>
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
