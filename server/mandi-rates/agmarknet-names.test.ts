/**
 * AGMARKNET's own spellings of districts, states and commodities (issue 41, decision 049) through
 * the whole import on a real database, both engines in CI: each row of a hand-written file in the
 * portal's shape is stored matched to its district and its produce.
 */
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agmarknetDate } from "../../tests/support/mandi-rates";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { importMandiRates } from "./import-mandi-rates";

// [state, district, market, commodity] as the portal writes them → [state slug, district slug, produce id].
const ROWS: ReadonlyArray<readonly [string, string, string, string, string, string | null, string | null]> = [
  ["Kerala", "Palakad", "Palakkad", "Tomato", "kerala", "palakkad", "tomato"],
  ["Kerala", "Thirssur", "Thrissur", "Ridgeguard(Tori)", "kerala", "thrissur", "ridge-gourd"],
  ["Karnataka", "Karwar(Uttar Kannad)", "Sirsi", "Arecanut(Betelnut/Supari)", "karnataka", "uttara-kannada", "arecanut"],
  ["Karnataka", "Mangalore(Dakshin Kannad)", "Mangalore", "Ashgourd", "karnataka", "dakshina-kannada", "ash-gourd"],
  ["Karnataka", "Madikeri(Kodagu)", "Madikeri", "Ginger(Dry)", "karnataka", "kodagu", "dry-ginger"],
  ["Uttrakhand", "Dehradoon", "Dehradun", "Onion Green", "uttarakhand", "dehradun", "onion-green"],
  ["Uttrakhand", "UdhamSinghNagar", "Rudrapur", "Colacasia", "uttarakhand", "udham-singh-nagar", "colocasia"],
  ["Uttar Pradesh", "Bulandshahar", "Khurja", "Guar", "uttar-pradesh", "bulandshahr", "beans"],
  ["Uttar Pradesh", "Raebarelli", "Raebareli", "Peas(Dry)", "uttar-pradesh", "raebareli", "dry-peas"],
  ["Gujarat", "Banaskanth", "Deesa", "Banana - Green", "gujarat", "banaskantha", "raw-banana"],
  ["Gujarat", "Junagarh", "Junagarh", "Chili Red", "gujarat", "junagadh", "dry-chilli"],
  ["Haryana", "Mahendragarh-Narnaul", "Narnaul", "Sweet Pumpkin", "haryana", "mahendragarh", "pumpkin"],
  ["Himachal Pradesh", "Sirmore", "Paonta Sahib", "Indian Beans (Seam)", "himachal-pradesh", "sirmaur", "beans"],
  ["Tamil Nadu", "Thiruchirappalli", "Manapparai", "Snakeguard", "tamil-nadu", "tiruchirappalli", "snake-gourd"],
  ["Tamil Nadu", "Thirupur", "Tiruppur", "Papaya (Raw)", "tamil-nadu", "tiruppur", "papaya"],
  ["Andhra Pradesh", "Chittor", "Palamaner", "Peas cod", "andhra-pradesh", "chittoor", "peas"],
  ["Rajasthan", "Jaipur Rural", "Bassi", "Beetroot", "rajasthan", "jaipur", "beetroot"],
  ["Gujarat", "Rajkot", "Rajkot", "Cotton", "gujarat", "rajkot", "cotton"],
  // Delhi's markets are in no one district; a fish is no produce.
  ["NCT of Delhi", "Delhi", "Azadpur", "Amaranthus", "delhi", null, "amaranth"],
  ["Kerala", "Palakad", "Palakkad", "Fish", "kerala", "palakkad", null],
];

describe.each(testEngines())("AGMARKNET's spellings through the importer on %s", (engine) => {
  let t: TestServices;

  beforeAll(async () => {
    t = await createTestServices({ engine });
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it("stores each row matched to its district and produce, and lists only what names none", async () => {
    const day = agmarknetDate(1);
    const quoted = (value: string) => (/[,()]/.test(value) ? `"${value}"` : value);
    const file = [
      "State,District,Market,Commodity,Variety,Grade,Arrival_Date,Min_x0020_Price,Max_x0020_Price,Modal_x0020_Price",
      ...ROWS.map(([state, district, market, commodity]) =>
        [state, district, market, commodity, "Other", "FAQ", day, "2000", "3000", "2500"].map(quoted).join(","),
      ),
    ].join("\n");
    const report = await importMandiRates({ db: t.db, input: Readable.from([Buffer.from(file)]) });
    expect(report).toMatchObject({ read: ROWS.length, stored: ROWS.length, skipped: 0 });
    expect([...report.unknownPlaces]).toEqual([["Delhi, NCT of Delhi", 1]]);
    expect([...report.unknownCommodities]).toEqual([["Fish", 1]]);

    const stored = await t.db.kysely
      .selectFrom("mandi_rate")
      .select(["state", "district", "commodity", "state_slug", "district_slug", "produce_id"])
      .execute();
    const found = ROWS.map(([state, district, , commodity]) => {
      const row = stored.find((r) => r.state === state && r.district === district && r.commodity === commodity);
      return [state, district, commodity, row?.state_slug, row?.district_slug, row?.produce_id];
    });
    expect(found).toEqual(ROWS.map(([state, district, , commodity, ...matched]) => [state, district, commodity, ...matched]));
  });
});
