/**
 * The listing form, for Sell and for Edit: one form, one set of fields and messages. Works
 * without JavaScript (plain selects and a file input); with it, the unit and state choices adjust
 * the fields that depend on them, and photos upload resumably before the form is sent.
 */
import { useRef, useState, useSyncExternalStore } from "react";
import { Form } from "react-router";
import { CATEGORIES } from "../../../core/categories";
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from "../../../core/constants";
import type { ListingFormValues } from "../../../core/listing-form";
import { isCountedUnit, UNIT_OPTIONS, type Unit } from "../../../core/units";
import { Alert } from "../alert";
import { PlaceFields } from "../place-fields";
import { SelectField } from "../select-field";
import { SubmitButton } from "../submit-button";
import { TextField } from "../text-field";
import { PhotoField } from "./photo-field";
import { SEND_WAITING_MESSAGE, useSendWhenPhotosReady } from "./use-send-when-photos-ready";

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
}

const unitLabel = (unit: string) => UNIT_OPTIONS.find((option) => option.value === unit)?.value ?? "kg";
const noChanges = () => () => {};
const UNIT_PLURALS: Record<string, string> = { kg: "kg", quintal: "quintals", tonne: "tonnes", dozen: "dozen", crate: "crates" };

export function ListingForm({ action, values, errors, maxPhotos, maxImageBytes, currentPhotos = [], submitLabel }: ListingFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const send = useSendWhenPhotosReady(form);
  // The unit and state chosen so far: the price label and the district list follow them.
  const [unit, setUnit] = useState(values.unit || "kg");
  const counted = isCountedUnit(unit as Unit);
  // Before the script runs, every field shows (the server ignores what does not apply).
  const hydrated = useSyncExternalStore(noChanges, () => true, () => false);
  return (
    <Form method="post" action={action} encType="multipart/form-data" noValidate className="space-y-4" ref={form} onSubmit={send.onSubmit}>
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      <TextField label="Name" name="name" required maxLength={MAX_NAME_LENGTH} defaultValue={values.name} error={errors.name} placeholder="e.g. Basmati rice" />
      <SelectField label="Category" name="category" id="category" required defaultValue={values.category} error={errors.category}>
        <option value="">Select Category</option>
        {CATEGORIES.map((c) => (
          <option key={c.slug} value={c.slug}>
            {c.formLabel}
          </option>
        ))}
      </SelectField>
      <TextField label="Variety (optional)" name="variety" maxLength={60} defaultValue={values.variety} error={errors.variety} placeholder="e.g. Pusa 1121, Alphonso" />

      <fieldset className="space-y-4 rounded-lg border border-stone-200 p-3">
        <legend className="px-1 font-semibold">Price and quantity</legend>
        <SelectField label="Sold by" name="unit" defaultValue={values.unit || "kg"} error={errors.unit} onChange={(e) => setUnit(e.currentTarget.value)}>
          {UNIT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <div hidden={hydrated && !counted}>
          <TextField
            label="Weight of one dozen or crate (kg)"
            name="unitKg"
            inputMode="decimal"
            defaultValue={values.unitKg}
            error={errors.unitKg}
            hint="Only for dozen or crate, so buyers can compare the price per kg."
          />
        </div>
        <TextField
          label={`Price (₹ per ${unitLabel(unit)})`}
          name="price"
          inputMode="decimal"
          required
          defaultValue={values.price}
          error={errors.price}
          placeholder="e.g. 45"
        />
        <TextField label="Quantity available (optional)" name="quantity" inputMode="decimal" defaultValue={values.quantity} error={errors.quantity} hint={`In ${UNIT_PLURALS[unit] ?? "kg"}.`} />
        <TextField label="Minimum order (optional)" name="minOrder" inputMode="decimal" defaultValue={values.minOrder} error={errors.minOrder} />
        <label className="flex min-h-11 items-center gap-2">
          <input type="checkbox" name="organic" defaultChecked={values.organic} className="h-5 w-5" />
          Organic
        </label>
        <TextField label="Available from (optional)" name="availableFrom" type="date" defaultValue={values.availableFrom} error={errors.availableFrom} />
      </fieldset>

      <fieldset className="space-y-4 rounded-lg border border-stone-200 p-3">
        <legend className="px-1 font-semibold">Where is it?</legend>
        <PlaceFields values={values} errors={errors} />
      </fieldset>

      <div>
        <label htmlFor="description" className="label">
          Description
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
          placeholder="Quality, how it was grown, when it was harvested"
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
        error={send.waiting ? SEND_WAITING_MESSAGE : (send.message ?? errors.image)}
        currentPhotos={currentPhotos}
        onBlockerChange={send.onBlockerChange}
      />
      <SubmitButton action={action} pendingText="Uploading…" waitingText={send.waiting ? "Sending when your photo has uploaded…" : undefined}>
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
