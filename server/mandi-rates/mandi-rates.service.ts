/**
 * The government's mandi rate a page shows beside a price: the latest imported rate for a
 * produce in its district, else in its state (decision 021). Always with its market, date and
 * source; never today's price unless it is dated today.
 */
import type { MandiRatesRepository } from "./mandi-rates.repository";
import { priceContext, type PriceContextFields } from "../../core/catalogue/price-context";
import { rateAgeDays, type MandiRateView } from "../../core/prices/mandi-rate";
import { findDistrict, findState } from "../../core/locations";

export function createMandiRatesService(deps: { repository: MandiRatesRepository; now?: () => number }) {
  const now = deps.now ?? Date.now;
  return {
    /**
     * For the sell form: the produce it is compared with and the place chosen so far
     * (core/catalogue/price-context).
     */
    async rateForForm(values: PriceContextFields): Promise<MandiRateView | null> {
      return this.rateFor(priceContext(values));
    },

    /** Rates as imported, for the public API (decision 032): see listRates. */
    listRates: deps.repository.listRates,

    async rateFor(where: {
      produceId: string | null | undefined;
      state: string | null | undefined;
      district?: string | null;
    }): Promise<MandiRateView | null> {
      // Rates are filed by the places' slugs: text that names no place (a form's, as typed, with a
      // NUL PostgreSQL refuses) finds none without asking the database.
      const state = where.state ? findState(where.state) : undefined;
      if (!where.produceId || !state) return null;
      const district = where.district ? findDistrict(state.slug, where.district) : undefined;
      const inDistrict = district
        ? await deps.repository.latestRate({ produceId: where.produceId, state: state.slug, district: district.slug })
        : undefined;
      const found = inDistrict ?? (await deps.repository.latestRate({ produceId: where.produceId, state: state.slug }));
      if (!found) return null;
      return {
        market: found.market,
        district: found.district,
        state: found.state,
        arrivalDate: found.arrivalDate,
        // Prices come per quintal (100 kg); pages show them per kg.
        minPerKg: Math.round(found.minPrice / 100),
        maxPerKg: Math.round(found.maxPrice / 100),
        modalPerKg: Math.round(found.modalPrice / 100),
        scope: inDistrict ? "district" : "state",
        ageDays: rateAgeDays(found.arrivalDate, now()),
      };
    },
  };
}

export type MandiRatesService = ReturnType<typeof createMandiRatesService>;
