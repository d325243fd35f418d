/**
 * The listing form (Sell and Edit are one form): the values it shows back, and how it names its
 * photos in the seller's order. Shared by the page and the server that reads it.
 */
import type { ListingDetail } from "./listing";
import { NO_PRODUCE } from "../catalogue/produce";

/** Every text field as typed, so a refused form comes back as the seller left it. */
export interface ListingFormValues {
  name: string;
  category: string;
  price: string;
  description: string;
  unit: string;
  unitKg: string;
  quantity: string;
  minOrder: string;
  variety: string;
  organic: boolean;
  availableFrom: string;
  state: string;
  district: string;
  place: string;
  pin: string;
  /** "Compared with": "" (read from the name), a catalogue produce id, or "none". */
  produce: string;
  grade: string;
}

const TEXT_FIELDS = [
  "name",
  "category",
  "price",
  "description",
  "unit",
  "unitKg",
  "quantity",
  "minOrder",
  "variety",
  "availableFrom",
  "state",
  "district",
  "place",
  "pin",
  "produce",
  "grade",
] as const;

export const EMPTY_LISTING_VALUES: ListingFormValues = {
  ...(Object.fromEntries(TEXT_FIELDS.map((name) => [name, ""])) as Omit<ListingFormValues, "organic">),
  unit: "kg",
  organic: false,
};

/** What was sent, as the form shows it again (text only; at most a few thousand characters each). */
export function formValuesFrom(fields: Record<string, string>, defaults: ListingFormValues = EMPTY_LISTING_VALUES): ListingFormValues {
  const values = { ...defaults };
  for (const name of TEXT_FIELDS) values[name] = typeof fields[name] === "string" ? fields[name].slice(0, 4000) : "";
  values.organic = Object.hasOwn(fields, "organic");
  return values;
}

/** A saved listing as its edit form starts. */
export function formValuesOf(listing: ListingDetail): ListingFormValues {
  const counted = listing.unit === "dozen" || listing.unit === "crate";
  return {
    name: listing.name,
    category: listing.category,
    price: formatDecimal(listing.unitPricePaise / 100),
    description: listing.description,
    unit: listing.unit,
    unitKg: counted ? formatDecimal(listing.gramsPerUnit / 1000) : "",
    quantity: listing.quantity === null ? "" : formatDecimal(listing.quantity),
    minOrder: listing.minOrder === null ? "" : formatDecimal(listing.minOrder),
    variety: listing.variety ?? "",
    organic: listing.organic,
    availableFrom: listing.availableFrom ?? "",
    state: listing.state ?? "",
    district: listing.district ?? "",
    place: listing.place ?? "",
    pin: listing.pin ?? "",
    produce: listing.produceChosen ? (listing.produceId ?? NO_PRODUCE) : "",
    grade: listing.grade ?? "",
  };
}

/** A number as a person types it: at most two decimals, no grouping ("2.5", "1250"). */
function formatDecimal(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/** A photo the form names: `k:<image key>` (one the listing has) or `u:<upload id>` (a finished upload). */
export type PhotoEntry = { keep: string } | { upload: string };

export const keepPhotoValue = (imageKey: string) => `k:${imageKey}`;
export const uploadPhotoValue = (uploadId: string) => `u:${uploadId}`;
