/**
 * The notes beside the sell form's price (sell and edit pages only): the MSP note, the government's
 * mandi rate and the usual price near the seller, all following the form's fields through one hook
 * (use-price-notes.ts). Listens on its own form, so the form needs one line for it.
 */
import type { RefObject } from "react";
import type { ListingFormValues } from "../../../core/listings/listing-form";
import type { MandiRateView } from "../../../core/prices/mandi-rate";
import type { PriceInsightNote } from "../../../core/prices/price-insight";
import { MandiRateNote } from "./mandi-rate";
import { MspNoteText } from "./msp-note";
import { PriceInsightNoteText } from "./price-insight";
import { usePriceNotes } from "./use-price-notes";

export function SellFormPriceNotes({
  form,
  values,
  priceInsight,
  mandiRate,
  listingId,
}: {
  form: RefObject<HTMLFormElement | null>;
  values: ListingFormValues;
  /** What the server worked out for the values it rendered (a refused send, Edit). */
  priceInsight: PriceInsightNote | null | undefined;
  mandiRate: MandiRateView | null | undefined;
  /** The listing being edited, left out of its own band. */
  listingId?: string;
}) {
  const notes = usePriceNotes(form, values, { insight: priceInsight ?? null, rate: mandiRate ?? null }, listingId);
  return (
    <>
      <MspNoteText note={notes.msp} />
      <div aria-live="polite">
        <MandiRateNote rate={notes.rate} />
      </div>
      <div aria-live="polite" data-testid="price-insight" className="space-y-1 text-sm text-stone-700">
        {notes.insight ? <PriceInsightNoteText note={notes.insight} /> : null}
      </div>
    </>
  );
}
