/**
 * The mandi rates importer (issue 23 part 3, decision 021) on a real database, both engines in CI:
 * the sample file, a rerun that stores nothing twice, bad rows by line, a wrong file refused whole,
 * the API's JSON, a URL served by a local HTTP server, and the rate a listing's page shows.
 */
import { createReadStream } from "node:fs";
import { writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { agmarknetDate, CSV_HEADER_LINE, isoDaysAgo } from "../../tests/support/mandi-rates";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { importMandiRates, WrongHeadersError } from "./import-mandi-rates";
import { openImportSource, withApiKey } from "./import-source";
import { createMandiRatesRepository } from "./mandi-rates.repository";

const SAMPLE = path.resolve("docs/samples/mandi-rates-sample.csv");
const fromText = (text: string) => Readable.from([Buffer.from(text)]);

describe.each(testEngines())("the mandi rates importer on %s", (engine) => {
  let t: TestServices;
  const count = () => createMandiRatesRepository(t.db.kysely).countRates();
  const run = (input: Readable, batchSize?: number) => importMandiRates({ db: t.db, input, batchSize });

  beforeAll(async () => {
    t = await createTestServices({ engine });
  });
  afterAll(async () => {
    await t.cleanup();
  });
  beforeEach(async () => {
    await t.db.kysely.deleteFrom("mandi_rate").execute();
  });

  it("imports the sample file, matching produce and districts by old and new names, and keeps unknown names", async () => {
    const report = await run(createReadStream(SAMPLE));
    expect(report).toMatchObject({ format: "csv", read: 13, stored: 13, alreadyStored: 0, skipped: 0 });
    expect(report.unknownCommodities.size).toBe(0);
    expect(report.unknownPlaces.size).toBe(0);
    const rows = await t.db.kysely
      .selectFrom("mandi_rate")
      .select(["district", "district_slug", "commodity", "produce_id", "min_price", "arrival_date"])
      .execute();
    const byDistrict = (district: string) => rows.find((r) => r.district === district)!;
    expect(byDistrict("Ahmednagar").district_slug).toBe("ahilyanagar");
    expect(byDistrict("Gurgaon").district_slug).toBe("gurugram");
    expect(byDistrict("Allahabad").district_slug).toBe("prayagraj");
    expect(rows.find((r) => r.commodity === "Bhindi(Ladies Finger)")?.produce_id).toBe("okra");
    expect(rows.find((r) => r.commodity === "Arhar (Tur/Red Gram)(Whole)")?.produce_id).toBe("tur");
    expect(rows.find((r) => r.commodity === "Paddy(Dhan)(Common)")?.produce_id).toBe("paddy");
    // Stored as they came: paise per quintal.
    const cotton = rows.find((r) => r.commodity === "Cotton")!;
    expect([cotton.produce_id, Number(cotton.min_price), cotton.arrival_date]).toEqual(["cotton", 680000, "2026-11-24"]);
  });

  it("stores each record once however often it is imported, and moves the content version only when something is new", async () => {
    await run(createReadStream(SAMPLE), 4);
    const version = async () =>
      Number((await t.db.kysely.selectFrom("content_version").select("version").executeTakeFirstOrThrow()).version);
    const before = await version();
    const again = await run(createReadStream(SAMPLE), 3);
    expect(again).toMatchObject({ read: 13, stored: 0, alreadyStored: 13 });
    expect(await count()).toBe(13);
    expect(await version()).toBe(before);
    // The same record twice in one file, with other spacing and case: once.
    const today = agmarknetDate(0);
    const twice = await run(
      fromText(
        `${CSV_HEADER_LINE}\nMaharashtra,Nashik,Lasalgaon,Onion,Red,FAQ,${today},1000,2000,2000\nMaharashtra, Nashik ,LASALGAON,Onion,Red,FAQ,${today},1000,2000,2000\n`,
      ),
    );
    expect(twice).toMatchObject({ stored: 1, alreadyStored: 1 });
    expect(await version()).toBeGreaterThan(before);
  });

  it("skips bad rows and reports each by its line number", async () => {
    const day = agmarknetDate(1);
    const file = [
      CSV_HEADER_LINE,
      `Maharashtra,Nashik,Lasalgaon,Onion,Red,FAQ,${day},1900,2300,2150`,
      `Maharashtra,Nashik,Lasalgaon,Onion,Red,FAQ,${day},abc,2300,2150`,
      `Maharashtra,Nashik,Lasalgaon,Onion,Pole,FAQ,${day},2400,2300,2350`,
      `Maharashtra,Nashik,Lasalgaon,Onion,White,FAQ,${agmarknetDate(-3)},1900,2300,2150`,
      `Maharashtra,Nashik,Lasalgaon,,Red,FAQ,${day},1900,2300,2150`,
      `"Maharashtra","Nashik","Lasalgaon ""new yard""",Tomato,Local,FAQ,${day},800,1200,1000`,
      `Maharashtra,Nashik,Lasalgaon,Potato,Local,FAQ,31/02/2026,800,1200,1000`,
      `Maharashtra,Nashik,Lasalgaon,Garlic,Local,FAQ,${day},800`,
      `Atlantis,Sunken City,Pier,Onion,Red,FAQ,${day},1900,2300,2150`,
    ].join("\r\n");
    const report = await run(fromText(file));
    expect(report).toMatchObject({ read: 9, stored: 3, skipped: 6 });
    expect(report.badRows.map((bad) => bad.line)).toEqual([3, 4, 5, 6, 8, 9]);
    expect(report.badRows[0]!.problem).toMatch(/min price "abc" is not a number/);
    expect(report.badRows[1]!.problem).toMatch(/modal price \(2350\) is outside its min–max/);
    expect(report.heldBackImplausible).toBe(1);
    expect(report.badRows[2]!.problem).toMatch(/in the future/);
    expect(report.badRows[3]!.problem).toMatch(/commodity is empty/);
    expect(report.badRows[4]!.problem).toMatch(/not a dd\/mm\/yyyy date/);
    expect(report.badRows[5]!.problem).toMatch(/not a number/);
    expect([...report.unknownPlaces]).toEqual([["Sunken City, Atlantis", 1]]);
    expect(await count()).toBe(3);
    const quoted = await t.db.kysely.selectFrom("mandi_rate").select("market").where("commodity", "=", "Tomato").executeTakeFirstOrThrow();
    expect(quoted.market).toBe('Lasalgaon "new yard"');
  });

  it("refuses a file whose headers are wrong, naming the expected headers, and writes nothing", async () => {
    const wrong = `State,District,Market,Commodity,Variety,Grade,Date,Min,Max,Modal\nMaharashtra,Nashik,Lasalgaon,Onion,Red,FAQ,${agmarknetDate(1)},1900,2300,2150\n`;
    await expect(run(fromText(wrong))).rejects.toThrow(WrongHeadersError);
    await expect(run(fromText(wrong))).rejects.toThrow(
      "no column for the arrival date: expected Arrival_Date or arrival_date; no column for the min price: expected Min_x0020_Price, Min_Price or min_price",
    );
    await expect(run(fromText('{"status":"error","message":"Invalid key"}'))).rejects.toThrow(WrongHeadersError);
    await expect(run(fromText('{"records":[{"name":"x"}]}'))).rejects.toThrow(WrongHeadersError);
    expect(await count()).toBe(0);
  });

  it("reads the API's JSON, and its records are the CSV's records", async () => {
    const day = agmarknetDate(2);
    const record = (fields: Record<string, unknown>) => ({
      state: "Maharashtra",
      district: "Nashik",
      market: "Lasalgaon",
      commodity: "Onion",
      variety: "Red",
      grade: "FAQ",
      arrival_date: day,
      min_price: "1900",
      max_price: "2300",
      modal_price: "2150",
      ...fields,
    });
    const json = JSON.stringify({
      index_name: "9ef84268-d588-465a-a308-a864a43d0070",
      total: 3,
      count: 3,
      records: [record({}), record({ variety: "Pole", min_price: 1800 }), record({ variety: "White", max_price: "n/a" })],
    });
    const report = await run(fromText(json));
    expect(report).toMatchObject({
      format: "json",
      read: 3,
      stored: 2,
      skipped: 1,
      badRows: [{ line: 3, problem: expect.stringMatching(/max price "n\/a"/) }],
    });
    const csv = await run(fromText(`${CSV_HEADER_LINE}\nMaharashtra,Nashik,Lasalgaon,Onion,Red,FAQ,${day},1900,2300,2150\n`));
    expect(csv).toMatchObject({ stored: 0, alreadyStored: 1 });
    const bare = await run(fromText(JSON.stringify([record({ variety: "Local" })])));
    expect(bare).toMatchObject({ format: "json", stored: 1 });
  });

  it("reads a URL, as a daily run from the open-data portal does", async () => {
    const file = path.join(t.dataDir, "rates.csv");
    await writeFile(file, `${CSV_HEADER_LINE}\nMaharashtra,Nashik,Lasalgaon,Onion,Red,FAQ,${agmarknetDate(0)},1900,2300,2150\n`);
    const seen: string[] = [];
    const server: Server = createServer((request, response) => {
      seen.push(request.url ?? "");
      if (!request.url?.startsWith("/resource/")) return void response.writeHead(404).end("not here");
      response.writeHead(200, { "content-type": "text/csv" });
      createReadStream(file).pipe(response);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      // The API key is set, but this server is not the portal's API: it never sees the key.
      const env = { DATA_GOV_IN_API_KEY: "secret-portal-key" };
      const source = await openImportSource(`http://127.0.0.1:${port}/resource/rates?format=csv`, env);
      expect(await run(source.input as Readable)).toMatchObject({ read: 1, stored: 1 });
      await expect(openImportSource(`http://127.0.0.1:${port}/missing`, env)).rejects.toThrow(/answered 404/);
      expect(seen).toEqual(["/resource/rates?format=csv", "/missing"]);
    } finally {
      server.close();
    }
  });

  it("picks the latest rate for a produce in the district, else in the state, per kg", async () => {
    await run(createReadStream(SAMPLE));
    await run(fromText(`${CSV_HEADER_LINE}\nMaharashtra,Satara,Satara,Onion,Red,FAQ,${agmarknetDate(0)},1000,1400,1200\n`));
    // Looked up on 10 Dec 2026 (India): the 24 Nov rate is 16 days old, and says so on the page.
    t.clock.now = Date.UTC(2026, 11, 10, 6, 30);
    expect(await t.mandiRates.rateFor({ produceId: "onion", state: "maharashtra", district: "nashik" })).toEqual({
      produceId: "onion",
      market: "Lasalgaon",
      district: "Nashik",
      districtNames: expect.objectContaining({ en: "Nashik", hi: "नासिक", mr: "नाशिक" }),
      state: "Maharashtra",
      stateSlug: "maharashtra",
      districtSlug: "nashik",
      arrivalDate: "2026-11-24",
      minPerKg: 1900,
      maxPerKg: 2300,
      modalPerKg: 2150,
      markets: 1,
      marketRate: null,
      inUnit: null,
      scope: "district",
      ageDays: 16,
      demo: false,
    });
    // None in Kolhapur: the state's latest.
    expect(await t.mandiRates.rateFor({ produceId: "onion", state: "maharashtra", district: "kolhapur" })).toMatchObject({
      market: "Satara",
      arrivalDate: isoDaysAgo(0),
      scope: "state",
    });
    expect(await t.mandiRates.rateFor({ produceId: "wheat", state: "haryana", district: "gurugram" })).toMatchObject({
      market: "Gurgaon",
      modalPerKg: 2585,
    });
    expect(await t.mandiRates.rateFor({ produceId: "onion", state: "kerala", district: null })).toBeNull();
    expect(await t.mandiRates.rateFor({ produceId: null, state: "maharashtra", district: "nashik" })).toBeNull();
    // The sell form's place as typed, which names no place: none found, and no 500 from
    // PostgreSQL, which refuses a NUL in text.
    expect(
      await t.mandiRates.rateForForm({ name: "Onion", category: "vegetables", produce: "onion", state: "x\u0000y", district: "" }),
    ).toBeNull();
    expect(
      await t.mandiRates.rateForForm({
        name: "Onion",
        category: "vegetables",
        produce: "onion",
        state: "maharashtra",
        district: "x\u0000y",
      }),
    ).toMatchObject({ market: "Satara", scope: "state" });
    // A place's name, not only its slug, finds its rates.
    expect(await t.mandiRates.rateFor({ produceId: "onion", state: "Maharashtra", district: "Nashik" })).toMatchObject({
      market: "Lasalgaon",
      scope: "district",
    });
  });
});

describe("the data.gov.in API key (issue 38, finding 7)", () => {
  const keyed = (target: string) => withApiKey(new URL(target), "secret-portal-key").searchParams.get("api-key");

  it("goes to the portal's API over https, and to no host that merely ends like it", () => {
    expect(keyed("https://api.data.gov.in/resource/9ef84268?format=json")).toBe("secret-portal-key");
    expect(keyed("https://API.DATA.GOV.IN/resource/9ef84268")).toBe("secret-portal-key");
    for (const elsewhere of [
      "https://evildata.gov.in/resource/9ef84268",
      "https://data.gov.in.evil.example/resource/9ef84268",
      "https://evil.example/api.data.gov.in",
      "https://api.data.gov.in.evil.example/resource/9ef84268",
      "https://x.api.data.gov.in/resource/9ef84268",
      "https://api.data.gov.in:8443/resource/9ef84268",
      "https://user@api.data.gov.in/resource/9ef84268",
      "http://api.data.gov.in/resource/9ef84268",
    ]) {
      expect(keyed(elsewhere), elsewhere).toBeNull();
    }
  });

  it("keeps a key the address already carries, and adds none without a key", () => {
    expect(keyed("https://api.data.gov.in/resource/9ef84268?api-key=given")).toBe("given");
    expect(withApiKey(new URL("https://api.data.gov.in/resource/9ef84268"), undefined).searchParams.has("api-key")).toBe(false);
  });
});
