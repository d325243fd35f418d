import { formatRupees } from "../../../core/money/money";

// Price insight (decision 020) takes it from here, so the home page keeps one chunk for prices.
export { formatRupees };
import { formatIndianNumber } from "../../../core/shared/numbers";
import { UNITS, type Unit } from "../../../core/money/units";
import { useI18n, type I18n } from "../../features/i18n/i18n";

type Priced = { unitPricePaise: number; unit: string; pricePaise: number };

export const unitOf = (unit: string): Unit => ((UNITS as readonly string[]).includes(unit) ? (unit as Unit) : "kg");

/** The words priceText looks up: a page's translator, or a `meta` function's (which has only the head's messages). */
type PriceWords = { t: (key: "unit.perKg" | "unit.perUnitAndKg" | `unit.one.${Unit}`, params?: Record<string, string | number>) => string };

/** "₹2,400 / quintal (₹24 / kg)": the seller's price per their unit, and per kg to compare (₹ amounts grouped the Indian way in both languages). */
export function priceText(listing: Priced, { t }: PriceWords): string {
  const unit = unitOf(listing.unit);
  const perKg = t("unit.perKg", { price: formatRupees(listing.pricePaise) });
  return unit === "kg"
    ? perKg
    : t("unit.perUnitAndKg", { price: formatRupees(listing.unitPricePaise), unit: t(`unit.one.${unit}`), perKg });
}

/** "3 quintals", "1 crate", "2.5 kg" in the page's language. */
export function quantityText(quantity: number, unit: Unit, { t }: I18n): string {
  const number = formatIndianNumber(quantity);
  return t("unit.quantity", { number, unit: t(number === "1" ? `unit.one.${unit}` : `unit.many.${unit}`) });
}

/** The price on a card: per the seller's unit, with the price per kg beneath when the unit is not kg. */
export function CardPrice({ listing }: { listing: Priced }) {
  const { t } = useI18n();
  const unit = unitOf(listing.unit);
  const perKg = t("unit.perKg", { price: formatRupees(listing.pricePaise) });
  if (unit === "kg") return <p className="text-lg font-bold text-brand-800">{perKg}</p>;
  return (
    <>
      <p className="text-lg font-bold text-brand-800">
        {t("unit.perUnit", { price: formatRupees(listing.unitPricePaise), unit: t(`unit.one.${unit}`) })}
      </p>
      <p className="text-sm text-stone-700">{perKg}</p>
    </>
  );
}
