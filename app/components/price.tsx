import { formatRupees } from "../../core/money";
import { formatUnitPrice, UNITS, type Unit } from "../../core/units";

type Priced = { unitPricePaise: number; unit: string; pricePaise: number };

const unitOf = (unit: string): Unit => ((UNITS as readonly string[]).includes(unit) ? (unit as Unit) : "kg");

/** "₹2,400 / quintal (₹24 / kg)": the seller's price per their unit, and per kg to compare. */
export function priceText(listing: Priced): string {
  return formatUnitPrice({ unitPricePaise: listing.unitPricePaise, unit: unitOf(listing.unit), pricePerKgPaise: listing.pricePaise });
}

/** The price on a card: per the seller's unit, with the price per kg beneath when the unit is not kg. */
export function CardPrice({ listing }: { listing: Priced }) {
  const unit = unitOf(listing.unit);
  if (unit === "kg") return <p className="text-lg font-bold text-brand-800">{formatRupees(listing.pricePaise)} / kg</p>;
  return (
    <>
      <p className="text-lg font-bold text-brand-800">
        {formatRupees(listing.unitPricePaise)} / {unit}
      </p>
      <p className="text-sm text-stone-700">{formatRupees(listing.pricePaise)} / kg</p>
    </>
  );
}
