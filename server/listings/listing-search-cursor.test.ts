/**
 * The public API's listing pages (decision 032), as the search service gives them: a cursor is
 * where a page ended in a stable order, so new listings never shift a page; "Nearest first" (a
 * `from` district, the filter's district, or a position's nearest district) pages by position; a
 * cursor given for another order is refused. On both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browseQuerySchema } from "../../core/search/search-query";
import { listingFields } from "../../tests/support/listings";
import { testEngines } from "../../tests/support/test-database";
import { createTestServices, type TestServices } from "../../tests/support/test-services";
import { makeProducePhoto, makeSeller } from "../seed/factories";
import { nearestFirstOrigin } from "./listing-cursor";

describe("where nearest first measures from", () => {
  it("takes the `from` district, else the filter's district, only when sorting nearest first", () => {
    expect(nearestFirstOrigin({ sort: "near", from: "maharashtra/pune", state: "bihar", district: "patna" })).toEqual({
      sort: "near",
      from: "maharashtra/pune",
      fromPosition: false,
    });
    expect(nearestFirstOrigin({ sort: "near", from: "", state: "bihar", district: "patna" })).toEqual({
      sort: "near",
      from: "bihar/patna",
      fromPosition: false,
    });
    expect(nearestFirstOrigin({ sort: "price-asc", from: "maharashtra/pune" })).toEqual({
      sort: "price-asc",
      from: "",
      fromPosition: false,
    });
  });

  it("reads nearest first with nowhere to measure from as newest first, as the page does", () => {
    expect(nearestFirstOrigin({ sort: "near", from: "" })).toEqual({ sort: "newest", from: "", fromPosition: false });
    expect(nearestFirstOrigin({ sort: "near", from: "", state: "bihar", district: "" })).toEqual({
      sort: "newest",
      from: "",
      fromPosition: false,
    });
  });

  it("lets a position pick its nearest district and the order, whatever was asked", () => {
    const query = browseQuerySchema.parse({ sort: "price-desc", lat: "19.99", lon: "73.78" });
    expect(nearestFirstOrigin(query)).toEqual({ sort: "near", from: "maharashtra/nashik", fromPosition: true });
  });
});

describe.each(testEngines())("listing pages by cursor, on %s", (engine) => {
  let t: TestServices;
  const prices = [31, 12, 27, 18, 40, 22, 35];

  const page = (query: Record<string, string>, limit: number, cursor?: unknown) =>
    t.search.browseListingsByCursor(browseQuerySchema.parse(query), { limit, cursor });
  async function walk(query: Record<string, string>, limit: number) {
    const names: string[] = [];
    let cursor: unknown;
    for (let pages = 0; pages < 20; pages++) {
      const found = await page(query, limit, cursor);
      if (!found.ok) throw new Error("refused its own cursor");
      names.push(...found.items.map((item) => item.name));
      if (!found.next) return names;
      // As the client sends it back: through JSON.
      cursor = JSON.parse(JSON.stringify(found.next));
    }
    throw new Error("never ended");
  }

  beforeAll(async () => {
    t = await createTestServices({ engine });
    const seller = await t.accounts.signUp({ ...makeSeller(1), phone: "+919876543210" }, new Headers());
    const photo = await makeProducePhoto("vegetables", 1, { width: 400, height: 300 });
    const places = [
      { state: "maharashtra", district: "nashik" },
      { state: "maharashtra", district: "pune" },
      { state: "bihar", district: "patna" },
    ];
    for (const [i, price] of prices.entries()) {
      t.clock.now += 60_000;
      await t.listings.createListing({
        actor: { id: seller.id },
        fields: listingFields({ name: `Onion ${price}`, category: "vegetables", price: String(price), ...places[i % places.length]! }),
        photos: [{ bytes: photo, fileName: "p.jpg" }],
      });
    }
  }, 60_000);

  afterAll(async () => {
    await t.cleanup();
  });

  it("walks every listing once, cheapest first, page after page", async () => {
    const names = await walk({ q: "onion", sort: "price-asc" }, 3);
    expect(names).toEqual([...prices].sort((a, b) => a - b).map((price) => `Onion ${price}`));
  });

  it("keeps a page's place when a listing is added before it in the order", async () => {
    const first = await page({ sort: "newest" }, 3);
    if (!first.ok) throw new Error("refused");
    t.clock.now += 60_000;
    const seller = await t.accounts.signUp({ ...makeSeller(2), phone: "+919876543211" }, new Headers());
    const photo = await makeProducePhoto("vegetables", 2, { width: 400, height: 300 });
    await t.listings.createListing({
      actor: { id: seller.id },
      fields: listingFields({ name: "Late tomato", category: "vegetables", price: "9" }),
      photos: [{ bytes: photo, fileName: "p.jpg" }],
    });
    const second = await page({ sort: "newest" }, 3, JSON.parse(JSON.stringify(first.next)));
    if (!second.ok) throw new Error("refused");
    // Newest first, listed one a minute: the page after the three newest onions is the next three.
    expect(second.items.map((item) => item.name)).toEqual(["Onion 18", "Onion 27", "Onion 12"]);
    expect(second.items.map((item) => item.name)).not.toContain("Late tomato");
  });

  it("walks every listing once when nearest first has nowhere to measure from (it pages newest first)", async () => {
    const names = await walk({ q: "onion", sort: "near" }, 3);
    expect(names).toHaveLength(prices.length);
    expect(new Set(names).size).toBe(prices.length);
  });

  it("refuses a cursor given for another order, or one it did not give", async () => {
    const first = await page({ q: "onion", sort: "price-asc" }, 2);
    if (!first.ok || !first.next) throw new Error("no next page");
    expect(await page({ q: "onion", sort: "price-desc" }, 2, first.next)).toEqual({ ok: false, reason: "invalid-cursor" });
    expect(await page({ q: "onion", sort: "near", from: "maharashtra/nashik" }, 2, first.next)).toEqual({
      ok: false,
      reason: "invalid-cursor",
    });
    expect(await page({ q: "onion", sort: "price-asc" }, 2, null)).toEqual({ ok: false, reason: "invalid-cursor" });
    expect(await page({ q: "onion", sort: "price-asc" }, 2, { s: "price-asc", c: 0, p: 0, i: "\u0000" })).toEqual({
      ok: false,
      reason: "invalid-cursor",
    });
  });

  it("pages nearest first by position from a position's district, and says which district it was", async () => {
    const first = await page({ q: "onion", lat: "19.99", lon: "73.78" }, 3);
    if (!first.ok) throw new Error("refused");
    expect(first.nearestDistrict).toBe("maharashtra/nashik");
    expect(first.next).toEqual({ s: "near", o: 3 });
    expect(first.items.map((item) => item.distanceKm)).toEqual([0, 0, 0]);
    // The next page, asked as the next link asks it: by the district, not the position.
    const second = await page({ q: "onion", sort: "near", from: "maharashtra/nashik" }, 3, first.next);
    if (!second.ok) throw new Error("refused");
    expect(second.nearestDistrict).toBeUndefined();
    expect(second.items.map((item) => `${item.state}/${item.district}`)).toEqual(["maharashtra/pune", "maharashtra/pune", "bihar/patna"]);
    const all = await walk({ q: "onion", sort: "near", from: "maharashtra/nashik" }, 3);
    expect(new Set(all).size).toBe(prices.length);
    // A position cursor means nothing for a keyed order.
    expect(await page({ q: "onion", sort: "newest" }, 3, first.next)).toEqual({ ok: false, reason: "invalid-cursor" });
  });
});
