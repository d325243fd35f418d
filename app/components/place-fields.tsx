/**
 * State, district, village or town and PIN code: the place on the listing form and a seller's
 * default place on their account page. Without JavaScript the district list holds every district
 * under its state (or the chosen state's, once one was sent); with it, the chosen state's.
 */
import { useState } from "react";
import { findState, STATES } from "../../core/locations";
import { SelectField } from "./select-field";
import { TextField } from "./text-field";
import { useI18n } from "./i18n";

export function PlaceFields({
  values,
  errors,
}: {
  values: { state: string; district: string; place: string; pin: string };
  errors: Record<string, string>;
}) {
  const [state, setState] = useState(values.state);
  const chosenState = findState(state);
  const { t } = useI18n();
  return (
    <>
      <SelectField label={t("sell.state")} name="state" required defaultValue={values.state} error={errors.state} onChange={(e) => setState(e.currentTarget.value)}>
        <option value="">{t("sell.selectState")}</option>
        {STATES.map((s) => (
          <option key={s.slug} value={s.slug}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <SelectField label={t("sell.district")} name="district" required defaultValue={values.district} error={errors.district} key={chosenState?.slug ?? "all"}>
        <option value="">{t("sell.selectDistrict")}</option>
        {chosenState
          ? chosenState.districts.map((d) => (
              <option key={d.slug} value={d.slug}>
                {d.name}
              </option>
            ))
          : STATES.map((s) => (
              <optgroup key={s.slug} label={s.name}>
                {s.districts.map((d) => (
                  <option key={d.slug} value={d.slug}>
                    {d.name}
                  </option>
                ))}
              </optgroup>
            ))}
      </SelectField>
      <TextField label={t("sell.place")} name="place" maxLength={80} defaultValue={values.place} error={errors.place} />
      <TextField
        label={t("sell.pin")}
        name="pin"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={7}
        defaultValue={values.pin}
        error={errors.pin}
        placeholder={t("sell.pinPlaceholder")}
      />
    </>
  );
}
