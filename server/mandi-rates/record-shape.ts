/**
 * Which of the open-data portal's shapes a file of mandi rates is, read from its headers (or its
 * first JSON record's fields), and which column holds which field (issue 41, decision 048).
 * Columns the rates do not need (Commodity_Code, the Kaggle copies' extra ones) are ignored;
 * Variety and Grade may be absent. A file that is not usable gets one line naming exactly what is
 * missing, or which other shape it is and why that shape cannot be used. Pure.
 */
import type { RecordField } from "./mandi-rate-record";

/** Every spelling of each field's header the portal has used, as an operator would look for it. */
export const FIELD_HEADERS: Record<RecordField, readonly string[]> = {
  state: ["State", "state"],
  district: ["District", "district"],
  market: ["Market", "market"],
  commodity: ["Commodity", "commodity"],
  variety: ["Variety", "variety"],
  grade: ["Grade", "grade"],
  arrival_date: ["Arrival_Date", "arrival_date"],
  min_price: ["Min_x0020_Price", "Min_Price", "min_price"],
  max_price: ["Max_x0020_Price", "Max_Price", "max_price"],
  modal_price: ["Modal_x0020_Price", "Modal_Price", "modal_price"],
};

const FIELD_WORDS: Record<RecordField, string> = {
  state: "the state",
  district: "the district",
  market: "the market",
  commodity: "the commodity",
  variety: "the variety",
  grade: "the grade",
  arrival_date: "the arrival date",
  min_price: "the min price",
  max_price: "the max price",
  modal_price: "the modal price",
};

/** A record is usable without these. */
const OPTIONAL: ReadonlySet<RecordField> = new Set(["variety", "grade"]);

export const SHAPES = {
  "daily-x0020": "daily prices CSV (Min_x0020_Price headers)",
  "daily-min-price": "daily prices CSV (Min_Price headers)",
  "api-csv": "daily prices API CSV (lower-case headers)",
  "api-json": "daily prices API JSON",
  "variety-wise": "variety-wise daily prices (Commodity_Code)",
} as const;
export type ShapeName = keyof typeof SHAPES;

export type ShapeResult =
  | {
      ok: true;
      shape: ShapeName;
      /** Per column, its field; undefined for a column that is ignored. */ fields: (RecordField | undefined)[];
    }
  | { ok: false; problem: string };

const normalised = (header: string) =>
  header
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/_x0020_/g, "_")
    .replace(/[\s-]+/g, "_");

/** "Min_x0020_Price", "Min Price", "min_price" → "min_price"; undefined for a column the rates do not use. */
export function fieldOfHeader(header: string): RecordField | undefined {
  const key = normalised(header);
  return key in FIELD_HEADERS ? (key as RecordField) : undefined;
}

const spelled = (names: readonly string[]) =>
  names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;

/**
 * AGMARKNET's own shapes that carry no district or no price band: recognised by their fields, so
 * the refusal says what the file is rather than listing every missing column.
 */
function otherShape(keys: ReadonlySet<string>): string | undefined {
  if (keys.has("cmdt_name") && (keys.has("as_on_price") || keys.has("reported_date")))
    return (
      "This is AGMARKNET's new-portal report JSON (cmdt_name, as_on_price, reported_date, market, state): it has no district " +
      "and no min, max and modal prices, only one price per market and day, so its rates cannot be matched to a district or " +
      "shown as a band. Import data.gov.in's daily prices (resource 9ef84268-d588-465a-a308-a864a43d0070) or variety-wise " +
      "prices (resource 35985678-0d79-46b4-9ed6-6f13308a1d24) instead."
    );
  if (keys.has("district_name") && keys.has("price_date") && !keys.has("state"))
    return (
      "This is a report downloaded from AGMARKNET's website (District Name, Market Name, Price Date): it names no state, so " +
      "its districts cannot be placed. Import data.gov.in's daily prices (resource 9ef84268-d588-465a-a308-a864a43d0070) instead."
    );
  return undefined;
}

/** The shape of a file whose columns (CSV) or first record's fields (JSON) are `headers`. */
export function shapeOfHeaders(headers: readonly string[], format: "csv" | "json"): ShapeResult {
  const keys = new Set(headers.map(normalised));
  const other = otherShape(keys);
  if (other) return { ok: false, problem: other };
  const fields = headers.map(fieldOfHeader);
  const problems: string[] = [];
  for (const field of Object.keys(FIELD_HEADERS) as RecordField[]) {
    const columns = headers.filter((_, i) => fields[i] === field);
    if (columns.length > 1) problems.push(`two columns for ${FIELD_WORDS[field]}: ${columns.map((c) => c.trim()).join(" and ")}`);
    else if (!columns.length && !OPTIONAL.has(field))
      problems.push(`no column for ${FIELD_WORDS[field]}: expected ${spelled(FIELD_HEADERS[field])}`);
  }
  if (problems.length) {
    const found = headers.map((h) => h.trim()).join(", ") || "(none)";
    return { ok: false, problem: `This is not a file of mandi rates: ${problems.join("; ")}. Found: ${found}.` };
  }
  let shape: ShapeName;
  if (keys.has("commodity_code")) shape = "variety-wise";
  else if (format === "json") shape = "api-json";
  else if (headers.some((h) => /_x0020_/i.test(h))) shape = "daily-x0020";
  else if (headers.every((h) => h.trim() === h.trim().toLowerCase())) shape = "api-csv";
  else shape = "daily-min-price";
  return { ok: true, shape, fields };
}
