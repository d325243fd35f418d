/**
 * The MSP note beside the price (issue 23): when the produce compared with has a minimum support
 * price and the seller's price is below it, say so kindly, in their unit and per kg, and that
 * government procurement centres buy at that price. A note, never a refusal (core/prices/msp-note);
 * the sell form works it out as the seller types (use-price-notes.ts).
 */
import type { MspNote } from "../../../core/prices/msp-note";
import { mspWords } from "../../../core/prices/msp";
import { produceById, produceName } from "../../../core/catalogue/produce";
import { useI18n } from "../i18n/i18n";
import { useProduceNames } from "../i18n/produce-names";
import { formatRupees } from "../../components/ui/price";

export function MspNoteText({ note }: { note: MspNote | undefined }) {
  const { t, lang } = useI18n();
  const names = useProduceNames();
  const crop = note ? produceById(note.produce) : undefined;
  let text = "";
  if (note && crop) {
    const named = produceName(crop, lang, names);
    const name = `${lang === "en" ? named.charAt(0).toLowerCase() + named.slice(1) : named}${note.variety ? `, ${mspWords(note.variety, lang)}` : ""}`;
    // Per kg sellers read the MSP as announced, per quintal; everyone else in their own unit.
    const shownUnit = note.unit === "kg" ? "quintal" : note.unit;
    const price = t("unit.perUnit", {
      price: formatRupees(note.unit === "kg" ? note.perQuintalPaise : note.perUnitPaise),
      unit: t(`unit.one.${shownUnit}`),
    });
    const perKg = t("unit.perKg", { price: formatRupees(note.perKgPaise) });
    text = [
      t("produce.msp", { name, price, perKg }),
      note.inForce ? "" : t("produce.mspSeason", { season: mspWords(note.season.name, lang) }),
      t("produce.mspCentres", { name: lang === "en" ? named.charAt(0).toLowerCase() + named.slice(1) : named }),
    ]
      .filter(Boolean)
      .join(" ");
  }
  return (
    <p
      aria-live="polite"
      data-testid="msp-note"
      className={text ? "rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-stone-800" : "sr-only"}
    >
      {text}
    </p>
  );
}
