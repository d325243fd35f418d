/**
 * State, district, village or town and PIN code: the place on the listing form and a seller's
 * default place on their account page. Without JavaScript the district list holds every district
 * under its state (or the chosen state's, once one was sent); with it, the chosen state's.
 * Names are the page's language: English from the table the browser has, Hindi as the loader
 * sent them (`names`), so English pages never download the Hindi names.
 */
import { useState } from "react";
import { stateBySlug, STATES, type PlaceNames } from "../../../core/locations/states";
import { SelectField } from "../../components/ui/select-field";
import { TextField } from "../../components/ui/text-field";
import { useI18n } from "../i18n/i18n";

export function PlaceFields({
  values,
  errors,
  names,
}: {
  values: { state: string; district: string; place: string; pin: string };
  errors: Record<string, string>;
  /** Hindi names by slug (server/route-helpers/places.ts); absent or null: English. */
  names?: PlaceNames | null;
}) {
  const [state, setState] = useState(values.state);
  const chosenState = stateBySlug(state);
  const { t } = useI18n();
  // In the names' own order when given (sorted in their language by the server), else the table's.
  const states = names
    ? Object.entries(names).map(([slug, [name, districts]]) => ({
        slug,
        name,
        districts: Object.entries(districts).map(([d, n]) => ({ slug: d, name: n })),
      }))
    : STATES;
  const chosen = states.find((s) => s.slug === chosenState?.slug);
  return (
    <>
      <SelectField
        label={t("sell.state")}
        name="state"
        required
        defaultValue={values.state}
        error={errors.state}
        onChange={(e) => setState(e.currentTarget.value)}
      >
        <option value="">{t("sell.selectState")}</option>
        {states.map((s) => (
          <option key={s.slug} value={s.slug}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t("sell.district")}
        name="district"
        required
        defaultValue={values.district}
        error={errors.district}
        key={chosenState?.slug ?? "all"}
      >
        <option value="">{t("sell.selectDistrict")}</option>
        {chosen
          ? chosen.districts.map((d) => (
              <option key={d.slug} value={d.slug}>
                {d.name}
              </option>
            ))
          : states.map((s) => (
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
