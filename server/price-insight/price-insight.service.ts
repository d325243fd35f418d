/**
 * Price insight from Mandi's own listings (issue 23, decision 020): the usual price of a produce
 * near a place over the last 30 days, where one listing's price stands against it, and a
 * produce's price page (medians by state and district, a 90-day trend).
 *
 * Reads the narrow `price_point` rows (migration 0014) and takes medians in process
 * (core/prices/price-insight). Answers are cached per process, keyed by the content version (decision
 * 017): a listing saved anywhere, on any instance, moves the version, and the next request reads
 * again. The day is part of every key, so the 30-day window moves at midnight UTC too.
 */
import { AppError } from "../../core/shared/app-error";
import type { Grade } from "../../core/catalogue/grades";
import { produceById } from "../../core/catalogue/produce";
import { PRODUCE, type Produce } from "../../core/catalogue/produce-list";
import {
  chooseInsight,
  dayOf,
  INSIGHT_DAYS,
  percentFromUsual,
  perUnitPaise,
  roundForBand,
  type PriceInsightNote,
  summarise,
  summariseBy,
  TREND_DAYS,
  weeklyTrend,
  type InsightScope,
  type PriceInsight,
  type PriceSummary,
  type TrendPoint,
} from "../../core/prices/price-insight";
import type { Language } from "../../core/i18n/languages";
import { districtName, stateName } from "../../core/locations";
import type { InsightAsked } from "../../core/prices/price-insight-query";
import type { ContentVersionRepository } from "../page-cache/content-version.repository";
import type { PriceInsightRepository } from "./price-insight.repository";
import { produceNameIn } from "../../core/catalogue/produce-names";

/** Answers kept per process between two changes of the content version. */
const MAX_CACHED = 5_000;

export interface InsightRequest {
  produceId: string;
  state?: string | null;
  district?: string | null;
  grade?: Grade | null;
  /** A listing left out of the sample: the one being edited, so it is not compared with itself. */
  excludeListing?: string | null;
}

export interface PricePage {
  produce: Produce;
  /** Today, in days since the epoch (UTC). */
  today: number;
  /** All India over the last 30 days, or undefined below the minimum sample. */
  india: PriceSummary | undefined;
  byState: Array<{ state: string; summary: PriceSummary }>;
  byDistrict: Array<{ state: string; district: string; summary: PriceSummary }>;
  trend: TrendPoint[];
}

export function createPriceInsightService(deps: {
  repository: PriceInsightRepository;
  contentVersion: ContentVersionRepository;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const { repository } = deps;
  let cachedVersion: number | undefined;
  const cache = new Map<string, Promise<unknown>>();

  /** The answer for `key` at the current content version and day, computed once. */
  async function cached<T>(key: string, compute: (today: number) => Promise<T>): Promise<T> {
    const version = await deps.contentVersion.current();
    if (version !== cachedVersion) {
      cache.clear();
      cachedVersion = version;
    }
    const today = dayOf(now());
    const fullKey = `${today}|${key}`;
    let answer = cache.get(fullKey) as Promise<T> | undefined;
    if (!answer) {
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
      answer = compute(today);
      cache.set(fullKey, answer);
      answer.catch(() => cache.delete(fullKey));
    }
    return answer;
  }

  async function insight(request: InsightRequest): Promise<PriceInsight> {
    const key = `insight|${request.produceId}|${request.state ?? ""}|${request.district ?? ""}|${request.grade ?? ""}|${request.excludeListing ?? ""}`;
    return cached(key, (today) => {
      const fromDay = today - INSIGHT_DAYS + 1;
      const samples = (scope: InsightScope) =>
        repository.pointsFor({
          produceId: request.produceId,
          fromDay,
          state: scope === "india" ? null : request.state,
          district: scope === "district" ? request.district : null,
          excludeListing: request.excludeListing,
        });
      return chooseInsight(request, samples);
    });
  }

  function placeOf(found: PriceInsight, lang: Language): string {
    if (!found.enough || found.scope === "india") return "";
    return found.scope === "district" ? districtName(found.state!, found.district!, lang) : stateName(found.state!, lang);
  }

  return {
    /** The usual price of a produce near a place (district, else state, else all India). */
    insight,

    /** The sell form's note for what the seller has typed so far; null when no produce is known. */
    async note(asked: InsightAsked, lang: Language): Promise<PriceInsightNote | null> {
      const produce = produceById(asked.produceId);
      if (!produce) return null;
      const found = await insight({
        produceId: produce.id,
        state: asked.state,
        district: asked.district,
        grade: asked.grade,
        excludeListing: asked.excludeListing,
      });
      const inUnit = found.enough && asked.unit !== "kg" && asked.gramsPerUnit !== null;
      return {
        produceId: produce.id,
        produce: produceNameIn(produce, lang),
        enough: found.enough,
        scope: found.enough ? found.scope : null,
        place: placeOf(found, lang),
        grade: found.enough ? found.grade : null,
        medianPaise: found.enough ? roundForBand(found.summary.medianPaise) : 0,
        lowPaise: found.enough ? roundForBand(found.summary.lowPaise) : 0,
        highPaise: found.enough ? roundForBand(found.summary.highPaise) : 0,
        listings: found.enough ? found.summary.listings : found.listings,
        unit: inUnit ? asked.unit : null,
        lowUnitPaise: inUnit ? roundForBand(perUnitPaise(found.summary.lowPaise, asked.gramsPerUnit!)) : null,
        highUnitPaise: inUnit ? roundForBand(perUnitPaise(found.summary.highPaise, asked.gramsPerUnit!)) : null,
      };
    },

    /** Where a listing's price stands against the usual one near it; undefined when there is none to compare with. */
    async standing(
      listing: { produceId: string | null; state: string | null; district: string | null; grade: Grade | null; pricePaise: number },
      lang: Language = "en",
    ): Promise<{ insight: Extract<PriceInsight, { enough: true }>; percent: number; place: string; produceId: string } | undefined> {
      if (!listing.produceId) return undefined;
      const found = await insight({ produceId: listing.produceId, state: listing.state, district: listing.district, grade: listing.grade });
      if (!found.enough) return undefined;
      return {
        insight: found,
        percent: percentFromUsual(listing.pricePaise, found.summary.medianPaise),
        place: placeOf(found, lang),
        produceId: listing.produceId,
      };
    },

    /** A produce's price page; a produce that is not in the catalogue is a 404. */
    async pricePage(produceId: string): Promise<PricePage> {
      const produce = produceById(produceId);
      if (!produce)
        throw new AppError("NOT_FOUND", "We could not find prices for that produce. See all produce prices on the Prices page.");
      return cached(`page|${produce.id}`, async (today) => {
        const points = await repository.pointsFor({ produceId: produce.id, fromDay: today - TREND_DAYS + 1 });
        const recent = points.filter((point) => point.day > today - INSIGHT_DAYS);
        return {
          produce,
          today,
          india: summarise(recent),
          byState: summariseBy(recent, (point) => point.state).map(({ key, summary }) => ({ state: key, summary })),
          byDistrict: summariseBy(recent, (point) => `${point.state}/${point.district}`).map(({ key, summary }) => {
            const [state, district] = key.split("/") as [string, string];
            return { state, district, summary };
          }),
          trend: weeklyTrend(points, today),
        };
      });
    },

    /** Every catalogue produce with its listings of the last 30 days, most listed first. */
    async produceIndex(): Promise<Array<{ produce: Produce; listings: number }>> {
      return cached("index", async (today) => {
        const counts = await repository.countsByProduce(today - INSIGHT_DAYS + 1);
        return PRODUCE.map((produce) => ({ produce, listings: counts.get(produce.id) ?? 0 })).sort(
          (a, b) => b.listings - a.listings || (a.produce.en < b.produce.en ? -1 : 1),
        );
      });
    },
  };
}

export type PriceInsightService = ReturnType<typeof createPriceInsightService>;
