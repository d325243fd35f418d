/**
 * The government's mandi rate beside a price (decision 021): "Government mandi rate, Lasalgaon
 * (Nashik), 24 Nov 2026: ₹21.50 / kg (₹19–23)", always with its market, date and source, and,
 * when more than a week old, when it was reported. Nothing here says it is today's price.
 */
import { useEffect, useRef, useState } from "react";
import { formatRateDate, MANDI_RATE_FRESH_DAYS, MANDI_RATE_SOURCE, MANDI_RATE_SOURCE_URL, rateBand, type MandiRateView } from "../../../core/prices/mandi-rate";
import { formatRupees } from "../../../core/money/money";
import { useI18n } from "../i18n/i18n";

export function MandiRateNote({ rate }: { rate: MandiRateView | null | undefined }) {
  const { lang, t } = useI18n();
  if (!rate) return null;
  const date = formatRateDate(rate.arrivalDate, lang);
  return (
    <p className="mt-2 rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm text-stone-800 [overflow-wrap:anywhere]" data-testid="mandi-rate">
      <span className="font-semibold">
        {t("mandiRate.line", { market: rate.market, district: rate.district, date, price: formatRupees(rate.modalPerKg), band: rateBand(rate) })}
      </span>{" "}
      {rate.ageDays > MANDI_RATE_FRESH_DAYS ? <span className="block">{t("mandiRate.old", { days: rate.ageDays, date })}</span> : null}
      <span className="block text-stone-700">
        <a href={MANDI_RATE_SOURCE_URL} className="underline underline-offset-4" rel="noopener noreferrer">
          {t("mandiRate.source", { source: MANDI_RATE_SOURCE })}
        </a>
      </span>
    </p>
  );
}

/** The rate a refused form send carried back with its values (the sell and edit actions), if any. */
export function mandiRateOf(values: unknown): MandiRateView | null | undefined {
  return values && typeof values === "object" && "mandiRate" in values ? (values.mandiRate as MandiRateView | null) : undefined;
}

const FORM_FIELDS = ["name", "category", "produce", "state", "district"] as const;

/**
 * The sell and edit forms' rate: what the server sent (a refused send, Edit), then, with
 * JavaScript, the rate for whatever produce and place the seller chooses (GET /api/mandi-rate).
 */
export function LiveMandiRate({ rate: initial }: { rate: MandiRateView | null | undefined }) {
  const [rate, setRate] = useState(initial);
  const [sent, setSent] = useState(initial);
  if (sent !== initial) {
    setSent(initial);
    setRate(initial);
  }
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const form = ref.current?.closest("form");
    if (!form) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    let asked = "";
    const ask = () => {
      const fields = new FormData(form);
      const query = new URLSearchParams(FORM_FIELDS.map((name) => [name, String(fields.get(name) ?? "")])).toString();
      if (query === asked) return;
      asked = query;
      controller?.abort();
      controller = new AbortController();
      fetch(`/api/mandi-rate?${query}`, { signal: controller.signal, headers: { accept: "application/json" } })
        .then((response) => (response.ok ? (response.json() as Promise<{ rate: MandiRateView | null }>) : undefined))
        .then((answer) => answer && setRate(answer.rate))
        .catch(() => {});
    };
    const later = (event: Event) => {
      const name = (event.target as HTMLInputElement | null)?.name;
      if (!(FORM_FIELDS as readonly string[]).includes(name ?? "")) return;
      clearTimeout(timer);
      timer = setTimeout(ask, 400);
    };
    form.addEventListener("input", later);
    form.addEventListener("change", later);
    return () => {
      clearTimeout(timer);
      controller?.abort();
      form.removeEventListener("input", later);
      form.removeEventListener("change", later);
    };
  }, []);
  return (
    <div ref={ref} aria-live="polite">
      <MandiRateNote rate={rate} />
    </div>
  );
}
