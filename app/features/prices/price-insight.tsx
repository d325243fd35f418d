/**
 * Price insight from Mandi's own listings (decision 020), where people decide:
 * - `SellFormPriceInsight`, beside the sell form's price: "Onion near Nashik, last 30 days: most
 *   between ₹18 and ₹24 a kg (37 listings)", and in the seller's unit. The server renders it (after
 *   a refused send, on Edit); with JavaScript it follows the form's name, category, unit and place
 *   as they are typed, through GET /api/price-insight. Listens on its own form, so the form needs
 *   one line for it. Only the sell and edit pages load it.
 * - `PriceStanding`, on a listing's page: "7% below the usual price in Nashik", linking to the
 *   produce's price page.
 */
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { formatRupees } from "../../components/ui/price";
import type { PriceInsightNote, PriceStandingView } from "../../../core/prices/price-insight";
import { useI18n, type I18n } from "../i18n/i18n";

/** Fields whose change can change the note (the form's own names, as the live query reads them). */
const WATCHED_FIELDS = ["name", "category", "produce", "unit", "unitKg", "state", "district", "grade"] as const;
const DEBOUNCE_MS = 300;

function bandText(note: PriceInsightNote, { t }: I18n): string {
  const words = { produce: note.produce, place: note.place, low: formatRupees(note.lowPaise), high: formatRupees(note.highPaise), count: String(note.listings) };
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
        <p>{t("priceInsight.inUnit", { low: formatRupees(note.lowUnitPaise), high: formatRupees(note.highUnitPaise).replace(/^₹/, ""), unit: t(`unit.one.${note.unit}`) })}</p>
      ) : null}
      <p>
        <Link to={`/prices/${note.produceId}`} className="font-medium text-brand-800 underline underline-offset-4" target="_blank">
          {t("priceInsight.seePrices", { produce: note.produce })}
        </Link>
      </p>
    </>
  );
}

export function SellFormPriceInsight({ initial }: { initial: PriceInsightNote | null | undefined }) {
  const [note, setNote] = useState(initial ?? null);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const form = box.current?.closest("form");
    if (!form) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asked = "";
    let controller: AbortController | undefined;
    const query = () => {
      const data = new FormData(form);
      const params = new URLSearchParams();
      for (const field of WATCHED_FIELDS) {
        const value = data.get(field);
        if (typeof value === "string" && value) params.set(field, value);
      }
      return params.toString();
    };
    asked = query();
    const ask = () => {
      const next = query();
      if (next === asked) return;
      asked = next;
      controller?.abort();
      controller = new AbortController();
      fetch(`/api/price-insight?${next}`, { signal: controller.signal, headers: { accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<{ note: PriceInsightNote | null }>) : null))
        .then((answer) => {
          if (answer) setNote(answer.note);
        })
        // Offline or aborted: the note stays as it was.
        .catch(() => {});
    };
    const onChange = (event: Event) => {
      const name = (event.target as HTMLInputElement | null)?.name;
      if (!name || !(WATCHED_FIELDS as readonly string[]).includes(name)) return;
      clearTimeout(timer);
      timer = setTimeout(ask, DEBOUNCE_MS);
    };
    form.addEventListener("input", onChange);
    form.addEventListener("change", onChange);
    return () => {
      clearTimeout(timer);
      controller?.abort();
      form.removeEventListener("input", onChange);
      form.removeEventListener("change", onChange);
    };
  }, []);
  return (
    <div ref={box} aria-live="polite" data-testid="price-insight" className="space-y-1 text-sm text-stone-700">
      {note ? <PriceInsightNoteText note={note} /> : null}
    </div>
  );
}

export function PriceStanding({ standing }: { standing: PriceStandingView | null | undefined }) {
  const { t } = useI18n();
  if (!standing) return null;
  const place = standing.place || t("priceInsight.india");
  const percent = Math.abs(standing.percent);
  const text = standing.percent === 0 ? t("priceInsight.same", { place }) : t(standing.percent < 0 ? "priceInsight.below" : "priceInsight.above", { percent: String(percent), place });
  return (
    <p className="text-sm text-stone-700" data-testid="price-standing">
      {text}{" "}
      <Link to={`/prices/${standing.produceId}`} className="font-medium text-brand-800 underline underline-offset-4">
        {t("priceInsight.seePrices", { produce: standing.produce })}
      </Link>
    </p>
  );
}
