/**
 * The demo market's made-up mandi rates (issue 42, item 4), on both engines: imported by the seed
 * through the real importer, marked demo wherever a page or the API reads them, removed by the
 * first import of real rates, and never added beside real ones.
 */
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agmarknetDate, CSV_HEADER_LINE } from "../../tests/support/mandi-rates";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { importMandiRates } from "../mandi-rates/import-mandi-rates";
import { createMandiRatesRepository } from "../mandi-rates/mandi-rates.repository";
import { mandiRateView } from "../public-api/public-api.views";
import { DEMO_RATE_DAYS, seedDemoRates } from "./demo-rates";

describe.each(testEngines())("the demo market's mandi rates on %s", (engine) => {
  let t: TestServices;
  const sources = async () => (await t.db.kysely.selectFrom("mandi_rate").select("source").execute()).map((row) => row.source).sort();

  beforeAll(async () => {
    t = await createTestServices({ engine });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it("are imported whole, every figure plausible, and marked demo on the listing's note, the price page, the markets page and the API", async () => {
    const report = await seedDemoRates(t.db, t.clock.now);
    expect(report).toMatchObject({ skipped: 0, heldBackImplausible: 0, demoRatesRemoved: 0 });
    expect(report!.stored).toBe(report!.read);
    expect(report!.stored).toBeGreaterThanOrEqual(DEMO_RATE_DAYS * 10);
    expect(report!.matchedBoth).toBe(report!.read);
    expect(new Set(await sources())).toEqual(new Set(["demo"]));

    const rate = await t.mandiRates.rateFor({ produceId: "onion", state: "maharashtra", district: "nashik" });
    expect(rate).toMatchObject({ demo: true, market: "Lasalgaon", markets: 2, ageDays: 1 });
    const page = await t.mandiRates.pricePageRates("onion", []);
    expect(page.demo).toBe(true);
    expect(page.byDistrict.map((row) => row.district)).toEqual(expect.arrayContaining(["nashik", "pune", "solapur"]));
    const markets = await t.mandiRates.marketsOfDay({ produceId: "onion", state: "maharashtra", district: "nashik" });
    expect(markets).toMatchObject({ demo: true, principal: "Lasalgaon", heldBack: 0 });
    const [first] = await createMandiRatesRepository(t.db.kysely).listRates({ produceId: "wheat", limit: 1 });
    expect(mandiRateView(first!).demo).toBe(true);
    // Seeding again the same day stores nothing twice.
    expect((await seedDemoRates(t.db, t.clock.now))!.stored).toBe(0);
  });

  it("are removed by the first import of the government's rates, and never added beside them", async () => {
    const demoCount = (await sources()).length;
    const real = [CSV_HEADER_LINE, `Maharashtra,Nashik,Lasalgaon,Onion,Red,FAQ,${agmarknetDate(2, t.clock.now)},1800,2200,2000`].join("\n");
    const report = await importMandiRates({ db: t.db, input: Readable.from([real]), now: t.clock.now });
    expect(report).toMatchObject({ stored: 1, demoRatesRemoved: demoCount });
    expect(await sources()).toEqual(["agmarknet"]);
    const rate = await t.mandiRates.rateFor({ produceId: "onion", state: "maharashtra", district: "nashik" });
    expect(rate).toMatchObject({ demo: false, market: "Lasalgaon", modalPerKg: 2000 });
    expect((await t.mandiRates.pricePageRates("onion", [])).demo).toBe(false);

    expect(await seedDemoRates(t.db, t.clock.now)).toBeNull();
    expect(await sources()).toEqual(["agmarknet"]);
  });
});
