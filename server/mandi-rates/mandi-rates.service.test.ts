/**
 * Decision 050 on a real database, both engines: figures held back at import, a district's median
 * across its markets with its principal market named, every market's rate, and the price page's
 * government rates.
 */
import { Readable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { agmarknetDate, CSV_HEADER_LINE, isoDaysAgo } from "../../tests/support/mandi-rates";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { importMandiRates } from "./import-mandi-rates";

/** 14 Nashik onion markets on one day; Devala's is a per-bunch figure, Lasalgaon's max is written as 0. */
const NASHIK_ONION: ReadonlyArray<[string, number, number, number]> = [
  ["Chandvad", 1000, 1500, 1350],
  ["Devala", 100, 150, 120],
  ["Dindori", 1100, 1400, 1320],
  ["Kalvan", 0, 0, 1700],
  ["Lasalgaon", 1300, 0, 1500],
  ["Lasalgaon(Niphad)", 1200, 1600, 1450],
  ["Manmad", 1000, 1300, 1220],
  ["Nampur", 1200, 1500, 1400],
  ["Nasik", 1100, 1400, 1250],
  ["Pimpalgaon", 1300, 1700, 1560],
  ["Satana", 1400, 1800, 1625],
  ["Sinner", 1200, 1400, 1336],
  ["Umrane", 1100, 1500, 1300],
  ["Yeola", 1000, 1400, 1239],
];

describe.each(testEngines())("mandi rates as pages show them (decision 050) on %s", (engine) => {
  let t: TestServices;
  const day = agmarknetDate(1);
  const file = [
    CSV_HEADER_LINE,
    ...NASHIK_ONION.map(([market, min, max, modal]) => `Maharashtra,Nashik,${market},Onion,Red,FAQ,${day},${min},${max},${modal}`),
    // A modal outside its band, and a leafy vegetable's per-bunch price: held back.
    `Maharashtra,Nashik,Manmad,Tomato,Local,FAQ,${day},1000,1200,1500`,
    `Maharashtra,Nashik,Nasik,Coriander(Leaves),Local,FAQ,${day},10,20,15`,
    `Haryana,Gurgaon,Gurgaon,Wheat,Dara,FAQ,${day},2500,2600,2585`,
  ].join("\n");

  beforeAll(async () => {
    t = await createTestServices({ engine });
  });
  afterAll(async () => {
    await t.cleanup();
  });
  beforeEach(async () => {
    await t.db.kysely.deleteFrom("mandi_rate").execute();
  });

  it("holds back implausible figures at import, counted, and stores a max of 0 as the modal alone", async () => {
    const report = await importMandiRates({ db: t.db, input: Readable.from([Buffer.from(file)]) });
    expect(report).toMatchObject({ read: 17, stored: 15, skipped: 2, heldBackImplausible: 2 });
    const stored = await t.db.kysely
      .selectFrom("mandi_rate")
      .select(["market", "min_price", "max_price", "modal_price"])
      .where("district", "=", "Nashik")
      .where("market", "in", ["Lasalgaon", "Kalvan"])
      .orderBy("market")
      .execute();
    expect(stored.map((row) => [row.market, Number(row.min_price), Number(row.max_price), Number(row.modal_price)])).toEqual([
      ["Kalvan", 170_000, 170_000, 170_000],
      ["Lasalgaon", 150_000, 150_000, 150_000],
    ]);
  });

  it("shows the district's median across its markets, its range and count, with Lasalgaon named, in the seller's unit too", async () => {
    await importMandiRates({ db: t.db, input: Readable.from([Buffer.from(file)]) });
    const rate = await t.mandiRates.rateFor({
      produceId: "onion",
      state: "maharashtra",
      district: "nashik",
      unit: "quintal",
      gramsPerUnit: 100_000,
    });
    // Devala's ₹1.20 a kg is ten times below India's median that week: not one of the markets.
    expect(rate).toMatchObject({
      market: "Lasalgaon",
      markets: 13,
      modalPerKg: 1350,
      minPerKg: 1220,
      maxPerKg: 1700,
      marketRate: { modalPerKg: 1500, minPerKg: 1500, maxPerKg: 1500 },
      inUnit: { unit: "quintal", modalPaise: 135_000, minPaise: 122_000, maxPaise: 170_000 },
      arrivalDate: isoDaysAgo(1),
    });
    // Our district's name beside the government's market name.
    expect(await t.mandiRates.rateFor({ produceId: "wheat", state: "haryana", district: "gurugram" })).toMatchObject({
      market: "Gurgaon",
      district: "Gurgaon",
      districtNames: { en: "Gurugram", hi: "गुरुग्राम" },
      markets: 1,
    });
  });

  it("lists every market's rate that day, the principal one marked and the per-bunch one held back", async () => {
    await importMandiRates({ db: t.db, input: Readable.from([Buffer.from(file)]) });
    const day = await t.mandiRates.marketsOfDay({ produceId: "onion", state: "maharashtra", district: "nashik" });
    expect(day).toMatchObject({ date: isoDaysAgo(1), heldBack: 1, principal: "Lasalgaon", figure: { modal: 135_000, markets: 13 } });
    expect(day!.markets.map((m) => m.market)).not.toContain("Devala");
    expect(day!.markets).toHaveLength(13);
    expect(await t.mandiRates.marketsOfDay({ produceId: "onion", state: "maharashtra", district: "pune" })).toBeNull();
  });

  it("gives the price page the latest rate by state and district and the weekly modal trend", async () => {
    await importMandiRates({ db: t.db, input: Readable.from([Buffer.from(file)]) });
    const rates = await t.mandiRates.pricePageRates("onion", [
      { fromDate: isoDaysAgo(13), toDate: isoDaysAgo(7) },
      { fromDate: isoDaysAgo(6), toDate: isoDaysAgo(0) },
    ]);
    expect(rates.newestDate).toBe(isoDaysAgo(1));
    expect(rates.byState).toEqual([
      expect.objectContaining({ state: "maharashtra", markets: 13, figure: expect.objectContaining({ modal: 135_000 }) }),
    ]);
    expect(rates.byDistrict).toEqual([
      expect.objectContaining({ state: "maharashtra", district: "nashik", markets: 13, market: "Lasalgaon" }),
    ]);
    expect(rates.trend[0]).toBeNull();
    expect(rates.trend[1]).toMatchObject({ modal: 135_000, low: 122_000, high: 170_000, markets: 13 });
  });
});
