/**
 * Price insight from Mandi's own listings (decision 020), where people decide:
 * - `PriceInsightNoteText`, beside the sell form's price: "Onion near Nashik, last 30 days: most
 *   between ₹18 and ₹24 a kg (37 listings)", and in the seller's unit. The server renders it (after
 *   a refused send, on Edit); with JavaScript it follows the form's fields (sell-form-price-notes.tsx).
 * - `PriceStanding`, on a listing's page: "7% below the usual price in Nashik", linking to the
 *   produce's price page.
 */
import { Link } from "react-router";
import { formatRupees } from "../../components/ui/price";
import type { PriceInsightNote, PriceStandingView } from "../../../core/prices/price-insight";
import { useI18n, type I18n } from "../i18n/i18n";

function bandText(note: PriceInsightNote, { t }: I18n): string {
  const words = {
    produce: note.produce,
    place: note.place,
    low: formatRupees(note.lowPaise),
    high: formatRupees(note.highPaise),
    count: String(note.listings),
  };
  return t(note.scope === "india" ? "priceInsight.bandIndia" : "priceInsight.band", words);
}

export function PriceInsightNoteText({ note }: { note: PriceInsightNote }) {
  const i18n = useI18n();
  const { t } = i18n;
  if (!note.enough) return <p>{t("priceInsight.notEnough", { produce: note.produce })}</p>;
  return (
    <>
      <p>
        {bandText(note, i18n)}
        {note.grade ? ` ${t("priceInsight.grade", { grade: t(`produce.gradeLabel.${note.grade}`) })}` : null}
      </p>
      {note.unit && note.lowUnitPaise !== null && note.highUnitPaise !== null ? (
        <p>
          {t("priceInsight.inUnit", {
            low: formatRupees(note.lowUnitPaise),
            high: formatRupees(note.highUnitPaise).replace(/^₹/, ""),
            unit: t(`unit.one.${note.unit}`),
          })}
        </p>
      ) : null}
      <p>
        <Link to={`/prices/${note.produceId}`} className="font-medium text-brand-800 underline underline-offset-4" target="_blank">
          {t("priceInsight.seePrices", { produce: note.produce })}
        </Link>
      </p>
    </>
  );
}

export function PriceStanding({ standing }: { standing: PriceStandingView | null | undefined }) {
  const { t } = useI18n();
  if (!standing) return null;
  const place = standing.place || t("priceInsight.india");
  const percent = Math.abs(standing.percent);
  const text =
    standing.percent === 0
      ? t("priceInsight.same", { place })
      : t(standing.percent < 0 ? "priceInsight.below" : "priceInsight.above", { percent: String(percent), place });
  return (
    <p className="text-sm text-stone-700" data-testid="price-standing">
      {text}
      {/* The link on a line of its own, so its words never run into the sentence before (issue 42). */}
      <Link to={`/prices/${standing.produceId}`} className="block w-fit font-medium text-brand-800 underline underline-offset-4">
        {t("priceInsight.seePrices", { produce: standing.produce })}
      </Link>
    </p>
  );
}
