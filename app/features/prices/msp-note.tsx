/**
 * The MSP note beside the price (issue 23): when the produce compared with has a minimum support
 * price and the seller's price is below it, say so kindly, in their unit and per kg, and that
 * government procurement centres buy at that price. A note, never a refusal (core/prices/msp-note).
 */
import { useState, type RefObject } from "react";
import { comparedProduce } from "../../../core/catalogue/price-context";
import { isoDate } from "../../../core/shared/dates";
import type { ListingFormValues } from "../../../core/listings/listing-form";
import { mspNoteForForm } from "../../../core/prices/msp-note";
import { formatIndianNumber } from "../../../core/shared/numbers";
import { produceById, produceName } from "../../../core/catalogue/produce";
import { useI18n } from "../i18n/i18n";
import { useFormFields } from "../../components/ui/use-form-fields";

/**
 * core/money/money's formatRupees, written out: importing core/money/money here would move it into a chunk
 * the home page loads, with more in it (see scripts/check-bundle.mjs).
 */
const formatRupees = (paise: number) => `₹${formatIndianNumber(paise / 100, { maxFractionDigits: 2, minFractionDigits: paise % 100 ? 2 : 0 })}`;

export function MspNote({ form, values }: { form: RefObject<HTMLFormElement | null>; values: ListingFormValues }) {
  const { t, lang } = useI18n();
  // India's date when the form opened: which marketing season's MSP applies.
  const [today] = useState(() => isoDate(Date.now()));
  const fields = useFormFields(form, { name: values.name, category: values.category, produce: values.produce, price: values.price, unit: values.unit || "kg", unitKg: values.unitKg });
  const { produce } = comparedProduce({ name: fields.name, category: fields.category, choice: fields.produce });
  const note = mspNoteForForm({ produce: produce?.id, price: fields.price, unit: fields.unit, unitKg: fields.unitKg, date: today });
  const crop = note ? produceById(note.produce) : undefined;
  let text = "";
  if (note && crop) {
    const named = produceName(crop, lang);
    const name = `${lang === "en" ? named.charAt(0).toLowerCase() + named.slice(1) : named}${note.variety ? `, ${note.variety[lang]}` : ""}`;
    // Per kg sellers read the MSP as announced, per quintal; everyone else in their own unit.
    const shownUnit = note.unit === "kg" ? "quintal" : note.unit;
    const price = t("unit.perUnit", { price: formatRupees(note.unit === "kg" ? note.perQuintalPaise : note.perUnitPaise), unit: t(`unit.one.${shownUnit}`) });
    const perKg = t("unit.perKg", { price: formatRupees(note.perKgPaise) });
    text = [
      t("produce.msp", { name, price, perKg }),
      note.inForce ? "" : t("produce.mspSeason", { season: note.season.name[lang] }),
      t("produce.mspCentres", { name: lang === "en" ? named.charAt(0).toLowerCase() + named.slice(1) : named }),
    ]
      .filter(Boolean)
      .join(" ");
  }
  return (
    <p aria-live="polite" data-testid="msp-note" className={text ? "rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-stone-800" : "sr-only"}>
      {text}
    </p>
  );
}
