/**
 * Every shape the open-data portal has published the mandi rates in (issue 41, decision 048),
 * from hand-written files in tests/fixtures/mandi-rates/, through the whole import on a real
 * database, both engines in CI: what is stored, a rerun that stores nothing twice, bad rows by
 * line; a refusal that names what is missing or which other shape a file is; the API's JSON read
 * page by page from a local server that answers as data.gov.in documents its API.
 */
import { createReadStream } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { importMandiRates, WrongHeadersError } from "./import-mandi-rates";
import { openImportSource } from "./import-source";
import { createMandiRatesRepository } from "./mandi-rates.repository";

const fixture = (name: string) => path.resolve("tests/fixtures/mandi-rates", name);
const fromText = (text: string) => Readable.from([Buffer.from(text)]);

const SHAPES = [
  {
    file: "daily-x0020.csv",
    shape: "daily-x0020",
    bad: [{ line: 4, problem: /min price "abc" is not a number/ }],
    row: { district: "Chittor", commodity: "Cluster beans", arrival_date: "2025-04-05", modal_price: 450000 },
  },
  {
    file: "daily-min-price.csv",
    shape: "daily-min-price",
    bad: [{ line: 4, problem: /arrival date "31-09-2024"/ }],
    row: { district: "Barpeta", commodity: "Tomato", grade: "Local", arrival_date: "2024-09-15", min_price: 250000 },
  },
  {
    file: "api-csv-2019.csv",
    shape: "api-csv",
    bad: [{ line: 4, problem: /max price "" is not a number/ }],
    row: { district: "South Andaman", commodity: "Amaranthus", grade: "", arrival_date: "2019-03-04", max_price: 800000 },
  },
  {
    file: "api.json",
    shape: "api-json",
    bad: [{ line: 3, problem: /commodity is empty/ }],
    row: { district: "Palakkad", district_slug: "palakkad", commodity: "Banana", arrival_date: "2024-12-03", modal_price: 310000 },
  },
  {
    file: "variety-wise.csv",
    shape: "variety-wise",
    bad: [{ line: 4, problem: /arrival date "2017-13-01"/ }],
    row: { district: "Pune", commodity: "Carrot", produce_id: "carrot", arrival_date: "2017-02-13", modal_price: 151000 },
  },
  {
    file: "variety-wise.json",
    shape: "variety-wise",
    // Min above max: figures that contradict each other, held back by the plausibility rule (decision 050).
    bad: [{ line: 3, problem: /the modal price \(2000\) is outside its min–max \(2100–2060\)/ }],
    heldBack: 1,
    row: { district: "Warangal", commodity: "Cotton", arrival_date: "2007-01-18", min_price: 195000 },
  },
] as const;

describe.each(testEngines())("every shape of the mandi rates on %s", (engine) => {
  let t: TestServices;
  const count = () => createMandiRatesRepository(t.db.kysely).countRates();
  const run = (input: Parameters<typeof importMandiRates>[0]["input"]) => importMandiRates({ db: t.db, input, batchSize: 2 });

  beforeAll(async () => {
    t = await createTestServices({ engine });
  });
  afterAll(async () => {
    await t.cleanup();
  });
  beforeEach(async () => {
    await t.db.kysely.deleteFrom("mandi_rate").execute();
  });

  it.each(SHAPES)("imports $file ($shape) once however often it runs, and reports its bad rows by line", async (shape) => {
    const report = await run(createReadStream(fixture(shape.file)));
    expect(report.shape).toBe(shape.shape);
    expect(report.read).toBe(3 + (shape.file.startsWith("variety-wise.csv") || shape.file.startsWith("daily-x0020") ? 1 : 0));
    expect(report.skipped).toBe(shape.bad.length);
    expect(report.badRows.map((bad) => bad.line)).toEqual(shape.bad.map((bad) => bad.line));
    report.badRows.forEach((bad, i) => expect(bad.problem).toMatch(shape.bad[i]!.problem));
    const good = report.read - report.skipped;
    expect(report.stored).toBe(good);
    expect(await count()).toBe(good);
    expect(report.matchedBoth).toBeLessThanOrEqual(Math.min(report.matchedProduce, report.matchedDistrict));
    expect(report.heldBackImplausible).toBe("heldBack" in shape ? shape.heldBack : 0);
    const row = await t.db.kysely
      .selectFrom("mandi_rate")
      .selectAll()
      .where("district", "=", shape.row.district)
      .where("arrival_date", "=", shape.row.arrival_date)
      .executeTakeFirstOrThrow();
    expect({
      ...row,
      min_price: Number(row.min_price),
      max_price: Number(row.max_price),
      modal_price: Number(row.modal_price),
    }).toMatchObject(shape.row);

    const again = await run(createReadStream(fixture(shape.file)));
    expect(again).toMatchObject({ stored: 0, alreadyStored: good, skipped: shape.bad.length });
    expect(await count()).toBe(good);
  });

  it("counts the records matched to a produce, a district and both, and the names it does not know", async () => {
    // Names no catalogue or gazetteer will ever hold, so the counts stay true as both grow.
    const file = [
      "State,District,Market,Commodity,Variety,Grade,Arrival_Date,Min_Price,Max_Price,Modal_Price",
      "Maharashtra,Nashik,Lasalgaon,Onion,Red,FAQ,02-01-2025,1200,1700,1500",
      "Haryana,Gurgaon,Gurgaon,Wheat,Other,FAQ,02-01-2025,2425,2450,2435",
      "Maharashtra,Nashik,Lasalgaon,Moonfruit,Other,FAQ,02-01-2025,100,200,150",
      "Atlantis,Sunken City,Pier,Onion,Red,FAQ,02-01-2025,1200,1700,1500",
      "Atlantis,Sunken City,Pier,Moonfruit,Red,FAQ,02-01-2025,1200,1700,1500",
      "Atlantis,Sunken City,Pier,Moonfruit,Red,FAQ,02-01-2025,1200,x,1500",
    ].join("\n");
    const report = await run(fromText(file));
    expect(report).toMatchObject({ read: 6, skipped: 1, matchedProduce: 3, matchedDistrict: 3, matchedBoth: 2 });
    expect([...report.unknownCommodities]).toEqual([["Moonfruit", 2]]);
    expect([...report.unknownPlaces]).toEqual([["Sunken City, Atlantis", 2]]);
  });

  it("ignores extra columns, reads a file without Variety and Grade, and refuses a missing column by name", async () => {
    const extra = `StateDistrictMarket,Commodity_Code,state,district,market,commodity,arrival_date,modal_price,min_price,max_price\nx,1,Maharashtra,Nashik,Lasalgaon,Onion,2025-01-02,1500,1200,1700\n`;
    expect(await run(fromText(extra))).toMatchObject({ read: 1, stored: 1, shape: "variety-wise" });
    const row = await t.db.kysely.selectFrom("mandi_rate").selectAll().executeTakeFirstOrThrow();
    expect([row.variety, row.grade, Number(row.modal_price)]).toEqual(["", "", 150000]);

    const noModal = `State,District,Market,Commodity,Variety,Grade,Arrival_Date,Min_Price,Max_Price\nMaharashtra,Nashik,Lasalgaon,Onion,Red,FAQ,02/01/2025,1,2\n`;
    await expect(run(fromText(noModal))).rejects.toThrow(WrongHeadersError);
    await expect(run(fromText(noModal))).rejects.toThrow(
      "no column for the modal price: expected Modal_x0020_Price, Modal_Price or modal_price. Found: State, District",
    );
    const twoDates = `State,District,Market,Commodity,Arrival_Date,arrival_date,Min_Price,Max_Price,Modal_Price,Date\n`;
    await expect(run(fromText(twoDates))).rejects.toThrow("two columns for the arrival date: Arrival_Date and arrival_date");
    const json = JSON.stringify({ records: [{ state: "Maharashtra", district: "Nashik", market: "Lasalgaon", commodity: "Onion" }] });
    await expect(run(fromText(json))).rejects.toThrow(
      "no column for the arrival date: expected Arrival_Date or arrival_date; no column for the min price",
    );
    expect(await count()).toBe(1);
  });

  it("names the shapes that have no district or no price band, and writes nothing of them", async () => {
    await expect(run(createReadStream(fixture("new-portal-report.json")))).rejects.toThrow(
      /AGMARKNET's new-portal report JSON .* no district and no min, max and modal prices/,
    );
    const website = `Sl no.,District Name,Market Name,Commodity,Variety,Grade,Min Price (Rs./Quintal),Max Price (Rs./Quintal),Modal Price (Rs./Quintal),Price Date\n1,Nashik,Lasalgaon,Onion,Red,FAQ,1200,1600,1500,02 Jan 2025\n`;
    await expect(run(fromText(website))).rejects.toThrow(/report downloaded from AGMARKNET's website .* names no state/);
    expect(await count()).toBe(0);
  });

  it("reads the API's JSON a page at a time, with offset and limit as data.gov.in documents them, up to its total", async () => {
    const records = Array.from({ length: 5 }, (_, i) => ({
      state: "Maharashtra",
      district: "Nashik",
      market: "Lasalgaon",
      commodity: "Onion",
      variety: `V${i}`,
      grade: "FAQ",
      arrival_date: "03/12/2024",
      min_price: "2500",
      max_price: "4500",
      modal_price: "4100",
    }));
    const seen: Record<string, string>[] = [];
    const server: Server = createServer((request, response) => {
      const url = new URL(request.url ?? "/", "http://localhost");
      const query = Object.fromEntries(url.searchParams);
      seen.push(query);
      const json = (status: number, body: unknown) =>
        response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
      // As the API does: a key is required, and offset and limit are whole numbers.
      if (url.pathname !== "/resource/9ef84268-d588-465a-a308-a864a43d0070") return json(404, { status: "error", message: "Not found" });
      if (query["api-key"] !== "test-key") return json(403, { status: "error", message: "Key not authorised" });
      if (query.format !== "json" || !/^\d+$/.test(query.offset ?? "") || !/^\d+$/.test(query.limit ?? ""))
        return json(400, { status: "error", message: "Bad query" });
      if (query["filters[state]"] === "Kerala") return json(200, { status: "error", message: "Resource id doesn't exist." });
      const [offset, limit] = [Number(query.offset), Number(query.limit)];
      const page = records.slice(offset, offset + limit);
      json(200, {
        index_name: "9ef84268",
        total: records.length,
        count: page.length,
        limit: String(limit),
        offset: String(offset),
        records: page,
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const base = `http://127.0.0.1:${port}/resource/9ef84268-d588-465a-a308-a864a43d0070?api-key=test-key&format=json`;
      const source = await openImportSource(`${base}&limit=2`, {});
      expect(source.label).not.toContain("test-key");
      const report = await run(source.input);
      expect(report).toMatchObject({ format: "json", shape: "api-json", read: 5, stored: 5 });
      expect(source.records).toBe(5);
      expect(seen.map((query) => [query.offset, query.limit])).toEqual([
        ["0", "2"],
        ["2", "2"],
        ["4", "2"],
      ]);
      // Again: all already stored. Without a limit, pages of DEFAULT_PAGE_SIZE: one page here.
      seen.length = 0;
      expect(await run((await openImportSource(base, {})).input)).toMatchObject({ read: 5, stored: 0, alreadyStored: 5 });
      expect(seen.map((query) => query.limit)).toEqual(["1000"]);
      // The API's error answers: a refusal that says what it answered.
      const refused = await openImportSource(`${base}&filters[state]=Kerala`, {});
      await expect(run(refused.input)).rejects.toThrow(/answered no "records" at offset 0: Resource id doesn't exist/);
      const wrongKey = await openImportSource(base.replace("test-key", "other"), {});
      await expect(run(wrongKey.input)).rejects.toThrow(/answered 403 .* at offset 0/);
      expect(await count()).toBe(5);
    } finally {
      server.close();
    }
  });
});
