/**
 * The government's mandi rate a page shows beside a price: the latest imported rate for a
 * produce in its district, else in its state (decision 021). Always with its market, date and
 * source; never today's price unless it is dated today. When several markets reported that day,
 * the district's median across them, with the principal market named (decision 050); a figure far
 * from the produce's national median that week is never shown (core/prices/plausible-rate).
 */
import type { MandiRatesRepository, StoredMandiRate } from "./mandi-rates.repository";
import { priceContext, type PriceContextFields } from "../../core/catalogue/price-context";
import { rateAgeDays, type MandiRateView, type RateBand } from "../../core/prices/mandi-rate";
import { farFromWeek, WEEK_DAYS, weekMedian } from "../../core/prices/plausible-rate";
import { principalMarket } from "../../core/prices/principal-markets";
import { median } from "../../core/prices/price-insight";
import { districtName, findDistrict, findState } from "../../core/locations";
import { LANGUAGES, type Language } from "../../core/i18n/languages";

const DAY_MS = 86_400_000;
/** "2026-11-24" and a number of days → the ISO date that many days later (or earlier). */
export const addDays = (date: string, days: number) => new Date(Date.parse(date) + days * DAY_MS).toISOString().slice(0, 10);

/** One market's figures on a day, from its records (varieties and grades): paise per quintal. */
export interface MarketFigures {
  market: string;
  min: number;
  max: number;
  modal: number;
  records: StoredMandiRate[];
}

/** Each market's figures: the median of its records' modals, the lowest min and the highest max. */
export function byMarket(rows: readonly StoredMandiRate[]): MarketFigures[] {
  const markets = new Map<string, StoredMandiRate[]>();
  for (const row of rows) markets.set(row.market, [...(markets.get(row.market) ?? []), row]);
  return [...markets].map(([market, records]) => ({
    market,
    min: Math.min(...records.map((r) => r.minPrice)),
    max: Math.max(...records.map((r) => r.maxPrice)),
    modal: median(records.map((r) => r.modalPrice)),
    records,
  }));
}

/** Paise per quintal → paise per kg. */
const perKg = (perQuintal: number) => Math.round(perQuintal / 100);

/** The district's figure: one market's band, or the median and range of several markets' modals. */
export function districtFigure(markets: readonly MarketFigures[]): { min: number; max: number; modal: number } {
  if (markets.length === 1) return markets[0]!;
  const modals = markets.map((m) => m.modal);
  return { min: Math.min(...modals), max: Math.max(...modals), modal: median(modals) };
}

export function createMandiRatesService(deps: { repository: MandiRatesRepository; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const { repository } = deps;

  /** The rows whose modal is not far from the produce's national median of the week up to `date`. */
  async function plausibleOfDay(produceId: string, date: string, rows: readonly StoredMandiRate[]) {
    if (!rows.length) return [];
    const week = await repository.ratesBetween({ produceId, fromDate: addDays(date, 1 - WEEK_DAYS), toDate: date });
    const middle = weekMedian(week.map((row) => row.modalPrice));
    return rows.filter((row) => !farFromWeek(row.modalPrice, middle));
  }

  return {
    /**
     * For the sell form: the produce it is compared with and the place chosen so far
     * (core/catalogue/price-context).
     */
    async rateForForm(values: PriceContextFields): Promise<MandiRateView | null> {
      return this.rateFor(priceContext(values));
    },

    /** Rates as imported, for the public API (decision 032): see listRates. */
    listRates: repository.listRates,

    async rateFor(where: {
      produceId: string | null | undefined;
      state: string | null | undefined;
      district?: string | null;
      /** The seller's unit and its grams, to say the rate in it too. */
      unit?: string | null;
      gramsPerUnit?: number | null;
    }): Promise<MandiRateView | null> {
      // Rates are filed by the places' slugs: text that names no place (a form's, as typed, with a
      // NUL PostgreSQL refuses) finds none without asking the database.
      const state = where.state ? findState(where.state) : undefined;
      const produceId = where.produceId;
      if (!produceId || !state) return null;
      const district = where.district ? findDistrict(state.slug, where.district) : undefined;
      const dayIn = async (districtSlug: string | undefined) => {
        const latest = await repository.latestRate({ produceId, state: state.slug, district: districtSlug });
        if (!latest) return undefined;
        const rows = await repository.ratesOfDay({ produceId, state: state.slug, district: districtSlug, arrivalDate: latest.arrivalDate });
        return { date: latest.arrivalDate, rows: await plausibleOfDay(produceId, latest.arrivalDate, rows) };
      };
      const inDistrict = district ? await dayIn(district.slug) : undefined;
      const found = inDistrict?.rows.length ? inDistrict : await dayIn(undefined);
      if (!found?.rows.length) return null;
      // In the state, the district with the most markets that day (then the first by name).
      let rows = found.rows;
      if (found !== inDistrict) {
        const counts = new Map<string, Set<string>>();
        for (const row of rows) counts.set(row.district, (counts.get(row.district) ?? new Set()).add(row.market));
        const chosen = [...counts].sort((a, b) => b[1].size - a[1].size || (a[0] < b[0] ? -1 : 1))[0]![0];
        rows = rows.filter((row) => row.district === chosen);
      }
      const first = rows[0]!;
      const markets = byMarket(rows);
      const figure = districtFigure(markets);
      const named =
        markets.length === 1
          ? markets[0]!.market
          : principalMarket(
              {
                state: state.slug,
                district: first.districtSlug ?? "",
                produceId,
                districtNames: [first.district, first.districtSlug ? districtName(state.slug, first.districtSlug) : ""].filter(Boolean),
              },
              markets.map((m) => m.market),
            );
      const namedFigures = markets.length > 1 ? markets.find((m) => m.market === named) : undefined;
      const band = (f: { min: number; max: number; modal: number }): RateBand => ({
        minPerKg: perKg(f.min),
        maxPerKg: perKg(f.max),
        modalPerKg: perKg(f.modal),
      });
      const grams = where.gramsPerUnit;
      const inUnit = (paisePerQuintal: number) => Math.round((paisePerQuintal * grams!) / 100_000);
      return {
        produceId,
        market: named ?? null,
        district: first.district,
        // In every language: the view is made once and shared by pages in all of them.
        districtNames: Object.fromEntries(
          LANGUAGES.map((language) => [
            language,
            (first.districtSlug && districtName(state.slug, first.districtSlug, language)) || first.district,
          ]),
        ) as Record<Language, string>,
        state: first.state,
        stateSlug: state.slug,
        districtSlug: first.districtSlug,
        arrivalDate: found.date,
        ...band(figure),
        markets: markets.length,
        marketRate: namedFigures ? band(namedFigures) : null,
        inUnit:
          where.unit && where.unit !== "kg" && grams
            ? { unit: where.unit, modalPaise: inUnit(figure.modal), minPaise: inUnit(figure.min), maxPaise: inUnit(figure.max) }
            : null,
        scope: found === inDistrict ? "district" : "state",
        ageDays: rateAgeDays(found.date, now()),
        demo: rows.some((row) => row.demo),
      };
    },

    /**
     * Every market's rate for a produce in a district on a day (the latest day when none is given),
     * for /prices/<produce>/markets/<state>/<district>: each market's records, the district's
     * figure, and how many records were held back as far from the week's national median.
     */
    async marketsOfDay(where: { produceId: string; state: string; district: string; date?: string }) {
      const date = where.date ?? (await repository.latestRate(where))?.arrivalDate;
      if (!date) return null;
      const all = await repository.ratesOfDay({ ...where, arrivalDate: date });
      if (!all.length) return null;
      const shown = await plausibleOfDay(where.produceId, date, all);
      const markets = byMarket(shown);
      const first = all[0]!;
      const named = principalMarket(
        {
          state: where.state,
          district: where.district,
          produceId: where.produceId,
          districtNames: [first.district, districtName(where.state, where.district)],
        },
        markets.map((m) => m.market),
      );
      return {
        date,
        district: first.district,
        heldBack: all.length - shown.length,
        principal: named ?? null,
        figure: markets.length ? { ...districtFigure(markets), markets: markets.length } : null,
        markets: markets.map((m) => ({ market: m.market, min: m.min, max: m.max, modal: m.modal, records: m.records })),
        demo: all.some((row) => row.demo),
      };
    },

    /**
     * The government's rates on a produce's price page: the latest day's figure in each district
     * and each state (of the 30 days up to the produce's newest rate), and the median modal of each
     * of the listings' trend weeks (`weeks`, ISO dates). Paise per quintal.
     */
    async pricePageRates(produceId: string, weeks: ReadonlyArray<{ fromDate: string; toDate: string }>) {
      const newest = (await repository.listRates({ produceId, limit: 1 }))[0];
      const recent = newest
        ? await repository.ratesBetween({ produceId, fromDate: addDays(newest.arrivalDate, -29), toDate: newest.arrivalDate })
        : [];
      const placed = recent.filter((row) => row.stateSlug);
      /** Of a place's rows, its latest day's plausible figure. */
      const latestOf = async (rows: StoredMandiRate[]) => {
        const date = rows.reduce((latest, row) => (row.arrivalDate > latest ? row.arrivalDate : latest), "");
        const ofDay = await plausibleOfDayCached(
          date,
          rows.filter((row) => row.arrivalDate === date),
        );
        if (!ofDay.length) return null;
        const markets = byMarket(ofDay);
        return {
          date,
          figure: districtFigure(markets),
          markets: markets.length,
          names: markets.map((m) => m.market),
          market: markets.length === 1 ? markets[0]!.market : null,
        };
      };
      const medians = new Map<string, number | undefined>();
      const plausibleOfDayCached = async (date: string, rows: StoredMandiRate[]) => {
        if (!medians.has(date)) {
          const fromDate = addDays(date, 1 - WEEK_DAYS);
          const inWindow = recent.filter((row) => row.arrivalDate >= fromDate && row.arrivalDate <= date);
          medians.set(date, weekMedian(inWindow.map((row) => row.modalPrice)));
        }
        return rows.filter((row) => !farFromWeek(row.modalPrice, medians.get(date)));
      };
      const group = (keyOf: (row: StoredMandiRate) => string | null) => {
        const groups = new Map<string, StoredMandiRate[]>();
        for (const row of placed) {
          const key = keyOf(row);
          if (key) groups.set(key, [...(groups.get(key) ?? []), row]);
        }
        return groups;
      };
      const byState = [];
      for (const [state, rows] of group((row) => row.stateSlug)) {
        const latest = await latestOf(rows);
        if (!latest) continue;
        const { names: _names, ...shown } = latest;
        byState.push({ state, ...shown });
      }
      const byDistrict = [];
      for (const [key, rows] of group((row) => (row.districtSlug ? `${row.stateSlug}/${row.districtSlug}` : null))) {
        const latest = await latestOf(rows);
        const [state, district] = key.split("/") as [string, string];
        if (!latest) continue;
        const { names, ...shown } = latest;
        const districtNames = [rows[0]!.district, districtName(state, district)];
        byDistrict.push({
          state,
          district,
          ...shown,
          market: shown.market ?? principalMarket({ state, district, produceId, districtNames }, names) ?? null,
        });
      }
      // The trend: each week's national median of its plausible modals.
      const trend = [];
      if (weeks.length) {
        const all = await repository.ratesBetween({ produceId, fromDate: weeks[0]!.fromDate, toDate: weeks.at(-1)!.toDate });
        for (const week of weeks) {
          const inWeek = all.filter((row) => row.arrivalDate >= week.fromDate && row.arrivalDate <= week.toDate);
          const middle = weekMedian(inWeek.map((row) => row.modalPrice));
          const kept = inWeek.filter((row) => !farFromWeek(row.modalPrice, middle));
          const modals = kept.map((row) => row.modalPrice).sort((a, b) => a - b);
          trend.push(
            modals.length
              ? {
                  modal: median(modals),
                  low: modals[0]!,
                  high: modals.at(-1)!,
                  records: modals.length,
                  markets: new Set(kept.map((row) => row.market)).size,
                }
              : null,
          );
        }
      }
      // Real imports remove the demo rates (migration 0041), so a page's rates are all one or the other.
      return { newestDate: newest?.arrivalDate ?? null, byState, byDistrict, trend, demo: newest?.demo ?? false };
    },
  };
}

export type MandiRatesService = ReturnType<typeof createMandiRatesService>;
