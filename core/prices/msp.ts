/**
 * Minimum support prices (MSP): the price per quintal at which government procurement centres buy
 * a crop in a marketing season, fixed by the Union Cabinet on the Commission for Agricultural Costs
 * and Prices' advice. A dated table, one block per season, each with its source. How to add next
 * season's block: docs/operations.md, "Minimum support prices". Why it is kept like this: decision 019.
 *
 * Kharif marketing season (KMS) Y-Y+1 runs from 1 October Y to 30 September Y+1; rabi marketing
 * season (RMS) Y-Y+1 from 1 April Y to 31 March Y+1.
 */
import type { Language } from "../i18n/languages";

/**
 * A season's or a variety's words, in English and Hindi; a page in another language shows the
 * English until its words are written here (issue 40, left undone: decision 060).
 */
export type MspWords = { en: string; hi: string } & Partial<Record<Language, string>>;

export function mspWords(words: MspWords, language: Language): string {
  return words[language] ?? words.en;
}

export interface MspSeason {
  /** As the Cabinet names it: "Kharif marketing season 2025-26". */
  name: MspWords;
  /** First and last day it applies to, "YYYY-MM-DD" (India's dates). */
  from: string;
  to: string;
  /**
   * The Cabinet's decision, as the Press Information Bureau (pib.gov.in) published it: its title
   * and date, by which it is found there. (Written without internet access; no link was copied.)
   */
  source: { title: string; date: string };
  /** Produce id (core/catalogue/produce) → the MSP in paise per quintal; `variety` names which, where several. */
  prices: ReadonlyArray<{ produce: string; perQuintalPaise: number; variety?: MspWords }>;
}

const rupees = (perQuintal: number) => perQuintal * 100;

export const MSP_SEASONS: readonly MspSeason[] = [
  {
    name: { en: "Kharif marketing season 2025-26", hi: "ख़रीफ़ विपणन सीज़न 2025-26" },
    from: "2025-10-01",
    to: "2026-09-30",
    source: {
      title: "Cabinet approves Minimum Support Prices (MSP) for Kharif crops for Marketing Season 2025-26",
      date: "2025-05-28",
    },
    prices: [
      { produce: "paddy", perQuintalPaise: rupees(2369), variety: { en: "common", hi: "सामान्य" } },
      { produce: "paddy", perQuintalPaise: rupees(2389), variety: { en: "grade A", hi: "ग्रेड ए" } },
      { produce: "jowar", perQuintalPaise: rupees(3699), variety: { en: "hybrid", hi: "हाइब्रिड" } },
      { produce: "jowar", perQuintalPaise: rupees(3749), variety: { en: "maldandi", hi: "मालदांडी" } },
      { produce: "bajra", perQuintalPaise: rupees(2775) },
      { produce: "ragi", perQuintalPaise: rupees(4886) },
      { produce: "maize", perQuintalPaise: rupees(2400) },
      { produce: "tur", perQuintalPaise: rupees(8000) },
      { produce: "moong", perQuintalPaise: rupees(8768) },
      { produce: "urad", perQuintalPaise: rupees(7800) },
      { produce: "groundnut", perQuintalPaise: rupees(7263) },
      { produce: "sunflower", perQuintalPaise: rupees(7721) },
      { produce: "soybean", perQuintalPaise: rupees(5328), variety: { en: "yellow", hi: "पीला" } },
      { produce: "sesame", perQuintalPaise: rupees(9846) },
      { produce: "niger", perQuintalPaise: rupees(9537) },
      { produce: "cotton", perQuintalPaise: rupees(7710), variety: { en: "medium staple", hi: "मध्यम रेशा" } },
      { produce: "cotton", perQuintalPaise: rupees(8110), variety: { en: "long staple", hi: "लंबा रेशा" } },
    ],
  },
  {
    name: { en: "Rabi marketing season 2026-27", hi: "रबी विपणन सीज़न 2026-27" },
    from: "2026-04-01",
    to: "2027-03-31",
    source: {
      title: "Cabinet approves Minimum Support Prices (MSP) for all Rabi crops for Marketing Season 2026-27",
      date: "2025-10-01",
    },
    prices: [
      { produce: "wheat", perQuintalPaise: rupees(2585) },
      { produce: "barley", perQuintalPaise: rupees(2150) },
      { produce: "chana", perQuintalPaise: rupees(5875) },
      { produce: "masur", perQuintalPaise: rupees(7000) },
      { produce: "mustard", perQuintalPaise: rupees(6200) },
      { produce: "safflower", perQuintalPaise: rupees(6540) },
    ],
  },
];

export interface Msp {
  produce: string;
  perQuintalPaise: number;
  variety?: { en: string; hi: string };
  season: MspSeason;
  /**
   * False when `date` is past the season's end and no newer season is in the table: the last MSP
   * known, to be shown with its season's name, never as today's.
   */
  inForce: boolean;
}

/**
 * The MSPs for a produce on a date (India's "YYYY-MM-DD"): those of the latest season in the table
 * that has begun by then, lowest first (paddy has two). Empty when the produce has no MSP.
 */
export function mspFor(produce: string | null | undefined, date: string): Msp[] {
  if (!produce) return [];
  const seasons = MSP_SEASONS.filter((season) => season.from <= date && season.prices.some((price) => price.produce === produce)).sort(
    (a, b) => b.from.localeCompare(a.from),
  );
  const season = seasons[0];
  if (!season) return [];
  return season.prices
    .filter((price) => price.produce === produce)
    .map((price) => ({ ...price, season, inForce: date <= season.to }))
    .sort((a, b) => a.perQuintalPaise - b.perQuintalPaise);
}
