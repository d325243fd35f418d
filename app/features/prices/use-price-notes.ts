/**
 * The sell form's price notes as the seller types (decisions 019 to 021), from one reading of the
 * form's fields: the MSP note, worked out here at once (it needs only the price and the produce,
 * and works offline), and the usual price near the seller with the government's mandi rate, asked
 * of GET /api/price-insight once the fields have been still for a moment. Starts from what the
 * server rendered (a refused send, Edit), so the page reads the same without JavaScript.
 */
import { useEffect, useRef, useState, type RefObject } from "react";
import { comparedProduce } from "../../../core/catalogue/price-context";
import type { ListingFormValues } from "../../../core/listings/listing-form";
import type { MandiRateView } from "../../../core/prices/mandi-rate";
import { mspNoteForForm, type MspNote } from "../../../core/prices/msp-note";
import type { PriceInsightNote } from "../../../core/prices/price-insight";
import { isoDate } from "../../../core/shared/dates";
import { useFormFields } from "../../components/ui/use-form-fields";

/** The fields /api/price-insight reads (the form's own names); the price is not among them. */
const ASKED_FIELDS = ["name", "category", "produce", "unit", "unitKg", "state", "district", "grade"] as const;
const DEBOUNCE_MS = 300;

export interface ServerPriceNotes {
  insight: PriceInsightNote | null;
  rate: MandiRateView | null;
}

export interface PriceNotes extends ServerPriceNotes {
  msp: MspNote | undefined;
}

export function usePriceNotes(
  form: RefObject<HTMLFormElement | null>,
  values: ListingFormValues,
  rendered: ServerPriceNotes,
  /** On Edit, the listing: the server leaves it out of its own band. */
  listingId?: string,
): PriceNotes {
  const fields = useFormFields(form, {
    name: values.name,
    category: values.category,
    produce: values.produce,
    price: values.price,
    unit: values.unit || "kg",
    unitKg: values.unitKg,
    state: values.state,
    district: values.district,
    grade: values.grade,
  });
  // India's date when the form opened: which marketing season's MSP applies.
  const [today] = useState(() => isoDate(Date.now()));
  const { produce } = comparedProduce({ name: fields.name, category: fields.category, choice: fields.produce });
  const msp = mspNoteForForm({ produce: produce?.id, price: fields.price, unit: fields.unit, unitKg: fields.unitKg, date: today });

  // What the server rendered, until the fields change; a new render (another refused send) starts over.
  const [answered, setAnswered] = useState(rendered);
  const [renderedBefore, setRenderedBefore] = useState(rendered);
  if (rendered.insight !== renderedBefore.insight || rendered.rate !== renderedBefore.rate) {
    setRenderedBefore(rendered);
    setAnswered(rendered);
  }

  const asking = ASKED_FIELDS.filter((name) => fields[name]).map((name) => [name, fields[name]]);
  const query = new URLSearchParams(listingId ? [...asking, ["listing", listingId]] : asking).toString();
  const asked = useRef(query);
  const request = useRef<AbortController>(undefined);
  useEffect(() => {
    if (query === asked.current) return;
    // Each change starts the wait again: one request once the seller pauses.
    const timer = setTimeout(() => {
      asked.current = query;
      request.current?.abort();
      const controller = (request.current = new AbortController());
      fetch(`/api/price-insight?${query}`, { signal: controller.signal, headers: { accept: "application/json" } })
        .then((response) =>
          response.ok ? (response.json() as Promise<{ note: PriceInsightNote | null; rate: MandiRateView | null }>) : null,
        )
        .then((answer) => {
          if (answer) setAnswered({ insight: answer.note, rate: answer.rate });
        })
        // Offline or aborted: the notes stay as they were.
        .catch(() => {});
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);
  useEffect(() => () => request.current?.abort(), []);

  return { msp, ...answered };
}
