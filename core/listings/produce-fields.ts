/**
 * Produce-shaped listings: the unit a price is entered in, how much there is, and the price per
 * kg that lists sort and filter by. kg is canonical (decision 013): a
 * quintal is 100 kg, a tonne 1,000 kg, and a dozen or a crate weighs what its seller says, so a
 * price per kg can always be worked out.
 *
 * Pure: imported by server and browser code alike.
 */
import { z } from "zod";
import { isoDate } from "../shared/dates";
import { readGrade, type Grade } from "../catalogue/grades";
import { parseRupeesToPaise } from "../money/parse-rupees";
import { NO_PRODUCE, produceById } from "../catalogue/produce";
import { cleanText, hasLetterOrDigit } from "../shared/text";
import {
  EARLIEST_AVAILABLE_FROM,
  isCountedUnit,
  MAX_QUANTITY,
  MAX_VARIETY_LENGTH,
  UNITS,
  type CountedUnit,
  type Unit,
} from "../money/units";
import { MAX_UNIT_KG } from "../money/unit-weights";
import { fixedGramsPerUnit } from "../money/unit-weights";

// Units, prices per unit and their wording live in core/money/units (no schema library, for pages).

/**
 * Decimal digits of the scripts Indian phone keyboards type (Devanagari, Bengali, Gurmukhi,
 * Gujarati, Odia, Tamil, Telugu, Kannada, Malayalam, Urdu's Extended Arabic-Indic) and fullwidth
 * digits (CJK keyboards), each block's zero. Read as 0–9, so "२०" is 20.
 */
const DIGIT_ZEROS = [0x0966, 0x09e6, 0x0a66, 0x0ae6, 0x0b66, 0x0be6, 0x0c66, 0x0ce6, 0x0d66, 0x06f0, 0xff10];
const OTHER_DIGITS = new RegExp(
  `[${DIGIT_ZEROS.map((zero) => `\\u{${zero.toString(16)}}-\\u{${(zero + 9).toString(16)}}`).join("")}]`,
  "gu",
);
/** Fullwidth ．，－ and the minus sign, read as their ASCII forms. */
const OTHER_MARKS: Record<string, string> = { "\uff0e": ".", "\uff0c": ",", "\uff0d": "-", "\u2212": "-" };

/** Other scripts' digits and fullwidth punctuation as ASCII, so numbers and dates read alike. */
function asciiDigits(text: string): string {
  return text
    .replace(OTHER_DIGITS, (digit) => {
      const code = digit.codePointAt(0)!;
      return String(code - DIGIT_ZEROS.find((zero) => code >= zero && code <= zero + 9)!);
    })
    .replace(/[\uff0e\uff0c\uff0d\u2212]/g, (mark) => OTHER_MARKS[mark]!);
}

type AmountProblem = "invalid" | "decimals" | "notPositive" | "tooLarge";
type Amount = { hundredths: number } | { problem: AmountProblem };

/**
 * An amount as typed: digits with at most 2 decimals, commas only as digit grouping the Indian
 * (1,00,000) or Western (100,000) way, as in prices. So "1,000" is a thousand and "1,5" is not
 * a number (India writes decimals with a point); ".5" is 0.5. Returned in hundredths; null when
 * empty.
 */
function readAmount(text: string, max: number): Amount | null {
  let typed = asciiDigits(text);
  if (typed === "") return null;
  if (typed.startsWith(".")) typed = `0${typed}`; // ".5" is half
  if (typed.startsWith("-")) return { problem: "notPositive" };
  // Only digits, commas and a point: no ₹ or "Rs" (which prices allow), letters, spaces or signs.
  if (!/^[\d.,]+$/.test(typed)) return { problem: "invalid" };
  // Huge numbers are too large, not malformed (money's parser gives up past safe integers).
  if (/^[\d,]+(?:\.\d+)?$/.test(typed) && Number(typed.replace(/,/g, "")) > max) return { problem: "tooLarge" };
  // The same grouping rule as prices: one parser, read here as hundredths rather than paise.
  const hundredths = parseRupeesToPaise(typed);
  if (hundredths === undefined) {
    const cut = parseRupeesToPaise(typed.replace(/(\.\d\d)\d+$/, "$1"));
    return { problem: cut !== undefined && /\.\d{3,}$/.test(typed) ? "decimals" : "invalid" };
  }
  if (hundredths === 0) return { problem: "notPositive" };
  if (hundredths > max * 100) return { problem: "tooLarge" };
  return { hundredths };
}

const ORGANIC_YES = new Set(["on", "yes", "true", "1"]);
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The date a "YYYY-MM-DD" names, or undefined when there is no such day ("2026-02-30"). */
function calendarDate(text: string): Date | undefined {
  if (!DATE_PATTERN.test(text)) return undefined;
  const [year, month, day] = text.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.toISOString().slice(0, 10) === text ? date : undefined;
}

/** The same day a year on, in India, as "YYYY-MM-DD" (29 Feb runs on to 1 Mar). */
function aYearAfter(nowMs: number): string {
  const today = calendarDate(isoDate(nowMs))!;
  today.setUTCFullYear(today.getUTCFullYear() + 1);
  return today.toISOString().slice(0, 10);
}

export const PRODUCE_MESSAGES = {
  unit: "Please choose a unit.",
  unitKg: (unit: CountedUnit) => `Please enter how many kg one ${unit} weighs, like ${unit === "crate" ? "20" : "1.5"}.`,
  unitKgDecimals: (unit: CountedUnit) => `Please enter the weight of one ${unit} with at most 2 decimals, like 1.5.`,
  unitKgTooLarge: (unit: CountedUnit) => `Please enter at most 1,000 kg for one ${unit}.`,
  quantity: "Please enter the quantity as a number above 0, like 20.",
  quantityDecimals: "Please enter the quantity with at most 2 decimals, like 2.5.",
  quantityTooLarge: "Please enter a quantity up to 10,00,000.",
  minOrder: "Please enter the minimum order as a number above 0, like 5.",
  minOrderDecimals: "Please enter the minimum order with at most 2 decimals, like 2.5.",
  minOrderTooLarge: "Please enter a minimum order up to 10,00,000.",
  minOrderAboveQuantity: "The minimum order cannot be more than the quantity you have.",
  varietyLong: `Please keep the variety under ${MAX_VARIETY_LENGTH} characters.`,
  varietyLetters: "Please use letters or numbers in the variety.",
  produce: "Please choose what to compare with from the list.",
  grade: "Please choose a grade from the list: FAQ, A, B or C.",
  date: "Please enter a date like 2026-12-01.",
  dateTooLate: "Please choose a date within the next year.",
} as const;

/** The form's field names, as sent; errors are reported on these paths. */
export type ProduceFieldName = "unit" | "unitKg" | "quantity" | "minOrder" | "variety" | "organic" | "availableFrom" | "produce" | "grade";
/**
 * The field errors of a rejected produce form. `parseWith` types its errors by the output's keys,
 * which lack `unitKg` (it becomes `gramsPerUnit`): read them as this type.
 */
export type ProduceFieldErrors = Partial<Record<ProduceFieldName, string>>;

export interface ProduceFields {
  unit: Unit;
  /** Grams in one unit: fixed for kg, quintal and tonne, the seller's weight (to 10 g) otherwise. */
  gramsPerUnit: number;
  /** How much is available, in the chosen unit (up to 2 decimals); null when not said. */
  quantity: number | null;
  /** The least a buyer may order, in the chosen unit; null when not said. */
  minOrder: number | null;
  variety: string | null;
  organic: boolean;
  /** "YYYY-MM-DD"; null when not said. */
  availableFrom: string | null;
  /**
   * What the seller said this listing is, for price comparisons: a produce id from the catalogue,
   * NO_PRODUCE ("none of these"), or null to let its name decide (core/catalogue/produce).
   */
  produceChoice: string | null;
  /** Quality grade, null when not said. */
  grade: Grade | null;
}

/** A form field as clean text; absent or non-text values (a file) read as "". */
const text = z.preprocess((value) => (typeof value === "string" ? cleanText(value) : ""), z.string());

const produceFormFields = z.object({
  unit: text,
  unitKg: text,
  quantity: text,
  minOrder: text,
  variety: text,
  organic: text,
  availableFrom: text,
  produce: text,
  grade: text,
} satisfies Record<ProduceFieldName, typeof text>);

function buildProduceFieldsSchema(now: () => number) {
  return produceFormFields.transform((form, ctx): ProduceFields => {
    let failed = false;
    const fail = (path: ProduceFieldName, message: string) => {
      failed = true;
      ctx.addIssue({ code: "custom", path: [path], message });
    };

    // An empty unit is "kg": forms sent before units existed have no unit field.
    const typedUnit = form.unit.toLowerCase() || "kg";
    const unit = (UNITS as readonly string[]).includes(typedUnit) ? (typedUnit as Unit) : undefined;
    if (!unit) fail("unit", PRODUCE_MESSAGES.unit);

    let gramsPerUnit = 0;
    if (unit && !isCountedUnit(unit)) gramsPerUnit = fixedGramsPerUnit(unit)!;
    if (unit && isCountedUnit(unit)) {
      const kg = readAmount(form.unitKg, MAX_UNIT_KG);
      if (kg && "hundredths" in kg) gramsPerUnit = kg.hundredths * 10;
      else if (kg?.problem === "decimals") fail("unitKg", PRODUCE_MESSAGES.unitKgDecimals(unit));
      else if (kg?.problem === "tooLarge") fail("unitKg", PRODUCE_MESSAGES.unitKgTooLarge(unit));
      else fail("unitKg", PRODUCE_MESSAGES.unitKg(unit));
    }

    const amount = (path: "quantity" | "minOrder"): number | null => {
      const read = readAmount(form[path], MAX_QUANTITY);
      if (!read) return null;
      if ("hundredths" in read) return read.hundredths;
      const suffix = ({ invalid: "", notPositive: "", decimals: "Decimals", tooLarge: "TooLarge" } as const)[read.problem];
      fail(path, PRODUCE_MESSAGES[`${path}${suffix}`]);
      return null;
    };
    const quantity = amount("quantity");
    const minOrder = amount("minOrder");
    if (quantity !== null && minOrder !== null && minOrder > quantity) {
      fail("minOrder", PRODUCE_MESSAGES.minOrderAboveQuantity);
    }

    let variety: string | null = null;
    if (form.variety) {
      if (Array.from(form.variety).length > MAX_VARIETY_LENGTH) fail("variety", PRODUCE_MESSAGES.varietyLong);
      else if (!hasLetterOrDigit(form.variety)) fail("variety", PRODUCE_MESSAGES.varietyLetters);
      else variety = form.variety;
    }

    let availableFrom: string | null = null;
    if (form.availableFrom) {
      const typed = asciiDigits(form.availableFrom);
      if (!calendarDate(typed) || typed < EARLIEST_AVAILABLE_FROM) fail("availableFrom", PRODUCE_MESSAGES.date);
      else if (typed > aYearAfter(now())) fail("availableFrom", PRODUCE_MESSAGES.dateTooLate);
      else availableFrom = typed;
    }

    let produceChoice: string | null = null;
    if (form.produce) {
      if (form.produce === NO_PRODUCE || produceById(form.produce)) produceChoice = form.produce;
      else fail("produce", PRODUCE_MESSAGES.produce);
    }

    let grade: Grade | null = null;
    if (form.grade) {
      grade = readGrade(form.grade) ?? null;
      if (!grade) fail("grade", PRODUCE_MESSAGES.grade);
    }

    if (failed || !unit) return z.NEVER;
    return {
      unit,
      gramsPerUnit,
      quantity: quantity === null ? null : quantity / 100,
      minOrder: minOrder === null ? null : minOrder / 100,
      variety,
      organic: ORGANIC_YES.has(form.organic.toLowerCase()),
      availableFrom,
      produceChoice,
      grade,
    };
  });
}

/**
 * The produce fields of the sell form, judging "available from" against `nowMs` (its India
 * date): for tests, and for callers that already hold the request's time.
 */
export function produceFieldsSchemaAt(nowMs: number) {
  return buildProduceFieldsSchema(() => nowMs);
}

/** The produce fields of the sell form; "available from" is judged against the clock at each parse. */
export const produceFieldsSchema = buildProduceFieldsSchema(() => Date.now());
